"""The PC's side of each family of game systems: one package per family, chosen by kitapi.registry's family column.

A family is the systems scored and shown alike (``prefa``, ``preferans``, ``kasa``, ``pot``, ``priffe``).
Everything the PC does differently by family lives in its package here, ``kitapi_host.families.<family>``:
behind the one interface below, and its score sheet, ``kitapi_host.families.<family>.sheet`` (the interface of
``kitapi_host.sheets``). The rest of the PC (the archive, ``show``,
``stats``, the typist, the generator, the bench) asks ``family(rules)`` and never compares a rules id.

Adding a system of an existing family: its registry row (firmware/kitapi/registry.py), nothing here.
Adding a family: one package here (and the box's package ``kitapi.app.systems.<family>``).

The archive's members:

- ``title(rules)``: the system's name in English ("Russian Preferans, Sochi"), for the sheets, ``show``
  and ``stats``;
- ``facts(g, number, line, corrected)``: the archive's columns of a hand (``kitapi_host.archive.facts.
  HandFacts``), ``g.hand`` as the core parsed and checked it on ``g`` (not applied);
- ``hand_columns(g, d, memo)``: play hand ``d`` on ``g`` and give what ``show`` (and ``Archive.game``) adds
  to its row: the standings after it (``memo``: a dict the family keeps from hand to hand of one game);
- ``show(game, names)``: print ``kitapi show``'s hand table of an archived game (``Archive.game``) and its
  notes;
- ``stats_parts()``: a player's blank figures of the family, by their key in ``kitapi stats --json`` (the
  key "" is merged into the player's object), in the order printed;
- ``count(g, res, hands, seats, table)``: add one archived game (``g`` a fresh game of its header, ``res``
  its result, ``hands`` its effective hands' objects, ``seats`` the player ids by seat) to ``table`` (player
  id to ``kitapi_host.archive.stats.PlayerStats``, whose ``parts`` are the families' ``stats_parts``);
- ``stats_tables(stats, everyone=False, lang="en")``: ``kitapi stats``' tables of the family
  (``kitapi_host.archive.text.Table``: title, head, rows, note), for the players of ``stats`` (``kitapi stats
  --json``'s) who played it, or every player (``everyone``: the archive's first family's table when nobody
  played any); the title, heads and note in ``lang`` (en, el, ru: ``kitapi serve``'s ``/stats/NAME``; the
  command's are English), from the family's ``STATS_WORDS`` (``text.Words``) beside its tables.

Each asks the core's class (its ``OUTCOME``, a Preferans variant's ``NUMBERED`` and ``NO_TRICK``), never a
rules id.  ``ARCHIVE`` names them, ``ArchiveFamily`` has their types, and ``archive_family(rules)`` refuses a
system whose family's module lacks one (``NoFamily``: one line, which system and what is missing).

The typist's and generator's members (``TypistFamily``; kitapi_host.sim.typist, kitapi_host.logs.gen and
``kitapi bench`` ask them through ``typist_family(rules)``, which refuses, in one line, a family
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
from typing import TYPE_CHECKING, Any, Protocol, cast

from kitapi.registry import row, rows

if TYPE_CHECKING:
    from kitapi_host.archive.text import Table

__all__ = [
    "TypistFamily",
    "ARCHIVE",
    "ArchiveFamily",
    "NoFamily",
    "archive_families",
    "archive_family",
    "family",
    "family_name",
    "typist_family",
]


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


# --- the archive's members ---------------------------------------------------------------------------------

ARCHIVE = ("title", "facts", "hand_columns", "show", "stats_parts", "count", "stats_tables")


class ArchiveFamily(Protocol):
    """The archive's members of a family module (see the module)."""

    def title(self, rules: str) -> str: ...
    def facts(self, g: Any, number: int, line: str, corrected: bool) -> Any: ...  # HandFacts
    def hand_columns(self, g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]: ...
    def show(self, game: dict[str, Any], names: list[str]) -> None: ...
    def stats_parts(self) -> dict[str, Any]: ...
    def count(
        self, g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]
    ) -> None: ...
    def stats_tables(self, stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]: ...


class NoFamily(Exception):
    """A system the archive cannot keep: its family has no module here, or the module lacks a member (one line)."""


def archive_family(rules: str) -> ArchiveFamily:
    """The family module of the system ``rules`` with every archive member; NoFamily (which system, what is
    missing) for a rules id the registry does not know, a family without a module, a module that lacks one."""
    name = family_name(rules)
    if name is None:
        raise NoFamily(f"the archive does not keep games of rules {rules!r}: kitapi.registry does not know it")
    m = family(rules)
    if m is None:
        raise NoFamily(
            f"the archive does not keep games of rules {rules!r}: its family {name!r} has no module"
            f" kitapi_host.families.{name}"
        )
    lacks = [k for k in ARCHIVE if not callable(getattr(m, k, None))]
    if lacks:
        raise NoFamily(
            f"the archive does not keep games of rules {rules!r}: kitapi_host.families.{name} lacks {', '.join(lacks)}"
        )
    return cast(ArchiveFamily, m)


def archive_families() -> list[ArchiveFamily]:
    """The family modules the archive keeps games of, in kitapi.registry's order (each once); a family that
    cannot be kept is left out: the archive holds none of its games (``archive_family`` refused them)."""
    out: list[ArchiveFamily] = []
    seen: set[str] = set()
    for r in rows():
        if r[1] not in seen:
            seen.add(r[1])
            try:
                out.append(archive_family(r[0]))
            except NoFamily:
                continue
    return out


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


# what a family's module gives the typist and the generator (kitapi_host.families's docstring describes them)
MEMBERS = ("SIZE", "BENCH", "header", "generate", "hand_keys", "device_form")


def typist_family(rules: str) -> TypistFamily:
    """The family module of the system ``rules`` for the typist and the generator; ValueError, one line,
    for a rules id the registry does not know or a family whose module lacks one of ``MEMBERS``."""
    fam = family(rules)
    if fam is None:
        name = family_name(rules)
        if name is None:
            raise ValueError(f"no game system {rules!r} in kitapi.registry")
        raise ValueError(f"the family {name!r} of {rules!r} has no module kitapi_host.families.{name}")
    missing = [m for m in MEMBERS if not hasattr(fam, m)]
    if missing:
        raise ValueError(f"kitapi_host.families.{fam.__name__.rpartition('.')[2]} lacks {', '.join(missing)}")
    return cast(TypistFamily, fam)
