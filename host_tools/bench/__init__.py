"""``kitapi bench``: figures of the core (``core``), the device in the simulator (``device``), the sync (``sync``)."""
