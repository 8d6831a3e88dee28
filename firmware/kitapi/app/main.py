"""The app: one screen at a time, a key at a time, the game on flash.

A screen has ``draw(ui)`` and ``key(ev)``; ``key`` returns the next screen, or
None to stay.  Screens are made when the user moves to them, never per key.
The app owns the game (replayed from its log) and the store; it turns the
display off after the idle time, and the key that wakes it is not acted on.
"""

from kitapi.app.store import Store
from kitapi.app.ui import UI

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
try:
    from typing import Any
except ImportError:  # MicroPython: the hints are comments
    pass

CONTRASTS = (16, 64, 128, 192, 255)
SLEEPS = (30, 60, 120, 300, 0)  # seconds; 0: never
LANGUAGES = ("en", "el", "ru")
# VSYS in mV: empty and full, for the gauge, and the warning (hardware/power.md, "Low battery")
_EMPTY_MV = const(2750)  # 3 NiMH or alkaline cells, through the Schottky diode
_FULL_MV = const(3950)
_WARN_MV = const(3050)
_ASLEEP_MS = const(3600000)  # how long one wait lasts while the display is off
_LONG = const(16)  # kitapi.app.keys.LONG: a key held for the long-press time


# The modules of each game system (rules, log form, hand wizard): imported when a game of
# that system is opened, let go when a game of the other is.
_PREFA_MODULES = ("rules.prefa", "rules.prefa_json", "app.systems.prefa.wiz")
_PREFERANS_MODULES = ("rules.preferans", "rules.preferans_json", "app.systems.preferans.wiz",
                      "app.systems.preferans.lang_en", "app.systems.preferans.lang_el",
                      "app.systems.preferans.lang_ru")  # fmt: skip


# rules id: its screens module, kitapi.app.sys_<x>, for screens(); one string, whose ids do not become
# interned names (qstrs) on the device as short literals would: each costs heap for good
_SCREENS = " prefa_kasa:kasa preference_at:pot preference_illustrated:pot preference_us:pot priffe:priffe "


def screens(name):
    """The module of the screens of rules id ``name``, for every system but Prefa (kitapi.app.handwiz) and
    Russian Preferans and Balkan (kitapi.app.prefwiz); None for those.  Imported when a game of it is
    started or opened, let go when a game of another is.

    Such a module (kitapi.app.sys_kasa, sys_pot for the three Préférence games, sys_priffe) has:

    - ``MODULES``: its modules (as ``_forget`` takes them), its rules' and texts' included;
    - ``SEATS``: the numbers of players it allows ("34": three or four);
    - ``setup(ng)``, ``size_name(ng)``, ``draw_options(ui, ng)``, ``key_options(ng, ev)``, ``options(ng)``:
      the new-game wizard's (kitapi.app.newgame.NewGame ``ng``) pouch and options steps, and the
      header's options;
    - ``draw_home(ui, app)``: the home page's rows 2-6; ``key_home(app, ev)``: a home key the home screen
      leaves to it (digits, D): the next screen or None;
    - ``describe(app, g, h)``: a hand in a few words (the hands list); ``edit(app, number, h)``: the wizard
      for hand ``number``;
    - ``transfers(g)``: who pays whom, [(payer, payee, amount as text)].
    """
    i = _SCREENS.find(" %s:" % name)
    if i < 0:
        return None
    i += len(name) + 2
    return __import__("kitapi.app.systems." + _SCREENS[i : _SCREENS.find(" ", i)], None, None, ("x",))  # (the module)


def _texts(name, code):
    """The module of texts ``name`` (App.pt) in language ``code``, as _forget takes it."""
    if name == "damage":
        return "app.damage_" + code
    return "app.systems.%s.lang_%s" % ("preferans" if name == "pref" else name, code)


def _forget(names):
    """Let modules of the kitapi package go (they are imported again when needed)."""
    import gc
    import sys

    gone = False
    for name in names:
        full = "kitapi." + name
        if full in sys.modules:
            del sys.modules[full]
            package, _, leaf = full.rpartition(".")
            parent = sys.modules.get(package)
            if parent is not None and hasattr(parent, leaf):
                delattr(parent, leaf)
            gone = True
    if gone:  # (a collection costs time at every boot otherwise)
        gc.collect()


