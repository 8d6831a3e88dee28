"""The home screen: the standings at a glance, and who owes whom on its second page.

    Hand 12        [battery]     row 0
                                 row 1: a message, if any
    1D Anna      24  +127        a row per player: seat, the next hand's dealer (D)
    2> Babis     47  -152        or eldest hand (>, bids first), name, pouch, net chips
    3  Costas    17   +25
    1-4 bid 0 pass               row 6
    A:log B:owe C:menu           row 7

Keys: a seat's digit starts a hand with that bidder, 0 a passed-out hand,
A the hands, B the second page (* leaves it too), C the menu, a long * undoes the last hand.
While a damaged hand is entered again (``app.redo``) the title is its number,
the hand is saved as a correction that replaces it, and * gives up.
The game's system (app.sys: kitapi.app.systems.<family>) draws the rows
between and takes the keys that start a hand.
"""

from kitapi.app.ui import cut  # (loaded before this module: an import a row cost 0.15 ms on the pico-rig)

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_KEY_A = const(10)  # kitapi.keys.KEY_A (its own consts: kitapi.keys is not imported at the boot, 4 ms on the pico-rig)
_KEY_B = const(11)  # kitapi.keys.KEY_B
_KEY_C = const(12)  # kitapi.keys.KEY_C
_STAR = const(14)  # kitapi.keys.STAR
_LONG = const(16)  # kitapi.keys.LONG

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HAND = const(1)
_T_GAME_OVER = const(2)
_T_HINT_HOME2 = const(4)
_T_OWES = const(5)
_T_NOBODY = const(6)
_T_PAYS = const(7)
_T_DEALER = const(8)
_T_ELDEST = const(9)
_T_LOW_BATTERY = const(10)
_T_UNDO = const(36)


class Home:
    long_keys = b"\x0e"  # the keys with a long meaning here: * (undo the last hand)

    def __init__(self, app, page=0):
        self.app = app
        self.page = page

    def draw(self, ui):
        app = self.app
        g = app.g
        t = ui.t
        level, low = app.battery_level()
        ui.title("%s %d" % (t[_T_HAND], app.number()) if not g.over or app.redo else t[_T_GAME_OVER])
        if app.redo:  # a damaged hand entered again
            ui.at(app.redo[2], 0, 1)
        ui.battery(level)
        if (app.message or low) and not app.redo:
            m = app.message or t[_T_LOW_BATTERY]
            ui.at(m if len(m) <= 16 else m[:16], 0, 1)  # (a slice is a string made: 0.13 ms on the pico-rig)
        if self.page:
            self.draw_owes(ui)
            return
        app.sys.draw_home(ui, app)  # the rows of its system (kitapi.app.systems.<family>)
        ui.hint(t[_T_HINT_HOME2])

    def draw_owes(self, ui):
        """Every payment, each on a row with its amount, or on two where the names and the amount do not fit
        one: three payments of two rows (a 4-player Preferans game with a stake) take the label's and the
        keys' rows too, never a payment."""
        t = ui.t
        app = self.app
        transfers = app.sys.transfers(app.g)
        from kitapi.app.ui import shared

        rows = shared(app, t)  # the kasa or the pot left, shared equally
        if not transfers:
            ui.at(t[_T_OWES], 0, 2)
            ui.at(t[_T_NOBODY], 0, 3)
            for i in range(len(rows)):
                ui.at(rows[i], 0, 4 + i)
            ui.hint(t[_T_HINT_HOME2])
            return
        shown = []  # (line, amount, on two rows): at most 3 payments (4 players)
        need = 0
        for frm, to, amount in transfers:
            line = self._pays(t, frm, to, amount)
            two = len(line) + 1 + len(amount) > 16  # the amount (and money) on a row of its own
            shown.append((line, amount, two))
            need += 1 + two
        if need + len(rows) > 5 + (not app.battery_level()[1]):  # the shared line, with the keys, from row 1
            rows = []  # (or 2: the battery's warning) on; else not said, the payments and the keys are
        row = 3 if need <= 4 else 8 - need
        if rows:
            need += len(rows)
            row = 3 if need <= 4 else 7 - need  # (the keys' row kept)
        if row == 3:
            ui.at(t[_T_OWES], 0, 2)
        for line, amount, two in shown:
            ui.at(line, 0, row)
            ui.right(amount, 128, row + two)
            row += 1 + two
        for s in rows:
            ui.at(s, 0, row)
            row += 1
        if row <= 7:
            ui.hint(t[_T_HINT_HOME2])

    def _pays(self, t, frm, to, amount):
        """The names of "A→B" cut (told apart, 4 letters at least: "Ива" is no one's name) to keep the amount
        beside them where they can; else whole, the amount on the row below."""
        names = self.app.short
        w = (15 - len(t[_T_PAYS]) - len(amount)) // 2
        a, b = (cut(names, frm, w), cut(names, to, w)) if w >= 4 else (names[frm], names[to])
        return "%s%s%s" % (a, t[_T_PAYS], b)

    def key(self, ev):
        app = self.app
        g = app.g
        app.message = ""
        if ev == _KEY_B or ev == _STAR and self.page:  # (* leaves who owes whom too)
            self.page ^= 1
            return None
        if ev == _KEY_A:
            return app.history()
        if ev == _KEY_C:
            from kitapi.app.menus import GameMenu

            return GameMenu(app)
        if app.redo and ev == _STAR:  # not now
            app.redo = None
            return None
        if ev == _STAR | _LONG and app.store.last and not app.redo:
            from kitapi.app.menus import Confirm

            return app.go(self, Confirm(app, "%s %d?" % (app.ui.t[_T_UNDO], app.store.last), self.undo))
        if g.over and not app.redo:
            from kitapi.app.menus import Settle

            return Settle(app) if ev < 10 else None
        nxt = app.sys.key_home(app, ev)
        if nxt is None:  # a key that does nothing here ("9" in a game of 3): said, as the wizard's steps do
            from kitapi.app.nokey import key

            key(app, ev)
        return nxt

    def undo(self):
        """Delete the last hand scored (a correction record), then replay."""
        from kitapi.app.history import delete

        return delete(self.app, self.app.store.last)


def seat_mark(t, g, s, dealer):
    """The mark of seat ``s`` on the home screen: the next hand's dealer, or its eldest hand (bids first)."""
    if g.over:
        return ""
    return t[_T_DEALER] if s == dealer else t[_T_ELDEST] if s == (dealer + 1) % g.n else ""


def player_row(ui, row, seat, names, mark, pouch, chips, w):
    """Seat number and mark, name (of ``names``: App.short), pouch and chips on one row; wide numbers take
    room from the name, cut still told apart from the others (kitapi.app.names.fit).  ``w``: the widest
    chips of all the rows, in letters: the pouch column ends at one x on every row."""
    y = row * 8
    fb = ui.fb
    e = 8  # where each ends: the seat's digit, the chips, the pouch (4 pixels before the widest chips)
    for s in (bytes((49 + seat,)), chips, pouch):  # ASCII (str, or bytes: made without a search of the interned
        x = e - (len(s) << 3)  # names, 0.13 ms on the pico-rig): framebuf's own font, as UI.text draws it, without
        if ui.trace:  # its call (0.1 ms); (the simulator's)
            ui.trace(x, y, s if type(s) is str else s.decode())
        fb.text(s, x, y, 1)
        if e == 8 and mark:  # (after the seat, as the screen reads)
            ui.text(mark, 8, y)
        e = 128 if e == 8 else min(96, 124 - 8 * w)
    ui.text(cut(names, seat, (x - 22) // 8), 18, y)
