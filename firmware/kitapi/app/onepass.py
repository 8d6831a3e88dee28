"""A long log with no checkpoint, read in one pass when it holds nothing but hands (``Store.load``).

kitapi.replay reads a log twice: every record framed and the corrections noted first, then the hands scored,
each one checked as it is read and again as it is scored (1.5 ms a hand on the pico-rig: 1.5 s of a
1,000-hand game's boot).  A log of hands alone, in order, each whole, needs neither the first reading nor the
second check: one pass that looks at each record's kind (the top 3 bits of its first byte, 0 for a hand: a
correction, an end or damage sends the log to kitapi.replay), checks its CRC and number and scores its hand
(``Game.apply`` checks it); the hands scored before such a record are work lost, the log read again whole (a
first look at every record's kind cost every boot some 10-30 ms on the pico-rig).  At anything else (a CRC
that fails, a hand out of turn, one the rules refuse) ``read`` gives None and the store replays the whole log,
which says what it is: the log stays the truth, this only skips work.  Imported for a log longer than
``Store.load``'s ``_ONE_PASS`` bytes only, and lets itself go after it.
"""

from kitapi.devlog import DevLogReader
from kitapi.game import new_game

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_CHUNK = const(256)  # bytes read at a time: whole records
# kitapi.devlog's _CRC_TABLE as ints, a byte's entry each (a const: no name of the module; built from the bytes
# at each boot it cost 3 ms on the rig; tests/device/test_onepass.py checks the copy)
# fmt: off
_T = const((
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7, 0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD,
    0xE1CE, 0xF1EF, 0x1231, 0x0210, 0x3273, 0x2252, 0x52B5, 0x4294, 0x72F7, 0x62D6, 0x9339, 0x8318, 0xB37B, 0xA35A,
    0xD3BD, 0xC39C, 0xF3FF, 0xE3DE, 0x2462, 0x3443, 0x0420, 0x1401, 0x64E6, 0x74C7, 0x44A4, 0x5485, 0xA56A, 0xB54B,
    0x8528, 0x9509, 0xE5EE, 0xF5CF, 0xC5AC, 0xD58D, 0x3653, 0x2672, 0x1611, 0x0630, 0x76D7, 0x66F6, 0x5695, 0x46B4,
    0xB75B, 0xA77A, 0x9719, 0x8738, 0xF7DF, 0xE7FE, 0xD79D, 0xC7BC, 0x48C4, 0x58E5, 0x6886, 0x78A7, 0x0840, 0x1861,
    0x2802, 0x3823, 0xC9CC, 0xD9ED, 0xE98E, 0xF9AF, 0x8948, 0x9969, 0xA90A, 0xB92B, 0x5AF5, 0x4AD4, 0x7AB7, 0x6A96,
    0x1A71, 0x0A50, 0x3A33, 0x2A12, 0xDBFD, 0xCBDC, 0xFBBF, 0xEB9E, 0x9B79, 0x8B58, 0xBB3B, 0xAB1A, 0x6CA6, 0x7C87,
    0x4CE4, 0x5CC5, 0x2C22, 0x3C03, 0x0C60, 0x1C41, 0xEDAE, 0xFD8F, 0xCDEC, 0xDDCD, 0xAD2A, 0xBD0B, 0x8D68, 0x9D49,
    0x7E97, 0x6EB6, 0x5ED5, 0x4EF4, 0x3E13, 0x2E32, 0x1E51, 0x0E70, 0xFF9F, 0xEFBE, 0xDFDD, 0xCFFC, 0xBF1B, 0xAF3A,
    0x9F59, 0x8F78, 0x9188, 0x81A9, 0xB1CA, 0xA1EB, 0xD10C, 0xC12D, 0xF14E, 0xE16F, 0x1080, 0x00A1, 0x30C2, 0x20E3,
    0x5004, 0x4025, 0x7046, 0x6067, 0x83B9, 0x9398, 0xA3FB, 0xB3DA, 0xC33D, 0xD31C, 0xE37F, 0xF35E, 0x02B1, 0x1290,
    0x22F3, 0x32D2, 0x4235, 0x5214, 0x6277, 0x7256, 0xB5EA, 0xA5CB, 0x95A8, 0x8589, 0xF56E, 0xE54F, 0xD52C, 0xC50D,
    0x34E2, 0x24C3, 0x14A0, 0x0481, 0x7466, 0x6447, 0x5424, 0x4405, 0xA7DB, 0xB7FA, 0x8799, 0x97B8, 0xE75F, 0xF77E,
    0xC71D, 0xD73C, 0x26D3, 0x36F2, 0x0691, 0x16B0, 0x6657, 0x7676, 0x4615, 0x5634, 0xD94C, 0xC96D, 0xF90E, 0xE92F,
    0x99C8, 0x89E9, 0xB98A, 0xA9AB, 0x5844, 0x4865, 0x7806, 0x6827, 0x18C0, 0x08E1, 0x3882, 0x28A3, 0xCB7D, 0xDB5C,
    0xEB3F, 0xFB1E, 0x8BF9, 0x9BD8, 0xABBB, 0xBB9A, 0x4A75, 0x5A54, 0x6A37, 0x7A16, 0x0AF1, 0x1AD0, 0x2AB3, 0x3A92,
    0xFD2E, 0xED0F, 0xDD6C, 0xCD4D, 0xBDAA, 0xAD8B, 0x9DE8, 0x8DC9, 0x7C26, 0x6C07, 0x5C64, 0x4C45, 0x3CA2, 0x2C83,
    0x1CE0, 0x0CC1, 0xEF1F, 0xFF3E, 0xCF5D, 0xDF7C, 0xAF9B, 0xBFBA, 0x8FD9, 0x9FF8, 0x6E17, 0x7E36, 0x4E55, 0x5E74,
    0x2E93, 0x3EB2, 0x0ED1, 0x1EF0,
))
# fmt: on


