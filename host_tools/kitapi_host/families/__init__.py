"""The PC's side of each family of game systems: one package per family, chosen by kitapi.registry's family column.

A family is the systems scored and shown alike (``prefa``, ``preferans``, ``kasa``, ``pot``, ``priffe``).
Everything the PC does differently by family lives in its package here, ``kitapi_host.families.<family>``:
behind the hooks of ``kitapi_host.families.hookspecs`` (each with its contract), and its score sheet,
``kitapi_host.families.<family>.sheet`` (the interface of ``kitapi_host.sheets``). The rest of the PC (the
archive, ``show``, ``games``, ``replay``, ``stats``, ``kitapi serve``, the typist, the generator, the bench) asks
``family(rules)`` and never compares a rules id.

Adding a system of an existing family: its registry row (firmware/kitapi/registry.py), nothing here.

Adding a family takes, besides its registry rows (firmware/kitapi/registry.py), its rules module with its
vectors and the box's package ``kitapi.app.systems.<family>`` (docs/architecture.md), one package here,
``kitapi_host/families/<family>/`` (``tests/pc/test_family_cost.py`` keeps that count):

- ``__init__.py``, with every hook of ``kitapi_host.families.hookspecs.Family`` (``HOOKS``: a hand's
  ``outcome`` and ``facts``, ``show``'s table, the statistics, the terminal's ``standings``, ``kitapi
  games``' ``result_line``, the web page's ``nets`` and ``payments``...), each hook's contract written
  beside it there; the typist's and generator's members (``hookspecs.TypistFamily``: ``SIZE``, ``BENCH``,
  ``header``, ``generate``, ``hand_keys``, ``device_form``); and optionally ``UNIT`` (the word key of its
  nets on the web page, "points" if none) and ``COMMONEST`` (the hand the bench counts); its systems' names
  in each language are their registry rows' (``kitapi_host.names``);
- ``sheet.py``, its score sheet (the interface of ``kitapi_host.sheets``).

The archive refuses the games of a family whose module lacks a hook (``archive_family``: ``NoFamily``, one
line, which system and what is missing); the typist, the generator and ``kitapi bench`` say in one line which
member it lacks.  Nothing else of the PC names a family: the rest asks ``family(rules)`` or
``archive_family(rules)`` and never compares a rules id or switches on the shape of a result.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, cast

from kitapi.registry import row, rows
from kitapi_host.families.hookspecs import HOOKS, Family, Net, TypistFamily, exact, no_payments

__all__ = [
    "TypistFamily",
    "ARCHIVE",
    "ArchiveFamily",
    "Family",
    "HOOKS",
    "Net",
    "NoFamily",
    "archive_families",
    "archive_family",
    "family",
    "family_name",
    "exact",
    "no_payments",
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


# --- the archive's members: the hooks (kitapi_host.families.hookspecs) ------------------------------------------

ARCHIVE = HOOKS
ArchiveFamily = Family


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


# what a family's module gives the typist and the generator (kitapi_host.families.hookspecs.TypistFamily)
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
