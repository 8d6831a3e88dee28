"""The hands of the game, newest first: scroll (2 up, 8 down), A/B a page up/down, C goes to a hand by
its number (digits, #), # edits one, D deletes one, or restores a deleted one; 0 spells out the rows' codes
(kitapi.app.legend).

A hand's number is its place in the log (docs/firmware.md): deleted hands keep theirs, and show
struck out ("x" before its number, the hand as it was); D on one brings it back, a correction record that
replaces it with its last contents.  A damaged hand (kitapi.devlog) shows as damaged; # enters it again.
After an edit, a deletion or a restoration the list comes back at that hand, saying so until the next key
("Saved" on row 6; "Game over" or "Reopened" in the title where it ends or reopens the game): several
hands fixed in a row.  A closed game viewed (kitapi.app.games) is read only: # shows a hand's summary
(kitapi.app.readonly).

Edits, deletions and restorations are correction records (docs/log-format.md): nothing is
rewritten, and the standings are replayed from the log.  A page is read from
the log when the cursor leaves the one on screen.
"""

from kitapi import forget
from kitapi.app.ui import fitted
from kitapi.game import OP_DELETE, OP_HAND, RuleError
from kitapi.keys import HASH, KEY_A, KEY_B, KEY_C, KEY_D, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_EDIT = const("e")  # kitapi.app.nextboot.EDIT
_DELETE = const("d")  # kitapi.app.nextboot.DELETE
_REPLACE = const("r")  # kitapi.app.nextboot.REPLACE
_LIST = const("l")  # kitapi.app.nextboot.LIST

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HISTORY = const(32)
_T_DELETE = const(37)
_T_HINT_HISTORY = const(38)
_T_GAME_OVER = const(2)
_T_SAVED = const(27)
_T_CLOSED = const(65)
_T_REOPENED = const(68)

# its family's texts it shows: their places in the table (kitapi.app.damage_<language>.T)
_X_ROW = const(6)

# this screen's own words (restore, its key, the page keys, going to a hand, what a fix did, a closed game's
# keys), by language (kitapi.app.ui.LANGUAGES): here, not in the string tables the game keeps in the heap,
# one long string each, split when a screen is made (a short literal or a name would be interned for good)
WORDS = (
    "Restore|D:restore|A/B:page C:go to|Go to|Deleted|Restored|#view *back|Read only *back",
    "Επαναφορά|D:επαναφορά|A/B:σελίδα C:№|Μετάβαση|Διαγράφηκε|Επαναφέρθηκε|#προβολή *πίσω|Προβολή *πίσω",
    "Вернуть|D:вернуть|A/B:листать C:№|К раздаче|Удалено|Восстановлено|#смотреть *назад|Просмотр *назад",
)
_W_DELETED = const(4)
_W_RESTORED = const(5)
_W_VIEW = const(6)
# 7: read only, its keys (kitapi.app.readonly)

# what the boot warmed for the next hand (Store.warm: the store's writer and replay; the nets' rounding), let go
# while the list shows and imported again when it is left for the home screen or an edit (``warm``): the list
# and its legend are the 64 KB heap's highest points (a Greek Balkan game's legend had 800 bytes left; one
# string: a const, no name).  None of them is imported by another module's top (two copies then).
_WARM = const("kitapi.devlogw kitapi.replay kitapi.settle")

_PAGE = const(5)  # hands on a page: rows 1-5
_DELETED = const(-1)  # deleted, with nothing to bring back (a damaged hand deleted)
_DAMAGED = const(-2)  # a damaged hand (kitapi.devlog.OP_LOST), not replaced
# a deleted hand whose last contents were packed hand p is kept as -3 - p (no second list)


