"""Starting a game: rules, players, names, pouch, options, first dealer.

The rules step lists every system of the core (kitapi.registry), five to a
page (B the other page; 1-9 and 0 pick one on either).  Prefa's pouch and
options are here; every other system's are in the module of its screens
(kitapi.app.main.screens), or kitapi.app.pref_options for Russian Preferans
and Balkan, imported when it is chosen.

Names are picked from the names used before (digits 1-9) or typed with
multi-tap on the keypad (0): keys 2-9 carry letters as on a phone, a key
pressed again within a second takes its next letter, A switches between the
language's alphabet and the Latin one, * deletes, # accepts.
"""

from kitapi.keys import HASH, KEY_A, KEY_B, KEY_D, LONG, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
try:
    from typing import Any
except ImportError:  # MicroPython: the hints are comments
    pass

_RULES = const(0)
_PLAYERS = const(1)
_NAME = const(2)
_POUCH = const(3)
_OPTIONS = const(4)
_DEALER = const(5)
_START = const(6)
_TAP_MS = const(1000)  # a key pressed again within this time changes the last letter

_PAGE = const(5)  # systems on a page of the rules step
_PREFA_SEATS = "34"  # three or four players
# Prefa's options, in the order of OPTION_NAMES in the string tables, with their choices.
_CHOICES = (("ten_no_trump", (False, "A", "B")), ("tens_as_nines", (False, True)),
            ("four_aces", (False, "A", "B")), ("tentative_bid", (False, True)),
            ("two_empty_pouches", (False, True)))  # fmt: skip
