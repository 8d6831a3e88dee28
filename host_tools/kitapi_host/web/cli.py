"""``kitapi serve``: the archive as a local web site (kitapi_host.web.app), served by waitress.

Bound to 127.0.0.1 (only this PC) unless ``--host`` names the venue's network (``--host 0.0.0.0``: a tablet on
the counter); ``--port`` (default 8330; 0: a free one); the browser is opened on the home page unless
``--no-browser``.  Read-only unless ``--admin`` (renaming and merging players, as ``kitapi players``); off the
loopback (or with ``--allow-host``) the forms want the admin link printed at start.  Only the Host names of
``server.host_names`` (and ``--allow-host NAME``) are served; slow clients are bounded by ``server``."""

from __future__ import annotations

import argparse
import secrets
import socket
import sys
import threading
import webbrowser

from kitapi_host.archive.cli import add_db_option
from kitapi_host.archive.db import default_path

PORT = 8330


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the subcommands ``sub`` of the ``kitapi`` parser."""
    s = sub.add_parser("serve", help="the archive as a web site: standings, games, players (a local server)")
    add_db_option(s)  # (the archive commands' own --db)
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this PC only)")
    s.add_argument("--port", type=int, default=PORT, help=f"the port (default {PORT}; 0: any free one)")
    s.add_argument("--no-browser", action="store_true", help="do not open the home page in the browser")
    s.add_argument("--admin", action="store_true", help="allow renaming and merging players from the pages")
    s.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name the pages may be asked by (a reverse proxy's, a DNS name; repeatable)",
    )
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted: 0; 2 with one line on stderr for no archive or a port that cannot be had."""
    import sqlite3

    from kitapi_host.archive.db import Archive, ArchiveError, trouble
    from kitapi_host.web.app import create_app
    from kitapi_host.web.server import bound, host_names, loopback, make_server, port_of

    db = args.db if args.db is not None else default_path()
    try:  # (no archive, a file that is none, or of a newer kitapi, is told now, not per page; none is made)
        Archive(db, create=False).close()
    except ArchiveError as e:
        print(e, file=sys.stderr)
        return 2
    except (sqlite3.Error, OSError) as e:
        print(trouble(db, e), file=sys.stderr)
        return 2
    hosts: set[str] = set()  # (filled below, once the addresses are bound)
    for n in args.allow_host:
        if not n.strip() or any(c in n for c in "/@ \t\\"):
            print(f"kitapi serve: --allow-host {n!r}: a host name (club.example), not a URL", file=sys.stderr)
            return 2
    app = create_app(db, admin=args.admin, hosts=hosts)
    try:
        server = make_server(app, args.host, args.port)
    except (OSError, ValueError) as e:  # (ValueError: waitress names a host it cannot resolve)
        why = getattr(e, "strerror", None) or e
        print(f"kitapi serve: cannot listen on {args.host}:{args.port} ({why})", file=sys.stderr)
        return 2
    port, addresses = port_of(server), bound(server)
    hosts |= host_names(args.host, addresses, args.allow_host)
    local = loopback(addresses)
    name = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else name}:{port}/"
    print(f"kitapi serve: {url} ({'admin' if args.admin else 'read-only'}; Ctrl-C stops)", flush=True)
    if not local:
        me = socket.gethostname()
        print(f"kitapi serve: on the network http://{me}:{port}/ (or http://{me.split('.')[0]}.local:{port}/)")
    if args.admin and (not local or args.allow_host):  # (reached by others: the forms need the secret too)
        app.config["KITAPI_ADMIN_TOKEN"] = token = secrets.token_urlsafe(24)
        url = f"{url}?admin={token}"
        print(f"kitapi serve: the admin link (once per browser; keep it to yourself): {url}", flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0
