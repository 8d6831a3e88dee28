"""A game read for its sheets: the log checked by ``kitapi_host.logs.read`` (as the archive reads it), its
effective hands played one by one through the core, the standings after each hand (``load``, ``load_archive``,
``from_archive``, ``load_log``), and the family's sheet module found by the registry (``sheet``).

The final standings must equal those of ``kitapi.replay.replay`` (the single
source of truth), or ``StandingsMismatch`` is raised.  A game comes from its
log's bytes (``load_log``): a log file (``load``) or the log stored in the
archive (``load_archive``, ``Archive.log``) take the same path.  Each standing
is the family's own (``kitapi_host.families.<family>.sheet.snapshot``).

The family sheets import what a sheet is made of from ``kitapi_host.sheets.game`` (its hands, its header, the
core's game), never this module, which imports them by name: no import loop (tests/core/test_registry.py
follows ``importlib`` too).
"""

from __future__ import annotations

import importlib
import io
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from kitapi.game import Game
from kitapi.registry import row
from kitapi_host.archive.db import Archive, ArchiveError
from kitapi_host.logs.read import Checked, InputError, check, effective, final, records
from kitapi_host.sheets.game import GameExport, Hand, Header, Sheet, Snapshot, StandingsMismatch, named, new_game


def sheet(rules: str) -> Sheet | None:
    """The sheet module of the system ``rules`` (by its family in kitapi.registry), None if it has none."""
    r = row(rules)
    if r is None:
        return None
    try:
        return cast(Sheet, importlib.import_module(f"kitapi_host.families.{r[1]}.sheet"))
    except ModuleNotFoundError:
        return None


def play(header: Header, hands: Sequence[Hand]) -> tuple[Game, list[Snapshot]]:
    """Play the hands one by one through the core: the game and the standings after each hand."""
    m = sheet(header["rules"])
    if m is None:
        raise ValueError(f"no sheet for rules {header['rules']!r}")
    g = new_game(header)
    out: list[Snapshot] = []
    for h in hands:
        g.play(h.data)
        out.append(m.snapshot(g))
    return g, out


def load(path: Path) -> GameExport:
    """Read the game log file at ``path`` (JSON Lines or device log); InputError (``FILE:LINE: reason``) if bad."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}:0: cannot open the file ({e.strerror})") from None
    return load_log(data, str(path))


def load_archive(db: Path | str, game_id: int) -> GameExport:
    """Read game ``game_id`` of the archive at ``db`` (``from_archive``), as ``load`` a file.

    InputError if there is no archive at ``db`` (none is created) or no such game in it.
    """
    if isinstance(db, Path) and not db.is_file():
        raise InputError(f"{db}: no archive here, so no game {game_id} (see kitapi archive add)")
    try:
        archive = Archive(db, create=False)
    except ArchiveError as e:  # a schema this version does not know; the message names the file
        raise InputError(str(e)) from None
    except sqlite3.Error as e:
        raise InputError(f"{db}: cannot read the archive ({e})") from None
    try:
        return from_archive(archive, game_id)
    except ArchiveError as e:
        raise InputError(f"{db}: {e} (see kitapi games)") from None
    except sqlite3.Error as e:
        raise InputError(f"{db}: cannot read the archive ({e})") from None
    finally:
        archive.close()


def from_archive(archive: Archive, game_id: int) -> GameExport:
    """Game ``game_id`` of ``archive``: its stored log read as ``load_log`` reads a file, its seats named as the
    archive names them now (``named``).  ArchiveError if there is no such game; InputError if its log is bad."""
    data = archive.log(game_id)
    names = archive.seats(game_id)
    return named(load_log(data, f"game {game_id}"), names)


def load_log(data: bytes, name: str) -> GameExport:
    """Read a game log (either form) from its bytes; ``name`` (the file, or ``game ID``) names it in errors.

    InputError (``NAME:LINE: reason``) if the log is bad.  The log is read by
    ``kitapi_host.logs.read``, as the archive reads it: replayed whole first
    (the standings the export must match), then its records and its effective hands.
    """
    f = io.BytesIO(data)
    checked = check(f, name, Checked)
    if sheet(checked.game.name) is None:
        rules = checked.game.name
        raise InputError(f"{name}:1: no export for games of rules {rules!r} yet (kitapi replay --json has them)")
    lines = [line for line in records(f, checked) if line is not None]
    hands: list[Hand] = []
    deleted: list[int] = []
    for e in effective(f, checked):
        if e.text is None:
            deleted.append(e.number)
        else:
            hands.append(Hand(e.number, json.loads(e.text), e.corrected))
    header: Header = checked.header
    g, standings = play(header, hands)
    res = final(g, checked)
    if res != checked.result:
        raise StandingsMismatch(f"{name}: {res} != replay {checked.result}")
    return GameExport(header, lines, hands, deleted, standings, bool(checked.game.ended), checked.damage)
