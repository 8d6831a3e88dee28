"""Kitapi's firmware: boots straight into the game being played, or the start menu.

The board file (boards/<board>.py, copied to the device as board.py) is the
only place that names a pin; it builds the hardware object the app runs on.
The app runs for ever (kitapi.app.run): an unexpected error is logged, shown,
and the app starts again, into the current game.  ``hw`` stays a global here, so
that ``kitapi.link`` can run the app again on it after a sync (docs/sync.md).
On MicroPython the firmware's modules come from one file, ``kitapi.pack``
(kitapi_pack.py: an import from it looks nothing up on the flash).
"""

import gc

gc.collect()  # before anything else: the framebuffer and the app want large blocks

import sys  # noqa: E402

if sys.implementation.name == "circuitpython":  # its own module "board" names the pins: the board file is
    import kitapi_board as board  # type: ignore[import-not-found]  # kitapi_board.py  # noqa: E402
else:  # (not tried first on MicroPython: a failed import searches the flash, about 37 ms on the pico-rig)
    try:
        import kitapi_pack  # noqa: E402

        kitapi_pack.mount()  # no kitapi.pack (the simulator, an older deploy): the modules' files
    except ImportError:
        pass
    import board  # type: ignore[import-not-found]  # noqa: E402

hw = board.make()

from kitapi.app import run  # noqa: E402

run(hw)
