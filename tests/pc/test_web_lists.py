"""``kitapi serve``'s lists that keep up with a club (issue 33, items 6 and 7), on SQLite and on PostgreSQL: the
latest games of the period, paged; the players page's games, last game and search; a player's page paged and
his head to head by games together (Priffe partners apart from opponents); ``/stats/NAME`` of a period;
``/standings.csv``; gzip through the real server over HTTP; ``kitapi bench --part web`` at a tiny size.

Each figure is checked against another reader than the page's code: the games as this file dated them, the
core's replay of a Priffe log, an archive holding only the period's games, the page's own standings."""

from __future__ import annotations

import csv
import gzip
import http.client
import io
import os
import re
import subprocess
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json
from kitapi_host.archive.db import Archive
from kitapi_host.logs import gen
from kitapi_host.web import data
from kitapi_host.web.app import LOOPBACK, create_app
from kitapi_host.web.data import title
from kitapi_host.web.words import system
from testkit import KITAPI

MARCH = "from=2025-03-01&to=2025-03-31"
HOSTILE_CELLS = ("=1+2", "@SUM(A1)")  # (players whose names a spreadsheet would take for formulas)


def _log(rules: str, seed: int, started: str, names: list[str], hands: int = 4) -> bytes:
    hdr, hs = gen.generate(rules, seed, hands, len(names))
    hdr["started"], hdr["players"] = started, names
    g = new_game(hdr)
    lines = [header_json(hdr)]
    for h in hs:
        g.parse(h)
        lines.append(record_json(g, OP_HAND))
    return ("\n".join(lines) + "\n").encode("utf-8")


def _games() -> list[tuple[str, bytes]]:
    """The archive's games, (date, log), in the order they are added."""
    out = []
    for i in range(45):  # March: Anna and Boris at every table, Clara at two of three, Dora at the third
        day = f"2025-03-{1 + i % 28:02}T{10 + i // 28}:{i % 60:02}:00"
        third = "Clara" if i % 3 else "Dora"
        out.append((day, _log("prefa", 500 + i, day, ["Anna", "Boris", third])))
    day = "2025-03-29T20:00:00"
    out.append((day, _log("prefa", 600, day, [*HOSTILE_CELLS, "Boris"])))
    for i, names in enumerate((["a_b", "c%d", "Anna"], ["axb", "cxxd", "Boris"])):  # the search's wildcards
        day = f"2025-04-0{2 + i}T19:00:00"
        out.append((day, _log("prefa", 700 + i, day, names)))
    day = "2025-04-10T19:00:00"
    out.append((day, _log("priffe", 11, day, ["Anna", "Boris", "Clara", "Dora"], hands=60)))
    for i in range(10):  # May: Sochi, Anna, Boris and Dora
        day = f"2025-05-{1 + i:02}T19:00:00"
        out.append((day, _log("sochi", 800 + i, day, ["Anna", "Boris", "Dora"])))
    return out


def _fill(db: str, games: list[tuple[str, bytes]]) -> list[tuple[int, str, bytes]]:
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:
        return [(a.add_log(log, "club", f"g{i}.jsonl").id, day, log) for i, (day, log) in enumerate(games)]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The club's archive on each backend: ``db``, ``games`` ((id, date, log) each), ``folder``."""
    folder = tmp_path_factory.mktemp("lists")
    if request.param == "sqlite":
        db = str(folder / "archive.sqlite3")
        yield {"db": db, "games": _fill(db, _games()), "folder": folder}
        return
    import psycopg

    server = request.getfixturevalue("pg_server")
    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    db = server.rpartition("/")[0] + "/" + name
    try:
        yield {"db": db, "games": _fill(db, _games()), "folder": folder}
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture
def client(site: dict[str, Any]) -> Any:  # (one a test: a page asked in Greek keeps Greek in its cookie)
    return create_app(site["db"], hosts=set(LOOPBACK)).test_client()


