"""The store's (kitapi.app.store.Store) work that no boot's first frame does: a new game's log and header
(``new_game``, ``start``), the names remembered, the warm-up and the checkpoint written after the
first frame (``warm``, ``dump``), a correction's replay (``check_fix``).  Each a function of the store, which
its ``Store`` method of the same name imports: kitapi.app.store, which every boot imports before its first
frame, was imported some 2 ms sooner without them on the pico-rig (README, "A fourth round").
"""

try:
    from ubinascii import crc32
except ImportError:  # CPython
    from binascii import crc32

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_MAX_NAMES = const(20)  # kitapi.app.store's
_DIGITS = const("0123456789")


def new_game(store, header):
    """Write a new game's log (its header) and make it the current game.

    ``current`` names it first; the header goes in whole as ``NAME.tmp``,
    then is renamed: a cut at any step leaves either no log (and ``current``
    naming a missing file: no game) or the game, current (``Store()`` at the next start).
    """
    last = 0
    fs = store.fs
    for n in store.names_in():
        k = n.find(".")
        if 0 < k < 9 and not n[:k].strip(_DIGITS):  # evidence and leftovers keep their number taken too
            last = max(last, int(n[:k]))
    name = "%04d.kitapi" % (last + 1)
    path = store.dir + "/" + name
    ck = store.root + "/" + "ckpt"
    if store._exists(ck):  # the last game's checkpoint: no use now
        fs.remove(ck)
    store.set_current(name)
    with store._open(path + ".tmp", "wb") as f:
        from kitapi.devlogw import header_bytes

        f.write(header_bytes(header))
    store.fs.rename(path + ".tmp", path)
    return name


def start(store, header=None):
    """A new game's header kept for the boot after a soft reset (App.start_game: checked and written on a
    fresh heap): ``header`` put in ROOT/start (JSON, a piece at a time: the heap the new-game wizard left
    holds no big one; written whole, then renamed); without it, the header read back and the file removed
    (OSError if there is none, ValueError if it is not the JSON written)."""
    import json

    path = store.root + "/start"
    if header is None:
        with store._open(path) as f:
            header = json.load(f)
        store.fs.remove(path)
        return header
    with store._open(path + ".tmp", "w") as f:
        json.dump(header, f)
    store.fs.rename(path + ".tmp", path)
    return header


def remember(store, players):
    """Put the names of a new game first in the names used before."""
    names = list(players)
    for n in store.names():
        if n not in names and len(names) < _MAX_NAMES:
            names.append(n)
    store._write("names", "\n".join(names) + "\n")


def warm(store, modules):
    """Once after a boot, once its first frame is out (App.run): ``modules`` (the open game's hand wizard,
    which the first hand imports anyway: 39 ms on the pico-rig) and the writing and replaying modules
    imported (not before the first frame: see the imports at the top), and littlefs's allocator.

    littlefs fills its block allocator's lookahead on the first block allocated after a mount, walking
    the whole file system, and the first hand saved after a boot paid for it (its append 40 ms on the
    pico-rig instead of 12; a 1,000-hand game).  A block's worth written to ROOT/warm (more than
    littlefs keeps inline in its directory) and removed: one block programmed and erased a boot.  An
    error is ignored (the first save pays); short of heap, the rest is left to the first hand (a soft
    reset here, with no key between, reset a kasa game's "Out of memory" boot for ever at 51 KB)."""
    try:
        for m in modules:
            __import__(m)
        import kitapi.devlogw  # noqa: F401  (what the first save and the first edit import: here, while
        import kitapi.replay  # noqa: F401  the player looks)
    except MemoryError:
        return

    path = store.root + "/warm"
    try:
        with store._open(path, "wb") as f:
            for _ in range(128):  # 1 KB from the record buffer: no heap
                f.write(store.buf)
        store.fs.remove(path)
    except OSError:
        pass


def dump(store, g):
    """Write the checkpoint of the current game ``g`` as the store has it now (kitapi.app.ckpt has its
    form); nothing for a game with damage; an error is ignored (the next boot replays more)."""
    store.due = False
    if store.damage is not None or store.log is None:
        return
    path = store.root + "/" + "ckpt"
    try:
        log = store.dir + "/" + store.name
        size = store.fs.stat(log)[6]
        s = 0
        with store._open(log, "rb") as f:  # crc32 of the log, as ckpt.sum
            mv = memoryview(bytearray(256))
            left = size
            while left > 0:
                got = f.readinto(mv[: min(left, 256)])
                if not got:
                    return
                s = crc32(mv[:got], s)
                left -= got
        out = ["%s %d %d %d %d %d %d %d" % (store.name, size, s, store.seq, store.last, g.hands, g.over, g.last_dealer)]
        for a in g.state:
            x = getattr(g, a)
            for y in x if type(x) is list else (x,):
                out.append(" %d" % y)
        line = "".join(out)
        del out
        with store._open(path + ".tmp", "w") as f:
            f.write("%s %d\n" % (line, crc32(line.encode())))
        store.fs.rename(path + ".tmp", path)
    except (OSError, MemoryError):  # (a full flash, no heap)
        pass


def check_fix(store, fix, stop=0):
    """Replay the current game as if correction ``fix`` were in it (RuleError if it breaks a rule);
    with ``stop``, up to that hand: the game as it stood before it."""
    from kitapi.replay import replay

    with store.open(store.name) as f:
        g, r = replay(f, fix, stop)
    d = r.damage
    if fix is not None and d is not None and (store.damage is None or d[4] > store.damage[4]):
        # a later hand the fix makes no hand of these rules (its record, a rule that depends on the hands
        # before it: Leningrad's 8 after an all-pass) reads as damage there: refused, nothing written
        from kitapi.game import RuleError

        g = r = None  # (let go: the refusal's words need the room, and a raise keeps this frame)
        e = RuleError(d[0])  # (48: "not a hand of these rules")
        e.hand = d[5]  # type: ignore[attr-defined]  # (an instance's alone, as kitapi.replay sets it)
        raise e
    return g
