"""The archive's subcommands of ``kitapi``: archive add, games, show, stats, players.

``--json`` on each listing (``games``, ``show``, ``stats``, ``players list``)
prints one JSON object instead of the table, as ``kitapi replay --json`` does:
key order fixed, ASCII with ``\\u`` escapes, an exact figure whole as a number
and otherwise a string ``"N/D"`` (as the core writes a settlement); a game's
``result`` is the object ``kitapi replay --json`` prints for its log (with the
players' current names).  Errors as without it: nothing on stdout.

Greek Prefa, Russian (and Balkan) Preferans, Prefa with a common kasa, the pot
games (Austrian, Illustrated and American Preference) and Swedish Priffe are
shown each in their own terms: pouches and chips; pools, hills and whists; the
kasa and net kapikia; the pot, each player's stock and the refills; rubbers and
individual points.  A figure that is not whole (thirds, in a settlement or in
a kasa's split) is exact in the archive and rounded to two decimals only here,
on the screen.

``register(sub)`` adds them to ``kitapi``'s subparsers (cli.build_parser); each
sets ``func``, which returns the exit status.  Errors are one line on stderr and
exit status 2: ``FILE:LINE: reason`` for a log with bad input (as ``kitapi
replay``), otherwise what the archive refused (an unknown game or player, a
merge that cannot be).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sqlite3
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from kitapi_host.archive.db import DB_HELP, Archive, ArchiveError, LogError, db_arg, default_path, trouble
from kitapi_host.archive.text import grid as _grid
from kitapi_host.archive.text import print_tables
from kitapi_host.families import NoFamily, archive_families, archive_family
from kitapi_host.text import one_line


def open_archive(args: argparse.Namespace, create: bool = False) -> Archive:
    """The archive of ``--db``; made if missing only for ``create`` (``archive add``): a command that reads (or
    renames in) an archive that is not there says so and makes none."""
    return Archive(args.db if args.db is not None else default_path(), create=create)


def guarded(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Run a subcommand; what the archive refuses is one line on stderr and exit status 2."""

    def wrapped(args: argparse.Namespace) -> int:
        db = args.db if getattr(args, "db", None) is not None else default_path()
        try:
            return run(args)
        except (ArchiveError, NoFamily) as e:  # NoFamily: a game whose family the PC cannot show or count
            print(e, file=sys.stderr)
            return 2
        except (sqlite3.Error, OSError) as e:  # busy, a full disk, read-only, a folder, no SQLite file
            print(trouble(db, e), file=sys.stderr)
            return 2

    return wrapped


def _add(args: argparse.Namespace) -> int:
    """One line per file: ``FILE: game ID new|grown|same``, then ``; warning: ...`` for each warning.

    The files are added in batches, each one transaction (``Archive.in_batches``), each file in it under a
    savepoint of its own: a bad file is reported (stderr, ``FILE:LINE: reason``), undoes only itself, and the
    others are still imported; the exit status is then 2.  A batch's lines are printed once it is written.
    """
    rc = 0
    lines: list[tuple[str, Any]] = []

    def add(path: Path) -> None:
        nonlocal rc
        rc = max(rc, _add_file(archive, path, args.device, lines))

    def written() -> None:
        for text, stream in lines:
            print(text, file=stream)
        lines.clear()

    with open_archive(args, create=True) as archive:
        archive.in_batches(args.files, add, written)
    return rc


def _add_file(archive: Archive, path: Path, device: str, lines: list[tuple[str, Any]]) -> int:
    """Add the log file ``path`` (inside a batch); its line appended to ``lines``; 2 for a bad file, else 0."""
    try:
        f = open(path, "rb")  # read as a stream, never whole
    except OSError as e:
        lines.append((f"{path}:0: cannot open the file ({e.strerror})", sys.stderr))
        return 2
    try:
        with f:
            added = archive.add_log(f, device, str(path.resolve()))
    except LogError as e:
        lines.append((f"{path}:{e.line}: {e.reason}", sys.stderr))
        return 2
    except OSError as e:  # a folder, a file that cannot be read
        lines.append((f"{path}:0: cannot read the file ({e.strerror})", sys.stderr))
        return 2
    line = f"{path}: game {added.id} {added.status}" + (f"; tournament {added.table}" if added.table else "")
    lines.append(("".join([line, *(f"; warning: {w}" for w in added.warnings)]), sys.stdout))
    return 0


def _plain(x: Any) -> Any:
    """``x`` as JSON data: an exact Fraction whole as an int, else ``"N/D"``; a dataclass as its fields."""
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


def print_json(obj: dict[str, Any]) -> int:
    """Print ``obj`` as one line of JSON (``--json``): the exit status, 0."""
    print(json.dumps(_plain(obj), ensure_ascii=True))
    return 0