def text(client: Any, url: str, status: int = 200) -> str:
    r = client.get(url)
    assert r.status_code == status, (url, r.status_code, r.get_data(as_text=True)[:400])
    return str(r.get_data(as_text=True))


def game_ids(html: str) -> list[int]:
    return [int(x) for x in re.findall(r'href="/game/(\d+)"', html)]


def newest_first(games: list[tuple[int, str, bytes]], keep: Any) -> list[int]:
    return [gid for gid, day, log in sorted(games, key=lambda g: (g[1], g[0]), reverse=True) if keep(day, log)]


# --- the home page's latest games: the period's, paged ------------------------------------------------------


def test_latest_games_follow_the_period_and_are_paged(site: dict[str, Any], client: Any) -> None:
    march = newest_first(site["games"], lambda day, _: day.startswith("2025-03"))
    assert len(march) == 46
    pages = [game_ids(text(client, f"/?{MARCH}&page={n}")) for n in (1, 2, 3)]
    assert pages == [march[:20], march[20:40], march[40:]]
    assert game_ids(text(client, f"/?{MARCH}")) == march[:20]  # (no page: the first)
    past = text(client, f"/?{MARCH}&page=4")  # a page past the end: the standings, no games
    assert game_ids(past) == [] and "No games." in past and "Boris" in past
    assert 'rel="next" href="/?from=2025-03-01&amp;to=2025-03-31&amp;page=2"' in text(client, f"/?{MARCH}")
    april = newest_first(site["games"], lambda day, _: day.startswith("2025-04"))
    assert game_ids(text(client, "/?from=2025-04-01&to=2025-04-30")) == april


@pytest.mark.parametrize("bad", ["0", "-1", "x", "1.5", "+2", "\u0663", "99999999999", "1e3", " 1"])
def test_a_bad_page_is_400_in_the_page_language(client: Any, bad: str) -> None:
    page = text(client, f"/?{MARCH}&page={quote(bad)}&lang=el", 400)
    assert "Σελίδα" in page and "δεν είναι αριθμός σελίδας" in page
    assert "not a page number" in text(client, f"/player/Anna?page={quote(bad)}&lang=en", 400)
    assert "это не номер страницы" in text(client, f"/player/Anna?page={quote(bad)}&lang=ru", 400)


def test_a_page_given_twice_is_400(client: Any) -> None:
    assert "given twice" in text(client, "/?page=1&page=2&lang=en", 400)


# --- the players page: games, last game, the search ---------------------------------------------------------


def _players_rows(html: str) -> dict[str, tuple[int, str]]:
    rows = re.findall(r'<tr><td><a class="name" href="[^"]*"><bdi>([^<]*)</bdi></a></td><td class="n">(\d+)</td>'
                      r'<td class="date">([^<]*)</td></tr>', html)  # fmt: skip
    import html as h

    return {h.unescape(n): (int(k), d) for n, k, d in rows}


def test_players_page_shows_games_and_last_game(site: dict[str, Any], client: Any) -> None:
    rows = _players_rows(text(client, "/players"))
    played: Counter[str] = Counter()
    last: dict[str, str] = {}
    for _, day, log in site["games"]:
        import json

        for n in json.loads(log.split(b"\n", 1)[0])["players"]:
            played[n] += 1
            last[n] = max(last.get(n, ""), day)
    assert {n: k for n, (k, _) in rows.items()} == dict(played)
    assert {n: d for n, (_, d) in rows.items()} == {n: d[:16].replace("T", " ") for n, d in last.items()}


