"""The hooks of a family: what the rest of the PC asks a family's module, each with its contract beside it.

A family's module (``kitapi_host.families.<family>``, its ``__init__.py``) defines every hook of ``Family``
below as a function of the module (or a name bound to one), of that name and signature; the archive, ``show``,
``games``, ``replay``, ``stats`` and ``kitapi serve`` call them through ``kitapi_host.families.archive_family``
(which refuses, in one line, a system whose family's module lacks one) and never ask a rules id or the shape
of a result which family it is.  ``HOOKS`` names them.  A hook asks the core's class what a system does (its
``OUTCOME``, a Preferans variant's ``NUMBERED``), never its rules id.

The typist's and the generator's members are ``TypistFamily``'s (kitapi_host.sim.typist, kitapi_host.logs.gen
and ``kitapi bench`` ask them through ``typist_family(rules)``, which refuses, in one line, a family whose
module lacks one; ``COMMONEST``, the family's commonest hand whose keys the bench counts, is optional); the
score sheet is the family's ``sheet`` module (the interface of ``kitapi_host.sheets``).

What the hooks share is at the end (``exact``, ``no_payments``): a family's module imports them from here, not
from its package (``kitapi_host.families`` finds the family modules by name: the import guard counts that).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from kitapi_host.archive.text import Table

Net = int | Fraction  # a player's figure of a game, in the family's unit (an int while whole)

# the hooks every family's module has, in the order of ``Family``
HOOKS = (
    "title",
    "outcome",
    "facts",
    "hand_columns",
    "show",
    "stats_parts",
    "count",
    "stats_tables",
    "standings",
    "result_line",
    "nets",
    "evening_nets",
    "payments",
    "seat_total",
)


class Family(Protocol):
    """A family's hooks (see the module)."""

    def title(self, rules: str) -> str:
        """The system's name in English ("Russian Preferans, Sochi"), for the sheets, ``show`` and ``stats``."""
        ...

    def outcome(self, g: Any, h: Any) -> dict[str, Any]:
        """What hand ``h`` (parsed and checked by the core on game ``g`` in its place, not applied; ``g`` not
        changed) came to, in words and numbers: at least ``kind``, ``bidder`` (a seat or None), ``contract``,
        ``defense``, ``tricks``, ``made`` and ``short`` (the keys of ``kitapi.outcome``'s module docstring):
        the archive's columns of a hand (``kitapi_host.archive.facts.outcome_facts``) and the statistics read
        them.  The families here give the core's (``kitapi.outcome.<family>``)."""
        ...

    def facts(self, g: Any, number: int, line: str, corrected: bool) -> Any:
        """The archive's columns of a hand (``kitapi_host.archive.facts.HandFacts``), ``g.hand`` as the core
        parsed and checked it on ``g`` (not applied); ``line`` its log line, ``number`` its number."""
        ...

    def hand_columns(self, g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
        """Play hand ``d`` on ``g`` and give what ``show`` (and ``Archive.game``) adds to its row: the
        standings after it (``memo``: a dict the family keeps from hand to hand of one game)."""
        ...

    def show(self, game: dict[str, Any], names: list[str]) -> None:
        """Print ``kitapi show``'s hand table of an archived game (``Archive.game``) and its notes."""
        ...

    def stats_parts(self) -> dict[str, Any]:
        """A player's blank figures of the family, by their key in ``kitapi stats --json`` (the key "" is merged
        into the player's object), in the order printed."""
        ...

    def count(
        self, g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]
    ) -> None:
        """Add one archived game (``g`` a fresh game of its header, ``res`` its result, ``hands`` its effective
        hands' objects, ``seats`` the player ids by seat) to ``table`` (player id to
        ``kitapi_host.archive.stats.PlayerStats``, whose ``parts`` are the families' ``stats_parts``)."""
        ...

    def stats_tables(self, stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
        """``kitapi stats``' tables of the family (``kitapi_host.archive.text.Table``) for the players of
        ``stats`` (``kitapi stats --json``'s) who played it, or every player (``everyone``: the archive's first
        family's table when nobody played any); the words in ``lang`` (en, el, ru)."""
        ...

    def standings(self, res: dict[str, Any]) -> str:
        """The standings ``res`` (the core's ``result_json``, parsed: ``kitapi replay --json``'s object) as the
        terminal shows them, in lines without the last line end: ``kitapi replay``'s table and the head of
        ``kitapi show``; who pays whom where the rules settle it (``kitapi_host.logs.table`` has the shared
        parts: the title line, ``preferans_transfers``)."""
        ...

    def result_line(self, res: dict[str, Any]) -> str:
        """The standings ``res`` (a stored game's result, its players named as the archive names them now) in
        one line: ``kitapi games``' Result column, after the game's state."""
        ...

    def nets(self, g: dict[str, Any]) -> list[Net]:
        """Each player's net of game ``g`` (a row of ``Archive.find_games``: ``rules``, ``result``, and
        ``header`` or ``header_json``), in the family's unit (its ``UNIT``): what a period's standings of
        ``kitapi serve`` add up per system; ``g["result"]`` may be a hand's standings (a game's chart).  The
        figures of the stored result, exact (``exact`` below)."""
        ...

    def evening_nets(self, g: dict[str, Any]) -> list[Net]:
        """Each player's figure of game ``g`` (as ``nets``) for the evening's totals (``/evening``): what each
        takes home if the game stopped now (most families: ``nets``)."""
        ...

    def payments(self, res: dict[str, Any]) -> dict[str, Any]:
        """Who pays whom to settle the standings ``res`` (a game's result, or a hand's), as a game's page says
        it: ``unit`` (the word key of the amounts, kitapi_host.web.words; None where the rules settle nothing
        between the players), ``pays`` ``[(payer, payee, amount, money or None)]`` (seats), ``rounded`` (the
        nets are not whole: rounded once, largest remainder), ``now`` (the game is in play: if it ended now),
        and the family's own keys (a kasa's ``kasa`` and ``split``, a pot's ``pot`` and ``refills``; ``stake``,
        the money of a unit or None, always in a family whose games may set the option ``stake``, and only
        there: the evening asks it so; with it ``cash``, who pays whom in money ``[(payer, payee, "2.67")]``,
        the exact nets x the stake rounded once as the box pays it, kitapi_host.logs.table.money_transfers);
        ``no_payments(res)`` below is the base of every answer."""
        ...

    def seat_total(self, rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
        """What a game of ``rules`` (its stored ``result``) gave seat ``seat``: ``(key, amount)``, the amount
        exact in the unit of the standings it is added up in, ``key`` (the family's name, or a system's own
        where its units are its own: a pot game's rules id, Balkan's): the archive's period standings and a
        player's games (``Archive.standings``, ``Archive.player_games``), ``kitapi ratings``, a tournament's
        table results."""
        ...


class TypistFamily(Protocol):
    """A family's typist and generator (see the module)."""

    SIZE: str
    """The header option the new game's number step sets (``pouch``, ``pool``, ``kasa``, ``rubbers``,
    ``chips``), which ``typist.setup_keys`` types."""

    BENCH: dict[str, Any]
    """The options of the game ``kitapi bench`` and the rig type, long enough for 1,000 hands."""

    def header(self, rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
        """A new game's header: the family's players and defaults."""
        ...

    def generate(
        self, rules: str, seed: int, hands: int, players: int | None = None, **options: Any
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A header and up to ``hands`` random legal hands, each played by the core (fewer if the game ends);
        the same seed, the same bytes."""
        ...

    def hand_keys(self, g: Any, hand: dict[str, Any]) -> str:
        """The keys of ``hand`` on the box's hand wizard, from the home screen to the saved hand (``g``: the
        core's game before it); the variant asked of ``g``'s class, never its rules id."""
        ...

    def device_form(self, g: Any, hand: dict[str, Any]) -> dict[str, Any]:
        """``hand`` as the box writes it once typed (a copy)."""
        ...


# --- what the hooks share (kitapi_host.families names them too) -------------------------------------------


def exact(x: Any) -> Net:
    """A figure of a stored result: an int, or the core's exact "N/D" text (a Fraction)."""
    if type(x) is int:  # (the most of them: a month's standings ask thousands)
        return x
    if isinstance(x, int | Fraction) and not isinstance(x, bool):
        return x
    if isinstance(x, str):
        return _fraction(x)
    raise ValueError(f"not a figure: {x!r}")


@functools.lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    """An exact "N/D" text's value (parsed once: a period's results repeat the same few thirds)."""
    return Fraction(text)


def no_payments(res: dict[str, Any]) -> dict[str, Any]:
    """The base of every family's ``payments``: nobody pays anybody, the game in play or not."""
    return {"unit": None, "pays": [], "rounded": False, "now": not res.get("over")}
