"""A correction that ends the game earlier (kitapi.app.main.App.save_hand, an edit from the hands list): the
refusal (``say``) says where the game now ends and which later hands stand in the way, and D deletes them and saves the
correction.  Imported only when such a correction is refused: its code and names stay out of the heap the rest
of the time (the hands list's legend at 64 KB has no room to spare)."""

from kitapi.devlog import OP_LOST, DevLogReader
from kitapi.game import OP_DELETE, OP_HAND

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_T_SAVED = const(27)


def say(app, number, payload, e, then):
    """Correction ``payload`` of hand ``number`` refused because the game now ends before hand ``e.hand``
    (RuleError 10, kitapi.replay): the refusal screen, which says where the game now ends and which later
    hands stand in the way, and offers D: delete them (correction records, restorable as any deletion; the
    last first, so that a power cut between two leaves a game that replays) and save the correction; any
    other key goes on to ``then``.  None where the refusal is some other one."""
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
    later = [j for j in range(k, store.seq + 1) if not gone[j]]
    end = k - 1
    while end > 1 and gone[end]:
        end -= 1
    if not later:
        return None
    n = "%d" % later[0] if len(later) == 1 else "%d-%d" % (later[0], later[-1])
    if len(later) > 1 and later[-1] - later[0] + 1 != len(later):
        n = ", ".join([str(j) for j in later])
    s = refused(app, 0, words(app)[6] % (end, n), then)  # 0: kitapi.app.refusal.SAVE; 6: its WORDS' new end
    s.action = lambda: mend(app, number, payload, later, then)
    return s


def mend(app, number, payload, later, w):
    """Delete hands ``later`` (the last first), then save correction ``payload`` of hand ``number``; the list
    at it, "Saved" (and the game's end).  A power cut between two records leaves the hands deleted so far,
    each restorable, and the correction unsaved: the game replays, and the edit can be made again.  ``w``:
    the edit's wizard, whose game is let go before the replay; and this module (its functions live on while
    they run)."""
    from kitapi import forget

    forget("kitapi.app.mend")
    store = app.store
    app.g = None
    w.g = None
    try:
        for j in reversed(later):
            store.delete_hand(j)
        store.replace_hand(number, payload)
    except OSError as e:  # (a full flash: what was written stays, each record whole)
        from kitapi.app.refusal import say

        return say(app, 0, e)
    from kitapi.app.history import fixed

    return fixed(app, number, app.ui.t[_T_SAVED])
