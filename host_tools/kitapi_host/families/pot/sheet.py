"""Exports of the pot games: Austrian Préférence (``preference_at``), Illustrated Préférence
(``preference_illustrated``) and American Preference (``preference_us``).

A game comes here from ``kitapi_host.sheets.page``, read and checked as every game
is: the effective hands and the standings after each one (``PotStanding``: the
core's ``result_json``, the pot, each player's stock and the refills).  Nothing
is scored here; the hand's bid and whether it was made are the archive's
columns (``kitapi_host.families.pot.facts``, the core's parse).

- ``csv_table``: one row per effective hand with the pot, the refills and every
  player's stock after it (``CSV_DOC``);
- ``to_html``: one self-contained page (inline CSS, no script), in the style of
  Prefa's sheet (``kitapi_host.sheets.page``):

  1. the sheet: the pot's column as it moved (a refill marked), then each
     player's chip column, the earlier values crossed out, the small number the
     hand that wrote the value;
  2. the running columns: the pot, the refills and every stock after each hand;
  3. the standings: each player's stock, what he brought, won or lost, and the
     winner (the most chips) once the game is over.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kitapi.game import Game, result_json
from kitapi.rules import load
from kitapi_host.families.pot import bid_text, suit_or_chips
from kitapi_host.families.pot import facts as hand_facts
from kitapi_host.families.pot import title as system_title
from kitapi_host.sheets.game import Hand, Header, Snapshot, new_game
from kitapi_host.sheets.page import (
    Column,
    CsvTable,
    cell,
    corrected,
    correction_note,
    entry,
    esc,
    hand_flag,
    hand_seat,
    hand_tricks,
    hand_word,
    one,
    per_player,
    running_rows,
    running_table,
    sheet_css,
    sheet_meta,
    sheet_page,
    signed,
)
from kitapi_host.sheets.words import lang, system, t


@dataclass(frozen=True)
class PotStanding:
    """A pot game (Austrian, Illustrated, American Preference) after a hand, as the core's result gives it:
    the chips in the pot, each player's stock, the refills so far."""

    pot: int
    stock: tuple[int, ...]
    refills: int
    over: bool


def snapshot(g: Game) -> PotStanding:
    """A pot game's standings now: the core's ``result_json``."""
    res = json.loads(result_json(g))
    return PotStanding(res["pot"], tuple(res["stock"]), res["refills"], bool(res["over"]))


