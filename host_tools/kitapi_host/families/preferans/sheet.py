"""Russian Preferans exports: the spreadsheet (CSV) and the score sheet, the пуля (HTML).

A game of ``sochi``, ``leningrad`` or ``rostov`` (docs/rules/preferans.md), or
of Balkan Preferans (``balkan``, docs/rules/balkan.md: the Sochi engine, so the
same sheet; its contracts are written as its numbers, "2" to "7", 6 the
Bettler, with "game" for the closed Game bid) comes here from
``kitapi_host.sheets.page``, read and checked as every game is: the effective
hands, and the standings after each one (``PrefStanding``, the core's
``result_json`` read exactly).  Nothing is scored here.

- ``csv_table``: one row per effective hand with every player's running pool,
  hill, whists written and net whists (``CSV_DOC``).
- ``to_html``: one self-contained page (inline CSS and SVG, no script):

  1. the classic triangle sheet (пуля), drawn in SVG: three sectors (four with
     four players, two halves for Hussar), each player's with, from the centre
     out, his hill (гора), his pool (пуля) and his whists (висты) against each
     opponent, the whists against a neighbour by the border with that
     neighbour.  Each is filled as a player writes it: the running totals as
     they grew, separated by dots ("2.6.10" for a pool that went 2, 6, 10; a
     half is written with a comma, "12,5").  The centre circle holds the pool
     size, the convention and the stake;
  2. the running columns: each player's pool, hill and net whists after each hand;
  3. the settlement: pools, hills, whists written, the net whists (exact
     fractions, rounded to two decimals for display), money with a stake, and
     who pays whom in the fewest transfers (``kitapi.settle`` on the nets
     scaled by their common denominator: ``logs.preferans_transfers``).

``sheet_entries`` gives the running values of the sheet (the tests hold them
against the core); ``layout(n)`` the sheet's geometry, in the SVG's units.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from kitapi.game import Game, result_json
from kitapi_host.families.preferans import needed, no_trick, variant
from kitapi_host.families.preferans import title as system_title
from kitapi_host.logs import ROUNDING_NOTE, preferans_transfers, show_exact
from kitapi_host.logs.table import money_transfers
from kitapi_host.sheets.game import Hand, Header, Snapshot, new_game
from kitapi_host.sheets.page import (
    Cell,
    CsvTable,
    cell,
    contract_html,
    corrected,
    correction_note,
    csv_number,
    esc,
    hand_flag,
    hand_seat,
    hand_tricks,
    hand_word,
    one,
    pays_html,
    per_player,
    running_rows,
    running_table,
    sheet_css,
    sheet_meta,
    sheet_page,
)
from kitapi_host.sheets.words import system, t


@dataclass(frozen=True)
class PrefStanding:
    """Russian Preferans standings after a hand, as the core's result gives them (exact).

    ``whists[i][j]``: what player i wrote against player j; ``settlement``: the
    net whists if the game ended now; ``money``: the settlement times the stake
    (None without a stake).
    """

    pool: tuple[int, ...]
    hill: tuple[Fraction, ...]
    whists: tuple[tuple[Fraction, ...], ...]
    settlement: tuple[Fraction, ...]
    money: tuple[Fraction, ...] | None
    over: bool

    def res(self) -> dict[str, Any]:
        """The settlement and the money as the core's result writes them (whole, or "N/D")."""
        out: dict[str, Any] = {"settlement": [_written(x) for x in self.settlement]}
        if self.money is not None:
            out["money"] = [_written(x) for x in self.money]
        return out


def _written(x: Fraction) -> int | str:
    return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def snapshot(g: Game) -> PrefStanding:
    """A Preferans game's standings now: the core's ``result_json``, read exactly."""
    res = json.loads(result_json(g))
    return PrefStanding(
        tuple(res["pool"]),
        tuple(Fraction(x) for x in res["hill"]),
        tuple(tuple(Fraction(x) for x in row) for row in res["whists"]),
        tuple(Fraction(x) for x in res["settlement"]),
        tuple(Fraction(x) for x in res["money"]) if "money" in res else None,
        bool(res["over"]),
    )


def initial(header: Header) -> PrefStanding:
    """A Preferans game's standings before the first hand."""
    return snapshot(new_game(header))


