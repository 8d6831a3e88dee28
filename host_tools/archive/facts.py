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


KINDS = ("play", "pass", "throw", "topup")  # kitapi.rules.prefa PLAY, PASS, THROW; prefa_kasa's TOPUP
PREFERANS_KINDS = ("play", "allpass", "resign", "misdeal")  # kitapi.rules.preferans: PLAY, ALLPASS, RESIGN, MISDEAL


def prefa_level(g: Any, h: Any) -> int:
    """The level a Prefa hand is scored at (6-10): "10's as 9's" scores a 10 as a 9."""
    level = int(h.contract) // 5 + 6
    if level == 10 and g.tens_as_nines:
        level = 9
    return level


def tricks_json(line: str) -> str | None:
    """Every seat's tricks of a hand's log line, as JSON (a played hand's or an all-pass's), or None."""
    if not line:
        return None
    d = json.loads(line)
    tricks = d.get("tricks", d.get("allpass"))
    return None if tricks is None else json.dumps(tricks)


def facts_of(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The archive's columns of one hand, ``g.hand`` as the core parsed and checked it."""
    h = g.hand
    if g.name in POT_RULES:
        return pot_facts(g, number, line, corrected)
    if g.name in PRIFFE_RULES:
        return priffe_facts(g, number, line, corrected)
    if g.name not in PREFA_RULES:
        return preferans_facts(g, number, line, corrected)
    from kitapi.rules.prefa import _RESP_ALONE, ALONE, DEFENSES, NONE, PLAY
    from kitapi.rules.prefa_json import contract_name

    kind = KINDS[h.kind]
    if h.kind != PLAY:
        return HandFacts(number, line, corrected, kind, None if kind in ("pass", "topup") else int(h.bidder))
    f = HandFacts(number, line, corrected, kind, int(h.bidder), contract_name(h.contract), DEFENSES[h.defense])
    f.tricks = tricks_json(line)
    if h.defense == NONE:
        f.made, f.short = True, 0  # both defenders out: the bidder takes the bid value
        return f
    g.defenders(h)
    tb = int(h.tricks[h.bidder])
    level = prefa_level(g, h)
    short = level - tb
    if h.defense == ALONE and short < 0 and h.tricks[h.active] >= _RESP_ALONE[level - 6]:
        short = 0  # the lone defender made his responsibility: scored as exact
    f.bidder_tricks = tb
    f.made = short <= 0
    f.short = max(short, 0)
    return f


def preferans_facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The columns of one Russian Preferans hand (docs/rules/preferans.md, "A played contract").

    Made: the soloist took at least the tricks the core says he needs
    (``needed``: the level; Balkan's 6); both defenders passing or a
    half-whist that stood count as made (the soloist "is assumed to have won");
    a misere (Balkan's Bettler, "6") is made with no trick, and its ``short``
    is the tricks taken.  A resignation is a contract not made, and not played.
    """
    from kitapi.rules.preferans import ALLPASS, MISDEAL, RESIGN

    h = g.hand
    kind = PREFERANS_KINDS[h.kind]
    f = HandFacts(number, line, corrected, kind, None, tricks=tricks_json(line))
    if h.kind in (ALLPASS, MISDEAL):
        return f
    s = int(h.soloist)
    f.bidder = s
    f.contract = preferans_contract(g, h)
    if h.kind == RESIGN:
        f.made = False
        return f
    words = json.loads(line).get("whist")
    f.whist = "/".join(words) if words else None
    if not g.played(h):
        f.made, f.short = True, 0  # both passed, or a half-whist stood: ten tricks assumed
        return f
    ts = int(h.tricks[s])
    f.bidder_tricks = ts
    if g.is_misere(h):
        f.made, f.short = ts == 0, ts
    else:
        level = g.needed(h)
        f.made, f.short = ts >= level, max(level - ts, 0)
    return f


def preferans_contract(g: Any, h: Any) -> str:
    """The contract column of a Preferans hand: Russian "7H" or "M"; Balkan's number, "2" to "7"."""
    if g.name == "balkan":
        return str(int(h.contract))
    from kitapi.rules.preferans_json import contract_name

    return str(contract_name(h.contract))


def preferans_level(g: Any, h: Any) -> int | str:
    """The statistics' level of a Preferans contract: 6 to 10 or "M" (misere); Balkan's contract, 2 to 7."""
    if g.name == "balkan":
        return int(h.contract)
    return "M" if g.is_misere(h) else int(h.contract) // 5 + 6


# --- the pot games (Austrian, Illustrated and American Preference) and Priffe ----------


def pot_bid(g: Any, h: Any) -> str | None:
    """The bid of a pot game's hand (``g.hand`` parsed by the core): Austrian/Illustrated "2", "1H", "P",
    "none" (all passed, the dealer declares), "5" to "8H"; American the suit bid "S", "C", "D", "H", or
    "chips" (the second round); None for an American hand thrown in."""
    if g.name == "preference_us":
        from kitapi.rules.preference_us import CHIPS, PASS, SUITS

        return None if h.kind == PASS else "chips" if h.kind == CHIPS else SUITS[h.suit]
    from kitapi.rules.preference_at import BIDS

    return str(BIDS[h.bid])


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


def pot_facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The columns of a pot game's hand (docs/rules/preference_at.md, preference_illustrated.md, preference_us.md).

    Austrian and Illustrated: kind ``play`` (the cards were played) or ``drop``
    (the declarer, or both defenders, dropped: no play); ``defense`` ``both``,
    ``alone`` (one defender dropped), ``none`` (both dropped: the declarer is paid
    as if he made it) or ``out`` (the declarer dropped: not made).  Made: six
    tricks or more (the core's ``_MAKE``); a misère (5, 7 and their hand forms,
    the core's ``_HIGH_MISERE``) with no trick, a slam with ten; ``short`` the
    tricks missing (a misère's: the tricks taken).  American: kind ``suit`` (the
    first round), ``chips`` (the second) or ``pass`` (thrown in); only the
    declarer's tricks are known (``bidder_tricks``).
    """
    h = g.hand
    f = HandFacts(number, line, corrected, "play", None, contract=pot_bid(g, h))
    if g.name == "preference_us":
        from kitapi.rules.preference_us import _MAKE, CHIPS, PASS

        if h.kind == PASS:
            f.kind = "pass"
            return f
        f.kind = "chips" if h.kind == CHIPS else "suit"
        f.bidder = int(h.declarer)
        f.bidder_tricks = int(h.tricks)
        f.made, f.short = h.tricks >= _MAKE, max(_MAKE - int(h.tricks), 0)
        return f
    from kitapi.rules.preference_at import _MAKE, PREFERENCE

    b = int(h.declarer)
    f.bidder = b
    declarer_out = bool(h.drop >> b & 1)
    dropped = sum(h.drop >> s & 1 for s in range(3) if s != b)
    f.defense = "out" if declarer_out else ("both", "alone", "none")[dropped]
    if declarer_out or dropped == 2:
        f.kind = "drop"
        f.made = not declarer_out  # both defenders out: paid as made; the declarer out: conceded
        f.short = 0 if f.made else None
        return f
    f.tricks = tricks_json(line)
    t = int(h.tricks[b])
    f.bidder_tricks = t
    if h.bid > PREFERENCE:
        from kitapi.rules.preference_illustrated import _HIGH_MISERE

        misere = _HIGH_MISERE[h.bid - PREFERENCE - 1]
        f.made, f.short = (t == 0, t) if misere else (t == 10, 10 - t)
    else:
        f.made, f.short = t >= _MAKE, max(_MAKE - t, 0)
    return f


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
