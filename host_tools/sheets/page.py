"""Exports of a game: the game log (JSON Lines), a spreadsheet (CSV) and a printable score sheet (HTML).

Everything comes from the core in ``firmware/kitapi``: the log is read with the
core's readers, the effective hands (after the corrections: the last correction
of hand N wins, a delete removes hand N) are played one by one with
``Game.play`` to get the standings after each hand, and the final standings
must equal those of ``kitapi.replay.replay`` (the single source of truth), or
``StandingsMismatch`` is raised.

A game comes from its log's bytes (``load_log``): a log file (``load``) or
the log stored in the archive (``load_archive``, ``Archive.log``) take the same
path.  The export functions take ``(header, hands, standings)``:

- ``to_jsonl(lines)``: the game log as stored, corrections included, in the
  canonical JSON Lines of ``kitapi convert`` (docs/log-format.md);
- ``to_csv(header, hands, standings)``: one row per effective hand with the
  running pouch and chips of every player (columns: ``CSV_DOC``);
- ``to_html(header, hands, standings, ...)``: the score sheet as the table keeps
  it on paper (prefa-ball-v2.txt, "Score Sheets"): the three-section sheet (four
  sections with four players), the running-column form, and the settlement.

A Russian Preferans game (rules ``sochi``, ``leningrad``, ``rostov``) and a
Balkan Preferans game (``balkan``, the Sochi engine with the bids 2 to 7) have
their own standings (``PrefStanding``: pools, hills, the whists matrix and the net
settlement, exact, as the core's ``result_json`` gives them after each hand), their
own CSV columns and their own score sheet, the triangle sheet (пуля):
``kitapi_host.sheets.preferans``.  A game of Prefa with a common kasa
(``prefa_kasa``) has ``KasaStanding`` (the kasa and each player's net kapikia),
and its CSV and sheet in ``kitapi_host.sheets.kasa``.  The pot games (Austrian,
Illustrated and American Preference) have ``PotStanding`` (the pot, each
player's stock, the refills) and ``kitapi_host.sheets.pot``; Swedish Priffe has
``PriffeStanding`` (the rubber in play, the individual points) and the rubber
sheet of ``kitapi_host.sheets.priffe``.  ``export(game, fmt)`` chooses.

- ``to_pdf(html)``: the score sheet printed to PDF (A4) by a headless
  Chromium-family browser found on this PC (``find_browser``); ``to_png(html,
  width, height)`` takes a screenshot of it the same way (the tests, the README's
  picture).  No browser engine is bundled: ``BrowserError`` says what is missing.
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from kitapi.devlog import OP_LOST
from kitapi.game import OP_DELETE, OP_END, OP_HAND, OP_REPLACE, Game, RuleError, new_game, result_json
from kitapi.jsonw import header_json, record_json
from kitapi.messages import damage as damage_text
from kitapi.replay import reader, replay
from kitapi.settle import settle
from kitapi_host.archive.store import Archive, ArchiveError
from kitapi_host.logs import InputError

FORMATS = ("jsonl", "csv", "html", "pdf")

Header = dict[str, Any]


class StandingsMismatch(RuntimeError):
    """The hands played one by one do not give the standings of ``kitapi.replay``: a bug, never bad input."""


@dataclass(frozen=True)
class Hand:
    """An effective hand: its number in the log (what corrections name), its game-log object, whether corrected."""

    number: int
    data: dict[str, Any]
    corrected: bool = False


@dataclass(frozen=True)
class Standing:
    """The standings after a hand: pouches, net chips, the pair ledger (``owed[i*n+j]``: chips j owes i, net)."""

    pouch: tuple[int, ...]
    chips: tuple[int, ...]
    owed: tuple[int, ...]
    over: bool


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


@dataclass(frozen=True)
class KasaStanding:
    """Prefa with a common kasa after a hand, as the core's result gives it (exact).

    ``kasa``: what is in the kasa; ``net``: each player's kapikia got minus paid
    in; ``share``: after an early stop, what each player took of the kasa (its
    split is then in ``net`` and ``kasa`` is 0), else None.
    """

    kasa: int
    net: tuple[Fraction, ...]
    share: Fraction | None
    over: bool


@dataclass(frozen=True)
class PotStanding:
    """A pot game (Austrian, Illustrated, American Preference) after a hand, as the core's result gives it:
    the chips in the pot, each player's stock, the refills so far."""

    pot: int
    stock: tuple[int, ...]
    refills: int
    over: bool


