"""``kitapi serve`` against a hostile guest's URLs and forms (issue 32, items 4 and 7): every route, every query
parameter and path part, given huge and negative numbers, days at both ends of the calendar and off it, a NUL,
bad percent-encoding, 10 KB strings, an unknown language and repeated parameters, on SQLite and PostgreSQL: never
a 500, never a traceback on the server's stderr, a 400 (404 for a game or a player the archive has not) saying
what is wrong in the page's language; and no page ever shows the archive's path or URL, even when the archive
itself fails (a dropped database, a file that is no archive, a damaged row).

The bulk goes through Flask's test client; one run of the real command (``kitapi serve --port 0``) takes the
same URLs as raw bytes on a socket and keeps its stderr clean."""

from __future__ import annotations

import logging
import re
import shutil
import socket
import subprocess
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kitapi_host.archive.db import Archive
from kitapi_host.web.app import LOOPBACK, create_app
from testkit import KITAPI, ROOT, wait_until
from web_archive import log_bytes

# What a guest may type into the address bar: each as raw URL text (percent-escapes as written, none added).
HOSTILE = (
    "9999-12-31",
    "0001-01-01",
    "0000-01-01",
    "10000-01-01",
    "2026-13-01",
    "2026-00-10",
    "2026-02-30",
    "2026-1-1",
    "%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96-01-01",  # (the year in fullwidth digits)
    "-1",
    "-9223372036854775809",
    "9223372036854775808",
    "99999999999999999999999999999999",
    "1e309",
    "nan",
    "%00",
    "a%00b",
    "%ff%fe",
    "%",
    "%zz",
    "%0d%0a%0d%0aX",
    "%e2%80%ae",
    "..%2F..%2Fetc%2Fpasswd",
    "%27%20OR%201%3D1%20--",
    "postgresql:%2F%2Fkitapi%40evil.example%2Fx",  # (a name that looks like a database's URL)
    "x" * 10240,
    "%C3%A9" * 5000,  # (10 KB of é)
)

# Every route and every parameter; {} is the hostile value.
URLS = (
    "/?from={}",
    "/?to={}",
    "/?from=0001-01-01&to={}",
    "/?from={}&to=9999-12-31",
    "/?player={}",
    "/?system={}",
    "/?device={}",
    "/?lang={}",
    "/?from=2026-01-01&from={}",
    "/?player=Anna&player={}",
    "/game/{}",
    "/game/{}/sheet",
    "/game/{}/download/csv",
    "/game/{}/download/log",
    "/game/{}/download/pdf",
    "/game/1/download/{}",
    "/game/1?lang={}",
    "/player/{}",
    "/player/Anna?from={}",
    "/player/Anna?to={}",
    "/player/Anna?system={}",
    "/player/Anna?device={}",
    "/player/Anna?player={}",
    "/stats/{}",
    "/stats/Anna?lang={}",
    "/players?done={}",
    "/tournaments?lang={}",
    "/tournament/{}",
    "/tournament/Club?round={}",
    "/tournament/Club?round=1&round={}",
    "/tournament/Club?lang={}",
    "/static/{}",
    "/favicon.ico?x={}",
    "/{}",
)

# The words of an error page's title in each language (kitapi_host.web.words).
TITLES = {
    "en": ("Bad request", "Not found"),
    "el": ("Λάθος αίτημα", "Δεν βρέθηκε"),
    "ru": ("Неверный запрос", "Не найдено"),
}


def fill(where: Path | str) -> None:
    """The examples and a Prefa game of this month: games, players (Anna among them), a device; the tournament
    Club (its two rounds seated)."""
    from kitapi_host.tournament import store

    now = datetime.now(UTC).replace(day=1, hour=12, minute=0, second=0, microsecond=0, tzinfo=None)
    with Archive(where) as a:
        for p in sorted((ROOT / "examples").glob("*.jsonl")):
            a.add_log(p.read_bytes(), "file", p.name)
        a.add_log(log_bytes("prefa", 7, now.isoformat()), "cafe-a", "1.kpl")
        store.new(a, "Club", "prefa", {}, ["Anna", "Babis", "Costas", "Dimitra", "Eleni", "Fotis"], 2, 2, seed=1)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path | str]:
    """An archive on each backend in turn (an SQLite file, a PostgreSQL database of the tests' server)."""
    if request.param == "sqlite":
        where = tmp_path_factory.mktemp("input") / "archive.db"
        fill(where)
        yield where
        return
    import psycopg

    server = request.getfixturevalue("pg_server")
    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    url = server.rpartition("/")[0] + "/" + name
    fill(url)
    yield url
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


