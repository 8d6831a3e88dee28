"""The page every score sheet shares: the HTML frame (``sheet_page``, ``sheet_css``, ``sheet_meta``,
``correction_note``), the running table (``running_table``, ``running_rows``), the CSV (``CsvTable`` of
``Column``s, written by ``csv_rows`` and ``to_csv_bytes``) and the small pieces a sheet is written with
(``esc``, ``cell``, ``signed``, ``entry``, ``contract_html``, ``date_text``)."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any, Generic, TypeVar

from kitapi_host.sheets.game import Hand, Header
from kitapi_host.sheets.words import amount_of, lang, t
from kitapi_host.text import cell as cell  # (each family's sheet writes its names with it)
from kitapi_host.text import csv_value, one_line

_SUIT = {
    "S": ("\u2660", "blk"),
    "C": ("\u2663", "blk"),
    "D": ("\u2666", "red"),
    "H": ("\u2665", "red"),
    "N": ("NT", "nt"),
}

_CSS = """
@page { size: A4 __ORIENT__; margin: 9mm 11mm; }
* { box-sizing: border-box; }
html { color: #1a1a1a; background: #fff; }
body { font: 10pt/1.35 "DejaVu Sans", "Noto Sans", "Segoe UI", Arial, sans-serif; margin: 0 auto; padding: 14px;
  max-width: __WIDTH__; -webkit-print-color-adjust: exact; print-color-adjust: exact;
  overflow-wrap: anywhere; }  /* (a name longer than a log holds, from an archive another program wrote) */
.num, .h, .e { overflow-wrap: normal; }  /* (a figure is never broken) */
header.title { border-bottom: 2.5px solid #1a1a1a; padding-bottom: 6px; margin-bottom: 10px; }
h1 { font-size: 17pt; margin: 0 0 4px; letter-spacing: .01em; }
h1 .book { font-weight: normal; color: #666; }
dl.meta { display: flex; flex-wrap: wrap; gap: 2px 18px; margin: 0; font-size: 9pt; }
dl.meta div { display: flex; gap: 5px; }
dl.meta dt { color: #666; }
dl.meta dd { margin: 0; font-weight: 600; }
h2 { font-size: 12pt; margin: 16px 0 3px; break-after: avoid; page-break-after: avoid; }
h2 .n { display: inline-block; width: 1.4em; height: 1.4em; line-height: 1.4em; text-align: center; border-radius: 50%;
  background: #1a1a1a; color: #fff; font-size: 9pt; margin-right: 6px; vertical-align: 1px; }
p.note { margin: 0 0 6px; color: #555; font-size: 8.5pt; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
.num { text-align: right; }
/* (1) the three- (four-) section sheet */
.sheet { display: grid; grid-template-columns: repeat(__N__, 1fr); border: 2.5px solid #1a1a1a;
  break-inside: auto; }
.section { border-left: 2.5px solid #1a1a1a; display: flex; flex-direction: column; min-width: 0; }
.section:first-child { border-left: 0; }
.section > .who { text-align: center; font-weight: 700; font-size: 11pt; padding: 4px 2px;
  border-bottom: 1.5px solid #1a1a1a; background: #f1f1ee; overflow-wrap: anywhere; }
.cols { display: grid; grid-template-columns: __COLS__; grid-template-rows: auto 1fr; flex: 1; }
/* A section's column labels share one row (subgrid), however many lines a long name takes. */
.col { padding: 0 4px 6px; text-align: center; min-width: 0; display: grid; grid-row: span 2;
  grid-template-rows: subgrid; align-content: start; }
.col + .col { border-left: 1px dotted #999; }
.col.pouch { background: #fafaf7; }
.col > .lab { font-size: 7.5pt; color: #555; padding: 3px 0 2px; border-bottom: 1px solid #ccc; margin-bottom: 3px;
  overflow-wrap: anywhere; line-height: 1.15; }
@supports not (grid-template-rows: subgrid) {
  .col { display: block; }
  .col > .lab { min-height: 2.6em; }
}
.col.pouch > .lab { font-weight: 700; color: #1a1a1a; }
.e { display: block; font-size: 10pt; line-height: 1.45; white-space: nowrap; }
.e i { font-style: normal; font-size: 6.5pt; color: #999; margin-right: 3px; vertical-align: 1px; }
.e.old b { font-weight: normal; color: #888; text-decoration: line-through; text-decoration-color: #b33;
  text-decoration-thickness: 1px; }
.e.live b { font-weight: 700; border-bottom: 2px solid #1a1a1a; }
.section > .sum { border-top: 1.5px solid #1a1a1a; text-align: center; padding: 3px; font-size: 9pt; }
.sum b { font-size: 10.5pt; }
/* (2) the running-column form */
table.running { width: 100%; font-size: 9pt; }
table.running thead { display: table-header-group; }
table.running th, table.running td { padding: 1.5px 5px; border-bottom: 1px solid #e2e2e2; }
table.running thead th { border-bottom: 1.5px solid #1a1a1a; font-size: 8.5pt; }
table.running thead tr:first-child th.p { border-bottom: 1px solid #999; }
table.running th.p, table.running td.pouch { border-left: 2px solid #1a1a1a; }
table.running tr { break-inside: avoid; page-break-inside: avoid; }
table.running tbody tr:nth-child(even) td { background: #f6f6f3; }
table.running td.h { color: #666; text-align: right; white-space: nowrap; }
table.running td.what { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 20em; }
table.running td.chips { color: #1a1a1a; }
table.running td.neg { color: #b00; }
table.running td.same { color: #aaa; }
table.running tr.start td { font-style: italic; color: #666; }
table.running tr.fix td.h::after { content: "*"; color: #b33; }
.red { color: #c00; }
.nt { font-size: 8pt; font-weight: 700; }
.dim { color: #777; }
/* (3) the settlement */
.settle { display: flex; flex-wrap: wrap; gap: 12px 28px; align-items: flex-start; break-inside: avoid;
  page-break-inside: avoid; }
table.totals th, table.totals td { padding: 3px 10px; border-bottom: 1px solid #ddd; }
table.totals thead th { border-bottom: 1.5px solid #1a1a1a; text-align: left; }
table.totals tfoot td { border-top: 1.5px solid #1a1a1a; border-bottom: 0; font-weight: 700; }
ul.pays { list-style: none; padding: 0; margin: 0; font-size: 11pt; }
ul.pays li { padding: 4px 10px; border: 1.5px solid #1a1a1a; border-radius: 4px; margin-bottom: 6px; }
ul.pays .amt { font-weight: 700; }
footer { margin-top: 14px; font-size: 7.5pt; color: #888; border-top: 1px solid #ddd; padding-top: 3px; }
/* On paper: denser, so that a game of about 35 hands (a usual game to a pouch of 31) is one A4 page. */
@media print {
  body { padding: 0; max-width: none; font-size: 8.5pt; line-height: 1.25; }
  header.title { padding-bottom: 4px; margin-bottom: 4px; border-bottom-width: 2px; }
  h1 { font-size: 13pt; margin-bottom: 1px; }
  dl.meta { font-size: 8pt; }
  section { margin-top: 7px; }
  section.settlement { break-inside: avoid; page-break-inside: avoid; }
  section > h2, section > p.note { display: inline; margin: 0; }
  h2 { font-size: 10.5pt; margin-right: 8px; }
  h2 .n { font-size: 8pt; }
  p.note { font-size: 7.5pt; line-height: 1.25; }
  .sheet, table.running, .settle { margin-top: 3px; }
  .sheet, .section { border-width: 2px; }
  .section > .who { font-size: 10pt; padding: 1px 2px; }
  .col { padding-bottom: 3px; }
  .col > .lab { font-size: 7pt; padding: 2px 0 1px; margin-bottom: 2px; }
  .e { font-size: 8.5pt; line-height: 1.2; }
  .e.live b { border-bottom-width: 1.5px; }
  .section > .sum { font-size: 8.5pt; padding: 1px 3px; }
  .sum b { font-size: 9.5pt; }
  table.running { font-size: 7.5pt; }
  table.running th, table.running td { padding: 0 5px; line-height: 1.2; }
  table.running thead th { font-size: 7pt; }
  table.totals th, table.totals td { padding: 1px 10px; }
  ul.pays { font-size: 10pt; }
  ul.pays li { padding: 2px 8px; margin-bottom: 4px; }
  footer { margin-top: 5px; font-size: 7pt; }
}
/* On a phone (a screen narrower than 40rem; never on paper): a word breaks only where it is wider than the
   line, a table wider than the screen scrolls in its own box with its first column in view (and sheet_css
   puts the sections one under another when each has columns of its own). */
@media screen and (max-width: 40rem) {
  body { padding: 8px; overflow-wrap: break-word; }
  h1 { font-size: 14pt; }
  .section > .who, .col > .lab { overflow-wrap: break-word; }
  .col > .lab { font-size: 8pt; }
  .e i { font-size: 7.5pt; }
  table.running, table.totals { display: block; overflow-x: auto; max-width: 100%; width: auto; }
  table.running th:first-child, table.running td:first-child, table.totals th:first-child,
  table.totals td:first-child { position: sticky; left: 0; z-index: 1; background: #fff; }
  table.running thead th { background: #fff; }
  table.running td.what { white-space: normal; min-width: 8em; max-width: 12em; overflow: visible; }
  table.running td.what, table.running td.what * { text-overflow: clip; }
  .settle { gap: 10px; }
  ul.pays { font-size: 10.5pt; }
}
"""


_BULLET = "\u2022"


def esc(text: object) -> str:
    """``text`` for a sheet's HTML: one line (a control or a line feed shown as its escape, ``\\n``), then
    escaped as HTML."""
    return html.escape(one_line(str(text)), quote=True)


def to_csv_bytes(rows: Sequence[Sequence[object]]) -> bytes:
    """A sheet's CSV file of ``rows``: every text cell as ``kitapi_host.text.csv_value`` writes it (never a
    formula, never a line break; a figure stays a figure), UTF-8 with a byte order mark, CRLF (RFC 4180)."""
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\r\n").writerows([csv_value(v) for v in r] for r in rows)
    return out.getvalue().encode("utf-8-sig")


# --- the CSV: a family gives its columns, each with its heads and its cells of a row ---------------------------

Cell = str | int
R = TypeVar("R")


@dataclass(frozen=True)
class Column(Generic[R]):
    """A column of a sheet's CSV, or a run of them (one a player): ``heads``, and ``cells(row)``, its cells of
    one row (as many as heads)."""

    heads: Sequence[str]
    cells: Callable[[R], Sequence[Cell]]


@dataclass(frozen=True)
class CsvTable(Generic[R]):
    """A family's CSV (its sheet's ``csv_table``): its columns, and its rows (one an effective hand: what the
    columns' cells are taken from)."""

    columns: Sequence[Column[R]]
    rows: Iterable[R]


def csv_rows(table: CsvTable[Any]) -> list[list[Cell]]:
    """The header row (every column's heads), then one row per row of ``table`` (values as written to the
    file: ``to_csv_bytes``)."""
    out: list[list[Cell]] = [[h for c in table.columns for h in c.heads]]
    for r in table.rows:
        out.append([x for c in table.columns for x in c.cells(r)])
    return out


def csv_number(x: Fraction) -> Cell:
    """An exact figure in a CSV cell: a whole number as such, any other rounded to two decimals."""
    return x.numerator if x.denominator == 1 else f"{float(x):.2f}"


def one(head: str, value: Callable[[Any], Cell]) -> Column[Any]:
    """A column of one cell: ``value(row)``."""
    return Column([head], lambda r: [value(r)])


def hand_seat(players: Sequence[str], key: str, head: str | None = None) -> Column[Any]:
    """The player at seat ``d[key]`` of the hand (a row's first item, a ``Hand``), empty if the hand has none;
    headed ``t(key)`` (or ``head``)."""
    return one(t(key) if head is None else head, lambda r: cell(players[r[0].data[key]]) if key in r[0].data else "")


def hand_word(key: str) -> Column[Any]:
    """The hand's ``key`` as written in the log (a row's first item, a ``Hand``), empty if it has none."""
    return one(t(key), lambda r: r[0].data.get(key, ""))


def hand_flag(key: str) -> Column[Any]:
    """1 if the hand (a row's first item, a ``Hand``) says ``key``, else 0."""
    return one(t(key), lambda r: int(bool(r[0].data.get(key))))


def hand_tricks(names: Sequence[str], key: str = "tricks", other: str = "") -> Column[Any]:
    """ "tricks NAME" per player: the hand's ``key`` (or ``other``) list, empty cells if it has none."""

    def cells(r: Any) -> Sequence[Cell]:
        d = r[0].data
        tricks = d.get(key, d.get(other)) if other else d.get(key)
        return tricks if tricks is not None else [""] * len(names)

    return Column([t("tricks {}").format(p) for p in names], cells)


def corrected() -> Column[Any]:
    """1 if the hand (a row's first item) is a correction, else 0."""
    return one(t("corrected"), lambda r: int(r[0].corrected))


def per_player(names: Sequence[str], heads: Sequence[str], cells: Callable[[Any, int], Sequence[Cell]]) -> Column[Any]:
    """Each player's run of columns, headed each of ``heads`` (``t`` of a "WORD {}" key) with his name, in seat
    order: ``cells(row, seat)``."""
    return Column(
        [t(h).format(p) for p in names for h in heads],
        lambda r: [x for i in range(len(names)) for x in cells(r, i)],
    )


def pays_html(
    players: Sequence[str],
    transfers: Sequence[tuple[int, int, int]],
    unit: str,
    nobody: str,
    after: Callable[[int], str] = lambda amount: "",
) -> str:
    """A settlement's list items, one a transfer (payer, payee, amount): "A pays B N unit" in the sheets'
    language, then ``after(amount)`` (Preferans: the money of a stake); ``nobody`` (English, translated) when
    there is none."""
    if not transfers:
        return f'<li class="nobody">{t(nobody)}</li>'
    return "".join(
        f'<li class="pay" data-payer="{a}" data-payee="{b}" data-amount="{amount}">'
        + t("{} pays {} {} {}").format(
            f"<b>{esc(players[a])}</b>",
            f"<b>{esc(players[b])}</b>",
            f'<span class="amt">{amount}</span>',
            amount_of(amount, unit),
        )
        + f"{after(amount)}</li>"
        for a, b, amount in transfers
    )


def signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def contract_html(contract: str) -> str:
    symbol, cls = _SUIT[contract[-1]]
    return f'{esc(contract[:-1])}<span class="{cls}">{t(symbol)}</span>'


S = TypeVar("S")


def running_rows(
    hands: Sequence[Hand],
    standings: Sequence[S],
    start: S,
    cells: Callable[[S, S | None], str],
    what: Callable[[int, Hand], str],
) -> str:
    """The rows of a score sheet's running table: the start, then a row per hand (its number, ``what(k,
    hand)`` the k-th hand in words, ``cells(standing, previous)``); a corrected hand is marked."""
    rows = [
        f'<tr class="start" data-hand="0"><td class="h"></td><td class="what">{t("start")}</td>'
        f"{cells(start, None)}</tr>"
    ]
    prev = start
    for k, (h, s) in enumerate(zip(hands, standings, strict=True)):
        fix = ' class="fix"' if h.corrected else ""
        rows.append(
            f'<tr{fix} data-hand="{h.number}"><td class="h">{h.number}</td>'
            f'<td class="what">{what(k, h)}</td>{cells(s, prev)}</tr>'
        )
        prev = s
    return "".join(rows)


def running_table(
    kind: str,
    players: Sequence[str],
    rows: str,
    lead: Sequence[tuple[str, str]] = (),
    figures: Sequence[tuple[str, str]] = (),
    group: str = "",
) -> str:
    """A score sheet's running table (class ``kind``) of ``rows`` (``running_rows``', or the family's own): the
    hand's number and words, the ``lead`` columns (``(attributes, head)``: the kasa, the pot...), then the
    players': each player's ``figures`` under his name (``(class, head)``: Prefa's pouch and chips), or, one
    figure a player, the players' names under ``group`` (the kasa's nets, the pot's chips)."""
    head1 = f'<tr><th rowspan="2">#</th><th rowspan="2" style="text-align:left">{t("hand")}</th>'
    head1 += "".join(f'<th rowspan="2"{attrs}>{head}</th>' for attrs, head in lead)
    if figures:
        head1 += "".join(f'<th colspan="{len(figures)}" class="p">{esc(p)}</th>' for p in players)
        head2 = "".join(f'<th class="{cls}">{head}</th>' for cls, head in figures) * len(players)
    else:
        head1 += f'<th colspan="{len(players)}" class="p">{group}</th>'
        head2 = "".join(f'<th class="num">{esc(p)}</th>' for p in players)
    return f'<table class="{kind}"><thead>{head1}</tr><tr>{head2}</tr></thead><tbody>{rows}</tbody></table>'


def date_text(started: str) -> str:
    try:
        when = datetime.fromisoformat(started)
    except ValueError:
        return started
    return (
        when.strftime("%Y-%m-%d %H:%M")
        if (when.hour, when.minute, when.second) != (0, 0, 0)
        else when.strftime("%Y-%m-%d")
    )


def entry(hand: int, value: str, live: bool, kind: str) -> str:
    label = t("start") if hand == 0 else t("hand {}").format(hand)
    return (
        f'<span class="e {"live" if live else "old"}" data-kind="{kind}" data-hand="{hand}" title="{label}">'
        f"<i>{hand if hand else _BULLET}</i><b>{value}</b></span>"
    )


def sheet_meta(
    header: Header, first: list[tuple[str, str]], hands: int, state: str, more: Sequence[tuple[str, str]] = ()
) -> str:
    """The sheet's head line as HTML: ``first`` (rules, options), the date and device, hands, ``more``, state."""
    meta = list(first)
    if "started" in header:
        meta.append((t("Date"), date_text(header["started"])))
    if "device" in header:
        meta.append((t("Device"), header["device"]))
    meta += [(t("Hands"), str(hands)), *more, (t("State"), state)]
    return "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in meta)


def correction_note(hands: Sequence[Any], deleted: Sequence[int]) -> str:
    """A note on the corrected and deleted hands, or ""."""
    notes = []
    if any(h.corrected for h in hands):
        notes.append(t("* a hand corrected after it was written"))
    if deleted:
        notes.append(t("deleted hands (not scored): ") + ", ".join(str(k) for k in deleted))
    return f'<p class="note">{esc("; ".join(notes))}.</p>' if notes else ""


def sheet_css(n: int, cols: str = "1fr", wide: bool = False, width: str = "", extra: str = "") -> str:
    """The page's CSS: ``n`` columns of ``cols``, A4 landscape if ``wide``, then the sheet's own ``extra``."""
    return (
        _CSS.replace("__ORIENT__", "landscape" if wide else "portrait")
        .replace("__WIDTH__", width or ("1100px" if wide else "800px"))
        .replace("__N__", str(n))
        .replace("__COLS__", cols)
        + (_STACK if len(cols.split()) > 1 else "")
        + extra
    )


# A phone's sheet of sections with columns of their own (Prefa's pouch between two debts): one under another.
_STACK = """@media screen and (max-width: 40rem) {
  .sheet { grid-template-columns: 1fr; }
  .section { border-left: 0; border-top: 2.5px solid #1a1a1a; }
  .section:first-child { border-top: 0; }
}
"""


def sheet_page(title: str, players: Sequence[str], book: str, css: str, meta_html: str, body: str) -> str:
    """One self-contained HTML page (inline CSS, no script): the title head, ``body``, the footer."""
    names = " \u00b7 ".join(f'<span class="player">{esc(p)}</span>' for p in players)
    return f"""<!DOCTYPE html>
<html lang="{lang()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)}</title>
<style>{css}</style>
</head>
<body>
<header class="title">
<h1>{names} <span class="book">{book}</span></h1>
<dl class="meta">{meta_html}</dl>
</header>
{body}
<footer>{t("Made by <code>kitapi export</code> from the game log, replayed by the Kitapi core.")}</footer>
</body>
</html>
"""
