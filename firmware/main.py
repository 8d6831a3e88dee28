# Kitapi's firmware: the board file's hardware (``hw``), and the app on it for ever (docs/firmware.md, "main.py").
# Compiled at every boot (1-2 ms a statement on the pico-rig): comments, not docstrings; each way one import and
# one call, ``boot(globals(), g)``: kitapi_pack's (its copy's), or kitapi.app's without the pack.  Its names are
# the loader's own (k, n, f, g, h): every name made here is searched past by each one the boot looks for later.


def k(n):  # whether kitapi_pack.mpy (or its copy) ``n`` is there (None if not) and whole: checked before its import
    try:
        f = open(n, "rb").read()
    except OSError:
        return None
    from ubinascii import crc32  # (by its u name: "binascii" is looked for on the flash first, 2.8 ms)

    return f[-4:] == b"KPL2" and crc32(memoryview(f)[:-8]) == int.from_bytes(f[-8:-4], "little")  # (its trailer)


g = k("kitapi_pack.mpy")
if g:
    import kitapi_pack as h
elif g is None:  # no pack: the modules' files (the simulator, CircuitPython)
    import kitapi.app as h  # type: ignore[no-redef]
elif k("kitapi_pack_bak.mpy"):  # a cut .mpy can hang the loader; the first damaged: its copy (read only then)
    h = __import__("kitapi_pack_bak")
else:  # nothing can draw without the loader: the USB console says it, and the REPL waits for the PC
    h = print("the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)")  # type: ignore[assignment]
if h:
    h.boot(globals(), g)
