# Kitapi's firmware: the board file's hardware (``hw``), and the app on it for ever (docs/firmware.md, "main.py").
# Compiled at every boot: comments, not docstrings (a docstring is parsed: 0.4-0.5 ms each on the pico-rig).

import gc

gc.collect()  # before anything else: the framebuffer and the app want large blocks

import sys  # noqa: E402


def _whole(b):  # whether kitapi_pack.mpy's bytes ``b`` end with their crc32 and b"KPL2" (kitapi_host.device.pack)
    from ubinascii import crc32  # (by its u name: "binascii" is looked for on the flash first, 2.8 ms)

    return b[-4:] == b"KPL2" and crc32(memoryview(b)[:-8]) == int.from_bytes(b[-8:-4], "little")


def _read(n):  # whether file ``n`` is there (None if not) and whole (``_whole``): checked before its import
    try:
        with open(n, "rb") as f:
            return _whole(f.read())
    except OSError:
        return None


c = sys.implementation.name == "circuitpython"
w = None if c else _read("kitapi_pack.mpy")
if w is None:  # no pack: the modules' files (the simulator, an older deploy)
    if c:  # its own "board" names the pins: the board file is kitapi_board.py
        import kitapi_board as board  # type: ignore[import-not-found]
    else:
        import board  # type: ignore[import-not-found]
    hw = board.make()

    from kitapi.app import run  # noqa: E402

    run(hw)
elif w or _read("kitapi_pack_bak.mpy"):  # a cut .mpy can hang the loader; if damaged, its copy (read only then)
    __import__("kitapi_pack" if w else "kitapi_pack_bak").boot(globals(), "" if w else "kitapi_pack.mpy")
else:  # nothing can draw without the loader: the USB console says it, and the REPL waits for the PC
    print("the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)")
