"""Kitapi's firmware: boots straight into the game being played, or the start menu.

The board file (boards/<board>.py, copied to the device as board.py) is the
only place that names a pin; it builds the hardware object the app runs on.
An unexpected error is written to ROOT/crash.log, shown on the screen, and the
app starts again, into the current game: the log on flash has every saved hand.
"""

import gc

gc.collect()  # before anything else: the framebuffer and the app want large blocks

try:  # CircuitPython has a module "board" of its own: there the board file is kitapi_board.py
    import kitapi_board as board  # type: ignore[import-not-found]  # noqa: E402
except ImportError:
    import board  # type: ignore[import-not-found]  # noqa: E402

hw = board.make()


def _crashed(e):
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
        ui.title(t.ERROR)
        ui.at(what, 0, 2)
        ui.at(t.RESTARTING, 0, 5)
    except Exception:  # noqa: BLE001 - then in English, with framebuf's own font
        fb = hw.fb
        fb.fill(0)
        fb.text("Error", 0, 0, 1)
        fb.text(what, 0, 16, 1)
        fb.text("restarting...", 0, 40, 1)
    hw.display_power(True)
    hw.show()
    hw.key(10000)


while True:
    try:
        from kitapi.app.main import App

        App(hw).run()
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as e:  # noqa: BLE001 - the device must never stop
        _crashed(e)
        gc.collect()
