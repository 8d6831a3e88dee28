"""The archive's columns of a hand (``HandFacts``): what kind of hand, who bid what, made or not, the tricks,
as the core parsed and scored it; one function per family of systems.

Used by the archive's storage (``kitapi_host.archive.store``), its statistics
(``kitapi_host.archive.stats``) and the pot and Priffe sheets.
"""

from __future__ import annotations

import copy
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


def preferans_level(g: Any, h: Any) -> int | str:
    """The statistics' level of a Preferans contract: 6 to 10 or "M" (misere); Balkan's contract, 2 to 7."""
    if g.name == "balkan":
        return int(h.contract)
    return "M" if g.is_misere(h) else int(h.contract) // 5 + 6


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
    """Take apart what hand ``h`` (parsed and checked by the core, not yet applied) scores in Priffe game ``g``.

    Nothing is scored here: the hand is scored by the core on copies of the game,
    each changed so that one part of the score shows on its own.  ``_rubber`` (the
    end of a rubber, which clears the figures) is switched off on every copy;
    with every team's trick points far below the mark no game can be won, so the
    growth of ``below`` is what the hand counts towards the game; with the
    second table's rule (``second``: trick points count in full) it is the trick
    points scored; with the honours left out of the hand, what grew besides the
    trick points is the slam; and the copy played as it is gives the game bonus.
    ``g`` is not changed.
    """
    from kitapi.rules.priffe import FORCED

    def trial(no_game: bool, second: bool | None = None, honours: bool = True) -> Any:
        c: Any = copy.deepcopy(g)
        c._rubber = lambda dealer: None  # the instance's attribute, in front of the class's method
        if no_game:
            c.below = [-(10**9), -(10**9)]
        if second is not None:
            c.second = second
        if not honours:
            c.hand.honours = c.hand.holder = 0
        c.apply(c.hand)
        return c

    before_points = list(g.points)
    a = trial(no_game=True)
    grew = [a.below[k] - (-(10**9)) for k in (0, 1)]
    won = 0 if grew[0] > 0 else 1
    full = trial(no_game=True, second=True)
    bare = trial(no_game=True, honours=False)
    real = trial(no_game=False)
    tricks = full.below[won] - (-(10**9))
    slam = bare.points[won] - before_points[won] - tricks
    honours = None
    if h.honours:
        hside = int(g.side[h.holder])
        honours = (hside, a.points[hside] - bare.points[hside])
    return PriffePoints(
        sides=[int(x) for x in g.side],
        declaring=None if h.contract == FORCED else int(g.side[h.declarer]),
        won=won,
        below=grew[won],
        tricks=tricks,
        slam=slam,
        honours=honours,
        bonus=real.points[won] - a.points[won],
        game=real.games[won] > g.games[won],
        points=[int(x) for x in real.points],
        games=[int(x) for x in real.games],
    )


def priffe_facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The columns of a Priffe hand (docs/rules/priffe.md): ``contract`` the contract's name, ``bidder`` the
    declarer (None in a forced Noll), ``bidder_tricks`` the tricks the hand records (the declarer's
    partnership's; the dealer's in a forced Noll), ``made``: the declaring partnership won the hand (None
    in a forced Noll), as the core scored it (``priffe_points``)."""
    from kitapi.rules.priffe import CONTRACTS, FORCED

    h = g.hand
    f = HandFacts(number, line, corrected, "play", None, contract=CONTRACTS[h.contract])
    f.bidder_tricks = int(h.tricks)
    if h.contract != FORCED:
        f.bidder = int(h.declarer)
        p = priffe_points(g, h)
        f.made = p.won == p.declaring
    return f
