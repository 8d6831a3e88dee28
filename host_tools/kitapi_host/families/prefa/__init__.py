"""The PC's side of the prefa family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kitapi.outcome import prefa as outcome
from kitapi.settle import settle
from kitapi_host.archive.facts import HandFacts, outcome_facts, tricks_json
from kitapi_host.archive.text import Table, Words, grid, number, pick, signed, table
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import title as registry_title
from kitapi_host.families.hookspecs import Net, exact, no_payments
from kitapi_host.families.scripted import Hand, next_dealer, play_out, tricks_key
from kitapi_host.logs.table import title_line

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# kitapi serve (kitapi_host.web): the unit of its nets (a word key of kitapi_host.web.words); its systems' names are
# their registry rows' (kitapi.registry)
UNIT = "chips_prefa"


def title(rules: str) -> str:
    return registry_title(rules)


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """A Prefa hand's columns: the core's outcome, and a played hand's tricks."""
    f = outcome_facts(outcome(g, g.hand), number, line, corrected)
    if f.kind == "play":
        f.tricks = tricks_json(line)
    return f


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    g.play(d)
    return {"pouch": list(g.pouch), "chips": list(g.chips)}


def standings(res: dict[str, Any]) -> str:
    """A row per player (pouch, net chips), then who owes whom."""
    players: list[str] = res["players"]
    title, width = title_line(res)
    lines = [
        title,
        f"  {'Player':<{width}}  {'Pouch':>5}  {'Chips':>6}",
    ]
    for name, pouch, chips in zip(players, res["pouch"], res["chips"], strict=True):
        chips_text = f"{chips:+d}" if chips else "0"
        lines.append(f"  {name:<{width}}  {pouch:>5}  {chips_text:>6}")
    transfers = settle(res["chips"])
    lines.append("Who owes whom:" if transfers else "Nobody owes anybody.")
    for payer, payee, amount in transfers:
        lines.append(f"  {players[payer]} pays {players[payee]} {amount} chips")
    return "\n".join(lines)


def result_line(res: dict[str, Any]) -> str:
    """Each player's net chips."""
    return ", ".join(f"{p} {signed(c)}" for p, c in zip(res["players"], res["chips"], strict=False))


def nets(g: dict[str, Any]) -> list[Net]:
    """The chips."""
    return [exact(x) for x in g["result"]["chips"]]


evening_nets = nets


def seat_total(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    """The chips, under the family's name."""
    return "prefa", Fraction(result["chips"][seat])


def payments(res: dict[str, Any]) -> dict[str, Any]:
    """Who owes whom the chips (whole already: nothing rounded)."""
    return {**no_payments(res), "unit": "chips_prefa", "pays": [(a, b, x, None) for a, b, x in settle(res["chips"])]}


def hand_row(h: dict[str, Any]) -> list[str]:
    """A Prefa hand's row in ``show``: the bid, the defense, the tricks, the result, each player's chips."""
    d = h["hand"]
    if h["kind"] == "pass":
        what = [h["dealer"], "-", "passed out", "", "", ""]
    elif h["kind"] == "throw":
        what = [h["dealer"], h["bidder"], "thrown in", "", "", ""]
    else:
        defense = h["defense"] or ""
        if "active" in d:
            defense += f" ({h['active_name']})"
        tricks = "-".join(str(t) for t in d["tricks"]) if "tricks" in d else ""
        result = "" if h["made"] is None else "made" if h["made"] else f"short {h['short']}"
        contract = h["contract"] + (" aces" if d.get("aces") else "")
        what = [h["dealer"], h["bidder"], contract, defense, tricks, result]
    return [number(h), *what, *(signed(c) for c in h["chips"])]


def show(game: dict[str, Any], names: list[str]) -> None:
    rows = []
    for h in game["hands"]:
        h["active_name"] = names[h["hand"]["active"]] if "active" in h["hand"] else ""
        rows.append(hand_row(h))
    head = ["Hand", "Dealer", "Bidder", "Contract", "Defense", "Tricks", "Result", *names]
    print(grid(head, rows, {0, *range(7, 7 + len(names))}))


@dataclass
class PrefaStats:
    """One player's Prefa figures (in ``kitapi stats --json``, in the player's object itself):

    - ``prefa_games``, ``chips`` (net, summed over his Prefa games);
    - ``bids``: hands he took the bid (a thrown-in hand counts), ``contracts``: by level
      (6-10, the level bid), ``[made, played]``; a hand both defenders left is made;
    - defense (Prefa's responsibilities, "Defenders' Responsibilities and Decisions",
      the tables of kitapi.rules.prefa): ``defended`` hands he played in defense;
      ``failed``: the hands the core's outcome put him up (``put_up``: the defense failed
      as a whole and he was short of his own responsibility: both defending, first and
      second defender each against his own; alone, against the lone quota; invited, the
      active defender against the two together), ``met`` the others where he had a
      responsibility (the invited one counts as defended only); ``out``: hands he dropped
      out of (alone's dropped defender, both out).  The 4-player dealer sitting out
      counts nowhere.
    """

    prefa_games: int = 0
    chips: int = 0
    bids: int = 0
    contracts: dict[int, list[int]] = field(default_factory=lambda: {lv: [0, 0] for lv in range(6, 11)})
    defended: int = 0
    met: int = 0
    failed: int = 0
    out: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "prefa_games": self.prefa_games,
            "chips": self.chips,
            "bids": self.bids,
            "contracts": {lv: (m, p) for lv, (m, p) in self.contracts.items()},
            "defended": self.defended,
            "met": self.met,
            "failed": self.failed,
            "out": self.out,
        }


