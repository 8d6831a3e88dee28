"""``kitapi bench``: figures of the core, the device, the sync, the archive (``--part archive``), the web
pages over HTTP (``--part web``) and the box on the pico-rig (``--part rig``).

``register(sub)`` adds it to ``kitapi``'s subcommands (host_tools/kitapi_host/cli.py's table).
"""

from __future__ import annotations

import argparse


def _bench(args: argparse.Namespace) -> int:
    if args.part in ("core", "all"):
        from kitapi_host.bench.core import run

        run(hands=args.hands)
    if args.part in ("device", "all"):
        from kitapi_host.bench import device as bench_device

        bench_device.run()
    if args.part in ("sync", "all"):
        from kitapi_host.bench import sync as bench_sync

        bench_sync.run()
    if args.part == "archive":  # (not in "all": it builds archives of 100,000 games, minutes the first time)
        from kitapi_host.bench import archive as bench_archive

        return bench_archive.run(tuple(args.games), args.pg)
    if args.part == "rig":  # (not in "all": it needs the pico-rig running with the firmware deployed)
        from kitapi_host.bench import rig as bench_rig

        return bench_rig.run()
    if args.part == "web":  # (not in "all" either: the same archives, through kitapi serve's server)
        from kitapi_host.bench import web as bench_web

        return bench_web.run(tuple(args.games), args.pg, args.requests)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add bench to ``kitapi``'s subcommands."""
    b = sub.add_parser("bench", help="measure the core and the firmware: memory, speed, key presses")
    b.add_argument("--hands", type=int, default=10_000, help="hands in the core's benchmark game (default 10000)")
    b.add_argument(
        "--part",
        choices=("core", "device", "sync", "archive", "web", "rig", "all"),
        default="all",
        help="the core (replay), the device (firmware in the simulator), the sync (simulated device), or all"
        " (default); archive: the archive at a league's size on SQLite and PostgreSQL (not in all); web: the"
        " pages through kitapi serve's server over HTTP on those archives (not in all); rig: the box on the"
        " pico-rig, awake fractions, hours, key to pixels, the boot (not in all: the rig running, RIG_PORT and"
        " RIG_CTL_PORT)",
    )
    b.add_argument(
        "--games",
        type=lambda v: [int(x) for x in v.split(",")],
        default=[10_000, 100_000],
        metavar="N,N",
        help="--part archive, web: the archive sizes (default 10000,100000)",
    )
    b.add_argument(
        "--requests",
        type=int,
        default=20,
        metavar="N",
        help="--part web: the GETs of each page (default 20: the median and the worst of them)",
    )
    b.add_argument(
        "--pg",
        metavar="URL",
        help="--part archive, web: a PostgreSQL server (postgresql://...) on which the bench makes and drops the"
        " database kitapi_bench, to measure PostgreSQL beside SQLite",
    )
    b.set_defaults(func=_bench)
