"""Exports of Greek Prefa with a common kasa (``prefa_kasa``): the spreadsheet (CSV) and the score sheet (HTML).

A game of ``prefa_kasa`` (docs/rules/prefa_kasa.md) comes here from
``kitapi_host.sheets.page``, read and checked as every game is: the effective hands
(Prefa's hands, and ``{"topup": N}``: every player adds N kapikia to the kasa)
and the standings after each one (``KasaStanding``, the core's ``result_json``
read exactly).  Nothing is scored here: the split of an early stop, and the
split "if the game stopped now", are the core's (the game played through
``Game.play`` and closed with ``ended``, as ``kitapi.replay`` closes it).

- ``csv_table``: one row per effective hand with the kasa and every player's net
  kapikia after it (``CSV_DOC``);
- ``to_html``: one self-contained page (inline CSS, no script), in the style of
  Prefa's sheet (``kitapi_host.sheets.page``):

  1. the sheet: the kasa's column as it fell (and grew with the top-ups and
     what went in), then each player's net column, the earlier values crossed
     out, the small number the hand that wrote the value;
  2. the running columns: the kasa and every net after each hand;
  3. the final split: what was left in the kasa and each player's share of it
     (an early stop; "if it stopped now" while the game is on), the nets, and who
     pays whom in the fewest transfers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kitapi.game import Game, result_json
from kitapi_host.families.prefa import sheet as prefa
from kitapi_host.logs import ROUNDING_NOTE, preferans_transfers, show_exact
from kitapi_host.sheets.game import Hand, Header, Snapshot, new_game
from kitapi_host.sheets.page import (
    CsvTable,
    cell,
    corrected,
    correction_note,
    csv_number,
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
)
from kitapi_host.sheets.words import t


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


def snapshot(g: Game) -> KasaStanding:
    """A prefa_kasa game's standings now: the core's ``result_json``, read exactly."""
    res = json.loads(result_json(g))
    share = Fraction(res["share"]) if "share" in res else None
    return KasaStanding(res["kasa"], tuple(Fraction(x) for x in res["net"]), share, bool(res["over"]))


def standings(standings: Sequence[Snapshot]) -> list[KasaStanding]:
    """The standings of a prefa_kasa game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, KasaStanding)]
    if len(out) != len(standings):
        raise TypeError("not a prefa_kasa game's standings")
    return out


# --- the standings ----------------------------------------------------------------------------


def initial(header: Header) -> KasaStanding:
    """The standings before the first hand: the kasa full, every player's net what he paid in."""
    return snapshot(new_game(header))


def stopped(header: Header, hands: Sequence[Hand]) -> KasaStanding:
    """The standings of the game stopped after ``hands``: the core's split of what is left in the kasa."""
    g = new_game(header)
    for h in hands:
        g.play(h.data)
    g.close()
    return snapshot(g)


def _num(x: Fraction | int, sign: bool = True) -> str:
    return show_exact(Fraction(x), sign=sign).replace("-", "\u2212")


# --- CSV ----------------------------------------------------------------------------------

CSV_DOC = """\
Greek Prefa with a common kasa (prefa_kasa): one header row, then one row per
effective hand (deleted hands left out, a replaced hand as corrected).  Columns:
hand (its number in the log), dealer, bidder, contract (e.g. 7H; 10N), defense
(both, alone, invite, none), active (the defender who stays in, with alone and
invite), "tricks NAME" per player (empty when not played), aces, pass, topup
(the kapikia every player added to the kasa, a top-up's row; else empty),
corrected (1 or 0), then the standings after the hand: kasa (what is in it) and
"net NAME" per player (kapikia got minus paid in).  An early stop's split of the
kasa is not a hand: it is in the score sheet and in `kitapi replay --json`.
Seats are written as player names; UTF-8 with a byte order mark, CRLF, no cell
a formula, as Prefa's.
"""


def csv_table(header: Header, hands: Sequence[Hand], standings: Sequence[KasaStanding]) -> CsvTable[Any]:
    """The spreadsheet (``CSV_DOC``): a row per hand (its ``Hand`` and the ``KasaStanding`` after it), as Prefa's."""
    players: list[str] = header["players"]
    names = [cell(p) for p in players]
    return CsvTable(
        [
            one(t("hand"), lambda r: r[0].number),
            *(hand_seat(players, k) for k in ("dealer", "bidder")),
            *(hand_word(k) for k in ("contract", "defense")),
            hand_seat(players, "active"),
            hand_tricks(names),
            *(hand_flag(k) for k in ("aces", "pass")),
            hand_word("topup"),
            corrected(),
            one(t("kasa"), lambda r: r[1].kasa),
            per_player(names, ("net {}",), lambda r, i: (csv_number(r[1].net[i]),)),
        ],
        zip(hands, standings, strict=True),
    )


