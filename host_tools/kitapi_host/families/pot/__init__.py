"""The PC's side of the pot family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kitapi.game import new_game, result_json
from kitapi.outcome import pot as outcome
from kitapi.registry import rows
from kitapi.rules import load
from kitapi.rules.preference_at import BIDS, SUITS, PreferenceAt
from kitapi_host.archive.facts import HandFacts, outcome_facts, tricks_json
from kitapi_host.archive.text import LANGUAGES, Table, Words, grid, named, number, pick, signed, table
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import players as players_of
from kitapi_host.archive.text import title as registry_title
from kitapi_host.families.hookspecs import Net, exact, no_payments
from kitapi_host.families.scripted import SHORT_NAMES, Hand, play_out, tricks_key
from kitapi_host.logs.table import title_line

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------

_US = 4  # the OUTCOME (kitapi.game.Game's comment) of a system whose hands are a suit or chips (American)


# kitapi serve (kitapi_host.web): the unit of its nets (a word key of kitapi_host.web.words); its systems' names are
# their registry rows' (kitapi.registry: as their texts spell them, docs/rules/preference_*.md)
UNIT = "chips"


def title(rules: str) -> str:
    return registry_title(rules)


def suit_or_chips(g: Any) -> bool:
    """A game (or class) whose hands are a suit or chips (American), not a ladder of bids with drops."""
    return bool(g.OUTCOME == _US)


def bids(g: Any) -> tuple[str, ...]:
    """The bids a pot game's statistics count, in the core's order: asked of its class (``g`` or the class):
    a suit or chips, or its ladder up to its highest bid (``max_bid``: Austrian's to Preference, Illustrated's
    all)."""
    if suit_or_chips(g):
        from kitapi.rules.preference_us import SUITS

        return (*SUITS, "chips")
    from kitapi.rules.preference_at import BIDS

    return tuple(BIDS[: g.max_bid + 1])


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """A pot hand's columns: the core's outcome, and a played hand's tricks (American: none, the declarer's
    count only)."""
    f = outcome_facts(outcome(g, g.hand), number, line, corrected)
    if f.kind == "play":
        f.tricks = tricks_json(line)
    return f


def standings(res: dict[str, Any]) -> str:
    """The pot and each player's stock of chips."""
    players: list[str] = res["players"]
    title, width = title_line(res)
    lines = [
        title,
        f"  Pot: {res['pot']} (refilled {res['refills']} times)",
        f"  {'Player':<{width}}  {'Chips':>6}",
    ]
    top = max(res["stock"])
    for name, stock in zip(players, res["stock"], strict=True):
        mark = "  (most chips)" if res["over"] and stock == top else ""
        lines.append(f"  {name:<{width}}  {stock:>6}{mark}")
    return "\n".join(lines)


def result_line(res: dict[str, Any]) -> str:
    """The pot, each player's stock, the refills."""
    stock = ", ".join(f"{p} {c}" for p, c in zip(res["players"], res["stock"], strict=True))
    return f"pot {res['pot']}, stock {stock}, refills {res['refills']}"


def nets(g: dict[str, Any]) -> list[Net]:
    """The chips over what each brought (the stock less the header's share, as ``kitapi stats``)."""
    header = g["header"] if "header" in g else json.loads(g["header_json"])
    kind = {k: v for k, v in header.items() if k not in ("started", "players")}
    brought = _brought(json.dumps(kind, sort_keys=True), len(header["players"]))
    return [exact(s) - brought for s in g["result"]["stock"]]


evening_nets = nets


