"""The ``kitapi`` command: the PC side of the Kitapi scorebook."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, TextIO

from kitapi import VERSION
from kitapi.game import result_json
from kitapi_host import logs


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
    print(logs.table(res))
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


def _bench(args: argparse.Namespace) -> int:
    if args.part in ("core", "all"):
        from kitapi_host.bench import run

        run(hands=args.hands)
    if args.part in ("device", "all"):
        from kitapi_host import bench_device

        bench_device.run()
    if args.part in ("sync", "all"):
        from kitapi_host import bench_sync

        bench_sync.run()
    return 0


def _sim(args: argparse.Namespace) -> int:
    from kitapi_host.sim import run

    # The simulator draws the device's screen with escape sequences of its own: the streams as they were.
    out, err = sys.stdout, sys.stderr
    sys.stdout = getattr(out, "_stream", out)
    sys.stderr = getattr(err, "_stream", err)
    try:
        return run(args)
    finally:
        sys.stdout, sys.stderr = out, err


def _heapsize(v: str) -> str:
    if not re.fullmatch(r"[1-9][0-9]*[KkMm]?", v):
        raise argparse.ArgumentTypeError("a size such as 16K, 65536 or 2M")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kitapi", description="Kitapi, the pocket scorebook for Prefa: the PC tools.")
    p.add_argument("--version", action="version", version=f"kitapi {VERSION}")  # (the wheel's: pyproject.toml)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("replay", help="recompute the standings of a game log (JSON Lines or device log)")
    r.add_argument("file", type=Path, metavar="FILE")
    r.add_argument("--json", action="store_true", help="print the standings as one JSON object")
    r.add_argument(
        "--runtime",
        choices=("cpython", "micropython"),
        default="cpython",
        help="run the core here (cpython) or in the MicroPython unix port",
    )
    r.add_argument("--heapsize", type=_heapsize, help="MicroPython heap, e.g. 16K (with --runtime micropython)")
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

    from kitapi_host import archive_cli, deploy, export_cli, simdevice, sync

    archive_cli.register(sub)
    export_cli.register(sub)
    sync.register(sub)
    deploy.register(sub)
    simdevice.register(sub)

    b = sub.add_parser("bench", help="measure the core and the firmware: memory, speed, key presses")
    b.add_argument("--hands", type=int, default=10_000, help="hands in the core's benchmark game (default 10000)")
    b.add_argument(
        "--part",
        choices=("core", "device", "sync", "all"),
        default="all",
        help="the core (replay), the device (firmware in the simulator), the sync (simulated device), or all (default)",
    )
    b.set_defaults(func=_bench)

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
    s.add_argument("--heapsize", type=_heapsize, default="64K", help="MicroPython heap (default 64K)")
    s.add_argument(
        "--no-romfs",
        dest="romfs",
        action="store_false",
        help="load the firmware's .mpy files into the heap instead of running them in place from a ROMFS image",
    )
    s.add_argument("--board", default="sim", help="boards/BOARD.py, or a file (default sim)")
    s.add_argument("--main", type=Path, help=argparse.SUPPRESS)  # another main.py (the tests' demo app)
    s.set_defaults(func=_sim)
    return p


# What a terminal must never be sent from a file: C0 controls but tab and newline (ESC, BEL, CR...),
# DEL, C1 controls, the bidi controls, lone surrogates (which no encoder takes).
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
MAX_LINE = 1000  # characters in a line on stderr: a longer one loses its middle


def clean(text: str) -> str:
    """``text`` with every character a terminal could act on shown as an escape (``\\x1b``, ``\\u202e``)."""
    return _UNSAFE.sub(lambda m: repr(m.group())[1:-1] if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


def _cap(text: str) -> str:
    if len(text) <= MAX_LINE:
        return text
    half = MAX_LINE // 2
    return text[: half - 3] + " ... " + text[-(half - 2) :]


class _StdoutClosed(Exception):
    """The reader of stdout went away (``kitapi show 1 | head``)."""


class _Clean:
    """A text stream that shows control characters as escapes (``clean``); on stderr, lines capped
    at ``MAX_LINE`` characters.  A closed pipe on stdout raises _StdoutClosed."""

    def __init__(self, stream: TextIO, cap: bool) -> None:
        self._stream = stream
        self._cap = cap

    def write(self, text: str) -> int:
        text = clean(text)
        if self._cap and len(text) > MAX_LINE:
            text = "\n".join(_cap(line) for line in text.split("\n"))
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise _StdoutClosed from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise _StdoutClosed from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    """``kitapi``: the exit status.  Nothing a file holds reaches the terminal raw; a closed stdout ends
    the command quietly (as Unix tools end: status 141, SIGPIPE's)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = _Clean(out, cap=False)
    sys.stderr = _Clean(err, cap=True)
    try:
        rc = _main(argv)
        sys.stdout.flush()
        return rc
    except _StdoutClosed:
        try:  # nothing more reaches the pipe, not even Python's last flush
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, out.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 141
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if args.command == "replay" and (args.heapsize or args.romfs) and args.runtime != "micropython":
        parser.error("--heapsize and --romfs go with --runtime micropython")
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