def message(text: str) -> str:
    m = re.search(r'<p class="message">(.*?)</p>', text, re.S)
    return m.group(1) if m else ""


def private(where: Path | str) -> list[str]:
    """What of the archive's location no page may show: its path or URL, its host and port, its database."""
    if isinstance(where, Path):
        return [str(where), where.name]
    rest = where.split("://", 1)[1]
    return [rest, rest.split("@")[-1].split("/")[0], rest.rsplit("/", 1)[1]]


def check_page(url: str, r: Any, where: Path | str, lang: str) -> str | None:
    """What is wrong with the answer ``r`` to ``url`` (None: nothing): a 500, a traceback, the archive's
    location, an error page not in ``lang``."""
    text = r.get_data(as_text=True)
    if r.status_code >= 500:
        return f"{r.status_code}: {message(text)[:200]}"
    if r.status_code not in (200, 301, 308, 400, 404, 413):
        return f"status {r.status_code}"
    if "Traceback" in text or any(p in text for p in private(where)):
        return "shows a traceback or the archive's location"
    if r.status_code in (400, 404, 413) and r.mimetype == "text/html":
        if f'<html lang="{lang}">' not in text or TITLES[lang][r.status_code == 404] not in text:
            return f"{r.status_code} not in {lang}: {message(text)[:200]}"
        said = message(text)
        if not said.strip():
            return f"{r.status_code} says nothing"
        if lang != "en":  # no English left in it (but what the guest typed, quoted, and the names NUL, Kitapi)
            rest = re.sub(r"«.*»|NUL|kitapi serve|[ΕΜΗГМД]{2,4}", "", said, flags=re.S)
            if re.search("[A-Za-z]{2,}", rest):
                return f"{r.status_code} in English on a page in {lang}: {said[:200]}"
    return None


def test_every_route_and_parameter_with_hostile_values(site: Path | str, caplog: pytest.LogCaptureFixture) -> None:
    """Every route, every parameter, every hostile value, in each language by turns: no 500, no traceback, no
    archive location; each refusal a 400 or 404 saying what is wrong in the page's language; nothing logged
    (a hostile request is no fault of the server's)."""
    c = create_app(site, hosts=set(LOOPBACK)).test_client()
    langs = ("en", "el", "ru")
    wrong: list[str] = []
    n = 0
    with caplog.at_level(logging.INFO):
        for url in URLS:
            for value in HOSTILE:
                lang = langs[n % 3]
                n += 1
                u = url.format(value)
                r = c.get(u, headers={"Accept-Language": lang, "Cookie": ""})
                c.delete_cookie("lang")  # (a ?lang= sets it: the next request's language is its header's)
                problem = check_page(u, r, site, lang)
                if problem:
                    wrong.append(f"{u[:90]}: {problem}")
    assert not wrong, "\n".join(wrong[:40])
    assert not [rec for rec in caplog.records if rec.levelno >= logging.WARNING], caplog.text[:2000]


# Parameter names that are url_for's own arguments, or a route's: a page's links are made from its query.
KEYS = ("name", "gid", "fmt", "filename", "endpoint", "values", "_external", "_scheme", "_anchor", "_method")


