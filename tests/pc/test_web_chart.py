"""The charts of ``kitapi serve`` (web/chart.py): 3 to 5 round ticks on the y scale whatever the figures, the
x axis naming the hands or the dates, and each chart's words for a reader that sees no chart."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from kitapi_host.web.chart import chart, x_ticks, y_ticks


def round_step(step: int) -> bool:
    """1, 2 or 5 times a power of ten."""
    while step % 10 == 0:
        step //= 10
    return step in (1, 2, 5)


def check_ticks(lo: Fraction, hi: Fraction) -> list[int]:
    ticks = y_ticks(lo, hi)
    assert 3 <= len(ticks) <= 5, (lo, hi, ticks)
    steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1 and round_step(steps.pop()), ticks  # evenly spaced, a round step
    assert 0 in ticks and ticks[0] <= lo and ticks[-1] >= hi, (lo, hi, ticks)  # zero, and every value inside
    return ticks


@pytest.mark.parametrize(
    ("lo", "hi", "want"),
    [
        (0, 0, [0, 1, 2]),  # a flat line
        (0, 1, [0, 1, 2]),
        (-1, 0, [-2, -1, 0]),
        (-121, 72, [-200, -100, 0, 100]),  # the sample Prefa game
        (0, 2280, [0, 1000, 2000, 3000]),  # (was: "+2280.67" as a tick, off the left edge)
        (-6, 0, [-6, -4, -2, 0]),  # (was: "+6" over "0")
        (-596, 0, [-600, -400, -200, 0]),
        (0, 49, [0, 20, 40, 60]),
        (-3, 7, [-5, 0, 5, 10]),
    ],
)
def test_y_ticks_are_round(lo: int, hi: int, want: list[int]) -> None:
    assert check_ticks(Fraction(lo), Fraction(hi)) == want


def test_y_ticks_of_any_figures() -> None:
    rnd = random.Random(33)
    for _ in range(3000):
        scale = 10 ** rnd.randrange(0, 7)
        lo = Fraction(-rnd.randrange(0, 3 * scale + 1), rnd.choice((1, 2, 3)))
        hi = Fraction(rnd.randrange(0, 3 * scale + 1), rnd.choice((1, 2, 3)))
        check_ticks(lo, hi)


def test_x_axis_numbers_the_hands() -> None:
    assert x_ticks(4) == [1, 2, 3, 4]
    assert x_ticks(12) == [2, 4, 6, 8, 10, 12]
    assert x_ticks(37) == [10, 20, 30]
    assert x_ticks(0) == []
    c = chart([("Anna", [5, -6, 49]), ("Babis", [0, 3, 72])], ["1", "2", "3"])
    assert [x["text"] for x in c["xs"]] == ["1", "2", "3"] and c["xs"][-1]["anchor"] == "end"
    assert [t for _, t, _ in c["ticks"]] == ["+100", "+50", "0", "-50"]  # top to bottom
    assert c["text"] == "Anna +49, Babis +72"  # (the aria-label's: each line's last figure)


def test_x_axis_of_a_player_shows_dates() -> None:
    days = ["2026-10-01", "2026-10-05", "2026-11-02", "2026-11-09", "2026-11-20", "2026-12-01", "2026-12-03"]
    c = chart([("Anna", [3, 1, 4, 1, 5, 9, 2])], days, dates=True)
    assert [x["text"] for x in c["xs"]] == ["2026-10-01", "2026-11-09", "2026-12-03"]
    assert [x["anchor"] for x in c["xs"]] == ["start", "middle", "end"]  # (none over the chart's edge)
    assert c["text"] == "Anna +2 (2026-10-01 – 2026-12-03)"
    one_day = chart([("Anna", [3, 1])], ["2026-10-01", "2026-10-01"], dates=True)
    assert [x["text"] for x in one_day["xs"]] == ["2026-10-01"]  # an evening's games: its day once
