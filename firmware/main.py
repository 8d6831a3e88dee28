"""Kitapi's firmware: boots straight into the game being played, or the start menu.

The board file (boards/<board>.py, copied to the device as board.py) is the
only place that names a pin; it builds the hardware object the app runs on.
The app runs for ever (kitapi.app.run): an unexpected error is logged, shown,
and the app starts again, into the current game.  ``hw`` stays a global here, so
that ``kitapi.link`` can run the app again on it after a sync (docs/sync.md).
"""

import gc

gc.collect()  # before anything else: the framebuffer and the app want large blocks

try:  # CircuitPython has a module "board" of its own: there the board file is kitapi_board.py
    import kitapi_board as board  # type: ignore[import-not-found]  # noqa: E402
except ImportError:
    import board  # type: ignore[import-not-found]  # noqa: E402

hw = board.make()

from kitapi.app import run  # noqa: E402

run(hw)