def seat_total(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    """The chips won or lost (the stock less what each player brought, as the stats count them), under the
    system's rules id (an Austrian chip is not an American one)."""
    brought = (result["pot"] + sum(result["stock"])) // len(result["stock"])
    return rules, Fraction(result["stock"][seat] - brought)


@functools.lru_cache(maxsize=256)
def _brought(kind: str, players: int) -> int:
    """The chips each player of a pot game brought: asked of a fresh game of the header (``kind``: its JSON text
    without the players' names and the start, which they never depend on) once per kind (a new game loads its
    rules module)."""
    g: Any = new_game({**json.loads(kind), "players": [f"P{i}" for i in range(players)]})
    return int((g.pot + sum(g.stock)) // len(g.stock))


def payments(res: dict[str, Any]) -> dict[str, Any]:
    """Nobody pays anybody (*"The player with the current most number of chips is declared the game winner"*):
    the pot and its refills."""
    return {**no_payments(res), "pot": res["pot"], "refills": res.get("refills", 0)}


# what show's row takes from the core's result after each hand (the pot games' and Priffe's, in this order)
_AFTER = ("pot", "stock", "refills", "over", "partners", "trick_points", "games", "points")


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    g.play(d)
    after = json.loads(result_json(g))
    return {k: after[k] for k in _AFTER if k in after}


def hand_row(h: dict[str, Any], names: list[str]) -> list[str]:
    """A pot game's hand: Austrian/Illustrated bid, drops and tricks, or American bid and the declarer's tricks;
    then the pot, each player's stock and the refills after it."""
    d = h["hand"]
    if h["kind"] == "pass":
        what = [h["dealer"], "-", "thrown in", "", "", ""]
    else:
        bid = h["contract"]
        if bid == "chips":
            bid = "chips " + "/".join(str(c) for c in d["chips"])
        if "trump" in d:
            bid += f" {d['trump']}"
        drop = ", ".join(names[s] for s in d.get("drop", []))
        if "tricks" not in d:
            tricks = ""
        elif isinstance(d["tricks"], list):
            tricks = "-".join(str(t) for t in d["tricks"])
        else:
            tricks = str(d["tricks"])
        if h["made"]:
            result = "made"
        elif h["defense"] == "out":
            result = "dropped"
        else:
            result = f"short {h['short']}"
        what = [h["dealer"], h["bidder"], bid, drop, tricks, result]
    return [number(h), *what, str(h["pot"]), *(str(c) for c in h["stock"]), str(h["refills"])]


def show(game: dict[str, Any], names: list[str]) -> None:
    """The pot, each player's stock and the refills after each hand."""
    rows = [hand_row(h, names) for h in game["hands"]]
    head = ["Hand", "Dealer", "Declarer", "Bid", "Dropped", "Tricks", "Result", "Pot", *names, "Refills"]
    print(grid(head, rows, {0, *range(7, len(head))}, [("stock", 8, len(names))]))


@dataclass
class PotStats:
    """One player's figures in one pot game (under its rules id in ``kitapi stats --json``: each apart, their
    chips are not the same chips).

    - ``games``, ``hands`` (hands scored in his games of these rules);
    - ``chips``: chips won (+) or lost (-), each game's final stock minus the
      chips he brought (the ``chips`` option, the ante included), summed;
    - ``declarer``: hands he declared; ``contracts``: by bid (``bids``),
      ``[made, declared]``, made as ``kitapi.outcome.pot`` says (a drop of the declarer
      is declared, not made).
    """

    contracts: dict[str, list[int]]
    games: int = 0
    hands: int = 0
    chips: int = 0
    declarer: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "chips": self.chips,
            "declarer": self.declarer,
            "contracts": {b: (m, t) for b, (m, t) in self.contracts.items()},
        }


def _systems() -> list[str]:
    return [r[0] for r in rows() if r[1] == "pot"]


def stats_parts() -> dict[str, Any]:
    return {rules: PotStats({b: [0, 0] for b in bids(load(rules))}) for rules in _systems()}


def count(g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]) -> None:
    """Add a pot game's figures: the hands scored again on ``g`` (a fresh game) in order, as the core needs
    them (an American chip bid is checked against the stock)."""
    brought = (g.pot + sum(g.stock)) // 3  # the chips each player brought
    for seat, pid in enumerate(seats):
        if pid in table:
            ps = table[pid].parts[g.name]
            ps.games += 1
            ps.hands += res["hands"]
            ps.chips += res["stock"][seat] - brought
    for d in hands:
        g.parse(d)
        f = facts(g, 0, json.dumps(d), False)
        g.apply(g.hand)
        if f.bidder is not None and seats[f.bidder] in table:
            ps = table[seats[f.bidder]].parts[g.name]
            ps.declarer += 1
            ps.contracts[str(f.contract)][1] += 1
            ps.contracts[str(f.contract)][0] += bool(f.made)


# The tables' words (kitapi_host.archive.text.Words), English as kitapi stats prints them; the box's Greek and
# Russian (kitapi.app.systems.pot: μάρκες, δήλωση, χέρι; фишки, заявка, без прикупа).  "legend": the note's
# key to the ladder's heads (a game whose bids are a suit or chips has none).
STATS_WORDS: Words = {
    "unit": ("chips", "μάρκες", "фишки"),
    "games": ("Games", "Παρτίδες", "Партии"),
    "chips": ("Chips", "Μάρκες", "Фишки"),
    "declarer": ("Declarer", "Δήλωσε", "Играл"),
    "hand": ("H", "χ", "бп"),
    "note": (
        "Chips: won (+) or lost (-), the final stock minus the chips brought, summed over the games."
        "  Bids: made/declared.",
        "Μάρκες: κέρδος (+) ή χασούρα (-), οι μάρκες του στο τέλος μείον όσες έφερε, σε όλες τις παρτίδες."
        "  Δηλώσεις: βγήκαν/δηλώθηκαν{}.",
        "Фишки: выигрыш (+) или проигрыш (-), фишки в конце минус принесённые, за все партии."
        "  Заявки: сыграно/заявлено{}.",
    ),
    "legend": ("", " (χ: χέρι, Πρ: πρεφεράνς)", " (бп: без прикупа, Пр: преферанс)"),
}
# A bid's head in Greek and Russian by the core's name of it (kitapi.rules.preference_at.BIDS, the American
# suits and chips; English: the name itself); a bid not here keeps its name, a hand bid's "H" (no talon) the
# language's letters (STATS_WORDS' "hand").
BID_WORDS: dict[str, tuple[str, str]] = {
    "none": ("πάσο", "пас"),
    "P": ("Πρ", "Пр"),
    "S": ("\u2660", "\u2660"),
    "C": ("\u2663", "\u2663"),
    "D": ("\u2666", "\u2666"),
    "H": ("\u2665", "\u2665"),
    "chips": ("μάρκες", "фишки"),
}