def _games(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        games = archive.games()
    if args.json:
        keys = ("id", "date", "started", "added", "device", "name", "rules", "players", "hands", "over", "ended")
        return print_json(
            {"games": [{**{k: g[k] for k in keys}, "damage": g["damage"], "result": g["result"]} for g in games]}
        )
    if not games:
        print("The archive holds no games.")
        return 0
    rows = []
    for g in games:
        result = archive_family(g["rules"]).result_line(g["result"])  # (its family's words)
        state = "over (closed)" if g["ended"] else "over" if g["over"] else "on"  # closed: over too
        rows.append(
            [
                str(g["id"]),
                (g["date"] or "")[:16].replace("T", " "),
                g["device"],
                g["rules"],
                ", ".join(g["players"]),
                str(g["hands"]),
                f"{state}: {result}" + (" (damaged)" if g["damage"] else ""),
            ]
        )
    print(_grid(["Game", "Date", "Device", "Rules", "Players", "Hands", "Result"], rows, {0, 5}))
    return 0


def _show(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        g = archive.game(args.game)
    if g["damage"]:
        print(f"game {g['id']}: warning: {g['damage']}", file=sys.stderr)
    if args.json:  # the stored columns as JSON: tricks a list, flags true or false
        for h in g["hands"]:
            h["corrected"] = bool(h["corrected"])
            if h.get("made") is not None:
                h["made"] = bool(h["made"])
            if isinstance(h.get("tricks"), str):
                h["tricks"] = json.loads(h["tricks"])
        return print_json(g)
    res = {**g["result"], "players": [one_line(p) for p in g["result"]["players"]]}  # a name is one line
    print(archive_family(g["rules"]).standings(res))
    print()
    started = f", started {one_line(g['started'])}" if g["started"] else ""
    print(f"Game {g['id']}: {one_line(g['device'])} {one_line(g['name'])}{started}, archived {g['added']}")
    archive_family(g["rules"]).show(g, res["players"])  # the hand table of the game's family
    if g["deleted"]:
        print("Deleted: hand " + ", ".join(str(n) for n in g["deleted"]))
    if any(h["corrected"] for h in g["hands"]):
        print("* corrected")
    return 0


def _stats(args: argparse.Namespace) -> int:
    """A table per game system the players played, each family's from its module in kitapi.registry's order:
    Prefa's (chips), Russian Preferans' (whists), Balkan Preferans' (whists), the common kasa's (kapikia), each
    pot game's (chips) and Priffe's (individual points), each with the players who played it."""
    with open_archive(args) as archive:
        stats = archive.stats(args.player)
    if args.json:
        return print_json({"players": stats})
    if not stats:
        print("The archive holds no players.")
        return 0
    tables = [t for m in archive_families() for t in m.stats_tables(stats)]
    if not tables:  # nobody played a game yet: the first family's table, of everyone
        tables = archive_families()[0].stats_tables(stats, everyone=True)
    print_tables(tables)
    return 0


def _players(args: argparse.Namespace) -> int:
    """Every player's name, one a line (a line feed or a tab in a name shown as ``\\n``, ``\\t``; ``--json``:
    ``{"players": [...]}``)."""
    with open_archive(args) as archive:
        names = archive.players()
    if args.json:
        return print_json({"players": names})
    for name in names:
        print(one_line(name))
    return 0


def _rename(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        archive.rename_player(args.old, args.new)
    print(f"renamed {args.old} to {args.new}")
    return 0


def _merge(args: argparse.Namespace) -> int:
    with open_archive(args) as archive:
        archive.merge_players(args.from_name, args.into_name)
    print(f"merged {args.from_name} into {args.into_name}")
    return 0


def _game_id(v: str) -> int:
    if not v.isdigit():
        raise argparse.ArgumentTypeError("a game number, as `kitapi games` lists them")
    return int(v)


def add_db_option(p: argparse.ArgumentParser) -> None:
    """``--db PATH|URL``, the archive a command works on (every archive command's, ``kitapi tournament``'s too)."""
    p.add_argument("--db", type=db_arg, metavar="PATH|URL", help=f"{DB_HELP} (default {default_path()})")


def add_json_option(p: argparse.ArgumentParser) -> None:
    """``--json``: the command prints one JSON object (``print_json``)."""
    p.add_argument("--json", action="store_true", help="print one JSON object (as kitapi replay --json)")


def _help(p: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    def show(args: argparse.Namespace) -> int:
        p.print_help(sys.stderr)
        return 2

    return show


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add archive, games, show, stats and players to ``kitapi``'s subcommands."""
    a = sub.add_parser("archive", help="the game archive (SQLite): import game logs")
    asub = a.add_subparsers(dest="archive_command", metavar="COMMAND")
    a.set_defaults(func=_help(a))
    add = asub.add_parser("add", help="import game logs from files (either form)")
    add_db_option(add)
    add.add_argument("--device", default="file", help="the device the logs came from (default: file)")
    add.add_argument("files", type=Path, nargs="+", metavar="FILE")
    add.set_defaults(func=guarded(_add))
    from kitapi_host.archive import copy

    copy.register(asub)

    g = sub.add_parser("games", help="list the archived games")
    add_db_option(g)
    add_json_option(g)
    g.set_defaults(func=guarded(_games))

    s = sub.add_parser("show", help="an archived game: the standings and the hand table with the running figures")
    s.add_argument("game", type=_game_id, metavar="GAME")
    add_db_option(s)
    add_json_option(s)
    s.set_defaults(func=guarded(_show))

    st = sub.add_parser("stats", help="per-player figures across the archived games")
    st.add_argument("player", nargs="?", metavar="PLAYER")
    add_db_option(st)
    add_json_option(st)
    st.set_defaults(func=guarded(_stats))

    p = sub.add_parser("players", help="list the players, rename a player, or merge two names of one player")
    psub = p.add_subparsers(dest="players_command", metavar="COMMAND")
    p.set_defaults(func=_help(p))
    pl = psub.add_parser("list", help="every player's name, one a line")
    add_db_option(pl)
    add_json_option(pl)
    pl.set_defaults(func=guarded(_players))
    r = psub.add_parser("rename", help="give a player another name")
    r.add_argument("old", metavar="OLD")
    r.add_argument("new", metavar="NEW")
    add_db_option(r)
    r.set_defaults(func=guarded(_rename))
    m = psub.add_parser("merge", help="FROM is the same player as INTO: his games go to INTO")
    m.add_argument("from_name", metavar="FROM")
    m.add_argument("into_name", metavar="INTO")
    add_db_option(m)
    m.set_defaults(func=guarded(_merge))