class History:
    def __init__(self, app, number=0):
        self.app = app
        self.cursor = min(number, app.store.seq) if number else app.store.seq  # hands 1 to the store's seq
        self.first = 0  # the hand number on the page's top row
        self.payloads = [0] * _PAGE  # the packed hand of each row, or _DELETED, _DAMAGED, -3 - p
        self.h = type(app.g.hand)()  # the rules' own Hand
        self.typed = None  # the digits of a hand number to go to (C), or None
        self.said = ""  # what was done to the hand at the cursor (fixed), on row 6 until the next key
        self.end = ""  # and whether that ended or reopened the game, in the title
        self.w = words(app)
        self.warm = [m for m in _WARM.split() if forget(m)]  # (imported again when the list is left: ``warm``)

    def load(self):
        """Read the page with the cursor on it: the hands as corrected."""
        from kitapi.devlog import OP_LOST, DevLogReader

        store = self.app.store
        top = min(store.seq, (self.cursor - 1) // _PAGE * _PAGE + _PAGE)
        self.first = top
        p = self.payloads
        for i in range(_PAGE):
            p[i] = _DELETED
        with store.open(store.name) as f:
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
                    x = p[i]
                    if op != OP_DELETE:
                        try:  # (a CRC that held by chance on no hand: the replay's damaged hand, or no correction)
                            self.app.g.unpack(r.payload, self.h)
                        except RuleError:
                            if op == OP_HAND:
                                p[i] = _DAMAGED
                            continue
                        p[i] = r.payload
                    elif x >= 0:
                        p[i] = -3 - x  # struck out, its contents kept for a restore
                    elif x == _DAMAGED:
                        p[i] = _DELETED

    def draw(self, ui):
        g = self.app.g
        t = ui.t
        if not self.app.store.seq:
            ui.title(t[_T_HISTORY])
            ui.at("-", 0, 2)
            return
        if not (self.first - _PAGE < self.cursor <= self.first):
            self.load()
        describe = self.app.sys.describe  # (kitapi.app.systems.<family>)
        if self.typed is not None:
            ui.title("%s %s_" % (self.w[3], self.typed))
        else:  # (a fix that ended or reopened the game says so in the title, as the home screen's says it)
            head = self.end or self.app.message or t[_T_HISTORY]  # (a boot's line: a small file set aside)
            at = "%d/%d 0:?" % (self.cursor, self.app.store.seq)  # 0: the rows' codes spelled out
            ui.title(head, at if len(head) + len(at) < 16 else at[-3:] if len(head) < 13 else "")
        for i in range(_PAGE):
            k = self.first - i
            if k < 1:
                break
            p = self.payloads[i]
            gone = p <= -3
            if p == _DELETED:
                line = ""
            elif p == _DAMAGED:
                line = self.app.pt("damage")[_X_ROW]
            else:
                g.unpack(-3 - p if gone else p, self.h)
                line = describe(self.app, g, self.h)
            at = ("x" if gone or p == _DELETED else "") + str(k)  # (a deleted hand's x in the number's column)
            if len(line) + max(3, len(at)) > 15:  # a line too long: the number's spaces too ("1 Распасы 2-3-5"),
                line = fitted(self.app.short, line, 15 - len(at))  # then the name cut, then the words; never a figure
                ui.at("%s %s" % (at, line), 0, 1 + i, k == self.cursor)
            else:
                ui.at("%s %s" % (" " * (3 - len(at)) + at, line), 0, 1 + i, k == self.cursor)  # (no "%3s": a name)
        w = self.w
        ui.hint(self.said or w[2], 6)
        if self.app.store.log is None:  # a closed game viewed: read only (its log not open), # shows a hand
            ui.hint(w[_W_VIEW])
        else:
            c = self.first - self.cursor
            ui.hint(w[1] if 0 <= c < _PAGE and self.payloads[c] <= -3 else t[_T_HINT_HISTORY])

    def key(self, ev):
        app = self.app
        seq = app.store.seq
        self.said = self.end = app.message = ""
        if self.typed is not None:  # going to a hand by its number
            if ev < 10 and len(self.typed) < 5:
                self.typed += str(ev)
            elif ev == STAR:
                self.typed = None
            elif ev == HASH:
                if self.typed:
                    self.cursor = min(seq, max(1, int(self.typed)))
                self.typed = None
            return None
        if ev == STAR:
            forget("kitapi.app.history")  # (the game's heap: this list is read again when opened)
            warm(self.warm)
            return app.back()  # (the home screen; a closed game viewed: its own, App.go)
        if not seq:
            return None
        if ev == 2 and self.cursor < seq:
            self.cursor += 1
        elif ev == 8 and self.cursor > 1:
            self.cursor -= 1
        elif ev == KEY_A:
            self.cursor = min(seq, self.cursor + _PAGE)
        elif ev == KEY_B:
            self.cursor = max(1, self.cursor - _PAGE)
        elif ev == KEY_C:
            self.typed = ""
        elif ev == 0:  # the rows' codes spelled out (kitapi.app.legend); * comes back here
            w = self.warm  # the family's hand wizard and its shell (which each wizard's top imports) let go too
            # while it shows (2.8 KB of a Balkan game's heap): imported again by the rows' words (describe) or
            # when the list is left
            for m in ["kitapi.app.shell"] + ["kitapi." + m for m in app.sys.MODULES if m.endswith(".wiz")]:
                if forget(m) and m not in w:
                    w.append(m)
            from kitapi.app.legend import Legend

            return app.go(self, Legend(app))
        c = self.first - self.cursor  # the cursor's row: its packed hand (or _DELETED, _DAMAGED, -3 - p)
        p = self.payloads[c] if 0 <= c < _PAGE else _DELETED
        if app.store.log is None:  # a closed game viewed (kitapi.app.games): read only
            if ev == HASH and p >= 0:  # its summary, read only
                from kitapi.app.readonly import show

                return show(app, self, p)
            if ev == HASH or ev == KEY_D:  # (no edit, no deletion: said)
                self.end = app.ui.t[_T_CLOSED]
            return None
        if ev == HASH and p == _DAMAGED:  # entered again, from the start
            from kitapi.app.damaged import enter_again

            return enter_again(app, self.cursor)
        if ev == HASH and p >= 0:
            warm(self.warm)  # (what the edit's replays and its save import, as before: here, while the game is held)
            g = app.g
            g.unpack(p, self.h)
            # the game is let go while the hand is edited against the game before it (a wizard replays
            # that one): App.home and App.save_hand replay the game again
            app.over = g.over
            g = app.g = None
            forget("kitapi.app.history")  # this list too (the wizard goes home, never back here)
            try:
                return app.sys.edit(app, self.cursor, self.h)
            except MemoryError:  # no room for the game before the hand
                return app.retry(_EDIT, self.cursor, p)
        if ev == KEY_D and p != _DELETED:  # (a damaged hand too), or a deleted one brought back
            from kitapi.app.menus import Confirm

            app.over = app.g.over  # (restore: the home screen says if the game ends or reopens)
            number = self.cursor
            t = app.ui.t
            if p <= -3:
                return app.go(self, Confirm(app, "%s %d?" % (self.w[0], number), lambda: restore(app, number, -3 - p)))
            return app.go(self, Confirm(app, "%s %d?" % (t[_T_DELETE], number), lambda: delete(app, number, True)))
        return None


def warm(modules):
    """Import again ``modules``, what a screen let go of while it showed (the hands list, its legend) of what the
    boot warmed for the next hand, so that the next hand and its save are as quick as before; short of heap, the
    rest is left to the next hand (as Store.warm leaves it)."""
    try:
        for m in modules:
            __import__(m)
    except MemoryError:
        pass


def words(app):
    """This module's words (WORDS) in the app's language, a list."""
    from kitapi.app.ui import LANGUAGES

    return WORDS[LANGUAGES.index(app.lang)].split("|")


def delete(app, number, listed=False):
    """Delete hand ``number`` (a correction record) if the game stays valid, then replay: the hands list at it
    (``listed``: deleted there; ``app.over`` the game's end before), else the home screen (an undo), saying so."""
    from kitapi.game import RuleError

    app.g = None  # let go for the check's replay (App.home replays it again): two games need not fit
    try:
        app.store.check_fix((number, -1))
    except MemoryError:
        return app.retry(_DELETE, number)
    except RuleError as e:  # said whole (kitapi.app.refusal), then the list at it (an undo: the home screen)
        from kitapi.app.refusal import say

        try:
            s = say(app, 1, e)  # 1: kitapi.app.refusal.DELETE; then the home screen, the game replayed
        except MemoryError:  # no room for its words beside the pieces the check left: refused and said again
            return app.retry(_DELETE, number)  # after a soft reset, on a fresh heap
        if listed and app.g is not None and type(s.then).__name__ == "Home":  # the list at it, the game replayed
            s.then = History(app, number)  # (issue 36, item 8; a screen not the home screen, damage found: shown)
        return s
    app.store.delete_hand(number)
    said = words(app)[_W_DELETED]
    if listed:
        return fixed(app, number, said)
    app.message = said
    return app.reload()


def restore(app, number, payload, said=""):
    """Bring deleted hand ``number`` back: a correction that replaces it with ``payload``, its contents before
    the deletion, if the game stays valid; then replay: the hands list at it, saying ``said`` ("Restored";
    "Saved": an edit's save after a soft reset, ``again``) and whether it ends the game or reopens it
    (``app.over``: the game's end before)."""
    from kitapi.game import RuleError

    app.g = None  # (as delete)
    try:
        app.store.check_fix((number, payload))
    except MemoryError:
        return app.retry(_REPLACE, number, payload)
    except RuleError as e:  # (as delete)
        from kitapi.app.refusal import say

        try:
            return say(app, 0, e)  # 0: kitapi.app.refusal.SAVE; then the home screen
        except MemoryError:
            return app.retry(_REPLACE, number, payload)
    app.store.replace_hand(number, payload)
    return fixed(app, number, said or words(app)[_W_RESTORED])


def fixed(app, number, said):
    """After hand ``number`` was fixed from the hands list (edited, deleted, brought back; ``app.over`` the game's
    end before): the game replayed again, and the list again at that hand, saying ``said`` ("Saved", "Deleted",
    "Restored") and, where the fix ends the game or reopens it, that too; so that several hands are fixed in a
    row.  A screen that is not the home screen (damage found, an unreadable log) is the one shown: it says why."""
    _collect(app)
    try:
        screen = app.reload()
    except MemoryError:  # (the fix is on flash): the list at it after a soft reset, on a fresh heap (``again``:
        _reset(app)  # as the home screen after App.run's; its boot short even so, the game at the next one)
        said = 0 if said == app.ui.t[_T_SAVED] else _W_DELETED if said == words(app)[_W_DELETED] else _W_RESTORED
        return app.retry(_LIST, number, said * 2 + app.over)
    if app.g is None or app.store.log is None or type(screen).__name__ != "Home":  # (by its name: kitapi.app.home
        # imports this module, which imports nothing of it)
        return screen
    _collect(app)
    h = History(app)
    h.cursor = min(number, app.store.seq)
    h.said = said
    over = app.g.over
    if over != app.over:
        h.end = app.ui.t[_T_GAME_OVER] if over else app.ui.t[_T_REOPENED]
    app.message = ""
    if app.again:  # the boot's first frame: drawn once here, so that what it imports (the lines' fitting, the
        ui = app.ui  # family's texts) is on the heap just collected; short of heap, the home screen says what
        trace = ui.trace  # was done.  (Not traced: the simulator's texts are the frame's.)
        ui.trace = None
        try:
            h.draw(ui)
        except MemoryError:
            app.message = said
            return screen
        finally:
            ui.trace = trace
        ui.clear()
        _collect(app)
    return h


def _collect(app):
    """On the first screen of a retry's boot (App.again), the garbage of the replays before collected here, not
    deep in an allocation that fails: a MemoryError there cannot reset (the boot's first frame is not out),
    and a 4-player Rostov game's delete, checked, written and replayed, then its list, did not fit 64 KB."""
    if app.again:
        import gc

        gc.collect()


def _reset(app):
    """Short of heap on a retry's boot (App.again) even so: a soft reset, which App.run does not do before the
    boot's first frame (a first screen too big for the heap would reset for ever); here no loop can follow, the
    note acted on is gone (Store.note), and the next boot opens the game, the fix on flash or not written."""
    if app.again and hasattr(app.hw, "reset"):
        app.hw.reset()


def _ignored(app):
    from kitapi.app.safe import IGNORED, say

    say(app, IGNORED)


def again(app, op, n, p):
    """After App.retry, on a fresh heap: the current game opened, then ``op`` done to hand ``n`` (Store.note's
    letters: _EDIT, ``p`` its packed hand; _DELETE; _REPLACE by ``p``, a hand brought back or an edit saved;
    _LIST, the list at it after a fix, ``p`` its word and the game's end before: ``fixed``); the screen it
    leads to."""
    forget("kitapi.app.history")  # (this module: as when the hands list is left)
    name = app.store.current()
    if name is None:  # no game to do it to: not acted on, said
        _ignored(app)
        return app.start_menu()
    screen = app.open_game(name)
    g = app.g
    if g is None or app.store.log is None:  # (the screen it opened to says why)
        return screen
    if not 0 < n <= app.store.seq:  # no such hand (a note that is no retry's): not acted on, said
        _ignored(app)
        return screen
    app.over = g.over
    if op == _LIST:  # (a fix on flash, kitapi.app.history.fixed: the game opened again there)
        app.over = p & 1
        g = screen = None
        _collect(app)
        return fixed(app, n, words(app)[p >> 1] if p > 1 else app.ui.t[_T_SAVED])
    if op == _DELETE:  # (the hands list's, or an undo's: the list says it either way)
        g = screen = None  # (the game: not held here while the deletion's check replays it)
        _collect(app)
        return delete(app, n, True)
    if op == _REPLACE:  # (an edit's save too: a refusal is said on the home screen, not in the wizard)
        said = ""
        listed = History(app)  # a hand there, not deleted: an edit's save, "Saved"
        listed.cursor = n
        listed.load()
        x = listed.payloads[listed.first - n]
        if x >= 0 or x == _DAMAGED:  # (a damaged hand entered again too)
            said = app.ui.t[_T_SAVED]
        del listed
        g = screen = None  # (as a deletion)
        _collect(app)
        return restore(app, n, p, said)
    h = type(g.hand)()
    try:
        g.unpack(p, h)
    except Exception:  # noqa: BLE001 - a packed hand the rules cannot read: not acted on, said
        _ignored(app)
        return screen
    g = app.g = screen = None
    _collect(app)
    try:
        return app.sys.edit(app, n, h)
    except MemoryError:  # (nothing written)
        _reset(app)
        raise
