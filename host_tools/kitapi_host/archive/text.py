"""The archive's plain text tables: ``kitapi games``, ``show`` and ``stats`` print with these, and each family's
module (``kitapi_host.families``) its own hand table and statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def number(h: dict[str, Any]) -> str:
    """A hand's number in ``show``, starred when corrected."""
    return f"{h['number']}{'*' if h['corrected'] else ''}"


def grid(
    head: list[str], rows: list[list[str]], right: set[int], groups: list[tuple[str, int, int]] | None = None
) -> str:
    """A plain text table: columns as wide as their widest cell, ``right`` ones right-aligned.

    ``groups``: labels over the head, ``(label, first column, columns)``, each
    centred over its columns.
    """
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for label, first, count in groups or []:
        span = sum(widths[first : first + count]) + 2 * (count - 1)
        if len(label) > span:  # a long label widens its last column
            widths[first + count - 1] += len(label) - span

    def fmt(r: list[str]) -> str:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        return "  ".join(cells).rstrip()

    lines = [fmt(r) for r in [head, *rows]]
    if groups:
        over = ""
        for label, first, count in groups:
            start = sum(widths[:first]) + 2 * first
            span = sum(widths[first : first + count]) + 2 * (count - 1)
            over = over.ljust(start) + label.center(span)
        lines.insert(0, over.rstrip())
    return "\n".join(lines)


Column = tuple[str, Callable[[dict[str, Any]], str]]


def table(
    title: str,
    stats: list[dict[str, Any]],
    part: Callable[[dict[str, Any]], dict[str, Any]],
    before: list[Column],
    contracts: list[str],
    after: list[Column],
    note: str,
) -> None:
    """A system's table: a row per player, ``before`` columns, "made/taken" per contract, ``after`` columns,
    then ``note``; ``part(s)`` is a player's figures of the system."""
    if title:
        print(title)
    head = ["Player", *(h for h, _ in before), *contracts, *(h for h, _ in after)]
    rows = []
    for s in stats:
        p = part(s)
        rows.append(
            [
                s["player"],
                *(f(p) for _, f in before),
                *(f"{m}/{t}" for m, t in p["contracts"].values()),
                *(f(p) for _, f in after),
            ]
        )
    print(grid(head, rows, set(range(1, len(head)))))
    print(note)


def count(key: str) -> Column:
    """A column of a count: its head the key, capitalised."""
    return key.capitalize(), lambda p: str(p[key])


def players(
    stats: list[dict[str, Any]], part: Callable[[dict[str, Any]], dict[str, Any]], everyone: bool
) -> list[dict[str, Any]]:
    """The players of ``stats`` who played games of a system (``part(s)["games"]``), or all of them
    (``everyone``) when none did."""
    return [s for s in stats if part(s)["games"]] or (list(stats) if everyone else [])
