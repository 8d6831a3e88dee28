"""Kitapi's firmware: the board file's hardware (``hw``), and the app on it for ever (docs/firmware.md, "main.py")."""

import gc

gc.collect()  # before anything else: the framebuffer and the app want large blocks

import sys  # noqa: E402


def _whole(b):
    """Whether kitapi_pack.mpy's bytes ``b`` end with their crc32 and b"KPL2" (kitapi_host.device.pack.loader)."""
    from ubinascii import crc32  # (by its u name: "binascii" is looked for on the flash first, 2.8 ms)

    return b[-4:] == b"KPL2" and crc32(memoryview(b)[:-8]) == int.from_bytes(b[-8:-4], "little")


b = None
if sys.implementation.name != "circuitpython":
    try:
        with open("kitapi_pack.mpy", "rb") as f:  # checked before its import: a cut .mpy can hang the loader
            b = f.read()
    except OSError:  # no pack: the modules' files (the simulator, an older deploy)
        pass
if b is None:
    if sys.implementation.name == "circuitpython":  # its own "board" names the pins: the board file is
        import kitapi_board as board  # type: ignore[import-not-found]  # kitapi_board.py
    else:
        import board  # type: ignore[import-not-found]
    hw = board.make()

    from kitapi.app import run  # noqa: E402

    run(hw)
elif _whole(b):
    b = None
    import kitapi_pack

    kitapi_pack.boot(globals())  # the pack mounted, hw made (a global here), the app run; or the damaged screen
else:  # its second copy, if whole, draws the damaged-firmware screen (the board's driver may be in the pack)
    try:
        with open("kitapi_pack_bak.mpy", "rb") as f:
            b = f.read()
    except OSError:
        b = b""
    if _whole(b):
        b = None
        import kitapi_pack_bak  # type: ignore[import-not-found]

        kitapi_pack_bak.boot(globals(), "kitapi_pack.mpy")
    else:  # nothing can draw without the loader: the USB console says it, and the REPL waits for the PC
        print("the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)")