def standings(standings: Sequence[Snapshot]) -> list[PrefStanding]:
    """The standings of a Preferans game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, PrefStanding)]
    if len(out) != len(standings):
        raise TypeError("not a Preferans game's standings")
    return out


T = TypeVar("T")


# --- the running values -------------------------------------------------------------------


def runs(values: Sequence[T], start: T) -> list[tuple[int, T]]:
    """``(index from 1, value)`` each time ``values`` changes, from ``start``."""
    out: list[tuple[int, T]] = []
    prev = start
    for k, v in enumerate(values, 1):
        if v != prev:
            out.append((k, v))
            prev = v
    return out


@dataclass(frozen=True)
class Entry:
    """One place of the sheet: a player's pool, hill, or whists against one opponent, as it grew.

    ``values``: ``(hand number, running value)`` each time it changed (the start, 0, is not written).
    """

    seat: int
    kind: str  # "pool", "hill" or "whists"
    against: int | None  # the opponent, for whists
    values: list[tuple[int, Fraction]]

    def dotted(self) -> str:
        """As a player writes it: ``"2.6.10"``."""
        return ".".join(sheet_number(v) for _, v in self.values)


def sheet_number(x: Fraction) -> str:
    """A value as written on the sheet, where the dot separates values: a half with a comma (``12,5``)."""
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    if x.denominator == 2:
        return f"{sign}{abs(x.numerator) // 2},5"
    return f"{float(x):.2f}".replace(".", ",")  # never: the core keeps hill and whists in halves


def sheet_entries(header: Header, hands: Sequence[Hand], standings: Sequence[PrefStanding]) -> list[Entry]:
    """Every place of the sheet, seat by seat: pool, hill, then whists against each opponent in seat order."""
    n = len(header["players"])
    start = initial(header)
    number = [h.number for h in hands]

    def entry(seat: int, kind: str, against: int | None, values: list[Fraction], first: Fraction) -> Entry:
        return Entry(seat, kind, against, [(number[k - 1], v) for k, v in runs(values, first)])

    out = []
    for i in range(n):
        out.append(entry(i, "pool", None, [Fraction(s.pool[i]) for s in standings], Fraction(start.pool[i])))
        out.append(entry(i, "hill", None, [s.hill[i] for s in standings], start.hill[i]))
        for j in range(n):
            if j != i:
                out.append(entry(i, "whists", j, [s.whists[i][j] for s in standings], start.whists[i][j]))
    return out


# --- the sheet's geometry -------------------------------------------------------------------

Point = tuple[float, float]


@dataclass(frozen=True)
class Field:
    """A place to write in: a convex polygon, the text's rotation (0, 90, -90 degrees), and on which
    side of the text's frame its player sits (``"top"`` or ``"bottom"``: the lines start there)."""

    seat: int
    kind: str
    against: int | None
    poly: tuple[Point, ...]
    angle: int
    outer: str


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    margin: tuple[float, float, float, float]  # left, top, right, bottom: the names go there
    centre: Point
    radius: float
    frame: tuple[float, float, float, float]
    bands: list[tuple[float, float, float, float]]  # the pool's and the hill's borders, x1 y1 x2 y2 (rects)
    lines: list[tuple[Point, Point, str]]  # radial lines, whist splits, band lines (class)
    fields: list[Field]
    names: list[tuple[float, float, int]]  # per seat: where its name goes (x, y, rotation)


def _mx(w: float, poly: Sequence[Point]) -> tuple[Point, ...]:
    return tuple((w - x, y) for x, y in poly)


def _my(h: float, poly: Sequence[Point]) -> tuple[Point, ...]:
    return tuple((x, h - y) for x, y in poly)


def _radial(c: Point, r: float, corner: Point) -> tuple[Point, Point, str]:
    """The line from the circle's edge to ``corner``."""
    dx, dy = corner[0] - c[0], corner[1] - c[1]
    d = math.hypot(dx, dy)
    return ((c[0] + r * dx / d, c[1] + r * dy / d), corner, "radial")


def layout(n: int) -> Layout:
    """The sheet for ``n`` players (2, 3 or 4), in the SVG's units (1000 wide).

    Seats go clockwise round the sheet as round the table: three players left,
    top, right; four bottom, left, top, right; two (Hussar) bottom and top.
    """
    if n == 3:
        return _layout3()
    if n == 4:
        return _layout4()
    return _layout2()


def _layout3() -> Layout:
    w, h, a, b, r = 1000.0, 660.0, 120.0, 176.0, 58.0
    c = (w / 2, h / 2)
    k = c[0] / c[1]  # the radials to the top corners: x = k * y
    hill_in = c[1] - r - 8  # where the top sector's hill stops, above the circle
    top = [
        Field(1, "whists", 0, ((0, 0), (w / 2, 0), (w / 2, a), (a * k, a)), 0, "top"),
        Field(1, "whists", 2, ((w / 2, 0), (w, 0), (w - a * k, a), (w / 2, a)), 0, "top"),
        Field(1, "pool", None, ((a * k, a), (w - a * k, a), (w - b * k, b), (b * k, b)), 0, "top"),
        Field(
            1, "hill", None, ((b * k, b), (w - b * k, b), (w - hill_in * k, hill_in), (hill_in * k, hill_in)), 0, "top"
        ),
    ]
    left_arm = ((0.0, 0.0), (a, a / k), (a, h - a), (0.0, h))
    left_foot = ((0.0, h), (a, h - a), (w / 2, h - a), (w / 2, h))
    left_pool = ((a, h - b), (w / 2, h - b), (w / 2, h - a), (a, h - a))
    # down the radial to 110 left of the centre, then a tangent past the circle to the bottom line
    left_hill = (
        (b, b),
        (b * k, b),
        (c[0] - 110, (c[0] - 110) / k),
        (c[0] - 4, c[1] + 130),
        (c[0] - 4, h - b),
        (b, h - b),
    )
    sides = [
        Field(0, "whists", 1, left_arm, 90, "bottom"),
        Field(0, "whists", 2, left_foot, 0, "bottom"),
        Field(0, "pool", None, left_pool, 0, "bottom"),
        Field(0, "hill", None, left_hill, 0, "bottom"),
        Field(2, "whists", 1, _mx(w, left_arm), -90, "bottom"),
        Field(2, "whists", 0, _mx(w, left_foot), 0, "bottom"),
        Field(2, "pool", None, _mx(w, left_pool), 0, "bottom"),
        Field(2, "hill", None, _mx(w, left_hill), 0, "bottom"),
    ]
    lines = [
        _radial(c, r, (0, 0)),
        _radial(c, r, (w, 0)),
        _radial(c, r, (w / 2, h)),
        ((w / 2, 0), (w / 2, a), "split"),
        ((0, h), (a, h - a), "split"),
        ((w, h), (w - a, h - a), "split"),
    ]
    return Layout(
        w,
        h,
        (6, 40, 6, 46),
        c,
        r,
        (0, 0, w, h),
        [(a, a, w - a, h - a), (b, b, w - b, h - b)],
        lines,
        top + sides,
        [(w / 4, h + 32, 0), (w / 2, -14, 0), (3 * w / 4, h + 32, 0)],
    )


