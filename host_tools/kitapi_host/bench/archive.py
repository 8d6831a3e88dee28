"""``kitapi bench --part archive``: the archive at a league's size, on SQLite and on PostgreSQL side by side.

For each size (10,000 and 100,000 games of 500 players, over two years) and each backend: the club's web page
itself (``kitapi serve``'s Flask app, ``kitapi_host.web.app``, through its test client: the archive opened anew
for each request, the page rendered whole): GET ``/`` of the month of the last game (the 20 latest games and
that month's standings of every system), GET ``/player/NAME`` (a player with a typical number of games: his
games, net over time, head to head) and ``/stats/NAME`` (his ``kitapi stats``, a page of its own); the queries
the league's tools ask (``Archive.latest``, ``standings``, ``player_games``, ``stats``, ``head_to_head``); each
the median of 5 runs; the rate of ``archive add`` (``Archive.add_log``, each game replayed and checked by
the core) into that archive, 1,000 games in batches (``Archive.in_batches``, as ``kitapi archive add`` of many
files) and 100 one by one (a transaction each, as ``kitapi sync``); and the ratings (``kitapi ratings``' count
from the start, one run, and the page ``/ratings`` from ``kitapi serve``'s kept count, then once after a later
game came), every game made finished first.

The archive is made fast, and once: 600 games of six systems (Prefa, Sochi, the kasa, Austrian Preference,
Priffe, Balkan; 12 hands each) are generated (``kitapi_host.logs.gen``) and archived through ``add_log``;
each of the N games is one of them under four or three of the 500 players and its own date (its header's
``started``), its rows what ``add_log`` writes for it (the log's header changed, so its own sha256).  The
SQLite archive is kept in ``$XDG_CACHE_HOME/kitapi`` (else ``~/.cache/kitapi``) and used again; PostgreSQL's
(``--pg URL``: a server on which the bench makes, and afterwards drops, the database ``kitapi_bench``) is filled
from it by COPY.  Without ``--pg``, SQLite only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kitapi import registry
from kitapi.jsonw import header_json
from kitapi_host.archive.db import Archive
from kitapi_host.logs import gen

PLAYERS = 500
TEMPLATES = 600
HANDS = 12
SYSTEMS = tuple(r[0] for r in registry.rows())  # every system of kitapi.registry, in turn
DAYS = 730  # the games are spread over two years, the last on END
END = 1_795_000_000  # 2026-11-18 (UTC), in seconds: the month of the standings is the last one
ADDED = 1000  # games archived through add_log for the rate, in batches (Archive.in_batches: kitapi archive add)
ALONE = 100  # and games archived one by one, each its own transaction (as kitapi sync adds a game)
RUNS = 5
TARGET_MS = 300


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kitapi"


def player_name(i: int) -> str:
    return f"Player {i + 1:03}"


def _stamp(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))


def templates_archive(folder: Path) -> Path:
    """The archive of the 600 template games (made once, cached)."""
    path = folder / f"bench-templates-{TEMPLATES}.sqlite3"
    if path.exists():
        return path
    tmp = path.with_suffix(".part")
    tmp.unlink(missing_ok=True)
    with Archive(tmp) as a:
        for i in range(TEMPLATES):
            rules = SYSTEMS[i % len(SYSTEMS)]
            hdr, hs = gen.generate(rules, i, HANDS)
            text = _jsonl(hdr, hs)
            a.add_log(text, "bench", f"t{i}")
    os.replace(tmp, path)
    return path


def _jsonl(hdr: dict[str, Any], hands: list[dict[str, Any]]) -> bytes:
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "g.jsonl"
        gen.write_jsonl(p, hdr, hands)
        return p.read_bytes()


def _rows(templates: Path, n: int) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """The rows of an archive of ``n`` games, table by table, in batches: ``(table, rows)``."""
    src = sqlite3.connect(templates)
    src.row_factory = sqlite3.Row
    tpl = []
    for g in src.execute("SELECT * FROM games ORDER BY id"):
        log = src.execute("SELECT log FROM logs WHERE game = ?", (g["id"],)).fetchone()[0]
        seats = [r[0] for r in src.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (g["id"],))]
        rows = src.execute("SELECT * FROM hands WHERE game = ? ORDER BY number", (g["id"],)).fetchall()
        body = bytes(log).split(b"\n", 1)[1]
        tpl.append((dict(g), json.loads(g["header"]), body, seats, [tuple(h) for h in rows]))
    src.close()
    yield "players", [(i + 1, player_name(i)) for i in range(PLAYERS)]
    games: list[tuple[Any, ...]] = []
    logs: list[tuple[Any, ...]] = []
    gps: list[tuple[Any, ...]] = []
    hands: list[tuple[Any, ...]] = []
    for i in range(n):
        g, hdr, body, seats, hs = tpl[i % len(tpl)]
        k = len(seats)
        players = [(i * 7 + s * 131 + i // PLAYERS) % PLAYERS for s in range(k)]
        if len(set(players)) < k:
            players = [(players[0] + s) % PLAYERS for s in range(k)]
        hdr = {**hdr, "players": [player_name(p) for p in players], "started": _stamp(END - DAYS * 86400 * (n - i) / n)}
        head = header_json(hdr)
        log = head.encode() + b"\n" + body
        gid = i + 1
        result = g["result"].replace(
            json.dumps(json.loads(g["header"])["players"]), json.dumps(hdr["players"], ensure_ascii=False), 1
        )
        digest = hashlib.sha256(log).hexdigest()
        games.append(
            (gid, "bench", f"{i:06}.jsonl", hdr["started"], g["rules"], head, b"", "jsonl", digest, g["hands"],
             result, g["over"], g["ended"], None, g["added"], g["updated"], digest, len(log))
        )  # fmt: skip
        logs.append((gid, log))
        gps.extend((gid, s, p + 1) for s, p in enumerate(players))
        by_id = {t: p + 1 for t, p in zip(seats, players, strict=True)}
        hands.extend((gid, h[1], *h[2:5], None if h[5] is None else by_id[h[5]], *h[6:]) for h in hs)
        if len(games) == 5000 or i == n - 1:
            yield "games", games
            yield "logs", logs
            yield "game_players", gps
            yield "hands", hands
            games, logs, gps, hands = [], [], [], []


_COLS = {
    "players": "id, name",
    "games": "id, device, name, started, rules, header, log, format, sha256, hands, result, over, ended, damage,"
    " added, updated, canon, canon_len",
    "logs": "game, log",
    "game_players": "game, seat, player",
    "hands": "game, number, hand, corrected, kind, bidder, contract, defense, bidder_tricks, made, short, whist,"
    " tricks",
}


def sqlite_archive(folder: Path, templates: Path, n: int) -> Path:
    """The cached SQLite archive of ``n`` games (made if missing)."""
    path = folder / f"bench-archive-{n}.sqlite3"
    if path.exists():
        return path
    tmp = path.with_suffix(".part")
    tmp.unlink(missing_ok=True)
    Archive(tmp).close()  # the tables and indexes
    db = sqlite3.connect(tmp, isolation_level=None)
    db.execute("BEGIN")
    for table, rows in _rows(templates, n):
        marks = ", ".join("?" * len(_COLS[table].split(",")))
        db.executemany(f"INSERT INTO {table} ({_COLS[table]}) VALUES ({marks})", rows)
    db.execute("COMMIT")
    db.close()
    os.replace(tmp, path)
    return path


def postgres_archive(server: str, sqlite_path: Path) -> str:
    """A new database ``kitapi_bench`` on ``server`` holding the archive at ``sqlite_path`` (copied by COPY)."""
    import psycopg

    url = server.rpartition("/")[0] + "/kitapi_bench"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute("DROP DATABASE IF EXISTS kitapi_bench WITH (FORCE)")
        admin.execute("CREATE DATABASE kitapi_bench")
    Archive(url).close()
    src = sqlite3.connect(sqlite_path)
    with psycopg.connect(url) as dst, dst.cursor() as cur:
        for table in ("players", "games", "logs", "game_players", "hands"):
            with cur.copy(f"COPY {table} ({_COLS[table]}) FROM STDIN") as cp:
                for row in src.execute(f"SELECT {_COLS[table]} FROM {table}"):
                    cp.write_row(row)
    src.close()
    with psycopg.connect(url, autocommit=True) as db:
        # the database at rest, as a league's is between its venues' syncs (autovacuum's work): the rows'
        # visibility set once, not by the first pages' reads (which made them 2-3 times slower right after
        # the COPY), and the planner's statistics
        db.execute("VACUUM ANALYZE")
        with contextlib.suppress(psycopg.errors.InsufficientPrivilege):  # (a superuser's, or pg_checkpoint's)
            db.execute("CHECKPOINT")  # the loaded pages written now, not by the checkpointer while it measures
    return url


def drop_bench_database(server: str) -> None:
    """Drop the bench's PostgreSQL database on ``server`` (the archive bench's and the web bench's)."""
    import psycopg

    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute("DROP DATABASE IF EXISTS kitapi_bench WITH (FORCE)")


