"""``kitapi tournament``: a club's tournament on the archive (issue 34; ``tournament.store`` keeps it).

    kitapi tournament new NAME --system ID [--options JSON] --players "Anna,Babis,..." --rounds R
                                [--open-rounds K] [--points serbian|matchpoints] [--seed N]
    kitapi tournament seat NAME                      the next round, by the standings
    kitapi tournament list                           the tournaments
    kitapi tournament show NAME [--round R]          the draw, the tables, the standings
    kitapi tournament attach|detach NAME ROUND TABLE GAME
    kitapi tournament result NAME ROUND TABLE "Anna=+120" "Babis=+30" "Costas=-150"
    kitapi tournament close-round NAME ROUND
    kitapi tournament load NAME --round R --table T --device DEV   the table on a box: its New game offers it

``--db`` on each (SQLite or PostgreSQL, as every archive command); ``--json`` on ``list`` and ``show``: one JSON
object, a figure a number (an int when whole, else a float: 5/3 points as 1.6666666666666667). ``list`` and
``show`` only read: they make no archive and no table. Errors: one line on stderr, exit status 2, nothing
changed. docs/tournaments.md says how an evening's round is run with them."""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from kitapi_host.archive.cli import add_db_option, add_json_option, guarded, open_archive
from kitapi_host.archive.text import grid
from kitapi_host.logs import show_exact
from kitapi_host.tournament import store
from kitapi_host.tournament.store import TournamentError
from kitapi_host.tournament.tables import SYSTEMS