@dataclass(frozen=True)
class PriffeStanding:
    """Priffe after a hand, as the core's result gives it: the partnerships of the rubber in play (each a
    tuple of seats, the first seat 0's), its trick points, games and points, the rubbers played and each
    player's individual points."""

    partners: tuple[tuple[int, ...], ...]
    trick_points: tuple[int, ...]
    games: tuple[int, ...]
    points: tuple[int, ...]
    rubbers: int
    individual: tuple[int, ...]
    over: bool


Snapshot = Standing | PrefStanding | KasaStanding | PotStanding | PriffeStanding

PREFERANS_RULES = ("sochi", "leningrad", "rostov", "balkan")  # the triangle sheet's games
POT_RULES = ("preference_at", "preference_illustrated", "preference_us")  # the pot sheet's games
EXPORTED_RULES = ("prefa", "prefa_kasa", *PREFERANS_RULES, *POT_RULES, "priffe")


@dataclass(frozen=True)
class GameExport:
    """A game read for export."""

    header: Header
    lines: list[str]  # the log in canonical JSON Lines, as stored (corrections included)
    hands: list[Hand]  # the effective hands, in order
    deleted: list[int]  # numbers of the deleted hands
    standings: list[Snapshot]  # after each effective hand: Standing (Prefa) or PrefStanding
    ended: bool  # the log closes the game (an "end" record)
    warning: str | None  # a damaged device log: what was dropped


# --- reading ----------------------------------------------------------------


def is_preferans(header: Header) -> bool:
    """A Preferans game (sochi, leningrad, rostov; balkan), not Greek Prefa (prefa, prefa_kasa)."""
    return header["rules"] in PREFERANS_RULES


def snapshot(g: Game) -> Standing:
    """A Prefa game's standings now."""
    # pouch/chips/owed are set by the rules' class (kitapi.rules.prefa), not by Game.
    d: dict[str, Any] = vars(g)
    return Standing(tuple(d["pouch"]), tuple(d["chips"]), tuple(d["owed"]), bool(g.over))


def pref_snapshot(g: Game) -> PrefStanding:
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


def kasa_snapshot(g: Game) -> KasaStanding:
    """A prefa_kasa game's standings now: the core's ``result_json``, read exactly."""
    res = json.loads(result_json(g))
    share = Fraction(res["share"]) if "share" in res else None
    return KasaStanding(res["kasa"], tuple(Fraction(x) for x in res["net"]), share, bool(res["over"]))


def pot_snapshot(g: Game) -> PotStanding:
    """A pot game's standings now: the core's ``result_json``."""
    res = json.loads(result_json(g))
    return PotStanding(res["pot"], tuple(res["stock"]), res["refills"], bool(res["over"]))


def priffe_snapshot(g: Game) -> PriffeStanding:
    """A Priffe game's standings now: the core's ``result_json``."""
    res = json.loads(result_json(g))
    return PriffeStanding(
        tuple(tuple(p) for p in res["partners"]),
        tuple(res["trick_points"]),
        tuple(res["games"]),
        tuple(res["points"]),
        res["rubbers"],
        tuple(res["individual"]),
        bool(res["over"]),
    )


def any_snapshot(g: Game) -> Snapshot:
    if g.name in POT_RULES:
        return pot_snapshot(g)
    if g.name == "priffe":
        return priffe_snapshot(g)
    if g.name == "prefa":
        return snapshot(g)
    return kasa_snapshot(g) if g.name == "prefa_kasa" else pref_snapshot(g)


def initial(header: Header) -> Standing:
    """A Prefa game's standings before the first hand."""
    return snapshot(new_game(header))


def pref_initial(header: Header) -> PrefStanding:
    """A Preferans game's standings before the first hand."""
    return pref_snapshot(new_game(header))


def play(header: Header, hands: Sequence[Hand]) -> tuple[Game, list[Snapshot]]:
    """Play the hands one by one through the core: the game and the standings after each hand."""
    g = new_game(header)
    out: list[Snapshot] = []
    for h in hands:
        g.play(h.data)
        out.append(any_snapshot(g))
    return g, out


def prefa_standings(standings: Sequence[Snapshot]) -> list[Standing]:
    """The standings of a Prefa game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, Standing)]
    if len(out) != len(standings):
        raise TypeError("not a Prefa game's standings")
    return out


def kasa_standings(standings: Sequence[Snapshot]) -> list[KasaStanding]:
    """The standings of a prefa_kasa game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, KasaStanding)]
    if len(out) != len(standings):
        raise TypeError("not a prefa_kasa game's standings")
    return out