def test_the_search_matches_percent_and_underscore_literally(client: Any) -> None:
    page = text(client, "/players?q=a_b")
    assert set(_players_rows(page)) == {"a_b"}  # (as a LIKE pattern, _ would take axb too)
    assert set(_players_rows(text(client, "/players?q=c%25d"))) == {"c%d"}  # (% would take cxxd)
    assert set(_players_rows(text(client, "/players?q=%25"))) == {"c%d"}
    assert set(_players_rows(text(client, "/players?q=ANNA"))) == {"Anna"}  # (whatever the case)
    assert set(_players_rows(text(client, "/players?q=or"))) == {"Boris", "Dora"}
    none = text(client, "/players?q=zzz")
    assert _players_rows(none) == {} and "No player matches." in none
    assert '<form class="filters search" method="get" action="/players"' in page and 'name="q" value="a_b"' in page
    assert "Αναζήτηση" in text(client, "/players?lang=el")
    assert "too_long" not in text(client, "/players?q=" + "x" * 1001, 400)


# --- a player's page: paged, head to head by games together ---------------------------------------------------


def _his_games(html: str) -> list[int]:
    return game_ids(html.split('id="games"', 1)[1])


def test_a_players_page_is_paged_by_50(site: dict[str, Any], client: Any) -> None:
    anna = newest_first(site["games"], lambda _, log: b'"Anna"' in log.split(b"\n", 1)[0])
    assert len(anna) == 57
    first = text(client, "/player/Anna")
    assert _his_games(first) == anna[:50] and "57 games" in first
    assert _his_games(text(client, "/player/Anna?page=2")) == anna[50:]
    assert _his_games(text(client, "/player/Anna?page=3")) == []
    assert 'rel="next" href="/player/Anna?page=2"' in first
    march = newest_first(site["games"], lambda day, log: day.startswith("2025-03") and b'"Anna"' in log[:300])
    assert _his_games(text(client, f"/player/Anna?{MARCH}")) == march[:50]


def _h2h(html: str) -> list[tuple[str, str, str, int]]:
    """The head-to-head table's rows: (name, role or "", system, games)."""
    part = html[html.index("<th>Opponent</th>") :]
    part = part[: part.index("</table>")]
    rows = re.findall(
        r'<tr><td><a class="name" href="[^"]*"><bdi>([^<]*)</bdi></a>(?: <small class="role">\((\w+)\)</small>)?'
        r"</td><td>([^<]*)</td><td class=\"n\">(\d+)",
        part,
    )
    return [(n, role, s, int(k)) for n, role, s, k in rows]


def _priffe_rubbers(log: bytes, me: int) -> dict[tuple[int, str], int]:
    """The core's own count of a Priffe game's rubbers played out: per other seat, with ``me`` as partner or
    opponent (each seat's side before the hand that ends a rubber)."""
    import json

    lines = log.decode().splitlines()
    g = new_game(json.loads(lines[0]))
    out: Counter[tuple[int, str]] = Counter()
    for line in lines[1:]:
        side, done = list(g.side), g.rubbers
        g.apply(g.parse(json.loads(line)))
        if g.rubbers > done:
            for s in range(4):
                if s != me:
                    out[(s, "partner" if side[s] == side[me] else "opponent")] += 1
    return dict(out)


def test_head_to_head_by_games_together_priffe_partners_apart(site: dict[str, Any], client: Any) -> None:
    rows = _h2h(text(client, "/player/Anna"))
    counts = [k for *_, k in rows]
    assert counts == sorted(counts, reverse=True) and rows
    alone = {(n, s): k for n, role, s, k in rows if not role}
    prefa, sochi = (system("en", r, title(r)) for r in ("prefa", "sochi"))
    assert alone[("Boris", prefa)] == 45 and alone[("Clara", prefa)] == 30 and alone[("Dora", prefa)] == 15
    assert alone[("Boris", sochi)] == 10 and alone[("Dora", sochi)] == 10 and len(alone) == 7  # (and a_b, c%d)
    priffe = next(log for _, day, log in site["games"] if b'"priffe"' in log.split(b"\n", 1)[0])
    names = ["Anna", "Boris", "Clara", "Dora"]
    want = {(names[s], role): k for (s, role), k in _priffe_rubbers(priffe, 0).items()}
    assert sum(want.values()) >= 6  # (rubbers were played out: each counts once per other player)
    got = {(n, role): k for n, role, s, k in rows if role}
    assert got == {(n, {"partner": "partner", "opponent": "opponent"}[r]): k for (n, r), k in want.items()}
    assert any(r == "partner" for _, r in got) and any(r == "opponent" for _, r in got)
    assert "(συμπαίκτης)" in text(client, "/player/Anna?lang=el")


