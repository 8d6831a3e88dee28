"""The PC's side of the priffe family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kitapi.game import result_json
from kitapi.outcome import priffe as outcome
from kitapi.rules.priffe import CONTRACTS, HONOURS
from kitapi_host.archive.facts import HandFacts, outcome_facts
from kitapi_host.archive.text import Table, Words, grid, number, pick, signed, table
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import players as players_of
from kitapi_host.archive.text import title as registry_title
from kitapi_host.families.hookspecs import Net, exact, no_payments
from kitapi_host.families.scripted import SHORT_NAMES, Hand, next_dealer, play_out
from kitapi_host.logs.table import title_line

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------

_KEY = "priffe"  # the key of a player's Priffe figures in ``kitapi stats --json``


# kitapi serve (kitapi_host.web): the unit of its nets (a word key of kitapi_host.web.words); its systems' names are
# their registry rows' (kitapi.registry)
UNIT = "points"


def title(rules: str) -> str:
    return registry_title(rules)


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
    core's outcome (``kitapi.outcome.priffe``), as the sheets and the archive's table take it.
    ``g`` is not changed."""
    o = outcome(g, h)
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


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """The columns of a Priffe hand (docs/rules/priffe.md): ``contract`` the contract's name, ``bidder`` the
    declarer (None in a forced Noll), ``bidder_tricks`` the tricks the hand records (the declarer's
    partnership's; the dealer's in a forced Noll), ``made``: the declaring partnership won the hand (None
    in a forced Noll), as the core scores it (``kitapi.outcome.priffe``)."""
    return outcome_facts(outcome(g, g.hand), number, line, corrected)


def standings(res: dict[str, Any]) -> str:
    """The rubber in play per partnership, then each player's individual points."""
    players: list[str] = res["players"]
    title, width = title_line(
        res, f"{res['rubbers']} rubbers played" if res["over"] else f"rubber {res['rubbers'] + 1}"
    )
    lines = [title]
    if not res["over"]:
        names = [" + ".join(players[s] for s in side) for side in res["partners"]]
        w = max(11, *(len(n) for n in names))
        lines.append(f"  {'Partnership':<{w}}  {'Games':>5}  {'Tricks':>6}  {'Points':>6}")
        for k in (0, 1):
            lines.append(f"  {names[k]:<{w}}  {res['games'][k]:>5}  {res['trick_points'][k]:>6}  {res['points'][k]:>6}")
    lines.append(f"  {'Player':<{width}}  {'Individual':>10}")
    for name, x in zip(players, res["individual"], strict=True):
        lines.append(f"  {name:<{width}}  {(f'{x:+d}' if x else '0'):>10}")
    return "\n".join(lines)


def result_line(res: dict[str, Any]) -> str:
    """The rubbers played, the individual points, the partnerships' games while a rubber is in play."""
    players = res["players"]
    ind = ", ".join(f"{p} {signed(x)}" for p, x in zip(players, res["individual"], strict=True))
    teams = " v ".join("+".join(players[s] for s in side) for side in res["partners"])
    playing = f"; {teams} games {res['games'][0]}-{res['games'][1]}" if any(res["points"]) else ""
    return f"rubbers {res['rubbers']}, individual {ind}{playing}"


def nets(g: dict[str, Any]) -> list[Net]:
    """The individual points."""
    return [exact(x) for x in g["result"]["individual"]]


evening_nets = nets