def load_language(code, drop=True):
    """The string table of a language: a module, imported when chosen.

    With ``drop``, the tables of the other languages are let go, so that only
    one is in memory (each holds some 5 KB of heap).
    """
    if drop:
        import sys

        import kitapi.app as package

        for other in LANGUAGES:
            name = "lang_" + other
            if other != code and "kitapi.app." + name in sys.modules:
                del sys.modules["kitapi.app." + name]
                if hasattr(package, name):
                    delattr(package, name)
    if code == "el":
        import kitapi.app.lang_el as t
    elif code == "ru":
        import kitapi.app.lang_ru as t  # type: ignore[no-redef]
    else:
        import kitapi.app.lang_en as t  # type: ignore[no-redef]
    return t


class App:
    def __init__(self, hw):
        self.hw = hw
        self.store = Store(hw.root, getattr(hw, "fs", None))  # (a board may pass its own file layer)
        self.contrast, self.sleep_s, self.lang = self.store.settings()
        self.ui = UI(hw, load_language(self.lang))
        hw.contrast(self.contrast)
        self.g = None  # type: Any  # the game being played
        self._pt = None  # type: Any  # the texts of a system's own screens (pt())
        self._ptf = ""  # whose: "pref", or a system's (kitapi.app.sys_*)
        self.sys = None  # type: Any  # the screens of the open game's system, if it has its own (screens())
        self.message = ""  # a line for the home screen (damage found, an error)
        self.over = False  # while a hand is edited (the game let go: history): whether the game was over
        self.redo = None  # type: Any  # a damaged hand being entered again: (its number, its dealer, a line)

    # --- the game -----------------------------------------------------------

    def open_game(self, name, ro=False):
        """Replay the game ``name`` from its log; the home screen, or the start menu if it cannot be read.

        With ``ro``, a closed game viewed (kitapi.app.games): its log is not opened for appending
        (``store.log`` None while ``g`` is the game: the screens read it as "viewed, read only")."""
        from kitapi.game import RuleError

        try:
            self.g, damage = self.store.load(name, None, ro)
        except (OSError, RuleError) as e:
            self.g = None
            self.message = str(e)
            return self.start_menu()
        # the new-game wizard is done with, and the menus (imported again when one is opened); and the other
        # systems' modules
        name = self.g.name
        old = self.sys
        self.sys = screens(name)
        self._drop_pt()
        gone = ("app.newgame", "app.systems.preferans.options") + (
            old.MODULES if old is not None and old is not self.sys else ()
        )
        greek = name == "prefa" or name == "prefa_kasa"  # (the kasa game's hands are Prefa's)
        preferans = self.sys is None and name != "prefa"  # Russian Preferans and Balkan
        _forget(gone + (() if greek else _PREFA_MODULES) + (() if preferans else _PREFERANS_MODULES))
        self.redo = None
        if ro:  # a closed game, read only
            return self.home()
        if self.g.ended:  # closed in its log, the power lost before it stopped being current
            self.store.close()
            self.store.forget_current()
            self.g = None
            return self.start_menu()
        if damage:  # damaged records were skipped (kitapi.devlog), a torn last one cut off: said there
            from kitapi.app.damaged import open_game

            return open_game(self, damage)
        return self.home()

    def start_game(self, header):
        """Start a new game: the core checks its header before anything is written; then its home screen,
        or the start menu with the reason it could not start."""
        import kitapi.app.home  # noqa: F401  (before the game's modules: the heap's peak is the game's start)
        from kitapi.game import RuleError, new_game

        try:
            new_game(header)
            name = self.store.new_game(header)
            self.store.remember(header["players"])
        except (OSError, RuleError) as e:
            self.message = str(e)
            return self.start_menu()
        return self.open_game(name)

    def save_hand(self, w):
        """Save the hand of wizard ``w`` (its ``g``, ``h``, ``number``: 0 a new hand, else the hand it edits).

        On flash first (a correction record for an edit), then in the standings;
        the next screen, or None with ``w.error`` set if it could not be saved.
        """
        from kitapi.game import RuleError

        g = w.g
        h = w.h
        if w.error:
            return None
        payload = g.pack(h)
        store = self.store
        number = w.number or (self.redo[0] if self.redo else 0)  # an edit, a damaged hand again: a correction
        over = False
        try:
            if number:
                over = store.check_fix((number, payload)).over  # the end, recomputed from the corrected log
                store.replace_hand(number, payload)
            else:
                g.check(h)
                store.add_hand(payload)  # on flash first,
        except (OSError, RuleError) as e:
            w.error = "%s %s" % (self.ui.t.NOT_SAVED, e)
            return None
        if number:
            if w.number and over != self.over:  # the correction reopens the game, or ends it: the home screen says so
                self.message = self.ui.t.GAME_OVER if over else self.ui.t.REOPENED
            g = w.g = None  # (the game before the hand: let go before the replay)
            return self.reload()
        g.apply(h)  # then in the standings
        store.last = store.seq
        self.message = self.ui.t.SAVED
        if g.over:
            from kitapi.app.menus import Settle

            return Settle(self)
        return self.home()

    def reload(self):
        """Replay the current game again (after a correction)."""
        return self.open_game(self.store.name)

    def number(self):
        """The number of the hand to enter: its place in the log (docs/firmware.md), the number the hands list
        and every confirmation give it, deleted hands counted; a damaged hand's own while it is entered again."""
        return self.redo[0] if self.redo else self.store.seq + 1

    def next_dealer(self):
        """The dealer of the hand to enter: a damaged hand's own while it is entered again, else the core's."""
        return self.redo[1] if self.redo else self.g.next_dealer()

    def home(self):
        if self.g is None and self.store.log is not None:  # back from editing a hand: the game replayed again
            return self.reload()
        from kitapi.app.home import Home

        return Home(self)

    def start_menu(self):
        from kitapi.app.menus import StartMenu

        return StartMenu(self)

    def battery_level(self):
        """The gauge, 0-4, or -1 with no battery reading; and whether it is low."""
        mv = self.hw.battery_mv()
        if mv < 0:
            return -1, False
        level = (mv - _EMPTY_MV) * 5 // (_FULL_MV - _EMPTY_MV)
        return (0 if level < 0 else 4 if level > 4 else level), mv < _WARN_MV

    def set_language(self, code):
        self.lang = code
        self._drop_pt()
        self.ui.t = load_language(code)

    def _drop_pt(self):
        if self._pt is not None:
            self._pt = None
            _forget([_texts(self._ptf, code) for code in LANGUAGES])

    def pt(self, name="pref"):
        """The texts of a system's own screens in the chosen language, kitapi.app.<name>_<language>
        ("pref": the Preferans screens'; "damage": a damaged log's), loaded on first use; another
        system's are let go."""
        if self._pt is None or self._ptf != name:
            self._drop_pt()
            self._pt = __import__("kitapi." + _texts(name, self.lang), None, None, ("x",))  # (the module)
            self._ptf = name
        return self._pt

    def save_settings(self):
        self.hw.contrast(self.contrast)
        self.store.save_settings(self.contrast, self.sleep_s, self.lang)

    # --- the loop ----------------------------------------------------------------

    def first_screen(self):
        store = self.store
        nxt = store._read("next")
        if nxt:  # a new game (or "g": the games kept) was asked for before a soft reset (new_game): once
            store.fs.remove(store.root + "/next")
            if nxt == "g":
                from kitapi.app.games import Games

                return Games(self, None)
            from kitapi.app.newgame import NewGame

            return NewGame(self)
        name = self.store.current()
        return self.open_game(name) if name else self.start_menu()

    def run(self):
        import gc

        hw = self.hw
        store = self.store
        screen = self.first_screen()
        on = True
        done = store.seq  # the hand numbers at the last checkpoint written (or at the boot)
        while True:
            gc.collect()
            if store.seq != done and not store.seq % 16 and self.g is not None:
                # every 16th hand a checkpoint (kitapi.app.ckpt): a boot replays the hands after it.  Here,
                # once the hand's wizard is let go: the hand is on flash, the heap at its lowest
                done = store.seq
                store.dump(self.g)
                gc.collect()
            self.ui.clear()
            screen.draw(self.ui)
            self.ui.show()
            if hasattr(hw, "long_keys"):  # (a board whose keypad can act on the press)
                hw.long_keys = getattr(screen, "long_keys", b"")  # every other key acts on its press
            while True:
                ev = hw.key(self.sleep_s * 1000 if on and self.sleep_s else _ASLEEP_MS)
                if ev < 0:
                    if on and self.sleep_s:
                        hw.display_power(False)
                        on = False
                    continue
                if not on:  # the key that wakes the display is not acted on
                    hw.display_power(True)
                    on = True
                    continue
                break
            if ev & _LONG and (ev & 15) not in getattr(screen, "long_keys", b""):
                ev &= 15  # a key held long where it has no long meaning: a normal press
            nxt = screen.key(ev)
            if type(nxt) is dict:  # a new game's header: the wizard that made it is let go first
                screen = None
                _forget(("app.newgame", "app.systems.preferans.options"))  # the new-game wizard's
                screen = self.start_game(nxt)
            elif nxt is not None:
                screen = nxt