# --- /stats/NAME of a period ----------------------------------------------------------------------------------


def _stats_tables(html: str) -> list[str]:
    return re.findall(r'<section class="stats">.*?</section>', html, re.S)


def test_stats_follow_from_and_to(site: dict[str, Any], client: Any, tmp_path: Path) -> None:
    only = str(tmp_path / "march.sqlite3")  # an archive of March's games only: its kitapi stats, whole
    _fill(only, [(day, log) for _, day, log in site["games"] if day.startswith("2025-03")])
    march = text(create_app(only, hosts=set(LOOPBACK)).test_client(), "/stats/Anna")
    period = text(client, f"/stats/Anna?{MARCH}")
    assert _stats_tables(period) == _stats_tables(march) and _stats_tables(period)
    assert "45 games" in period and "2025-03-01 – 2025-03-31" in period
    whole = text(client, "/stats/Anna")
    assert "57 games" in whole and _stats_tables(whole) != _stats_tables(period)
    with Archive(only) as a:
        assert a.stats("Anna")[0]["games"] == 45  # (kitapi stats' own count on that archive)
    # the page keeps a player's figures while his games stay as they were: a game synced in is counted
    kept = create_app(only, hosts=set(LOOPBACK)).test_client()
    assert "45 games" in text(kept, "/stats/Anna")
    _fill(only, [("2025-03-30T21:00:00", _log("prefa", 900, "2025-03-30T21:00:00", ["Anna", "Boris", "Dora"]))])
    again = text(kept, "/stats/Anna")
    assert "46 games" in again and _stats_tables(again) != _stats_tables(march)
    data._STATS.clear()  # (counted anew: the same tables)
    assert _stats_tables(again) == _stats_tables(text(create_app(only).test_client(), "/stats/Anna"))
    assert 'href="/stats/Anna?from=2025-03-01&amp;to=2025-03-31"' in text(client, f"/player/Anna?{MARCH}")
    assert "bad_day" not in text(client, "/stats/Anna?from=2025-02-30", 400)


# --- the standings as CSV -------------------------------------------------------------------------------------


def _page_standings(html: str) -> set[tuple[str, str, int, str]]:
    """The home page's standings: (system, player, games, net)."""
    import html as h

    out = set()
    for table in re.findall(r'<table class="standings">.*?</table>', html, re.S):
        system = h.unescape(re.search(r"<caption>([^<]*?) <small>", table)[1])  # type: ignore[index]
        for n, k, net in re.findall(
            r'<tr><td><a class="name" href="[^"]*"><bdi>([^<]*)</bdi></a></td><td class="n">(\d+)</td>'
            r'<td class="n">([^<]*)</td></tr>',
            table,
        ):
            out.add((system, h.unescape(n), int(k), net.lstrip("+")))
    return out