def test_hostile_parameter_names(site: Path | str, caplog: pytest.LogCaptureFixture) -> None:
    """A parameter named as a route's part or url_for's own argument (``/player/Anna?name=x`` was a 500, its
    error page too: the language switch's link is made from the query), and each hostile value as a name: the
    page as without it, its links without it."""
    c = create_app(site, hosts=set(LOOPBACK)).test_client()
    wrong = []
    with caplog.at_level(logging.INFO):
        for key in (*KEYS, "_external=1&_scheme", *HOSTILE):
            urls = ("/?{}=javascript", "/player/Anna?{}=x", "/game/1?{}=1", "/stats/Anna?{}=1", "/tournament/Club?{}=1")
            for url in (*urls, "/nothing?{}=1"):
                u = url.format(key)
                r = c.get(u, headers={"Accept-Language": "el"})
                c.delete_cookie("lang")
                problem = check_page(u, r, site, "el")
                if problem or r.status_code != (404 if u.startswith("/nothing") else 200):
                    wrong.append(f"{u[:90]}: {problem or r.status_code}")
                elif "javascript:" in r.get_data(as_text=True):
                    wrong.append(f"{u[:90]}: a javascript: link")
    assert not wrong, "\n".join(wrong[:40])
    assert not [rec for rec in caplog.records if rec.levelno >= logging.WARNING], caplog.text[:2000]


def test_forms_with_hostile_values(site: Path | str, tmp_path: Path) -> None:
    """``--admin``'s rename and merge, each field given each hostile value (the other field a name of no
    player): 400 or 404, never a 500 or the archive's location, and no name changed."""
    where: Path | str = site
    if isinstance(site, Path):  # (a copy: the other tests read the archive as filled)
        where = tmp_path / "admin.db"
        shutil.copy(site, where)
    with Archive(where) as a:
        before = a.players()
    c = create_app(where, admin=True, hosts=set(LOOPBACK)).test_client()
    page = c.get("/players").get_data(as_text=True)
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token
    here = {"Origin": "http://localhost", "Accept-Language": "ru"}
    wrong = []
    for route, fields in (("/players/rename", ("old", "new")), ("/players/merge", ("from", "into"))):
        for i, field in enumerate(fields):
            for value in HOSTILE:
                body = f"{fields[1 - i]}=Nobody+at+all&{field}={value}&csrf={token.group(1)}"  # (its escapes raw)
                r = c.post(route, data=body, content_type="application/x-www-form-urlencoded", headers=here)
                problem = check_page(route, r, where, "ru")
                if problem or r.status_code not in (400, 404, 413):  # (413: a form over 16 KB)
                    wrong.append(f"{route} {field}={value[:40]}: {problem or r.status_code}")
    assert not wrong, "\n".join(wrong[:40])
    with Archive(where) as a:
        assert a.players() == before


def test_all_time_and_open_ended_periods_work(site: Path | str) -> None:
    """``from=0001-01-01&to=9999-12-31`` is every game (the calendar's two ends: a period, not an overflow);
    ``to=9999-12-31`` alone is from the first of this month on; on a player's page a missing end is the
    calendar's (no period there is all his games)."""
    c = create_app(site, hosts=set(LOOPBACK)).test_client()
    with Archive(site) as a:
        every = len(a.games())
        anna = len([g for g in a.games() if "Anna" in g["players"]])
    r = c.get("/?from=0001-01-01&to=9999-12-31")
    assert r.status_code == 200 and f"({every} games)" in r.get_data(as_text=True)
    assert "0001-01-01 – 9999-12-31" in r.get_data(as_text=True)
    assert c.get("/?to=9999-12-31").status_code == 200
    everything = c.get("/player/Anna").get_data(as_text=True).count('href="/game/')
    assert everything >= anna > 0
    for query in ("to=9999-12-31", "from=0001-01-01", "from=0001-01-01&to=9999-12-31"):
        r = c.get(f"/player/Anna?{query}")
        assert r.status_code == 200 and r.get_data(as_text=True).count('href="/game/') == everything, query
    assert c.get("/player/Anna?to=2000-01-01").get_data(as_text=True).count('href="/game/') < everything


