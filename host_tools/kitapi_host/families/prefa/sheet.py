"""Greek Prefa's score sheet (rules ``prefa``): its standings (pouch, chips, the pair ledger), its CSV and
the three-section sheet as the table keeps it on paper (prefa-ball-v2.txt, "Score Sheets"): the three-section
sheet (four sections with four players), the running-column form, and the settlement."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kitapi.game import Game
from kitapi.settle import settle
from kitapi_host.families.prefa import title as system_title
from kitapi_host.sheets.game import Hand, Header, Snapshot, new_game
from kitapi_host.sheets.page import (
    CsvTable,
    cell,
    contract_html,
    corrected,
    correction_note,
    entry,
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
    signed,
)
from kitapi_host.sheets.words import system, t


@dataclass(frozen=True)
class Standing:
    """The standings after a hand: pouches, net chips, the pair ledger (``owed[i*n+j]``: chips j owes i, net)."""

    pouch: tuple[int, ...]
    chips: tuple[int, ...]
    owed: tuple[int, ...]
    over: bool


def snapshot(g: Game) -> Standing:
    """A Prefa game's standings now."""
    # pouch/chips/owed are set by the rules' class (kitapi.rules.prefa), not by Game.
    d: dict[str, Any] = vars(g)
    return Standing(tuple(d["pouch"]), tuple(d["chips"]), tuple(d["owed"]), bool(g.over))


def initial(header: Header) -> Standing:
    """A Prefa game's standings before the first hand."""
    return snapshot(new_game(header))


def standings(standings: Sequence[Snapshot]) -> list[Standing]:
    """The standings of a Prefa game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, Standing)]
    if len(out) != len(standings):
        raise TypeError("not a Prefa game's standings")
    return out


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
ends (RFC 4180).  No cell is a formula (kitapi_host.text.csv_value): a text
cell (a name, a word) that starts, after any spaces or invisible characters,
with = + - @ (or a tab or CR) is written behind a leading ', so a spreadsheet
app shows it as the text it is, and a name that looks like a figure ("-12")
is text too; a figure (-12, -2.67) stays a figure.  A name holds no line
break: its control characters (a line feed, a tab) are written as escapes
(\\n, \\t), as the kitapi command shows them.
"""


def csv_table(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> CsvTable[Any]:
    """The spreadsheet (``CSV_DOC``): a row per hand (its ``Hand`` and the ``Standing`` after it)."""
    players: list[str] = header["players"]
    names = [cell(p) for p in players]
    return CsvTable(
        [
            one(t("hand"), lambda r: r[0].number),
            *(hand_seat(players, k) for k in ("dealer", "bidder")),
            *(hand_word(k) for k in ("contract", "defense")),
            hand_seat(players, "active"),
            hand_tricks(names),
            *(hand_flag(k) for k in ("aces", "throw", "pass")),
            corrected(),
            per_player(names, ("pouch {}", "chips {}"), lambda r, i: (r[1].pouch[i], r[1].chips[i])),
        ],
        zip(hands, standings, strict=True),
    )


# --- HTML: the score sheet ------------------------------------------------------

OPTION_TEXT = {
    "ten_no_trump": "10 no trump ({})",
    "tens_as_nines": "10s as 9s",
    "tentative_bid": "tentative bid",
    "two_empty_pouches": "two empty pouches",
    "nine_quota": "9-trick quota by the {}",
}  # (each through t: the sheet's language)


def hand_html(players: Sequence[str], d: dict[str, Any]) -> str:
    """What happened in a hand, in a few words (escaped)."""
    if d.get("pass"):
        return f'<span class="dim">{t("passed out")}</span>'
    who = f"<b>{esc(players[d['bidder']])}</b>"
    if d.get("throw"):
        return t("{} threw in").format(who)
    parts = [f"{who} {contract_html(d['contract'])}"]
    if d.get("aces"):
        parts.append(t("4 aces"))
    defense = d["defense"]
    if defense == "none":
        parts.append(f'<span class="dim">{t("both out")}</span>')
    elif defense == "alone":
        parts.append(t("{} alone").format(esc(players[d["active"]])))
    elif defense == "invite":
        parts.append(t("{} invites").format(esc(players[d["active"]])))
    if "tricks" in d:
        parts.append('<span class="dim">' + "\u2013".join(str(k) for k in d["tricks"]) + "</span>")
    return " \u00b7 ".join(parts)


def _options_text(header: Header) -> str:
    options: dict[str, Any] = header.get("options", {})
    out = [t("pouch {}").format(options.get("pouch", 31))]
    for k, v in sorted(options.items()):
        if k == "pouch" or v is False:
            continue
        if k == "four_aces" and isinstance(v, dict):
            out.append(t("four aces ({}, {})").format(t(str(v.get("mode"))), v.get("amount")))
        elif k in OPTION_TEXT:
            out.append(t(OPTION_TEXT[k]).format(t(str(v))))
        else:
            out.append(f"{k} {json.dumps(v)}")
    return ", ".join(out)


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
                entry(hands[k - 1].number, str(net * sign), idx == len(ev) - 1, "chips")
                for idx, (k, net) in enumerate(ev)
                if net * sign > 0
            ]
            cols[j] = (
                f'<div class="col chips" data-from="{j}"><div class="lab">{t("from {}").format(esc(players[j]))}</div>'
                + '<div class="v">'
                + "".join(entries)
                + "</div></div>"
            )
        pouch_col = (
            f'<div class="col pouch"><div class="lab">{t("P")}</div><div class="v">'
            + "".join(
                entry(hands[k - 1].number if k else 0, str(v), idx == len(pouch) - 1, "pouch")
                for idx, (k, v) in enumerate(pouch)
            )
            + "</div></div>"
        )
        order = _neighbours(i, n)
        body = cols[order[0]] + pouch_col + "".join(cols[j] for j in order[1:])
        final = standings[-1] if standings else start
        sections.append(
            f'<div class="section" data-seat="{i}"><div class="who">{esc(players[i])}</div>'
            f'<div class="cols">{body}</div>'
            f'<div class="sum">{t("pouch")} <b>{final.pouch[i]}</b> \u00b7 '
            f"{t('chips')} <b>{signed(final.chips[i])}</b></div>"
            "</div>"
        )
    return '<div class="sheet">' + "".join(sections) + "</div>"


