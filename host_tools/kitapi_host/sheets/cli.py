"""``kitapi export GAME --format jsonl|csv|html|pdf [-o OUT] [--db PATH]``: a game as a log, a sheet, a PDF.

``register(sub)`` adds the subcommand to the ``kitapi`` parser (host_tools/kitapi_host/cli.py).
GAME is a game log file (JSON Lines or device log) or, when no file has that
name, the number of an archived game (``kitapi games``), exported from the log
the archive stored, its seats named as the archive names the players now (a
rename or a merge since: ``sheets.named``); its jsonl is the stored log, names and all.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

from kitapi_host import sheets
from kitapi_host.archive.db import db_arg, default_path
from kitapi_host.archive.text import LANGUAGES
from kitapi_host.logs import InputError
from kitapi_host.sheets.browser import BROWSER_ENV, BrowserError

_EPILOG = f"""GAME:
  a game log file, either form; or, when no file has that name, the number of a game
  in the archive (as `kitapi games` lists it), exported from the log it stored, each
  player named as the archive names him now (kitapi players rename/merge); the jsonl
  keeps the log's names (the stored log is the evidence)
formats:
  jsonl  the game log as stored, corrections included, in the canonical JSON Lines
         of `kitapi convert` (docs/log-format.md)
  csv    one row per hand as scored (deleted hands left out) with every player's
         standings after it: Prefa's pouch and chips; Russian Preferans' pool, hill,
         whists written and net whists; the pot games' pot, refills and stocks;
         Priffe's hand taken apart, the rubber and the individual points; UTF-8
         with a byte order mark, CRLF; no cell is a formula: a text cell (a name)
         starting, after any spaces, with = + - @ is written behind a ', a
         figure (-12, -2.67) stays a figure, a name's line feed or tab is \\n, \\t
  html   a printable score sheet (A4), the sheet as the table keeps it: Prefa's
         three-section sheet (four with four players); for Preferans the triangle
         sheet, the pulya (hill, pool and whists of each player, the running totals
         separated by dots); for the pot games (Austrian, Illustrated, American
         Preference) the pot as it moved, each player's chips and the refills; for
         Priffe the rubber sheet (trick points below the line, bonuses above,
         individual points); then the running columns and the settlement; one
         file, no scripts
  pdf    the score sheet printed to PDF (A4) by a headless Chromium-family browser
         on this PC: chromium-headless-shell, chrome-headless-shell, chromium,
         chromium-browser, google-chrome(-stable), microsoft-edge or msedge on
         PATH (or the usual macOS/Windows place), or
         the one ${BROWSER_ENV} names; none found: exit status 2
--lang el|ru: the sheet's words (its heads, notes, settlement, the CSV's column
  heads) in Greek or Russian, the players' terms as the box shows them; the jsonl
  is the log whatever the language
exit status: 0; 2 for bad input (one line FILE:LINE: reason), an unknown game or
no browser; 1 if the browser failed.  Nothing is written unless all went well."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``export`` to the subcommands ``sub`` of the ``kitapi`` parser."""
    e = sub.add_parser(
        "export",
        help="export a game: its log (jsonl), a spreadsheet (csv) or a printable score sheet (html, pdf)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    e.add_argument(
        "game", metavar="GAME", help="a game log file (JSON Lines or device log), or an archived game's number"
    )
    e.add_argument("--format", "-f", choices=sheets.FORMATS, required=True, help="the export format")
    e.add_argument("-o", "--output", type=Path, metavar="OUT", help="write to OUT (default: standard output)")
    e.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="the words of the csv, html and pdf: English (the default), Greek or Russian, as the box's",
    )
    e.add_argument(
        "--db",
        type=db_arg,
        metavar="PATH|URL",
        help=f"the archive (an SQLite file or a postgresql:// URL), for a game number (default {default_path()})",
    )
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


def _load(args: argparse.Namespace) -> tuple[sheets.GameExport, str]:
    """The game GAME names, and its name for warnings: a file that exists wins over an archive game number."""
    path = Path(args.game)
    if not path.exists() and re.fullmatch(r"[0-9]+", args.game):
        db: Path | str = args.db if args.db is not None else default_path()
        game_id = int(args.game)
        return sheets.load_archive(db, game_id), f"game {game_id}"
    out: Path | None = args.output
    if out is not None and out.exists() and path.exists() and out.resolve() == path.resolve():
        raise InputError(f"{out}:0: the output would overwrite the input")
    return sheets.load(path), str(path)


def run(args: argparse.Namespace) -> int:
    """The ``export`` subcommand: 0; 2 with one line on stderr for bad input, an unknown game or no browser."""
    out: Path | None = args.output
    try:
        if out is None and args.format == "pdf" and sys.stdout.isatty():
            raise InputError("kitapi export: a PDF is not for the terminal: give -o OUT.pdf (or redirect)")
        game, name = _load(args)
        data = sheets.export(game, args.format, args.lang)
        if game.warning:
            print(f"{name}: warning: {game.warning}", file=sys.stderr)
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
    except BrowserError as e:
        print(f"kitapi export: {e}", file=sys.stderr)
        return 2 if e.missing else 1
    return 0
