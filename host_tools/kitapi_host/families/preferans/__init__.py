"""The PC's side of the preferans family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kitapi.game import new_game, result_json
from kitapi.outcome import preferans as outcome
from kitapi.registry import rows
from kitapi.rules import load
from kitapi.rules.preferans import PLAY, RESIGN
from kitapi.rules.preferans_json import contract_name, parse_contract
from kitapi_host.archive.facts import HandFacts, outcome_facts, tricks_json
from kitapi_host.archive.text import Table, Words, grid, named, number, pick, table
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import players as players_of
from kitapi_host.archive.text import title as registry_title
from kitapi_host.families.hookspecs import Net, exact, no_payments
from kitapi_host.families.scripted import Hand, next_dealer, play_out, split, tricks_key
from kitapi_host.logs import show_exact
from kitapi_host.logs.table import MONEY_NOTE, SETTLES, money_transfers, preferans_transfers, title_line

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------

# Russian Preferans' systems (a contract is a level and a suit) share one table of statistics, under this
# key; a variant whose contracts are numbers (the class's NUMBERED: Balkan's) has its own, under its rules id.
_RUSSIAN = "Russian Preferans"
_KEY = "preferans"


@functools.cache  # (kitapi.rules.load imports the registry again each time: it lets itself go for the box)
def variant(rules: str) -> Any:
    """The core's class of the system ``rules``, asked what its contracts are (``NUMBERED``, ``NO_TRICK``)."""
    return load(rules)


# kitapi serve (kitapi_host.web): the unit of its nets (a word key of kitapi_host.web.words); its systems' names are
# their registry rows' (kitapi.registry)
UNIT = "whists"


def title(rules: str) -> str:
    return registry_title(rules)


def no_trick(rules: str) -> str:
    """The contract to take no trick as the log writes it: "M" (the misere), or its number (Balkan's Bettler, 6)."""
    cls = variant(rules)
    return str(cls.NO_TRICK) if cls.NUMBERED else contract_name(cls.NO_TRICK)


@functools.cache
def _game(rules: str) -> Any:
    return variant(rules)({"kitapi": 1, "rules": rules, "players": ["A", "B", "C"]})


def needed(rules: str, contract: str) -> int:
    """The tricks the soloist of a contract (as the log writes it, not the no-trick one) needs, asked of the
    system's class (``needed``: the level; Balkan's, 6 for every number)."""
    g = _game(rules)
    h = g.hand
    h.contract = int(contract) if g.NUMBERED else parse_contract(contract)
    return int(g.needed(h))


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """A Preferans hand's columns: the core's outcome, every seat's tricks (an all-pass's too) and, in a played
    hand, the whisters' words."""
    f = outcome_facts(outcome(g, g.hand), number, line, corrected)
    f.tricks = tricks_json(line)
    if f.kind == "play":
        words = json.loads(line).get("whist")
        f.whist = "/".join(words) if words else None
    return f


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    # who whisted, as the core scores the hand (their split of the tricks counts only when two did)
    whisters = [w for w, _ in outcome(g, g.parse(d))["whisters"]]
    g.play(d)
    after = json.loads(result_json(g))
    return {
        "pool": list(after["pool"]),
        "hill": [Fraction(x) for x in after["hill"]],
        "whists": [[Fraction(x) for x in w] for w in after["whists"]],
        "settlement": [Fraction(x) for x in after["settlement"]],
        "whisters": whisters,
    }


def _words(d: dict[str, Any]) -> str:
    """The whisting of a Preferans hand: the defenders' words, open or closed, the 4-player dealer's whist."""
    words = "/".join(d.get("whist", []))
    if "open" in d:
        words += " open" if d["open"] else " closed"
    if "dealer_whist" in d:
        words += f" +dealer ({d['dealer_whist'] + 1})"
    return words


# what the Tricks column of a Preferans game says (docs/sync.md, "kitapi show")
_TRICKS = (
    "Tricks: the soloist's / the defenders' together; when two whisted, each whister's (in seat order): their split"
    " counts only then,\nand the box records no other (a misere, one whister: all on one seat).  An all-pass: each"
    " player's, in seat order."
)


