"""The hands of the game, newest first: scroll (2 up, 8 down), # edits one, D deletes one.

A damaged hand (kitapi.devlog) shows as damaged; # enters it again.

Edits and deletions are correction records (docs/log-format.md): nothing is
rewritten, and the standings are replayed from the log.  A page is read from
the log when the cursor leaves the one on screen.
"""

from kitapi.game import OP_DELETE, OP_HAND
from kitapi.keys import HASH, KEY_D, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_PAGE = const(5)  # hands on a page: rows 1-5
_DELETED = const(-1)
_DAMAGED = const(-2)  # a damaged hand (kitapi.devlog.OP_LOST), not replaced


class History:
    def __init__(self, app):
        self.app = app
        self.cursor = app.store.seq  # hand numbers run from 1 to the store's seq
        self.first = 0  # the hand number on the page's top row
        self.payloads = [0] * _PAGE  # the packed hand of each row, or _DELETED
        self.h = type(app.g.hand)()  # the rules' own Hand

    def load(self):
        """Read the page with the cursor on it: the hands as corrected."""
        from kitapi.devlog import OP_LOST, DevLogReader

        store = self.app.store
        top = min(store.seq, (self.cursor - 1) // _PAGE * _PAGE + _PAGE)
        self.first = top
        p = self.payloads
        for i in range(_PAGE):
            p[i] = _DELETED
        with store._open(store.dir + "/" + store.name, "rb") as f:
            r = DevLogReader(f)
            r.header()
            while True:
                op = r.record(None)
                if op < 0:
                    break
                k = r.seq if op == OP_HAND or op == OP_LOST else r.target
                i = top - k
                if op == OP_LOST:
                    if 0 <= i < _PAGE:
                        p[i] = _DAMAGED
                elif op <= OP_DELETE and 0 <= i < _PAGE:
                    p[i] = r.payload if op != OP_DELETE else _DELETED

    def draw(self, ui):
        g = self.app.g
        t = ui.t
        if not self.app.store.seq:
            ui.title(t.HISTORY)
            ui.at("-", 0, 2)
            return
        if not (self.first - _PAGE < self.cursor <= self.first):
            self.load()
        describe = self.app.sys.describe  # (kitapi.app.systems.<family>)
        ui.title(t.HISTORY, "%d/%d" % (self.cursor, self.app.store.seq))
        for i in range(_PAGE):
            k = self.first - i
            if k < 1:
                break
            p = self.payloads[i]
            if p == _DELETED:
                line = "-"
            elif p == _DAMAGED:
                line = self.app.pt("damage").ROW
            else:
                g.unpack(p, self.h)
                line = describe(self.app, g, self.h)
            ui.at("%3d %s" % (k, line[:12]), 0, 1 + i, k == self.cursor)
        ui.hint(t.HINT_HISTORY)

    def key(self, ev):
        app = self.app
        seq = app.store.seq
        if ev == STAR:
            return app.home()
        if not seq:
            return None
        if ev == 2 and self.cursor < seq:
            self.cursor += 1
        elif ev == 8 and self.cursor > 1:
            self.cursor -= 1
        p = self.payloads[self.first - self.cursor] if self.first - _PAGE < self.cursor <= self.first else _DELETED
        if ev == HASH and p == _DAMAGED:  # entered again, from the start
            from kitapi.app.damaged import enter_again

            return enter_again(app, self.cursor)
        if ev == HASH and p != _DELETED:
            g = app.g
            g.unpack(p, self.h)
            # the game is let go while the hand is edited against the game before it (a wizard replays
            # that one): App.home and App.save_hand replay the game again
            app.over = g.over
            g = app.g = None
            return app.sys.edit(app, self.cursor, self.h)
        if ev == KEY_D and p != _DELETED:  # (a damaged hand too)
            from kitapi.app.menus import Confirm

            number = self.cursor
            return Confirm(app, "%s %d?" % (app.ui.t.DELETE, number), lambda: delete(app, number), self)
        return None


def delete(app, number):
    """Delete hand ``number`` (a correction record) if the game stays valid, then replay."""
    from kitapi.game import RuleError

    try:
        app.store.check_fix((number, -1))
    except RuleError as e:
        app.message = str(e)
        return app.home()
    app.store.delete_hand(number)
    return app.reload()
