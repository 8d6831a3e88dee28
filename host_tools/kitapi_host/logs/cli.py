"""``kitapi replay`` and ``kitapi convert``: a game log's standings, and a log in the other form.

``register(sub)`` adds them to ``kitapi``'s subcommands (host_tools/kitapi_host/cli.py's table).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kitapi.game import result_json
from kitapi_host import logs
from kitapi_host.families import NoFamily, archive_family
from kitapi_host.mpy import heapsize


def _replay(args: argparse.Namespace) -> int:
    path: Path = args.file
    if args.runtime == "micropython":
        from kitapi_host.mpy import REPLAY_CODE, run_core

        if not path.is_file():
            print(f"{path}:0: cannot open the file", file=sys.stderr)
            return 2
        proc = run_core(REPLAY_CODE, [str(path)], args.heapsize, romfs=args.romfs)
        sys.stderr.write(proc.stderr)
        if proc.returncode:
            sys.stderr.write(proc.stdout)  # the unix port prints a traceback on stdout
            return proc.returncode
        if args.json:
            sys.stdout.write(proc.stdout)
            return 0
        res = json.loads(proc.stdout)
    else:
        try:
            g, warning = logs.replay_file(path)
        except logs.InputError as e:
            print(e, file=sys.stderr)
            return 2
        if warning:
            print(f"{path}: warning: {warning}", file=sys.stderr)
        if args.json:
            print(result_json(g))
            return 0
        res = logs.result(g)
    try:
        table = archive_family(res["rules"]).standings(res)  # (its family's table, kitapi_host.families.hookspecs)
    except NoFamily as e:  # the log is the core's to check, and it did: its standings as the core writes them
        print(f"{path}: {e}: the standings as JSON", file=sys.stderr)
        table = json.dumps(res, ensure_ascii=False)
    print(table)
    return 0


def _convert(args: argparse.Namespace) -> int:
    try:
        warning = logs.convert(args.input, args.output, args.to)
    except logs.InputError as e:
        print(e, file=sys.stderr)
        return 2
    if warning:
        print(f"{args.input}: warning: {warning}", file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add replay and convert to ``kitapi``'s subcommands."""
    r = sub.add_parser("replay", help="recompute the standings of a game log (JSON Lines or device log)")
    r.add_argument("file", type=Path, metavar="FILE")
    r.add_argument("--json", action="store_true", help="print the standings as one JSON object")
    r.add_argument(
        "--runtime",
        choices=("cpython", "micropython"),
        default="cpython",
        help="run the core here (cpython) or in the MicroPython unix port",
    )
    r.add_argument("--heapsize", type=heapsize, help="MicroPython heap, e.g. 16K (with --runtime micropython)")
    r.add_argument(
        "--romfs",
        action="store_true",
        help="run the core in place from a ROMFS image, as from a Pico's flash, instead of loading"
        " .mpy files into the heap (with --runtime micropython)",
    )
    r.set_defaults(func=_replay)

    c = sub.add_parser("convert", help="turn a JSON Lines log into a device log or back, without loss")
    c.add_argument("input", type=Path, metavar="IN")
    c.add_argument("output", type=Path, metavar="OUT")
    c.add_argument("--to", choices=logs.FORMATS, help="the output form (default: the other one)")
    c.set_defaults(func=_convert)
