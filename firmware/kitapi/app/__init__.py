"""The device's app (screens, hand wizards, storage), and the loop that runs it for ever.

``run(hw)`` is that loop: ``main.py`` runs it at boot, and ``kitapi.link`` when a sync's PC has gone
silent.  It lives in the package itself (no module of its own: on the device each module's name is an
interned string for good).  A MemoryError once the boot's first frame is out resets softly into the
current game (App.run); any other unexpected error is written to ROOT/crash.log, shown on the screen, and
the app starts again (after a soft reset, where the board has ``hw.reset()``: a fresh heap), into
the current game: the log on flash has every saved hand.  Ctrl-C
(KeyboardInterrupt) and SystemExit go through, to the REPL.
"""


import gc

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_ERROR = const(61)
_T_RESTARTING = const(62)


def _crashed(hw, e):
    """Log the error and say so on the screen until a key (or 10 s) passes."""
    try:
        from kitapi.app.store import Store

        Store(hw.root).crash(hw.time(), e)
    except Exception:  # noqa: BLE001 - nothing more can be done: keep going
        pass
    what = type(e).__name__[:16]
    try:  # in the language of the settings, if the app's modules still load
        from kitapi.app.main import load_language
        from kitapi.app.store import Store
        from kitapi.app.ui import UI

        t = load_language(Store(hw.root).settings()[2], False)
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


def run(hw):
    """Run the app on ``hw`` until Ctrl-C; any other error restarts it."""
    while True:
        try:
            from kitapi.app.main import App

            App(hw).run()
        except (SystemExit, KeyboardInterrupt):
            raise
        except Exception as e:  # noqa: BLE001 - the device must never stop
            _crashed(hw, e)
            if hasattr(hw, "reset"):  # a soft reset: a fresh heap (a MemoryError leaves it in pieces)
                hw.reset()
            gc.collect()
