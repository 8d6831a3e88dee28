"""``kitapi archive copy FROM TO``: a club's archive into the league's (SQLite into PostgreSQL), or back.

Each game of FROM goes into TO as its stored log, through ``Archive.add_log`` (so the game is checked by the
core again, and a game TO has already, from this club or from another venue, is one game: ``same``), with
the dates FROM took it in; then its players are named in TO as FROM names them (``Archive.name_players``):
the renames and merges made in FROM come along, for that game only.  Run again, it changes nothing (each game
``same``, each name already so); interrupted, it is run again to finish (the games are written in batches,
``Archive.in_batches``: each game and its naming under a savepoint of their own).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kitapi_host.archive.db import DB_HELP, NEW, SAME, Archive, ArchiveError, db_arg


def copy(src: Archive, dst: Archive) -> dict[str, int]:
    """Copy every game of ``src`` into ``dst``; how many were new, grown, the same there, and renamed."""
    counts = {"new": 0, "grown": 0, "same": 0, "renamed": 0}

    def one(game: tuple[int, str, str, list[str], tuple[str, str]]) -> None:
        gid, device, name, names, stamps = game
        added = dst.add_log(src.log(gid), device, name, stamps)
        counts[added.status] += 1
        counts["renamed"] += dst.name_players(added.id, names)

    dst.in_batches(src.games_to_copy(), one)
    return counts


def run(args: argparse.Namespace) -> int:
    if isinstance(args.source, Path) and not args.source.is_file():  # (an SQLite archive is never made here)
        print(f"kitapi archive copy: {args.source}: no archive here", file=sys.stderr)
        return 2
    try:
        with Archive(args.source, create=False) as src, Archive(args.target) as dst:
            counts = copy(src, dst)
    except ArchiveError as e:
        print(f"kitapi archive copy: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # an SQLite archive that cannot be used (a folder, a full disk...): one line
        import sqlite3

        from kitapi_host.archive.db import trouble

        if not isinstance(e, sqlite3.Error | OSError):
            raise
        print(f"kitapi archive copy: {trouble(args.target, e)}", file=sys.stderr)
        return 2
    total = counts[NEW] + counts["grown"] + counts[SAME]
    print(
        f"copied {total} games: {counts[NEW]} new, {counts['grown']} grown, {counts[SAME]} already there;"
        f" players named as in {args.source} in {counts['renamed']}"
    )
    return 0


def register(asub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``copy`` to ``kitapi archive``'s subcommands."""
    c = asub.add_parser("copy", help="copy every game of one archive into another (SQLite and PostgreSQL, both ways)")
    c.add_argument("source", type=db_arg, metavar="FROM", help=DB_HELP)
    c.add_argument("target", type=db_arg, metavar="TO", help=DB_HELP)
    c.set_defaults(func=run)
