"""The games kept on the box (menu: Games): a closed game viewed, an open one resumed; imported only here.

    Games        7-5           row 0: the numbers of the games on the page
    1 Prefa 28.11  +            rows 1-6: three games, newest first, two rows each: the digit that
     Ann Bob Cat                picks it, its system, the day it started (the header's "started");
    2 Sochi 27.11               + a game still open, > the one being played; then its players
     Dan Eve Fay
    ...
    1-3 +open A/B               row 7

A closed game stays on flash until the PC syncs and prunes it (docs/sync.md): a digit views it, read
only: the home screen on its settlement (who owes whom), B its standings, A its hands; * comes back to
the game being played.  An open game is resumed (asked first): it becomes the game being played, and
the one left stays open, to be resumed the same way.
"""

from kitapi import forget
from kitapi.app.home import Home
from kitapi.keys import KEY_A, KEY_B, KEY_C, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_VIEW = const("v")  # kitapi.app.nextboot.VIEW
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_CLOSED = const(65)
_T_GAMES = const(70)
_T_SYSTEMS = const(40)

_ROWS = const(3)  # games on a page: two rows each

# this module's words, by language (kitapi.app.main.LANGUAGES): here, not in the string tables the game
# keeps in the heap; the list's keys, resume, and the systems' names in 7 letters (kitapi.registry's, in its
# order, one string each, split when drawn: a short literal would be interned for good), written over the
# language's code when the firmware is built for the box (kitapi_host.names); one cut (its ".") gives way to
# the system's label on the Rules step, whole (13 letters at most)
WORDS = (
    ("1-3 +open A/B", "Resume game", "en"),
    ("1-3 +ανοιχτή A/B", "Συνέχεια", "el"),
    ("1-3 +открыта A/B", "Продолжить", "ru"),
)


def words(app):
    from kitapi.app.ui import LANGUAGES

    return WORDS[LANGUAGES.index(app.lang)]


def state(store, name):
    """(players, closed, system, day) of game ``name``: its header's names, whether its last record ends it,
    its system's place in kitapi.registry (-1: one it does not know) and the day it started ("28.11", ""
    without a clock)."""
    from kitapi.devlog import DevLogReader, crc16

    with store.open(name) as f:
        r = DevLogReader(f)
        h = r.header()
        players = h["players"]
        # the systems' ids, kitapi.registry's in its order: written over "ids" when the firmware is built for the
        # box (kitapi_host.names), so that the list reads no registry (its module in the heap cost the
        # hands list opened after it its room at 64 KB)
        ids = "ids".split("|")
        system = ids.index(h["rules"]) if h["rules"] in ids else -1
        started = h.get("started")
        day = ""
        if type(started) is str and len(started) >= 10 and started[4] == "-" and started[7] == "-":
            day = started[8:10] + "." + started[5:7]  # (ISO, UTC: kitapi.app.newgame.iso_utc)
        b = bytearray(8)
        if r.end - r.start >= 8:
            f.seek(r.end - 8)
            f.readinto(b)
            if b[0] >> 5 == 3 and crc16(b, 0, 6) == b[6] << 8 | b[7]:  # the end record (kitapi.game.OP_END)
                return players, True, system, day
    return players, False, system, day


