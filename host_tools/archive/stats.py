"""The archive's statistics: per-player figures across every game, each family's apart (Prefa's chips,
Preferans' and Balkan's whists, the kasa's kapikia, each pot game's chips, Priffe's individual points), counted
from the stored hands with the core (``count``)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kitapi.game import new_game
from kitapi.outcome import hand_outcome
from kitapi_host.archive.facts import (
    POT_RULES,
    PRIFFE_RULES,
    facts_of,
    pot_bids,
)


def count(db: sqlite3.Connection, player: str | None = None) -> list[dict[str, Any]]:
    """Per-player figures across every game of the archive ``db`` (or one player's); see ``_PlayerStats``."""
    table: dict[int, _PlayerStats] = {}
    for pid, name in db.execute("SELECT id, name FROM players ORDER BY name"):
        if player is None or name == player:
            table[pid] = _PlayerStats(name)
    for gr in db.execute("SELECT id, header, result FROM games ORDER BY id").fetchall():
        seats = [r[0] for r in db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (gr[0],))]
        if not any(p in table for p in seats):
            continue
        res = json.loads(gr["result"])
        g: Any = new_game(json.loads(gr["header"]))
        prefa = g.name == "prefa"
        kasa = g.name == "prefa_kasa"
        if g.name in POT_RULES or g.name in PRIFFE_RULES:
            for pid in seats:
                if pid in table:
                    table[pid].games += 1
                    table[pid].hands += res["hands"]
            hands = db.execute("SELECT hand FROM hands WHERE game = ? ORDER BY number", (gr[0],)).fetchall()
            _count_family(g, res, [json.loads(t) for (t,) in hands], seats, table)
            continue
        for seat, pid in enumerate(seats):
            if pid in table:
                st = table[pid]
                st.games += 1
                st.hands += res["hands"]
                if prefa:
                    st.prefa_games += 1
                    st.chips += res["chips"][seat]
                elif kasa:
                    st.kasa.games += 1
                    st.kasa.hands += res["hands"]
                    st.kasa.net += Fraction(res["net"][seat])
                else:
                    pst = st.system(g.name)
                    pst.games += 1
                    pst.hands += res["hands"]
                    pst.whists += Fraction(res["settlement"][seat])
        hands = db.execute("SELECT hand FROM hands WHERE game = ? ORDER BY number", (gr[0],)).fetchall()
        for (text,) in hands:
            if prefa:
                _count_prefa_hand(g, g.parse(json.loads(text)), seats, table)
            elif kasa:
                _count_kasa_hand(g, g.parse(json.loads(text)), seats, table)
            else:
                _count_preferans_hand(g, json.loads(text), seats, table)
    return [st.as_dict() for st in table.values()]


def _preferans_levels() -> dict[int | str, list[int]]:
    return {lv: [0, 0] for lv in (6, 7, 8, 9, 10, "M")}


def _balkan_levels() -> dict[int | str, list[int]]:
    return {lv: [0, 0] for lv in range(2, 8)}


@dataclass
class _PreferansStats:
    """One player's Russian Preferans figures (sochi, leningrad and rostov games together),
    or his Balkan Preferans figures (``balkan``: the same figures, the contracts 2 to 7, 6 Bettler).

    - ``games``, ``hands`` (hands scored in his Preferans games);
    - ``whists``: his net whists, the settlement of each game (exact), summed;
    - ``soloist``: hands he was the soloist (a resignation counts); ``contracts``:
      by level, 6 to 10 and ``"M"`` for misere, ``[made, taken]``: a contract is taken
      when it is played or resigned, and made as ``kitapi.outcome.hand_outcome`` says (both
      defenders passing, or a half-whist that stood, is made; a resignation is not);
    - ``whisted``: hands he whisted (said "whist" and the cards were played, or the
      4-player dealer whisted); ``failed``: of those, the hands where the whisters
      took less than the requirement and he was responsible for it: the core wrote
      the undertricks on his hill (one whister; two, each against his own quota;
      a requirement of one: the second whister, or both under ``whist_one: shared``).
    """

    games: int = 0
    hands: int = 0
    whists: Fraction = field(default_factory=Fraction)
    soloist: int = 0
    contracts: dict[int | str, list[int]] = field(default_factory=_preferans_levels)
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