def _layout4() -> Layout:
    w, h, a, b, r = 1000.0, 720.0, 112.0, 164.0, 58.0
    c = (w / 2, h / 2)
    k = c[0] / c[1]  # the radials to the corners: x = k * y from a top corner
    s1 = (w + a * k) / 3  # the bottom and top sectors' whist splits: three sections of one width inside
    t1 = (h + a / k) / 3  # the side sectors' splits
    hill_in = c[1] - r - 8  # how deep the bottom (top) sector's hill goes from its edge: short of the circle
    side_in = c[0] - r - 8  # and a side sector's
    bottom = [
        Field(0, "whists", 1, ((0, h), (s1, h), (s1, h - a), (a * k, h - a)), 0, "bottom"),
        Field(0, "whists", 2, ((s1, h), (w - s1, h), (w - s1, h - a), (s1, h - a)), 0, "bottom"),
        Field(0, "whists", 3, ((w - s1, h), (w, h), (w - a * k, h - a), (w - s1, h - a)), 0, "bottom"),
        Field(0, "pool", None, ((a * k, h - a), (w - a * k, h - a), (w - b * k, h - b), (b * k, h - b)), 0, "bottom"),
        Field(
            0,
            "hill",
            None,
            ((b * k, h - b), (w - b * k, h - b), (w - hill_in * k, h - hill_in), (hill_in * k, h - hill_in)),
            0,
            "bottom",
        ),
    ]
    # the top sector: the bottom one upside down (its text upright): the left part by seat 1 again,
    # the middle against the player across (seat 0)
    across = {1: 1, 2: 0, 3: 3}
    top = [Field(2, f.kind, None if f.against is None else across[f.against], _my(h, f.poly), 0, "top") for f in bottom]
    left = [
        Field(1, "whists", 2, ((0, 0), (a, a / k), (a, t1), (0, t1)), 90, "bottom"),
        Field(1, "whists", 3, ((0, t1), (a, t1), (a, h - t1), (0, h - t1)), 90, "bottom"),
        Field(1, "whists", 0, ((0, h - t1), (a, h - t1), (a, h - a / k), (0, h)), 90, "bottom"),
        Field(1, "pool", None, ((a, a / k), (b, b / k), (b, h - b / k), (a, h - a / k)), 90, "bottom"),
        Field(
            1,
            "hill",
            None,
            ((b, b / k), (side_in, side_in / k), (side_in, h - side_in / k), (b, h - b / k)),
            90,
            "bottom",
        ),
    ]
    across = {2: 2, 3: 1, 0: 0}  # the right sector: the left one mirrored, the middle against seat 1
    right = [
        Field(3, f.kind, None if f.against is None else across[f.against], _mx(w, f.poly), -90, "bottom") for f in left
    ]
    lines = [_radial(c, r, corner) for corner in ((0, 0), (w, 0), (w, h), (0, h))]
    lines += [
        ((s1, h), (s1, h - a), "split"),
        ((w - s1, h), (w - s1, h - a), "split"),
        ((s1, 0), (s1, a), "split"),
        ((w - s1, 0), (w - s1, a), "split"),
        ((0, t1), (a, t1), "split"),
        ((0, h - t1), (a, h - t1), "split"),
        ((w, t1), (w - a, t1), "split"),
        ((w, h - t1), (w - a, h - t1), "split"),
    ]
    return Layout(
        w,
        h,
        (46, 40, 46, 46),
        c,
        r,
        (0, 0, w, h),
        [(a, a, w - a, h - a), (b, b, w - b, h - b)],
        lines,
        bottom + left + top + right,
        [(w / 2, h + 32, 0), (-30, h / 2, 90), (w / 2, -14, 0), (w + 30, h / 2, -90)],
    )


def _layout2() -> Layout:
    w, h, a, b, r = 1000.0, 560.0, 100.0, 150.0, 52.0
    c = (w / 2, h / 2)
    hill_in = c[1] - r - 6
    bottom = [
        Field(0, "whists", 1, ((0, h), (w, h), (w, h - a), (0, h - a)), 0, "bottom"),
        Field(0, "pool", None, ((0, h - a), (w, h - a), (w, h - b), (0, h - b)), 0, "bottom"),
        Field(0, "hill", None, ((0, h - b), (w, h - b), (w, h - hill_in), (0, h - hill_in)), 0, "bottom"),
    ]
    top = [Field(1, f.kind, 0 if f.kind == "whists" else None, _my(h, f.poly), 0, "top") for f in bottom]
    lines: list[tuple[Point, Point, str]] = [((0, y), (w, y), "band") for y in (a, b, h - b, h - a)]
    lines += [((0, c[1]), (c[0] - r, c[1]), "radial"), ((c[0] + r, c[1]), (w, c[1]), "radial")]
    return Layout(
        w, h, (6, 40, 6, 46), c, r, (0, 0, w, h), [], lines, bottom + top, [(w / 2, h + 32, 0), (w / 2, -14, 0)]
    )


