"""A table's points by its players' results (issue 34, item 6), exact fractions.

A result is a player's net in the game's unit (an int or a Fraction: a net in whists can be a third); a float
is refused (it is not exact). The points come back in the order of the results.

- ``serbian``, a table of 3 (preferans.org, PRAVILA TURNIRA, BODOVANJE): the 1st 3 points, 4 if no other
  player's result is ≥ 0; the 2nd 2 if his result is ≥ 0, else 1; the 3rd 0. Players with equal results hold
  consecutive places and share those places' points, averaged. Every table hands out 5 points.
- ``matchpoints``, a table of 3 or 4 (bridge's matchpoints): one point for each opponent with a lower result,
  a half for each with an equal one, over (table size − 1): 0..1.

docs/tournaments.md quotes the sentences and says how this reads them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

Result = int | Fraction


def exact(results: Sequence[Result]) -> list[Fraction]:
    """The results as Fractions; a TypeError for one that is not an int or a Fraction (a float, a bool)."""
    out = []
    for r in results:
        if isinstance(r, bool) or not isinstance(r, int | Fraction):
            raise TypeError(f"a result is an int or a Fraction, not {type(r).__name__} ({r!r})")
        out.append(Fraction(r))
    return out


def serbian(results: Sequence[Result]) -> list[Fraction]:
    """The Serbian league's points of a table of 3, by result (see the module's docstring)."""
    res = exact(results)
    if len(res) != 3:
        raise ValueError(f"serbian points score a table of 3, not of {len(res)}")
    ranked = sorted(res, reverse=True)  # the result of each place, 1st first
    # the places' points: the 1st's 4 when the 2nd place's result is negative (he is then the only one ≥ 0,
    # or, where no result is ≥ 0, no other is), else 3; the 2nd's 2 if his result is ≥ 0, else 1; the 3rd's 0
    second = ranked[1] >= 0
    place = [Fraction(3 if second else 4), Fraction(2 if second else 1), Fraction(0)]
    out = []
    for r in res:
        held = [place[i] for i in range(3) if ranked[i] == r]  # the places his result shares
        out.append(sum(held, Fraction(0)) / len(held))
    return out


def matchpoints(results: Sequence[Result]) -> list[Fraction]:
    """Bridge's matchpoints of a table of 3 or 4 (see the module's docstring)."""
    res = exact(results)
    if len(res) not in (3, 4):
        raise ValueError(f"matchpoints score a table of 3 or 4, not of {len(res)}")
    out = []
    for i, r in enumerate(res):
        score = sum(
            (Fraction(1) if r > o else Fraction(1, 2) if r == o else Fraction(0)) for j, o in enumerate(res) if j != i
        )
        out.append(Fraction(score) / (len(res) - 1))
    return out


def table_points(points: str, results: Sequence[Result]) -> list[Fraction]:
    """The points of a table under the points system ``points`` (``serbian`` or ``matchpoints``)."""
    if points == "serbian":
        return serbian(results)
    if points == "matchpoints":
        return matchpoints(results)
    raise ValueError(f"unknown points system {points!r}: one of serbian, matchpoints")