@dataclass
class _KasaStats:
    """One player's figures in Prefa with a common kasa (``prefa_kasa``), apart from Prefa's chips.

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


@dataclass
class _PotStats:
    """One player's figures in one pot game (``preference_at``, ``preference_illustrated`` or
    ``preference_us``: each apart, their chips are not the same chips).

    - ``games``, ``hands`` (hands scored in his games of these rules);
    - ``chips``: chips won (+) or lost (-), each game's final stock minus the
      chips he brought (the ``chips`` option, the ante included), summed;
    - ``declarer``: hands he declared; ``contracts``: by bid (``pot_bids``),
      ``[made, declared]``, made as ``kitapi.outcome.hand_outcome`` says (a drop of the declarer
      is declared, not made).
    """

    rules: str
    games: int = 0
    hands: int = 0
    chips: int = 0
    declarer: int = 0
    contracts: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.contracts = {b: [0, 0] for b in pot_bids(self.rules)}

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "chips": self.chips,
            "declarer": self.declarer,
            "contracts": {b: (m, t) for b, (m, t) in self.contracts.items()},
        }


@dataclass
class _PriffeStats:
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


def _count_family(
    g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, _PlayerStats]
) -> None:
    """Add a pot game's or a Priffe game's figures (``_PotStats``, ``_PriffeStats``): the hands are
    scored again on ``g`` (a fresh game) in order, as the core needs them (an American chip bid is
    checked against the stock)."""
    pot = g.name in POT_RULES
    brought = (g.pot + sum(g.stock)) // 3 if pot else 0  # the chips each player brought
    for seat, pid in enumerate(seats):
        st = table.get(pid)
        if st is None:
            continue
        if pot:
            ps = st.pots[g.name]
            ps.games += 1
            ps.hands += res["hands"]
            ps.chips += res["stock"][seat] - brought
        else:
            st.priffe.games += 1
            st.priffe.hands += res["hands"]
            st.priffe.individual += res["individual"][seat]
    rubbers = 0
    for d in hands:
        h = g.parse(d)
        facts = facts_of(g, 0, json.dumps(d), False)
        before = list(g.individual) if not pot else []
        g.apply(h)
        if facts.bidder is not None:
            st = table.get(seats[facts.bidder])
            if st is not None:
                fam: _PotStats | _PriffeStats = st.pots[g.name] if pot else st.priffe
                fam.declarer += 1
                key = str(facts.contract)
                fam.contracts[key][1] += 1
                fam.contracts[key][0] += bool(facts.made)
        if not pot and g.rubbers > rubbers:
            rubbers = g.rubbers
            for seat, pid in enumerate(seats):
                st = table.get(pid)
                if st is not None:
                    change = g.individual[seat] - before[seat]
                    st.priffe.rubbers += 1
                    st.priffe.won += change > 0
                    st.priffe.lost += change < 0


@dataclass
class _PlayerStats:
    """One player's figures.

    - ``games``, ``hands`` (hands scored in his games): every game system;
    - ``preferans``: his Russian Preferans figures (``_PreferansStats``);
    - ``balkan``: his Balkan Preferans figures (``_PreferansStats``, contracts 2 to 7);
    - ``kasa``: his figures in Prefa with a common kasa (``_KasaStats``);
    - ``pots``: his figures in each pot game (``_PotStats``; in ``as_dict`` under the rules'
      ids ``preference_at``, ``preference_illustrated``, ``preference_us``);
    - ``priffe``: his Priffe figures (``_PriffeStats``); the rest is Prefa's:
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

    name: str
    games: int = 0
    hands: int = 0
    prefa_games: int = 0
    chips: int = 0
    bids: int = 0
    contracts: dict[int, list[int]] = field(default_factory=lambda: {lv: [0, 0] for lv in range(6, 11)})
    defended: int = 0
    met: int = 0
    failed: int = 0
    out: int = 0
    preferans: _PreferansStats = field(default_factory=_PreferansStats)
    balkan: _PreferansStats = field(default_factory=lambda: _PreferansStats(contracts=_balkan_levels()))
    kasa: _KasaStats = field(default_factory=_KasaStats)
    pots: dict[str, _PotStats] = field(default_factory=lambda: {r: _PotStats(r) for r in POT_RULES})
    priffe: _PriffeStats = field(default_factory=_PriffeStats)

    def system(self, rules: str) -> _PreferansStats:
        """His Preferans figures of a game of ``rules``: Balkan's, or Russian Preferans'."""
        return self.balkan if rules == "balkan" else self.preferans

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.name,
            "games": self.games,
            "hands": self.hands,
            "prefa_games": self.prefa_games,
            "chips": self.chips,
            "bids": self.bids,
            "contracts": {lv: (m, p) for lv, (m, p) in self.contracts.items()},
            "defended": self.defended,
            "met": self.met,
            "failed": self.failed,
            "out": self.out,
            "preferans": self.preferans.as_dict(),
            "balkan": self.balkan.as_dict(),
            "kasa": self.kasa.as_dict(),
            **{r: ps.as_dict() for r, ps in self.pots.items()},
            "priffe": self.priffe.as_dict(),
        }


