"""A correction that ends the game earlier (kitapi.app.main.App.save_hand, an edit from the hands list): the
refusal (``say``) says where the game now ends and which later hands stand in the way, and D deletes them and saves the
correction.  Imported only when such a correction is refused, or an edit is saved after a soft reset (``again``):
its code and names stay out of the heap the rest of the time (the hands list's legend at 64 KB has no room to
spare)."""

from kitapi.devlog import OP_LOST, DevLogReader
from kitapi.game import OP_DELETE, OP_HAND

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_T_SAVED = const(27)
_MEMORY = const("m")  # kitapi.app.nextboot.MEMORY
_EDIT = const("e")  # kitapi.app.nextboot.EDIT
_LIST = const("l")  # kitapi.app.nextboot.LIST
_MEND = const("k")  # kitapi.app.nextboot.MEND


def say(app, number, payload, e, then):
    """Correction ``payload`` of hand ``number`` refused because the game now ends before hand ``e.hand``
    (RuleError 10, kitapi.replay): the refusal screen, which says where the game now ends and which later
    hands stand in the way, and offers D: delete them (correction records, restorable as any deletion; the
    last first, so that a power cut between two leaves a game that replays) and save the correction; any
    other key goes on to ``then`` (the edit's wizard; None: the home screen, an edit saved after App.retry,
    ``again``).  None where the refusal is some other one.  Its names are few: at 64 KB a
    correction's refusal in a game typed since the boot is a few names from a new qstr pool (7 KB in one
    piece, which a heap in pieces does not have: tests/device/test_app_mend.py)."""
    from kitapi import forget
    from kitapi.app.refusal import say as refused
    from kitapi.app.refusal import words

    k = getattr(e, "hand", 0)  # (set by kitapi.replay.replay as it scores the hands)
    if not (e.args and e.args[0] == 10 and number < k):
        return None
    store = app.store
    gone = bytearray(store.seq + 1)  # 1: deleted (its last record a deletion)
    with store.open(store.name) as f:
        r = DevLogReader(f)
        r.header()
        while True:
            op = r.record(None)
            if op < 0:
                break
            if op == OP_HAND or op == OP_LOST:
                gone[r.seq] = 0
            elif op <= OP_DELETE:
                gone[r.target] = op == OP_DELETE
    del r, f
    later = [j for j in range(k, store.seq + 1) if not gone[j]]
    end = k - 1
    while end > 1 and gone[end]:
        end -= 1
    del gone
    if not later:
        return None
    # the hands by str and "-": no format of its own (each short literal is a name interned)
    n = str(later[0]) if len(later) == 1 else str(later[0]) + "-" + str(later[-1])
    if len(later) > 1 and later[-1] - later[0] + 1 != len(later):
        n = ", ".join([str(j) for j in later])
    s = refused(app, 0, words(app)[6] % (end, n), then or app)  # 0: kitapi.app.refusal.SAVE; 6: its WORDS'
    s.then = then  # new end.  (None: the home screen, made by a key but D: not beside the words, the game let go)
    s.action = lambda: mend(app, number, payload, later, s)
    s.note = [_MEMORY, "", -1]  # (made here, where there is heap: ``_note``)
    forget("kitapi.app.mend")  # (its functions live on while the screen does)
    return s


