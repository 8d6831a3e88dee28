"""What a game's sheets are made of: its header, its effective hands (``Hand``), the standings after each
(``Snapshot``, the family's own), the game read for export (``GameExport``) and the interface of a family's sheet
module (``Sheet``); the core's game of a sheet's header (``new_game``).  Every family's sheet imports these;
reading a game for its sheets, which finds the family's sheet module by name, is ``kitapi_host.sheets.read``.

A game of the archive names its seats as the archive does now (``named``): a
player renamed or merged since the game was played is shown by the name he has
now, on every sheet (CSV, HTML, PDF) as on ``kitapi games``/``show`` and the web
page.  The stored log is never changed: its JSON Lines (``lines``) keep the
names it was written with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from kitapi.game import Game
from kitapi.game import new_game as core_game
from kitapi_host.logs.read import Mismatch
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


def new_game(header: Header) -> Any:
    """The core's game of a sheet's ``header`` (``kitapi.game.new_game``), with the log's players when the
    sheet shows others (``named``): every sheet makes its games here."""
    if LOGGED in header:
        header = {**{k: v for k, v in header.items() if k != LOGGED}, "players": header[LOGGED]}
    return core_game(header)


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


def to_jsonl(lines: Sequence[str]) -> bytes:
    """The game log in JSON Lines: the bytes ``kitapi convert --to jsonl`` writes."""
    return "".join(line + "\n" for line in lines).encode("ascii")
