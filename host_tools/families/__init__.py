"""The PC's side of each family of game systems: one module per family, chosen by kitapi.registry's family column.

A family is the systems scored and shown alike (``prefa``, ``preferans``, ``kasa``, ``pot``, ``priffe``).
Everything the PC does differently by family lives in its module here,
``kitapi_host.families.<family>``, behind the one interface below. The rest of the PC (the archive, ``show``,
``stats``, the typist, the generator, the bench) asks ``family(rules)`` and never compares a rules id.

Adding a system of an existing family: its registry row (firmware/kitapi/registry.py), nothing here.
Adding a family: one module here (and the box's package ``kitapi.app.systems.<family>``).

The typist's and generator's members (``TypistFamily``; kitapi_host.sim.typist, kitapi_host.logs.gen and
``kitapi bench`` ask them through ``_common.typist_family(rules)``, which refuses, in one line, a family
whose module lacks one):

- ``SIZE``: the header option the new game's number step sets (``pouch``, ``pool``, ``kasa``, ``rubbers``,
  ``chips``), which ``typist.setup_keys`` types;
- ``BENCH``: the options of the game ``kitapi bench`` and the rig type, long enough for 1,000 hands;
- ``header(rules, players=None, **options)``: a new game's header, the family's players and defaults;
- ``generate(rules, seed, hands, players=None, **options)``: a header and up to ``hands`` random legal
  hands, each played by the core (fewer if the game ends); the same seed, the same bytes;
- ``hand_keys(g, hand)``: the keys of ``hand`` on the box's hand wizard, from the home screen to the
  saved hand (``g``: the core's game before it); the variant asked of ``g``'s class, never its rules id;
- ``device_form(g, hand)``: ``hand`` as the box writes it once typed (a copy);
- optionally ``COMMONEST``: the family's commonest hand, whose keys the bench counts.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Protocol

from kitapi.registry import row

__all__ = ["TypistFamily", "family", "family_name"]


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


class TypistFamily(Protocol):
    """A family module's typist and generator (the members above)."""

    SIZE: str
    BENCH: dict[str, Any]

    def header(self, rules: str, players: int | None = None, **options: Any) -> dict[str, Any]: ...

    def generate(
        self, rules: str, seed: int, hands: int, players: int | None = None, **options: Any
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]: ...

    def hand_keys(self, g: Any, hand: dict[str, Any]) -> str: ...

    def device_form(self, g: Any, hand: dict[str, Any]) -> dict[str, Any]: ...
