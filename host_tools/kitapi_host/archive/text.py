"""The archive's plain text tables: ``kitapi games``, ``show`` and ``stats`` print with these, and each family's
module (``kitapi_host.families``) its own hand table and statistics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kitapi_host.names import names
from kitapi_host.text import one_line


def signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def number(h: dict[str, Any]) -> str:
    """A hand's number in ``show``, starred when corrected."""
    return f"{h['number']}{'*' if h['corrected'] else ''}"


def grid(
    head: list[str], rows: list[list[str]], right: set[int], groups: list[tuple[str, int, int]] | None = None
) -> str:
    """A plain text table: columns as wide as their widest cell, ``right`` ones right-aligned; a row a line,
    whatever a cell holds (a name from the archive with a line feed or a tab shows it as ``\\n``, ``\\t``).

    ``groups``: labels over the head, ``(label, first column, columns)``, each
    centred over its columns.
    """
    head, rows = [one_line(c) for c in head], [[one_line(c) for c in r] for r in rows]
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

# The languages of a statistics table (kitapi serve's: kitapi_host.web.words), and a family's words for its
# tables, by key: (English, Greek, Russian), the English what ``kitapi stats`` prints.
LANGUAGES = ("en", "el", "ru")
Words = dict[str, tuple[str, str, str]]
WORDS: Words = {"player": ("Player", "Παίκτης", "Игрок")}


def pick(words: Words, lang: str) -> dict[str, str]:
    """``words`` in ``lang`` (one of LANGUAGES), by key."""
    i = LANGUAGES.index(lang)
    return {k: v[i] for k, v in words.items()}


def title(rules: str, lang: str = "en") -> str:
    """The title of the system ``rules`` in ``lang`` (one of LANGUAGES): its registry row's (kitapi.registry, the
    only place a system's names live); its id for a system the registry does not know."""
    return _titles(rules).get(lang, rules)


def named(rules: str, lang: str, english: str) -> str:
    """The name of the system ``rules`` in ``lang``: its title (``title``), but ``english`` in English and for a
    system the registry does not know."""
    return _titles(rules).get(lang, english) if lang != "en" else english


def _titles(rules: str) -> dict[str, str]:
    return {lang: n[2] for lang, n in (names(rules) or {}).items()}


@dataclass
class Table:
    """One table of ``kitapi stats``: its title (the system and its unit: "Greek Prefa (chips)"), its head, a
    row of text cells per player (his name first), and the note that explains the columns.  ``titled``:
    printed with its title when it is the only table too (Prefa's, the first family's, is not)."""

    title: str
    head: list[str]
    rows: list[list[str]]
    note: str
    titled: bool = True


def table(
    title: str,
    stats: list[dict[str, Any]],
    part: Callable[[dict[str, Any]], dict[str, Any]],
    before: list[Column],
    contracts: list[str],
    after: list[Column],
    note: str,
    lang: str = "en",
    titled: bool = True,
) -> Table:
    """A system's table: a row per player, ``before`` columns, "made/taken" per contract, ``after`` columns,
    then ``note``; ``part(s)`` is a player's figures of the system.  The heads and the note in ``lang``."""
    head = [pick(WORDS, lang)["player"], *(h for h, _ in before), *contracts, *(h for h, _ in after)]
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
    return Table(title, head, rows, note, titled)


def print_tables(tables: list[Table]) -> None:
    """``kitapi stats``' text: each table's title (with a colon; an untitled one's only beside others), the
    grid, its note, a blank line between tables."""
    for i, t in enumerate(tables):
        if i:
            print()
        if t.titled or len(tables) > 1:
            print(f"{t.title}:")
        print(grid(t.head, t.rows, set(range(1, len(t.head)))))
        print(t.note)


def count(key: str, head: str | None = None) -> Column:
    """A column of a count: its head ``head``, else the key capitalised."""
    return head or key.capitalize(), lambda p: str(p[key])


def players(
    stats: list[dict[str, Any]], part: Callable[[dict[str, Any]], dict[str, Any]], everyone: bool
) -> list[dict[str, Any]]:
    """The players of ``stats`` who played games of a system (``part(s)["games"]``), or all of them
    (``everyone``) when none did."""
    return [s for s in stats if part(s)["games"]] or (list(stats) if everyone else [])
