"""A hand of a closed game viewed (kitapi.app.games), read only: # on the hands list (kitapi.app.history) shows
the summary its wizard shows, the hand against the game before it as when it was new; imported only then.

    Hand 2                     row 0: the wizard's own rows 0-6
    Bob 7♠ =
    Bob→Ann 7 ...
    Read only *back            row 7: instead of the wizard's keys

A key that does nothing says "Game closed" in the title until the next key.

Nothing is written: the wizard's keys never reach it, so no save, no step; * goes back to the list at the
hand, by the app's stack (App.back), which makes again the screens let go while the hand was shown: this
module imports none of them.  (Its own module: its two classes cost the hands list's heap nothing the rest of
the time.)
"""

from kitapi import forget
from kitapi.keys import STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_VIEW = const("v")  # kitapi.app.nextboot.VIEW

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_CLOSED = const(65)

_W_READ_ONLY = const(7)  # the list's word for row 7 (kitapi.app.history.WORDS)


def show(app, hands, p):
    """Packed hand ``p``, at the cursor of the hands list ``hands``: its wizard's summary, read only (Shown).
    What the edit of an open game lets go is let go here too, and the viewed game's screens (the list, its
    home screen, their modules: made again when * comes back), so that the game before the hand fits beside
    what is left (a 7-hand Sochi game's did not at 64 KB); on the app's stack instead, what views them again
    (the arguments of kitapi.app.games.view: the game, the hand, the home screen's page), which App.back calls
    when * comes back.  Short of heap all the same, the game is viewed again after a soft reset (as
    kitapi.app.games.view)."""
    h = hands.h
    number = hands.cursor
    hint = hands.w[_W_READ_ONLY]  # (the list's words: its module let go below)
    app.g.unpack(p, h)
    app.g = hands = None
    page = app.trail[-1].page if app.trail else 1  # (its page: who owes whom, or the standings)
    del app.trail[:]  # (the viewed game's home screen: kitapi.app.games.Viewed, and its module)
    for m in ("kitapi.app.games", "kitapi.app.history", "kitapi.app.home", "kitapi.settle", "kitapi.app.names"):
        forget(m)  # (and the viewed game's home screen, who owes whom, the names' abbreviations: made again
        # when * comes back; 1.9 KB at 64 KB, where a 7-hand Sochi game's hand did not fit beside them)
    import gc

    gc.collect()  # (here, not in the allocation that fails: a collection deep in the replay frees less)
    app.trail.append((app.store.name, number, page))  # (no screen: App.back views the game again at the hand)
    try:
        w = app.sys.edit(app, number, h)
    except MemoryError:
        return app.retry(_VIEW, app.store.name)
    return Shown(app, w, hint)


class Shown:
    """The wizard's summary drawn through _Rows, which keeps its keys off row 7; * back to the hands list at the
    hand, any other key says the game is closed."""

    def __init__(self, app, w, hint):
        self.app = app
        self.w = w
        self.hint = hint
        self.rows = _Rows(app.ui)
        self.closed = False  # a key that does nothing was pressed: the title says why, until the next key

    def draw(self, ui):
        rows = self.rows
        rows.t = ui.t
        rows.said = ui.t[_T_CLOSED] if self.closed else ""  # (in the title, as the hands list says it)
        self.w.draw(rows)
        ui.hint(self.hint)

    def key(self, ev):
        app = self.app
        self.closed = ev != STAR
        if self.closed:
            return None
        self.w = None  # (the game before the hand: let go before the replay)
        for m in app.sys.MODULES:  # and the wizard's module: no hand is entered in a closed game
            if m.endswith(".wiz"):
                forget("kitapi." + m)
        forget("kitapi.app.readonly")  # (its functions live on while they run)
        return app.back()  # the hands list at the hand, over the game's home screen as it was (show: the stack)


class _Rows:
    """The screen, rows 0-6 only: a wizard's summary drawn without its keys' row (kitapi.app.ui.UI's calls); its
    title ``said`` instead where set."""

    def __init__(self, ui):
        self.ui = ui
        self.t = ui.t
        self.said = ""
        self.note = ""  # (UI.note: no key is refused on row 7 here, which says "Read only")

    def title(self, s, right=""):
        self.ui.title(self.said or s, "" if self.said else right)

    def text(self, s, x, y, inverse=False):
        if y < 56:
            self.ui.text(s, x, y, inverse)

    def at(self, s, col, row, inverse=False):
        if row < 7:
            self.ui.at(s, col, row, inverse)

    def right(self, s, x_end, row):
        if row < 7:
            self.ui.right(s, x_end, row)
        return x_end

    def hint(self, s, row=7):
        if row < 7:
            self.ui.at(s, 0, row)