@pytest.mark.parametrize(
    ("url", "lang", "said"),
    [
        ("/?from=2026-13-01", "el", "Από «2026-13-01»: δεν είναι ημερομηνία (ΕΕΕΕ-ΜΜ-ΗΗ"),
        ("/?to=2026-02-30", "ru", "По «2026-02-30»: это не дата (ГГГГ-ММ-ДД"),
        ("/?to=0000-01-01", "en", "To “0000-01-01”: not a day (YYYY-MM-DD, from 0001-01-01 to 9999-12-31)"),
        ("/?from=2026-05-02&to=2026-05-01", "el", "Περίοδος 2026-05-02 – 2026-05-01: η περίοδος τελειώνει πριν"),
        ("/?from=2026-05-01&from=2026-06-01", "ru", "С: задан дважды, с разными значениями"),
        ("/?player=%00", "ru", "Игрок «\\x00»: содержит символ NUL"),
        ("/player/%00", "el", "Παίκτης «\\x00»: περιέχει τον χαρακτήρα NUL"),
        ("/?device=" + "x" * 10240, "en", "Venue / device “" + "x" * 40 + "…”: is longer than 1,000 characters"),
        ("/player/Nobody", "el", "Παίκτης «Nobody»: δεν υπάρχει στο αρχείο"),
        ("/stats/%E2%80%AEevil", "ru", "Игрок «\\u202eevil»: нет в архиве"),
        ("/game/99999", "ru", "Партия 99999: нет в архиве"),
        ("/game/99999/download/log", "el", "Παρτίδα 99999: δεν υπάρχει στο αρχείο"),
        ("/game/99999999999999999999", "el", "Δεν υπάρχει τέτοια σελίδα εδώ."),
        ("/nothing", "ru", "Такой страницы здесь нет."),
        ("/tournament/Club?round=3", "el", "Γύρος «3»: δεν είναι γύρος του τουρνουά με θέσεις ως τώρα (1 έως 2)"),
        ("/tournament/Nobody", "ru", "Турнир «Nobody»: нет в архиве"),
    ],
)
def test_what_a_refusal_says(site: Path | str, url: str, lang: str, said: str) -> None:
    """Each refusal names what was asked (the guest's value quoted, its control characters as escapes) and what
    is wrong, in the page's language; never Python's own words ("month must be in 1..12")."""
    c = create_app(site, hosts=set(LOOPBACK)).test_client()
    r = c.get(url, headers={"Accept-Language": lang})
    assert r.status_code in (400, 404)
    import html

    assert said in html.unescape(message(r.get_data(as_text=True))), message(r.get_data(as_text=True))


def test_a_nul_is_refused_before_the_archive_sees_it(site: Path | str) -> None:
    """The issue's case: ``/?player=%00`` showed the PostgreSQL URL (psycopg's refusal of a NUL, as a 404).
    Now every place a NUL can go is a 400 of the site's own, the archive never asked."""
    c = create_app(site, hosts=set(LOOPBACK)).test_client()
    for url in ("/?player=%00", "/?system=%00", "/?device=x%00", "/player/%00", "/stats/Anna%00", "/?from=%00"):
        r = c.get(url)
        text = r.get_data(as_text=True)
        assert r.status_code == 400 and "holds a NUL character" in text, (url, message(text))
        assert not any(p in text for p in private(site)), (url, message(text))


def test_repeating_a_parameter_with_the_same_value_is_no_error(site: Path | str) -> None:
    c = create_app(site, hosts=set(LOOPBACK)).test_client()
    assert c.get("/?from=2026-01-01&from=2026-01-01&player=Anna&player=Anna").status_code == 200


# --- the archive's own trouble: one line on the terminal, a page in the reader's language, no location ----