def hand_row(h: dict[str, Any], misere: str) -> list[str]:
    """A Preferans hand's row in ``show``; ``misere``: the no-trick contract as the log writes it (``no_trick``)."""
    d = h["hand"]
    seats = json.loads(h["tricks"]) if h["tricks"] else []
    tricks = "-".join(str(t) for t in seats)  # an all-pass: each player's
    if seats and h["kind"] == "play":  # as entered: the soloist's / the defenders' (each whister's when two whisted)
        s = d["soloist"]
        whisters = sorted(h.get("whisters") or [])
        theirs = "+".join(str(seats[w]) for w in whisters) if len(whisters) > 1 else str(sum(seats) - seats[s])
        tricks = f"{seats[s]} / {theirs}"
    if h["kind"] == "misdeal":
        what = [h["dealer"], "-", "misdeal", "", "", ""]
    elif h["kind"] == "allpass":
        what = [h["dealer"], "-", "all-pass", "", tricks, ""]
    else:
        contract = h["contract"] + (" hand" if d.get("hand") else "") + (" game" if d.get("game") else "")
        if "widow" in d:
            contract += f" widow {d['widow']}"
        elif d.get("refused"):
            contract += " refused"
        if h["kind"] == "resign":
            result = "resigned"
        elif h["made"]:
            result = "made"
        else:
            result = f"took {h['short']}" if h["contract"] == misere else f"short {h['short']}"
        what = [h["dealer"], h["bidder"], contract, _words(d), tricks, result]
    figures = []
    for pool, hill, net in zip(h["pool"], h["hill"], h["settlement"], strict=True):
        figures += [str(pool), show_exact(hill, sign=False), show_exact(net)]
    return [number(h), *what, *figures]


def standings(res: dict[str, Any]) -> str:
    """Pool, hill, whists written, the net settlement; then who pays whom."""
    players: list[str] = res["players"]
    title, width = title_line(res)
    lines = [
        title,
        f"  {'Player':<{width}}  {'Pool':>5}  {'Hill':>6}  {'Whists':>7}  {'Net':>9}  {'Settles':>7}",
    ]
    nets = [Fraction(x) for x in res["settlement"]]
    wholes, transfers = preferans_transfers(nets)
    for i, name in enumerate(players):
        written = sum((Fraction(x) for x in res["whists"][i]), Fraction(0))
        hill = Fraction(res["hill"][i])
        lines.append(
            f"  {name:<{width}}  {res['pool'][i]:>5}  {show_exact(hill).lstrip('+'):>6}  "
            f"{show_exact(written).lstrip('+'):>7}  {show_exact(nets[i]):>9}  {show_exact(Fraction(wholes[i])):>7}"
        )
    unit = "whists"
    lines.append("Settlement (if the game ended now):" if not res["over"] else "Settlement:")
    if any(x.denominator != 1 for x in nets):
        lines.append(SETTLES)
    if not transfers:
        lines.append("  nobody pays anybody")
    for payer, payee, a in transfers:
        lines.append(f"  {players[payer]} pays {players[payee]} {a} {unit}")
    cash = money_transfers(res)
    if cash is not None:  # the money: from the exact nets, rounded once (as the box pays it)
        places, whole, pays = cash
        lines.append("In money:" if whole else f"In money ({MONEY_NOTE.format(places=places)}):")
        if not pays:
            lines.append("  nobody pays anybody")
        for payer, payee, text in pays:
            lines.append(f"  {players[payer]} pays {players[payee]} {text}")
    return "\n".join(lines)


def _stake(res: dict[str, Any], nets: list[Fraction]) -> Fraction | None:
    """The money of a whist, where a stake is set (the result's ``money``), else None."""
    if "money" not in res:
        return None
    k = next((i for i, x in enumerate(nets) if x), None)
    return Fraction(res["money"][k]) / nets[k] if k is not None else None


def result_line(res: dict[str, Any]) -> str:
    """The pools, then the net whists."""
    nets_text = ", ".join(
        f"{p} {show_exact(Fraction(x))}" for p, x in zip(res["players"], res["settlement"], strict=True)
    )
    return f"pools {'/'.join(str(v) for v in res['pool'])}, net {nets_text}"