# Multi-tap letters on keys 1-9 (key 1: space and hyphen), as on a phone; a word starts with a capital
_LATIN = ("", " -", "abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")
_LATIN_CAPITALS = ("", " -", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ")
# The four aces amounts to choose from; the first offered is the one nearest a tenth of the
# pouch ("such as 1/10th the initial value of the pouches").
_AMOUNTS = (1, 2, 3, 4, 5, 10, 15, 20, 30, 50, 100)


class NewGame:
    long_keys = b"\x0e"  # the keys with a long meaning here: * (clear a typed name)

    def __init__(self, app):
        self.app = app
        self.step = _RULES
        self.rules = "prefa"
        self.page = 0  # of the rules step
        self.sys = None  # type: Any  # the chosen system's pouch and options steps (None: Prefa's, here)
        self.n = 3
        self.players = []  # type: list[str]
        self.known = app.store.names()
        self.pouch = 31
        self.typed = ""  # digits of the pouch, or the letters of a name being typed
        self.typing = False
        self.latin = False
        self.last_key = -1
        self.last_ms = 0
        self.tapped = ""  # the letter the last tap gave
        self.options = [0] * 6  # index into each option's choices
        self.amount = 0  # the four aces amount, once chosen (0: a tenth of the pouch)
        self.dealer = 0
        self.stake = ""  # Preferans: money per whist, typed as a decimal ("0.1"); "" none
        self.typing_stake = False

    def aces_amount(self):
        if not self.amount:
            tenth = self.pouch // 10
            self.amount = min(_AMOUNTS, key=lambda a: abs(a - tenth))
        return self.amount

    def header(self):
        if self.sys is not None:
            options = self.sys.options(self)  # type: dict[str, object]
        else:  # Prefa
            options = {"pouch": self.pouch}
            for i in range(len(_CHOICES)):
                name, values = _CHOICES[i]
                v = values[self.options[i]]
                if v is not False:
                    options[name] = {"mode": v, "amount": self.aces_amount()} if i == 2 else v
        h = {"kitapi": 1, "rules": self.rules, "players": self.players, "options": options, "dealer": self.dealer}
        when = self.app.hw.time()
        if when:
            h["started"] = iso_utc(when)
        return h

    # --- drawing ---------------------------------------------------------------

    def draw(self, ui):
        t = ui.t
        step = self.step
        ui.title(t.NEW_GAME)
        if step == _RULES:
            ui.at(t.RULES, 0, 1)
            names = t.SYSTEMS
            first = self.page * _PAGE
            for i in range(first, min(first + _PAGE, len(names))):
                ui.at("%d %s" % ((i + 1) % 10, names[i]), 0, 2 + i - first)
            ui.hint(t.HINT_RULES)
            return
        elif step == _PLAYERS:
            ui.at(t.PLAYERS, 0, 2)
            ui.at(" / ".join(_PREFA_SEATS if self.sys is None else self.sys.SEATS), 0, 3)
        elif step == _NAME:
            ui.at("%s %d" % (t.PLAYER, len(self.players) + 1), 0, 1)
            if self.typing:
                ui.at(t.TYPE_NAME, 0, 2)
                ui.at(self.typed[-15:] + "_", 0, 3)
                ui.hint(t.HINT_TYPE)
                return
            row = 2
            for i in range(min(9, len(self.known))):
                ui.at("%d %s" % (i + 1, self.known[i][:14]), 0, row, self.known[i] in self.players)
                row += 1
                if row == 7:
                    break
            ui.hint(t.NEW_NAME)
            return
        elif step == _POUCH:
            ui.at(self.size_name(t), 0, 2)
            ui.at((self.typed or str(self.pouch)) + ("" if self.typing_stake else "_"), 0, 3)
            if hasattr(self.sys, "STAKE"):  # the money per whist, for the settlement (Preferans)
                p = self.app.pt()
                ui.at(p.STAKE, 0, 4)
                ui.at((self.stake or "-") + ("_" if self.typing_stake else ""), 0, 5)
                ui.hint(p.HINT_STAKE if self.typing_stake else p.HINT_POOL)
                return
        elif step == _OPTIONS:
            ui.at(t.OPTIONS, 0, 1)
            if self.sys is not None:
                self.sys.draw_options(ui, self)
                return
            for i in range(len(_CHOICES)):  # Prefa's
                v = _CHOICES[i][1][self.options[i]]
                ui.at("%d %s" % (i + 1, t.OPTION_NAMES[i]), 0, 2 + i)
                ui.right(t.OFF if v is False else t.ON if v is True else v, 128, 2 + i)
            if self.options[2]:  # four aces: its amount
                ui.at("6  %s" % t.AMOUNT, 0, 7)
                ui.right(str(self.aces_amount()), 128, 7)
            return
        elif step == _DEALER:
            ui.at(t.FIRST_DEALER, 0, 1)
            for s in range(self.n):
                ui.at("%d %s" % (s + 1, self.players[s][:14]), 0, 2 + s, s == self.dealer)
        else:
            for s in range(self.n):
                ui.at(self.players[s][:16], 0, 1 + s)
            ui.at("%s %d" % (self.size_name(t), self.pouch), 0, 6)
            ui.hint(t.START)
            return
        ui.hint(t.HINT_STEP)

    # --- keys --------------------------------------------------------------------

    def key(self, ev):
        app = self.app
        step = self.step
        if step == _NAME and self.typing:
            return self.type_key(ev)
        if ev == STAR:
            if step == _POUCH or step == _NAME and self.players:  # back to the last name: kept to be picked again
                name = self.players.pop()
                if name not in self.known:  # (a typed one too: first in the list)
                    self.known.insert(0, name)
                self.step = _NAME
            elif step <= _PLAYERS:
                return app.home() if app.g else app.first_screen()  # (after a soft reset: the game)
            else:
                self.step = step - 1
            return None
        if step == _RULES:
            if ev == KEY_B:
                self.page ^= 1
            elif ev < 10 and (ev + 9) % 10 < len(self.app.ui.t.SYSTEMS):  # 1-9, 0 the tenth
                self.rules_step((ev + 9) % 10)
        elif step == _PLAYERS:
            seats = _PREFA_SEATS if self.sys is None else self.sys.SEATS
            if ev == HASH or (ev < 10 and str(ev) in seats):
                self.n = ev if ev < 10 else 3 if "3" in seats else int(seats[0])
                self.step = _NAME
        elif step == _NAME:
            if ev == 0:
                self.typing = True
                self.typed = ""
            elif 1 <= ev <= min(9, len(self.known)) and self.known[ev - 1] not in self.players:
                self.add_player(self.known[ev - 1])
        elif step == _POUCH:
            if ev == KEY_A and hasattr(self.sys, "STAKE"):
                self.typing_stake = not self.typing_stake
            elif self.typing_stake and ev < 10 and len(self.stake) < 8:
                self.stake += str(ev)
            elif self.typing_stake and ev == KEY_B and "." not in self.stake:
                self.stake += "."
            elif self.typing_stake and ev == KEY_D:
                self.stake = self.stake[:-1]
            elif ev < 10 and len(self.typed) < 5:
                self.typed += str(ev)
            elif ev == HASH:
                self.typing_stake = False
                if self.typed:
                    self.pouch = max(1, int(self.typed))
                self.typed = ""
                self.step = _OPTIONS
        elif step == _OPTIONS:
            if ev == HASH:
                self.step = _DEALER
            elif self.sys is not None:
                self.sys.key_options(self, ev)
            elif 1 <= ev <= len(_CHOICES):
                i = ev - 1
                self.options[i] = (self.options[i] + 1) % len(_CHOICES[i][1])
            elif ev == 6 and self.options[2]:
                self.amount = _AMOUNTS[(_AMOUNTS.index(self.aces_amount()) + 1) % len(_AMOUNTS)]
        elif step == _DEALER:
            if 1 <= ev <= self.n:
                self.dealer = ev - 1
                self.step = _START
            elif ev == HASH:
                self.step = _START
        elif ev == HASH:
            return self.start()
        return None

    def rules_step(self, i):
        """The system ``i`` of kitapi.registry is chosen: its pouch (or pool, kasa...) and options."""
        self.options = [0] * 6
        self.step = _PLAYERS
        if i == 0:  # Prefa: its pouch and options are here
            self.rules = "prefa"
            self.sys = None
            self.pouch = 31
            return
        from kitapi.app.main import screens
        from kitapi.registry import row

        self.rules = row(i)[0]
        m = screens(self.rules)
        if m is None:  # Russian Preferans and Balkan (the name a str, not an interned name: see kitapi.registry)
            m = __import__("kitapi.app.systems.preferans.options", None, None, ("x",))
        self.sys = m
        m.setup(self)

    def size_name(self, t):
        """The name of the pouch step: Prefa's pouch, or the system's own (the pool, the kasa...)."""
        return t.POUCH_SIZE if self.sys is None else self.sys.size_name(self)

    def add_player(self, name):
        self.players.append(name)
        if len(self.players) == self.n:
            self.step = _POUCH

    def type_key(self, ev):
        """Multi-tap: letters on 1-9, A the alphabet, * delete, # done."""
        app = self.app
        now = app.hw.ticks_ms()
        if ev == STAR:
            self.typed = self.typed[:-1]
        elif ev == STAR | LONG:
            self.typed = ""
        elif ev == KEY_A:
            self.latin = not self.latin
        elif ev == HASH:
            name = self.typed.strip()
            self.typing = False
            self.typed = ""
            if name and name not in self.players:
                self.add_player(name[:24])
        elif 1 <= ev <= 9:
            t = app.ui.t
            latin = self.latin or not hasattr(t, "LETTERS")
            # the same key again within the tap time (a counter that wrapped meanwhile just starts a new letter;
            # no time.ticks_diff: CircuitPython has none)
            again = ev == self.last_key and 0 <= now - self.last_ms < _TAP_MS and self.typed
            if again:
                self.typed = self.typed[:-1]
            # a word starts with a capital: the language's capitals (str.upper() is ASCII-only on MicroPython)
            capital = not self.typed or self.typed[-1] == " "
            if latin:
                letters = (_LATIN_CAPITALS if capital else _LATIN)[ev]
            else:
                letters = (t.CAPITALS if capital else t.LETTERS)[ev]
            c = letters[(letters.find(self.tapped) + 1) % len(letters)] if again else letters[0]
            self.tapped = c
            if len(self.typed) < 24:
                self.typed += c
        self.last_key = ev
        self.last_ms = now
        return None

    def start(self):
        return self.header()  # App.run starts the game once this wizard is let go (App.start_game)


def iso_utc(seconds):
    """Seconds since 1970 as ``YYYY-MM-DDTHH:MM:SSZ`` (whatever the port's own epoch)."""
    days, rest = divmod(seconds, 86400)
    # the civil date of a day count (H. Hinnant's days_from_civil, inverted)
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (m <= 2)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, rest // 3600, rest // 60 % 60, rest % 60)