def standings(standings: Sequence[Snapshot]) -> list[PotStanding]:
    """The standings of a pot game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, PotStanding)]
    if len(out) != len(standings):
        raise TypeError("not a pot game's standings")
    return out


def initial(header: Header) -> PotStanding:
    """The standings before the first hand (the Austrian pool holds the antes; the American pot is empty)."""
    return snapshot(new_game(header))


def brought(header: Header) -> int:
    """The chips each player brought: the pot and the stocks of a fresh game, shared by three."""
    s = initial(header)
    return (s.pot + sum(s.stock)) // len(s.stock)


def facts(header: Header, hands: Sequence[Hand]) -> list[Any]:
    """The archive's columns of each hand (the family's ``facts``), each parsed in its place in the game."""
    g: Any = new_game(header)
    out = []
    for h in hands:
        g.parse(h.data)
        out.append(hand_facts(g, 0, json.dumps(h.data), False))
        g.apply(g.hand)
    return out


def _us(header: Header) -> bool:
    """A game whose hands are a suit or chips (American), asked of its class."""
    return _suit_or_chips(header["rules"])


@functools.cache  # (asked for every hand; kitapi.rules.load imports the registry again each time)
def _suit_or_chips(rules: str) -> bool:
    return suit_or_chips(load(rules))


# --- CSV ----------------------------------------------------------------------------------

CSV_DOC = """\
The pot games (preference_at, preference_illustrated, preference_us): one header
row, then one row per effective hand (deleted hands left out, a replaced hand as
corrected).  Austrian and Illustrated columns: hand (its number in the log),
dealer, declarer, bid (1-4, 1H-3H, P, none; Illustrated also 5-8, 5H-8H), trump,
dropped (the players who dropped, separated by "; "), "tricks NAME" per player
(empty when not played), made (1, 0).  American: hand, dealer, declarer, bid (S,
C, D, H; chips for the second round; empty when thrown in), "chips NAME" per
player (the second round's chip bids), trump, tricks (the declarer's), pass (1:
thrown in), made.  Then corrected (1 or 0) and the standings after the hand:
pot, refills (so far) and "stock NAME" per player.  Seats are written as player
names; UTF-8 with a byte order mark, CRLF, no cell a formula, as Prefa's.
"""


def csv_table(header: Header, hands: Sequence[Hand], standings: Sequence[PotStanding]) -> CsvTable[Any]:
    """The spreadsheet (``CSV_DOC``): a row per hand (its ``Hand``, the ``PotStanding`` after it and its
    ``facts``), as Prefa's."""
    players: list[str] = header["players"]
    names = [cell(p) for p in players]
    what: list[Column[Any]] = [
        one(t("hand"), lambda r: r[0].number),
        hand_seat(players, "dealer"),
        one(t("declarer"), lambda r: cell(players[r[2].bidder]) if r[2].bidder is not None else ""),
    ]
    if _us(header):
        what += [
            one(t("bid"), lambda r: r[2].contract or ""),
            Column([t("chips {}", "pot").format(p) for p in names], lambda r: r[0].data.get("chips", [""] * 3)),
            hand_word("trump"),
            hand_word("tricks"),
            hand_flag("pass"),
        ]
    else:
        what += [
            one(t("bid"), lambda r: r[2].contract),
            hand_word("trump"),
            one(t("dropped"), lambda r: "; ".join(cell(players[k]) for k in r[0].data.get("drop", []))),
            hand_tricks(names),
        ]
    return CsvTable(
        [
            *what,
            one(t("made"), lambda r: "" if r[2].made is None else int(r[2].made)),
            corrected(),
            one(t("pot"), lambda r: r[1].pot),
            one(t("refills"), lambda r: r[1].refills),
            per_player(names, ("stock {}",), lambda r, i: (r[1].stock[i],)),
        ],
        zip(hands, standings, facts(header, hands), strict=True),
    )


# --- HTML ---------------------------------------------------------------------------------

_SUIT = {"S": ("\u2660", "blk"), "C": ("\u2663", "blk"), "D": ("\u2666", "red"), "H": ("\u2665", "red")}


def _suit(letter: str) -> str:
    symbol, cls = _SUIT[letter]
    return f'<span class="{cls}">{symbol}</span>'


def hand_html(header: Header, players: Sequence[str], d: dict[str, Any], f: Any) -> str:
    """What happened in a hand, in a few words (escaped)."""
    if d.get("pass"):
        return f'<span class="dim">{t("thrown in")}</span>'
    who = f"<b>{esc(players[f.bidder])}</b>"
    if _us(header):
        if f.contract == "chips":
            bid = (
                t("chips", "pot")
                + " "
                + "/".join(str(c) for c in d["chips"])
                + (f" {_suit(d['trump'])}" if "trump" in d else "")
            )
        else:
            bid = _suit(f.contract)
        parts = [f"{who} {bid}", f'<span class="dim">{t("{} tricks").format(d["tricks"])}</span>']
    else:
        bid = (
            t("all passed")
            if f.contract == "none"
            else esc(f.contract if lang() == "en" else bid_text(f.contract, lang()))
        )
        parts = [f"{who} {bid}" + (f" {_suit(d['trump'])}" if "trump" in d else "")]
        if d.get("drop"):
            parts.append(t("{} dropped").format(", ".join(esc(players[k]) for k in d["drop"])))
        if "tricks" in d:
            parts.append('<span class="dim">' + "\u2013".join(str(k) for k in d["tricks"]) + "</span>")
    if f.made is not None:
        parts.append(t("made") if f.made else f'<span class="red">{t("lost")}</span>')
    return " \u00b7 ".join(parts)