def _bid(bid: str, lang: str, w: dict[str, str]) -> str:
    """A bid's head in ``lang``."""
    if lang == "en":
        return bid
    names = BID_WORDS.get(bid)
    if names:
        return names[LANGUAGES.index(lang) - 1]
    return bid[:-1] + w["hand"] if bid.endswith("H") else bid


# A hand's bid in words, on the web page's hand table and on a Greek or Russian sheet (the English sheet writes
# the core's name of it): the ladder's "3H" is three without the talon, "P" the Preference bid.
PLAY_WORDS: dict[str, tuple[str, str, str]] = {
    "none": ("all passed", "πάσο όλοι", "все пас"),
    "P": ("Preference", "Πρεφεράνς", "Преферанс"),
    "chips": ("chips", "μάρκες", "фишки"),
    "H": ("hand", "χέρι", "без прикупа"),
}
_SUITS = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}


def bid_text(bid: str, lang: str, american: bool = False) -> str:
    """A bid in words in ``lang``: "3 hand", "Preference", "all passed"; an American suit its symbol."""
    i = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    if american and bid in _SUITS:
        return _SUITS[bid]
    if bid in PLAY_WORDS and bid != "H":
        return PLAY_WORDS[bid][i]
    if bid[:-1].isdigit() and bid.endswith("H"):
        return f"{bid[:-1]} {PLAY_WORDS['H'][i]}"
    return bid


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
    """A table per pot game (their chips are not the same chips)."""
    out = []
    for rules in _systems():
        players = players_of(stats, lambda s, rules=rules: s[rules], everyone)  # type: ignore[misc]
        if players:
            out.append(_table(players, rules, lang))
    return out