def stats_parts() -> dict[str, Any]:
    return {"": PrefaStats()}


def count(g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]) -> None:
    for seat, pid in enumerate(seats):
        if pid in table:
            st = table[pid].parts[""]
            st.prefa_games += 1
            st.chips += res["chips"][seat]
    for d in hands:
        _count_hand(g, g.parse(d), seats, table)


def _count_hand(g: Any, h: Any, seats: list[int], table: dict[int, Any]) -> None:
    """Add one effective Prefa hand (parsed and checked by the core) to the players' figures: the bid, the
    contract made or not, and each defender's responsibility met or failed: failed when the core's outcome
    puts him up (``kitapi.outcome``'s ``put_up``: the defense failed as a whole and he was short of his)."""
    o = outcome(g, h)
    if o["kind"] == "pass":
        return
    b = table.get(seats[o["bidder"]])
    bst = None if b is None else b.parts[""]
    if bst is not None:
        bst.bids += 1
    if o["kind"] != "play":
        return
    level = o["bid"]  # the level bid (a 10 scored as a 9 is still a 10 bid)
    if bst is not None:
        bst.contracts[level][1] += 1
        bst.contracts[level][0] += bool(o["made"])
    for seat, resp, _ in o["duties"]:
        ps = table.get(seats[seat])
        if ps is None:
            continue
        st = ps.parts[""]
        if resp is None:  # out
            st.out += 1
            continue
        st.defended += 1
        if resp >= 0:  # (-1: played, the responsibility his partner's)
            # put up only when the defense failed as a whole (the core's outcome, as it scores the hand): a
            # defender short of his own quota in a defense that made it together met it
            if seat in o["put_up"]:
                st.failed += 1
            else:
                st.met += 1


# The table's words (kitapi_host.archive.text.Words), English as kitapi stats prints them; the Greek of the
# kitapi (αγορά, αμυνόμενος, μπήκε μέσα), the Russian of the пуля.  "level": a level's head, its number in it.
STATS_WORDS: Words = {
    "title": ("Greek Prefa (chips)", "Πρέφα (καπίκια)", "Греческая префа (фишки)"),
    "games": ("Games", "Παρτίδες", "Партии"),
    "chips": ("Chips", "Καπίκια", "Фишки"),
    "bids": ("Bids", "Αγορές", "Заказы"),
    "level": ("{}s", "{}", "{}"),
    "defended": ("Defended", "Άμυνες", "Защищал"),
    "met": ("Met", "Τις έβγαλε", "Выполнил"),
    "failed": ("Failed", "Μπήκε μέσα", "Недобрал"),
    "out": ("Out", "Πάσο", "Пас"),
    "note": (
        "Contracts: made/played by level bid.  Met/Failed: the defender's responsibility (Prefa's tables);"
        " failed: put up, the defense short as a whole and he short of his own.",
        "6–10: αγορές που βγήκαν/παίχτηκαν, ανά ύψος αγοράς.  Τις έβγαλε/Μπήκε μέσα: οι μπάζες που αναλογούν"
        " στον αμυνόμενο (οι πίνακες της πρέφας)· μπήκε μέσα: η άμυνα δεν έβγαλε τις μπάζες της και αυτός"
        " δεν έβγαλε τις δικές του.",
        "6–10: сыграно/играно по уровню заказа.  Выполнил/Недобрал: обязательство защитника (таблицы префы);"
        " недобрал: защита в целом недобрала, и он недобрал своё.",
    ),
}


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
    """Prefa's table, titled only beside others (alone, or for everyone when nobody played, untitled)."""
    players = [s for s in stats if s["prefa_games"]] or (list(stats) if everyone else [])
    if not players:
        return []
    w = pick(STATS_WORDS, lang)
    return [
        table(
            w["title"],
            players,
            lambda s: s,
            [(w["games"], lambda s: str(s["prefa_games"] or s["games"])), (w["chips"], lambda s: signed(s["chips"]))]
            + [count_column("bids", w["bids"])],
            [w["level"].format(lv) for lv in players[0]["contracts"]],
            [count_column(k, w[k]) for k in ("defended", "met", "failed", "out")],
            w["note"],
            lang,
            titled=False,
        )
    ]


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

