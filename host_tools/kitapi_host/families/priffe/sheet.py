"""Exports of Swedish Priffe (``priffe``): the spreadsheet (CSV) and the rubber score sheet (HTML).

A game comes here from ``kitapi_host.sheets.page``, read and checked as every game
is: the effective hands and the standings after each one (``PriffeStanding``,
the core's ``result_json``).  What each hand scored, taken apart, is the core's
``kitapi.outcome.hand_outcome`` (by ``kitapi_host.families.priffe.priffe_points``);
nothing is scored here.

- ``csv_table``: one row per effective hand: the hand, what it scored (the
  partnership that won it, trick points, towards the game, slam, honours, game
  bonus), then the rubber in play and every player's individual points (``CSV_DOC``);
- ``to_html``: one self-contained page (inline CSS, no script), the classic
  rubber-bridge-like sheet: for each rubber the two partnerships side by side,
  the bonuses (slams, honours, game bonuses) above the line, the trick points
  below it, a rule under each game won; the games, the rubber's points, its
  result and each player's individual points after it; then the running columns.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kitapi.game import Game, result_json
from kitapi.registry import row
from kitapi_host.families.priffe import PriffePoints, priffe_points
from kitapi_host.families.priffe import title as system_title
from kitapi_host.sheets.game import Hand, Header, Snapshot, new_game
from kitapi_host.sheets.page import (
    Column,
    CsvTable,
    cell,
    corrected,
    correction_note,
    esc,
    hand_seat,
    hand_word,
    one,
    per_player,
    running_table,
    sheet_css,
    sheet_meta,
    sheet_page,
)
from kitapi_host.sheets.words import system, t


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


def snapshot(g: Game) -> PriffeStanding:
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


def standings(standings: Sequence[Snapshot]) -> list[PriffeStanding]:
    """The standings of a Priffe game, as such (TypeError for another game's)."""
    out = [s for s in standings if isinstance(s, PriffeStanding)]
    if len(out) != len(standings):
        raise TypeError("not a Priffe game's standings")
    return out


@dataclass
class Rubber:
    """One rubber as the sheet shows it: its hands with what they scored, and how it ended."""

    number: int
    sides: list[int]  # each seat's partnership in this rubber (0: seat 0's)
    steps: list[tuple[Hand, PriffePoints, PriffeStanding]] = field(default_factory=list)
    finished: bool = False
    points: list[int] = field(default_factory=lambda: [0, 0])
    games: list[int] = field(default_factory=lambda: [0, 0])
    individual: tuple[int, ...] = (0, 0, 0, 0)


def steps(header: Header, hands: Sequence[Hand]) -> list[PriffePoints]:
    """What each hand scored (``priffe_points``), each hand scored by the core in its place."""
    g: Any = new_game(header)
    out = []
    for h in hands:
        out.append(priffe_points(g, g.parse(h.data)))
        g.apply(g.hand)
    return out


def rubbers(header: Header, hands: Sequence[Hand], standings: Sequence[PriffeStanding]) -> list[Rubber]:
    """The rubbers of the game (the last one in play, unless it has no hand yet)."""
    out: list[Rubber] = []
    played = 0
    individual: tuple[int, ...] = (0, 0, 0, 0)
    for h, p, s in zip(hands, steps(header, hands), standings, strict=True):
        if not out or out[-1].finished:
            out.append(Rubber(len(out) + 1, list(p.sides), individual=individual))
        r = out[-1]
        r.steps.append((h, p, s))
        r.points, r.games = list(p.points), list(p.games)
        r.individual = s.individual
        individual = s.individual
        if s.rubbers > played:
            played = s.rubbers
            r.finished = True
    return out


def _team(players: Sequence[str], sides: Sequence[int], k: int) -> str:
    return " & ".join(players[s] for s in range(4) if sides[s] == k)


# --- CSV ----------------------------------------------------------------------------------

CSV_DOC = """\
Swedish Priffe (priffe): one header row, then one row per effective hand
(deleted hands left out, a replaced hand as corrected).  Columns: hand (its
number in the log), dealer, contract (play, noll, hearts, diamonds, forced),
declarer (empty in a forced Noll), tricks (the declarer's partnership's; the
dealer's in a forced Noll), honours ("4", "3+1", "3"), holder, corrected (1 or
0); what the hand scored: rubber (its number), team 1 and team 2 (the
partnerships, team 1 seat 0's), won (1 or 2: the team that won the hand), trick
points, below (of those, towards the game), slam, honours team (1 or 2),
honours points, game bonus; then after the hand: trick points 1 and 2 (towards
the game in play), games 1 and 2, points 1 and 2 (the rubber's; at the end of a
rubber, its final points), rubbers (played out) and "individual NAME" per
player.  UTF-8 with a byte order mark, CRLF, no cell a formula, as Prefa's.
"""


def csv_table(header: Header, hands: Sequence[Hand], standings: Sequence[PriffeStanding]) -> CsvTable[Any]:
    """The spreadsheet (``CSV_DOC``): a row per hand (its ``Hand``, what it scored, the ``PriffeStanding``
    after it and its rubber), as Prefa's."""
    players: list[str] = header["players"]
    names = [cell(p) for p in players]

    def two(head: str, values: Any) -> Column[Any]:  # the two partnerships' figures, "HEAD 1" and "HEAD 2"
        return Column([t(f"{head} 1"), t(f"{head} 2")], values)

    return CsvTable(
        [
            one(t("hand"), lambda r: r[0].number),
            hand_seat(players, "dealer"),
            hand_word("contract"),
            hand_seat(players, "declarer"),
            one(t("tricks"), lambda r: r[0].data["tricks"]),
            hand_word("honours"),
            hand_seat(players, "holder"),
            corrected(),
            one(t("rubber"), lambda r: r[3]),
            Column([t("team 1"), t("team 2")], lambda r: [_team(names, r[1].sides, k) for k in (0, 1)]),
            one(t("won"), lambda r: r[1].won + 1),
            one(t("trick points"), lambda r: r[1].tricks),
            one(t("below"), lambda r: r[1].below),
            one(t("slam"), lambda r: r[1].slam),
            Column(
                [t("honours team"), t("honours points")],
                lambda r: [r[1].honours[0] + 1, r[1].honours[1]] if r[1].honours else ["", ""],
            ),
            one(t("game bonus"), lambda r: r[1].bonus),
            two("trick points", lambda r: r[2].trick_points),
            two("games", lambda r: r[1].games),
            two("points", lambda r: r[1].points),
            one(t("rubbers"), lambda r: r[2].rubbers),
            per_player(names, ("individual {}",), lambda r, i: (r[2].individual[i],)),
        ],
        ((h, p, s, r.number) for r in rubbers(header, hands, standings) for h, p, s in r.steps),
    )


# --- HTML ---------------------------------------------------------------------------------

_CONTRACT = {"play": "Play", "noll": "Noll", "hearts": "\u2665", "diamonds": "\u2666", "forced": "forced Noll"}


def _num(v: int) -> str:
    return f"{v:+d}".replace("-", "\u2212") if v else "0"


def hand_html(players: Sequence[str], d: dict[str, Any], p: PriffePoints) -> str:
    """What happened in a hand, in a few words (escaped)."""
    c = d["contract"]
    name = t(_CONTRACT[c])
    if c in ("hearts", "diamonds"):
        name = f'<span class="red">{name}</span>'
    if c == "forced":
        what = f"{name} \u00b7 " + t("{}'s side {}").format(esc(players[d["dealer"]]), d["tricks"])
    else:
        what = f"<b>{esc(players[d['declarer']])}</b> {name} \u00b7 {d['tricks']}"
        what += "" if p.won == p.declaring else f' <span class="red">{t("down")}</span>'
    if "honours" in d:
        what += " \u00b7 " + t("{} honours {}").format(esc(players[d["holder"]]), esc(d["honours"]))
    return what


def _entry(hand: int, value: int, label: str, cls: str = "") -> str:
    tag = f'<span class="lbl">{esc(label)}</span>' if label else ""
    said = t("hand {}").format(hand)
    return f'<div class="pe {cls}" data-hand="{hand}" title="{said}"><i>{hand}</i><b>{value}</b>{tag}</div>'


def _rubber_html(players: Sequence[str], r: Rubber) -> str:
    above: list[list[str]] = [[], []]
    games: list[list[list[str]]] = [[[], []]]  # per game: each partnership's trick-point entries
    for h, p, _ in r.steps:
        k = h.number
        games[-1][p.won].append(_entry(k, p.tricks, "" if p.below == p.tricks else f"({p.below})", "trick"))
        if p.slam:
            above[p.won].append(_entry(k, p.slam, t("slam"), "slam"))
        if p.honours:
            above[p.honours[0]].append(_entry(k, p.honours[1], t("honours"), "honours"))
        if p.game:
            above[p.won].append(_entry(k, p.bonus, t("game"), "bonus"))
            games.append([[], []])
    if not games[-1][0] and not games[-1][1] and len(games) > 1:
        games.pop()  # no hand after the last game won
    won = sum(r.games)
    rows = [
        "<tr>" + "".join(f'<th class="who">{esc(_team(players, r.sides, k))}</th>' for k in (0, 1)) + "</tr>",
        # the above-the-line entries read upwards from the line, as on paper
        '<tr class="above">' + "".join(f"<td>{''.join(reversed(above[k]))}</td>" for k in (0, 1)) + "</tr>",
    ]
    for i, g in enumerate(games):
        done = ' class="game done"' if i < won else ' class="game"'
        label = f'<span class="gl">{t("game {}").format(i + 1)}</span>' if i < won else ""
        rows.append(
            f'<tr{done} data-game="{i + 1}">'
            + "".join(f"<td>{''.join(g[k])}</td>" for k in (0, 1))
            + "</tr>"
            + (f'<tr class="gline"><td>{label}</td><td>{label}</td></tr>' if label else "")
        )
    rows.append(
        '<tr class="tot">'
        + "".join(
            f"<td>{t('games')} <b>{r.games[k]}</b> \u00b7 "
            f'{t("points")} <b data-points="{r.points[k]}">{r.points[k]}</b></td>'
            for k in (0, 1)
        )
        + "</tr>"
    )
    cols = [f'<table class="pad">{"".join(rows)}</table>']
    if r.finished:
        diff = r.points[0] - r.points[1]
        if diff:
            win = 0 if diff > 0 else 1
            result = t("{} win the rubber by {}: {} to each, from each loser").format(
                f"<b>{esc(_team(players, r.sides, win))}</b>", abs(diff), f'<b class="unit">{abs(diff) // 10}</b>'
            )
        else:
            result = t("A tie: nobody's individual points change")
    else:
        result = f'<span class="dim">{t("in play")}</span>'
    ind = "".join(
        f'<td class="num{" red" if r.individual[s] < 0 else ""}" data-seat="{s}">{_num(r.individual[s])}</td>'
        for s in range(4)
    )
    head = "".join(f"<th>{esc(p)}</th>" for p in players)
    return (
        f'<div class="rubber" data-rubber="{r.number}"><h3>{t("Rubber {}").format(r.number)}</h3>'
        f"{''.join(cols)}"
        f'<p class="result">{result}</p>'
        f'<table class="ind"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody><tr><td>{t('individual after it' if r.finished else 'individual')}</td>{ind}</tr>"
        "</tbody></table></div>"
    )


def _running_html(header: Header, hands: Sequence[Hand], standings: Sequence[PriffeStanding]) -> str:
    players: list[str] = header["players"]
    rows = []
    for r in rubbers(header, hands, standings):
        for h, p, s in r.steps:
            fix = ' class="fix"' if h.corrected else ""
            bonus = p.slam + p.bonus + (p.honours[1] if p.honours else 0)
            ind = "".join(
                f'<td class="num chips{" neg" if s.individual[i] < 0 else ""}" data-seat="{i}">'
                f"{_num(s.individual[i])}</td>"
                for i in range(4)
            )
            end = f' <b class="end">{t("end")}</b>' if r.finished and (h, p, s) == r.steps[-1] else ""
            rows.append(
                f'<tr{fix} data-hand="{h.number}"><td class="h">{h.number}</td>'
                f'<td class="what">{hand_html(players, h.data, p)}</td>'
                f'<td class="pouch">{esc(_team(players, p.sides, p.won))}</td>'
                f'<td class="num">{p.tricks}</td><td class="num">{bonus or ""}</td>'
                f'<td class="num">{p.games[0]}\u2013{p.games[1]}{end}</td>{ind}</tr>'
            )
    lead = [(' class="p" style="text-align:left"', t("won by"))]
    lead += [(' class="num"', t(k)) for k in ("tricks", "bonus", "rubber")]
    return running_table("running priffe", players, "".join(rows), lead, group=t("individual"))


_CSS = """
.rubbers { display: grid; grid-template-columns: 1fr 1fr; gap: 12px 16px; }
.rubber { border: 2px solid #1a1a1a; padding: 4px 6px 6px; break-inside: avoid; page-break-inside: avoid; }
.rubber h3 { margin: 0 0 3px; font-size: 10.5pt; }
table.pad { width: 100%; table-layout: fixed; border-collapse: collapse; }
table.pad td, table.pad th { vertical-align: top; padding: 1px 6px; }
table.pad td + td, table.pad th + th { border-left: 2px solid #1a1a1a; }
table.pad th.who { font-weight: 700; border-bottom: 1px solid #999; background: #f1f1ee; overflow-wrap: anywhere; }
table.pad tr.above td { height: 3.2em; vertical-align: bottom; border-bottom: 2.5px solid #1a1a1a; }
table.pad tr.game td { height: 1.6em; }
table.pad tr.gline td { border-top: 1.5px solid #1a1a1a; padding: 0 4px; text-align: right; font-size: 6.5pt;
  color: #777; line-height: 1.1; }
table.pad tr.tot td { border-top: 1.5px solid #1a1a1a; text-align: center; font-size: 9pt; padding: 2px; }
.pe { display: flex; gap: 4px; align-items: baseline; line-height: 1.4; }
.pe i { font-style: normal; font-size: 6.5pt; color: #999; min-width: 1.4em; text-align: right; }
.pe b { font-weight: 600; min-width: 2.2em; text-align: right; }
.pe .lbl { font-size: 7.5pt; color: #777; }
.pe.bonus b { color: #1d3b8f; }
p.result { margin: 4px 0 2px; font-size: 9pt; }
table.ind { width: 100%; font-size: 8.5pt; }
table.ind th, table.ind td { padding: 1px 4px; text-align: right; border-bottom: 1px solid #e2e2e2; }
table.ind td:first-child { text-align: left; color: #666; }
table.running th.p, table.running td.pouch { border-left: 2px solid #1a1a1a; }
table.running td.pouch { background: transparent; white-space: nowrap; }
table.running .end { color: #1d3b8f; font-size: 7.5pt; }
@media screen and (max-width: 40rem) {
  .rubbers { grid-template-columns: 1fr; }
  table.ind { display: block; overflow-x: auto; }
}
"""


def _options_text(header: Header) -> str:
    g: Any = new_game(header)
    out = [t("{} rubbers").format(g.max_rubbers), t("second points table" if g.second else "main points table")]
    for k, v in sorted(header.get("options", {}).items()):
        if k not in ("rubbers", "points") and v is not False:
            out.append(f"{t(k.replace('_', ' '))} {t(str(v))}")
    return ", ".join(out)


SHEET_NOTE = """Each rubber's partnerships side by side: above the line the bonuses (slams, honours, game
bonuses), below it the trick points (in brackets what counted towards the game, when doubled), a rule under
each game won; small number: the hand."""
RUNNING_NOTE = """Each hand: who won it, its trick points and bonuses, the rubber's games, and every player's
individual points after it."""


def to_html(
    header: Header,
    hands: Sequence[Hand],
    standings: Sequence[PriffeStanding],
    *,
    deleted: Sequence[int] = (),
    ended: bool = False,
) -> str:
    """The printable rubber sheet of a Priffe game: one self-contained HTML page (no script)."""
    players: list[str] = header["players"]
    final = standings[-1] if standings else snapshot(new_game(header))
    state = t("game over" if final.over else ("game over (closed)" if ended else "game on"))  # closed: over too
    so_far = "" if final.over or ended else t(" (so far)")
    rules = header["rules"]
    meta = [(t("Rules"), f"{rules} ({system(rules, system_title(rules))})"), (t("Options"), _options_text(header))]
    meta_html = sheet_meta(header, meta, len(hands), state, more=[(t("Rubbers"), str(final.rubbers))])
    fix_note = correction_note(hands, deleted)
    css = sheet_css(2, width="820px", extra=_CSS)
    sheets = "".join(_rubber_html(players, r) for r in rubbers(header, hands, standings))
    totals = "".join(
        f'<tr data-seat="{i}"><td>{esc(p)}</td><td class="num{" red" if final.individual[i] < 0 else ""}"'
        f' data-individual="{final.individual[i]}">{_num(final.individual[i])}</td></tr>'
        for i, p in enumerate(players)
    )
    title = t("Priffe score sheet: ") + ", ".join(players)
    player, points = t("player"), t("points")
    body = f"""<section class="rubber-sheet">
<h2><span class="n">1</span>{t("The rubbers")}</h2>
<p class="note">{t(SHEET_NOTE)}</p>
<div class="rubbers">{sheets}</div>
</section>
<section class="running-form">
<h2><span class="n">2</span>{t("Running columns")}</h2>
<p class="note">{t(RUNNING_NOTE)}</p>
{fix_note}
{_running_html(header, hands, standings)}
</section>
<section class="settlement">
<h2><span class="n">3</span>{t("Individual points")}</h2>
<p class="note">{t("Each rubber's difference / 10 to each winner and from each loser")}{so_far}.</p>
<div class="settle"><table class="totals"><thead><tr><th>{player}</th><th class="num">{points}</th></tr></thead>
<tbody>{totals}</tbody></table></div>
</section>"""
    return sheet_page(title, players, f"\u2014 {esc(system(rules, row(rules)[3]))}", css, meta_html, body)