def _table(players: list[dict[str, Any]], rules: str, lang: str) -> Table:
    w = pick(STATS_WORDS, lang)
    name = named(rules, lang, title(rules))
    bids = [_bid(b, lang, w) for b in players[0][rules]["contracts"]]
    ladder = not suit_or_chips(load(rules))
    return table(
        f"{name} ({w['unit']})",
        players,
        lambda s: s[rules],
        [
            count_column("games", w["games"]),
            (w["chips"], lambda p: signed(p["chips"])),
            count_column("declarer", w["declarer"]),
        ],
        bids,
        [],
        w["note"].format(w["legend"] if ladder else ""),
        lang,
    )


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "chips"  # the option the new game's number step sets: each player's chips
# the bench's long game: 10,000 chips each (the number step takes 5 digits; 1,000 hands fit: no stock runs out)
BENCH: dict[str, Any] = {"chips": 10_000}


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Ann, Bob, Cat, 10,000 chips each unless ``options`` say."""
    chips = options.pop("chips", 10_000)
    return {"kitapi": 1, "rules": rules, "players": SHORT_NAMES[:3], "options": {"chips": chips, **options},
            "dealer": 0}  # fmt: skip


def pot_at_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
    if rng.random() < 0.12:  # all passed: the dealer declares
        s, b = dealer, 0
    else:
        s = rng.randrange(3)
        b = rng.choices(range(1, g.max_bid + 1), (10, 10, 10, 10, 3, 3, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1)[: g.max_bid])[0]
    h: dict[str, Any] = {"dealer": dealer, "declarer": s, "bid": BIDS[b]}
    if b <= 8 and rng.random() < 0.9:
        lo = (b - 1) % 4 + 1 if b else 1
        h["trump"] = SUITS[rng.choice([lo] * 4 + list(range(lo, 5)))]  # mostly the bid's own suit
    d1, d2 = (s + 1) % 3, (s + 2) % 3
    r = rng.random()
    drop = []
    if r < 0.02:
        drop = [0, 1, 2]
    elif r < 0.08:
        drop = [s] + ([rng.choice((d1, d2))] if rng.random() < 0.3 and b <= 8 else [])
    elif r < 0.16 and b <= 8:  # above Preference one defender may never drop
        drop = [rng.choice((d1, d2))]
    elif r < 0.2:
        drop = [d1, d2]
    if drop:
        h["drop"] = sorted(drop)
    if s in drop or (d1 in drop and d2 in drop):
        return h  # nobody plays
    if b <= 8:
        tb = rng.choices(range(11), (1, 1, 1, 2, 4, 8, 20, 12, 6, 3, 2))[0]
    elif b % 2:  # a misère
        tb = 0 if rng.random() < 0.7 else rng.randint(1, 3)
    else:
        tb = 10 if rng.random() < 0.7 else rng.randint(7, 9)
    t = [0, 0, 0]
    t[s] = tb
    rest = 10 - tb
    if d1 in drop:
        t[d2] = rest
    else:
        t[d1] = rest if d2 in drop else (rest + 1) // 2 if rng.random() < 0.5 else rng.randint(0, rest)
        t[d2] = rest - t[d1]
    h["tricks"] = t
    return h


def pot_us_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
    r = rng.random()
    if r < 0.08:
        return {"dealer": dealer, "pass": True}
    s = rng.randrange(3)
    tricks = rng.choices(range(11), (1, 1, 1, 2, 4, 6, 20, 12, 6, 3, 2))[0]
    cap = [min(63, g.stock[i] - g.ante) for i in range(3)]  # a chip bid comes from the stock after the ante
    if r < 0.3 and cap[s] >= 1:
        top = rng.randint(1, min(cap[s], 20))
        chips = [top if i == s else rng.randint(0, min(cap[i], top - 1)) for i in range(3)]
        h: dict[str, Any] = {"dealer": dealer, "declarer": s, "chips": chips}
        if rng.random() < 0.8:
            h["trump"] = rng.choice("SCDH")
        h["tricks"] = tricks
        return h
    return {"dealer": dealer, "declarer": s, "bid": rng.choice("SCDH"), "tricks": tricks}


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A random game of a pot game (Ann, Bob, Cat): up to ``hands`` hands, fewer if it ends first; the dealer
    goes round from seat 0.  The Austrian game's bids for its class and those derived from it, else the
    American's."""
    rng = random.Random(seed)
    hdr = header(rules, 3, **options)

    def deal(g: Any) -> Hand:
        make = pot_at_hand if isinstance(g, PreferenceAt) else pot_us_hand
        return make(rng, g, g.hands % 3)

    return play_out(hdr, hands, deal)


# the bid step's number (0-8) of each bid index of kitapi.rules.preference_at.BIDS, then its Hand form at +9
_POT_BIDS = (0, 1, 2, 3, 4, 9, 10, 13, 14, 0, 5, 6, 7, 8, 11, 12, 15, 16)


def hand_keys(g: Any, hand: Hand) -> str:
    """The key presses for a hand of a pot game (in the log's JSON form), from the home screen to the
    saved hand: kitapi.app.systems.pot.wiz's steps, # wherever its default is the answer."""
    if not isinstance(g, PreferenceAt):  # the American game: a suit bid or chips
        if hand.get("pass"):
            return "0#"
        if "bid" in hand:
            keys = str(hand["declarer"] + 1) + str("SCDH".index(hand["bid"]) + 1)
        else:
            keys = "D" + "".join(f"{c}#" if c else "#" for c in hand["chips"])
            keys += str("SCDH".index(hand["trump"]) + 1) if "trump" in hand else "#"
        return keys + tricks_key(hand["tricks"], 6) + "#"
    b = BIDS.index(hand["bid"])
    s = hand["declarer"]
    if b == 0:
        keys = "0"
    else:
        pos = _POT_BIDS.index(b)
        keys = str(s + 1) + ("A" if pos >= 9 else "") + str(pos % 9)
    if b <= 8:  # the trump: # the bid's own suit (none after an all-pass), 0 none written
        trump = SUITS.index(hand["trump"]) if "trump" in hand else 0
        keys += "#" if trump == ((b - 1) % 4 + 1 if b else 0) else str(trump)
    drop = hand.get("drop", [])
    keys += "".join(str(x + 1) for x in drop) + "#"
    if "tricks" in hand:
        t = hand["tricks"]
        keys += tricks_key(t[s], 6 if b <= 8 else 10 * (1 - b % 2))
        d1, d2 = (s + 1) % 3, (s + 2) % 3
        if d1 not in drop and d2 not in drop and t[s] != 10:  # (all ten the declarer's: 0-0 is not asked)
            keys += tricks_key(t[d1], (11 - t[s]) // 2)
    return keys + "#"


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
