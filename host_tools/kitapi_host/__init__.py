"""Kitapi's PC tools (the ``kitapi`` command), imported as kitapi_host: ``kitapi`` names the core, firmware/kitapi.

The rooms, one folder each:

- ``cli.py``: the command's table of subcommands;
- ``logs/``: checked game logs: read, replay, convert (and ``gen``, made-up games for tests and benches);
- ``archive/``: the games kept on the PC (SQLite): storage, hand lists and statistics;
- ``sheets/``: score sheets (CSV, HTML, PDF): a small toolkit and one module per family of systems;
- ``device/``: a real box over USB: ``link`` (the serial protocol), ``sync``, ``deploy``, ``drive``;
- ``sim/``: the firmware in the simulator, the simulated box on a pty, the typist that keys in a log;
- ``bench/``: figures of the core, the device and the sync;
- ``mpy.py``: MicroPython's unix port, mpy-cross and ROMFS images, used by ``sim``, ``device`` and ``bench``.
"""

import binascii

from kitapi import devlog


def _crc16(buf: bytes | bytearray | memoryview, start: int, end: int) -> int:
    """``kitapi.devlog.crc16`` in C: CPython's binascii.crc_hqx is the same CRC-16/CCITT-FALSE."""
    return binascii.crc_hqx(memoryview(buf)[start:end], 0xFFFF)


# The PC reads a box's log with the core's reader, a record of 8 bytes at a time: its CRC in C makes a damaged log
# of megabytes 2.3 times quicker to archive.  The box keeps the core's table (MicroPython has no crc_hqx, and a name
# more in kitapi.devlog costs its 64 KB heap); tests/core/test_devlog.py checks that both give the same CRC.
_TABLE_CRC16 = devlog.crc16
devlog.crc16 = _crc16