def nets(g: dict[str, Any]) -> list[Net]:
    """The net whists (exact thirds)."""
    return [exact(x) for x in g["result"]["settlement"]]


evening_nets = nets


def seat_total(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    """The net whists, under the family's name; a variant whose contracts are numbers (Balkan) under its rules
    id (its whists are not Russian Preferans')."""
    return (rules if variant(rules).NUMBERED else "preferans"), Fraction(result["settlement"][seat])


def payments(res: dict[str, Any]) -> dict[str, Any]:
    """The net whists; where a stake is set, ``cash``: who pays whom in money (``[(payer, payee, "2.67")]``),
    from the exact nets rounded once, as the box pays it."""
    nets = [Fraction(x) for x in res["settlement"]]
    _, pays = preferans_transfers(nets)
    stake = _stake(res, nets)
    cash = money_transfers(res)  # the money: the exact nets x the stake, rounded once, as the box pays it
    rounded = any(x.denominator != 1 for x in nets)
    return {**no_payments(res), "unit": "whists", "pays": [(*p, None) for p in pays], "cash": cash[2] if cash else [],
            "rounded": rounded, "stake": stake}  # fmt: skip


def show(game: dict[str, Any], names: list[str]) -> None:
    """Each player's pool, hill and net whists after each hand."""
    misere = no_trick(game["rules"])
    rows = [hand_row(h, misere) for h in game["hands"]]
    head = ["Hand", "Dealer", "Soloist", "Contract", "Whist", "Tricks", "Result"]
    head += ["Pool", "Hill", "Net"] * len(names)
    groups = [(name, 7 + 3 * i, 3) for i, name in enumerate(names)]
    print(grid(head, rows, {0, *range(7, len(head))}, groups))
    print(_TRICKS)


@dataclass
class PreferansStats:
    """One player's Russian Preferans figures (every system whose contract is a level and a suit together,
    ``preferans`` in ``kitapi stats --json``), or his figures of a variant whose contracts are numbers (under
    its rules id: Balkan's, the contracts 2 to 7, 6 Bettler).

    - ``games``, ``hands`` (hands scored in his games of those systems);
    - ``whists``: his net whists, the settlement of each game (exact), summed;
    - ``soloist``: hands he was the soloist (a resignation counts); ``contracts``:
      by level, 6 to 10 and ``"M"`` for misere (a numbered variant's: by number), ``[made, taken]``: a
      contract is taken when it is played or resigned, and made as ``kitapi.outcome.hand_outcome`` says
      (both defenders passing, or a half-whist that stood, is made; a resignation is not);
    - ``whisted``: hands he whisted (said "whist" and the cards were played, or the
      4-player dealer whisted); ``failed``: of those, the hands where the whisters
      took less than the requirement and he was responsible for it: the core wrote
      the undertricks on his hill (one whister; two, each against his own quota;
      a requirement of one: the second whister, or both under ``whist_one: shared``).
    """

    contracts: dict[int | str, list[int]]
    games: int = 0
    hands: int = 0
    whists: Fraction = field(default_factory=Fraction)
    soloist: int = 0
    whisted: int = 0
    failed: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "whists": self.whists,
            "soloist": self.soloist,
            "contracts": {lv: (m, t) for lv, (m, t) in self.contracts.items()},
            "whisted": self.whisted,
            "failed": self.failed,
        }


def _numbered() -> list[tuple[str, Any]]:
    """The family's systems whose contracts are numbers, with their classes, in kitapi.registry's order."""
    out = []
    for r in rows():
        if r[1] == "preferans":
            cls = variant(r[0])
            if cls.NUMBERED:
                out.append((r[0], cls))
    return out


def _key(g: Any) -> str:
    return str(g.name) if g.NUMBERED else _KEY


def stats_parts() -> dict[str, Any]:
    parts: dict[str, Any] = {_KEY: PreferansStats({lv: [0, 0] for lv in (6, 7, 8, 9, 10, "M")})}
    for rules, cls in _numbered():
        lo, hi = cls.NUMBERED
        parts[rules] = PreferansStats({lv: [0, 0] for lv in range(lo, hi + 1)})
    return parts


