"""``kitapi serve``'s site through Flask's test client: every route, the filters and the period, the language,
the 404s and 400s, and the safety items (read-only, CSRF, Host, hostile names); and the command itself.

The archive is tests/pc/web_archive.py's (every system, the examples, hostile names), built once.  The figures
are checked against what the archive's other readers give (``kitapi stats``, ``kitapi export``), not against
the page's own code."""

from __future__ import annotations

import dataclasses
import html.parser
import io
import re
import shutil
import socket
import subprocess
import urllib.request
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest

import forkrun
from kitapi_host import families, sheets
from kitapi_host.archive.db import Archive
from kitapi_host.logs import show_exact
from kitapi_host.web import data
from kitapi_host.web.app import LOOPBACK, create_app
from testkit import KITAPI, ROOT, wait_until
from web_archive import HOSTILE, build


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    db = tmp_path_factory.mktemp("web") / "archive.db"
    return db, build(db)


@pytest.fixture
def client(built: tuple[Path, dict[str, Any]]) -> Any:
    return create_app(built[0], hosts=set(LOOPBACK)).test_client()


@pytest.fixture
def admin_db(built: tuple[Path, dict[str, Any]], tmp_path: Path) -> Path:
    """A copy of the archive for a test that changes names."""
    db = tmp_path / "admin.db"
    shutil.copy(built[0], db)
    return db


