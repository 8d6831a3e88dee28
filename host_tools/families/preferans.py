"""The PC's side of the preferans family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kitapi.game import result_json
from kitapi.outcome import hand_outcome
from kitapi.registry import row, rows
from kitapi.rules import load
from kitapi.rules.preferans import PLAY, RESIGN
from kitapi.rules.preferans_json import contract_name, parse_contract
from kitapi_host.archive.facts import HandFacts, outcome_facts, tricks_json
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import grid, number, table
from kitapi_host.archive.text import players as players_of
from kitapi_host.logs import show_exact

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------

# Russian Preferans' systems (a contract is a level and a suit) share one table of statistics, under this
# key; a variant whose contracts are numbers (the class's NUMBERED: Balkan's) has its own, under its rules id.
_RUSSIAN = "Russian Preferans"
_KEY = "preferans"


@functools.cache  # (kitapi.rules.load imports the registry again each time: it lets itself go for the box)
def variant(rules: str) -> Any:
    """The core's class of the system ``rules``, asked what its contracts are (``NUMBERED``, ``NO_TRICK``)."""
    return load(rules)


def title(rules: str) -> str:
    label = row(rules)[3]
    return f"{label} Preferans" if variant(rules).NUMBERED else f"{_RUSSIAN}, {label}"


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
    f = outcome_facts(g, number, line, corrected)
    f.tricks = tricks_json(line)
    if f.kind == "play":
        words = json.loads(line).get("whist")
        f.whist = "/".join(words) if words else None
    return f


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    # who whisted, as the core scores the hand (their split of the tricks counts only when two did)
    whisters = [w for w, _ in hand_outcome(g, g.parse(d))["whisters"]]
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
    which of them the hand charges with the whisters' shortfall (``kitapi.outcome.hand_outcome``'s
    ``whisters``).
    """
    h = g.parse(d)
    if h.kind not in (PLAY, RESIGN):
        g.apply(h)
        return
    o = hand_outcome(g, h)
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


def _table(players: list[dict[str, Any]], key: str, heading: str, bettler: int | None) -> Callable[[bool], None]:
    """A table of Preferans figures; ``bettler``: a numbered variant's no-trick contract, else None."""

    def label(lv: int | str) -> str:
        if bettler is not None:
            return "Bet" if lv == bettler else f"{lv}s"
        return f"{lv}s" if lv != "M" else "Mis"

    levels_text = "by contract (Bet: Bettler" if bettler is not None else "by level (Mis: misere"

    def show(titled: bool) -> None:
        table(
            f"{heading} (whists):",
            players,
            lambda s: s[key],
            [count_column("games"), ("Whists", lambda p: show_exact(p["whists"])), count_column("soloist")],
            [label(lv) for lv in players[0][key]["contracts"]],
            [count_column("whisted"), count_column("failed")],
            f"Whists: net, the settlements summed.  Contracts: made/taken {levels_text}; a resignation is"
            " taken, not made).\nWhisted: hands he whisted; Failed: of those, the ones he was responsible for"
            " the whisters' shortfall.",
        )

    return show


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False) -> list[Callable[[bool], None]]:
    out = []
    players = players_of(stats, lambda s: s[_KEY], everyone)
    if players:
        out.append(_table(players, _KEY, _RUSSIAN, None))
    for rules, cls in _numbered():
        players = players_of(stats, lambda s, rules=rules: s[rules], everyone)  # type: ignore[misc]
        if players:
            out.append(_table(players, rules, title(rules), cls.NO_TRICK))
    return out


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------