# --- writing in a field ---------------------------------------------------------------------

# Advance widths in em of DejaVu Sans (the page's first font; most others are narrower).
_WIDTH = {".": 0.318, ",": 0.318, "-": 0.361, " ": 0.318}
_BOLD_WIDTH = {".": 0.38, ",": 0.38, "-": 0.415, " ": 0.348}
_SIZES = (19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7)
_PAD_X = 7.0
_PAD_Y = 4.0


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at ``size``, estimated from DejaVu Sans' advance widths."""
    table = _BOLD_WIDTH if bold else _WIDTH
    digit = 0.696 if bold else 0.636
    return size * sum(table.get(ch, digit if ch.isdigit() else 0.7) for ch in text)


def _rotate(p: Point, degrees: int) -> Point:
    t = math.radians(degrees)
    cos, sin = round(math.cos(t)), round(math.sin(t))  # quarter turns only
    return (p[0] * cos - p[1] * sin, p[0] * sin + p[1] * cos)


def _span(poly: Sequence[Point], y: float) -> tuple[float, float] | None:
    """Where the horizontal line at ``y`` crosses the convex polygon: (left, right), or None."""
    xs = []
    m = len(poly)
    for i in range(m):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % m]
        if y1 == y2:
            if y == y1:
                xs += [x1, x2]
        elif min(y1, y2) <= y <= max(y1, y2):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return (min(xs), max(xs)) if xs else None


@dataclass(frozen=True)
class _Piece:
    text: str
    width: float
    cls: str  # "cap" (the caption), "v" (a value), "last" (the last value)


@dataclass(frozen=True)
class _Line:
    x: float
    baseline: float
    pieces: list[_Piece]


def _slots(local: Sequence[Point], outer: str, lh: float) -> list[tuple[float, float, float]]:
    """The lines a field can hold, from its player's side inward: (top, left, right) in the text's frame."""
    ys = [y for _, y in local]
    lo, hi = min(ys) + _PAD_Y, max(ys) - _PAD_Y
    out: list[tuple[float, float, float]] = []
    i = 0
    while True:
        top = lo + i * lh if outer == "top" else hi - (i + 1) * lh
        if top < lo - 0.01 or top + lh > hi + 0.01:
            return out
        a, b = _span(local, top), _span(local, top + lh)
        if a is None or b is None:
            return out
        left, right = max(a[0], b[0]) + _PAD_X, min(a[1], b[1]) - _PAD_X
        if right - left < 20:
            return out
        out.append((top, left, right))
        i += 1


def _pieces(caption: str, values: list[str], size: float) -> list[_Piece]:
    cap = max(7.0, round(size * 0.62, 1))
    out = [_Piece(caption, text_width(caption, cap) + 0.4 * size, "cap")]
    for idx, v in enumerate(values):
        last = idx == len(values) - 1
        text = v if last else v + "."
        out.append(_Piece(text, text_width(text, size, bold=last), "last" if last else "v"))
    return out


def _wrap(pieces: list[_Piece], widths: list[float]) -> list[list[_Piece]] | None:
    """The pieces in lines of at most ``widths`` (in order); None if they do not fit."""
    lines: list[list[_Piece]] = [[]]
    used = 0.0
    for p in pieces:
        if used + p.width <= widths[len(lines) - 1]:
            lines[-1].append(p)
            used += p.width
            continue
        if not lines[-1] or len(lines) == len(widths):
            return None
        lines.append([p])
        used = p.width
        if p.width > widths[len(lines) - 1]:
            return None
    return lines


def fill(field: Field, caption: str, values: list[str], size: float) -> list[_Line] | None:
    """The lines of text that write ``values`` in ``field`` at font ``size``, or None if they do not fit.

    The lines take the field's first slots from its player's side, as few as
    needed, and are read top to bottom in the text's frame.
    """
    local = [_rotate(p, -field.angle) for p in field.poly]
    lh = round(size * 1.3, 1)
    slots = _slots(local, field.outer, lh)
    pieces = _pieces(caption, values, size)
    for k in range(1, len(slots) + 1):
        chosen = sorted(slots[:k])
        lines = _wrap(pieces, [right - left for _, left, right in chosen])
        if lines is not None:
            return [
                _Line(left, top + lh / 2 + 0.36 * size, line)
                for (top, left, _), line in zip(chosen, lines, strict=False)
            ]
    return None


def _fill_anyway(field: Field, caption: str, values: list[str], size: float) -> list[_Line]:
    """Too much for the field even at the smallest size: the lines run on past it (an extreme game)."""
    local = [_rotate(p, -field.angle) for p in field.poly]
    lh = round(size * 1.3, 1)
    slots = _slots(local, field.outer, lh) or [
        (min(y for _, y in local), min(x for x, _ in local), max(x for x, _ in local))
    ]
    top0, left, right = sorted(slots)[0] if field.outer == "top" else sorted(slots)[-1]
    step = lh if field.outer == "top" else -lh
    lines: list[list[_Piece]] = [[]]
    used = 0.0
    for p in _pieces(caption, values, size):
        if lines[-1] and used + p.width > right - left:
            lines.append([])
            used = 0.0
        lines[-1].append(p)
        used += p.width
    if field.outer == "bottom":
        top0 += step * (len(lines) - 1)
    return [_Line(left, top0 + abs(step) * i + lh / 2 + 0.36 * size, line) for i, line in enumerate(lines)]


