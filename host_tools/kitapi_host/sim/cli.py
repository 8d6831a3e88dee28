"""``kitapi sim``: the firmware in the simulator, in the terminal or headless with a key script.

``register(sub)`` adds it to ``kitapi``'s subcommands (host_tools/kitapi_host/cli.py's table).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from kitapi_host.mpy import heapsize


def _sim(args: argparse.Namespace) -> int:
    from kitapi_host.sim.firmware import run

    # The simulator draws the device's screen with escape sequences of its own: the streams as they were,
    # but a character their encoding has not (the box's Greek on PYTHONIOENCODING=ascii) is an escape,
    # never a UnicodeEncodeError.
    out, err = sys.stdout, sys.stderr
    sys.stdout = getattr(out, "_stream", out)
    sys.stderr = getattr(err, "_stream", err)
    strict = [
        s
        for s in {id(s): s for s in (sys.stdout, sys.stderr)}.values()
        if isinstance(s, io.TextIOWrapper) and s.errors == "strict"
    ]
    for s in strict:
        s.reconfigure(errors="backslashreplace")
    try:
        return run(args)
    finally:
        for s in strict:
            s.reconfigure(errors="strict")
        sys.stdout, sys.stderr = out, err


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add sim to ``kitapi``'s subcommands."""
    s = sub.add_parser(
        "sim",
        help="run the firmware in the simulator: in the terminal, or headless with a key script",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""key scripts (--keys, --keys-file; docs/simulator.md):
  0-9 A-D * #   press that key (a-d too)
  L<key>        a long press of that key, e.g. L* or LD
  ~<time>       that much time passes with no key: ~1500 (ms), ~30s, ~5m
  // ...        a comment, to the end of the line
  Spaces and new lines are ignored.  Example: --keys "6# 12 ~60s L*"
interactive (no script; stdin a terminal):
  0-9 a-d * #   a key; Enter is #, Backspace is *
  A-D, or ! and then a key: a long press; q or Ctrl-C quits""",
    )
    s.add_argument(
        "--data",
        type=Path,
        default=Path("kitapi-sim-data"),
        metavar="DIR",
        help="the device's files (default ./kitapi-sim-data, created if missing)",
    )
    script = s.add_mutually_exclusive_group()
    script.add_argument("--keys", metavar="SCRIPT", help="run headless: press these keys (syntax below)")
    script.add_argument("--keys-file", type=Path, metavar="FILE", help="run headless: the key script in FILE")
    s.add_argument(
        "--screenshot",
        type=Path,
        metavar="DIR",
        help="a PNG of the screen after each step: DIR/0000.png (boot), 0001.png, ...",
    )
    s.add_argument("--text", action="store_true", help="print the texts of the screen after each step, then ----")
    s.add_argument("--heapsize", type=heapsize, default="64K", help="MicroPython heap (default 64K)")
    s.add_argument(
        "--no-romfs",
        dest="romfs",
        action="store_false",
        help="load the firmware's .mpy files into the heap instead of running them in place from a ROMFS image",
    )
    s.add_argument("--board", default="sim", help="boards/BOARD.py, or a file (default sim)")
    s.add_argument("--main", type=Path, help=argparse.SUPPRESS)  # another main.py (the tests' demo app)
    s.set_defaults(func=_sim)
