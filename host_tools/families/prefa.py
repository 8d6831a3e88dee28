"""The PC's side of the prefa family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kitapi.outcome import hand_outcome
from kitapi_host.archive.facts import HandFacts, outcome_facts, tricks_json
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import grid, number, signed, table

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


_TITLE = "Greek Prefa"  # every system of the family's (the sheet, show, stats)


def title(rules: str) -> str:
    return _TITLE


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    """A Prefa hand's columns: the core's outcome, and a played hand's tricks."""
    f = outcome_facts(g, number, line, corrected)
    if f.kind == "play":
        f.tricks = tricks_json(line)
    return f


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    g.play(d)
    return {"pouch": list(g.pouch), "chips": list(g.chips)}


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
    o = hand_outcome(g, h)
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


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False) -> list[Callable[[bool], None]]:
    """Prefa's table, titled only beside others (alone, or for everyone when nobody played, untitled)."""
    players = [s for s in stats if s["prefa_games"]] or (list(stats) if everyone else [])
    if not players:
        return []

    def show(titled: bool) -> None:
        table(
            f"{_TITLE} (chips):" if titled else "",
            players,
            lambda s: s,
            [("Games", lambda s: str(s["prefa_games"] or s["games"])), ("Chips", lambda s: signed(s["chips"]))]
            + [count_column("bids")],
            [f"{lv}s" for lv in players[0]["contracts"]],
            [count_column("defended"), count_column("met"), count_column("failed"), count_column("out")],
            "Contracts: made/played by level bid.  Met/Failed: the defender's responsibility (Prefa's tables);"
            " failed: put up, the defense short as a whole and he short of his own.",
        )

    return [show]


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------
