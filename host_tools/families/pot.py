"""The PC's side of the pot family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kitapi.game import result_json
from kitapi.registry import row, rows
from kitapi.rules import load
from kitapi_host.archive.facts import HandFacts, outcome_facts, tricks_json
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import grid, number, signed, table
from kitapi_host.archive.text import players as players_of

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------

# The systems' names as their texts spell them (docs/rules/preference_*.md); another pot system: its label's
_TITLES = {
    "preference_at": "Austrian Préférence",
    "preference_illustrated": "Illustrated Préférence",
    "preference_us": "American Preference",
}
_US = 4  # kitapi.game.Game.OUTCOME of a system whose hands are a suit or chips (American)


def title(rules: str) -> str:
    return _TITLES.get(rules) or f"{row(rules)[3]} Preference"


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
    f = outcome_facts(g, number, line, corrected)
    if f.kind == "play":
        f.tricks = tricks_json(line)
    return f


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
      ``[made, declared]``, made as ``kitapi.outcome.hand_outcome`` says (a drop of the declarer
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


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False) -> list[Callable[[bool], None]]:
    """A table per pot game (their chips are not the same chips)."""
    out = []
    for rules in _systems():
        players = players_of(stats, lambda s, rules=rules: s[rules], everyone)  # type: ignore[misc]
        if players:
            out.append(_table(players, rules))
    return out


def _table(players: list[dict[str, Any]], rules: str) -> Callable[[bool], None]:
    def show(titled: bool) -> None:
        table(
            f"{title(rules)} (chips):",
            players,
            lambda s: s[rules],
            [count_column("games"), ("Chips", lambda p: signed(p["chips"])), count_column("declarer")],
            list(players[0][rules]["contracts"]),
            [],
            "Chips: won (+) or lost (-), the final stock minus the chips brought, summed over the games."
            "  Bids: made/declared.",
        )

    return show


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------
