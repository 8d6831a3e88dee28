"""The PC's side of each family of game systems: one module per family, chosen by kitapi.registry's family column.

A family is the systems scored and shown alike (``prefa``, ``preferans``, ``kasa``, ``pot``, ``priffe``).
Everything the PC does differently by family lives in its module here,
``kitapi_host.families.<family>``, behind the one interface below. The rest of the PC (the archive, ``show``,
``stats``, the typist, the generator, the bench) asks ``family(rules)`` and never compares a rules id.

Adding a system of an existing family: its registry row (firmware/kitapi/registry.py), nothing here.
Adding a family: one module here (and the box's package ``kitapi.app.systems.<family>``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from kitapi.registry import row

__all__ = ["family", "family_name"]


def family_name(rules: str) -> str | None:
    """The family of the system ``rules`` (kitapi.registry's column), None for a rules id it does not know."""
    r = row(rules)
    return None if r is None else r[1]


def family(rules: str) -> ModuleType | None:
    """The PC's module of the family of the system ``rules``, None for a rules id the registry does not know
    or a family without a module here."""
    name = family_name(rules)
    if name is None:
        return None
    try:
        return importlib.import_module(f"kitapi_host.families.{name}")
    except ModuleNotFoundError:
        return None
