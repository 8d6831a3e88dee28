"""``kitapi bench --part web``: the club's pages through the real server, over HTTP, at a league's size.

On the archives of ``kitapi bench --part archive`` (10,000 and 100,000 games of 500 players over two years, made
once and cached: ``kitapi_host.bench.archive``), SQLite and, with ``--pg URL``, PostgreSQL (a database
``kitapi_bench`` made on that server and dropped afterwards): the server ``kitapi serve`` runs
(``kitapi_host.web.server.make_server`` over ``create_app``, waitress and its threads) is started on a free
port of 127.0.0.1, and each page is asked ``REQUESTS`` times by GET over a new HTTP connection, as a browser
that accepts gzip (after one GET that loads the templates and the families' modules, and fills what the server
keeps: its time is said too), its whole answer read:

- ``/``: the home page of the month of the last game (its standings of every system, its 20 latest games);
- ``/ month``: the home page of the whole month before (a full month: 4,000 games at 100,000);
- ``/player``: a player of a typical number of games (his first page of 50, the head to head of all);
- ``/game``: a game's page (its standings, chart and hand table, recomputed by the core);
- ``/stats``: his ``kitapi stats`` (every hand of his games replayed);
- ``/evening``: the evening page, when this kitapi has one.

Each: the median and the worst of the ``REQUESTS`` (ms), and the home page's size as sent (gzip) and as
it is.  Targets: each median at most ``TARGET_SQLITE_MS`` on SQLite and ``TARGET_PG_MS`` on PostgreSQL at
100,000 games, the home page at most ``TARGET_HOME_KB`` KB compressed.
"""

from __future__ import annotations

import http.client
import shutil
import statistics
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from kitapi_host.bench import archive as bench

REQUESTS = 20
TARGET_SQLITE_MS = 150
TARGET_PG_MS = 300
TARGET_HOME_KB = 100


def _get(port: int, url: str) -> tuple[float, int, int]:
    """GET ``url`` on 127.0.0.1:``port`` over a new connection, accepting gzip: (ms to the last byte, bytes
    sent, bytes of the page); RuntimeError unless 200."""
    import gzip

    t = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("GET", url, headers={"Accept-Encoding": "gzip", "Host": f"127.0.0.1:{port}"})
        resp = conn.getresponse()
        body = resp.read()
        ms = (time.perf_counter() - t) * 1000
        if resp.status != 200:
            raise RuntimeError(f"GET {url}: {resp.status}")
        plain = gzip.decompress(body) if resp.getheader("Content-Encoding") == "gzip" else body
        return ms, len(body), len(plain)
    finally:
        conn.close()


def pages(db: Path | str) -> list[tuple[str, str]]:
    """The pages measured on the bench's archive ``db``: (label, URL)."""
    from kitapi_host.archive.db import Archive
    from kitapi_host.web.app import create_app
    from kitapi_host.web.data import this_month

    last = this_month(datetime.fromtimestamp(bench.END, UTC).date())  # (the bench's "this month")
    before = this_month(last.first - timedelta(days=1))
    player = bench.player_name(bench.PLAYERS // 2)
    with Archive(db, create=False) as a:
        some = a.find_games(last.since, last.until, limit=1)
        gid = some[0]["id"] if some else 1
    out = [
        ("/", f"/?from={last.since}&to={last.last}"),
        ("/ month", f"/?from={before.since}&to={before.last}"),
        ("/player", f"/player/{quote(player)}"),
        ("/game", f"/game/{gid}"),
        ("/stats", f"/stats/{quote(player)}"),
    ]
    if "evening" in create_app(db).view_functions:
        out.append(("/evening", f"/evening?date={datetime.fromtimestamp(bench.END, UTC).date()}"))
    return out


def measure(db: Path | str, requests: int = REQUESTS) -> dict[str, Any]:
    """The pages (``pages``) through ``kitapi serve``'s server on a free port: per label, ``median`` and
    ``worst`` (ms); ``home_sent`` and ``home_bytes`` (the home page compressed and not)."""
    from kitapi_host.web.app import LOOPBACK, create_app
    from kitapi_host.web.server import make_server, port_of

    app = create_app(db, hosts=set(LOOPBACK))
    server = make_server(app, "127.0.0.1", 0)
    port = port_of(server)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    out: dict[str, Any] = {}
    try:
        for label, url in pages(db):
            first = _get(port, url)[0]  # (its templates compiled, its modules loaded: once per server)
            got = [_get(port, url) for _ in range(requests)]
            times = [ms for ms, _, _ in got]
            out[label] = {"median": statistics.median(times), "worst": max(times), "first": first}
            if label == "/":
                out["home_sent"], out["home_bytes"] = got[-1][1], got[-1][2]
    finally:
        server.task_dispatcher.shutdown(timeout=5)  # (its threads done with their last answers first)
        server.close()
        thread.join(5)
    return out


def _load() -> str:
    """The machine's load (1, 5, 15 minutes' averages) and its cores, as said beside the figures."""
    import os

    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return f"{os.cpu_count()} cores"
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def run(sizes: tuple[int, ...] = (10_000, 100_000), pg: str | None = None, requests: int = REQUESTS) -> int:
    """Make (or find cached) the archives, measure each, print the table: 0."""
    folder = bench.cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    print(f"kitapi serve over HTTP: {requests} GETs per page (gzip accepted), median and worst, ms")
    templates = bench.templates_archive(folder)
    results: dict[tuple[int, str], dict[str, Any]] = {}
    for n in sizes:
        cached = bench.sqlite_archive(folder, templates, n)
        with tempfile.TemporaryDirectory() as d:
            copy = Path(d) / "archive.sqlite3"
            shutil.copyfile(cached, copy)  # (the cached one stays as it is, whatever the server does)
            print(f"  {n:,} games, SQLite ({_load()})", flush=True)
            results[(n, "SQLite")] = measure(copy, requests)
        if pg:
            url = bench.postgres_archive(pg, cached)
            try:
                print(f"  {n:,} games, PostgreSQL ({_load()})", flush=True)
                results[(n, "PostgreSQL")] = measure(url, requests)
            finally:
                bench.drop_bench_database(pg)
    labels = [k for k in next(iter(results.values())) if k.startswith("/")] if results else []
    print()
    print("  games    backend     " + "".join(f"{k:>18}" for k in labels) + "   home sent / page (KB)")
    missed = []
    for (n, b), r in results.items():
        cells = "".join(f"{r[k]['median']:>9.1f} /{r[k]['worst']:>7.1f}" for k in labels)
        print(f"  {n:>7,}  {b:<10}  {cells}   {r['home_sent'] / 1024:>6.1f} / {r['home_bytes'] / 1024:.1f}")
        firsts = ", ".join(f"{k} {r[k]['first']:.0f}" for k in labels)
        print(f"  {'':>7}  {'':<10}  the first GET of each (the server just started, nothing kept): {firsts}")
        target = TARGET_SQLITE_MS if b == "SQLite" else TARGET_PG_MS
        missed += [f"{n:,} {b} {k} {r[k]['median']:.0f} ms > {target}" for k in labels if r[k]["median"] > target]
        if r["home_sent"] > TARGET_HOME_KB * 1024:
            missed.append(f"{n:,} {b} home {r['home_sent'] / 1024:.0f} KB > {TARGET_HOME_KB}")
    print()
    print(
        f"  targets: median <= {TARGET_SQLITE_MS} ms (SQLite), <= {TARGET_PG_MS} ms (PostgreSQL);"
        f" the home page <= {TARGET_HOME_KB} KB sent: {'met' if not missed else 'NOT met: ' + '; '.join(missed)}"
    )
    return 0