def _ms(f: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def _new_logs() -> list[bytes]:
    """ADDED + ALONE new games (other seeds than the templates', among the 500 players) for the add rates."""
    out = []
    for i in range(ADDED + ALONE):
        rules = SYSTEMS[i % len(SYSTEMS)]
        hdr, hs = gen.generate(rules, 10_000 + i, HANDS)
        hdr["players"] = [player_name((i * 11 + s * 97) % PLAYERS) for s in range(len(hdr["players"]))]
        out.append(_jsonl(hdr, hs))
    return out


def _get(client: Any, url: str) -> Callable[[], object]:
    """A GET of ``url`` through the web page's test client, which must answer 200."""

    def get() -> object:
        resp = client.get(url)
        if resp.status_code != 200:
            raise RuntimeError(f"GET {url}: {resp.status_code}")
        return resp.data

    return get


def measure(db: Path | str, new: list[bytes]) -> dict[str, float]:
    """On the archive ``db``: the web page's pages (ms: the home page of the month of the last game, a
    player's page and his statistics' page, each a GET through Flask's test client, the archive opened
    anew as for every request of ``kitapi serve``), the league's queries (ms) and the add rate (games/s)."""
    from urllib.parse import quote

    from kitapi_host.web.app import LOOPBACK, create_app
    from kitapi_host.web.data import this_month

    out: dict[str, float] = {}
    last = this_month(datetime.fromtimestamp(END, UTC).date())  # (the bench's "this month")
    month = last.since + "T00:00:00"
    player = player_name(PLAYERS // 2)  # (his games: about 3.5 in 500 of them, as everyone's)
    client = create_app(db, hosts=set(LOOPBACK)).test_client()
    _get(client, "/")()  # (the templates compiled, the families' modules loaded: once per server)
    out["web_home"] = _ms(_get(client, f"/?from={last.since}&to={last.last}"))
    out["web_player"] = _ms(_get(client, f"/player/{quote(player)}"))
    out["web_stats"] = _ms(_get(client, f"/stats/{quote(player)}"))
    with Archive(db) as a:
        out["latest"] = _ms(lambda: a.latest(20))
        out["standings"] = _ms(lambda: a.standings(month, None))
        out["games_of"] = _ms(lambda: a.player_games(player))
        out["stats"] = _ms(lambda: a.stats(player))
        out["h2h"] = _ms(lambda: a.head_to_head(player))
        t, cpu = time.perf_counter(), time.process_time()
        a.in_batches(range(ADDED), lambda i: a.add_log(new[i], "bench-add", f"{i}.jsonl"))
        out["add"] = ADDED / (time.perf_counter() - t)
        out["add_cpu"] = (time.process_time() - cpu) / ADDED * 1000  # (this process's own, ms a game)
        t = time.perf_counter()
        for i in range(ADDED, ADDED + ALONE):
            a.add_log(new[i], "bench-add", f"{i}.jsonl")
        out["add_alone"] = ALONE / (time.perf_counter() - t)
        # the ratings (kitapi_host.archive.ratings) over every game, each made finished (the templates' 12 hands
        # end few games, and a game in play is not counted): the command's count from the start (one run: it
        # reads every game), then the page /ratings from kitapi serve's kept count
        from kitapi_host.archive.ratings import ratings

        with a.transaction():
            a.db.execute("UPDATE games SET over = 1")
        t = time.perf_counter()
        out["rated"] = ratings(a).counted
        out["ratings"] = (time.perf_counter() - t) * 1000
    _get(client, "/ratings")()  # (the page's count, kept)
    out["web_ratings"] = _ms(_get(client, "/ratings"))
    with Archive(db) as a:  # tonight's game, synced and over: the page counts it on top of its kept count
        gid, _ = a.add_log(_late_game(), "bench-late", "late.jsonl")
        with a.transaction():
            a.db.execute("UPDATE games SET over = 1 WHERE id = ?", (gid,))
    t = time.perf_counter()
    _get(client, "/ratings")()
    out["web_ratings_late"] = (time.perf_counter() - t) * 1000
    return out


def _late_game() -> bytes:
    """A game of the registry's first system of three of the players, started after every game of the bench's
    archive (the add rate's are dated when they were archived: today); made over once archived, as the others."""
    hdr, hs = gen.generate(SYSTEMS[0], 1, HANDS, 3)
    hdr["players"] = [player_name(p) for p in (1, 2, 3)]
    hdr["started"] = _stamp(time.time() + 86400)
    return _jsonl(hdr, hs)


def run(sizes: tuple[int, ...] = (10_000, 100_000), pg: str | None = None) -> int:
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    print(f"archive: {PLAYERS} players, games of {', '.join(SYSTEMS)} ({HANDS} hands), over {DAYS} days")
    t = time.perf_counter()
    templates = templates_archive(folder)
    new = _new_logs()
    print(f"  templates and {ADDED + ALONE} new games ready in {time.perf_counter() - t:.1f} s (cached in {folder})")
    backends = ["SQLite"] + (["PostgreSQL"] if pg else [])
    results: dict[tuple[int, str], dict[str, float]] = {}
    for n in sizes:
        t = time.perf_counter()
        cached = sqlite_archive(folder, templates, n)
        print(f"  {n:,} games: SQLite archive ready in {time.perf_counter() - t:.1f} s")
        with tempfile.TemporaryDirectory() as d:
            copy = Path(d) / "archive.sqlite3"
            shutil.copyfile(cached, copy)  # (the add rate adds to it: the cached one stays as it is)
            results[(n, "SQLite")] = measure(copy, new)
        if pg:
            t = time.perf_counter()
            url = postgres_archive(pg, cached)
            print(f"  {n:,} games: PostgreSQL database filled in {time.perf_counter() - t:.1f} s")
            try:
                results[(n, "PostgreSQL")] = measure(url, new)
            finally:
                drop_bench_database(pg)
    print()
    print("  the web page (GET, ms): / is the month's home page, /player a player's page, /stats his statistics")
    print("  the league's queries (Archive, ms): latest 20, the month's standings, his games, stats, head to head")
    print(
        f"  archive add: {ADDED:,} games in batches (kitapi archive add), games/s and the bench's own CPU ms a game;"
        f" {ALONE} one by one, a transaction each (kitapi sync)"
    )
    for (n, b), r in results.items():
        print(
            f"  {n:>7,}  {b:<10}  in batches {r['add']:>5.0f} games/s ({r['add_cpu']:.2f} ms CPU a game)"
            f"  one by one {r['add_alone']:>5.0f} games/s"
        )
    print()
    print(
        "  games    backend     add (games/s)        /  /player   /stats   latest  standings  games_of   stats    h2h"
    )
    for (n, b), r in results.items():
        print(
            f"  {n:>7,}  {b:<10}  {r['add']:>13.0f}  {r['web_home']:>7.1f}  {r['web_player']:>7.1f}"
            f"  {r['web_stats']:>7.1f}  {r['latest']:>7.1f}  {r['standings']:>9.1f}  {r['games_of']:>8.1f}"
            f"  {r['stats']:>6.1f}  {r['h2h']:>5.1f}"
        )
    print()
    print(
        "  the ratings (every game made finished; ms): kitapi ratings' count from the start, the page /ratings"
        " from its kept count, and after a later game came (counted on top)"
    )
    for (n, b), r in results.items():
        print(
            f"  {n:>7,}  {b:<10}  {r['rated']:>7,.0f} games rated: count {r['ratings']:>8.0f}"
            f"  /ratings {r['web_ratings']:>6.1f}  after a game {r['web_ratings_late']:>6.1f}"
        )
    worst = max(max(r["web_home"], r["web_player"]) for r in results.values())
    print(
        f"  slowest page (/ or /player): {worst:.0f} ms (target {TARGET_MS} ms):"
        f" {'met' if worst < TARGET_MS else 'NOT met'}"
    )
    if len(sizes) > 1:
        small, big = sizes[0], sizes[-1]
        for back in backends:
            r0, r1 = results[(small, back)], results[(big, back)]
            print(
                f"  {back}, {small:,} -> {big:,} games: / x{r1['web_home'] / r0['web_home']:.1f},"
                f" /player x{r1['web_player'] / r0['web_player']:.1f}, /stats x{r1['web_stats'] / r0['web_stats']:.1f},"
                f" add rate x{r1['add'] / r0['add']:.2f}"
            )
    return 0