def test_standings_csv_equals_the_page_and_has_no_formula_cell(client: Any) -> None:
    for query in (MARCH, "from=2025-03-01&to=2025-05-31", "from=2025-01-01&to=2025-12-31&system=prefa"):
        r = client.get(f"/standings.csv?{query}")
        assert r.status_code == 200 and r.mimetype == "text/csv", query
        assert "attachment" in r.headers["Content-Disposition"]
        assert r.data.startswith(b"\xef\xbb\xbf")  # (a byte order mark: a spreadsheet reads UTF-8, as a game's CSV)
        rows = list(csv.reader(io.StringIO(r.data.decode("utf-8-sig"))))
        assert rows[0] == ["System", "Unit", "Player", "Games", "Net"]
        got = {(s, p.removeprefix("'") if p.removeprefix("'") in HOSTILE_CELLS else p, int(k), n)
               for s, _, p, k, n in rows[1:]}  # fmt: skip
        assert got == _page_standings(text(client, f"/?{query}")), query
        for row in rows[1:]:
            for c in row:
                assert c[:1] not in ("=", "+", "-", "@") or re.fullmatch(r"-[0-9]+(\.[0-9]+)?", c), (query, c)
    rows = list(csv.reader(io.StringIO(text(client, f"/standings.csv?{MARCH}").lstrip("\ufeff"))))
    assert {"'=1+2", "'@SUM(A1)"} <= {r[2] for r in rows}
    assert "Sochi" not in text(client, "/standings.csv?from=2025-01-01&to=2025-12-31&system=prefa")
    greek = list(csv.reader(io.StringIO(text(client, f"/standings.csv?{MARCH}&lang=el").lstrip("\ufeff"))))
    assert greek[0] == ["Σύστημα", "Μονάδα", "Παίκτης", "Παρτίδες", "Καθαρά"]
    assert "Ημερομηνία" not in text(client, "/standings.csv?from=2025-04-01&to=2025-03-01&lang=el", 400)
    assert 'href="/standings.csv?from=2025-03-01&amp;to=2025-03-31"' in text(client, f"/?{MARCH}")


# --- gzip, through the real server -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(site: dict[str, Any]) -> Iterator[int]:
    """``kitapi serve``'s server (waitress, its threads) over the archive on a free port of 127.0.0.1."""
    from kitapi_host.web.server import make_server, port_of

    server = make_server(create_app(site["db"], hosts=set(LOOPBACK)), "127.0.0.1", 0)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield port_of(server)
    finally:
        server.task_dispatcher.shutdown(timeout=5)
        server.close()
        thread.join(5)