def _count_prefa_hand(g: Any, h: Any, seats: list[int], table: dict[int, _PlayerStats]) -> None:
    """Add one effective Prefa hand (parsed and checked by the core) to the players' figures: the bid, the
    contract made or not, and each defender's responsibility met or failed: failed when the core's outcome
    puts him up (``kitapi.outcome``'s ``put_up``: the defense failed as a whole and he was short of his)."""
    o = hand_outcome(g, h)
    if o["kind"] == "pass":
        return
    b = table.get(seats[o["bidder"]])
    if b is not None:
        b.bids += 1
    if o["kind"] != "play":
        return
    level = o["bid"]  # the level bid (a 10 scored as a 9 is still a 10 bid)
    if b is not None:
        b.contracts[level][1] += 1
        b.contracts[level][0] += bool(o["made"])
    for seat, resp, _ in o["duties"]:
        st = table.get(seats[seat])
        if st is None:
            continue
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


def _count_kasa_hand(g: Any, h: Any, seats: list[int], table: dict[int, _PlayerStats]) -> None:
    """Add one effective prefa_kasa hand (parsed and checked by the core) to the players' kasa figures."""
    o = hand_outcome(g, h)
    if o["kind"] != "play":  # passed out, thrown in, or a top-up
        return
    st = table.get(seats[o["bidder"]])
    if st is None:
        return
    level = o["bid"]
    st.kasa.bids += 1
    st.kasa.contracts[level][1] += 1
    st.kasa.contracts[level][0] += bool(o["made"])


def _count_preferans_hand(g: Any, d: dict[str, Any], seats: list[int], table: dict[int, _PlayerStats]) -> None:
    """Score one effective Preferans hand on ``g`` (in order: Leningrad's minimum bid depends on the
    hands before) and add it to the players' figures (``_PreferansStats``).

    Responsibility is not worked out here: the core's outcome names the whisters of a played contract and
    which of them the hand charges with the whisters' shortfall (``kitapi.outcome.hand_outcome``'s
    ``whisters``).
    """
    from kitapi.rules.preferans import PLAY, RESIGN

    h = g.parse(d)
    if h.kind not in (PLAY, RESIGN):
        g.apply(h)
        return
    o = hand_outcome(g, h)
    g.apply(h)
    st = table.get(seats[o["bidder"]])
    if st is not None:
        pst = st.system(g.name)
        pst.soloist += 1
        level = o["level"]
        pst.contracts[level][1] += 1
        pst.contracts[level][0] += bool(o["made"])
    for w, charged in o["whisters"]:
        st = table.get(seats[w])
        if st is not None:
            st.system(g.name).whisted += 1
            st.system(g.name).failed += charged
