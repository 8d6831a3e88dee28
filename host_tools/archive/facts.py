"""The archive's columns of a hand (``HandFacts``): what kind of hand, who bid what, made or not, the tricks,
as the core parsed and scored it; one function per family of systems.

Used by the archive's storage (``kitapi_host.archive.store``), its statistics
(``kitapi_host.archive.stats``) and the pot and Priffe sheets.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from kitapi.outcome import hand_outcome

# The game systems the archive's tables, show and stats know.  Kept apart from
# kitapi.registry: a system the core gains is refused here until the archive knows it.
ARCHIVED_RULES = (
    "prefa",
    "sochi",
    "leningrad",
    "rostov",
    "balkan",
    "prefa_kasa",
    "preference_at",
    "preference_illustrated",
    "preference_us",
    "priffe",
)
PREFA_RULES = ("prefa", "prefa_kasa")  # Prefa's hands (prefa_kasa: and top-ups)
POT_RULES = ("preference_at", "preference_illustrated", "preference_us")  # a pot and each player's stock of chips
PRIFFE_RULES = ("priffe",)  # partnerships, rubbers and individual points
# The rest (sochi, leningrad, rostov, balkan) have Preferans' hands.


@dataclass
class HandFacts:
    number: int
    hand: str  # the log line
    corrected: bool
    kind: str
    bidder: int | None  # seat
    contract: str | None = None
    defense: str | None = None
    bidder_tricks: int | None = None
    made: bool | None = None
    short: int | None = None
    whist: str | None = None
    tricks: str | None = None  # JSON


def tricks_json(line: str) -> str | None:
    """Every seat's tricks of a hand's log line, as JSON (a played hand's or an all-pass's), or None."""
    if not line:
        return None
    d = json.loads(line)
    tricks = d.get("tricks", d.get("allpass"))
    return None if tricks is None else json.dumps(tricks)


def facts_of(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The archive's columns of one hand, ``g.hand`` as the core parsed and checked it: the core's outcome
    (``kitapi.outcome.hand_outcome``), and from the log line every seat's tricks and the whisters' words."""
    if g.name in PRIFFE_RULES:
        return priffe_facts(g, number, line, corrected)
    o = hand_outcome(g, g.hand)
    f = HandFacts(number, line, corrected, o["kind"], o["bidder"], o["contract"], o["defense"], o["tricks"])
    f.made, f.short = o["made"], o["short"]
    preferans = g.name not in PREFA_RULES and g.name not in POT_RULES
    if preferans or f.kind == "play":  # a played hand's (Preferans: an all-pass's too); American: none
        f.tricks = tricks_json(line)
    if preferans and f.kind == "play":
        words = json.loads(line).get("whist")
        f.whist = "/".join(words) if words else None
    return f


# --- the pot games (Austrian, Illustrated and American Preference) and Priffe ----------


def pot_bids(rules: str) -> tuple[str, ...]:
    """The bids a pot game's statistics count, in the core's order."""
    if rules == "preference_us":
        from kitapi.rules.preference_us import SUITS

        return (*SUITS, "chips")
    from kitapi.rules.preference_at import BIDS, PREFERENCE

    return tuple(BIDS) if rules == "preference_illustrated" else tuple(BIDS[: PREFERENCE + 1])


def hand_facts(g: Any, d: dict[str, Any]) -> HandFacts:
    """The archive's columns of hand ``d``, parsed by the core on ``g`` in its place in the game (not applied)."""
    g.parse(d)
    return facts_of(g, 0, json.dumps(d), False)


@dataclass
class PriffePoints:
    """What one Priffe hand scored, taken apart (``priffe_points``); partnership 0 is seat 0's.

    - ``sides``: each seat's partnership while the hand was played;
    - ``declaring``: the declaring partnership (None in a forced Noll); ``won``: the
      partnership that won the hand (took more tricks, fewer in a Noll);
    - ``below``: the trick points towards the game (to ``won``; the main table's
      undoubled half when the defenders won); ``tricks``: the trick points scored
      (doubled when the declarers lost); ``slam``: the slam bonus (doubled too);
    - ``honours``: ``(partnership, points)``, or None;
    - ``bonus``: the game bonus to ``won`` (0 unless ``game``); ``game``: a game won;
    - ``points``, ``games``: the rubber's points and games after the hand, before
      a finished rubber is cleared (so the rubber's last figures).
    """

    sides: list[int]
    declaring: int | None
    won: int
    below: int
    tricks: int
    slam: int
    honours: tuple[int, int] | None
    bonus: int
    game: bool
    points: list[int]
    games: list[int]


def priffe_points(g: Any, h: Any) -> PriffePoints:
    """What hand ``h`` (parsed and checked by the core, not yet applied) scores in Priffe game ``g``: the
    core's outcome (``kitapi.outcome.hand_outcome``), as the sheets and the archive's table take it.
    ``g`` is not changed."""
    o = hand_outcome(g, h)
    return PriffePoints(
        sides=o["sides"],
        declaring=o["declaring"],
        won=o["won"],
        below=o["below"],
        tricks=o["trick_points"],
        slam=o["slam"],
        honours=o["honours"],
        bonus=o["bonus"],
        game=o["game"],
        points=o["points"],
        games=o["games"],
    )


def priffe_facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The columns of a Priffe hand (docs/rules/priffe.md): ``contract`` the contract's name, ``bidder`` the
    declarer (None in a forced Noll), ``bidder_tricks`` the tricks the hand records (the declarer's
    partnership's; the dealer's in a forced Noll), ``made``: the declaring partnership won the hand (None
    in a forced Noll), as the core scores it (``kitapi.outcome.hand_outcome``)."""
    o = hand_outcome(g, g.hand)
    f = HandFacts(number, line, corrected, o["kind"], o["bidder"], o["contract"], o["defense"], o["tricks"])
    f.made = o["made"]
    return f
