# Kitapi's firmware: the board file's hardware (``hw``), and the app on it for ever (docs/firmware.md, "main.py":
# why it is this short, comments not docstrings, and its names the loader's own).


def k(n):  # whether kitapi_pack.mpy (or its copy) ``n`` is there (None if not) and whole, before its import
    try:
        f = open(n, "rb").read()
    except OSError:
        return None
    from ubinascii import crc32  # (its u name: "binascii" is looked for on the flash first)

    return f[-4:] == b"KPL2" and crc32(memoryview(f)[:-8]) == int.from_bytes(f[-8:-4], "little")


g = k("kitapi_pack.mpy")
if g:
    import kitapi_pack as h
elif g is None:  # no pack: the modules' files (the simulator, CircuitPython)
    import kitapi.app as h  # type: ignore[no-redef]
elif k("kitapi_pack_bak.mpy"):  # the first damaged (a cut .mpy can hang the loader): its copy
    h = __import__("kitapi_pack_bak")
else:  # nothing can draw without the loader: the USB console says it, and the REPL waits for the PC
    h = print("the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)")  # type: ignore[assignment]
if h:
    h.boot(globals(), g)