def pot_standings(standings: Sequence[Snapshot]) -> list[PotStanding]:
    """The standings of a pot game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, PotStanding)]
    if len(out) != len(standings):
        raise TypeError("not a pot game's standings")
    return out


def priffe_standings(standings: Sequence[Snapshot]) -> list[PriffeStanding]:
    """The standings of a Priffe game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, PriffeStanding)]
    if len(out) != len(standings):
        raise TypeError("not a Priffe game's standings")
    return out


def preferans_standings(standings: Sequence[Snapshot]) -> list[PrefStanding]:
    """The standings of a Preferans game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, PrefStanding)]
    if len(out) != len(standings):
        raise TypeError("not a Preferans game's standings")
    return out


def load(path: Path) -> GameExport:
    """Read the game log file at ``path`` (JSON Lines or device log); InputError (``FILE:LINE: reason``) if bad."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}:0: cannot open the file ({e.strerror})") from None
    return load_log(data, str(path))


def load_archive(db: Path, game_id: int) -> GameExport:
    """Read game ``game_id`` of the archive at ``db`` from its stored log (``Archive.log``), as ``load`` a file.

    InputError if there is no archive at ``db`` (none is created) or no such game in it.
    """
    if not db.is_file():
        raise InputError(f"{db}: no archive here, so no game {game_id} (see kitapi archive add)")
    try:
        archive = Archive(db)
    except ArchiveError as e:  # a schema this version does not know; the message names the file
        raise InputError(str(e)) from None
    except sqlite3.Error as e:
        raise InputError(f"{db}: cannot read the archive ({e})") from None
    try:
        data = archive.log(game_id)
    except ArchiveError as e:
        raise InputError(f"{db}: {e} (see kitapi games)") from None
    except sqlite3.Error as e:
        raise InputError(f"{db}: cannot read the archive ({e})") from None
    finally:
        archive.close()
    return load_log(data, f"game {game_id}")


def load_log(data: bytes, name: str) -> GameExport:
    """Read a game log (either form) from its bytes; ``name`` (the file, or ``game ID``) names it in errors.

    InputError (``NAME:LINE: reason``) if the log is bad.  The log is replayed
    whole first (``kitapi.replay.replay``, the standings the export must match).
    """
    try:
        truth, checked = replay(io.BytesIO(data))
    except RuleError as e:
        raise InputError(f"{name}:{e.line}: {e}") from None
    if truth.name not in EXPORTED_RULES:
        raise InputError(f"{name}:1: no export for games of rules {truth.name!r} yet (kitapi replay --json has them)")
    warning = damage_text(checked.damage) if checked.damage else None
    try:
        r = reader(io.BytesIO(data))
        g = new_game(r.header())
        lines = [header_json(g.header)]
        raw: list[dict[str, Any] | None] = []  # hand number - 1 -> its object (None: deleted)
        corrected: set[int] = set()
        ended = False
        while True:
            op = r.record(g)
            if op < 0:
                break
            if op == OP_LOST:  # a damaged hand keeps its number and scores nothing until replaced
                raw.append(None)
                continue
            lines.append(record_json(g, op, r.target))
            if op == OP_HAND:
                raw.append(json.loads(g.hand_json(g.hand)))
            elif op == OP_REPLACE:
                raw[r.target - 1] = json.loads(g.hand_json(g.hand))
                corrected.add(r.target)
            elif op == OP_DELETE:
                raw[r.target - 1] = None
                corrected.discard(r.target)
            elif op == OP_END:
                ended = True
    except RuleError as e:  # replay accepted it: not expected
        raise InputError(f"{name}:{e.line}: {e}") from None
    header: Header = g.header
    hands = [Hand(k, d, k in corrected) for k, d in enumerate(raw, 1) if d is not None]
    deleted = [k for k, d in enumerate(raw, 1) if d is None]
    final, standings = play(header, hands)
    if truth.ended:  # closed by the log's end record: over (prefa_kasa splits what is left in the kasa)
        final.close()
    if result_json(final) != result_json(truth):
        raise StandingsMismatch(f"{name}: {result_json(final)} != replay {result_json(truth)}")
    return GameExport(header, lines, hands, deleted, standings, ended, warning)


# --- JSON Lines ---------------------------------------------------------------


def to_jsonl(lines: Sequence[str]) -> bytes:
    """The game log in JSON Lines: the bytes ``kitapi convert --to jsonl`` writes."""
    return "".join(line + "\n" for line in lines).encode("ascii")


# --- CSV ----------------------------------------------------------------------

