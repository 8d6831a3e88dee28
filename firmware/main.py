# Kitapi's firmware: the board file's hardware (``hw``), and the app on it for ever (docs/firmware.md, "main.py").
# Compiled at every boot (1-2 ms a statement on the pico-rig): comments, not docstrings, and each way ends in one
# call, a ``boot(globals(), w)``: kitapi_pack's (its copy's), or kitapi.app's without the pack.


def r(n):  # whether kitapi_pack.mpy (or its copy) ``n`` is there (None if not) and whole: checked before its import
    try:
        b = open(n, "rb").read()
    except OSError:
        return None
    from ubinascii import crc32  # (by its u name: "binascii" is looked for on the flash first, 2.8 ms)

    return b[-4:] == b"KPL2" and crc32(memoryview(b)[:-8]) == int.from_bytes(b[-8:-4], "little")  # (its trailer)


w = r("kitapi_pack.mpy")
if w:
    import kitapi_pack as a
elif w is None:  # no pack: the modules' files (the simulator, CircuitPython)
    import kitapi.app as a  # type: ignore[no-redef]
elif r("kitapi_pack_bak.mpy"):  # a cut .mpy can hang the loader; the first damaged: its copy (read only then)
    import kitapi_pack_bak as a  # type: ignore[import-not-found,no-redef]
else:  # nothing can draw without the loader: the USB console says it, and the REPL waits for the PC
    a = print("the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)")  # type: ignore[assignment]
if a:
    a.boot(globals(), w)
