"""The PC's side of the kasa family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kitapi.game import result_json
from kitapi.outcome import kasa as outcome
from kitapi_host.archive.facts import HandFacts
from kitapi_host.archive.text import Table, Words, grid, number, pick, table
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import players as players_of
from kitapi_host.archive.text import title as registry_title
from kitapi_host.families import prefa
from kitapi_host.families.hookspecs import Net, exact, no_payments
from kitapi_host.families.prefa import COMMONEST as COMMONEST
from kitapi_host.families.prefa import NAMES, keys_for, random_hand
from kitapi_host.families.scripted import Hand, next_dealer, play_out
from kitapi_host.logs import show_exact
from kitapi_host.logs.table import SETTLES, preferans_transfers, title_line

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


_TITLE = "Greek Prefa with a common kasa"  # the family's table of statistics


# kitapi serve (kitapi_host.web): the unit of its nets (a word key of kitapi_host.web.words); its systems' names are
# their registry rows' (kitapi.registry)
UNIT = "kapikia"


def title(rules: str) -> str:
    return registry_title(rules)


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """Prefa's columns (a top-up: its kind, no bidder)."""
    return prefa.facts(g, number, line, corrected)


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    g.play(d)
    after = json.loads(result_json(g))
    return {"kasa": after["kasa"], "net": [Fraction(x) for x in after["net"]]}


def hand_row(h: dict[str, Any]) -> list[str]:
    """A kasa hand: Prefa's columns (a top-up in the contract's), then the kasa and every net after it."""
    d = h["hand"]
    if h["kind"] == "topup":
        what = ["", "-", f"top-up {d['topup']} each", "", "", ""]
    else:
        what = prefa.hand_row({**h, "chips": []})[1:]
    return [number(h), *what, str(h["kasa"]), *(show_exact(x) for x in h["net"])]


def show(game: dict[str, Any], names: list[str]) -> None:
    res = game["result"]
    for h in game["hands"]:
        h["active_name"] = names[h["hand"]["active"]] if "active" in h["hand"] else ""
    rows = [hand_row(h) for h in game["hands"]]
    head = ["Hand", "Dealer", "Bidder", "Contract", "Defense", "Tricks", "Result", "Kasa", *names]
    print(grid(head, rows, {0, *range(7, len(head))}, [("net", 8, len(names))]))
    if "share" in res:
        print(
            f"Stopped early: the kasa's {show_exact(Fraction(res['share']) * len(names), sign=False)} split,"
            f" {show_exact(Fraction(res['share']), sign=False)} each (the nets above are before it)"
        )


def standings(res: dict[str, Any]) -> str:
    """What is in the kasa, each player's net (and the split of an early stop)."""
    players: list[str] = res["players"]
    title, width = title_line(res)
    n = len(players)
    # the words of `kitapi show` (show above) for the same figures: Kasa what is in it, Net kapikia got less paid
    # in, Split the net with the kasa shared equally.  After an early stop the core's result holds the kasa split
    # already ("kasa": 0, "net" with the share, "share"): the figures before it are taken back out of it, as
    # show's hand table gives them
    share = Fraction(res["share"]) if "share" in res else Fraction(0)
    kasa = share * n if "share" in res else Fraction(res["kasa"])
    net = [Fraction(x) - share for x in res["net"]]
    lines = [title, f"  Kasa: {show_exact(kasa, sign=False)}"]
    if "share" in res:
        lines.append(
            f"  Stopped early: the kasa's {show_exact(kasa, sign=False)} split, {show_exact(share, sign=False)} each"
        )
    # the split (as the box's who owes whom): the nets, and what is left in the kasa shared equally
    split = [x + kasa / n for x in net]
    wholes, transfers = preferans_transfers(split)
    lines.append(f"  {'Player':<{width}}  {'Net':>9}  {'Split':>9}  {'Settles':>7}")
    for i, name in enumerate(players):
        lines.append(
            f"  {name:<{width}}  {show_exact(net[i]):>9}  {show_exact(split[i]):>9}  "
            f"{show_exact(Fraction(wholes[i])):>7}"
        )
    over = res["over"] or "share" in res
    lines.append("Split:" if over else "Split (if the game stopped now, the kasa shared equally):")
    if any(x.denominator != 1 for x in split):  # (what is rounded here is the Split, not the Net)
        lines.append(SETTLES.replace("each net", "each split"))
    if not transfers:
        lines.append("  nobody pays anybody")
    for payer, payee, a in transfers:
        lines.append(f"  {players[payer]} pays {players[payee]} {a} kapikia")
    return "\n".join(lines)


def result_line(res: dict[str, Any]) -> str:
    """What is in the kasa, then the net kapikia; a kasa stopped early: what was in it, its split, each net with
    the share (replay's and show's Split: the core's net after the split, not a Net)."""
    players = res["players"]
    nets_text = ", ".join(f"{p} {show_exact(Fraction(x))}" for p, x in zip(players, res["net"], strict=True))
    if "share" in res:
        share = Fraction(res["share"])
        kasa = show_exact(share * len(players), sign=False)
        return f"kasa {kasa} (split {show_exact(share, sign=False)} each), split {nets_text}"
    return f"kasa {res['kasa']}, net {nets_text}"


def nets(g: dict[str, Any]) -> list[Net]:
    """The net kapikia (the result holds Prefa's chips beside them: not a net of the kasa's)."""
    return [exact(x) for x in g["result"]["net"]]


def evening_nets(g: dict[str, Any]) -> list[Net]:
    """The split: the net with what is left in the kasa shared equally (what each takes home if it stopped now;
    the net itself once the kasa is empty)."""
    res = g["result"]
    n = len(res["net"])
    return [exact(x) + Fraction(res["kasa"], n) for x in res["net"]]