# the option the new game's number step sets (kitapi_host.sim.typist.setup_keys)
SIZE = "pouch"
# the options of the long game the bench and the rig type (1,000 hands fit)
BENCH: dict[str, Any] = {"pouch": 5000}
# the commonest hand, which the bench counts the keys of
COMMONEST: Hand = {"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}

NAMES = ["Anna", "Babis", "Costas", "Dimitra"]
_LEVELS = (6, 7, 8, 9, 10)
_LEVEL_WEIGHTS = (55, 25, 12, 6, 2)
_DEFENSES = ("both", "alone", "invite", "none")
_DEFENSE_WEIGHTS = (62, 14, 4, 20)
_MARGIN = (-3, -2, -1, 0, 1, 2)  # bidder's tricks minus the contract
_MARGIN_WEIGHTS = (2, 5, 12, 62, 14, 5)
_SUITS = "SCDHN"


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Anna, Babis, Costas (Dimitra), a pouch of 31 unless ``options`` say."""
    pouch = options.pop("pouch", 31)
    return {"kitapi": 1, "rules": rules, "players": NAMES[: players or 3], "options": {"pouch": pouch, **options},
            "dealer": 0}  # fmt: skip


def random_hand(rng: random.Random, n: int, dealer: int) -> Hand:
    """One hand for a table of ``n`` with ``dealer`` dealing (no optional features)."""
    if rng.random() < 0.08:
        return {"dealer": dealer, "pass": True}
    seats = [s for s in range(n) if not (n == 4 and s == dealer)]
    bidder = rng.choice(seats)
    level = rng.choices(_LEVELS, _LEVEL_WEIGHTS)[0]
    suit = rng.choice("SCDHN" if level < 10 else "SCDH")
    defense = rng.choices(_DEFENSES, _DEFENSE_WEIGHTS)[0]
    hand: Hand = {"dealer": dealer, "bidder": bidder, "contract": f"{level}{suit}", "defense": defense}
    if defense == "none":
        return hand
    others = [s for s in seats if s != bidder]
    d1 = min(others, key=lambda s: (s - bidder) % n)  # the first seat after the bidder
    d2 = others[1] if others[0] == d1 else others[0]
    tb = max(0, min(10, level + rng.choices(_MARGIN, _MARGIN_WEIGHTS)[0]))
    tricks = [0] * n
    tricks[bidder] = tb
    if defense == "alone":
        active = rng.choice((d1, d2))
        tricks[active] = 10 - tb
        hand["active"] = active
    else:
        t1 = rng.randint(0, 10 - tb)
        tricks[d1], tricks[d2] = t1, 10 - tb - t1
        if defense == "invite":
            hand["active"] = rng.choice((d1, d2))
    hand["tricks"] = tricks
    return hand


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A header (``header``) and up to ``hands`` random hands (fewer when the game ends before)."""
    rng = random.Random(seed)
    n = players or 3
    return play_out(header(rules, n, **options), hands, lambda g: random_hand(rng, n, next_dealer(g)))


def defenders(n: int, dealer: int, bidder: int) -> tuple[int, int]:
    """D1, D2: the seats after the bidder in turn order, the 4-player dealer skipped."""
    seats = [s for s in range(n) if not (n == 4 and s == dealer)]
    others = sorted((s for s in seats if s != bidder), key=lambda s: (s - bidder) % n)
    return others[0], others[1]


def keys_for(hand: Hand, n: int) -> str:
    """The keys of a Prefa hand at a table of ``n`` (kitapi.app.systems.prefa.wiz)."""
    if hand.get("pass"):
        return "0#"
    bidder = hand["bidder"]
    keys = str(bidder + 1)
    if hand.get("throw"):
        return keys + "A#"
    contract = hand["contract"]
    level, suit = int(contract[:-1]), _SUITS.index(contract[-1])
    keys += str(level % 10) + str(suit + 1)
    defense = _DEFENSES.index(hand["defense"])
    keys += "#" if defense == 0 else str(defense + 1)
    d1, d2 = defenders(n, hand["dealer"], bidder)
    if hand["defense"] in ("alone", "invite"):
        keys += "#" if hand["active"] == d1 else str(hand["active"] + 1)
    if hand["defense"] != "none":
        tricks = hand["tricks"]
        tb = tricks[bidder]
        keys += tricks_key(tb, level)
        if hand["defense"] != "alone" and tb != 10:  # (all ten the bidder's: the defenders' 0-0 is not asked)
            keys += tricks_key(tricks[d1], (10 - tb + 1) // 2)
    if hand.get("aces"):
        keys += "A"
    return keys + "#"


def hand_keys(g: Any, hand: Hand) -> str:
    """The key presses, from the home screen to the saved hand, in the simulator's key-script syntax."""
    return keys_for(hand, g.n)


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