# --- HTML ---------------------------------------------------------------------------------


def hand_html(players: Sequence[str], d: dict[str, Any]) -> str:
    """What happened in a hand, in a few words (escaped): Prefa's words, or the top-up."""
    if "topup" in d:
        return f'<span class="topup">{t("top-up: {} each into the kasa").format(d["topup"])}</span>'
    return prefa.hand_html(players, d)


def _changes(values: Sequence[Fraction], start: Fraction) -> list[tuple[int, Fraction]]:
    """``(index from 1, value)`` each time a running value changed; the start first, as index 0."""
    out = [(0, start)]
    for k, v in enumerate(values, 1):
        if v != out[-1][1]:
            out.append((k, v))
    return out


def _column(values: list[tuple[int, Fraction]], hands: Sequence[Hand], kind: str, sign: bool) -> str:
    return "".join(
        entry(hands[k - 1].number if k else 0, _num(v, sign), idx == len(values) - 1, kind)
        for idx, (k, v) in enumerate(values)
    )


def _sheet_html(header: Header, hands: Sequence[Hand], standings: Sequence[KasaStanding]) -> str:
    players: list[str] = header["players"]
    start = initial(header)
    final = standings[-1] if standings else start
    kasa = _changes([Fraction(s.kasa) for s in standings], Fraction(start.kasa))
    sections = [
        f'<div class="section kasa" data-seat="kasa"><div class="who">{t("Kasa")}</div>'
        f'<div class="cols"><div class="col pouch"><div class="lab">{t("K")}</div><div class="v">'
        + _column(kasa, hands, "kasa", sign=False)
        + f'</div></div></div><div class="sum">{t("kasa")} <b>{final.kasa}</b></div></div>'
    ]
    for i, p in enumerate(players):
        net = _changes([s.net[i] for s in standings], start.net[i])
        sections.append(
            f'<div class="section" data-seat="{i}"><div class="who">{esc(p)}</div>'
            f'<div class="cols"><div class="col chips"><div class="lab">{t("net")}</div><div class="v">'
            + _column(net, hands, "net", sign=True)
            + f'</div></div></div><div class="sum">{t("net")} <b>{_num(final.net[i])}</b></div></div>'
        )
    return '<div class="sheet">' + "".join(sections) + "</div>"


def _running_html(header: Header, hands: Sequence[Hand], standings: Sequence[KasaStanding]) -> str:
    players: list[str] = header["players"]
    start = initial(header)

    def cells(s: KasaStanding, prev: KasaStanding | None) -> str:
        same_k = " same" if prev is not None and prev.kasa == s.kasa else ""
        out = [f'<td class="num pouch kasa{same_k}">{s.kasa}</td>']
        for i in range(len(players)):
            same = " same" if prev is not None and prev.net[i] == s.net[i] else ""
            neg = " neg" if s.net[i] < 0 else ""
            out.append(f'<td class="num chips net{neg}{same}" data-seat="{i}" title="{s.net[i]}">{_num(s.net[i])}</td>')
        return "".join(out)

    rows = running_rows(hands, standings, start, cells, lambda k, h: hand_html(players, h.data))
    return running_table("running kasa", players, rows, [(' class="p num"', t("Kasa"))], group=t("net"))