# --- the sheet in SVG ----------------------------------------------------------------------


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pts(poly: Sequence[Point]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in poly)


def _caption(entry: Entry, players: Sequence[str]) -> str:
    if entry.kind == "whists":
        assert entry.against is not None
        return t("vs {}").format(players[entry.against])
    return t(entry.kind)


def _stake_text(header: Header) -> str | None:
    stake = header.get("options", {}).get("stake")
    return None if stake is None else t("stake {}").format(stake)


def _field_svg(fld: Field, e: Entry, caption: str, values: list[str], s: float) -> list[str]:
    """The SVG of one field of the sheet: its entry ``e``'s ``caption`` and ``values`` at font size ``s``."""
    out = []
    lines = fill(fld, caption, values, s) or _fill_anyway(fld, caption, values, s)
    cap_size = max(7.0, round(s * 0.62, 1))
    rot = f' transform="rotate({fld.angle})"' if fld.angle else ""
    against = "" if fld.against is None else f' data-against="{fld.against}"'
    out.append(
        f'<g class="field {fld.kind}" data-seat="{fld.seat}" data-kind="{fld.kind}"{against}'
        f' data-values="{esc(e.dotted())}" data-hands="{".".join(str(k) for k, _ in e.values)}"'
        f' data-points="{_pts(fld.poly)}">'
    )
    for line in lines:
        spans = []
        for p in line.pieces:
            if p.cls == "cap":
                spans.append(f'<tspan class="cap" font-size="{_f(cap_size)}">{esc(p.text)}</tspan>')
            else:
                dx = f' dx="{_f(0.4 * s)}"' if spans and spans[-1].startswith('<tspan class="cap"') else ""
                spans.append(f'<tspan class="{p.cls}"{dx}>{esc(p.text)}</tspan>')
        out.append(
            f'<text class="ink" x="{_f(line.x)}" y="{_f(line.baseline)}" font-size="{_f(s)}"{rot}>'
            + "".join(spans)
            + "</text>"
        )
    out.append("</g>")
    return out


def _svg(header: Header, hands: Sequence[Hand], standings: Sequence[PrefStanding]) -> str:
    players: list[str] = header["players"]
    n = len(players)
    lay = layout(n)
    entries = {(e.seat, e.kind, e.against): e for e in sheet_entries(header, hands, standings)}
    g = new_game(header)
    final = standings[-1] if standings else initial(header)

    # one font size per kind of field, the largest at which every field of that kind fits
    texts = {}
    for fld in lay.fields:
        e = entries[(fld.seat, fld.kind, fld.against)]
        texts[fld] = (_caption(e, players), [sheet_number(v) for _, v in e.values])
    size: dict[str, float] = {}
    for kind in ("whists", "pool", "hill"):
        fields = [f for f in lay.fields if f.kind == kind]
        size[kind] = next(
            (s for s in _SIZES if all(fill(f, *texts[f], s) is not None for f in fields)), float(_SIZES[-1])
        )

    out = []
    left, top, right, bottom = lay.margin
    vb = f"{_f(-left)} {_f(-top)} {_f(lay.width + left + right)} {_f(lay.height + top + bottom)}"
    out.append(
        f'<svg class="pulya" xmlns="http://www.w3.org/2000/svg" viewBox="{vb}" role="img" data-players="{n}"'
        f' aria-label="{esc("the score sheet (pulya) of " + ", ".join(players))}">'
    )
    x1, y1, x2, y2 = lay.frame
    out.append(f'<rect class="paper" x="{_f(x1)}" y="{_f(y1)}" width="{_f(x2 - x1)}" height="{_f(y2 - y1)}"/>')
    for bx1, by1, bx2, by2 in lay.bands:
        out.append(f'<rect class="band" x="{_f(bx1)}" y="{_f(by1)}" width="{_f(bx2 - bx1)}" height="{_f(by2 - by1)}"/>')
    for (ax, ay), (bx, by), cls in lay.lines:
        out.append(f'<line class="{cls}" x1="{_f(ax)}" y1="{_f(ay)}" x2="{_f(bx)}" y2="{_f(by)}"/>')
    out.append(f'<rect class="frame" x="{_f(x1)}" y="{_f(y1)}" width="{_f(x2 - x1)}" height="{_f(y2 - y1)}"/>')

    for fld in lay.fields:
        out += _field_svg(fld, entries[(fld.seat, fld.kind, fld.against)], *texts[fld], size[fld.kind])

    # the centre: the pool size, the convention, the stake
    cx, cy = lay.centre
    r = lay.radius
    out.append(f'<circle class="centre" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}"/>')
    stake = _stake_text(header)
    rows = [(str(g.size), "size", 30.0), (header["rules"], "conv", 13.0)]
    if stake:
        rows.append((stake, "stake", 11.5))
    total = sum(sz * 1.15 for _, _, sz in rows)
    y = cy - total / 2
    for text, cls, sz in rows:
        y += sz * 1.15
        out.append(
            f'<text class="c-{cls}" x="{_f(cx)}" y="{_f(y - sz * 0.22)}" font-size="{_f(sz)}"'
            f' text-anchor="middle">{esc(text)}</text>'
        )

    # the players' names, each by his sector, with where he stands
    for i, (nx, ny, angle) in enumerate(lay.names):
        written = sum(final.whists[i], Fraction(0))
        summary = (
            f"{t('pool')} {final.pool[i]} \u00b7 {t('hill')} {show_exact(final.hill[i], sign=False)} \u00b7 "
            f"{t('whists')} {show_exact(written, sign=False)} \u00b7 {t('net')} {show_exact(final.settlement[i])}"
        )
        tr = f"translate({_f(nx)} {_f(ny)})" + (f" rotate({angle})" if angle else "")
        out.append(
            f'<text class="name" data-seat="{i}" transform="{tr}" text-anchor="middle">'
            f'<tspan class="who">{esc(players[i])}</tspan><tspan class="sum" dx="10">{esc(summary)}</tspan></text>'
        )
    out.append("</svg>")
    return "\n".join(out)