def http_get(port: int, url: str, accept: str | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Host": f"127.0.0.1:{port}", **({"Accept-Encoding": accept} if accept is not None else {})}
        conn.request("GET", url, headers=headers)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


PRIFFE = 49  # (the 49th game added: its CSV, 60 hands, is a long one)


@pytest.mark.parametrize("url", [f"/?{MARCH}", "/player/Anna", f"/game/{PRIFFE}/download/csv", "/players", "/game/1"])
def test_gzip_decodes_to_the_same_bytes(served: int, url: str) -> None:
    status, plain_h, plain = http_get(served, url, accept="identity")
    assert status == 200 and "content-encoding" not in plain_h and len(plain) > 1000
    status, h, body = http_get(served, url, accept="gzip, deflate, br")
    assert status == 200 and h["content-encoding"] == "gzip" and "Accept-Encoding" in h["vary"]
    assert int(h["content-length"]) == len(body) < len(plain)
    assert gzip.decompress(body) == plain
    assert "Accept-Encoding" in plain_h["vary"]  # (a cache keeps the two apart)
    assert "content-encoding" not in http_get(served, url)[1]  # (no Accept-Encoding: as it is)
    assert "content-encoding" not in http_get(served, url, accept="gzip;q=0")[1]


def _conditional(port: int, url: str, tag: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", url, headers={"Host": f"127.0.0.1:{port}", "Accept-Encoding": "gzip", "If-None-Match": tag})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def test_a_gzipped_page_with_an_etag_still_answers_304(served: int) -> None:
    """The evening page's ETag (the page as rendered) is made weak when gzipped: the browser's conditional GET
    with it, or with the plain page's, gets 304 and no body while nothing changed."""
    url = "/evening?date=2025-03-01&venue=club"
    status, plain_h, plain = http_get(served, url, accept="identity")
    status2, h, body = http_get(served, url, accept="gzip")
    assert status == status2 == 200 and h["content-encoding"] == "gzip" and gzip.decompress(body) == plain
    assert h["etag"] == "W/" + plain_h["etag"]
    assert _conditional(served, url, h["etag"]) == (304, b"")
    assert _conditional(served, url, plain_h["etag"]) == (304, b"")
    assert _conditional(served, url, 'W/"other"')[0] == 200


def test_a_pdf_a_log_and_a_tiny_body_are_not_compressed(served: int) -> None:
    status, h, body = http_get(served, "/game/1/download/log", accept="gzip")
    assert status == 200 and "content-encoding" not in h and body.startswith(b"{")
    status, h, body = http_get(served, "/favicon.ico", accept="gzip")  # (a redirect's few bytes)
    assert status == 301 and "content-encoding" not in h
    status, h, body = http_get(served, f"/standings.csv?{MARCH}", accept="gzip")  # (a CSV of 7 lines)
    assert (
        status == 200 and "content-encoding" not in h and body.startswith(b"\xef\xbb\xbfSystem,") and len(body) < 1000
    )
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("no Chromium to print the PDF")
    status, h, body = http_get(served, "/game/1/download/pdf", accept="gzip")
    assert status == 200 and "content-encoding" not in h and body.startswith(b"%PDF")


# --- kitapi bench --part web, at a tiny size --------------------------------------------------------------------


def test_bench_web_runs_and_prints_its_table(tmp_path: Path) -> None:
    """Not a timing: the bench runs through the real server at 40 games and prints its table and targets."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    p = subprocess.run(
        [*KITAPI, "bench", "--part", "web", "--games", "40", "--requests", "2"],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    assert "/player" in p.stdout and "/stats" in p.stdout and "/game" in p.stdout and "/ month" in p.stdout
    row = next(line for line in p.stdout.splitlines() if line.strip().startswith("40  SQLite"))
    assert len(re.findall(r"[0-9]+\.[0-9] /\s*[0-9]+\.[0-9]", row)) >= 5
    assert "targets:" in p.stdout and "Traceback" not in p.stderr


def test_the_language_links_keep_the_page_and_its_own_parameters(client: Any) -> None:
    """Greek or Russian for the page one reads: its list's page, a search, an evening's date and venue kept; a
    link to another period starts that period's list at its first page."""
    from html import unescape

    def links(url: str) -> list[str]:
        page = client.get(url).get_data(as_text=True)
        return [unescape(h) for h in re.findall(r'hreflang="[a-z]+" href="([^"]+)"', page)]

    assert all("page=2" in h for h in links("/?page=2"))
    assert all("q=ann" in h for h in links("/players?q=ann"))
    assert all("date=2026-01-02" in h and "venue=Club" in h for h in links("/evening?date=2026-01-02&venue=Club"))
    page = client.get("/?page=2").get_data(as_text=True)
    assert not any("page=" in unescape(h) for h in re.findall(r'class="period" href="([^"]+)"', page))


def test_a_corrected_hand_shows_in_the_statistics_the_server_kept(tmp_path: Path) -> None:
    """The server keeps a player's statistics while his games stay as they were: a hand corrected (the log grown
    by a replace record, as many hands as before) is another game state, counted again: the page then says what a
    fresh archive of the corrected log says."""
    from kitapi_host.archive.db import Archive
    from kitapi_host.logs import gen

    hdr, hands = gen.generate("prefa", 11, 8, 3, pouch=60)
    gen.write_jsonl(tmp_path / "g.jsonl", hdr, hands)
    log = (tmp_path / "g.jsonl").read_bytes()
    fixed = log + b'{"replace": 2, "dealer": 1, "bidder": 2, "contract": "7H", "defense": "none"}\n'
    name = hdr["players"][0]

    def stats_page(db: Path, *logs: bytes) -> str:
        with Archive(db) as a:
            for data in logs:
                a.add_log(data, "pico", "games/0001.kitapi")
        return text(create_app(db, hosts=set(LOOPBACK)).test_client(), f"/stats/{name}")

    before = stats_page(tmp_path / "a.sqlite3", log)
    after = stats_page(tmp_path / "a.sqlite3", fixed)  # (the same game grown: its hands as many as before)
    fresh = stats_page(tmp_path / "b.sqlite3", fixed)
    assert after == fresh != before
