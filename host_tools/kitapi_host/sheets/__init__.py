"""Score sheets of a game (CSV, HTML, PDF): each family's is its package's ``sheet`` module, chosen by
kitapi.registry's family column, behind one interface; ``page`` (the HTML frame) and ``browser`` (PDF) are the
toolkit here.

- ``read``: a game read for its sheets (``load``, ``load_archive``, ``from_archive``, ``load_log``: the log
  checked by ``kitapi_host.logs.read``, the effective hands played through the core, the standings after
  each), and the family's sheet module (``sheet``);
- ``game``: what a sheet is made of (``Hand``, ``GameExport``, ``Sheet``, ``new_game``), which every family's sheet
  imports; an archived game's seats named as the archive names them now, ``named``;
- ``kitapi_host.families.<family>.sheet`` (``prefa``, ``preferans``, ``kasa``, ``pot``, ``priffe``), each with:
  ``snapshot(game)`` (its standings now, from the core), ``standings(snapshots)`` (them, as its own type),
  ``csv_table(header, hands, standings)`` (its CSV: ``sheets.page.CsvTable``, its columns and rows; the file
  written here) and ``to_html(header, hands, standings, deleted=, ended=)``;
- ``export(game, fmt)``: the bytes of a game in one format (jsonl, csv, html, pdf).

Adding a family's sheet: ``kitapi_host/families/<family>/sheet.py``, its package named as its registry row says.
"""

from __future__ import annotations

from kitapi_host.sheets.game import GameExport, Sheet, named, to_jsonl
from kitapi_host.sheets.page import csv_rows, to_csv_bytes
from kitapi_host.sheets.read import from_archive, load, load_archive, load_log, sheet
from kitapi_host.sheets.words import language

__all__ = [
    "FORMATS",
    "GameExport",
    "Sheet",
    "export",
    "from_archive",
    "load",
    "load_archive",
    "load_log",
    "named",
    "sheet",
]

FORMATS = ("jsonl", "csv", "html", "pdf")


def export(game: GameExport, fmt: str, lang: str = "en") -> bytes:
    """The bytes of ``game`` in format ``fmt`` (jsonl, csv, html or pdf; pdf may raise BrowserError), its
    sheet's words in ``lang`` (one of kitapi_host.archive.text.LANGUAGES: ``sheets.words``)."""
    with language(lang):
        return _export(game, fmt)


def _export(game: GameExport, fmt: str) -> bytes:
    if fmt == "jsonl":
        return to_jsonl(game.lines)
    if fmt not in ("csv", "html", "pdf"):
        raise ValueError(f"unknown format {fmt!r}")
    m = sheet(game.header["rules"])
    if m is None:  # load_log refuses such a game
        raise ValueError(f"no sheet for rules {game.header['rules']!r}")
    rows = m.standings(game.standings)
    if fmt == "csv":
        return to_csv_bytes(csv_rows(m.csv_table(game.header, game.hands, rows)))
    data = m.to_html(game.header, game.hands, rows, deleted=game.deleted, ended=game.ended).encode("utf-8")
    if fmt == "html":
        return data
    from kitapi_host.sheets.browser import to_pdf

    return to_pdf(data)