def count(g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]) -> None:
    key = _key(g)
    for seat, pid in enumerate(seats):
        if pid in table:
            pst = table[pid].parts[key]
            pst.games += 1
            pst.hands += res["hands"]
            pst.whists += Fraction(res["settlement"][seat])
    for d in hands:
        _count_hand(g, d, seats, table, key)


def _count_hand(g: Any, d: dict[str, Any], seats: list[int], table: dict[int, Any], key: str) -> None:
    """Score one effective Preferans hand on ``g`` (in order: Leningrad's minimum bid depends on the
    hands before) and add it to the players' figures (``PreferansStats``).

    Responsibility is not worked out here: the core's outcome names the whisters of a played contract and
    which of them the hand charges with the whisters' shortfall (``kitapi.outcome.preferans``'
    ``whisters``).
    """
    h = g.parse(d)
    if h.kind not in (PLAY, RESIGN):
        g.apply(h)
        return
    o = outcome(g, h)
    g.apply(h)
    st = table.get(seats[o["bidder"]])
    if st is not None:
        pst = st.parts[key]
        pst.soloist += 1
        level = o["level"]
        pst.contracts[level][1] += 1
        pst.contracts[level][0] += bool(o["made"])
    for w, charged in o["whisters"]:
        st = table.get(seats[w])
        if st is not None:
            st.parts[key].whisted += 1
            st.parts[key].failed += charged


# The tables' words (kitapi_host.archive.text.Words), English as kitapi stats prints them; the Russian of the
# пуля (висты, вистовал, недовист, без трёх), the Greek the box's (βιστ, βίσταρε, λείπει, παραίτηση).
# "level": a level's head, its number in it; "contracts": the note's words for them, by level or by number.
STATS_WORDS: Words = {
    "russian": (_RUSSIAN, "Ρωσικό πρέφερανς", "Русский преферанс"),
    "unit": ("whists", "βιστ", "висты"),
    "games": ("Games", "Παρτίδες", "Партии"),
    "whists": ("Whists", "Βιστ", "Висты"),
    "soloist": ("Soloist", "Έπαιξε", "Играл"),
    "level": ("{}s", "{}", "{}"),
    "misere": ("Mis", "Μιζ", "Миз"),
    "bettler": ("Bet", "Μπέτ", "Бет"),
    "whisted": ("Whisted", "Βίσταρε", "Вистовал"),
    "failed": ("Failed", "Λείπει", "Недовист"),
    "by_level": ("by level (Mis: misere", "ανά ύψος (Μιζ: μιζέρ", "по уровню (Миз: мизер"),
    "by_number": ("by contract (Bet: Bettler", "ανά συμβόλαιο (Μπέτ: μπέτλερ", "по игре (Бет: беттлер"),
    "note": (
        "Whists: net, the settlements summed.  Contracts: made/taken {}; a resignation is taken, not made).\n"
        "Whisted: hands he whisted; Failed: of those, the ones he was responsible for the whisters' shortfall.",
        "Βιστ: καθαρά, το άθροισμα των λογαριασμών.  Συμβόλαια: βγήκαν/πάρθηκαν {}· η παραίτηση μετρά"
        " στα παρμένα, όχι στα βγαλμένα).\nΒίσταρε: μοιρασιές που βίσταρε· Λείπει: από αυτές, όσες χρεώθηκε"
        " τις μπάζες που έλειψαν από τους βιστάροντες.",
        "Висты: итог, сумма расчётов.  Игры: сыграно/заказано {}; без трёх — заказана, не сыграна).\n"
        "Вистовал: сдачи, где он вистовал; Недовист: из них те, где недобор вистующих записан на него.",
    ),
}


