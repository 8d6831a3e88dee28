"""The app: one screen at a time, a key at a time, the game on flash.

A screen has ``draw(ui)`` and ``key(ev)``; ``key`` returns the next screen, or
None to stay.  Screens are made when the user moves to them, never per key.
The app owns the game (replayed from its log) and the store; it turns the
display off after the idle time, and the key that wakes it is not acted on.
"""

import sys  # (here once: an import in a function is a search of the interned names a level, 0.2 ms on the pico-rig)

from kitapi.app.ui import LANGUAGES

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_NEW = const("1")  # kitapi.app.nextboot.NEW
_GAMES = const("g")  # kitapi.app.nextboot.GAMES
_VIEW = const("v")  # kitapi.app.nextboot.VIEW
_FIX = const("f")  # kitapi.app.nextboot.FIX
_MEND = const("k")  # kitapi.app.nextboot.MEND
_START = const("s")  # kitapi.app.nextboot.START
_MEMORY = const("m")  # kitapi.app.nextboot.MEMORY
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

# VSYS in mV: empty and full, for the gauge, and the warning (hardware/power.md, "Low battery")
_EMPTY_MV = const(2750)  # 3 NiMH or alkaline cells, through the Schottky diode
_FULL_MV = const(3950)
_WARN_MV = const(3050)
_LEAST_MV = const(1800)  # the Pico's least VSYS (1.8-5.5 V): less is no reading (kitapi doctor's LEAST_MV)
_ASLEEP_MS = const(3600000)  # how long one wait lasts while the display is off
_LONG = const(16)  # kitapi.keys.LONG: a key held for the long-press time
_ROOMY = const(49152)  # the heap free for the family's texts kept from the boot (_warm): a Pico's, not a 64 KB one's


def _texts(name, code):
    """The module of texts ``name`` (App.pt) in language ``code``, as _forget takes it."""
    if name == "damage":
        return "app.damage_" + code
    return "app.systems.%s.lang_%s" % (name, code)


def _forget(names, collect=True):
    """Let modules of the kitapi package go (``kitapi.forget``; their names without "kitapi."; imported again
    when needed); with ``collect``, the heap collected if any went."""
    import gc

    from kitapi import forget

    gone = False
    for name in names:
        if forget("kitapi." + name):
            gone = True
    if gone and collect:  # (a collection costs time at every boot otherwise)
        gc.collect()


def _warm(app):
    """After the boot's first frame, while the player looks: the family's hand wizard, what the first save needs
    and littlefs's allocator (Store.warm), and the family's texts, which the first hand's first frame imported
    (10 ms on the pico-rig: each string of them interned, a search of the interned ones), where the heap has room
    to spare: kept from the boot, they cost the whole game's heap (a Preferans game in 64 KB ran short of it over
    and over in a random walk), so a small heap imports them at the first hand, as before."""
    import gc

    fam = app.sys
    app.store.warm(["kitapi." + m for m in fam.MODULES if m.endswith(".wiz")])
    name = fam.__name__[19:]  # (kitapi.app.systems.<family>)
    if _texts(name, "en") in fam.MODULES and getattr(gc, "mem_free", int)() > _ROOMY:  # (CPython: none, 0)
        try:
            app.pt(name)
        except MemoryError:  # (left to the first hand, as Store.warm leaves the rest)
            pass
    gc.collect()


def _keep(app, screen, off):
    """The home frame kept for the next boot (kitapi.app.kept, imported for it and let go after): the boot's first
    frame, or drawn again as a boot draws it once the display is off (``off``); True (done, or not a game's home)."""
    if app.g is not None and type(screen).__name__ == "Home":
        m = "kitapi.app.kept"  # (a name of more than 10 letters: none interned here)
        try:
            __import__(m, None, None, "x").write(app, screen, off)
        except Exception:  # noqa: BLE001 - a full flash, short of heap: the boot as before
            pass
        _forget([m[7:]])  # (collected at once: a game typed after it found its heap cut up)
    return True


