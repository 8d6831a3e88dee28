"""``kitapi bench``: figures of the core, the device and the sync.

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
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add bench to ``kitapi``'s subcommands."""
    b = sub.add_parser("bench", help="measure the core and the firmware: memory, speed, key presses")
    b.add_argument("--hands", type=int, default=10_000, help="hands in the core's benchmark game (default 10000)")
    b.add_argument(
        "--part",
        choices=("core", "device", "sync", "all"),
        default="all",
        help="the core (replay), the device (firmware in the simulator), the sync (simulated device), or all (default)",
    )
    b.set_defaults(func=_bench)