def _split_html(header: Header, last: KasaStanding, final: KasaStanding) -> str:
    """``last``: after the last hand; ``final``: stopped there (the core's split of what was left)."""
    players: list[str] = header["players"]
    share = final.share or Fraction(0)
    wholes, transfers = preferans_transfers(list(final.net))
    pays = pays_html(players, transfers, "kapikia", "Nobody pays anybody.")
    rows = "".join(
        f'<tr data-seat="{i}"><td>{esc(p)}</td><td class="num">{_num(last.net[i])}</td>'
        f'<td class="num">{_num(share, sign=False)}</td>'
        f'<td class="num{" red" if final.net[i] < 0 else ""}" data-net="{final.net[i]}" title="{final.net[i]}">'
        f'{_num(final.net[i])}</td><td class="num" data-settles="{wholes[i]}">{_num(wholes[i])}</td></tr>'
        for i, p in enumerate(players)
    )
    return (
        f'<div class="settle"><table class="totals"><thead><tr><th>{t("player")}</th><th class="num">{t("net")}</th>'
        f'<th class="num">{t("share of the kasa")}</th><th class="num">{t("final")}</th>'
        f'<th class="num">{t("settles")}</th></tr></thead>'
        f"<tbody>{rows}</tbody>"
        f'<tfoot><tr><td>{t("kasa")}</td><td class="num">{last.kasa}</td>'
        f'<td class="num">{_num(share * len(players), False)}'
        f'</td><td class="num">{final.kasa}</td><td></td></tr></tfoot></table>'
        f'<ul class="pays">{pays}</ul></div>'
    )


_CSS = """
.section.kasa { background: #fafaf7; }
.section.kasa .col.pouch { background: transparent; }
table.running td.kasa { font-weight: 700; }
table.running th.p { border-left: 2px solid #1a1a1a; }
table.running td.what .topup { color: #1d3b8f; }
table.totals td.num { white-space: nowrap; }
"""


def _options_text(header: Header) -> str:
    g: Any = new_game(header)
    options: dict[str, Any] = header.get("options", {})
    out = [t("kasa {} each").format(g.kasa // g.n)]
    for k, v in sorted(options.items()):
        if k == "kasa" or v is False:
            continue
        if k == "four_aces" and isinstance(v, dict):
            out.append(t("four aces ({}, {})").format(t(str(v.get("mode"))), v.get("amount")))
        elif k == "bidder_in":
            out.append(t("bidder in pays {}").format(t("level x b.v." if v == "level" else "10 x b.v.")))
        elif k in prefa.OPTION_TEXT:
            out.append(t(prefa.OPTION_TEXT[k]).format(t(str(v))))
        else:
            out.append(f"{k.replace('_', ' ')} {v}")
    return ", ".join(out)


WHO_PAYS = "Who pays whom, in the fewest transfers, in whole kapikia:"
SHEET_NOTE = """The kasa (K) as it fell, and each player's net kapikia (got minus paid in). Crossed out: earlier
values; small number: the hand that wrote the value."""


def to_html(
    header: Header,
    hands: Sequence[Hand],
    standings: Sequence[KasaStanding],
    *,
    deleted: Sequence[int] = (),
    ended: bool = False,
) -> str:
    """The printable score sheet of a game with a common kasa: one self-contained HTML page (no script)."""
    players: list[str] = header["players"]
    n = len(players)
    last = standings[-1] if standings else initial(header)
    final = stopped(header, hands)
    state = t("game over" if last.over else ("game over (stopped)" if ended else "game on"))  # stopped: over too
    meta = [(t("Rules"), t("prefa_kasa (Greek Prefa, common kasa)")), (t("Options"), _options_text(header))]
    meta_html = sheet_meta(header, meta, len(hands), state)
    fix_note = correction_note(hands, deleted)
    css = sheet_css(n + 1, extra=_CSS)
    if last.over:
        split_note = t("The kasa is empty: the game is over, the nets are final.")
    elif ended:
        split_note = t("Stopped early: what was left in the kasa is shared equally (exact; rounded here).")
    else:
        split_note = t("The game is not over: the split if it stopped now, the kasa shared equally.")
    title = t("Prefa kasa sheet: ") + ", ".join(players)
    body = f"""<section class="kasa-sheet">
<h2><span class="n">1</span>{t("The sheet")}</h2>
<p class="note">{t(SHEET_NOTE)}</p>
{_sheet_html(header, hands, standings)}
</section>
<section class="running-form">
<h2><span class="n">2</span>{t("Running columns")}</h2>
<p class="note">{t("The kasa and each player's net after every hand; in debt negative. Tricks in seat order.")}</p>
{fix_note}
{_running_html(header, hands, standings)}
</section>
<section class="settlement">
<h2><span class="n">3</span>{t("The split")}</h2>
<p class="note">{esc(split_note)} {t(WHO_PAYS)} {esc(t(ROUNDING_NOTE))}
{t("(the settles column).")}</p>
{_split_html(header, last, final)}
</section>"""
    return sheet_page(title, players, "\u2014 \u03ba\u03ac\u03c3\u03b1", css, meta_html, body)
