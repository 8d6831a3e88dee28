"""The ``kitapi`` command: the PC side of the Kitapi scorebook."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any, TextIO

from kitapi import VERSION
from kitapi_host.text import clean  # (what the streams show of a file's text; the sheets' too)

# The subcommands, in the order ``kitapi --help`` lists them: the module whose ``register(sub)`` adds them,
# and their names (tests/pc/test_cli.py checks the parser against this table).
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("kitapi_host.logs.cli", ("replay", "convert")),
    ("kitapi_host.archive.cli", ("archive", "games", "show", "stats", "players")),
    ("kitapi_host.tournament.cli", ("tournament",)),
    ("kitapi_host.archive.ratings", ("ratings",)),
    ("kitapi_host.sheets.cli", ("export",)),
    ("kitapi_host.web.cli", ("serve",)),
    ("kitapi_host.device.sync", ("sync",)),
    ("kitapi_host.device.deploy", ("deploy",)),
    ("kitapi_host.device.image", ("image",)),
    ("kitapi_host.device.doctor", ("doctor",)),
    ("kitapi_host.sim.device", ("simdevice",)),
    ("kitapi_host.bench.cli", ("bench",)),
    ("kitapi_host.sim.cli", ("sim",)),
)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with ``command`` (one of COMMANDS' names) of its module's commands alone:
    a command imports only what it runs (``kitapi replay`` does not load mpremote, the archive or the sheets)."""
    p = argparse.ArgumentParser(prog="kitapi", description="Kitapi, the pocket scorebook for Prefa: the PC tools.")
    p.add_argument("--version", action="version", version=f"kitapi {VERSION}")  # (the wheel's: pyproject.toml)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    for module, names in COMMANDS:
        if command is None or command in names:
            importlib.import_module(module).register(sub)
    return p


def _command(argv: list[str]) -> str | None:
    """The command named in ``argv`` if it is one of COMMANDS' (the first word not an option), else None."""
    for a in argv:
        if not a.startswith("-"):
            return a if any(a in names for _module, names in COMMANDS) else None
    return None


MAX_LINE = 1000  # characters in a line on stderr: a longer one loses its middle


def _cap(text: str) -> str:
    if len(text) <= MAX_LINE:
        return text
    half = MAX_LINE // 2
    return text[: half - 3] + " ... " + text[-(half - 2) :]


class _StdoutClosed(Exception):
    """The reader of stdout went away (``kitapi show 1 | head``)."""


class _Clean:
    """A text stream that shows control characters as escapes (``clean``); on stderr, lines capped
    at ``MAX_LINE`` characters.  A closed pipe on stdout raises _StdoutClosed.  A character the stream's
    encoding has not (``PYTHONIOENCODING=ascii``, Windows' cp1252 when the output is redirected) is shown
    as an escape too (``\u0396``), never a UnicodeEncodeError."""

    def __init__(self, stream: TextIO, cap: bool) -> None:
        self._stream = stream
        self._cap = cap

    def write(self, text: str) -> int:
        text = clean(text)
        if self._cap and len(text) > MAX_LINE:
            text = "\n".join(_cap(line) for line in text.split("\n"))
        try:
            try:
                return self._stream.write(text)
            except UnicodeEncodeError:  # (a text stream encodes the whole text before it writes any of it)
                enc = getattr(self._stream, "encoding", None) or "ascii"
                return self._stream.write(text.encode(enc, "backslashreplace").decode(enc))
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
    parser = build_parser(_command(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    if args.command == "replay" and (args.heapsize or args.romfs) and args.runtime != "micropython":
        parser.error("--heapsize and --romfs go with --runtime micropython")
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