def _column(values: list[tuple[int, int, bool]], hands: Sequence[Hand], kind: str) -> str:
    out = []
    for idx, (k, v, refill) in enumerate(values):
        e_html = entry(hands[k - 1].number if k else 0, str(v).replace("-", "\u2212"), idx == len(values) - 1, kind)
        if refill:
            e_html = e_html.replace('<span class="e ', '<span class="e refill ', 1)
        out.append(e_html)
    return "".join(out)


def _changes(values: Sequence[int], refills: Sequence[int], start: int) -> list[tuple[int, int, bool]]:
    """``(index from 1, value, refilled)`` each time a running value changed or the pot was refilled."""
    out = [(0, start, False)]
    prev_refills = 0
    for k, (v, r) in enumerate(zip(values, refills, strict=True), 1):
        if v != out[-1][1] or r != prev_refills:
            out.append((k, v, r != prev_refills))
        prev_refills = r
    return out


def _sheet_html(header: Header, hands: Sequence[Hand], standings: Sequence[PotStanding]) -> str:
    players: list[str] = header["players"]
    start = initial(header)
    final = standings[-1] if standings else start
    refills = [s.refills for s in standings]
    pot = _changes([s.pot for s in standings], refills, start.pot)
    sections = [
        f'<div class="section potcol" data-seat="pot"><div class="who">{t("Pot")}</div>'
        f'<div class="cols"><div class="col pouch"><div class="lab">{t("chips in the pot")}</div><div class="v">'
        + _column(pot, hands, "pot")
        + f'</div></div></div><div class="sum">{t("pot")} <b>{final.pot}</b> \u00b7 '
        f"{t('refills')} <b>{final.refills}</b></div>"
        "</div>"
    ]
    for i, p in enumerate(players):
        col = _changes([s.stock[i] for s in standings], [0] * len(standings), start.stock[i])
        sections.append(
            f'<div class="section" data-seat="{i}"><div class="who">{esc(p)}</div>'
            f'<div class="cols"><div class="col chips"><div class="lab">{t("chips", "pot")}</div><div class="v">'
            + _column(col, hands, "stock")
            + f'</div></div></div><div class="sum">{t("chips", "pot")} '
            f"<b>{str(final.stock[i]).replace('-', chr(0x2212))}</b></div>"
            "</div>"
        )
    return '<div class="sheet">' + "".join(sections) + "</div>"


def _running_html(header: Header, hands: Sequence[Hand], standings: Sequence[PotStanding]) -> str:
    players: list[str] = header["players"]
    start = initial(header)

    def cells(s: PotStanding, prev: PotStanding | None) -> str:
        same = " same" if prev is not None and prev.pot == s.pot else ""
        refill = " refill" if prev is not None and prev.refills != s.refills else ""
        out = [f'<td class="num pouch potv{same}{refill}">{s.pot}</td>', f'<td class="num refills">{s.refills}</td>']
        for i in range(len(players)):
            same = " same" if prev is not None and prev.stock[i] == s.stock[i] else ""
            neg = " neg" if s.stock[i] <= 0 else ""
            out.append(f'<td class="num chips{neg}{same}" data-seat="{i}">{s.stock[i]}</td>')
        return "".join(out)

    fs = facts(header, hands)
    rows = running_rows(hands, standings, start, cells, lambda k, h: hand_html(header, players, h.data, fs[k]))
    lead = [(' class="p num"', t("Pot")), (' class="num"', t("Refills"))]
    return running_table("running pot", players, rows, lead, group=t("chips", "pot"))