def read(f):
    """The game in the log open as ``f``, its reader and the hands replayed (as kitapi.app.ckpt.read gives them),
    or None: then the whole log is to be replayed.  The module lets itself go after it (``close``)."""
    try:
        r = DevLogReader(f)  # type: Any
        g = new_game(r.header())
        start = r.start
        end = r.end  # (whole records; unwritten space after them is no damage, a torn last record is)
        if r.size != end and not r.blank:
            return None
        b = bytearray(_CHUNK)
        mv = memoryview(b)
        h = g.hand
        unpack = g.unpack  # (bound once: an attribute looked up costs some 10 us a time on the rig)
        apply = g.apply
        t = _T  # each record's CRC-16 worked out here, as kitapi.devlog.crc16 does, its loop unrolled (a call and a
        # loop cost some 60 us a hand on the rig), from a table of ints (two lookups and a shift less a byte than
        # devlog's bytes, some 40 us a hand)
        f.seek(start)  # (one reading: a record that is not a hand stops it, and the whole replay does the log)
        pos = start
        k = 0
        while pos < end:
            n = f.readinto(mv[: min(end - pos, _CHUNK)])
            if not n or n & 7:
                return None
            pos += n
            for i in range(0, n, 8):
                if b[i] >> 5:  # not a hand (OP_HAND is 0)
                    return None
                k += 1
                c = 0xFF00 ^ t[0xFF ^ b[i]]
                c = (c & 0xFF) << 8 ^ t[c >> 8 ^ b[i + 1]]
                c = (c & 0xFF) << 8 ^ t[c >> 8 ^ b[i + 2]]
                c = (c & 0xFF) << 8 ^ t[c >> 8 ^ b[i + 3]]
                c = (c & 0xFF) << 8 ^ t[c >> 8 ^ b[i + 4]]
                c = (c & 0xFF) << 8 ^ t[c >> 8 ^ b[i + 5]]
                if c != b[i + 6] << 8 | b[i + 7] or b[i + 1] << 8 | b[i + 2] != k & 0xFFFF:
                    return None
                unpack(b[i] << 24 | b[i + 3] << 16 | b[i + 4] << 8 | b[i + 5], h)
                apply(h)
        r.seq = r.last = k
        return g, r, k
    except Exception:  # noqa: BLE001 - any doubt (a rule broken, no heap): the whole log
        return None
    finally:
        close()


def close():
    """Let this module go (MicroPython), as kitapi.app.ckpt.close does."""
    import sys

    if sys.implementation.name == "micropython":
        from kitapi import forget

        forget("kitapi.app.onepass")
