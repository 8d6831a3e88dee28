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
# kitapi.devlog's _CRC_TABLE (a const there: no name of that module; tests/device/test_onepass.py checks the copy),
# read in place from flash
_T = const(
    b"\x00\x00\x10\x21\x20\x42\x30\x63\x40\x84\x50\xa5\x60\xc6\x70\xe7\x81\x08\x91\x29\xa1\x4a\xb1\x6b\xc1\x8c\xd1\xad\xe1\xce\xf1\xef"
    b"\x12\x31\x02\x10\x32\x73\x22\x52\x52\xb5\x42\x94\x72\xf7\x62\xd6\x93\x39\x83\x18\xb3\x7b\xa3\x5a\xd3\xbd\xc3\x9c\xf3\xff\xe3\xde"
    b"\x24\x62\x34\x43\x04\x20\x14\x01\x64\xe6\x74\xc7\x44\xa4\x54\x85\xa5\x6a\xb5\x4b\x85\x28\x95\x09\xe5\xee\xf5\xcf\xc5\xac\xd5\x8d"
    b"\x36\x53\x26\x72\x16\x11\x06\x30\x76\xd7\x66\xf6\x56\x95\x46\xb4\xb7\x5b\xa7\x7a\x97\x19\x87\x38\xf7\xdf\xe7\xfe\xd7\x9d\xc7\xbc"
    b"\x48\xc4\x58\xe5\x68\x86\x78\xa7\x08\x40\x18\x61\x28\x02\x38\x23\xc9\xcc\xd9\xed\xe9\x8e\xf9\xaf\x89\x48\x99\x69\xa9\x0a\xb9\x2b"
    b"\x5a\xf5\x4a\xd4\x7a\xb7\x6a\x96\x1a\x71\x0a\x50\x3a\x33\x2a\x12\xdb\xfd\xcb\xdc\xfb\xbf\xeb\x9e\x9b\x79\x8b\x58\xbb\x3b\xab\x1a"
    b"\x6c\xa6\x7c\x87\x4c\xe4\x5c\xc5\x2c\x22\x3c\x03\x0c\x60\x1c\x41\xed\xae\xfd\x8f\xcd\xec\xdd\xcd\xad\x2a\xbd\x0b\x8d\x68\x9d\x49"
    b"\x7e\x97\x6e\xb6\x5e\xd5\x4e\xf4\x3e\x13\x2e\x32\x1e\x51\x0e\x70\xff\x9f\xef\xbe\xdf\xdd\xcf\xfc\xbf\x1b\xaf\x3a\x9f\x59\x8f\x78"
    b"\x91\x88\x81\xa9\xb1\xca\xa1\xeb\xd1\x0c\xc1\x2d\xf1\x4e\xe1\x6f\x10\x80\x00\xa1\x30\xc2\x20\xe3\x50\x04\x40\x25\x70\x46\x60\x67"
    b"\x83\xb9\x93\x98\xa3\xfb\xb3\xda\xc3\x3d\xd3\x1c\xe3\x7f\xf3\x5e\x02\xb1\x12\x90\x22\xf3\x32\xd2\x42\x35\x52\x14\x62\x77\x72\x56"
    b"\xb5\xea\xa5\xcb\x95\xa8\x85\x89\xf5\x6e\xe5\x4f\xd5\x2c\xc5\x0d\x34\xe2\x24\xc3\x14\xa0\x04\x81\x74\x66\x64\x47\x54\x24\x44\x05"
    b"\xa7\xdb\xb7\xfa\x87\x99\x97\xb8\xe7\x5f\xf7\x7e\xc7\x1d\xd7\x3c\x26\xd3\x36\xf2\x06\x91\x16\xb0\x66\x57\x76\x76\x46\x15\x56\x34"
    b"\xd9\x4c\xc9\x6d\xf9\x0e\xe9\x2f\x99\xc8\x89\xe9\xb9\x8a\xa9\xab\x58\x44\x48\x65\x78\x06\x68\x27\x18\xc0\x08\xe1\x38\x82\x28\xa3"
    b"\xcb\x7d\xdb\x5c\xeb\x3f\xfb\x1e\x8b\xf9\x9b\xd8\xab\xbb\xbb\x9a\x4a\x75\x5a\x54\x6a\x37\x7a\x16\x0a\xf1\x1a\xd0\x2a\xb3\x3a\x92"
    b"\xfd\x2e\xed\x0f\xdd\x6c\xcd\x4d\xbd\xaa\xad\x8b\x9d\xe8\x8d\xc9\x7c\x26\x6c\x07\x5c\x64\x4c\x45\x3c\xa2\x2c\x83\x1c\xe0\x0c\xc1"
    b"\xef\x1f\xff\x3e\xcf\x5d\xdf\x7c\xaf\x9b\xbf\xba\x8f\xd9\x9f\xf8\x6e\x17\x7e\x36\x4e\x55\x5e\x74\x2e\x93\x3e\xb2\x0e\xd1\x1e\xf0"
)


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
        t = _T  # each record's CRC-16 worked out here, as kitapi.devlog.crc16 does, its loop unrolled (a call and
        t = [t[j] << 8 | t[j + 1] for j in range(0, 512, 2)]  # a loop cost some 60 us a hand on the rig), from a
        # table of ints (1 KB, while the log is read: two lookups and a shift less a byte, some 40 us a hand)
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