def _forget_new_game():
    """Let the new-game wizard go: kitapi.app.newgame and a family's new-game steps (its ``options``); and
    the start menu's module (kitapi.app.menus, imported again when a menu is opened)."""
    steps = [k[7:] for k in sys.modules if k.startswith("kitapi.app.systems.") and k.endswith(".options")]
    _forget(["app.newgame", "app.menus"] + steps)


def load_language(code, drop=True):
    """The string table of a language: the tuple ``T`` of its module, imported when chosen.

    With ``drop``, the tables of the other languages are let go, so that only
    one is in memory (each holds some 5 KB of heap).
    """
    if drop:
        _forget(["app.lang_" + other for other in LANGUAGES if other != code])
    # by its name made here: three import statements would intern the three modules' names at every boot
    return __import__("kitapi.app.lang_" + (code if code in LANGUAGES else "en"), None, None, "T").T


class App:
    def __init__(self, hw):
        from kitapi.app.store import Store  # (here, not at the top: no name in this module's table, which every
        from kitapi.app.ui import UI  # boot keeps: 11 names where 13 took it past its step)

        self.hw = hw
        self.store = Store(hw.root, getattr(hw, "fs", None))  # (a board may pass its own file layer)
        self.contrast, self.sleep_s, self.lang = self.store.settings()
        self.ui = UI(hw, load_language(self.lang))
        hw.contrast(self.contrast)
        self.g = None  # type: Any  # the game being played
        self._pt = None  # type: Any  # the texts of a system's own screens (pt())
        self._ptf = ""  # whose: a family's (kitapi.app.systems.<family>.lang_xx), or "damage"
        self.sys = None  # type: Any  # the screens of the open game's family, kitapi.app.systems.<family>
        self.message = ""  # a line for the home screen (damage found, an error)
        self.over = False  # while a hand is edited (the game let go: history): whether the game was over
        self.redo = None  # type: Any  # a damaged hand being entered again: (its number, its dealer, a line)
        self.trail = []  # type: list[Any]  # the navigation stack: the screens * goes back to (go, back)
        self.again = False  # this boot does what a MemoryError stopped before its reset (retry)
        self.fails = 0  # the boots in a row that failed before the first screen settled (ROOT/fails: removed
        # once it has), -1 once it has (kitapi.app.run: a failure from then on is no failed boot)

    # --- the game -----------------------------------------------------------

    def open_game(self, name, ro=False):
        """Replay the game ``name`` from its log; the home screen, or the start menu if it cannot be read.

        With ``ro``, a closed game viewed (kitapi.app.games): its log is not opened for appending
        (``store.log`` None while ``g`` is the game: the screens read it as "viewed, read only")."""
        from kitapi.game import RuleError

        try:
            self.g, damage = self.store.load(name, None, ro)
        except (OSError, RuleError) as e:  # said whole (kitapi.app.refusal), then the start menu; the line kept
            self.g = None  # for a screen that goes elsewhere (kitapi.app.games.view): its home says it
            from kitapi.app.refusal import say

            return say(self, 2, e)  # 2: kitapi.app.refusal.OPEN (no name here)
        # the new-game wizard and the menus are done with; and the modules of another family (the last
        # game's, one the new-game wizard looked at), but those this one uses too (the kasa game: Prefa's)
        old = self.sys
        self.sys = self.family(self.g.name)
        keep = self.sys.MODULES
        self._drop_pt()
        gone = [k[7:] for k in sys.modules if k.startswith("kitapi.app.systems.") and k[7:] not in keep]
        _forget(["app.newgame", "app.menus"] + gone + ([m for m in old.MODULES if m not in keep] if old else []))
        self.redo = None
        self.short = names = self.g.players  # the names where room is short (all fit: the names themselves)
        for a in names:
            if len(a) > 6:  # one abbreviation each, for the whole game (kitapi.app.names: loaded only then)
                from kitapi.app.names import short

                self.short = short(names)
                break
        if ro:  # a closed game, read only
            return self.home()
        if self.g.ended:  # closed in its log, the power lost before it stopped being current
            self.store.close()
            self.store.set_current("")
            self.g = None
            return self.start_menu()
        if damage:  # damaged records were skipped (kitapi.devlog), a torn last one cut off: said there
            from kitapi.app.damaged import open_game

            return open_game(self, damage)
        return self.home()

    def family(self, rules):
        """The screens of rules id ``rules``: kitapi.app.systems.<its family> (kitapi.registry's family
        column), imported.  kitapi.registry is let go again, as its ``load`` does.  (Asked for Prefa too:
        without the registry read at the boot a Prefa game's damaged hand entered again found no heap for
        its save at 64 KB, tests/device/test_app.py.)"""
        from kitapi import forget
        from kitapi.registry import row

        family = row(rules)[1]
        forget("kitapi.registry")
        return __import__("kitapi.app.systems." + family, None, None, "x")  # (the module)

    def start_game(self, header):
        """Start a new game from its header (None: the one kept for this boot): kitapi.app.shell.start_game,
        imported then (the boot's first frame needs none of it)."""
        from kitapi.app.shell import start_game

        return start_game(self, header)

    def save_hand(self, w):
        """Save the hand of wizard ``w``: kitapi.app.shell.save_hand (the wizard imported it with the shell: found
        loaded, not imported, 0.47 ms on the pico-rig at every save)."""
        m = sys.modules.get("kitapi.app.shell")
        if m is None:
            from kitapi.app.shell import save_hand

            return save_hand(self, w)
        return m.save_hand(self, w)

    def reload(self):
        """Replay the current game again (after a correction; short of heap: App.run's soft reset, whose
        boot opens the game, the same home screen).  (A hand fixed from the hands list: kitapi.app.history.fixed,
        the list again at it.)"""
        return self.open_game(self.store.name)

    def retry(self, what, n="", p=-1):
        """Short of heap for ``what`` (an evening of screens cuts the heap up): a soft reset, and the boot
        does it on a fresh heap (ROOT/next: ``Store.next``, its letters and arguments; read by
        App.first_screen: ``again``); a board without a reset, or a fresh heap that had no room for it
        either (``again``): the error."""
        if self.again or not hasattr(self.hw, "reset"):
            raise MemoryError
        self.store.next(what, n, p)
        self.hw.reset()

    def number(self):
        """The number of the hand to enter: its place in the log (docs/firmware.md), the number the hands list
        and every confirmation give it, deleted hands counted; a damaged hand's own while it is entered again."""
        return self.redo[0] if self.redo else self.store.seq + 1

    def next_dealer(self):
        """The dealer of the hand to enter: a damaged hand's own while it is entered again, else the core's."""
        return self.redo[1] if self.redo else self.g.next_dealer()

    # --- moving around: a small navigation stack ------------------------------------

    def go(self, here, there):
        """Screen ``there``, opened from screen ``here``: * on it comes back to ``here`` (``back``)."""
        self.trail.append(here)
        return there

    def back(self):
        """The screen * goes back to: the last one a screen was opened from (``go``); with none, the home
        screen (the root: the home screen, the start menu and a game opened empty the stack, so that no
        screen left behind stays in the heap), or, with no game open, the game being played or the
        start menu.  Screens let go with their modules while another is shown are on the stack as what makes
        them again: a closed game's hands list and home screen, while one of its hands is shown
        (kitapi.app.readonly), as the arguments of kitapi.app.games.view (a tuple: game, hand, page)."""
        t = self.trail
        if t:
            s = t.pop()
            if type(s) is tuple:
                from kitapi.app.games import view

                return view(self, s[0], s[1], s[2])
            return s
        return self.home() if self.g is not None else self.first_screen()

    def home(self):
        del self.trail[:]
        if self.g is None and self.store.log is not None:  # back from editing a hand: the game replayed again
            return self.reload()
        if "kitapi.app.menus" in sys.modules:  # a menu is done with: imported again when one is opened
            _forget(["app.menus"])
        m = sys.modules.get("kitapi.app.home")  # (found loaded, not imported: 0.47 ms on the pico-rig)
        if m is None:
            from kitapi.app.home import Home

            return Home(self)
        return m.Home(self)

    def history(self, number=0):
        """The hands list (at hand ``number``: an edit given up; no name of its own in this module, which every
        boot loads: kitapi.app.history.History)."""
        from kitapi.app.history import History

        return History(self, number)

    def start_menu(self):
        del self.trail[:]
        from kitapi.app.menus import StartMenu

        return StartMenu(self)

    def battery_level(self):
        """The gauge, 0-4, or -1 with no battery reading; and whether it is low."""
        mv = self.hw.battery_mv()
        if mv < _LEAST_MV:  # -1 (none), or a pin that reads no VSYS (the pico-rig's ADC reads 0 until set)
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

    def pt(self, name):
        """The texts of a family's own screens in the chosen language, kitapi.app.systems.<name>.lang_<language>
        ("damage": a damaged log's, kitapi.app.damage_<language>), loaded on first use; another
        family's are let go."""
        if self._pt is None or self._ptf != name:
            self._drop_pt()
            self._pt = __import__("kitapi." + _texts(name, self.lang), None, None, "x").T  # (its tuple)
            self._ptf = name
        return self._pt

    def save_settings(self):
        self.hw.contrast(self.contrast)
        self.store.save_settings(self.contrast, self.sleep_s, self.lang)

    # --- the loop ----------------------------------------------------------------

    def first_screen(self):
        store = self.store
        op, a, b = store.note()
        # ROOT/next: what was asked for before a soft reset, done once: a new game, the games kept, or what a
        # MemoryError stopped (App.retry): a closed game viewed (kitapi.app.games.view), a hand edited,
        # deleted or corrected (kitapi.app.history.again), an edit saved (kitapi.app.mend.again).  Removed
        # before it is acted on (Store.note), so that one that stops the boot is not acted on again
        if not op:
            name = store.current()
            screen = self.open_game(name) if name else self.start_menu()
        elif op == _NEW:
            from kitapi.app.newgame import NewGame

            screen = NewGame(self)
        elif op == _START:  # the new game's header, checked and written on this fresh heap
            screen = self.start_game(None)
        elif op == _GAMES:
            from kitapi.app.games import Games

            screen = Games(self)
        elif op != _MEMORY:
            self.again = True  # (short of heap again: no second reset for it, "Out of memory" instead)
            try:
                if op == _VIEW:  # a closed game viewed (kitapi.app.games)
                    from kitapi.app.games import view

                    screen = view(self, a)
                elif op == _FIX or op == _MEND:  # an edit saved (kitapi.app.mend: one that ends the game earlier
                    screen = __import__("kitapi.app.mend", None, None, "x").again(self, a, b, op)  # offers D)
                else:
                    from kitapi.app.history import again

                    screen = again(self, op, a, b)
            except MemoryError:  # this fresh heap short even so (what is on flash stays): said over the game
                op = _MEMORY
                screen = self.g = None
                _forget(["app.history", "app.mend", "app.games"])
        if op == _MEMORY:  # App.run's MemoryError: the game opened as at any boot, then said in the player's
            try:  # language (the words' module imported after the game: it cut the heap up)
                name = store.current()
                screen = self.open_game(name) if name else self.start_menu()
                try:
                    from kitapi.app.refusal import memory
                except MemoryError:  # no room for the words beside the game: said alone, the start menu after
                    screen = self.g = None
                    _forget(["app.refusal", "app.said"])
                    from kitapi.app.refusal import memory
                screen = memory(self, screen)
            except MemoryError:  # after a retry that failed on this boot (its heap left in pieces): one more
                if not self.again or not hasattr(self.hw, "reset"):  # reset, whose boot has no retry before
                    raise  # the game (short even so: kitapi.app.run's error, counted in ROOT/fails)
                self.g = screen = None
                store.next(_MEMORY)
                self.hw.reset()
        if store.bad:  # a small file set aside (Store.aside): said once, on the first screen
            from kitapi.app.safe import RESET, say

            say(self, RESET, store.bad)
            store.bad = ""
        return screen

    def run(self, kept):
        """The loop; ``kept``: the boot showed the home frame kept (kitapi.app.kept), the one its first frame draws."""
        import gc

        hw = self.hw
        store = self.store
        screen = self.first_screen()
        on = True
        done = store.seq  # the hand numbers at the last checkpoint written (or at the boot)
        warm = self.g is not None
        ran = False  # a frame sent since the boot
        try:
            while True:
                self.ui.clear()
                screen.draw(self.ui)
                self.ui.show()
                store.flush(True)  # a saved hand's record from ROOT/journal to the log (kitapi.app.store)
                self.ui.note = ""  # (a refused key's words, kitapi.app.nokey: this frame's only)
                ran = True
                # The rest waits until the frame is out, not between a key and its pixels (on the pico-rig a
                # collection took 5.4 ms a key, a checkpoint 36 ms: docs/firmware.md).
                _forget(["app.fitline"], False)  # lines made to fit in this frame (ui.fitted): imported once
                gc.collect()  # a frame, not once a line; let go before the next key (a 64 KB heap keeps no room)
                if (store.due or store.seq != done and not store.seq % 16) and self.g is not None:
                    # every 16th hand a checkpoint (kitapi.app.ckpt): a boot replays the hands after it.  Here,
                    # once the hand's wizard is let go: the hand is on flash, the heap at its lowest; and the one
                    # a long replay owes (Store.load), after the boot's first frame
                    done = store.seq
                    store.dump(self.g)
                    gc.collect()
                if warm:  # after the boot's first frame, while the player looks (_warm)
                    warm = False
                    _warm(self)
                self.again = False  # (what a retry did is done: a fix short of heap later retries again)
                if self.fails >= 0:  # the first screen is up and settled: a failure from here on is no
                    if self.fails:  # failed boot (kitapi.app.run)
                        try:
                            store.fs.remove(store.root + "/fails")
                        except OSError:
                            pass
                    self.fails = -1
                if hasattr(hw, "long_keys"):  # (a board whose keypad can act on the press)
                    hw.long_keys = getattr(screen, "long_keys", b"")  # every other key acts on its press
                while True:
                    if not kept:  # the home frame kept for the next boot (_keep): after the boot's first frame,
                        kept = _keep(self, screen, not on)  # and once the display is off (idle time)
                    ev = hw.key(self.sleep_s * 1000 if on and self.sleep_s else _ASLEEP_MS)
                    if ev < 0:
                        if on and self.sleep_s:
                            hw.display_power(False)
                            on = False
                            kept = False  # (an evening ends at its home screen: kept for the next boot)
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
                    _forget_new_game()
                    screen = self.start_game(nxt)
                elif nxt is not None:
                    screen = nxt
        except MemoryError:  # an evening has cut the heap up: a soft reset, and the boot opens the game (its hands
            # all on flash; an edit or a deletion comes back where it was: App.retry).  Not before the boot's first
            # frame is out (a first screen too big for the heap: kitapi.app.run's error); after it, a key each time
            if not ran and not self.again or not hasattr(hw, "reset"):  # (a soft reset's own first screen too
                raise  # big: "Out of memory" over the game after one more, whose boot has no such second chance)
            note = getattr(screen, "note", None)  # (a screen that ran out of heap half way: what the boot does
            self.g = screen = None  # instead, Store.next's arguments: kitapi.app.mend) the boot after the reset
            gc.collect()  # says so (App.first_screen: kitapi.app.refusal.memory); the game and the screen let go
            try:  # first: the note needs a little room
                store.next(*note) if note else store.next(_MEMORY)
            except Exception:  # noqa: BLE001 - no room even for the note: the reset still gives a fresh heap
                pass
            hw.reset()
