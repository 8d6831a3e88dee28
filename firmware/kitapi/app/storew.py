"""The store's (kitapi.app.store.Store) work that no boot's first frame does and most sessions never do: a new
game's log and header (``new_game``, ``start``), the names remembered, and a hand a power cut left in the journal
(``journal``).
Each a function of the store, which its ``Store`` method of the same name imports: kitapi.app.store, which every
boot imports before its first frame, was imported sooner without them on the pico-rig (README, "A fourth
round").  (The warm-up and the checkpoint, which every session writes after its first frame, stay in the store:
with them here every session imported this module, and a typed game at 64 KB had some 900 bytes less at its
lowest, kitapi bench --part device; so does a correction's replay, ``check_fix``, whose import kept this module in
the heap of an edit, tests/device/test_app_edit.py.)
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_MAX_NAMES = const(20)  # kitapi.app.store's
_DIGITS = const("0123456789")
_JOURNAL = const("/journal/hand")  # kitapi.app.store's


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


def journal(store, b, game_number):
    """ROOT/journal/hand's bytes ``b`` as a cut left them (Store() reads it; not empty: Store.add_hand wrote a hand
    there): its record appended to its log if the log is the length it names; nothing if the log has that record
    there (records after it too: a cut before the journal was emptied); the journal then removed.  Not of its form,
    or its log neither: set aside (``Store.aside``), the log as it is.  (``game_number``: kitapi.app.store's, passed:
    no import loop.)"""
    ok = False
    try:
        if len(b) > 10 and b[-1] == 10:
            from kitapi.devlog import crc16

            n, _, name = b[8:-1].decode().partition(" ")
            if (
                0 < len(n) < 8
                and not n.strip(_DIGITS)
                and game_number(name) >= 0
                and crc16(b, 0, 6) == b[6] << 8 | b[7]
            ):
                n = int(n)
                log = store.dir + "/" + name
                with store._open(log, "rb") as f:
                    have = f.seek(0, 2)
                    if have >= n + 8:
                        f.seek(n)
                        ok = f.read(8) == b[:8]
                if have == n:
                    with store._open(log, "ab") as f:
                        f.write(b[:8])
                    ok = True
    except (OSError, ValueError):  # (UnicodeError)
        pass
    if ok:
        store.fs.remove(store.root + _JOURNAL)
    else:
        store.aside("journal/hand")
        store.bad = "journal"  # (said on the screen by its folder's name: "journal/hand" was cut on every box)