def _table(players: list[dict[str, Any]], key: str, heading: str, bettler: int | None, lang: str) -> Table:
    """A table of Preferans figures; ``bettler``: a numbered variant's no-trick contract, else None."""
    w = pick(STATS_WORDS, lang)

    def label(lv: int | str) -> str:
        if bettler is not None:
            return w["bettler"] if lv == bettler else w["level"].format(lv)
        return w["level"].format(lv) if lv != "M" else w["misere"]

    levels_text = w["by_number"] if bettler is not None else w["by_level"]
    return table(
        f"{heading} ({w['unit']})",
        players,
        lambda s: s[key],
        [
            count_column("games", w["games"]),
            (w["whists"], lambda p: show_exact(p["whists"])),
            count_column("soloist", w["soloist"]),
        ],
        [label(lv) for lv in players[0][key]["contracts"]],
        [count_column("whisted", w["whisted"]), count_column("failed", w["failed"])],
        w["note"].format(levels_text),
        lang,
    )


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
    out = []
    players = players_of(stats, lambda s: s[_KEY], everyone)
    if players:
        out.append(_table(players, _KEY, pick(STATS_WORDS, lang)["russian"], None, lang))
    for rules, cls in _numbered():
        players = players_of(stats, lambda s, rules=rules: s[rules], everyone)  # type: ignore[misc]
        if players:
            out.append(_table(players, rules, named(rules, lang, title(rules)), cls.NO_TRICK, lang))
    return out


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "pool"  # the option the new game's number step sets
BENCH: dict[str, Any] = {"pool": 10000}  # the bench's long game: 1,000 hands fit
# the commonest hand, which the bench counts the keys of
COMMONEST: Hand = {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "pass"], "open": False,
                   "tricks": [0, 6, 4]}  # fmt: skip

