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
