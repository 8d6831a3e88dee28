"""A game read for its sheets: the log checked by ``kitapi_host.logs.read`` (as the archive reads it), its
effective hands played one by one through the core, the standings after each hand.

The final standings must equal those of ``kitapi.replay.replay`` (the single
source of truth), or ``StandingsMismatch`` is raised.  A game comes from its
log's bytes (``load_log``): a log file (``load``) or the log stored in the
archive (``load_archive``, ``Archive.log``) take the same path.  Each standing
is the family's own (``kitapi_host.families.<family>.sheet.snapshot``).

A game of the archive names its seats as the archive does now (``named``): a
player renamed or merged since the game was played is shown by the name he has
now, on every sheet (CSV, HTML, PDF) as on ``kitapi games``/``show`` and the web
page.  The stored log is never changed: its JSON Lines (``lines``) keep the
names it was written with.
"""

from __future__ import annotations

import importlib
import io
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol, cast

from kitapi.game import Game
from kitapi.game import new_game as core_game
from kitapi.registry import row
from kitapi_host.archive.db import Archive, ArchiveError
from kitapi_host.logs.read import Checked, InputError, Mismatch, check, effective, final, records
from kitapi_host.text import one_line

Header = dict[str, Any]

# An archived game's header on its sheets (``named``): "players" the names shown, this key the log's, which
# the core plays the game with (the archive's names need not be names a log could hold).
LOGGED = "logged_players"


class StandingsMismatch(Mismatch):
    """The hands played one by one do not give the standings of ``kitapi.replay``: a bug, never bad input."""


@dataclass(frozen=True)
class Hand:
    """An effective hand: its number in the log (what corrections name), its game-log object, whether corrected."""

    number: int
    data: dict[str, Any]
    corrected: bool = False


class Snapshot(Protocol):
    """The standings after a hand, of any family (``kitapi_host.families.<family>.sheet.snapshot``)."""

    @property
    def over(self) -> bool: ...


@dataclass(frozen=True)
class GameExport:
    """A game read for export."""

    header: Header
    lines: list[str]  # the log in canonical JSON Lines, as stored (corrections included)
    hands: list[Hand]  # the effective hands, in order
    deleted: list[int]  # numbers of the deleted hands
    standings: list[Snapshot]  # after each effective hand: Standing (Prefa) or PrefStanding
    ended: bool  # the log closes the game (an "end" record)
    warning: str | None  # a damaged device log: what was dropped


class Sheet(Protocol):
    """What a family's sheet module gives (``kitapi_host.families.<family>.sheet``)."""

    def snapshot(self, g: Game) -> Any: ...

    def standings(self, standings: Sequence[Any]) -> list[Any]: ...

    def csv_table(self, header: Header, hands: Sequence[Hand], standings: Sequence[Any]) -> Any: ...  # page.CsvTable

    def to_html(
        self,
        header: Header,
        hands: Sequence[Hand],
        standings: Sequence[Any],
        *,
        deleted: Sequence[int] = (),
        ended: bool = False,
    ) -> str: ...


def sheet(rules: str) -> Sheet | None:
    """The sheet module of the system ``rules`` (by its family in kitapi.registry), None if it has none."""
    r = row(rules)
    if r is None:
        return None
    try:
        return cast(Sheet, importlib.import_module(f"kitapi_host.families.{r[1]}.sheet"))
    except ModuleNotFoundError:
        return None


def new_game(header: Header) -> Any:
    """The core's game of a sheet's ``header`` (``kitapi.game.new_game``), with the log's players when the
    sheet shows others (``named``): every sheet makes its games here."""
    if LOGGED in header:
        header = {**{k: v for k, v in header.items() if k != LOGGED}, "players": header[LOGGED]}
    return core_game(header)


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


def named(game: GameExport, names: Sequence[object]) -> GameExport:
    """``game`` with its seats named ``names`` (the archive's current names, seat by seat) on its sheets; its
    log (``lines``) as it is.

    The archive is read as untrusted as a log: a name is shown as one line, with every character a terminal
    or a bidi-aware page could act on (a control, a line feed or a tab, a bidi override) as an escape
    (``\\n``, ``\\u202e``, as the ``kitapi`` command shows names: ``kitapi_host.text.one_line``); a seat
    the archive names with no text keeps the log's name, and every seat does when the archive has not one
    name a seat (a row another tool wrote or lost).  Two seats are never one player (``merge_players``
    refuses it and the table ``game_players`` holds a player once a game), so every seat keeps a name of
    its own.
    """
    logged: list[str] = list(game.header["players"])
    shown = logged
    if len(names) == len(logged):
        shown = [one_line(n) if isinstance(n, str) and n else p for n, p in zip(names, logged, strict=True)]
    return replace(game, header={**game.header, "players": shown, LOGGED: logged})


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


def to_jsonl(lines: Sequence[str]) -> bytes:
    """The game log in JSON Lines: the bytes ``kitapi convert --to jsonl`` writes."""
    return "".join(line + "\n" for line in lines).encode("ascii")
