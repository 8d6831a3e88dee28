"""A real box over USB: ``link`` (the serial protocol), ``sync`` (its logs to the archive),
``deploy`` (the firmware), ``drive`` (the box as a USB drive)."""