# --- the running columns and the settlement -----------------------------------------------------


def _contract_html(contract: str, rules: str) -> str:
    # asked of the system's class: a numbered contract (Balkan's) as its number, its no-trick one Bettler
    if variant(rules).NUMBERED:
        return t("Bettler ({})").format(esc(contract)) if contract == no_trick(rules) else esc(contract)
    return t("mis\u00e8re") if contract == no_trick(rules) else contract_html(contract)


def _result(d: dict[str, Any], contract: str, rules: str) -> str | None:
    """made / short N / took N (misere) from the hand's tricks; None when the hand was not played."""
    tricks = d.get("tricks")
    if tricks is None:
        return t("made") if "whist" in d else None  # both passed, or a half-whist stood: made
    taken = tricks[d["soloist"]]
    if contract == no_trick(rules):
        return t("made") if taken == 0 else t("took {}").format(taken)
    level = needed(rules, contract)
    return t("made") if taken >= level else t("short {}").format(level - taken)


def hand_html(players: Sequence[str], d: dict[str, Any], rules: str) -> str:
    """What happened in a Preferans (or Balkan) hand, in a few words (escaped)."""
    if d.get("misdeal"):
        return f'<b>{esc(players[d["dealer"]])}</b> <span class="dim">{t("misdealt")}</span>'
    if "allpass" in d:
        return f'<span class="dim">{t("all-pass")} \u00b7 ' + "\u2013".join(str(k) for k in d["allpass"]) + "</span>"
    contract = d["contract"]
    parts = [f"<b>{esc(players[d['soloist']])}</b> {_contract_html(contract, rules)}"]
    if d.get("hand"):
        parts[0] += t(" (no widow)")
    if d.get("game"):
        parts[0] += t(" game (no talon)")
    if d.get("resign"):
        parts.append(f'<span class="short">{t("resigned")}</span>')
    if "whist" in d:
        words = "/".join(t(w) for w in d["whist"])
        if "open" in d:
            words += t(" open") if d["open"] else ""
        if "dealer_whist" in d:
            words += " \u00b7 " + t("{} whists").format(esc(players[d["dealer"]]))
        parts.append(f'<span class="dim">{words}</span>')
    if "tricks" in d:
        parts.append('<span class="dim">' + "\u2013".join(str(k) for k in d["tricks"]) + "</span>")
    if "widow" in d:
        parts.append(t("widow {}").format(esc(d["widow"])))
    elif d.get("refused"):
        parts.append(t("widow refused"))
    result = None if d.get("resign") else _result(d, contract, rules)
    if result and result != t("made"):
        parts.append(f'<span class="short">{result}</span>')
    return " \u00b7 ".join(parts)


def _num(x: Fraction, sign: bool = False) -> str:
    text = show_exact(x, sign=sign)
    return text.replace("-", "\u2212")


def _running_html(header: Header, hands: Sequence[Hand], standings: Sequence[PrefStanding]) -> str:
    players: list[str] = header["players"]
    start = initial(header)

    def cells(s: PrefStanding, prev: PrefStanding | None) -> str:
        out = []
        for i in range(len(players)):
            same = (
                prev is not None and prev.pool[i] == s.pool[i],
                prev is not None and prev.hill[i] == s.hill[i],
                prev is not None and prev.settlement[i] == s.settlement[i],
            )
            neg = " neg" if s.settlement[i] < 0 else ""
            out.append(
                f'<td class="num pool{" same" * same[0]}" data-seat="{i}">{s.pool[i]}</td>'
                f'<td class="num hill{" same" * same[1]}" data-seat="{i}">{_num(s.hill[i])}</td>'
                f'<td class="num net{neg}{" same" * same[2]}" data-seat="{i}"'
                f' title="{s.settlement[i]}">{_num(s.settlement[i], sign=True)}</td>'
            )
        return "".join(out)

    rules = header["rules"]
    rows = running_rows(hands, standings, start, cells, lambda k, h: hand_html(players, h.data, rules))
    figures = [("p num", t("P", "pool")), ("num", t("H")), ("num", t("N"))]
    return running_table("running pref", players, rows, figures=figures)


