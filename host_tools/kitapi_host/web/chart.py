"""A line chart drawn on the server: the coordinates of an SVG (the macro ``svg_chart`` of ``_macros.html``
draws it).

One line per series (a player's standing after each hand, a player's net after each game of a system), all on
one scale with the zero line; the figures are the core's exact ones, turned into pixels only here.

The chart is as wide as its box and 240 CSS px tall, whatever the screen: the lines are drawn in a plot of
their own that stretches sideways (``PLOT`` units, ``preserveAspectRatio="none"``, strokes that do not scale),
the labels in CSS px around it, so a label is as large on a phone as on a desktop and never leaves the chart.
The y scale has 3 to 5 ticks of round values (1, 2 or 5 times a power of ten, zero among them); the x axis
names a few steps by their labels (the hands' numbers, the games' dates)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import ceil, floor
from typing import Any

from kitapi_host.logs import show_exact

HEIGHT = 240  # CSS px
TOP = 20  # above the plot: room for the highest tick's label, drawn above its line
BOTTOM = 24  # below the plot: the x axis's labels
PLOT = 1000  # the plot's width in its own units (stretched to the chart's width)
# Left of the plot: the scale's figures, by the widest's characters (12 px digits; style.css's div.chart.m1 to
# .m12 say the same: the columns are a style, as the chart's width is known only in the browser)
LEFT = {n: 12 + 8 * n for n in range(1, 13)}
MAX_X_LABELS = 6  # (up to 3 digits each: 6 fit a phone's 360 px many times over)
COLOURS = ("#1f5fbf", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#34495e")  # style.css .s0 to .s5


def nice_steps() -> Any:
    """1, 2, 5, 10, 20, 50, ... (the round steps of a scale), without end."""
    k = 1
    while True:
        for m in (1, 2, 5):
            yield m * k
        k *= 10


def y_ticks(lo: Fraction, hi: Fraction) -> list[int]:
    """The scale's ticks for values from ``lo`` to ``hi`` (``lo`` <= 0 <= ``hi``): 3 to 5 multiples of one round
    step (1, 2 or 5 times a power of ten; never below 1: the units are whole chips, whists, points), from the
    first at or below ``lo`` to the first at or above ``hi``, zero among them."""
    for step in nice_steps():
        first, last = floor(lo / step), ceil(hi / step)
        if last - first + 1 <= 5:
            break
    while last - first + 1 < 3:  # (a flat or tiny line: a round tick on either side of zero)
        if last > 0 or first == 0:
            last += 1
        else:
            first -= 1
    return [k * step for k in range(first, last + 1)]


def x_ticks(steps: int, limit: int = MAX_X_LABELS) -> list[int]:
    """The steps (1 to ``steps``) the x axis labels: the multiples of the smallest round step giving at most
    ``limit`` of them (every step when there are few)."""
    for step in nice_steps():
        if steps // step <= limit:
            return list(range(step, steps + 1, step))
    return []  # (not reached: the steps grow without end)


def chart(
    series: Sequence[tuple[str, Sequence[int | Fraction]]], labels: Sequence[str] = (), dates: bool = False
) -> dict[str, Any]:
    """The chart of ``series`` (a label and its values, one per step; the line starts from 0 before the first):
    each line's points (in the plot's units), colour and label; the ticks (value, text, height in px); the x
    axis's labels (text, where in % of the width, anchor); ``text``: each line's last value, its words for
    a reader that sees no chart.  ``labels``: each step's name on the x axis (default its number); ``dates``:
    they are dates: the first and the last step are named, and one near the middle if there is room (a day
    once)."""
    values = [Fraction(0), *(Fraction(v) for _, vs in series for v in vs)]
    ticks = y_ticks(min(values), max(values))
    lo, hi = Fraction(ticks[0]), Fraction(ticks[-1])
    steps = max((len(vs) for _, vs in series), default=0)
    plot_h = HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return PLOT * i / steps if steps else 0.0

    def y(v: Fraction) -> float:
        return float((hi - v) / (hi - lo)) * plot_h

    lines = []
    for n, (label, vs) in enumerate(series):
        pts = [(x(0), y(Fraction(0)))] + [(x(i + 1), y(Fraction(v))) for i, v in enumerate(vs)]
        lines.append(
            {
                "label": label,
                "cls": f"s{n % len(COLOURS)}",  # (the colours are the style sheet's: no inline style)
                "points": " ".join(f"{a:.1f},{b:.1f}" for a, b in pts),
                "last": show_exact(Fraction(vs[-1])) if vs else "0",
            }
        )
    names = [str(s) for s in labels] or [str(i) for i in range(1, steps + 1)]
    if dates:  # the first and the last step (a day named once), and one near the middle where there is room
        middle = [i for i in range(2, steps) if 53 < 100 * i / steps < 64][:1]
        shown = sorted({1, *middle, steps}) if steps else []
        shown = [i for n, i in enumerate(shown) if i == 1 or names[i - 1] != names[shown[n - 1] - 1]]
    else:
        shown = x_ticks(steps)
    xs = []
    for i in shown:
        at = 100 * i / steps
        anchor = "end" if i == steps else "start" if dates and i == 1 else "middle"
        xs.append({"text": names[i - 1], "at": round(at, 2), "anchor": anchor})
    span = f" ({names[0]} – {names[-1]})" if dates and names and names[0] != names[-1] else ""
    texts = [show_exact(Fraction(t)) for t in ticks]
    chars = min(max(len(t) for t in texts), max(LEFT))  # (the scale's widest figure: the plot starts right of it)
    return {
        "height": HEIGHT,
        "left": LEFT[chars],
        "margin": f"m{chars}",
        "top": TOP,
        "plot_w": PLOT,
        "plot_h": plot_h,
        "lines": lines,
        "ticks": [(t, text, round(y(Fraction(t)), 1)) for t, text in zip(ticks, texts, strict=True)][::-1],
        "xs": xs,
        "x_y": HEIGHT - 7,
        "text": ", ".join(f"{line['label']} {line['last']}" for line in lines) + span,
    }