_SUITS = "SCDHN"
_PREF_LEVELS = (6, 7, 8, 9, 10)
_PREF_LEVEL_WEIGHTS = (45, 28, 14, 8, 5)
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Anna, Boris, Vera (Gleb), ``options`` as given (the core's defaults)."""
    return {"kitapi": 1, "rules": rules, "players": NAMES[: players or 3], "options": dict(options), "dealer": 0}


def random_hand(rng: random.Random, g: Any, dealer: int) -> Hand:
    """One random legal hand for the Preferans game ``g`` (its options and its state respected)."""
    n = g.n
    players = [s for s in range(n) if not (n == 4 and s == dealer)]
    r = rng.random()
    if r < 0.12:
        t = split(rng, 10, players, n)
        if n == 2:
            t = split(rng, rng.randint(3, 10), players, n)
        elif n == 4 and g.ALLPASS_KIND != 2 and not g.NO_TALON:  # (the dealer may take the talon's tricks)
            w = rng.choice((0, 0, 1, 2))
            t = split(rng, 10 - w, players, n)
            t[dealer] = w
        return {"dealer": dealer, "allpass": t}
    if r < 0.14:
        return {"dealer": dealer, "misdeal": True}
    soloist = rng.choice(players)
    h: Hand = {"dealer": dealer, "soloist": soloist}
    if g.resign and r < 0.17:
        h.update(contract=f"{rng.choice(_PREF_LEVELS[1:4])}{rng.choice('SCDHN')}", resign=True)
        return h
    if r < 0.22:
        h["contract"] = "M"
        if g.misere_hand and rng.random() < 0.3:
            h["hand"] = True
        h["tricks"] = split(rng, 10, players, n)
        if rng.random() < 0.5:
            h["tricks"] = [0] * n
            h["tricks"][rng.choice([p for p in players if p != soloist])] = 10
        return _widow(rng, g, h)
    low = g.min_level()
    level = rng.choices(_PREF_LEVELS, _PREF_LEVEL_WEIGHTS)[0]
    level = max(level, low)
    h["contract"] = f"{level}{rng.choice('SCDHN')}"
    contract_req = g.requirement((level - 6) * 5)
    made = rng.random() < 0.75
    ts = rng.randint(level, 10) if made else rng.randint(max(0, level - 3), level - 1)
    if contract_req == 0:
        t = split(rng, 10 - ts, [p for p in players if p != soloist], n)
        t[soloist] = ts
        h["tricks"] = t
        return _widow(rng, g, h)
    if n == 2:
        words = [rng.choice(("whist", "whist", "pass"))]
        if g.stalingrad and h["contract"] == "6S":
            words = ["whist"]
    else:
        combos = [["whist", "whist"], ["whist", "pass"], ["pass", "whist"], ["pass", "pass"]]
        if level <= 7 and g.half_whist:
            combos.append(["pass", "half"])
            if g.half_whist_first:
                combos.append(["half", "pass"])
        words = rng.choice(combos)
        if g.stalingrad and h["contract"] == "6S":
            words = ["whist", "whist"]
    h["whist"] = words
    whisters = words.count("whist")
    if n > 2 and whisters == 1:
        h["open"] = rng.random() < 0.3
    if n == 4 and words == ["pass", "pass"] and rng.random() < 0.3:
        h["dealer_whist"] = rng.choice((0, 1))
    if whisters or "dealer_whist" in h:
        probe = g.hand.__class__()
        probe.soloist, probe.dealer = soloist, dealer
        g.defenders(probe)
        hands_of = [probe.d1] if n == 2 else [probe.d1, probe.d2]
        if "dealer_whist" in h:
            hands_of[h["dealer_whist"]] = dealer
        t = split(rng, 10 - ts, hands_of, n)
        t[soloist] = ts
        h["tricks"] = t
    return _widow(rng, g, h)


def _widow(rng: random.Random, g: Any, h: Hand) -> Hand:
    if getattr(g, "widow_points", False) and rng.random() < 0.4:
        if rng.random() < 0.2:
            h["refused"] = True
        else:
            h["widow"] = rng.choice(("A", "KQ", "AK", "AA"))
    return h


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A header (``header``) and up to ``hands`` random legal hands (fewer if the game ends): the Russian
    conventions' (``random_hand``), or the numbered bids' (``numbered_hand``) for a class with those."""
    rng = random.Random(seed)
    hdr = header(rules, players, **options)
    make = numbered_hand if _numbered_bids(new_game(hdr)) else random_hand
    return play_out(hdr, hands, lambda g: make(rng, g, next_dealer(g)))


def _numbered_bids(g: Any) -> bool:
    """Whether the game's contracts are numbers (Balkan's 2 to 7, typed as their number in one step) rather
    than a level and a suit: the core class says so (``NUMBERED``: None, or the lowest and the highest)."""
    return bool(getattr(g, "NUMBERED", None))


def _no_trick(g: Any, contract: str) -> bool:
    """Whether the numbered ``contract`` is the one to take no trick (Balkan's Bettler): the core says."""
    h = type(g.hand)()
    h.contract = int(contract)
    return bool(g.is_misere(h))


def numbered_hand(rng: random.Random, g: Any, dealer: int) -> dict[str, Any]:
    """A random legal hand of a game of numbered bids (Balkan's, ``g``)."""
    n = g.n
    players = [s for s in range(n) if not (n == 4 and s == dealer)]
    r = rng.random()
    if r < 0.1:
        t = [0] * n
        w = rng.choice((0, 0, 1, 2)) if n == 4 else 0
        if n == 4:
            t[dealer] = w
        for _ in range(rng.randint(3, 10) - w if n == 2 else 10 - w):
            t[rng.choice(players)] += 1
        return {"dealer": dealer, "allpass": t}
    if r < 0.12:
        return {"dealer": dealer, "misdeal": True}
    h: dict[str, Any] = {"dealer": dealer, "soloist": rng.choice(players), "contract": str(rng.randint(*g.NUMBERED))}
    if rng.random() < 0.2:
        h["game"] = True
    if g.resign and r < 0.15 and not _no_trick(g, h["contract"]) and "game" not in h:
        h["resign"] = True
        return h
    probe = g.hand.__class__()
    probe.soloist, probe.dealer = h["soloist"], dealer
    g.defenders(probe)
    ts = rng.randint(0, 10)
    if _no_trick(g, h["contract"]):
        hands_of = [p for p in players if p != h["soloist"]]
    else:
        combos = [["whist", "whist"], ["whist", "pass"], ["pass", "whist"], ["pass", "pass"], ["pass", "half"]]
        words = [rng.choice(("whist", "pass"))] if n == 2 else rng.choice(combos)
        h["whist"] = words
        if n > 2 and words.count("whist") == 1:
            h["open"] = rng.random() < 0.5
        if n == 4 and words == ["pass", "pass"] and rng.random() < 0.3:
            h["dealer_whist"] = rng.choice((0, 1))
        if "whist" not in words and "dealer_whist" not in h:
            return h
        hands_of = [probe.d1] if n == 2 else [probe.d1, probe.d2]
        if "dealer_whist" in h:
            hands_of[h["dealer_whist"]] = dealer
    t = [0] * n
    t[h["soloist"]] = ts
    for _ in range(10 - ts):
        t[rng.choice(hands_of)] += 1
    h["tricks"] = t
    return h


# the typist (kitapi.app.systems.preferans.wiz)

_WORDS = (("whist", "whist", None), ("whist", "pass", None), ("pass", "whist", None), ("pass", "pass", None),
          ("pass", "half", None), ("half", "pass", None), ("pass", "pass", 0), ("pass", "pass", 1))  # fmt: skip
_WIDOWS = ("", "A", "KQ", "AK", "AA")


def _probe(g: Any, hand: dict[str, Any]) -> Any:
    """The core's Hand for ``hand`` (parsed without the state checks), its defenders set."""
    h = type(g.hand)()
    g.parse_hand(hand, h)
    g.defenders(h)
    return h


def device_form(g: Any, hand: dict[str, Any]) -> dict[str, Any]:
    """``hand`` as the device writes it: where the split of the defenders' tricks cannot change the
    score (one whister, a misere, a 10 without whisting), all of them on the whisting hand (or
    defender 1's); the dealer's taken-over hand at the dealer's seat."""
    if "tricks" not in hand:
        return dict(hand)
    h = _probe(g, hand)
    out = dict(hand)
    t = list(hand["tricks"])
    s = hand["soloist"]
    if h.w1 == 0 and h.w2 == 0:
        return out
    rest = 10 - t[s]
    t = [0] * g.n
    t[s] = hand["tricks"][s]
    if h.dealer_whist >= 0:
        t[h.dealer] = rest
    elif h.w2 == 0:
        t[h.d2] = rest
    else:
        t[h.d1] = rest
    out["tricks"] = t
    return out


def hand_keys(g: Any, hand: dict[str, Any]) -> str:
    """The key presses for a Preferans hand, from the home screen to the saved hand (``g``: the game before it;
    kitapi.app.systems.preferans.wiz)."""
    n = g.n
    if hand.get("misdeal"):
        return "DA#"
    if "allpass" in hand:
        t = hand["allpass"]
        order = [s for s in range(n) if not (n == 4 and s == hand["dealer"] and g.ALLPASS_KIND == 2)]
        asked = order if n == 2 else order[:-1]
        keys = "0"
        left = 10
        for s in asked:
            if not left:  # none left: the others are not asked (0-0)
                break
            keys += "A" if t[s] == 10 else str(t[s])
            left -= t[s]
        return keys + "#"
    h = _probe(g, hand)
    s = hand["soloist"]
    keys = str(s + 1)
    contract = hand["contract"]
    if _numbered_bids(g):  # one step: the bid's number (A first for the closed Game bid)
        keys += ("A" if hand.get("game") else "") + contract
        level = 0 if g.is_misere(h) else g.needed(h)  # Bettler takes no trick; every other bid needs 6
    elif contract == "M":
        keys += "LA" if hand.get("hand") else "A"
        level = 0
    else:
        level = int(contract[:-1])
        keys += str(level % 10) + str(_SUITS.index(contract[-1]) + 1)
    if getattr(g, "widow_points", False):
        w = 5 if hand.get("refused") else _WIDOWS.index(hand.get("widow", ""))
        keys += "#" if w == 0 else str(w)
    if hand.get("resign"):
        return keys + "B#"
    if "whist" in hand:
        words = hand["whist"] + ["pass"] * (2 - len(hand["whist"]))
        i = _WORDS.index((words[0], words[1], hand.get("dealer_whist")))
        keys += "#" if i == 1 else str(i + 1)
    if "tricks" in hand:
        ts = hand["tricks"][s]
        keys += tricks_key(ts, level)
        if h.w1 == 0 and h.w2 == 0 and ts != 10:  # (all ten the soloist's: the defenders' 0-0 is not asked)
            keys += tricks_key(hand["tricks"][h.d1], (10 - ts + 1) // 2)
    if hand.get("open"):
        keys += "A"
    return keys + "#"