def mend(app, number, payload, hands, s):
    """Delete ``hands`` (the last first), then save correction ``payload`` of hand ``number``; the list at it,
    "Saved" (and the game's end).  A power cut between two records leaves the hands deleted so far, each
    restorable, and the correction unsaved: the game replays, and the edit can be made again.  ``s``: the
    refusal screen, whose next screen (the edit's wizard and its game, or the home screen and the game) is
    let go before the replay.  Short of heap at any point: App.run's soft reset, and its boot does what is left
    (its ``note`` ``k``: D again from the log, each hand deleted once; after the correction, ``l``: the list)."""
    store = app.store
    app.g = None
    s.then = s.back = s.message = None  # (never drawn again: room for the note of a soft reset)
    try:
        for j in reversed(hands):
            store.delete_hand(j)
        store.replace_hand(number, payload)
    except OSError as e:  # (a full flash: what was written stays, each record whole)
        from kitapi.app.refusal import say

        return say(app, 0, e)
    except MemoryError:  # before the correction's record (a record is one write of a buffer made before: whole
        _note(s, _MEND, number, payload)  # or not there): the boot after App.run's soft reset does the rest
        raise
    try:
        from kitapi.app.history import fixed

        return fixed(app, number, app.ui.t[_T_SAVED])
    except MemoryError:  # (the records on flash) the list at it after a soft reset, as kitapi.app.history.fixed's
        _note(s, _LIST, number, app.over)  # replay short of heap: "Saved" (its word 0)
        raise


def _note(s, what, number, p):
    """The note App.run writes for its soft reset instead of "Out of memory" (the offer's ``note``, made with it
    and set in place: a tuple or a new attribute is heap, which there is none of), written once this screen is
    let go: room enough for it (tests/device/test_app_mend.py)."""
    note = s.note
    note[0] = what
    note[1] = number
    note[2] = p


def back(app, number, payload, s):
    """Any key but D on the offer made after App.retry (``again``): the hand's summary, as in the wizard, the
    game opened again and the edit made again (kitapi.app.history.again); short of heap, after App.run's soft
    reset (the note ``e``, as the hands list's edit)."""
    try:
        from kitapi.app.history import again as edit

        return edit(app, _EDIT, number, payload)
    except MemoryError:  # (as ``mend``)
        _note(s, _EDIT, number, payload)
        raise


def again(app, number, payload, op):
    """After App.retry (ROOT/next ``f``: kitapi.app.nextboot.FIX), on a fresh heap: edit ``payload`` of hand
    ``number`` saved again, the game opened, then let go while the corrected log is checked: the hands list at
    it, "Saved"; or refused, and where it ends the game earlier offered as in the wizard (``say``), any key but
    D going back to the hand's summary (``back``).  ``op`` ``k`` (kitapi.app.nextboot.MEND): D was pressed, and
    is done here.  (Here, not in kitapi.app.history, which this module imports: its list after D.)"""
    import gc

    from kitapi import forget
    from kitapi.game import RuleError

    forget("kitapi.app.mend")  # (its functions live on while they run, and while the offer is shown)
    store = app.store
    name = store.current()
    screen = app.open_game(name) if name else app.start_menu()
    if app.g is None or store.log is None or not 0 < number <= store.seq:  # no game (its screen says why),
        return screen  # or no such hand: a note that is none of this game's, not acted on
    app.over = app.g.over
    app.g = screen = None
    gc.collect()  # (the boot's first screen: the replay's garbage gone before the check's, kitapi.app.history)
    try:
        store.check_fix((number, payload))
    except RuleError as e:
        s = say(app, number, payload, e, None)
        if s:
            if op == _MEND:
                return s.action()
            s.back = lambda: back(app, number, payload, s)
            return s
        from kitapi.app.refusal import say as refused

        return refused(app, 0, e)  # 0: kitapi.app.refusal.SAVE; then the home screen
    except MemoryError:  # (no room for the check even on this fresh heap): nothing written, and after one more
        app.again = False  # soft reset "Out of memory" said over the game, every hand kept (App.run's own)
        return app.retry(_MEMORY)
    store.replace_hand(number, payload)
    app.again = False  # (the fix on flash: its list short of heap after one more soft reset, whose boot has none)
    try:
        from kitapi.app.history import fixed
    except MemoryError:  # (this heap cut up by the check): the list at it, "Saved", as kitapi.app.history.fixed's
        return app.retry(_LIST, number, app.over)
    screen = fixed(app, number, app.ui.t[_T_SAVED])
    app.again = True  # (its first frame short of heap: "Out of memory" after a reset, App.run)
    return screen
