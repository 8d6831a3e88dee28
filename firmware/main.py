"""Kitapi's firmware: boots straight into the game being played, or the start menu.

The board file (boards/<board>.py, copied to the device as board.py) is the
only place that names a pin; it builds the hardware object the app runs on.
The app runs for ever (kitapi.app.run): an unexpected error is logged, shown,
and the app starts again, into the current game.  ``hw`` stays a global here, so
that ``kitapi.link`` can run the app again on it after a sync (docs/sync.md).
On MicroPython the firmware's modules come from one file, ``kitapi.pack``
(kitapi_pack.py: an import from it looks nothing up on the flash).  A damaged
pack, or a damaged kitapi_pack.mpy, stops here with the damaged-firmware screen
(or, if what draws it is damaged too, that line on the USB console): no restart
would mend it, ``kitapi deploy`` does.
"""

import gc

gc.collect()  # before anything else: the framebuffer and the app want large blocks

import sys  # noqa: E402

_DAMAGED = "the firmware is damaged: connect to a PC and run kitapi deploy"


def _pack():
    """kitapi_pack, not yet mounted; None with no kitapi_pack.mpy (the simulator, an older deploy); False if
    kitapi_pack.mpy is not whole: its last 8 bytes are its crc32 and b"KPL2" (kitapi_host.device.pack.loader),
    checked first, as MicroPython's loader can loop for ever on a cut .mpy."""
    try:
        f = open("kitapi_pack.mpy", "rb")  # (not imported blindly: a failed import searches the flash, 37 ms)
    except OSError:
        return None
    with f:
        b = f.read()
    from binascii import crc32

    if b[-4:] != b"KPL2" or crc32(memoryview(b)[:-8]) != int.from_bytes(b[-8:-4], "little"):
        return False
    import kitapi_pack

    return kitapi_pack


if sys.implementation.name == "circuitpython":  # its own module "board" names the pins: the board file is
    import kitapi_board as board  # type: ignore[import-not-found]  # kitapi_board.py  # noqa: E402

    hw = board.make()

    from kitapi.app import run  # noqa: E402

    run(hw)
else:
    pack = _pack()
    try:
        if pack is False:
            print(_DAMAGED + " (kitapi_pack.mpy)")  # nothing here can draw: the USB console says it
        else:
            if pack and not pack.mount():  # kitapi_pack.mpy without its kitapi.pack
                raise pack.Damaged("kitapi.pack")
            import board  # type: ignore[import-not-found]  # noqa: E402

            hw = board.make()
            if pack and pack.damaged:  # cut short, or its index read from the copy
                raise pack.Damaged(pack.damaged)

            from kitapi.app import run  # noqa: E402

            run(hw)
    except BaseException as e:  # noqa: BLE001 - kitapi_pack.Damaged alone is handled: the others go through
        if not (pack and isinstance(e, pack.Damaged)):
            raise
        print(_DAMAGED + " (%s)" % e.args[0])
        try:
            if "hw" not in globals():  # the pack could not be mounted: the board file from its source, if it
                import board  # can do without the pack (simdev; a Pico's cannot)

                hw = board.make()
        except Exception:  # noqa: BLE001 - nothing can draw: the USB console said it
            pass
        except BaseException as e2:  # noqa: BLE001 - Damaged: the same
            if not isinstance(e2, pack.Damaged):
                raise
        if "hw" in globals():
            pack.screen(hw, e.args[0])
