"""ROOT/next: what a soft reset was for, done by the boot after it (App.first_screen), once.

This module owns the note: its letters, its forms, and their reading back.  A
note is one letter and its arguments (decimal, no sign):

    1        the new-game wizard (kitapi.app.menus.new_game)
    g        the games kept (kitapi.app.menus.new_game)
    vNAME    closed game NAME viewed (App.retry: kitapi.app.games.view)
    eN P     hand N edited, P its packed hand (App.retry: kitapi.app.history.again, as d and r)
    dN       hand N deleted
    rN P     hand N replaced by P (a hand brought back, a damaged hand entered again)
    fN P     hand N's edit P saved (App.save_hand): checked again, and where it ends the game earlier the
             offer to delete the later hands (kitapi.app.mend.again)
    lN K     the hands list at hand N, fixed on flash before its replay found no room: K its word, twice
             its place (0 "Saved", else kitapi.app.history's WORDS), plus 1 if the game was over before
    s        a new game started: its header in ROOT/start, checked and written now (App.start_game)
    m        the box ran short of heap (App.run's MemoryError): said, then the game (kitapi.app.refusal.memory)

``Store.next(op, a, b)`` writes it ("%s%s" % (op, a), then " %d" % b if any;
written whole, then renamed), here and now, with no import: it is written short
of heap (App.retry, after a MemoryError), so the screens that ask for one keep a
copy of its letter (``_EDIT = const("e")  # kitapi.app.nextboot.EDIT``, checked
by tests/device/test_app_wizard.py).  ``read`` checks it and reads it back; the
store imports this module only when there is a note (``Store.note``), so that a
boot without one keeps its heap (the 32 KB boot of tests/device/test_app_memory.py
had no room for it in the store), and lets it go after.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

NEW = const("1")
GAMES = const("g")
VIEW = const("v")
EDIT = const("e")
DELETE = const("d")
REPLACE = const("r")
FIX = const("f")
LIST = const("l")
START = const("s")
MEMORY = const("m")
_DIGITS = const("0123456789")


def read(store, text, game_number):
    """Note ``text`` (ROOT/next as ``Store.note`` read it) checked, then removed before it is acted on:
    (letter, hand number or game name, packed hand or -1); one not of its forms is set aside, and one that
    cannot be removed is not acted on (it would be again and again): ("", "", -1).  Whether hand N is there
    is for the game to say (kitapi.app.history.again).  ``game_number``: kitapi.app.store's, passed (no import of
    the store here: no import loop)."""
    from kitapi import forget

    forget("kitapi.app.nextboot")  # let go (its functions live on while they run): a retry's boot is short of heap
    op = text[:1]
    p = text[1:].split(" ")
    hand = op in (DELETE, EDIT, REPLACE, FIX, LIST)
    if (
        text in (NEW, GAMES, START, MEMORY)
        or (op == VIEW and game_number(text[1:]) >= 0)
        or (
            hand
            and len(p) == (1 if op == DELETE else 2)
            and 0 < len(p[0]) < 6
            and not p[0].strip(_DIGITS)
            and int(p[0]) > 0
            and (op == DELETE or (0 < len(p[1]) < 10 and not p[1].strip(_DIGITS) and int(p[1]) < 1 << 29))
        )
    ):
        try:
            store.fs.remove(store.root + "/next")
        except OSError:
            return "", "", -1
        if hand:
            return op, int(p[0]), -1 if op == DELETE else int(p[1])
        return op, text[1:], -1
    store.aside("next")
    return "", "", -1
