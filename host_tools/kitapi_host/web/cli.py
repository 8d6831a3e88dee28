"""``kitapi serve``: the archive as a local web site (kitapi_host.web.app), served by waitress.

Bound to 127.0.0.1 (only this PC) unless ``--host`` names the venue's network (``--host 0.0.0.0``: a tablet on
the counter); ``--port`` (default 8330; 0: a free one); the browser is opened on the home page unless
``--no-browser``.  Read-only unless ``--admin`` (renaming and merging players, as ``kitapi players``)."""

from __future__ import annotations

import argparse
import sys
import threading
import webbrowser

from kitapi_host.archive.cli import _db
from kitapi_host.archive.db import default_path

PORT = 8330


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the subcommands ``sub`` of the ``kitapi`` parser."""
    s = sub.add_parser("serve", help="the archive as a web site: standings, games, players (a local server)")
    _db(s)  # (the archive commands' own --db)
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this PC only)")
    s.add_argument("--port", type=int, default=PORT, help=f"the port (default {PORT}; 0: any free one)")
    s.add_argument("--no-browser", action="store_true", help="do not open the home page in the browser")
    s.add_argument("--admin", action="store_true", help="allow renaming and merging players from the pages")
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted: 0; 2 with one line on stderr for no archive or a port that cannot be had."""
    import sqlite3

    from waitress.server import create_server

    from kitapi_host.archive.db import Archive, ArchiveError, trouble
    from kitapi_host.web.app import LOOPBACK, create_app

    db = args.db if args.db is not None else default_path()
    try:  # (no archive, a file that is none, or of a newer kitapi, is told now, not per page; none is made)
        Archive(db, create=False).close()
    except ArchiveError as e:
        print(e, file=sys.stderr)
        return 2
    except (sqlite3.Error, OSError) as e:
        print(trouble(db, e), file=sys.stderr)
        return 2
    hosts = set(LOOPBACK) if args.host in LOOPBACK else None
    app = create_app(db, admin=args.admin, hosts=hosts)
    try:
        server = create_server(app, host=args.host, port=args.port, threads=4)
    except OSError as e:
        print(f"kitapi serve: cannot listen on {args.host}:{args.port} ({e.strerror})", file=sys.stderr)
        return 2
    port = server.effective_port
    name = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else name}:{port}/"
    print(f"kitapi serve: {url} ({'admin' if args.admin else 'read-only'}; Ctrl-C stops)", flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0