CSV_DOC = """\
One header row, then one row per effective hand (deleted hands left out, a
replaced hand as corrected).  Columns: hand (its number in the log), dealer,
bidder, contract (e.g. 7H; 10N), defense (both, alone, invite, none), active
(the defender who stays in, with alone and invite), "tricks NAME" per player
(empty when not played), aces, throw, pass, corrected (1 or 0), then "pouch
NAME" and "chips NAME" per player: the standings after the hand (chips in debt
negative).  Seats are written as player names.  UTF-8 with a byte order mark
(so spreadsheet apps read Greek names right), comma-separated, CRLF line
ends (RFC 4180).  A name starting with = + - @ is written with a leading ' so
that no spreadsheet takes it for a formula.
"""


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_columns(header: Header) -> list[str]:
    names = [_cell(p) for p in header["players"]]
    return [
        "hand",
        "dealer",
        "bidder",
        "contract",
        "defense",
        "active",
        *(f"tricks {p}" for p in names),
        "aces",
        "throw",
        "pass",
        "corrected",
        *(f"{what} {p}" for p in names for what in ("pouch", "chips")),
    ]


def csv_rows(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> list[list[str | int]]:
    """The header row and one row per hand (values as written to the file)."""
    players: list[str] = header["players"]
    n = len(players)

    def seat(d: dict[str, Any], key: str) -> str:
        return _cell(players[d[key]]) if key in d else ""

    rows: list[list[str | int]] = [list(csv_columns(header))]
    for h, s in zip(hands, standings, strict=True):
        d = h.data
        tricks = d.get("tricks")
        row: list[str | int] = [
            h.number,
            seat(d, "dealer"),
            seat(d, "bidder"),
            d.get("contract", ""),
            d.get("defense", ""),
            seat(d, "active"),
            *(tricks if tricks is not None else [""] * n),
            int(bool(d.get("aces"))),
            int(bool(d.get("throw"))),
            int(bool(d.get("pass"))),
            int(h.corrected),
        ]
        for i in range(n):
            row += [s.pouch[i], s.chips[i]]
        rows.append(row)
    return rows


def to_csv(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> bytes:
    """The spreadsheet (``CSV_DOC``): UTF-8 with BOM, CRLF."""
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\r\n")
    w.writerows(csv_rows(header, hands, standings))
    return out.getvalue().encode("utf-8-sig")


# --- HTML: the score sheet ------------------------------------------------------

_SUIT = {
    "S": ("\u2660", "blk"),
    "C": ("\u2663", "blk"),
    "D": ("\u2666", "red"),
    "H": ("\u2665", "red"),
    "N": ("NT", "nt"),
}
_OPTION_TEXT = {
    "ten_no_trump": "10 no trump ({})",
    "tens_as_nines": "10s as 9s",
    "tentative_bid": "tentative bid",
    "two_empty_pouches": "two empty pouches",
    "nine_quota": "9-trick quota by the {}",
}

_CSS = """
@page { size: A4 __ORIENT__; margin: 9mm 11mm; }
* { box-sizing: border-box; }
html { color: #1a1a1a; background: #fff; }
body { font: 10pt/1.35 "DejaVu Sans", "Noto Sans", "Segoe UI", Arial, sans-serif; margin: 0 auto; padding: 14px;
  max-width: __WIDTH__; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
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
"""


_BULLET = "\u2022"


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def contract_html(contract: str) -> str:
    symbol, cls = _SUIT[contract[-1]]
    return f'{_e(contract[:-1])}<span class="{cls}">{symbol}</span>'


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
    rows = [f'<tr class="start" data-hand="0"><td class="h"></td><td class="what">start</td>{cells(start, None)}</tr>']
    prev = start
    for k, (h, s) in enumerate(zip(hands, standings, strict=True)):
        fix = ' class="fix"' if h.corrected else ""
        rows.append(
            f'<tr{fix} data-hand="{h.number}"><td class="h">{h.number}</td>'
            f'<td class="what">{what(k, h)}</td>{cells(s, prev)}</tr>'
        )
        prev = s
    return "".join(rows)


def hand_html(players: Sequence[str], d: dict[str, Any]) -> str:
    """What happened in a hand, in a few words (escaped)."""
    if d.get("pass"):
        return '<span class="dim">passed out</span>'
    who = f"<b>{_e(players[d['bidder']])}</b>"
    if d.get("throw"):
        return f"{who} threw in"
    parts = [f"{who} {contract_html(d['contract'])}"]
    if d.get("aces"):
        parts.append("4 aces")
    defense = d["defense"]
    if defense == "none":
        parts.append('<span class="dim">both out</span>')
    elif defense == "alone":
        parts.append(f"{_e(players[d['active']])} alone")
    elif defense == "invite":
        parts.append(f"{_e(players[d['active']])} invites")
    if "tricks" in d:
        parts.append('<span class="dim">' + "\u2013".join(str(t) for t in d["tricks"]) + "</span>")
    return " \u00b7 ".join(parts)


def _options_text(header: Header) -> str:
    options: dict[str, Any] = header.get("options", {})
    out = [f"pouch {options.get('pouch', 31)}"]
    for k, v in sorted(options.items()):
        if k == "pouch" or v is False:
            continue
        if k == "four_aces" and isinstance(v, dict):
            out.append(f"four aces ({v.get('mode')}, {v.get('amount')})")
        elif k in _OPTION_TEXT:
            out.append(_OPTION_TEXT[k].format(v))
        else:
            out.append(f"{k} {json.dumps(v)}")
    return ", ".join(out)


def _date_text(started: str) -> str:
    try:
        when = datetime.fromisoformat(started)
    except ValueError:
        return started
    return (
        when.strftime("%Y-%m-%d %H:%M")
        if (when.hour, when.minute, when.second) != (0, 0, 0)
        else when.strftime("%Y-%m-%d")
    )


def _entry(hand: int, value: str, live: bool, kind: str) -> str:
    label = "start" if hand == 0 else f"hand {hand}"
    return (
        f'<span class="e {"live" if live else "old"}" data-kind="{kind}" data-hand="{hand}" title="{label}">'
        f"<i>{hand if hand else _BULLET}</i><b>{value}</b></span>"
    )


def pair_events(n: int, standings: Sequence[Standing], i: int, j: int) -> list[tuple[int, int]]:
    """(hand index from 1, net chips j owes i) each time the pair's net changes."""
    out: list[tuple[int, int]] = []
    prev = 0
    for k, s in enumerate(standings, 1):
        net = s.owed[i * n + j]
        if net != prev:
            out.append((k, net))
            prev = net
    return out


def _neighbours(i: int, n: int) -> list[int]:
    """The chips columns of seat i's section, left to right: left neighbour, (across, with four), right neighbour."""
    if n == 4:
        return [(i - 1) % n, (i + 2) % n, (i + 1) % n]
    return [(i - 1) % n, (i + 1) % n]


def _sheet_html(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> str:
    players: list[str] = header["players"]
    n = len(players)
    start = initial(header)
    events = {(i, j): pair_events(n, standings, i, j) for i in range(n) for j in range(n) if i < j}
    sections = []
    for i in range(n):
        # The pouch: the start value, then each new value (the earlier ones crossed out).
        pouch = [(0, start.pouch[i])]
        for k, s in enumerate(standings, 1):
            if s.pouch[i] != pouch[-1][1]:
                pouch.append((k, s.pouch[i]))
        cols = {}
        for j in _neighbours(i, n):
            ev = events[(min(i, j), max(i, j))]
            sign = 1 if i < j else -1  # the ledger keeps the pair (low, high): + means high owes low
            entries = [
                _entry(hands[k - 1].number, str(net * sign), idx == len(ev) - 1, "chips")
                for idx, (k, net) in enumerate(ev)
                if net * sign > 0
            ]
            cols[j] = (
                f'<div class="col chips" data-from="{j}"><div class="lab">from {_e(players[j])}</div>'
                + '<div class="v">'
                + "".join(entries)
                + "</div></div>"
            )
        pouch_col = (
            '<div class="col pouch"><div class="lab">P</div><div class="v">'
            + "".join(
                _entry(hands[k - 1].number if k else 0, str(v), idx == len(pouch) - 1, "pouch")
                for idx, (k, v) in enumerate(pouch)
            )
            + "</div></div>"
        )
        order = _neighbours(i, n)
        body = cols[order[0]] + pouch_col + "".join(cols[j] for j in order[1:])
        final = standings[-1] if standings else start
        sections.append(
            f'<div class="section" data-seat="{i}"><div class="who">{_e(players[i])}</div>'
            f'<div class="cols">{body}</div>'
            f'<div class="sum">pouch <b>{final.pouch[i]}</b> \u00b7 chips <b>{_signed(final.chips[i])}</b></div>'
            "</div>"
        )
    return '<div class="sheet">' + "".join(sections) + "</div>"


def _running_html(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> str:
    players: list[str] = header["players"]
    start = initial(header)
    head1 = '<tr><th rowspan="2">#</th><th rowspan="2" style="text-align:left">hand</th>' + "".join(
        f'<th colspan="2" class="p">{_e(p)}</th>' for p in players
    )
    head2 = "<tr>" + '<th class="p num">P</th><th class="num">C</th>' * len(players) + "</tr>"

    def cells(s: Standing, prev: Standing | None) -> str:
        out = []
        for i in range(len(players)):
            same_p = " same" if prev is not None and prev.pouch[i] == s.pouch[i] else ""
            same_c = " same" if prev is not None and prev.chips[i] == s.chips[i] else ""
            neg = " neg" if s.chips[i] < 0 else ""
            out.append(
                f'<td class="num pouch{same_p}" data-seat="{i}">{s.pouch[i]}</td>'
                f'<td class="num chips{neg}{same_c}" data-seat="{i}">{_signed(s.chips[i])}</td>'
            )
        return "".join(out)

    rows = running_rows(hands, standings, start, cells, lambda k, h: hand_html(players, h.data))
    return f'<table class="running"><thead>{head1}</tr>{head2}</thead><tbody>{rows}</tbody></table>'


def _settlement_html(header: Header, final: Standing) -> str:
    players: list[str] = header["players"]
    transfers = settle(list(final.chips))
    if transfers:
        pays = "".join(
            f'<li class="pay" data-payer="{a}" data-payee="{b}" data-amount="{amount}">'
            f'<b>{_e(players[a])}</b> pays <b>{_e(players[b])}</b> <span class="amt">{amount}</span> chips</li>'
            for a, b, amount in transfers
        )
    else:
        pays = '<li class="nobody">Nobody owes anybody.</li>'
    rows = "".join(
        f'<tr data-seat="{i}"><td>{_e(p)}</td><td class="num">{final.pouch[i]}</td>'
        f'<td class="num{" red" if final.chips[i] < 0 else ""}">{_signed(final.chips[i])}</td></tr>'
        for i, p in enumerate(players)
    )
    return (
        '<div class="settle"><table class="totals"><thead><tr><th>player</th><th class="num">pouch</th>'
        f'<th class="num">net chips</th></tr></thead><tbody>{rows}</tbody>'
        f'<tfoot><tr><td>total</td><td class="num">{sum(final.pouch)}</td>'
        f'<td class="num">{_signed(sum(final.chips))}</td></tr></tfoot></table>'
        f'<ul class="pays">{pays}</ul></div>'
    )


# --- the page every score sheet shares -------------------------------------------------


def sheet_meta(
    header: Header, first: list[tuple[str, str]], hands: int, state: str, more: Sequence[tuple[str, str]] = ()
) -> str:
    """The sheet's head line as HTML: ``first`` (rules, options), the date and device, hands, ``more``, state."""
    meta = list(first)
    if "started" in header:
        meta.append(("Date", _date_text(header["started"])))
    if "device" in header:
        meta.append(("Device", header["device"]))
    meta += [("Hands", str(hands)), *more, ("State", state)]
    return "".join(f"<div><dt>{_e(k)}</dt><dd>{_e(v)}</dd></div>" for k, v in meta)


def correction_note(hands: Sequence[Any], deleted: Sequence[int]) -> str:
    """A note on the corrected and deleted hands, or ""."""
    notes = []
    if any(h.corrected for h in hands):
        notes.append("* a hand corrected after it was written")
    if deleted:
        notes.append("deleted hands (not scored): " + ", ".join(str(k) for k in deleted))
    return f'<p class="note">{_e("; ".join(notes))}.</p>' if notes else ""


def sheet_css(n: int, cols: str = "1fr", wide: bool = False, width: str = "", extra: str = "") -> str:
    """The page's CSS: ``n`` columns of ``cols``, A4 landscape if ``wide``, then the sheet's own ``extra``."""
    return (
        _CSS.replace("__ORIENT__", "landscape" if wide else "portrait")
        .replace("__WIDTH__", width or ("1100px" if wide else "800px"))
        .replace("__N__", str(n))
        .replace("__COLS__", cols)
        + extra
    )


def sheet_page(title: str, players: Sequence[str], book: str, css: str, meta_html: str, body: str) -> str:
    """One self-contained HTML page (inline CSS, no script): the title head, ``body``, the footer."""
    names = " \u00b7 ".join(f'<span class="player">{_e(p)}</span>' for p in players)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title>
<style>{css}</style>
</head>
<body>
<header class="title">
<h1>{names} <span class="book">{book}</span></h1>
<dl class="meta">{meta_html}</dl>
</header>
{body}
<footer>Made by <code>kitapi export</code> from the game log, replayed by the Kitapi core.</footer>
</body>
</html>
"""


def to_html(
    header: Header,
    hands: Sequence[Hand],
    standings: Sequence[Standing],
    *,
    deleted: Sequence[int] = (),
    ended: bool = False,
) -> str:
    """The printable score sheet: one self-contained HTML page (inline CSS, no script, no external asset)."""
    players: list[str] = header["players"]
    n = len(players)
    final = standings[-1] if standings else initial(header)
    state = "game over" if final.over else ("game over (closed)" if ended else "game on")  # closed: over too
    so_far = "" if final.over or ended else " (the game is not over: so far)"
    meta = [
        ("Rules", f"{header['rules']} (Greek Prefa)" if header["rules"] == "prefa" else header["rules"]),
        ("Options", _options_text(header)),
    ]
    meta_html = sheet_meta(header, meta, len(hands), state)
    fix_note = correction_note(hands, deleted)
    layout = (
        "Four sections, the table's cross side by side: each player's pouch P and, by each boundary, the chips"
        " owed by the neighbour across it; the middle column holds the player across the cross."
        if n == 4
        else "Three sections: each player's pouch P in the middle and, by each boundary, the chips owed by the"
        " neighbour across it (the outer sections border each other, as around the table)."
    )
    cols = "1fr 1.1fr 1fr 1fr" if n == 4 else "1fr 1.1fr 1fr"
    css = sheet_css(n, cols, wide=n == 4)
    title = "Prefa score sheet: " + ", ".join(players)
    tricks_note = " Tricks in seat order." if hands else ""
    body = f"""<section class="three-section">
<h2><span class="n">1</span>The sheet</h2>
<p class="note">{_e(layout)} Crossed out: earlier values; small number: the hand that wrote the value.</p>
{_sheet_html(header, hands, standings)}
</section>
<section class="running-form">
<h2><span class="n">2</span>Running columns</h2>
<p class="note">Each player's pouch (P) and net chips (C) after every hand; chips in debt are negative.{tricks_note}</p>
{fix_note}
{_running_html(header, hands, standings)}
</section>
<section class="settlement">
<h2><span class="n">3</span>Settlement</h2>
<p class="note">Who pays whom, in the fewest transfers{so_far}.</p>
{_settlement_html(header, final)}
</section>"""
    return sheet_page(title, players, "\u2014 \u03ba\u03b9\u03c4\u03ac\u03c0\u03b9", css, meta_html, body)


# --- PDF (and PNG): the score sheet in a headless Chromium ------------------------

BROWSER_ENV = "KITAPI_CHROMIUM"
# Looked up on PATH, in this order.
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "microsoft-edge", "msedge")
# Where the installers put them off PATH (macOS, Windows); tried after PATH.
BROWSER_PATHS = (
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Microsoft\Edge\Application\msedge.exe",
)
BROWSER_TIMEOUT = 60.0  # seconds; the browser is stopped after that
# A throwaway profile (--user-data-dir, added per run), nothing fetched from the network.
_BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
)
# No date, file name and page number on the page: Chromium 111 and later take
# --no-pdf-header-footer (and ignore the older flag), older ones --print-to-pdf-no-header.
_NO_HEADER_FOOTER = ("--no-pdf-header-footer", "--print-to-pdf-no-header")
_NO_BROWSER = (
    "no Chromium-family browser found for the PDF (looked for " + ", ".join(BROWSER_NAMES) + " on PATH):"
    f" install Chromium, Google Chrome or Microsoft Edge, or set {BROWSER_ENV} to one"
)


class BrowserError(Exception):
    """No browser to print with (``missing``), or it failed: ``str()`` is the one line to show."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def find_browser() -> str:
    """The headless browser to use: ``$KITAPI_CHROMIUM`` (a path or a name on PATH) if set, else the first found.

    BrowserError(missing=True) if there is none, or ``$KITAPI_CHROMIUM`` names none.
    """
    named = os.environ.get(BROWSER_ENV, "")
    if named:
        found = shutil.which(named)
        if found is None:
            raise BrowserError(f"{BROWSER_ENV}={named}: no such executable (a Chromium-family browser)", missing=True)
        return found
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    for path in BROWSER_PATHS:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise BrowserError(_NO_BROWSER, missing=True)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill the browser and every process it started (its own session), then reap it."""
    if os.name == "posix":
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:  # gone already
            pass
    else:
        proc.kill()
    proc.wait()


def _run_browser(exe: str, html: bytes, what: str, output_flag: str, extra: Sequence[str]) -> bytes:
    """Load ``html`` from a temporary file in the headless browser ``exe``, which writes ``output_flag=FILE``.

    FILE's bytes, or BrowserError.  The temporary folder (the page, the output, a
    fresh profile) is in ``tempfile``'s place ($TMPDIR).
    """
    with tempfile.TemporaryDirectory(prefix="kitapi-browser-", ignore_cleanup_errors=True) as tmp:
        page = Path(tmp) / "sheet.html"
        page.write_bytes(html)
        out = Path(tmp) / f"sheet.{what.lower()}"
        cmd = [
            exe,
            *_BROWSER_FLAGS,
            f"--user-data-dir={Path(tmp) / 'profile'}",
            *extra,
            f"{output_flag}={out}",
            page.as_uri(),
        ]
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
            )
        except OSError as e:
            raise BrowserError(f"{exe}: cannot start the browser ({e.strerror})") from None
        try:
            _, err = proc.communicate(timeout=BROWSER_TIMEOUT)
        except subprocess.TimeoutExpired:
            _stop(proc)
            raise BrowserError(f"{exe}: no {what} after {BROWSER_TIMEOUT:g} s, the browser was stopped") from None
        except BaseException:  # ^C: no browser left behind
            _stop(proc)
            raise
        data = out.read_bytes() if out.is_file() else b""
    if not data:
        said = [line for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
        why = f": {said[-1].strip()[:200]}" if said else ""
        raise BrowserError(f"{exe}: the browser made no {what} (exit status {proc.returncode}){why}")
    return data


def to_pdf(html: bytes, browser: str | None = None) -> bytes:
    """The score sheet ``html`` printed to PDF (the page size of its CSS, A4) by ``browser`` or ``find_browser()``.

    BrowserError if there is no browser, or it fails or makes something that is not a PDF.
    """
    exe = browser or find_browser()
    data = _run_browser(exe, html, "PDF", "--print-to-pdf", _NO_HEADER_FOOTER)
    if not data.startswith(b"%PDF-"):
        raise BrowserError(f"{exe}: the browser's output is not a PDF")
    return data


def to_png(html: bytes, width: int, height: int, browser: str | None = None) -> bytes:
    """A screenshot (PNG, ``width`` x ``height`` pixels) of ``html`` as the browser shows it on a screen."""
    exe = browser or find_browser()
    data = _run_browser(exe, html, "PNG", "--screenshot", [f"--window-size={width},{height}"])
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise BrowserError(f"{exe}: the browser's screenshot is not a PNG")
    return data


def export(game: GameExport, fmt: str) -> bytes:
    """The bytes of ``game`` in format ``fmt`` (jsonl, csv, html or pdf; pdf may raise BrowserError)."""
    if fmt == "jsonl":
        return to_jsonl(game.lines)
    if fmt not in ("csv", "html", "pdf"):
        raise ValueError(f"unknown format {fmt!r}")
    if game.header["rules"] in POT_RULES:
        from kitapi_host.sheets import pot

        pot_rows = pot_standings(game.standings)
        if fmt == "csv":
            return pot.to_csv(game.header, game.hands, pot_rows)
        page = pot.to_html(game.header, game.hands, pot_rows, deleted=game.deleted, ended=game.ended)
    elif game.header["rules"] == "priffe":
        from kitapi_host.sheets import priffe

        priffe_rows = priffe_standings(game.standings)
        if fmt == "csv":
            return priffe.to_csv(game.header, game.hands, priffe_rows)
        page = priffe.to_html(game.header, game.hands, priffe_rows, deleted=game.deleted, ended=game.ended)
    elif game.header["rules"] == "prefa_kasa":
        from kitapi_host.sheets import kasa

        kasa_rows = kasa_standings(game.standings)
        if fmt == "csv":
            return kasa.to_csv(game.header, game.hands, kasa_rows)
        page = kasa.to_html(game.header, game.hands, kasa_rows, deleted=game.deleted, ended=game.ended)
    elif is_preferans(game.header):
        from kitapi_host.sheets import preferans as pref

        standings = preferans_standings(game.standings)
        if fmt == "csv":
            return pref.to_csv(game.header, game.hands, standings)
        page = pref.to_html(game.header, game.hands, standings, deleted=game.deleted, ended=game.ended)
    else:
        prefa = prefa_standings(game.standings)
        if fmt == "csv":
            return to_csv(game.header, game.hands, prefa)
        page = to_html(game.header, game.hands, prefa, deleted=game.deleted, ended=game.ended)
    data = page.encode("utf-8")
    return data if fmt == "html" else to_pdf(data)