class Page(html.parser.HTMLParser):
    """A page's elements, attributes, links and text, as a browser's parser reads them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, d: str) -> None:
        self.text.append(d)

    def links(self) -> list[str]:
        return [str(a["href"]) for t, a in self.tags if t == "a" and a.get("href")]


def get(client: Any, url: str, status: int = 200, **kw: Any) -> Page:
    r = client.get(url, **kw)
    assert r.status_code == status, (url, r.status_code, r.get_data(as_text=True)[:500])
    return Page(r.get_data(as_text=True))


def cells(page: Page) -> str:
    return " ".join(" ".join(page.text).split())


# --- every route ------------------------------------------------------------------------------------------


def test_every_page_and_every_link_answers(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    """From the home page, every link of every page (games, players, sheets, downloads but PDF; the links
    with a query, the filters, are the other tests') answers 200: each game of every system, each player, the
    hostile ones too."""
    seen: set[str] = set()
    todo = ["/", "/players"]
    while todo:
        url = todo.pop()
        if url in seen or url.endswith("/download/pdf"):
            continue
        seen.add(url)
        r = client.get(url)
        assert r.status_code in (200, 301), (url, r.status_code)
        if r.mimetype == "text/html" and "/sheet" not in url:
            links = Page(r.get_data(as_text=True)).links()
            todo += [u for u in links if u.startswith("/") and "?" not in u and u not in seen]
    with Archive(built[0]) as a:
        games = {f"/game/{g['id']}" for g in a.games()}
        players = set(a.players())
    assert games <= seen
    assert {unquote(u[len("/player/") :]) for u in seen if u.startswith("/player/")} == players


def test_game_page_sheet_and_downloads_are_the_exports(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    """The sheet is ``kitapi export --format html``'s bytes, the CSV its CSV, the log the stored bytes."""
    db = built[0]
    with Archive(db) as a:
        ids = [g["id"] for g in a.games()]
        logs = {i: a.log(i) for i in ids}
    for i in ids:
        game = sheets.load_archive(db, i)
        assert client.get(f"/game/{i}/sheet").data == sheets.export(game, "html")
        r = client.get(f"/game/{i}/download/csv")
        assert r.data == sheets.export(game, "csv") and "attachment" in r.headers["Content-Disposition"]
        assert client.get(f"/game/{i}/download/log").data == logs[i]
        page = get(client, f"/game/{i}")
        assert ("iframe", {"class": "sheet", "src": f"/game/{i}/sheet", "title": "Score sheet", "sandbox": ""}) in (
            page.tags
        )
        assert any(t == "polyline" for t, _ in page.tags)  # the chart, drawn on the server


def pdf_text(data: bytes) -> str:
    """The text of a PDF (pypdf), its pages one after another."""
    import pypdf

    return "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_a_game_names_its_players_as_the_archive_does_now(db: str, tmp_path: Path) -> None:
    """After a rename and a merge, the game page names each seat by its current name everywhere, the old name
    nowhere: the standings, the chart's legend, the hand table, the sheet, the CSV and the PDF (each the export
    of the log with the current names written in); the log download alone keeps the names it was played with,
    the stored bytes exact (the evidence).  On SQLite and PostgreSQL."""
    sample = (ROOT / "examples" / "sample-prefa.jsonl").read_bytes()
    other = sample.replace(b"Anna", b"Eleni").replace(b"Babis", b"Dora").replace(b"Costas", b"Fotis")
    where: Path | str = db if db.startswith("postgresql://") else Path(db)
    with Archive(where) as a:
        first = a.add_log(sample, "cafe-a", "1.kpl").id
        a.add_log(other, "cafe-a", "2.kpl")
        a.rename_player("Anna", "Zoë")
        a.merge_players("Babis", "Dora")
    now = tmp_path / "now.jsonl"  # the game as if it had been played by these names
    now.write_bytes(sample.replace(b"Anna", "Zoë".encode()).replace(b"Babis", b"Dora"))
    c = create_app(where, hosts=set(LOOPBACK)).test_client()
    raw = c.get(f"/game/{first}").get_data(as_text=True)
    legend = re.findall(r'<span class="key"><span class="swatch [^"]*"></span><bdi>([^<]*)</bdi>', raw)
    assert legend == ["Zoë", "Dora", "Costas"]
    heads = re.search(r'<table class="hands">.*?</thead>', raw, re.S)
    assert heads and re.findall(r'<th class="n"><bdi>([^<]*)</bdi></th>', heads.group()) == legend
    assert "<bdi>Dora</bdi></td>" in raw  # a bidder in the hand table
    sheet = c.get(f"/game/{first}/sheet").data
    assert sheet == sheets.export(sheets.load(now), "html")
    csv = c.get(f"/game/{first}/download/csv").data
    assert csv == sheets.export(sheets.load(now), "csv")
    pdf = pdf_text(c.get(f"/game/{first}/download/pdf").data)
    for text in (raw, sheet.decode(), csv.decode("utf-8-sig"), pdf):
        assert "Zoë" in text and "Dora" in text and "Anna" not in text and "Babis" not in text, text[:300]
    assert c.get(f"/game/{first}/download/log").data == sample


def test_pdf_download_and_no_browser(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The PDF is the export's (Chromium's); with no browser to print with, a page in the reader's language
    says so (503), and the rest of the site works."""
    r = client.get("/game/1/download/pdf")
    assert r.status_code == 200 and r.data.startswith(b"%PDF-") and r.mimetype == "application/pdf"
    monkeypatch.setenv("KITAPI_CHROMIUM", "/nonexistent/chromium")
    assert client.get("/game/1/download/pdf").data == r.data  # (printed already: kept, no browser needed)
    r = client.get("/game/2/download/pdf?lang=el")
    assert r.status_code == 503
    text = r.get_data(as_text=True)
    assert "Δεν είναι διαθέσιμο" in text and "Το PDF θέλει Chromium" in text
    assert "nonexistent" not in text  # (the PC's setting is the terminal's business, not a guest's)
    monkeypatch.setenv("KITAPI_CHROMIUM", "/bin/false")  # a browser that fails: said in the page's words
    r = client.get("/game/2/download/pdf?lang=ru")
    text = r.get_data(as_text=True)
    assert r.status_code == 503 and "PDF не удалось напечатать" in text and "/bin/false" not in text
    assert client.get("/game/1/download/csv").status_code == 200


def test_game_chart_and_hand_table_follow_the_core(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    """The hand table's last row is the game's standing (the core's result), each player's net in its unit."""
    with Archive(built[0]) as a:
        for g in a.games():
            d = data.game(a, g["id"])
            assert len(d["running"]) == len(d["game"]["hands"])
            if d["running"]:
                assert d["running"][-1] == d["nets"]
            text = cells(get(client, f"/game/{g['id']}"))
            for x in d["nets"]:
                assert show_exact(x) in text


# --- the standings ----------------------------------------------------------------------------------------

# The names a family's statistics give a player's net (its stats part's field: kitapi_host.families.<family>)
NET_FIELDS = ("whists", "net", "individual", "chips")


def stats_key(rules: str) -> tuple[str | None, str]:
    """Where ``kitapi stats`` keeps the net of the system ``rules``, asked of its family's module: the part of its
    own rules id, else its family's first (None: the part merged into the player's object), and the part's field
    that is a net (the first of NET_FIELDS it has)."""
    parts = families.archive_family(rules).stats_parts()
    part = rules if rules in parts else next(iter(parts))
    fields = dataclasses.asdict(parts[part])
    return part or None, next(f for f in NET_FIELDS if f in fields)


def test_standings_of_all_time_equal_kitapi_stats(built: tuple[Path, dict[str, Any]]) -> None:
    """Over every game, each player's net per system adds up to what ``kitapi stats`` counts from the hands."""
    with Archive(built[0]) as a:
        page = data.home(a, data.Period(data.date(2000, 1, 1), data.date(2100, 1, 1)), data.Filters())
        stats = {s["player"]: s for s in a.stats()}
    totals: dict[tuple[str, str | None, str], Fraction] = {}
    for s in page["standings"]:
        part, key = stats_key(s["rules"])
        for p in s["players"]:
            k = (p["name"], part, key)
            totals[k] = totals.get(k, Fraction(0)) + p["net"]
    assert len(totals) > 20
    for (name, part, key), net in totals.items():
        st = stats[name] if part is None else stats[name][part]
        assert Fraction(st[key]) == net, (name, part)


def test_period_and_filters(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    db, info = built
    now = info["now"]
    this = data.this_month(now.date())
    with Archive(db) as a:
        month = data.home(a, this, data.Filters())
        assert sum(s["games"] for s in month["standings"]) == month["games"]
        ids = {g["id"] for g in a.find_games(this.since, this.until)}
        assert set(info["this"]) <= ids and not set(info["last"]) & ids
        first = data.Period(this.first - timedelta(days=40), this.first - timedelta(days=1))
        assert {g["id"] for g in a.find_games(first.since, first.until)} == set(info["last"])
        # a day's bounds: the games of the 3rd of last month are in [3rd, 3rd], none in [4th, 5th]
        day = this.first - timedelta(days=1)
        third = day.replace(day=3)
        assert {g["id"] for g in a.find_games(third.isoformat(), (third + timedelta(days=1)).isoformat())} == set(
            info["last"]
        )
        assert a.find_games((third + timedelta(days=1)).isoformat(), (third + timedelta(days=3)).isoformat()) == []
        # filters
        for g in a.find_games(player="Vera"):
            assert "Vera" in g["players"]
        assert {g["rules"] for g in a.find_games(rules="sochi")} == {"sochi"}
        assert {g["device"] for g in a.find_games(device="cafe-b")} == {"cafe-b"}
        assert a.find_games(player="Nobody") == []
    # the default period is this month, in the page
    text = cells(get(client, "/"))
    assert f"{this.since} – {this.last.isoformat()}" in text
    last = f"/?from={first.since}&to={first.last.isoformat()}"
    assert f"({len(info['last'])} games)" in cells(get(client, last))
    one = cells(get(client, f"/?from={this.since}&to={this.last.isoformat()}&system=priffe"))
    assert "Swedish Priffe" in one and "Greek Prefa (" not in one
    dev = get(client, "/?device=cafe-b")
    assert all(not u.startswith("/game/") or int(u.split("/")[2]) in info["last"] for u in dev.links())
    assert "Vera" in cells(get(client, "/player/Vera?system=sochi"))


def test_player_page(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    """Games by system, head to head (the two nets of the games both played), kitapi stats' figures."""
    with Archive(built[0]) as a:
        page = data.player(a, "Anna", data.Filters())
        assert data.player_stats(a, "Anna")["stats"] == a.stats("Anna")[0]
        games = [g for g in a.games() if "Anna" in g["players"]]
    assert sum(s["games"] for s in page["systems"]) == len(games)
    for h in page["rivals"]:
        both = [g for g in games if h["name"] in g["players"] and g["rules"] == h["rules"]]
        assert h["games"] == len(both)
    text = cells(get(client, "/player/Anna"))
    assert "Head to head" in text and "Games by system" in text
    get(client, "/stats/Nobody", 404)
    get(client, "/player/Nobody", 404)
    get(client, "/player/anna", 404)  # (names are as typed: another player)


def test_an_empty_archive(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    Archive(db).close()
    c = create_app(db, hosts=set(LOOPBACK)).test_client()
    assert cells(get(c, "/")).count("No games.") == 2  # (the standings, the latest)
    get(c, "/players")
    get(c, "/game/1", 404)


# --- language ---------------------------------------------------------------------------------------------


def test_every_system_and_word_in_three_languages() -> None:
    """Each system of kitapi.registry has its title in each language (its registry row's) and its unit; each word
    its three, none empty."""
    from kitapi.registry import rows
    from kitapi_host.families import family
    from kitapi_host.names import names
    from kitapi_host.web.words import KINDS, WORDS

    for r in rows():
        titles = [n[2] for n in names(r[0]).values()]  # type: ignore[union-attr]
        assert len(titles) == 3 and all(x.strip() for x in titles), r[0]
        assert family(r[0]).UNIT in WORDS, r[0]  # type: ignore[union-attr]
    assert all(len(v) == 3 and all(x.strip() for x in v) for v in KINDS.values())
    assert all(len(v) == 3 and all(x.strip() for x in v) for v in WORDS.values())
    from kitapi_host.families import archive_families

    for m in archive_families():  # the words of its statistics tables (English: what kitapi stats prints)
        words = m.STATS_WORDS  # type: ignore[attr-defined]
        assert words and all(len(v) == 3 and v[1].strip() and v[2].strip() for v in words.values()), m


def test_language_by_header_switch_and_cookie(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    assert 'lang="en"' in client.get("/").get_data(as_text=True)
    el = client.get("/", headers={"Accept-Language": "el-GR,el;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="el">' in el and "Κατάταξη" in el and "Σουηδικό πρίφε" in el and "Swedish" not in el
    assert '<html lang="ru">' in client.get("/", headers={"Accept-Language": "de, ru;q=0.8"}).get_data(as_text=True)
    with Archive(built[0]) as a:  # every kind of hand the test archive holds is named in the hand table
        kinds = {h["kind"]: g["id"] for g in a.games() for h in a.game(g["id"])["hands"]}
    from kitapi_host.web.words import KINDS

    assert set(kinds) <= set(KINDS) and "allpass" in kinds
    assert "<td>распасы</td>" in client.get(f"/game/{kinds['allpass']}?lang=ru").get_data(as_text=True)
    r = client.get("/game/1?lang=ru")
    assert "Таблица сдач" in r.get_data(as_text=True) and "lang=ru" in r.headers["Set-Cookie"]
    # the cookie keeps it (the test client sends it back), the switch's links keep the page and its filters
    page = client.get("/player/Anna?system=sochi").get_data(as_text=True)
    assert '<html lang="ru">' in page
    assert 'href="/player/Anna?system=sochi&amp;lang=el"' in page
    assert '<html lang="en">' in client.get("/?lang=en").get_data(as_text=True)
    assert '<html lang="en">' in client.get("/?lang=xx", headers={"Accept-Language": "fr"}).get_data(as_text=True)


class StatsTables(html.parser.HTMLParser):
    """The statistics page's tables as a browser reads them: each (caption, head, rows, note), and every
    ``lang`` attribute of the page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tables: list[tuple[str, list[str], list[list[str]], str]] = []
        self.langs: list[str | None] = []
        self._in: str | None = None  # the cell, caption or note the text goes to
        self._text = ""
        self._head = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "lang" in a:
            self.langs.append(a["lang"])
        if tag == "table" and a.get("class") == "stats":
            self.tables.append(("", [], [], ""))
        elif tag == "thead":
            self._head = True
        elif tag == "tr" and self.tables and not self._head:
            self.tables[-1][2].append([])
        elif tag in ("caption", "th", "td") or (tag == "p" and a.get("class") == "note"):
            self._in, self._text = tag, ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self._head = False
        if tag != self._in:
            return
        cap, head, rows, note = self.tables[-1]
        if tag == "caption":
            self.tables[-1] = (self._text, head, rows, note)
        elif tag == "th":
            head.append(self._text)
        elif tag == "td":
            rows[-1].append(self._text)
        else:
            self.tables[-1] = (cap, head, rows, self._text)
        self._in = None

    def handle_data(self, d: str) -> None:
        if self._in:
            self._text += d


def stats_page(client: Any, name: str, lang: str) -> StatsTables:
    r = client.get(f"/stats/{quote(name)}?lang={lang}")
    assert r.status_code == 200, r.get_data(as_text=True)[:500]
    page = StatsTables(r.get_data(as_text=True))
    assert page.langs == [lang, "en", "el", "ru"]  # <html lang>, the switch's three: no part in another language
    return page


# Anna played Prefa, Russian and Balkan Preferans and the kasa, Ann the pot games and Priffe: every family's
STATS_PLAYERS = ("Anna", "Ann")


def test_stats_page_is_the_command_in_english(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    """The English /stats/NAME shows ``kitapi stats NAME``'s tables, title, head, row and note each as the
    command prints them; between them every family's tables."""
    titles = []
    for name in STATS_PLAYERS:
        r = subprocess.run([*KITAPI, "stats", name, "--db", str(built[0])], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        blocks = r.stdout.rstrip("\n").split("\n\n")
        page = stats_page(client, name, "en")
        assert len(page.tables) == len(blocks) > 1
        for (caption, head, rows, note), block in zip(page.tables, blocks, strict=True):
            title, head_line, *row_lines = block.split("\n")
            note_lines = row_lines[len(rows) :]
            assert title == f"{caption}:"
            assert head == head_line.split() and rows == [x.split() for x in row_lines[: len(rows)]]
            assert note == "\n".join(note_lines)
            titles.append(caption)
    assert titles == [
        "Greek Prefa (chips)", "Russian Preferans (whists)", "Balkan Preferans (whists)",
        "Greek Prefa with a common kasa (kapikia)", "Austrian Préférence (chips)", "Illustrated Préférence (chips)",
        "American Preference (chips)", "Swedish Priffe (individual points)",
    ]  # fmt: skip


@pytest.mark.parametrize("lang", ["el", "ru"])
def test_stats_page_in_greek_and_russian(client: Any, built: tuple[Path, dict[str, Any]], lang: str) -> None:
    """The Greek and the Russian page: the same tables with the same figures as the English one, the titles,
    the column heads and the notes in the language (not a Latin letter in them: no English word left), the
    systems' names the other pages give them, the count of his games in the language's form, and no part of
    the page marked English."""
    from kitapi_host.web.words import games_n, system

    for name in STATS_PLAYERS:
        with Archive(built[0]) as a:
            played = a.player_stats(name)["games"]
        assert f"kitapi stats: {games_n(lang, played)}," in client.get(f"/stats/{name}?lang={lang}").get_data(
            as_text=True
        )
        en, other = stats_page(client, name, "en"), stats_page(client, name, lang)
        assert len(other.tables) == len(en.tables)
        for (ecap, ehead, erows, enote), (cap, head, rows, note) in zip(en.tables, other.tables, strict=True):
            assert rows == erows and len(head) == len(ehead)
            for text in (cap, note, *head):
                assert text.strip() and not re.search("[A-Za-z]", text), (lang, ecap, text)
            assert head != ehead and note != enote
        names = " ".join(t[0] for t in other.tables)
        for rules in ("prefa", "balkan", "prefa_kasa") if name == "Anna" else ("preference_at", "priffe"):
            assert system(lang, rules, "") in names


# --- errors -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "/game/9999",
        "/game/99999999999999999999999",
        "/game/-1",
        "/game/abc",
        "/game/1/download/exe",
        "/game/1/download/..%2F..%2Fetc%2Fpasswd",
        "/game/9999/download/log",
        "/game/9999/sheet",
        "/static/..%2F..%2Farchive%2Fdb.py",
        "/static/../app.py",
        "/player/Nobody",
        "/nothing",
    ],
)
def test_not_found(client: Any, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 404, url
    assert "Not found" in r.get_data(as_text=True) and "Traceback" not in r.get_data(as_text=True)


@pytest.mark.parametrize(
    "query", ["from=2026-13-01", "from=yesterday", "to=2026-02-30", "from=2026-05-02&to=2026-05-01"]
)
def test_bad_period_is_400_with_a_message(client: Any, query: str) -> None:
    r = client.get(f"/?{query}", headers={"Accept-Language": "el"})
    assert r.status_code == 400
    assert "Λάθος αίτημα" in r.get_data(as_text=True)


def test_a_damaged_row_costs_only_its_game(admin_db: Path) -> None:
    """A game whose stored result and header are not JSON (the archive is untrusted too): the home page and
    the others still answer, the game lists without figures, its own page is one line, never a traceback."""
    import sqlite3

    with Archive(admin_db) as a:
        first = a.game(1)["result"]["players"][0]
        played = a.player_stats(first)["games"]
    con = sqlite3.connect(admin_db)
    with con:
        con.execute("UPDATE games SET result = '{\"chips\": [1, ', header = 'x' WHERE id = 1")
    con.close()
    with Archive(admin_db) as a:  # his statistics: every game but the damaged one
        assert a.player_stats(first)["games"] == played - 1
    c = create_app(admin_db, hosts=set(LOOPBACK)).test_client()
    home = cells(get(c, "/?from=2000-01-01&to=2100-01-01&system=prefa"))
    assert "#1 " in home and "#2 " in home
    r = c.get("/game/1")
    assert r.status_code == 500 and "Traceback" not in r.get_data(as_text=True)
    assert "Not available" in r.get_data(as_text=True)
    get(c, "/game/2")
    get(c, "/player/Anna")
    get(c, f"/stats/{first}")


# --- safety -----------------------------------------------------------------------------------------------


def test_hostile_names_render_as_text(client: Any, built: tuple[Path, dict[str, Any]]) -> None:
    """On every page that shows them: no element or attribute they could make, each name whole as text, the
    bidi override inside a <bdi> (it reorders nothing around it), the URL name round-trips."""
    hostile = built[1]["hostile"]
    for url in ["/", f"/game/{hostile}", "/players", f"/player/{quote(HOSTILE[0], safe='')}"]:
        raw = client.get(url).get_data(as_text=True)
        page = Page(raw)
        assert not any(t == "script" for t, _ in page.tags), url
        assert not any(k.startswith("on") for _, a in page.tags for k in a), url
        assert "<script>alert" not in raw
        text = "".join(page.text)
        for name in HOSTILE[:3] if url != "/players" else HOSTILE:
            assert name in text, (url, name)
        assert re.search("<bdi>\u202eevil\u202c name</bdi>", raw), url
    for name in HOSTILE:
        page = get(client, f"/player/{quote(name, safe='')}")
        assert name in "".join(page.text)
    # the sheet names the seats as the archive does: text, a bidi override shown as its escape (the sheet has
    # no <bdi>), as the kitapi command shows it; the CSV and the PDF too
    sheet = client.get(f"/game/{hostile}/sheet").get_data(as_text=True)
    page = Page(sheet)
    assert not any(t == "script" for t, _ in page.tags) and "<script" not in sheet and "\u202e" not in sheet
    text = "".join(page.text)
    assert HOSTILE[0] in text and HOSTILE[1] in text and "\\u202eevil\\u202c name" in text
    csv = client.get(f"/game/{hostile}/download/csv").get_data(as_text=True)
    assert HOSTILE[0] in csv and "\\u202eevil\\u202c name" in csv and "\u202e" not in csv


def test_no_script_and_the_security_headers(client: Any) -> None:
    for url in ["/", "/game/1", "/player/Anna", "/players"]:
        r = client.get(url)
        csp = r.headers["Content-Security-Policy"]
        assert "default-src 'none'" in csp and "script-src" not in csp and "frame-ancestors 'none'" in csp
        assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'self'" in client.get("/game/1/sheet").headers["Content-Security-Policy"]


def test_host_header_is_checked_on_the_loopback(built: tuple[Path, dict[str, Any]]) -> None:
    """Bound to the loopback, a page reached through another name (a DNS rebinding attack) is refused."""
    local = create_app(built[0], hosts=set(LOOPBACK)).test_client()
    for host in ("127.0.0.1:8330", "localhost", "[::1]:9000"):
        assert local.get("/", headers={"Host": host}).status_code == 200, host
    for host in ("evil.example", "evil.example:8330", "127.0.0.1.evil.example", "localhost.evil:80"):
        assert local.get("/", headers={"Host": host}).status_code == 400, host
    venue = create_app(built[0], hosts=None).test_client()  # --host 0.0.0.0: the tablet names the PC its way
    assert venue.get("/", headers={"Host": "192.168.1.20:8330"}).status_code == 200


def _names(db: Path) -> list[str]:
    with Archive(db) as a:
        return a.players()


def test_read_only_without_admin(built: tuple[Path, dict[str, Any]], admin_db: Path) -> None:
    c = create_app(admin_db, hosts=set(LOOPBACK)).test_client()
    before = _names(admin_db)
    page = c.get("/players").get_data(as_text=True)
    assert 'method="post"' not in page  # (the search form is a GET)
    r = c.post("/players/rename", data={"old": "Anna", "new": "Hanna"}, headers={"Origin": "http://localhost"})
    assert r.status_code == 403 and "--admin" in r.get_data(as_text=True) and "Not allowed" in r.get_data(as_text=True)
    assert c.post("/players/merge", data={"from": "Anna", "into": "Boris"}).status_code == 403
    r = c.post("/players/merge?lang=ru", data={"from": "Anna", "into": "Boris"})
    assert r.status_code == 403 and "Только чтение" in r.get_data(as_text=True)
    assert _names(admin_db) == before


def _token(c: Any) -> str:
    page = Page(c.get("/players").get_data(as_text=True))
    return next(str(a["value"]) for t, a in page.tags if t == "input" and a.get("name") == "csrf")


def test_admin_rename_and_merge_need_the_token_and_this_origin(admin_db: Path) -> None:
    c = create_app(admin_db, admin=True, hosts=set(LOOPBACK)).test_client()
    token = _token(c)
    here = {"Origin": "http://localhost"}
    before = _names(admin_db)
    refused = [
        ({"old": "Anna", "new": "Hanna"}, {}),  # no token, no origin
        ({"old": "Anna", "new": "Hanna"}, here),  # no token
        ({"old": "Anna", "new": "Hanna", "csrf": "x" * 43}, here),  # another token
        ({"old": "Anna", "new": "Hanna", "csrf": token}, {"Origin": "http://evil.example"}),
        ({"old": "Anna", "new": "Hanna", "csrf": token}, {}),  # neither Origin nor Referer
        ({"old": "Anna", "new": "Hanna", "csrf": token}, {"Referer": "http://evil.example/players"}),
    ]
    for form, headers in refused:
        assert c.post("/players/rename", data=form, headers=headers).status_code == 403, (form, headers)
    fresh = create_app(admin_db, admin=True, hosts=set(LOOPBACK)).test_client()  # another session, same token
    assert (
        fresh.post("/players/rename", data={"old": "Anna", "new": "H", "csrf": token}, headers=here).status_code == 403
    )
    assert c.get("/players/rename").status_code == 405
    assert _names(admin_db) == before
    r = c.post("/players/rename", data={"old": "Anna", "new": "Hanna", "csrf": token}, headers=here)
    assert r.status_code == 303
    assert "Hanna" in _names(admin_db) and "Anna" not in _names(admin_db)
    r = c.post("/players/rename", data={"old": "Hanna", "new": "x" * 30, "csrf": token}, headers=here)
    assert r.status_code == 400 and "is not a name a player can have" in r.get_data(as_text=True)  # (the core's)
    r = c.post(
        "/players/merge",
        data={"from": HOSTILE[3], "into": "Dan", "csrf": token},
        headers={"Referer": "http://localhost/players"},
    )
    assert r.status_code == 303 and HOSTILE[3] not in _names(admin_db)


def test_the_archives_refusals_of_the_forms_in_the_pages_language(admin_db: Path) -> None:
    """A rename to a name taken, a merge of two players of one game, a stale form: refused in the page's words,
    the names quoted as the page quotes them, nothing changed."""
    c = create_app(admin_db, admin=True, hosts=set(LOOPBACK)).test_client()
    token, here = _token(c), {"Origin": "http://localhost"}
    before = _names(admin_db)
    with Archive(admin_db) as a:
        together = a.seats(a.games()[0]["id"])[:2]  # (two players of one game)
    r = c.post("/players/rename?lang=el", data={"old": "Anna", "new": "Boris", "csrf": token}, headers=here)
    assert r.status_code == 404 and "υπάρχει ήδη παίκτης «Boris»" in r.get_data(as_text=True)
    form = {"from": together[0], "into": together[1], "csrf": token}
    r = c.post("/players/merge?lang=ru", data=form, headers=here)
    text = r.get_data(as_text=True)
    assert r.status_code == 404 and f"«{together[0]}» и «{together[1]}» играли в одной партии" in text, text
    r = c.post("/players/merge?lang=el", data={**form, "csrf": "x" * 43}, headers=here)
    assert r.status_code == 403 and "ανανεώστε τη σελίδα" in r.get_data(as_text=True)
    assert _names(admin_db) == before


# --- the command ------------------------------------------------------------------------------------------


def test_serve_without_an_archive_is_one_line(tmp_path: Path) -> None:
    r = forkrun.run(["serve", "--db", str(tmp_path / "none.db"), "--no-browser"])
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().count("\n") == 1 and "no archive here" in r.stderr.decode()


def test_serve_answers_on_the_loopback_only(built: tuple[Path, dict[str, Any]]) -> None:
    """``kitapi serve --port 0``: it names its URL, answers there (the home page), refuses another Host, and
    listens on 127.0.0.1 only."""
    p = subprocess.Popen(
        [*KITAPI, "serve", "--db", str(built[0]), "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        m = re.match(r"kitapi serve: (http://127\.0\.0\.1:(\d+)/) \(read-only", line)
        assert m, line
        with urllib.request.urlopen(m.group(1), timeout=30) as r:
            assert r.status == 200 and b"Kitapi" in r.read()
        req = urllib.request.Request(m.group(1), headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(req, timeout=30)
        assert e.value.code == 400
        addr = socket.gethostbyname(socket.gethostname())
        if addr != "127.0.0.1" and not addr.startswith("127."):
            with pytest.raises(OSError):
                socket.create_connection((addr, int(m.group(2))), timeout=5).close()
    finally:
        p.terminate()
        assert wait_until(lambda: p.poll() is not None)
        p.communicate()


def test_a_count_of_games_is_said_in_each_languages_forms() -> None:
    """'1 game', '2 games'; Greek one and other; Russian by the last digits (one, few, many)."""
    from kitapi_host.web.words import games_n

    assert [games_n("en", n) for n in (1, 2, 11)] == ["1 game", "2 games", "11 games"]
    assert [games_n("el", n) for n in (1, 3)] == ["1 παρτίδα", "3 παρτίδες"]
    ru = [games_n("ru", n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111, 104)]
    assert ru == ["1 партия", "2 партии", "5 партий", "11 партий", "12 партий", "21 партия", "22 партии",
                  "25 партий", "111 партий", "104 партии"]  # fmt: skip
