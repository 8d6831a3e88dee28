"""Starting a game: rules, players, names, pouch, options, first dealer.

The rules step lists every system of the core (kitapi.registry), in its
order, five to a page (B the next page, after the last the first).  The
number beside a system is the key that picks it on the page shown: with ten
systems or fewer 1-9 and 0 pick the first to the tenth on either page (the
keys players learnt); with more, 1-5 pick one of the page shown
(kitapi_host.sim.pick.rules_keys gives the scripts the same keys).  A
system's name is its row's in the string table's SYSTEMS, else the
registry's label (English).  The pouch (pool,
kasa...) and options steps are the chosen system's: its family's screens
(kitapi.app.systems.<family>) set them up (``setup``), in the package or in a
module of the new-game steps alone (its ``options``), imported when chosen.

Names are picked from the names used before (up to 20: five to a page, 1-5 pick one on the page shown,
B the next page) or typed with
multi-tap on the keypad (0): keys 2-9 carry letters as on a phone, a key
pressed again within a second takes its next letter, A switches between the
language's alphabet and the Latin one, * deletes, # accepts.
"""

from kitapi import forget
from kitapi.app.ui import cut
from kitapi.keys import HASH, KEY_A, KEY_B, KEY_D, LONG, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_STEP = const(25)
_T_NEW_GAME = const(31)
_T_RULES = const(39)
_T_SYSTEMS = const(40)
_T_HINT_RULES = const(41)
_T_PLAYERS = const(42)
_T_PLAYER = const(43)
_T_NEW_NAME = const(44)
_T_TYPE_NAME = const(45)
_T_HINT_TYPE = const(46)
_T_OPTIONS = const(48)
_T_FIRST_DEALER = const(49)
_T_START = const(50)
_T_LETTERS = const(71)
_T_CAPITALS = const(72)
_T_NEW_NAME_MORE = const(73)

_RULES = const(0)
_PLAYERS = const(1)
_NAME = const(2)
_POUCH = const(3)
_OPTIONS = const(4)
_DEALER = const(5)
_START = const(6)
_OFFER = const(7)  # a tournament's table loaded onto the box (kitapi.app.table), offered first
_TAP_MS = const(1000)  # a key pressed again within this time changes the last letter