def seat_total(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    """The individual points, under the family's name."""
    return "priffe", Fraction(result["individual"][seat])


def payments(res: dict[str, Any]) -> dict[str, Any]:
    """Nobody pays anybody (*"The player with the highest individual score at the end is the overall winner"*)."""
    return no_payments(res)


# what show's row takes from the core's result after each hand (as the pot games', in this order)
_AFTER = ("pot", "stock", "refills", "over", "partners", "trick_points", "games", "points")


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    """The standings after the hand, its ``step`` (``PriffePoints``) and ``rubber_end`` (it finished a rubber)."""
    step = priffe_points(g, g.parse(d))
    g.play(d)
    after = json.loads(result_json(g))
    out = {k: after[k] for k in _AFTER if k in after}
    rubbers = memo.get("rubbers", 0)
    out["rubbers"] = after["rubbers"]
    out["individual"] = after["individual"]
    out["step"] = step
    out["rubber_end"] = after["rubbers"] > rubbers
    memo["rubbers"] = after["rubbers"]
    return out


def hand_row(h: dict[str, Any], names: list[str]) -> list[str]:
    """A Priffe hand: the contract, the declarer, the tricks; who won, the trick points (below the line),
    the bonuses (above), the rubber's games and points after it; each player's individual points."""
    d = h["hand"]
    p = h["step"]
    team = "+".join(names[s] for s in range(4) if p.sides[s] == p.won)
    above = []
    if p.slam:
        above.append(f"slam {p.slam}")
    if p.honours:
        hteam = "+".join(names[s] for s in range(4) if p.sides[s] == p.honours[0])
        above.append(f"honours {p.honours[1]} {hteam}")
    if p.bonus:
        above.append(f"game {p.bonus}")
    honours = f"{d['honours']} {names[d['holder']]}" if "honours" in d else ""
    rubber = f"{p.games[0]}-{p.games[1]} {p.points[0]}-{p.points[1]}" + (" end" if h["rubber_end"] else "")
    return [
        number(h),
        h["dealer"],
        h["contract"],
        h["bidder"] or "-",
        str(d["tricks"]),
        honours,
        team,
        str(p.tricks) + (f" ({p.below})" if p.below != p.tricks else ""),
        ", ".join(above),
        rubber,
        *(signed(x) for x in h["individual"]),
    ]


def show(game: dict[str, Any], names: list[str]) -> None:
    """The hand's points taken apart, the rubber, the individual points."""
    rows = [hand_row(h, names) for h in game["hands"]]
    head = ["Hand", "Dealer", "Contract", "Declarer", "Tricks", "Honours", "Won by", "Below", "Above"]
    head += ["Rubber", *names]
    print(grid(head, rows, {0, 4, 7, *range(10, len(head))}, [("individual", 10, len(names))]))
    print(
        "Tricks: the declarer's partnership's (the dealer's in a forced Noll).  Below: the trick points"
        " (towards the game in brackets, when doubled).\nRubber: games and points of the partnerships"
        " (the first is seat 0's) after the hand; end: the rubber is over, the points go to the individual."
    )


@dataclass
class PriffeStats:
    """One player's Priffe figures.

    - ``games``, ``hands``;
    - ``rubbers``: rubbers played out, ``won``: of those, the ones his partnership
      won (more points), ``lost``: the ones it lost (a tie is neither);
    - ``individual``: his individual points, summed over the games;
    - ``declarer``: hands he declared (a forced Noll has no declarer);
      ``contracts``: by contract (play, noll, hearts, diamonds), ``[made,
      declared]``: made when his partnership won the hand.
    """

    games: int = 0
    hands: int = 0
    rubbers: int = 0
    won: int = 0
    lost: int = 0
    individual: int = 0
    declarer: int = 0
    contracts: dict[str, list[int]] = field(
        default_factory=lambda: {c: [0, 0] for c in ("play", "noll", "hearts", "diamonds")}
    )

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "rubbers": self.rubbers,
            "won": self.won,
            "lost": self.lost,
            "individual": self.individual,
            "declarer": self.declarer,
            "contracts": {c: (m, t) for c, (m, t) in self.contracts.items()},
        }


def stats_parts() -> dict[str, Any]:
    return {_KEY: PriffeStats()}


def rubbers(g: Any, texts: list[str]) -> list[tuple[list[list[int]], list[Fraction]]]:
    """A Priffe game's rubbers played out, as matches: ``(partnerships' seats, what the rubber gave each)``, the
    stored hands (``texts``, their JSON) scored again by the core on ``g``, a fresh game of its header: what
    ``kitapi ratings`` rates and the web page's head-to-head counts."""
    out: list[tuple[list[list[int]], list[Fraction]]] = []
    for text in texts:
        h = g.parse(json.loads(text))
        side, before, done = list(g.side), list(g.individual), g.rubbers
        g.apply(h)
        if g.rubbers > done:
            sides = [[s for s in range(g.n) if side[s] == k] for k in (0, 1)]
            out.append((sides, [Fraction(g.individual[t[0]] - before[t[0]]) for t in sides]))
    return out


def count(g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]) -> None:
    """Add a Priffe game's figures: the hands scored again on ``g`` (a fresh game) in order."""
    for seat, pid in enumerate(seats):
        if pid in table:
            ps = table[pid].parts[_KEY]
            ps.games += 1
            ps.hands += res["hands"]
            ps.individual += res["individual"][seat]
    rubbers = 0
    for d in hands:
        h = g.parse(d)
        f = facts(g, 0, json.dumps(d), False)
        before = list(g.individual)
        g.apply(h)
        if f.bidder is not None and seats[f.bidder] in table:
            ps = table[seats[f.bidder]].parts[_KEY]
            ps.declarer += 1
            ps.contracts[str(f.contract)][1] += 1
            ps.contracts[str(f.contract)][0] += bool(f.made)
        if g.rubbers > rubbers:
            rubbers = g.rubbers
            for seat, pid in enumerate(seats):
                if pid in table:
                    ps = table[pid].parts[_KEY]
                    change = g.individual[seat] - before[seat]
                    ps.rubbers += 1
                    ps.won += change > 0
                    ps.lost += change < 0


