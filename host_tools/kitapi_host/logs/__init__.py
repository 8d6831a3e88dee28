"""Game logs on the PC: checked, replayed, converted, shown.

Everything here goes through the core in ``firmware/kitapi`` (the very files
that run on the device): the PC computes nothing of its own.

- ``read``: the one reader of checked logs, for ``kitapi replay``, the archive and the sheets;
- ``table``: what the families' standings for the terminal share (each family's ``standings``), who pays whom;
- ``convert``: a log in the other form;
- ``cli``: ``kitapi replay`` and ``kitapi convert``;
- ``gen``: made-up games, for the tests and the benches.

The names most used are here too: ``logs.replay_file``, ``logs.result``, ``logs.convert``...
"""

from __future__ import annotations

from kitapi_host.logs.convert import FORMATS, MAX_HEADER, convert
from kitapi_host.logs.read import InputError, detect, replay_file
from kitapi_host.logs.table import ROUNDING_NOTE, preferans_transfers, result, show_exact

__all__ = [
    "FORMATS",
    "MAX_HEADER",
    "InputError",
    "convert",
    "detect",
    "ROUNDING_NOTE",
    "preferans_transfers",
    "replay_file",
    "result",
    "show_exact",
]