def test_a_failing_archive_shows_no_location(
    site: Path | str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The archive fails under the running site (PostgreSQL: its database dropped; SQLite: the file
    overwritten with what is no database): the page says the archive cannot be read, in the reader's language,
    never the URL or the path nor the driver's words; the terminal gets one line."""
    if isinstance(site, Path):
        where: Path | str = tmp_path / "archive.db"
        shutil.copy(site, where)
    else:
        import psycopg

        server = site.rpartition("/")[0] + "/postgres"
        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        where = site.rpartition("/")[0] + "/" + name
        fill(where)
    c = create_app(where, hosts=set(LOOPBACK)).test_client()
    assert c.get("/").status_code == 200
    if isinstance(where, Path):
        where.write_bytes(b"not a database\n" * 1000)
    else:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    caplog.clear()
    with caplog.at_level(logging.INFO):
        for url in ("/", "/game/1", "/player/Anna", "/players", "/stats/Anna"):
            r = c.get(url, headers={"Accept-Language": "el"})
            text = r.get_data(as_text=True)
            assert r.status_code in (500, 503), (url, r.status_code)
            assert "Δεν είναι διαθέσιμο" in text and "kitapi serve" in message(text), (url, message(text))
            assert not any(p in text for p in private(where)), (url, message(text))
            for word in ("Error", "database", "sqlite", "psycopg", "FATAL", "Traceback"):
                assert word not in message(text), (url, message(text))
    logged = [rec for rec in caplog.records if rec.levelno >= logging.WARNING]
    assert len(logged) == 5 and all("\n" not in rec.getMessage() and not rec.exc_info for rec in logged)


def test_a_damaged_row_is_one_line_and_a_page_without_the_exception(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The catch-all stays (a damaged row costs its page only), but its page says so in the reader's
    language without the exception's text, and the terminal gets one line naming the exception."""
    import sqlite3

    db = tmp_path / "damaged.db"
    fill(db)
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE games SET result = '{\"chips\": [1, ', header = 'x' WHERE id = 1")
    con.close()
    c = create_app(db, hosts=set(LOOPBACK)).test_client()
    with caplog.at_level(logging.INFO):
        r = c.get("/game/1", headers={"Accept-Language": "ru"})
    text = r.get_data(as_text=True)
    assert r.status_code == 500 and "Недоступно" in text and "повреждена" in message(text)
    assert "JSONDecodeError" not in text and "Expecting" not in text and str(db) not in text
    logged = [rec for rec in caplog.records if rec.levelno >= logging.WARNING]
    assert len(logged) == 1 and not logged[0].exc_info
    line = logged[0].getMessage()
    assert "\n" not in line and "GET /game/1" in line and "JSONDecodeError" in line
    assert c.get("/game/2").status_code == 200


# --- the real command -------------------------------------------------------------------------------------


def raw_get(port: int, target: bytes) -> int:
    """The status of ``GET target`` sent as these very bytes to the server on ``port`` (0: no answer)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        head = b""
        while b"\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                break
            head += chunk
    m = re.match(rb"HTTP/1\.[01] (\d{3})", head)
    return int(m.group(1)) if m else 0


def test_the_real_server_takes_them_with_a_clean_stderr(site: Path | str) -> None:
    """``kitapi serve`` itself (waitress, the real socket): the hostile URLs, and raw bytes no browser would
    send (a request target that is not UTF-8, a raw NUL), each answered below 500; stderr holds no traceback
    and no line at all of the site's (nothing hostile is logged as a fault)."""
    p = subprocess.Popen(
        [*KITAPI, "serve", "--db", str(site), "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert p.stdout is not None
        m = re.match(rb"kitapi serve: http://127\.0\.0\.1:(\d+)/", p.stdout.readline())
        assert m
        port = int(m.group(1))
        targets = [u.format(v).encode() for u in ("/?from={}", "/?to={}", "/?player={}", "/player/{}", "/game/{}")
                   for v in HOSTILE if len(v) < 100]  # fmt: skip
        targets += [b"/?to=9999-12-31", b"/player/\xff\xfe", b"/?player=\xc3\x28", b"/?from=0001-01-01&to=9999-12-31"]
        targets += [b"/player/Anna?name=x", b"/?_external=1&_scheme=javascript", b"/nothing?endpoint=x"]
        targets += [b"/?player=" + b"x" * 10240, b"/player/Anna?from=" + b"\xe2\x80\xae" * 3000]
        answers = {t[:60]: raw_get(port, t) for t in targets}
        assert all(0 < s < 500 for s in answers.values()), {t: s for t, s in answers.items() if not 0 < s < 500}
        assert answers[b"/?to=9999-12-31"] == 200 and answers[b"/?from=0001-01-01&to=9999-12-31"] == 200
    finally:
        p.terminate()
        assert wait_until(lambda: p.poll() is not None)
        _, err = p.communicate()
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and "ERROR" not in text and "Error" not in text, text[:3000]
