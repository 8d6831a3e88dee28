"""Game logs on the PC: checked, replayed, converted, shown.

Everything here goes through the core in ``firmware/kitapi`` (the very files
that run on the device): the PC computes nothing of its own.

- ``read``: the one reader of checked logs, for ``kitapi replay``, the archive and the sheets;
- ``table``: the standings as a table for the terminal, and who pays whom;
- ``convert``: a log in the other form;
- ``cli``: ``kitapi replay`` and ``kitapi convert``;
- ``gen``: made-up games, for the tests and the benches.

The names most used are here too: ``logs.replay_file``, ``logs.table``, ``logs.convert``...
"""

from __future__ import annotations

from kitapi_host.logs.convert import FORMATS, MAX_HEADER, convert
from kitapi_host.logs.read import InputError, detect, replay_file
from kitapi_host.logs.table import (
    ROUNDING_NOTE,
    kasa_table,
    pot_table,
    preferans_table,
    preferans_transfers,
    priffe_table,
    result,
    show_exact,
    table,
)

__all__ = [
    "FORMATS",
    "MAX_HEADER",
    "InputError",
    "convert",
    "detect",
    "kasa_table",
    "pot_table",
    "preferans_table",
    "ROUNDING_NOTE",
    "preferans_transfers",
    "priffe_table",
    "replay_file",
    "result",
    "show_exact",
    "table",
]
