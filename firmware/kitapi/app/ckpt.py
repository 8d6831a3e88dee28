"""A checkpoint of the current game's standings, so that a boot replays only the hands after it.

ROOT/ckpt is one line: the game's file name, then decimal numbers:

    NAME SIZE SUM SEQ LAST HANDS OVER DEALER V1 ... Vn CRC

SIZE bytes of the log are behind it, SUM is their ``binascii.crc32``, SEQ the
hand numbers they hold, LAST the last hand scored (``Store.seq``, ``.last``);
HANDS, OVER, DEALER the game's ``hands``, ``over``, ``last_dealer``; V1...Vn the
fields its system names in ``state`` (as ``Game.preview`` saves them, a list
entry by entry); CRC the ``crc32`` of the line before it.

The log stays the truth.  ``read`` uses the checkpoint only if its own CRC
holds, it names the game, and the log's first SIZE bytes still have that SUM
(a CRC in C: a 10,000-hand log is 80 KB); then it replays the records after
SIZE, and gives up (the store replays the whole log, as without a checkpoint)
at anything out of the ordinary there: a damaged or torn record, a correction
of a hand before the checkpoint, a rule broken.  So a damaged, stale or
missing checkpoint costs only time.

``Store.dump`` writes it (``ckpt.tmp``, closed, then renamed over
``ckpt``: a power cut at any step leaves the old one or the new one, and
``Store()`` finishes or removes a leftover ``ckpt.tmp``) after every 16th hand
(the app's loop, once the hand's wizard is let go) and after a load that
replayed 16 hands or more, never for a game with damage: the hand is on flash
before, so a checkpoint never costs a hand, and an error writing it is ignored.
This module is imported by ``Store.load`` only, and lets itself go after it.
"""

try:
    from ubinascii import crc32  # the built-in at once (docs/firmware.md, "Imports")
except ImportError:  # CPython
    from binascii import crc32

from kitapi.game import OP_DELETE, OP_END, OP_HAND

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_EVERY = const(16)  # hands between checkpoints (kitapi.app.store and main say 16 too): a boot replays fewer
_CHUNK = const(256)
_CKPT = const(2048)  # the longest checkpoint read (a 4-player game's is some 300 bytes)


def sum(f, n):  # (a name the firmware interns anyway: no heap for it; Store.dump has its own)
    """crc32 of the first ``n`` bytes of file ``f``; -1 if it is shorter."""
    f.seek(0)
    buf = bytearray(_CHUNK)
    mv = memoryview(buf)
    c = 0
    while n > 0:
        got = f.readinto(mv[: min(n, _CHUNK)])
        if not got:
            return -1
        c = crc32(mv[:got], c)
        n -= got
    return c


def restore(g, c):  # (names the firmware interns anyway: no new one)
    """The game ``g``'s figures from the checkpoint's numbers ``c`` (SIZE first); False if they do not fit."""
    v = c
    g.hands = v[4]
    g.over = v[5] == 1
    g.last_dealer = v[6]
    k = 7
    for a in g.state:
        x = getattr(g, a)
        if type(x) is list:
            for i in range(len(x)):
                x[i] = v[k]
                k += 1
        else:
            setattr(g, a, v[k] == 1 if type(x) is bool else v[k])
            k += 1
    return k == len(v)


def read(c, name, f):
    """The game ``name`` (its log open as ``f``) from the checkpoint (ROOT/ckpt open as ``c``: Store.load
    opens both) and the hands after it: (game, reader, the hands replayed), game and reader as
    ``kitapi.replay.replay`` gives them; or None: then the whole log is to be replayed."""
    try:
        line = c.read(_CKPT).decode()  # (as bytes, at most _CKPT: a damaged one costs no more heap)
        end = line.rfind(" ")
        p = line.split()
        if p[0] != name or line[-1] != "\n" or int(p[-1]) != crc32(line[:end].encode()):
            return None
        v = [int(x) for x in p[1:-1]]
        size = v[0]
        if sum(f, size) != v[1]:
            return None
        from kitapi.devlog import DevLogReader
        from kitapi.game import new_game

        f.seek(0)
        r = DevLogReader(f)  # type: Any
        g = new_game(r.header())
        if size < r.start or size > r.end or (size - r.start) & 7 or not restore(g, v):
            return None
        base = v[2]
        # the records after it, as kitapi.replay.replay reads a log: first framed, the corrections noted
        start = (size, 0, base, 0, 0, 0, 0)
        r.reset(start)
        fixes = {}
        hands = base
        ended = False
        while True:
            op = r.record(g, False)
            if op < 0:
                break
            if ended:
                return None
            if op == OP_HAND:
                hands += 1
            elif op == OP_END:
                ended = True
            elif op == OP_DELETE or op == 1:  # (OP_REPLACE) a correction: of a hand after the checkpoint only
                if r.target <= base or r.target > hands:
                    return None
                fixes[r.target] = r.mark_record()
            else:  # a damaged hand
                return None
        if r.damage:
            return None
        r.reset(start)
        k = base
        last = v[3]
        while True:
            op = r.record(g)
            if op < 0:
                break
            if op == 4:  # (kitapi.devlog.OP_LOST) a hand the rules cannot read: damage, the whole log replayed
                return None
            if op != OP_HAND:
                continue
            k += 1
            m = fixes.get(k)
            if m is not None:
                back = r.mark()
                r.reset(m)
                op = r.record(g)
                r.reset(back)
            if op != OP_DELETE:
                g.apply(g.hand)
                last = k
        if ended:
            g.close()
        r.last = last
        return g, r, k - base
    except Exception:  # noqa: BLE001 - any doubt (no file, a bad number, a rule broken): the whole log
        return None


def close():
    """Let this module go (MicroPython): its heap is the game's, at the start of a game the heap's peak."""
    import sys

    if sys.implementation.name == "micropython":
        from kitapi import forget

        forget("kitapi.app.ckpt")