def _settlement_html(header: Header, final: PrefStanding) -> str:
    players: list[str] = header["players"]
    wholes, transfers = preferans_transfers(list(final.settlement))
    pays = pays_html(players, transfers, "whists", "Nobody pays anybody.")
    cash = money_transfers(final.res())  # the money: the exact nets x the stake, rounded once (as the box)
    if cash is not None:
        pays += "".join(
            f'<li class="pay money" data-payer="{a}" data-payee="{b}" data-amount="{x}">'
            + t("{} pays {} {} {}").format(f"<b>{esc(players[a])}</b>", f"<b>{esc(players[b])}</b>",
                                           f'<span class="amt">{x}</span>', t("in money"))
            + "</li>"
            for a, b, x in cash[2]
        )  # fmt: skip
    money_head = f'<th class="num">{t("money")}</th>' if final.money is not None else ""
    rows = []
    for i, p in enumerate(players):
        net = final.settlement[i]
        money = ""
        if final.money is not None:
            money = f'<td class="num{" red" if final.money[i] < 0 else ""}">{_num(final.money[i], sign=True)}</td>'
        rows.append(
            f'<tr data-seat="{i}"><td>{esc(p)}</td><td class="num">{final.pool[i]}</td>'
            f'<td class="num">{_num(final.hill[i])}</td><td class="num">{_num(sum(final.whists[i], Fraction(0)))}</td>'
            f'<td class="num{" red" if net < 0 else ""}" title="{net}" data-net="{net}">{_num(net, sign=True)}</td>'
            f'<td class="num" data-settles="{wholes[i]}">{_num(Fraction(wholes[i]), sign=True)}</td>'
            f"{money}</tr>"
        )
    foot_money = f'<td class="num">{_num(sum(final.money, Fraction(0)), sign=True)}</td>' if final.money else ""
    return (
        f'<div class="settle"><table class="totals"><thead><tr><th>{t("player")}</th><th class="num">{t("pool")}</th>'
        f'<th class="num">{t("hill")}</th><th class="num">{t("whists written")}</th>'
        f'<th class="num">{t("net whists")}</th>'
        f'<th class="num">{t("settles")}</th>{money_head}</tr></thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr><td>{t("total")}</td><td class="num">{sum(final.pool)}</td><td></td><td></td>'
        f'<td class="num">{_num(sum(final.settlement, Fraction(0)), sign=True)}</td><td></td>{foot_money}'
        "</tr></tfoot></table>"
        f'<ul class="pays">{pays}</ul></div>'
    )


def _options_text(header: Header) -> str:
    g: Any = new_game(header)
    options: dict[str, Any] = header.get("options", {})
    out = [t("pool {}").format(g.size)]
    out.append(t("end {}").format(g.end_sum if g.end == "sum" else t(str(g.end), "end")))
    for k, v in sorted(options.items()):
        if k in ("pool", "end", "stake"):
            continue
        name = t(k.replace("_", " "))
        out.append(name if v is True else f"{name} {t(v) if isinstance(v, str) else json.dumps(v)}")
    if "stake" in options:
        out.append(t("stake {} a whist").format(options["stake"]))
    return ", ".join(out)


_CSS = """
/* (1) the pulya */
svg.pulya { display: block; width: 100%; height: auto; margin-top: 4px; overflow: visible; }
svg.pulya .paper { fill: #fffdf6; }
svg.pulya .frame { fill: none; stroke: #1a1a1a; stroke-width: 3; }
svg.pulya .band { fill: none; stroke: #1a1a1a; stroke-width: 1.6; }
svg.pulya line.radial { stroke: #1a1a1a; stroke-width: 2; }
svg.pulya line.band { stroke: #1a1a1a; stroke-width: 1.6; }
svg.pulya line.split { stroke: #1a1a1a; stroke-width: 1.2; }
svg.pulya .centre { fill: #fff; stroke: #1a1a1a; stroke-width: 2.2; }
svg.pulya .c-size { font-weight: 700; fill: #1a1a1a; }
svg.pulya .c-conv, svg.pulya .c-stake { fill: #444; }
svg.pulya text.ink { fill: #1d3b8f; font-variant-numeric: tabular-nums; }
svg.pulya .ink .cap { fill: #9a9a9a; font-style: italic; }
svg.pulya .ink .last { font-weight: 700; }
svg.pulya text.name { font-size: 17px; fill: #1a1a1a; }
svg.pulya text.name .who { font-weight: 700; }
svg.pulya text.name .sum { font-size: 12.5px; fill: #555; }
table.running td.pool { border-left: 2px solid #1a1a1a; }
table.running td.what .short { color: #b00; }
table.totals td.num { white-space: nowrap; }
ul.pays .money { color: #555; font-weight: normal; }
@media print {
  svg.pulya { max-height: 106mm; }
}
@media screen and (max-width: 40rem) {  /* a phone: the pulya large enough to read, in a box of its own */
  section.pulya-sheet { overflow-x: auto; }
  svg.pulya { min-width: 640px; }
}
"""


SHEET_NOTE = """Each written as it grew, the values separated by dots (a half with a comma);
the last one is the total. Small grey: what each place is."""
RUNNING_NOTE = """Each player's pool (P), hill (H) and net whists (N, as if the game ended then) after every hand.
Tricks in seat order."""
SETTLE_NOTE = """: exact, rounded here to two decimals; who pays whom, in the fewest
transfers, in whole whists:"""