def _standings_html(header: Header, final: PotStanding) -> str:
    players: list[str] = header["players"]
    b = brought(header)
    best = max(final.stock)
    star = " <b>\u2605</b>"
    rows = "".join(
        f'<tr data-seat="{i}"><td>{esc(p)}{star if final.over and final.stock[i] == best else ""}'
        f'</td><td class="num">{b}</td><td class="num{" red" if final.stock[i] <= 0 else ""}">'
        f"{str(final.stock[i]).replace('-', chr(0x2212))}</td>"
        f'<td class="num{" red" if final.stock[i] < b else ""}" data-won="{final.stock[i] - b}">'
        f"{signed(final.stock[i] - b).replace('-', chr(0x2212))}</td></tr>"
        for i, p in enumerate(players)
    )
    return (
        f'<div class="settle"><table class="totals"><thead><tr><th>{t("player")}</th>'
        f'<th class="num">{t("brought")}</th>'
        f'<th class="num">{t("chips now")}</th><th class="num">{t("won / lost")}</th></tr></thead>'
        f"<tbody>{rows}</tbody>"
        f'<tfoot><tr><td>{t("pot")}</td><td class="num">{3 * b - sum(initial(header).stock)}</td>'
        f'<td class="num">{final.pot}</td><td class="num"></td></tr></tfoot></table></div>'
    )


_CSS = """
.section.potcol { background: #fafaf7; }
.section.potcol .col.pouch { background: transparent; }
.e.refill i::after { content: "R"; color: #1d3b8f; font-weight: 700; margin-left: 2px; }
table.running td.potv { font-weight: 700; }
table.running td.refill { color: #1d3b8f; }
table.running td.refills { color: #777; }
table.running th.p { border-left: 2px solid #1a1a1a; }
.blk { color: #1a1a1a; }
"""


def _options_text(header: Header) -> str:
    g: Any = new_game(header)
    out = [t("chips {}", "pot").format(brought(header)), t("ante {}").format(g.ante)]
    if _us(header):
        out.append(t("win {}").format(g.win))
    for k, v in sorted(header.get("options", {}).items()):
        if k not in ("chips", "ante", "win"):
            out.append(f"{t(k.replace('_', ' '))} {t(str(v))}")
    return ", ".join(out)


SHEET_NOTE = """The pot as it moved (R: refilled, every player putting the ante in) and each player's chips.
Crossed out: earlier values; small number: the hand that wrote the value."""


def to_html(
    header: Header,
    hands: Sequence[Hand],
    standings: Sequence[PotStanding],
    *,
    deleted: Sequence[int] = (),
    ended: bool = False,
) -> str:
    """The printable score sheet of a pot game: one self-contained HTML page (no script)."""
    players: list[str] = header["players"]
    n = len(players)
    rules = header["rules"]
    final = standings[-1] if standings else initial(header)
    state = t("game over" if final.over else ("game over (closed)" if ended else "game on"))
    if ended:  # closed by the log's end record: the game is over there
        final = dataclasses.replace(final, over=True)
    meta = [(t("Rules"), f"{rules} ({system(rules, system_title(rules))})"), (t("Options"), _options_text(header))]
    meta_html = sheet_meta(header, meta, len(hands), state)
    fix_note = correction_note(hands, deleted)
    css = sheet_css(n + 1, extra=_CSS)
    if final.over:
        end_note = t("The game is over: the player with the most chips (\u2605) wins.")
    else:
        end_note = t("The game is not over: the chips so far.")
    tricks_note = t("the declarer's tricks" if _us(header) else "tricks in seat order")
    title = t("{} sheet: ").format(system(rules, system_title(rules))) + ", ".join(players)
    body = f"""<section class="pot-sheet">
<h2><span class="n">1</span>{t("The sheet")}</h2>
<p class="note">{t(SHEET_NOTE)}</p>
{_sheet_html(header, hands, standings)}
</section>
<section class="running-form">
<h2><span class="n">2</span>{t("Running columns")}</h2>
<p class="note">{t("The pot, the refills so far and each player's chips after every hand; {}.").format(tricks_note)}</p>
{fix_note}
{_running_html(header, hands, standings)}
</section>
<section class="settlement">
<h2><span class="n">3</span>{t("Standings")}</h2>
<p class="note">{esc(end_note)} {t("Won / lost: the chips now minus the chips brought (the ante included).")}</p>
{_standings_html(header, final)}
</section>"""
    return sheet_page(title, players, f"\u2014 {esc(system(rules, system_title(rules)))}", css, meta_html, body)
