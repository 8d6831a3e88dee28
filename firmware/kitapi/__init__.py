"""Kitapi scoring core.

Pure Python that runs unchanged on CPython 3.11+ and MicroPython 1.24+:
integers only, no dataclasses/enum/typing at run time, nothing from the
CPython-only standard library.  Modules:

- ``kitapi.game``     the game: header, players, one rules object, the standings
- ``kitapi.rules``    one module per game system, imported only when chosen
- ``kitapi.jsonl``    the JSON Lines game log (the PC's and the exports' format)
- ``kitapi.devlog``   the device's compact, append-only, checksummed log
- ``kitapi.replay``   streaming replay of either log, corrections included
"""

VERSION = "0.1.0"


def forget(name):
    """Let module ``name`` (its whole name: "kitapi.app.legend") go, out of ``sys.modules`` and out of its
    package, so that the heap it holds is collected once nothing else holds it (its functions live on while
    they run; the next import loads it again); True if it was loaded.  The one way the box lets a module go:
    every boot has this package (docs/firmware.md, "Letting a module go")."""
    import sys

    if name not in sys.modules:
        return False
    del sys.modules[name]
    k = name.rfind(".")
    parent = sys.modules.get(name[:k]) if k > 0 else None
    if parent is not None and hasattr(parent, name[k + 1 :]):
        delattr(parent, name[k + 1 :])
    return True