def _running_html(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> str:
    players: list[str] = header["players"]
    start = initial(header)

    def cells(s: Standing, prev: Standing | None) -> str:
        out = []
        for i in range(len(players)):
            same_p = " same" if prev is not None and prev.pouch[i] == s.pouch[i] else ""
            same_c = " same" if prev is not None and prev.chips[i] == s.chips[i] else ""
            neg = " neg" if s.chips[i] < 0 else ""
            out.append(
                f'<td class="num pouch{same_p}" data-seat="{i}">{s.pouch[i]}</td>'
                f'<td class="num chips{neg}{same_c}" data-seat="{i}">{signed(s.chips[i])}</td>'
            )
        return "".join(out)

    rows = running_rows(hands, standings, start, cells, lambda k, h: hand_html(players, h.data))
    return running_table("running", players, rows, figures=[("p num", t("P")), ("num", t("C"))])


def _settlement_html(header: Header, final: Standing) -> str:
    players: list[str] = header["players"]
    transfers = settle(list(final.chips))
    pays = pays_html(players, transfers, "chips", "Nobody owes anybody.")
    rows = "".join(
        f'<tr data-seat="{i}"><td>{esc(p)}</td><td class="num">{final.pouch[i]}</td>'
        f'<td class="num{" red" if final.chips[i] < 0 else ""}">{signed(final.chips[i])}</td></tr>'
        for i, p in enumerate(players)
    )
    return (
        f'<div class="settle"><table class="totals"><thead><tr><th>{t("player")}</th><th class="num">{t("pouch")}</th>'
        f'<th class="num">{t("net chips")}</th></tr></thead><tbody>{rows}</tbody>'
        f'<tfoot><tr><td>{t("total")}</td><td class="num">{sum(final.pouch)}</td>'
        f'<td class="num">{signed(sum(final.chips))}</td></tr></tfoot></table>'
        f'<ul class="pays">{pays}</ul></div>'
    )


RUNNING_NOTE = "Each player's pouch (P) and net chips (C) after every hand; chips in debt are negative."


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
    state = t("game over" if final.over else ("game over (closed)" if ended else "game on"))  # closed: over too
    so_far = "" if final.over or ended else t(" (the game is not over: so far)")
    meta = [
        (t("Rules"), f"{header['rules']} ({system(header['rules'], system_title(header['rules']))})"),
        (t("Options"), _options_text(header)),
    ]
    meta_html = sheet_meta(header, meta, len(hands), state)
    fix_note = correction_note(hands, deleted)
    layout = t(
        "Four sections, the table's cross side by side: each player's pouch P and, by each boundary, the chips"
        " owed by the neighbour across it; the middle column holds the player across the cross."
        if n == 4
        else "Three sections: each player's pouch P in the middle and, by each boundary, the chips owed by the"
        " neighbour across it (the outer sections border each other, as around the table)."
    )
    cols = "1fr 1.1fr 1fr 1fr" if n == 4 else "1fr 1.1fr 1fr"
    css = sheet_css(n, cols, wide=n == 4)
    title = t("Prefa score sheet: ") + ", ".join(players)
    tricks_note = t(" Tricks in seat order.") if hands else ""
    body = f"""<section class="three-section">
<h2><span class="n">1</span>{t("The sheet")}</h2>
<p class="note">{esc(layout)} {t("Crossed out: earlier values; small number: the hand that wrote the value.")}</p>
{_sheet_html(header, hands, standings)}
</section>
<section class="running-form">
<h2><span class="n">2</span>{t("Running columns")}</h2>
<p class="note">{t(RUNNING_NOTE)}{tricks_note}</p>
{fix_note}
{_running_html(header, hands, standings)}
</section>
<section class="settlement">
<h2><span class="n">3</span>{t("Settlement")}</h2>
<p class="note">{t("Who pays whom, in the fewest transfers")}{so_far}.</p>
{_settlement_html(header, final)}
</section>"""
    return sheet_page(title, players, "\u2014 \u03ba\u03b9\u03c4\u03ac\u03c0\u03b9", css, meta_html, body)