_PAGE = const(5)  # systems on a page of the rules step
# Multi-tap letters on keys 1-9 (key 1: space and hyphen), as on a phone; a word starts with a capital
_LATIN = ("", " -", "abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz")
_LATIN_CAPITALS = ("", " -", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ")
# The wizard's own words in each language: a name typed twice.  Here and not in the string tables: this module
# is let go once the game starts, and every text in a string table stays in the heap of every game.
# A blank name (a name needs a letter) and, where the language has its own letters, what A switches to.
_WORDS = {"en": ("%s: taken", "Type a letter", "", ""),
          "el": ("%s: υπάρχει", "Γράψε ένα γράμμα", "A:λατινικά", "A:ελληνικά"),
          "ru": ("%s: уже есть", "Нужна буква", "A:латиница", "A:кириллица")}  # fmt: skip


class NewGame:
    long_keys = b"\x0e"  # the keys with a long meaning here: * (clear a typed name)

    def __init__(self, app):
        self.app = app
        self.step = _RULES
        self.rules = ""  # the chosen system's id
        self.page = 0  # of the rules step
        self.systems = _systems()  # their number (kitapi.registry's rows)
        self.names_page = 0  # of the names saved
        self.sys = None  # type: Any  # the chosen system's pouch and options steps (rules_step)
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
        from kitapi.app.table import offer

        self.offer = offer(app)  # (header, title, rows, hint) of the table loaded, or None
        forget("kitapi.app.table")
        if self.offer:
            self.step = _OFFER

    def header(self):
        if self.step == _OFFER:  # the table loaded: its header as kitapi.app.table checked it
            h = self.offer[0]
        else:
            options = self.sys.options(self)  # type: dict[str, object]
            h = {"kitapi": 1, "rules": self.rules, "players": self.players, "options": options, "dealer": self.dealer}
        when = self.app.hw.time()
        if when:
            h["started"] = iso_utc(when)
        return h

    # --- drawing ---------------------------------------------------------------

    def draw(self, ui):
        t = ui.t
        step = self.step
        if step == _OFFER:  # the table: the system, the round and table, the players in seat order
            o = self.offer
            ui.title(o[1])
            for i in range(len(o[2])):
                ui.at(o[2][i], 0, 1 + i)
            ui.hint(o[3])
            return
        ui.title(t[_T_OPTIONS] if step == _OPTIONS else t[_T_NEW_GAME])  # the options use rows 1-6
        if step == _RULES:
            ui.at((self.app.message or t[_T_RULES])[:16], 0, 1)  # (a file set aside: App.first_screen)
            names = t[_T_SYSTEMS]
            n = self.systems
            first = self.page * _PAGE
            for i in range(first, min(first + _PAGE, n)):
                if i < len(names):
                    name = names[i]
                else:  # a row the string table does not name (yet): the registry's label, in English
                    from kitapi.registry import row

                    name = row(i)[3][:14]
                ui.at("%d %s" % ((i + 1) % 10 if n <= 10 else i - first + 1, name), 0, 2 + i - first)
            ui.hint(t[_T_HINT_RULES])
            return
        elif step == _PLAYERS:
            ui.at(t[_T_PLAYERS], 0, 2)
            ui.at(" / ".join(self.sys.SEATS), 0, 3)
        elif step == _NAME:
            ui.at(self.app.message or "%s %d" % (t[_T_PLAYER], len(self.players) + 1), 0, 1)
            if self.typing:
                ui.at(t[_T_TYPE_NAME], 0, 2)
                ui.at(self.typed[-15:] + "_", 0, 3)
                ui.at(_WORDS[self.app.lang][3 if self.latin else 2], 0, 6)  # (A: the alphabet, in words)
                ui.hint(t[_T_HINT_TYPE])
                return
            first = self.names_page * _PAGE  # a page of the names saved (up to 20), picked by 1-5 on it
            for i in range(first, min(first + _PAGE, len(self.known))):
                name = self.known[i]
                ui.at("%d %s" % (i - first + 1, cut(self.known, i, 14)), 0, 2 + i - first, name in self.players)
            ui.hint(t[_T_NEW_NAME_MORE] if len(self.known) > _PAGE else t[_T_NEW_NAME])
            return
        elif step == _POUCH:
            ui.at(self.sys.size_name(self), 0, 2)
            ui.at((self.typed or str(self.pouch)) + ("" if self.typing_stake else "_"), 0, 3)
            if hasattr(self.sys, "STAKE"):  # the money per whist, for the settlement, in its family's texts
                name, k = self.sys.STAKE  # (their table, the place of the stake's name; its keys after it)
                p = self.app.pt(name)
                ui.at(p[k], 0, 4)
                ui.at((self.stake or "-") + ("_" if self.typing_stake else ""), 0, 5)
                ui.hint(p[k + 2] if self.typing_stake else p[k + 1])
                return
        elif step == _OPTIONS:
            self.sys.draw_options(ui, self)  # rows 1-6 (the title says Options) and its key hint
            return
        elif step == _DEALER:
            ui.at(t[_T_FIRST_DEALER], 0, 1)
            for s in range(self.n):
                ui.at("%d %s" % (s + 1, cut(self.players, s, 14)), 0, 2 + s, s == self.dealer)
        else:
            for s in range(self.n):
                ui.at(cut(self.players, s, 16), 0, 1 + s)
            size = self.sys.size_name(self)
            ui.at(size, 0, 5 if len(size) + len(str(self.pouch)) > 15 else 6)  # the number on row 6, at the right
            ui.right(str(self.pouch), 128, 6)
            ui.hint(t[_T_START])
            return
        ui.hint(t[_T_HINT_STEP])

    # --- keys --------------------------------------------------------------------

    def key(self, ev):
        app = self.app
        step = self.step
        app.message = ""  # (a name refused: said until the next key)
        if step == _NAME and self.typing:
            return self.type_key(ev)
        if step == _OFFER:
            if ev == HASH:
                return self.start()
            if ev == KEY_B:  # another game: the wizard's steps, * back to the offer
                self.step = _RULES
                return None
        elif ev == STAR and step == _RULES and self.offer:
            self.step = _OFFER
            return None
        if ev == STAR:
            if step == _POUCH or step == _NAME and self.players:  # back to the last name: kept to be picked again
                name = self.players.pop()
                if name not in self.known:  # (a typed one too: first in the list)
                    self.known.insert(0, name)
                self.step = _NAME
            elif step <= _PLAYERS or step == _OFFER:
                return app.home() if app.g else app.first_screen()  # (after a soft reset: the game)
            else:
                self.step = step - 1
            return None
        i = 0  # (-1: a key that does nothing at this step, said below)
        if step == _RULES:
            n = self.systems
            # ten systems or fewer: 1-9, 0 the tenth, on either page; more: 1-5 of the page shown
            i = n if ev > 9 else (ev + 9) % 10 if n <= 10 else self.page * _PAGE + ev - 1 if 1 <= ev <= _PAGE else n
            if ev == KEY_B:
                self.page = (self.page + 1) % ((n + _PAGE - 1) // _PAGE or 1)
            elif i < n:
                self.rules_step(i)
            else:
                i = -1  # (said below)
        elif step == _PLAYERS:
            seats = self.sys.SEATS
            if ev == HASH or (ev < 10 and str(ev) in seats):
                self.n = ev if ev < 10 else 3 if "3" in seats else int(seats[0])
                self.step = _NAME
            else:
                i = -1
        elif step == _NAME:
            if ev == 0:
                self.typing = True
                self.typed = ""
            elif ev == KEY_B and len(self.known) > _PAGE:  # the next page of names (after the last: the first)
                self.names_page = (self.names_page + 1) % ((len(self.known) + _PAGE - 1) // _PAGE)
            elif 1 <= ev <= _PAGE and self.names_page * _PAGE + ev - 1 < len(self.known):
                i = self.names_page * _PAGE + ev - 1
                if self.known[i] not in self.players:
                    self.add_player(self.known[i])
            else:
                i = -1
        elif step == _POUCH:
            i = self.size(ev)
        elif step == _OPTIONS:
            if ev == HASH:
                self.step = _DEALER
            else:
                self.sys.key_options(self, ev)
        elif step == _DEALER:
            if 1 <= ev <= self.n:
                self.dealer = ev - 1
                self.step = _START
            elif ev == HASH:
                self.step = _START
            else:
                i = -1
        elif ev == HASH:
            return self.start()
        if i < 0:  # a key that does nothing at this step: said, on the hint row
            from kitapi.app.nokey import key

            key(app, ev)
        return None

    def size(self, ev):  # (a name the firmware interns anyway: no new one)
        """Key ``ev`` at the pouch's step: its size typed (the pouch, the pool, the kasa...), or with A the stake;
        -1 for a key that does nothing there."""
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
        else:
            return -1  # (a key that does nothing at this step)
        return 0

    def rules_step(self, i):
        """The system ``i`` of kitapi.registry is chosen: its family's pouch (or pool, kasa...) and options
        steps (``setup`` may put a module of those steps alone in ``sys``)."""
        from kitapi.registry import row

        self.options = [0] * 6
        self.step = _PLAYERS
        self.rules = row(i)[0]
        import gc

        gc.collect()  # (the rules step's pieces let go: the family's modules may need a new pool of names in
        # one piece, 3.8 KB for Preferans' fifth)
        self.sys = m = self.app.family(self.rules)
        m.setup(self)

    def add_player(self, name):
        """Seat ``name`` next, in NFC as the archive compares names ("Νίκος" with ί, not ι + U+0301): a name
        seated already, in either form, is refused as taken, as the core would refuse the game."""
        for i in range(len(name)):  # (a slice: a str's loop interns each character it gives, kitapi.game.check_name)
            o = ord(name[i : i + 1])
            if 0x300 <= o < 0x370 or 0x1F70 <= o < 0x2000 or o == 0x374 or o == 0x37E or o == 0x387:
                from kitapi.app import name as nfc  # (a combining mark, or a character NFC replaces)

                name = nfc.name(name)
                forget(nfc.__name__)
                break
        if name in self.players:  # say so, and type another
            taken = _WORDS[self.app.lang][0]
            self.app.message = taken % name[: 18 - len(taken)]
            return
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
            if name:
                self.add_player(name[:24])
            else:  # said, not dropped
                self.app.message = _WORDS[self.app.lang][1]
        elif 1 <= ev <= 9:
            t = app.ui.t
            latin = self.latin or t[_T_LETTERS] is None
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
                letters = (t[_T_CAPITALS] if capital else t[_T_LETTERS])[ev]
            c = letters[(letters.find(self.tapped) + 1) % len(letters)] if again else letters[0]
            self.tapped = c
            if len(self.typed) < 24:
                self.typed += c
        self.last_key = ev
        self.last_ms = now
        return None

    def start(self):
        if self.step == _OFFER:  # the table's game: its file removed first (an organiser's load starts one game;
            store = self.app.store  # a power cut between the two loses the offer, never starts the table twice)
            try:
                store.fs.remove(store.root + "/table")
            except OSError:
                pass
        return self.header()  # App.run starts the game once this wizard is let go (App.start_game)


def _systems():
    """The number of kitapi.registry's rows, counted a row at a time (no table of them kept); the registry let
    go again, as its ``load`` does.  (Here, not in kitapi.registry: every game past Prefa imports the registry,
    and each name of it is interned in the game's heap for good; the wizard's are gone when the game starts.)"""
    from kitapi.registry import row

    n = 0
    while row(n) is not None:
        n += 1
    forget("kitapi.registry")
    return n


def declared(rules, attribute):
    """What the ``Game`` class of rules id ``rules`` declares as ``attribute`` (its own or inherited), None if
    nothing or for an id the registry does not know: a family's new-game steps ask the class what to offer (its
    options: kitapi.app.systems.preferans.options).  The rules modules imported to ask are let go again: the
    game imports them when it starts, on the heap the wizard leaves."""
    import sys

    from kitapi.rules import load

    had = [k for k in sys.modules if k.startswith("kitapi.rules.")]
    value = getattr(load(rules), attribute, None)
    for k in [k for k in sys.modules if k.startswith("kitapi.rules.") and k not in had]:
        forget(k)
    return value


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
