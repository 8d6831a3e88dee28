"""The standings after every round (issue 34, item 7), from the rounds' tables.

Players are ordered by their points; equal points by the total of their results over the rounds (the Serbian
league's "veća bula odlučuje", the larger result decides); then by Buchholz (the sum of the current points of
every opponent met, once per meeting: who met the stronger players); then by tables won (a first place shared
by k players counts 1/k to each); then by the drawn number, lowest first (the one order that never ties).
Every column is exact (Fractions) and in the rows, so a page can show why one player is above another."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from kitapi_host.tournament.points import Result, exact, table_points


@dataclass(frozen=True)
class Played:
    """A table played: its ``players`` (drawn numbers), their ``results`` and ``points``, in the same order."""

    players: tuple[int, ...]
    results: tuple[Fraction, ...]
    points: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if not len(self.players) == len(self.results) == len(self.points):
            raise ValueError(f"table {self.players}: a result and points for each player")
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"table {self.players}: a player seated twice")


def scored(players: Sequence[int], results: Sequence[Result], points: str) -> Played:
    """The table of ``players`` with their ``results``, its points under the points system ``points``."""
    res = exact(results)
    return Played(tuple(players), tuple(res), tuple(table_points(points, res)))


@dataclass(frozen=True)
class Row:
    """A player's line in the standings: his ``place`` (1 first), ``number``, ``points``, the tie-breaks in
    their order (``total``, ``buchholz``, ``won``) and the tables he has ``played``."""

    place: int
    number: int
    points: Fraction
    total: Fraction
    buchholz: Fraction
    won: Fraction
    played: int


def standings(rounds: Sequence[Sequence[Played]], players: Iterable[int] = ()) -> list[Row]:
    """The standings after ``rounds`` (each a round's tables), first place first. ``players``: numbers to list
    even without a table yet (before round 1 everyone is level, by number). A ValueError for a player seated
    twice in a round."""
    pts: dict[int, Fraction] = {p: Fraction(0) for p in players}
    total = dict(pts)
    won = dict(pts)
    played = dict.fromkeys(pts, 0)
    met: dict[int, list[int]] = {p: [] for p in pts}
    for n, rnd in enumerate(rounds, 1):
        seen: set[int] = set()
        for t in rnd:
            twice = seen.intersection(t.players)
            if twice:
                raise ValueError(f"round {n}: player {min(twice)} seated at two tables")
            seen.update(t.players)
            best = max(t.results)
            first = sum(r == best for r in t.results)
            for p, r, q in zip(t.players, t.results, t.points, strict=True):
                pts[p] = pts.get(p, Fraction(0)) + q
                total[p] = total.get(p, Fraction(0)) + r
                won[p] = won.get(p, Fraction(0)) + (Fraction(1, first) if r == best else 0)
                played[p] = played.get(p, 0) + 1
                met.setdefault(p, []).extend(o for o in t.players if o != p)
    buchholz = {p: sum((pts[o] for o in met.get(p, [])), Fraction(0)) for p in pts}
    order = sorted(pts, key=lambda p: (-pts[p], -total[p], -buchholz[p], -won[p], p))
    return [Row(i, p, pts[p], total[p], buchholz[p], won[p], played[p]) for i, p in enumerate(order, 1)]


def after_each(rounds: Sequence[Sequence[Played]], players: Iterable[int] = ()) -> list[list[Row]]:
    """The standings after round 1, after round 2, ... (Buchholz counts the opponents' points as they stood
    then)."""
    everyone = list(players)
    return [standings(rounds[:k], everyone) for k in range(1, len(rounds) + 1)]