def to_html(
    header: Header,
    hands: Sequence[Hand],
    standings: Sequence[PrefStanding],
    *,
    deleted: Sequence[int] = (),
    ended: bool = False,
) -> str:
    """The printable score sheet of a Preferans game: one self-contained HTML page (no script)."""
    players: list[str] = header["players"]
    n = len(players)
    final = standings[-1] if standings else initial(header)
    state = t("game over" if final.over else ("game over (closed)" if ended else "game on"))  # closed: over too
    meta = [
        (t("Rules"), f"{header['rules']} ({system(header['rules'], system_title(header['rules']))})"),
        (t("Options"), _options_text(header)),
    ]
    meta_html = sheet_meta(header, meta, len(hands), state)
    fix_note = correction_note(hands, deleted)
    if n == 2:
        layout_note = t(
            "Hussar: a half of the sheet per player, from the middle out his hill, his pool and his whists"
            " against the other player."
        )
    else:
        layout_note = t(
            "A sector per player, from the centre out: his hill, his pool, and his whists against each"
            " opponent, by the border with that opponent."
        )
    css = sheet_css(n, wide=n == 4, extra=_CSS)
    title = t("Preferans score sheet: ") + ", ".join(players)
    over = "" if final.over or ended else t(" (the game is not over: as if it ended now)")
    body = f"""<section class="pulya-sheet">
<h2><span class="n">1</span>{t("The sheet")}</h2>
<p class="note">{esc(layout_note)} {t(SHEET_NOTE)}</p>
{_svg(header, hands, standings)}
</section>
<section class="running-form">
<h2><span class="n">2</span>{t("Running columns")}</h2>
<p class="note">{t(RUNNING_NOTE)}</p>
{fix_note}
{_running_html(header, hands, standings)}
</section>
<section class="settlement">
<h2><span class="n">3</span>{t("Settlement")}</h2>
<p class="note">{t("The net whists")}{over}{t(SETTLE_NOTE)} {esc(t(ROUNDING_NOTE))} {t("(the settles column).")}</p>
{_settlement_html(header, final)}
</section>"""
    return sheet_page(title, players, "\u2014 \u043f\u0443\u043b\u044f", css, meta_html, body)


# --- CSV ----------------------------------------------------------------------------------

CSV_DOC = """\
Russian Preferans (sochi, leningrad, rostov) and Balkan Preferans (balkan): one
header row, then one row per effective hand (deleted hands left out, a replaced
hand as corrected).  Columns: hand (its number in the log), dealer, kind (play,
allpass, resign, misdeal), soloist, contract (7H, M for misere; Balkan: 2 to 7, 6
the Bettler), Balkan only: game (1 for the closed Game bid, else 0), whist (the
defenders' final words, e.g. whist/pass), open (1 or 0 when said), dealer_whist
(the 4-player dealer whisted with defender 1's or 2's hand: 1 or 2), Russian
only: misere_hand (a misere without the widow), widow, refused; "tricks NAME"
per player (a played hand's or an all-pass's), corrected (1 or 0), then per
player the standings after the hand: "pool NAME", "hill NAME", "whists NAME"
(all the whists he wrote), "net NAME" (his net whists if the game ended then)
and, with a stake, "money NAME".  Whole numbers are written as such, others
(thirds of a whist in a settlement) rounded to two decimals; the exact values are in `kitapi replay --json`.
UTF-8 with a byte order mark, CRLF, no cell a formula (a figure stays a figure), as Prefa's.
"""


def _kind(d: dict[str, Any]) -> str:
    if d.get("misdeal"):
        return "misdeal"
    if "allpass" in d:
        return "allpass"
    return "resign" if d.get("resign") else "play"


def csv_table(header: Header, hands: Sequence[Hand], standings: Sequence[PrefStanding]) -> CsvTable[Any]:
    """The spreadsheet (``CSV_DOC``): a row per hand (its ``Hand`` and the ``PrefStanding`` after it), as
    Prefa's."""
    players: list[str] = header["players"]
    names = [cell(p) for p in players]
    numbered = bool(variant(header["rules"]).NUMBERED)  # Balkan's numbers: its closed Game bid, no widow
    money = "stake" in header.get("options", {})

    def figures(r: Any, i: int) -> list[Cell]:
        s = r[1]
        out = [s.pool[i], csv_number(s.hill[i]), csv_number(sum(s.whists[i], Fraction(0))), csv_number(s.settlement[i])]
        return out if s.money is None else [*out, csv_number(s.money[i])]

    return CsvTable(
        [
            one(t("hand"), lambda r: r[0].number),
            hand_seat(players, "dealer"),
            one(t("kind"), lambda r: _kind(r[0].data)),
            hand_seat(players, "soloist"),
            hand_word("contract"),
            *([hand_flag("game")] if numbered else []),
            one(t("whist"), lambda r: "/".join(r[0].data.get("whist", []))),
            one(t("open"), lambda r: int(r[0].data["open"]) if "open" in r[0].data else ""),
            one(t("dealer_whist"), lambda r: r[0].data["dealer_whist"] + 1 if "dealer_whist" in r[0].data else ""),
            *(
                []
                if numbered
                else [
                    one(t("misere_hand"), lambda r: int(bool(r[0].data.get("hand")))),
                    hand_word("widow"),
                    hand_flag("refused"),
                ]
            ),
            hand_tricks(names, other="allpass"),
            corrected(),
            per_player(names, ["pool {}", "hill {}", "whists {}", "net {}"] + (["money {}"] if money else []), figures),
        ],
        zip(hands, standings, strict=True),
    )