def seat_total(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    """The net kapikia, under the family's name."""
    return "kasa", Fraction(result["net"][seat])


def payments(res: dict[str, Any]) -> dict[str, Any]:
    """The kasa: its split, the nets and what is left in it shared equally."""
    out = no_payments(res)
    n = len(res["net"])
    split = [Fraction(x) + Fraction(res["kasa"], n) for x in res["net"]]
    _, pays = preferans_transfers(split)
    rounded = any(x.denominator != 1 for x in split)
    now = out["now"] and "share" not in res
    return {**out, "unit": "kapikia", "pays": [(*p, None) for p in pays], "kasa": res["kasa"], "split": split,
            "rounded": rounded, "now": now}  # fmt: skip


@dataclass
class KasaStats:
    """One player's figures in Prefa with a common kasa, apart from Prefa's chips (``kasa`` in ``kitapi stats
    --json``).

    - ``games``, ``hands`` (hands scored in his kasa games, top-ups included);
    - ``net``: his net kapikia, each game's final ``net`` (an early stop's split
      included: exact), summed;
    - ``bids``: hands he took the bid; ``contracts``: by level (6-10, the level
      bid), ``[made, played]``; made as the kasa scores it: he took the level (a
      hand both defenders left is made).
    """

    games: int = 0
    hands: int = 0
    net: Fraction = field(default_factory=Fraction)
    bids: int = 0
    contracts: dict[int, list[int]] = field(default_factory=lambda: {lv: [0, 0] for lv in range(6, 11)})

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "net": self.net,
            "bids": self.bids,
            "contracts": {lv: (m, p) for lv, (m, p) in self.contracts.items()},
        }


def stats_parts() -> dict[str, Any]:
    return {"kasa": KasaStats()}


def count(g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]) -> None:
    for seat, pid in enumerate(seats):
        if pid in table:
            st = table[pid].parts["kasa"]
            st.games += 1
            st.hands += res["hands"]
            st.net += Fraction(res["net"][seat])
    for d in hands:  # each effective hand (parsed and checked by the core)
        o = outcome(g, g.parse(d))
        if o["kind"] != "play":  # passed out, thrown in, or a top-up
            continue
        ps = table.get(seats[o["bidder"]])
        if ps is None:
            continue
        st = ps.parts["kasa"]
        level = o["bid"]
        st.bids += 1
        st.contracts[level][1] += 1
        st.contracts[level][0] += bool(o["made"])


# The table's words (kitapi_host.archive.text.Words), English as kitapi stats prints them; Prefa's where the
# same (kitapi_host.families.prefa.STATS_WORDS).
STATS_WORDS: Words = {
    "title": (f"{_TITLE} (kapikia)", "Πρέφα με κοινή κάσα (καπίκια)", "Префа с общей кассой (капики)"),
    "net": ("Net", "Καθαρά", "Итог"),
    "note": (
        "Net: kapikia got minus paid in, summed over the games (an early stop's split included).  Contracts:"
        " made/played by level bid.",
        "Καθαρά: τα καπίκια που πήρε μείον όσα έβαλε, σε όλες τις παρτίδες (και το μοίρασμα της κάσας όταν"
        " σταματούν νωρίτερα).  6–10: αγορές που βγήκαν/παίχτηκαν, ανά ύψος αγοράς.",
        "Итог: полученные капики минус внесённые, за все партии (с дележом кассы при досрочном конце).  6–10:"
        " сыграно/играно по уровню заказа.",
    ),
}


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
    players = players_of(stats, lambda s: s["kasa"], everyone)
    if not players:
        return []
    w = pick({**prefa.STATS_WORDS, **STATS_WORDS}, lang)
    return [
        table(
            w["title"],
            players,
            lambda s: s["kasa"],
            [
                count_column("games", w["games"]),
                (w["net"], lambda p: show_exact(p["net"])),
                count_column("bids", w["bids"]),
            ],
            [w["level"].format(lv) for lv in players[0]["kasa"]["contracts"]],
            [],
            w["note"],
            lang,
        )
    ]


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "kasa"  # the option the new game's number step sets: what each puts in at the start
BENCH: dict[str, Any] = {"kasa": 50_000, "topup_below": 5_000}  # the bench's long game: topped up below 5,000


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Prefa's players, 500 each in the kasa unless ``options`` say."""
    kasa = options.pop("kasa", 500)
    return {"kitapi": 1, "rules": rules, "players": NAMES[: players or 3], "options": {"kasa": kasa, **options},
            "dealer": 0}  # fmt: skip


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, topup_below: int = 0, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """Prefa with a common kasa: Prefa's hands and now and then a top-up (always one when the kasa is
    below ``topup_below``), until the kasa is empty or ``hands`` are played."""
    rng = random.Random(seed)
    n = players or 3
    hdr = header(rules, n, **options)
    kasa = hdr["options"]["kasa"]

    def deal(g: Any) -> Hand:
        if rng.random() < 0.05 or g.kasa < topup_below:
            return {"topup": rng.choice((kasa, 50, 125))}
        return random_hand(rng, n, next_dealer(g))  # (a top-up deals no cards)

    return play_out(hdr, hands, deal)


def hand_keys(g: Any, hand: Hand) -> str:
    """Prefa's keys, or D, the amount and # twice for a top-up (# alone: what each put in at the start)."""
    if "topup" in hand:
        kasa = g.header.get("options", {}).get("kasa", 500)
        return "D" + ("" if hand["topup"] == kasa else str(hand["topup"])) + "##"
    return keys_for(hand, g.n)


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