# The table's words (kitapi_host.archive.text.Words), English as kitapi stats prints them; the box's Greek and
# Russian (kitapi.app.systems.priffe: ράμπερ, νολ, κούπες; роббер, ноль, черви).
STATS_WORDS: Words = {
    "title": (
        "Swedish Priffe (individual points)",
        "Σουηδικό πρίφε (ατομικοί πόντοι)",
        "Шведский приффе (личные очки)",
    ),
    "games": ("Games", "Παρτίδες", "Партии"),
    "rubbers": ("Rubbers", "Ράμπερ", "Робберы"),
    "won": ("Won", "Νίκες", "Выиграл"),
    "lost": ("Lost", "Ήττες", "Проиграл"),
    "points": ("Points", "Πόντοι", "Очки"),
    "declarer": ("Declarer", "Δήλωσε", "Заказывал"),
    "play": ("Play", "Παιχνίδι", "Игра"),
    "noll": ("Noll", "Νολ", "Ноль"),
    "hearts": ("Hearts", "Κούπες", "Черви"),
    "diamonds": ("Diamonds", "Καρό", "Бубны"),
    "note": (
        "Rubbers: played out; Won/Lost: by his partnership.  Points: individual points, summed.  Contracts:"
        " made/declared (made: his partnership won the hand).",
        "Ράμπερ: όσα τελείωσαν· Νίκες/Ήττες: της ομάδας του.  Πόντοι: οι ατομικοί πόντοι, το άθροισμα."
        "  Συμβόλαια: βγήκαν/δηλώθηκαν (βγήκε: η ομάδα του κέρδισε τη μοιρασιά).",
        "Робберы: сыгранные; Выиграл/Проиграл: его пара.  Очки: личные очки, сумма.  Контракты:"
        " сыграно/заказано (сыграно: его пара взяла сдачу).",
    ),
}


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
    players = players_of(stats, lambda s: s[_KEY], everyone)
    if not players:
        return []
    w = pick(STATS_WORDS, lang)
    return [
        table(
            w["title"],
            players,
            lambda s: s[_KEY],
            [
                *(count_column(k, w[k]) for k in ("games", "rubbers", "won", "lost")),
                (w["points"], lambda p: signed(p["individual"])),
                count_column("declarer", w["declarer"]),
            ],  # fmt: skip
            [w[k] for k in ("play", "noll", "hearts", "diamonds")],
            [],
            w["note"],
            lang,
        )
    ]


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "rubbers"  # the option the new game's number step sets
BENCH: dict[str, Any] = {}  # the bench's long game: 99 rubbers (about 1,200 hands)


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Ann, Bob, Cat, Dan, 99 rubbers (the most the core allows) unless ``options`` say."""
    rubbers = options.pop("rubbers", 99)
    return {"kitapi": 1, "rules": rules, "players": list(SHORT_NAMES), "options": {"rubbers": rubbers, **options},
            "dealer": 0}  # fmt: skip


def priffe_hand(rng: Any, dealer: int) -> dict[str, Any]:
    """A random valid Priffe hand dealt by ``dealer`` (``rng``: a random.Random); most are made by one
    trick, most others one or two off: a rubber lasts about a dozen hands."""
    c = rng.choices(CONTRACTS, (50, 12, 15, 13, 10))[0]
    h: dict[str, Any] = {"dealer": dealer, "contract": c}
    if c != "forced":
        h["declarer"] = rng.randrange(4)
    usual = 6 if c in ("noll", "forced") else 7
    r = rng.random()
    if r < 0.85:
        h["tricks"] = usual if c != "forced" else rng.choice((6, 7))
    elif r < 0.98:  # one or two off either way
        h["tricks"] = usual + rng.choice((-2, -1, 1, 2))
    else:
        h["tricks"] = rng.randrange(14)
    if rng.random() < 0.1:
        h["honours"] = rng.choice(HONOURS[1:])
        h["holder"] = rng.randrange(4)
    return h


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A random Priffe game of ``hands`` hands (fewer if it ends first), each dealt by the dealer the
    core proposes (Game.next_dealer: after a change of places, the one who stays put); always 4 players."""
    rng = random.Random(seed)
    return play_out(header(rules, 4, **options), hands, lambda g: priffe_hand(rng, next_dealer(g)))


def hand_keys(g: Any, hand: Hand) -> str:
    """The key presses for a Priffe hand (kitapi.app.systems.priffe.wiz), from the home screen to the saved
    hand: the declarer's seat (0 a forced Noll), the contract (# Play), the team's tricks (# made by one: 7,
    6 in a Noll; A-D 10-13), the honours (# none), who held them (# the declarer, the dealer in a forced Noll), #."""
    c = CONTRACTS.index(hand["contract"])
    if c == 4:
        keys = "0"
        holder = hand["dealer"]
    else:
        keys = str(hand["declarer"] + 1) + ("#" if c == 0 else str(c + 1))
        holder = hand["declarer"]
    t = hand["tricks"]
    keys += "#" if t == (6 if c in (1, 4) else 7) else "0123456789ABCD"[t]
    honours = HONOURS.index(hand.get("honours", ""))
    keys += str(honours) if honours else "#"
    if honours:
        keys += "#" if hand["holder"] == holder else str(hand["holder"] + 1)
    return keys + "#"


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
