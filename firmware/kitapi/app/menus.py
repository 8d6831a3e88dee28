"""Menus, the confirmation screen, settings and the end of a game."""

from kitapi.keys import HASH, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_NEW = const("1")  # kitapi.app.nextboot.NEW
_NEW_BOX = const("/new_box.txt")  # kitapi.app.newbox.MARKER, beside the app's folder (ten letters or more)
_NEWBOX = const("kitapi.app.newbox")
_GAMES = const("g")  # kitapi.app.nextboot.GAMES

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_NAME = const(0)
_T_NOBODY = const(6)
_T_PAYS = const(7)
_T_HINT_STEP = const(25)
_T_MENU = const(30)
_T_NEW_GAME = const(31)
_T_HISTORY = const(32)
_T_END_GAME = const(33)
_T_SETTINGS = const(34)
_T_CONFIRM = const(35)
_T_BRIGHTNESS = const(55)
_T_SLEEP = const(56)
_T_LANGUAGE = const(57)
_T_NEVER = const(58)
_T_SECONDS = const(59)
_T_MINUTES = const(60)
_T_NOT_SAVED = const(63)
_T_SETTLE = const(64)
_T_CLOSED = const(65)
_T_NO_GAME = const(66)
_T_GAMES = const(70)


class Menu:
    """A numbered list: a digit picks an entry, * goes back."""

    title = 0  # the index of its title in the string table

    def __init__(self, app):
        self.app = app

    def entries(self, t):
        return ()

    def draw(self, ui):
        ui.title(ui.t[self.title])
        if self.app.message:
            ui.at(self.app.message[:16], 0, 1)
        for i, name in enumerate(self.entries(ui.t)):
            ui.at("%d %s" % (i + 1, name), 0, 2 + i)
        if ui.note:  # (a key no entry has, said: kitapi.app.nokey)
            ui.hint("")

    def key(self, ev):
        self.app.message = ""
        if ev == STAR:
            return self.app.back()
        if 1 <= ev <= len(self.entries(self.app.ui.t)):
            return self.pick(ev)
        from kitapi.app.nokey import key  # (a key no entry has: said, on the hint row)

        key(self.app, ev)
        return None

    def pick(self, n):
        return None


def new_game(app, then=_NEW):
    """The new-game wizard, always on a heap that holds no game yet.

    After a game has been open, its system's modules are let go but their
    interned names stay in the heap for good (as much as 8 KB: a Sochi game
    after a Prefa one did not fit in 64 KB).  So the box notes the wish (the
    file ROOT/next), resets softly (``hw.reset()``: ``machine.soft_reset()`` on
    a Pico, a new process on the simulator) and starts again straight into the
    wizard (``App.first_screen``); its first ``*`` goes back to the game.  The
    wizard does so on a box with no game too: the start menu and the pieces it
    left cut the heap so that a Sochi game needed 61 KB to be typed in (from a
    fresh heap: 56 KB; Balkan 63 KB and 58 KB).  A board without a reset runs the wizard where it is.  (Here, not in
    kitapi.app.main: the game's heap holds this module only while a menu is open.)
    """
    import sys

    app.store.next(then)  # (no name of its own: each is an interned name for good)
    if hasattr(app.hw, "reset") and (then == _NEW or "kitapi.rules" in sys.modules):  # (the games kept: only
        app.hw.reset()  # after a game; the wizard always)
    return app.first_screen()  # (which reads ROOT/next: the wizard, or the games kept; no import loop here)


class StartMenu(Menu):
    """No game running: start one, or change the settings."""

    title = _T_NO_GAME

    # A box set up from an image (kitapi image), its first start: "New box" (kitapi.app.newbox) in place of the
    # start menu while the marker the image carries beside the app's folder is there.  No name here that every
    # boot does not intern already (on the unix port at 64 KB a single one more tips the Balkan legend over the
    # interned names' pool doubling: docs/figures.md): the marker's name and the module's are too long to be
    # interned, and the module is asked for its draw and key, names MicroPython has.
    def draw(self, ui):
        store = self.app.store
        try:
            store.fs.stat(store.root[: store.root.rfind("/")] + _NEW_BOX)
        except OSError:
            return Menu.draw(self, ui)
        __import__(_NEWBOX)
        import sys

        sys.modules[_NEWBOX].draw(self.app, ui)

    def key(self, ev):
        store = self.app.store
        new = store.root[: store.root.rfind("/")] + _NEW_BOX
        try:
            store.fs.stat(new)
        except OSError:
            return Menu.key(self, ev)
        __import__(_NEWBOX)
        import sys

        return sys.modules[_NEWBOX].key(self.app, ev, new)

    def entries(self, t):
        return (t[_T_NEW_GAME], t[_T_SETTINGS], t[_T_GAMES])

    def pick(self, n):
        if n == 1:
            return new_game(self.app)
        if n == 3:
            return new_game(self.app, _GAMES)
        return self.app.go(self, Settings(self.app))


class GameMenu(Menu):
    title = _T_MENU

    def entries(self, t):
        return (t[_T_NEW_GAME], t[_T_HISTORY], t[_T_END_GAME], t[_T_SETTINGS], t[_T_GAMES])

    def pick(self, n):
        app = self.app
        if n == 1 or n == 3 or n == 5:  # a new game, asked first; the end, with what it drops; the games kept
            from kitapi.app.ask import menu

            return menu(app, n, self, new_game, Settle)  # (passed: ask does not import this module)
        if n == 2:
            return app.history()
        return app.go(self, Settings(app))