def _num(x: Any) -> Any:
    """``x`` as JSON data: a Fraction a number (an int when whole), lists and dicts through."""
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else float(x)
    if isinstance(x, dict):
        return {k: _num(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_num(v) for v in x]
    return x


def print_json(obj: dict[str, Any]) -> int:
    print(json.dumps(_num(obj), ensure_ascii=True))
    return 0


def _pts(x: Fraction) -> str:
    """Points for the eye: whole, or to two decimals (2.5, 1.67)."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}".rstrip("0")


def _new(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.options)
    except ValueError as e:
        raise TournamentError(f"--options: not JSON ({e})") from None
    if not isinstance(options, dict):
        raise TournamentError(f"--options: a JSON object, like '{{\"pouch\": 31}}', not {args.options}")
    players = [p.strip() for p in args.players.split(",")]
    with open_archive(args, create=True) as archive:
        made = store.new(
            archive, args.name, args.system, options, players, args.rounds, args.open_rounds, args.points, args.seed
        )
    t, fixed = made.tournament, made.fixed
    print(f"tournament {t.name}: {len(t.ids)} players, {t.rounds} rounds, {t.points} points, {t.rules}", end="")
    print(f" {json.dumps(t.options, sort_keys=True)}" if t.options else "")
    print(f"seed {t.seed} (the same seed and players give the same draw: --seed {t.seed})")
    again = "no pair meets twice" if fixed.repeats == 0 else f"{fixed.repeats} repeated meetings"
    print(f"rounds 1 to {t.fixed} seated now ({t.design}): {again}")
    if t.fixed < t.rounds:
        print(f"rounds {t.fixed + 1} to {t.rounds}: kitapi tournament seat {t.name}, each once the round before ends")
    print(grid(["No", "Player"], [[str(n), p] for n, p in enumerate(t.names, 1)], {0}))
    return 0


def _seat(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        t, rnd, tables = store.seat(archive, args.name)
    print(f"{t.name}: round {rnd} seated by the standings")
    rows = [[str(n), ", ".join(t.names[p - 1] for p in tab)] for n, tab in enumerate(tables, 1)]
    print(grid(["Table", "Players"], rows, {0}))
    return 0


def _list(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        rows = store.tournaments(archive)
    if args.json:
        return print_json({"tournaments": rows})
    if not rows:
        print("The archive holds no tournaments.")
        return 0
    print(
        grid(
            ["Tournament", "System", "Points", "Players", "Rounds", "Seated", "Complete", "Made"],
            [
                [
                    r["name"],
                    r["rules"],
                    r["points"],
                    str(r["players"]),
                    str(r["rounds"]),
                    str(r["seated"]),
                    str(r["complete"]),
                    r["made"][:16].replace("T", " "),
                ]
                for r in rows
            ],  # fmt: skip
            {3, 4, 5, 6},
        )
    )
    return 0


_STATE = {
    "no game": "no game yet",
    "in play": "in play",
    "over": "",
    "decided": "decided (no game)",
    "closed": "closed (in play, counted as it stood)",
    "other players": "its game's players are not the table's",
}


def _show(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        rep = store.report(archive, args.name, args.round)
    if args.json:
        return print_json(rep)
    opts = f" {json.dumps(rep['options'], sort_keys=True)}" if rep["options"] else ""
    print(
        f"Tournament {rep['name']}: {rep['rules']}{opts}, {rep['points']} points, {len(rep['draw'])} players,"
        f" {rep['rounds']} rounds (1 to {rep['fixed']} fixed: {rep['design']}), seed {rep['seed']}"
    )
    print("Draw: " + ", ".join(f"{d['number']} {d['player']}" for d in rep["draw"]))
    for r in rep["schedule"]:
        print()
        state = "complete" if r["complete"] else "in progress"
        print(f"Round {r['round']} (seated {r['seated'][:16].replace('T', ' ')}, {state})")
        rows = []
        for x in r["tables"]:
            res = x["results"]
            rows.append(
                [
                    str(x["table"]),
                    ", ".join(x["players"]),
                    "" if x["game"] is None else str(x["game"]),
                    "" if res is None else ", ".join(show_exact(v) for v in res),
                    "" if x["points"] is None else ", ".join(_pts(v) for v in x["points"]),
                    _STATE[x["state"]],
                ]
            )
        print(grid(["Table", "Players", "Game", "Results", "Points", ""], rows, {0, 2}))
    print()
    after = f"after round {rep['round']}" if rep["round"] is not None else "so far"
    print(f"Standings {after} (points, then total result, Buchholz, tables won, drawn number)")
    rows = [
        [str(s["place"]), str(s["number"]), s["player"], _pts(s["points"]), show_exact(s["total"]),
         _pts(s["buchholz"]), _pts(s["won"]), str(s["played"])]
        for s in rep["standings"]
    ]  # fmt: skip
    print(grid(["Place", "No", "Player", "Points", "Total", "Buchholz", "Won", "Tables"], rows, {0, 1, 3, 4, 5, 6, 7}))
    return 0


def _attach(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        store.attach(archive, args.name, args.round, args.table, args.game)
    print(f"{args.name}: game {args.game} is table {args.table} of round {args.round}")
    return 0


def _detach(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        store.detach(archive, args.name, args.round, args.table, args.game)
    print(f"{args.name}: game {args.game} is no longer table {args.table} of round {args.round}")
    return 0


def _result(args: argparse.Namespace) -> int:
    given = []
    for text in args.results:
        who, eq, value = text.rpartition("=")
        try:
            if not eq or not who.strip():
                raise ValueError
            given.append((who.strip(), Fraction(value.strip())))
        except (ValueError, ZeroDivisionError):
            raise TournamentError(f"{text!r}: a result is NAME=RESULT, like Anna=+120 (or Anna=-10/3)") from None
    with open_archive(args) as archive:
        x = store.decide(archive, args.name, args.round, args.table, given)
    assert x.points is not None
    pts = ", ".join(_pts(p) for p in x.points)
    print(f"{args.name}: table {args.table} of round {args.round} decided: points {pts}")
    return 0


def _close(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        closed = store.close_round(archive, args.name, args.round)
    if not closed:
        print(f"{args.name}: round {args.round} had no game in play: nothing to close")
    for x in closed:
        res = ", ".join(show_exact(v) for v in x.results or [])
        print(f"{args.name}: round {args.round} table {x.number}: game {x.game} counted as it stands ({res})")
    return 0


def _load(args: argparse.Namespace) -> int:
    """The table on the box at ``--device`` (kitapi.link.load_table, on the raw REPL as ``kitapi deploy`` writes):
    what the archive refuses, exit status 2; what the device does, exit status 1 (as ``kitapi sync``)."""
    from kitapi_host.device.box import MOUNT_PACK, DeviceError, open_device

    with open_archive(args) as archive:
        t, x, data = store.box_table(archive, args.name, args.round, args.table)
    dev = None
    try:
        dev = open_device(args.device, check=False)
        try:
            got = dev.run(f"{MOUNT_PACK}import kitapi.link as L\nL.load_table({data!r})").decode("utf-8", "replace")
        except DeviceError as e:
            if "load_table" in str(e) or "kitapi" in str(e):  # (AttributeError, ImportError: not this firmware)
                raise DeviceError(f"{dev.where}: the box's firmware cannot take a table: run kitapi deploy") from None
            raise
        got = got.strip()  # (kitapi.link._say: R and the value)
        if got == "R'full'":
            raise DeviceError(f"{dev.where}: the box's flash is full: no room for the table (kitapi sync --prune)")
        if got != "RTrue":
            raise DeviceError(f"{dev.where}: the device gave an answer that is not understood: {got!r:.60}")
    except DeviceError as e:
        print(f"kitapi tournament load: {e}", file=sys.stderr)
        return 1
    finally:
        if dev is not None:
            dev.close()
    print(f"{t.name}: round {args.round} table {args.table} loaded on {dev.where}: {_who(t, x.seats)}")
    print("its New game offers it first; the game started from it is attached to the table when synced")
    return 0


def _who(t: store.Tournament, seats: list[int]) -> str:
    return ", ".join(t.names[n - 1] for n in seats)


def _positive(v: str) -> int:
    if not v.isdigit() or int(v) < 1:
        raise argparse.ArgumentTypeError(f"a whole number from 1, not {v!r}")
    return int(v)


def _seed(v: str) -> int:
    if not v.isdigit():
        raise argparse.ArgumentTypeError(f"a whole number from 0, not {v!r}")
    return int(v)


def _where(p: argparse.ArgumentParser, game: bool = False) -> None:
    p.add_argument("name", metavar="NAME")
    p.add_argument("round", type=_positive, metavar="ROUND")
    p.add_argument("table", type=_positive, metavar="TABLE")
    if game:
        p.add_argument("game", type=_positive, metavar="GAME")


def _usage(p: argparse.ArgumentParser) -> int:
    """``kitapi tournament`` alone: its commands, on stderr, exit status 2."""
    p.print_help(sys.stderr)
    return 2


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tournament`` and its commands to ``kitapi``'s subcommands."""
    t = sub.add_parser("tournament", help="a tournament: the draw, the tables, the results and the standings")
    tsub = t.add_subparsers(dest="tournament_command", metavar="COMMAND")
    t.set_defaults(func=lambda args: _usage(t))

    n = tsub.add_parser("new", help="make a tournament: the draw and the fixed rounds")
    n.add_argument("name", metavar="NAME")
    n.add_argument("--system", required=True, metavar="ID", help="the games' system (a rules id: prefa, sochi...)")
    n.add_argument("--options", default="{}", metavar="JSON", help="the games' options, as a new game's")
    n.add_argument("--players", required=True, metavar="NAMES", help='the players, comma-separated: "Anna,Babis,..."')
    n.add_argument("--rounds", required=True, type=_positive, metavar="R", help="the rounds")
    n.add_argument(
        "--open-rounds",
        type=_positive,
        metavar="K",
        help="rounds 1..K seated now, no pair twice where it can be (default: as many as can be, at most R)",
    )
    n.add_argument("--points", choices=SYSTEMS, default="serbian", help="serbian (tables of 3) or matchpoints")
    n.add_argument("--seed", type=_seed, metavar="N", help="the draw's seed (default: one chosen, printed, stored)")
    add_db_option(n)
    n.set_defaults(func=guarded(_new))

    s = tsub.add_parser("seat", help="seat the next round by the standings, once the round before is complete")
    s.add_argument("name", metavar="NAME")
    add_db_option(s)
    s.set_defaults(func=guarded(_seat))

    ls = tsub.add_parser("list", help="the tournaments")
    add_db_option(ls)
    add_json_option(ls)
    ls.set_defaults(func=guarded(_list))

    sh = tsub.add_parser("show", help="the draw, every round's tables with their games and points, the standings")
    sh.add_argument("name", metavar="NAME")
    sh.add_argument("--round", type=_positive, metavar="R", help="round R's tables and the standings after it")
    add_db_option(sh)
    add_json_option(sh)
    sh.set_defaults(func=guarded(_show))

    at = tsub.add_parser("attach", help="make an archived game a table's (mending a wrong match)")
    _where(at, game=True)
    add_db_option(at)
    at.set_defaults(func=guarded(_attach))
    de = tsub.add_parser("detach", help="take a game off a table (it is not attached there again by itself)")
    _where(de, game=True)
    add_db_option(de)
    de.set_defaults(func=guarded(_detach))

    r = tsub.add_parser("result", help="a table's results decided without a game (marked so)")
    _where(r)
    r.add_argument("results", nargs="+", metavar="NAME=RESULT", help='each player\'s result: "Anna=+120"')
    add_db_option(r)
    r.set_defaults(func=guarded(_result))

    c = tsub.add_parser("close-round", help="the time limit: the round's games in play counted as they stand")
    c.add_argument("name", metavar="NAME")
    c.add_argument("round", type=_positive, metavar="ROUND")
    add_db_option(c)
    c.set_defaults(func=guarded(_close))

    lo = tsub.add_parser("load", help="put a table on a box: its New game offers it first, players and system set")
    lo.add_argument("name", metavar="NAME")
    lo.add_argument("--round", required=True, type=_positive, metavar="R", help="the round")
    lo.add_argument("--table", required=True, type=_positive, metavar="T", help="the table")
    lo.add_argument(
        "--device", "-d", required=True, metavar="CONNECT", help="the box: a serial port, socket://HOST:PORT..."
    )
    add_db_option(lo)
    lo.set_defaults(func=guarded(_load))
