"""``kitapi export GAME --format jsonl|csv|html [-o OUT]``: a game as a log, a spreadsheet or a score sheet.

``register(sub)`` adds the subcommand to the ``kitapi`` parser (host_tools/cli.py).
GAME is a game log file, either form (JSON Lines or device log); archive game ids come later.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from kitapi_host import export
from kitapi_host.logs import InputError

_EPILOG = """formats:
  jsonl  the game log as stored, corrections included, in the canonical JSON Lines
         of `kitapi convert` (docs/log-format.md)
  csv    one row per hand as scored (deleted hands left out) with every player's
         pouch and chips after it; UTF-8 with a byte order mark, CRLF
  html   a printable score sheet (A4): the three-section sheet (four with four
         players), the running columns and the settlement; one file, no scripts
PDF: open the HTML in a browser and print it to PDF."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``export`` to the subcommands ``sub`` of the ``kitapi`` parser."""
    e = sub.add_parser(
        "export",
        help="export a game: its log (jsonl), a spreadsheet (csv) or a printable score sheet (html)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    e.add_argument("game", metavar="GAME", help="a game log file (JSON Lines or device log)")
    e.add_argument("--format", "-f", choices=export.FORMATS, required=True, help="the export format")
    e.add_argument("-o", "--output", type=Path, metavar="OUT", help="write to OUT (default: standard output)")
    e.set_defaults(func=run)


def _write(out: Path, data: bytes) -> None:
    """Write ``data`` to ``out`` whole or not at all (a temporary file, then renamed)."""
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".kitapi-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would have made it
        os.replace(tmp, out)
    except BaseException:
        os.unlink(tmp)
        raise


def run(args: argparse.Namespace) -> int:
    """The ``export`` subcommand: 0, or 2 with one line ``FILE:LINE: reason`` on stderr for bad input."""
    path = Path(args.game)
    out: Path | None = args.output
    try:
        if out is not None and out.exists() and path.exists() and out.resolve() == path.resolve():
            raise InputError(f"{out}:0: the output would overwrite the input")
        game = export.load(path)
        data = export.export(game, args.format)
        if game.warning:
            print(f"{path}: warning: {game.warning}", file=sys.stderr)
        if out is None:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            try:
                _write(out, data)
            except OSError as e:
                raise InputError(f"{out}:0: cannot write the file ({e.strerror})") from None
    except InputError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