class Confirm:
    """Asks before anything that changes a game: # does it, * goes back."""

    def __init__(self, app, question, action):
        self.app = app
        self.question = question
        self.action = action

    def draw(self, ui):
        ui.title(self.question)
        ui.at(ui.t[_T_CONFIRM], 0, 4)

    def key(self, ev):
        if ev == HASH:
            return self.action()
        if ev == STAR:
            return self.app.back()
        return None


class Settings:
    """1 brightness, 2 sleep after, 3 language: each key steps through its choices."""

    def __init__(self, app):
        self.app = app

    def draw(self, ui):
        from kitapi.app.ui import CONTRASTS

        app = self.app
        t = ui.t
        ui.title(t[_T_SETTINGS])
        ui.at("1 %s" % t[_T_BRIGHTNESS], 0, 1)
        ui.right("%d/%d" % (CONTRASTS.index(app.contrast) + 1 if app.contrast in CONTRASTS else 0, 5), 128, 2)
        ui.at("2 %s" % t[_T_SLEEP], 0, 3)
        s = app.sleep_s
        ui.right(
            t[_T_NEVER] if not s else "%d %s" % (s, t[_T_SECONDS]) if s < 60 else "%d %s" % (s // 60, t[_T_MINUTES]),
            128,
            4,
        )
        ui.at("3 %s" % t[_T_LANGUAGE], 0, 5)
        ui.right(t[_T_NAME], 128, 6)
        ui.hint(t[_T_HINT_STEP])

    def key(self, ev):
        from kitapi.app.ui import CONTRASTS, LANGUAGES, SLEEPS

        app = self.app
        if ev == STAR or ev == HASH:
            app.save_settings()
            return app.back()
        if ev == 1:
            app.contrast = _next(CONTRASTS, app.contrast)
            app.hw.contrast(app.contrast)
        elif ev == 2:
            app.sleep_s = _next(SLEEPS, app.sleep_s)
        elif ev == 3:
            app.set_language(_next(LANGUAGES, app.lang))
        return None


def _next(choices, value):
    i = choices.index(value) + 1 if value in choices else 0
    return choices[i % len(choices)]


# the question the end of a game asks, by language (kitapi.app.ui.LANGUAGES): whole, on two rows, or on one where
# the payments leave no more (three of two rows each: a 4-player Preferans game with a stake); one string each
WORDS = (
    "Close the game|and settle?|Close the game?",
    "Κλείσιμο και|λογαριασμός;|Να κλείσει;",
    "Закрыть игру и|рассчитаться?|Закрыть игру?",
)


class Settle:
    """The end of a game: who pays whom (fewest transfers), and the question that # answers: it closes the game
    in its log (a game over, any seat key on its home screen; the last hand saved; End game).

        Settle up                  row 0 (the short question where the payments take rows 1-6)
        Anna→Babis 3               the payments, each on a row with its amount or on two
        Costas→Babis 3
        Kasa 2120 shared:          the kasa or the pot left, shared equally (Home.draw_owes' line), where
        530 each                   the rows hold it
        Close the game             the question, on the rows left above the keys
        and settle?
        #yes *no                   row 7
    """

    def __init__(self, app):
        self.app = app

    def draw(self, ui):
        from kitapi.app.ui import LANGUAGES

        app = self.app
        t = ui.t
        shown = []  # (line, amount, on two rows): counted first, then drawn
        need = 0
        for frm, to, amount in app.sys.transfers(app.g):  # (kitapi.app.systems.<family>)
            line = "%s%s%s" % (app.short[frm], t[_T_PAYS], app.short[to])
            two = len(line) + 1 + len(amount) > 16  # the amount (and money) on a row of its own
            shown.append((line, amount, two))
            need += 1 + two
        if not shown:
            need = 1  # (nobody's row)
        from kitapi.app.ui import shared

        rows = shared(app, t)  # the kasa or the pot left, shared equally: below the payments, where rows are left
        if need + len(rows) > 6:
            rows = []
        need += len(rows)
        ask = WORDS[LANGUAGES.index(app.lang)].split("|")
        title = t[_T_SETTLE]
        if need + 2 <= 6:  # rows 1-6 hold the payments and the question, whole
            del ask[2:]
        else:
            del ask[:2]
        if need + len(ask) > 6:
            title = ask.pop()  # the question is the title
        ui.title(title)
        row = 2 if need + len(ask) <= 4 else 1  # (a row between the title and the payments where there is room)
        for line, amount, two in shown:
            ui.at(line, 0, row)
            ui.right(amount, 128, row + two)
            row += 1 + two
        if not shown:
            ui.at(t[_T_NOBODY], 0, row)
            row += 1
        for s in rows:
            ui.at(s, 0, row)
            row += 1
        for i in range(len(ask)):
            ui.at(ask[i], 0, 7 - len(ask) + i)
        ui.hint(t[_T_CONFIRM])

    def key(self, ev):
        app = self.app
        if ev == STAR:
            return app.home()
        if ev != HASH:
            return None
        try:
            app.store.end_game()
        except OSError as e:  # said whole, in the player's words (kitapi.app.refusal); then the home screen
            from kitapi.app.refusal import say

            return say(app, 0, e)  # 0: kitapi.app.refusal.SAVE
        app.g = None
        app.message = app.ui.t[_T_CLOSED]
        return app.start_menu()
