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
_LIST = const("l")  # kitapi.app.nextboot.LIST


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
    r = f = None
    later = [j for j in range(k, store.seq + 1) if not gone[j]]
    end = k - 1
    while end > 1 and gone[end]:
        end -= 1
    gone = None
    if not later:
        return None
    # the hands by str and "-": no format of its own (each short literal is a name interned)
    n = str(later[0]) if len(later) == 1 else str(later[0]) + "-" + str(later[-1])
    if len(later) > 1 and later[-1] - later[0] + 1 != len(later):
        n = ", ".join([str(j) for j in later])
    s = refused(app, 0, words(app)[6] % (end, n), then or app)  # 0: kitapi.app.refusal.SAVE; 6: its WORDS'
    s.then = then  # new end.  (None: the home screen, made by a key but D: not beside the words, the game let go)
    s.action = lambda: mend(app, number, payload, later, s)
    forget("kitapi.app.mend")  # (its functions live on while the screen does)
    return s


def mend(app, number, payload, hands, s):
    """Delete ``hands`` (the last first), then save correction ``payload`` of hand ``number``; the list at it,
    "Saved" (and the game's end).  A power cut between two records leaves the hands deleted so far, each
    restorable, and the correction unsaved: the game replays, and the edit can be made again.  ``s``: the
    refusal screen, whose next screen (the edit's wizard and its game, or the home screen and the game) is
    let go before the replay."""
    store = app.store
    app.g = None
    s.then = None
    try:
        for j in reversed(hands):
            store.delete_hand(j)
        store.replace_hand(number, payload)
    except OSError as e:  # (a full flash: what was written stays, each record whole)
        from kitapi.app.refusal import say

        return say(app, 0, e)
    try:
        from kitapi.app.history import fixed
    except MemoryError:  # (the records on flash) the list at it after a soft reset, as kitapi.app.history.fixed's
        return app.retry(_LIST, number, app.over)  # replay short of heap: "Saved" (its word 0)
    return fixed(app, number, app.ui.t[_T_SAVED])


def again(app, number, payload):
    """After App.retry (ROOT/next ``f``: kitapi.app.nextboot.FIX), on a fresh heap: edit ``payload`` of hand
    ``number`` saved again, the game opened, then let go while the corrected log is checked: the hands list at
    it, "Saved"; or refused, and where it ends the game earlier offered as in the wizard (``say``), any key but
    D going on to the home screen.  (Here, not in kitapi.app.history, which this module imports: its list after
    D.)"""
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
            return s
        from kitapi.app.refusal import say as refused

        return refused(app, 0, e)  # 0: kitapi.app.refusal.SAVE; then the home screen
    store.replace_hand(number, payload)
    from kitapi.app.history import fixed

    return fixed(app, number, app.ui.t[_T_SAVED])
