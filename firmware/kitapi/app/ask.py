"""The game menu's questions that say more (kitapi.app.menus.GameMenu): a new game, asked first (the game
being played stays open, resumed from Games), and the end of a game, with what ending it now drops.
Imported only then.
"""

from kitapi.keys import HASH, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_GAMES = const("g")  # kitapi.app.nextboot.GAMES

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_NEW_GAME = const(31)
_T_END_GAME = const(33)
_T_CONFIRM = const(35)

# this module's words, by language (kitapi.app.main.LANGUAGES): a new game's note, End game's notes, and a
# new game's note where no hand can follow (the game over, not yet closed: it stays open, in Games, whose
# resume brings its settlement back)
WORDS = (
    (("This game stays", "open: menu 5", "resumes it"), "Still in pouches", "Not played out",
     ("It stays open:", "settle it later", "from menu 5")),
    (("Αυτή μένει", "ανοιχτή: μενού 5", "τη συνεχίζει"), "Μένουν στην κάσα", "Δεν τελείωσε",
     ("Μένει ανοιχτή:", "πληρωμή αργότερα", "από το μενού 5")),
    (("Эта игра не", "закроется: меню", "5 продолжит её"), "Ещё в кассах", "Не доиграна",
     ("Останется", "открытой: расчёт", "позже в меню 5")),
)  # fmt: skip


class Ask:
    """A confirmation (as kitapi.app.menus.Confirm) with rows under its question: what # does besides
    (``note``)."""

    def __init__(self, app, question, action, note):
        self.app = app
        self.question = question
        self.action = action
        self.note = note

    def key(self, ev):
        if ev == HASH:
            return self.action()
        if ev == STAR:
            return self.app.back()
        return None

    def draw(self, ui):
        ui.title(self.question)
        row = 1
        for line in self.note:
            ui.at(line[:16], 0, row)
            row += 1
        ui.hint(ui.t[_T_CONFIRM], 4 if row < 4 else 7)


def menu(app, n, here, new_game, settle):
    """The game menu's entry ``n`` (``here``: the menu, which * comes back to): 1 a new game (asked first:
    this one stays open), 3 the end of the game (with what ending it now drops), 5 the games kept
    (kitapi.app.games).  ``new_game`` and ``settle``: kitapi.app.menus' (passed, so that no import goes
    back to it)."""
    from kitapi.app.ui import LANGUAGES

    t = app.ui.t
    w = WORDS[LANGUAGES.index(app.lang)]
    if n == 1:  # (a game over stays open too: it is closed when settled, Settle)
        return app.go(here, Ask(app, t[_T_NEW_GAME] + "?", lambda: new_game(app), w[3] if app.g.over else w[0]))
    if n == 3:  # the points still in the pouches (Prefa), or that the game is not played out; none if it is
        g = app.g
        note = [] if g.over else [w[2]]
        if "pouch" in g.state and not g.over:  # a game of pouches (Prefa's), asked of its class
            from kitapi.app.ui import cut

            note = [w[1]]
            for i in range(g.n):
                if g.pouch[i]:
                    note.append("%s %d" % (cut(g.players, i, 15 - len(str(g.pouch[i]))), g.pouch[i]))
        return app.go(here, Ask(app, t[_T_END_GAME] + "?", lambda: settle(app), note))
    return new_game(app, _GAMES)
