"""A long log with no checkpoint, read in one pass when it holds nothing but hands (``Store.load``).

kitapi.replay reads a log twice: every record framed and the corrections noted first, then the hands scored,
each one checked as it is read and again as it is scored (1.5 ms a hand on the pico-rig: 1.5 s of a
1,000-hand game's boot).  A log of hands alone, in order, each whole, needs neither the first reading nor the
second check: a look at the kind of every record first (the top 3 bits of its first byte, 0 for a hand: a
correction, an end or damage sends the log to kitapi.replay), then one pass that checks each record's CRC and
number and scores its hand (``Game.apply`` checks it).  At anything else (a CRC that fails, a hand out of turn,
one the rules refuse) ``read`` gives None and the store replays the whole log, which says what it is: the log
stays the truth, this only skips work.  Imported for a log longer than ``Store.load``'s ``_ONE_PASS`` bytes
only, and lets itself go after it.
"""

from kitapi.devlog import DevLogReader, crc16
from kitapi.game import new_game

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_CHUNK = const(256)  # bytes read at a time: whole records


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
        for scoring in (0, 1):  # a look at every record's kind, then the hands scored
            f.seek(start)
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
                    if scoring:
                        k += 1
                        if crc16(b, i, i + 6) != b[i + 6] << 8 | b[i + 7] or b[i + 1] << 8 | b[i + 2] != k & 0xFFFF:
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
