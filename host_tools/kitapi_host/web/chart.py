"""A line chart drawn on the server: the coordinates of an SVG (the template ``_chart.html`` draws it).

One line per series (a player's standing after each hand, a player's net after each game of a system), all on
one scale with the zero line; the figures are the core's exact ones, turned into pixels only here."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

WIDTH = 640
HEIGHT = 240
LEFT = 56  # room for the scale's figures
PAD = 12
COLOURS = ("#1f5fbf", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#34495e")  # style.css .s0 to .s5


def chart(series: Sequence[tuple[str, Sequence[int | Fraction]]]) -> dict[str, Any]:
    """The chart of ``series`` (a label and its values, one per step; the steps numbered from 1): each line's
    points, colour and label, the zero line's height, the scale's ticks (value, height)."""
    values = [Fraction(0), *(Fraction(v) for _, vs in series for v in vs)]
    lo, hi = min(values), max(values)
    if lo == hi:
        hi = lo + 1
    steps = max((len(vs) for _, vs in series), default=0)
    w, h = WIDTH - LEFT - PAD, HEIGHT - 2 * PAD

    def x(i: int) -> float:
        return LEFT + (w * i / steps if steps else 0)

    def y(v: Fraction) -> float:
        return PAD + float((hi - v) / (hi - lo)) * h

    lines = []
    for n, (label, vs) in enumerate(series):
        pts = [(x(0), y(Fraction(0)))] + [(x(i + 1), y(Fraction(v))) for i, v in enumerate(vs)]
        lines.append(
            {
                "label": label,
                "cls": f"s{n % len(COLOURS)}",  # (the colours are the style sheet's: no inline style)
                "points": " ".join(f"{a:.1f},{b:.1f}" for a, b in pts),
            }
        )
    ticks = [(v, round(y(v), 1)) for v in sorted({lo, Fraction(0), hi})]
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "zero": round(y(Fraction(0)), 1), "lines": lines,
            "ticks": ticks, "steps": steps}  # fmt: skip