class Games:
    """The list, a page at a time: the page's game numbers only (``nums``), found by a walk of games/ at each
    page (Store.names_in: no list of every name: 200 games did not fit 64 KB as a list of names)."""

    def __init__(self, app):
        self.app = app
        self.nums = self._page(-1, False)  # the newest page
        self.current = app.store.current()  # the game being played (None: none)
        self.rows = [None] * _ROWS  # type: list[Any]  # (players, closed, system, day) of each game, read when drawn

    def _page(self, bound, newer):
        """The numbers of a page, newest first: the _ROWS newest games older than game ``bound`` (-1: the
        newest of all), or with ``newer`` the _ROWS oldest newer than it."""
        from kitapi.app.store import game_number

        page = []  # type: list[int]  # kept in order as the walk goes: newest first
        try:
            for n in self.app.store.names_in():
                k = game_number(n)
                if k < 0 or (newer and k <= bound) or (not newer and bound >= 0 and k >= bound):
                    continue
                i = 0
                while i < len(page) and page[i] > k:
                    i += 1
                page.insert(i, k)
                if len(page) > _ROWS:
                    page.pop(-1 if not newer else 0)
        except OSError:  # no games/ to walk (a file of that name): no games
            pass
        return page

    def draw(self, ui):
        from kitapi.app.ui import cut

        t = ui.t
        nums = self.nums
        w = words(self.app)
        ui.title(t[_T_GAMES], "%d-%d" % (nums[0], nums[-1]) if len(nums) > 1 else "%d" % nums[0] if nums else "")
        for i in range(len(nums)):
            name = "%04d.kitapi" % nums[i]
            row = self.rows[i]
            if row is None:
                try:
                    row = self.rows[i] = state(self.app.store, name)
                except Exception:  # noqa: BLE001 - a header that does not read (OSError, RuleError...; a
                    # MemoryError of a header the heap cannot hold): shown, never opened
                    row = self.rows[i] = (("?",), True, -1, "")
            k = row[2]
            names = w[2].split("|")
            system = names[k] if 0 <= k < len(names) else "?"
            if system[-1:] == ".":  # a short name cut (its "."): the label, whole (a row "1 Leningrad" and its
                system = t[_T_SYSTEMS][k]  # mark fit 16; the day beside it where there is room)
            line = "%d %s %s" % (i + 1, system, row[3])
            ui.at(line if row[3] and len(line) <= 15 else "%d %s" % (i + 1, system), 0, 1 + 2 * i)
            mark = ">" if name == self.current else "" if row[1] else "+"
            if mark:
                ui.at(mark, 15, 1 + 2 * i)
            players = row[0]  # the names from the second column, each told apart: the room a short name leaves
            n = len(players)  # goes to the longer ones, none cut below 4 letters ("Ann" of "Anna"): four long
            room = 15  # names say fewer, then "…" (less said, in whole names or their abbreviations)
            while room > 4 and sum([min(len(a), room) for a in players]) + n - 1 > 15:
                room -= 1
            shown = [cut(players, k, room) for k in range(n)]
            line = " ".join(shown)
            while len(line) > 15:
                shown.pop()
                line = " ".join(shown) + chr(0x2026)  # (chr: a literal this short would be an interned name)
            ui.at(line, 1, 2 + 2 * i)
        if not nums:
            ui.at("-", 0, 2)
        ui.hint(w[0])

    def key(self, ev):
        app = self.app
        if ev == STAR:  # (opened after a soft reset: back to the game being played, or the start menu)
            if not app.trail and app.store.current() and hasattr(app.hw, "reset"):
                app.hw.reset()  # the game on a fresh heap: opened beside the list's pieces, its hands list found
            return app.back()  # no 464 bytes in 13 KB free (an eleventh system's game at 64 KB)
        if ev == KEY_A or ev == KEY_B:
            if self.nums:
                page = self._page(self.nums[-1], False) if ev == KEY_B else self._page(self.nums[0], True)
                if page:
                    self.nums = page
                    for i in range(_ROWS):
                        self.rows[i] = None
            return None
        if not 1 <= ev <= len(self.nums) or self.rows[ev - 1] is None or self.rows[ev - 1][0] == ("?",):
            return None
        name = "%04d.kitapi" % self.nums[ev - 1]
        if self.rows[ev - 1][1]:  # closed: viewed
            return view(app, name)
        if name == self.current:
            if app.g is not None:
                return app.home()
            _drop()
            return app.first_screen()
        from kitapi.app.menus import Confirm

        return app.go(self, Confirm(app, "%s %d?" % (words(app)[1], self.nums[ev - 1]), lambda: resume(app, name)))


class Viewed(Home):
    """The home screen of a closed game viewed, read only: row 1 says which; A its hands (read only too), B
    who owes whom or the standings, * or C back to the game being played."""

    def draw(self, ui):
        Home.draw(self, ui)
        words = ui.t[_T_CLOSED]
        line = "%d %s" % (int(self.app.store.name[:-7]), words)
        while len(line) > 16 and " " in words:  # ("1 Παρτίδα κλειστή": less said, in whole words: "1 κλειστή")
            words = words[words.index(" ") + 1 :]
            line = "%d %s" % (int(self.app.store.name[:-7]), words)
        ui.at(line, 0, 1)

    def key(self, ev):
        app = self.app
        if ev == STAR or ev == KEY_C:
            return leave(app)
        if ev == KEY_B:
            self.page ^= 1
        elif ev == KEY_A:
            from kitapi.app.history import History

            return app.go(self, History(app))
        return None


def view(app, name, hand=0, page=1):
    """Closed game ``name``, read only: the home screen on its settlement (``page`` 1; 0 its standings; the game
    being played let go, and replayed when it is left); with ``hand``, its hands list at that hand over it (*
    back from one of its hands: kitapi.app.readonly leaves these on the app's stack, App.back calls this).
    Short of heap (an evening of screens cuts it up), after a soft reset: the file ROOT/next says so
    (Store.next), and App.first_screen views it on the fresh heap."""
    app.g = None
    _drop()
    try:
        screen = app.open_game(name, True)
    except MemoryError:
        return app.retry(_VIEW, name)
    if app.g is None:  # it could not be read: back to the game being played, the reason said
        message = app.message
        screen = app.first_screen()
        app.message = message
        return screen
    app.message = ""
    screen = Viewed(app, page)  # (1: on who owes whom, the settlement)
    if hand:
        try:
            from kitapi.app.history import History

            hands = History(app)
        except MemoryError:
            return app.retry(_VIEW, name)
        hands.cursor = hand
        return app.go(screen, hands)  # (* on the list: the game's home screen, as it was)
    return screen


def leave(app):
    """Back from a closed game viewed: the game being played (or the start menu), after a soft reset where
    the board has one (the viewed system's names stay in the heap for good otherwise)."""
    app.g = None
    _restart(app)
    _drop()
    return app.first_screen()


def _restart(app):
    import sys

    if "kitapi.rules" in sys.modules and hasattr(app.hw, "reset"):
        app.hw.reset()


def resume(app, name):
    """Make open game ``name`` the game being played; the one left stays open."""
    app.g = None
    app.store.close()
    app.store.set_current(name)
    _restart(app)  # (a soft reset opens the current game: the one resumed)
    _drop()
    return app.open_game(name)


def _drop():
    """Let this module go: the game opened next has the heap (its functions live on while they run)."""
    forget("kitapi.app.games")
