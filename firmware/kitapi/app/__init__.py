"""The device's app (screens, hand wizards, storage), and the loop that runs it for ever.

``run(hw)`` is that loop: ``main.py`` runs it at boot, and ``kitapi.link`` when a sync's PC has gone
silent.  It lives in the package itself (no module of its own: on the device each module's name is an
interned string for good).  A MemoryError once the boot's first frame is out resets softly into the
current game (App.run); any other unexpected error is written to ROOT/crash.log, shown on the screen, and
the app starts again (after a soft reset, where the board has ``hw.reset()``: a fresh heap), into
the current game: the log on flash has every saved hand.  Ctrl-C
(KeyboardInterrupt) and SystemExit go through, to the REPL.

No crash loop: an error before the app's first screen is up and settled (App.fails < 0 then) counts in ROOT/fails
("N WHAT", written whole then renamed: a power cut leaves the old count or the new; a damaged one reads as
one), and the first screen that settles removes it.  After two such boots in a row the app does not start:
the safe screen (kitapi.app.safe) says what failed, that a PC can still sync (the link needs nothing of
the app), and waits for # (try again) or C (again, without the current game).
"""

import gc

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_ERROR = const(61)
_T_RESTARTING = const(62)


_FAILS = const(2)  # boots in a row that fail before their first screen settles: then the safe screen


def fails(hw):
    """(N, WHAT) of ROOT/fails: the boots in a row that failed early, and the last error; (0, "") if there is
    none; (1, "") if it does not read (it is there: a boot failed; the first screen up removes it)."""
    path = hw.root + "/fails"
    fs = getattr(hw, "fs", None)
    try:
        with fs.open(path, "rb") if fs else open(path, "rb") as f:
            b = f.read(80)
    except OSError:  # none: the common case, one failed open
        return 0, ""
    try:
        n, _, what = b.decode().partition(" ")
        if 0 < len(n) < 4 and not n.strip("0123456789") and int(n) and b.endswith(b"\n"):
            return int(n), what.strip()
    except ValueError:  # not UTF-8
        pass
    return 1, ""


def _crashed(hw, e, early=0):
    """Log the error and say so on the screen until a key (or 10 s) passes; ``early``: the count of boots
    that failed before their first screen settled, this one included, written to ROOT/fails."""
    gc.collect()  # (what the failed work left: a MemoryError's crash.log and screen need the room)
    what = type(e).__name__[:16]
    fs = getattr(hw, "fs", None)
    if early:  # first, and with the least heap (short of it after a MemoryError): written whole, then renamed
        path = hw.root + "/fails"
        try:
            with fs.open(path + ".tmp", "w") if fs else open(path + ".tmp", "w") as f:
                f.write("%d %s\n" % (early, ("%s: %s" % (what, e)).replace("\n", " ")[:60]))
            if fs:
                fs.rename(path + ".tmp", path)
            else:
                import os

                os.rename(path + ".tmp", path)
        except Exception:  # noqa: BLE001 - nothing more can be done: keep going
            pass
    try:
        from kitapi.app.store import Store

        Store(hw.root, fs).crash(hw.time(), e)
    except Exception:  # noqa: BLE001 - nothing more can be done: keep going
        pass
    try:  # in the language of the settings, if the app's modules still load
        from kitapi.app.main import load_language
        from kitapi.app.store import Store
        from kitapi.app.ui import UI

        t = load_language(Store(hw.root, fs).settings()[2], False)
        ui = UI(hw, t)
        ui.clear()
        ui.title(t[_T_ERROR])
        ui.at(what, 0, 2)
        ui.at(t[_T_RESTARTING], 0, 5)
    except Exception:  # noqa: BLE001 - then in English, with framebuf's own font
        fb = hw.fb
        fb.fill(0)
        fb.text("Error", 0, 0, 1)
        fb.text(what, 0, 16, 1)
        fb.text("restarting...", 0, 40, 1)
    hw.display_power(True)
    hw.show()
    hw.key(10000)


def boot(g, _=None):
    """``main.py``'s boot without the pack (the simulator, CircuitPython, the tests): the board file's ``hw`` made
    (into ``g``, main.py's globals, where kitapi.link finds it), and the app run on it.  (With the pack:
    kitapi_pack.boot; the second argument is its.)"""
    import sys

    gc.collect()  # before anything else: the framebuffer and the app want large blocks
    if sys.implementation.name == "circuitpython":  # its own "board" names the pins: the board file is kitapi_board
        import kitapi_board as board  # type: ignore[import-not-found]
    else:
        import board  # type: ignore[import-not-found]
    g["hw"] = hw = board.make()
    run(hw)


def run(hw):
    """Run the app on ``hw`` until Ctrl-C; any other error restarts it.  First the home screen kept with what it
    was drawn from, if the files are still those: on the display before the app is loaded (kitapi.app.kept,
    imported only where there is a ROOT/home, then let go: none of it is the app's)."""
    from kitapi import forget

    kept = False
    fs = getattr(hw, "fs", None)
    try:
        (fs.open if fs else open)(hw.root + "/" + "home", "rb").close()  # (none: one failed open, no import)
        kept = __import__("kitapi.app.kept", None, None, "x").show(hw)
    except Exception:  # noqa: BLE001 - none, a file it cannot read, short of heap: none shown, the boot as before
        pass
    forget("kitapi.app.kept")
    while True:
        app = None
        n, what = fails(hw)
        try:
            if n >= _FAILS:
                from kitapi.app.safe import safe

                safe(hw, what)  # until the player asks to try again
                if hasattr(hw, "reset"):  # on a fresh heap
                    hw.reset()
                n = 0
                forget("kitapi.app.safe")  # (its heap is the app's now)
            from kitapi.app.main import App

            app = App(hw)
            app.fails = n
            app.run(kept)
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception as e:  # noqa: BLE001 - the device must never stop
            n = 0 if app is not None and app.fails < 0 else n + 1
            app = None  # (the app let go first: short of heap, the crash.log and the screen need its room)
            _crashed(hw, e, n)
            if hasattr(hw, "reset"):  # a soft reset: a fresh heap (a MemoryError leaves it in pieces)
                hw.reset()
            gc.collect()
