"""The page ``/tournament/NAME`` of ``kitapi serve`` (issue 34, item 9), on SQLite and PostgreSQL (``db``): a
tournament made with ``kitapi tournament new``, its tables played by generated games through ``kitapi archive
add``, one decided by the organisers (a three-way tie: 5/3 points each) and one closed at the time limit; the
page's draw, seating, games, results, points, marks and standings are ``kitapi tournament show NAME --json``'s
(``?round=R``: ``--round R``'s standings), in en, el and ru; the home page and ``/tournaments`` list it; a bad
round is a 400 and an unknown tournament a 404 in the page's language; a hostile name is shown as text; an
archive of schema 6 on a read-only disk is read as it is: no tournaments, nothing written."""

from __future__ import annotations

import hashlib
import html.parser
import json
import re
import sqlite3
from fractions import Fraction
from pathlib import Path
from typing import Any

from kitapi_host.archive.db import Archive
from kitapi_host.logs import show_exact
from kitapi_host.web.app import LOOPBACK, create_app
from test_tournament_archive import NAMES, Games, added, ok, refused, show

LANGS = ("en", "el", "ru")


class Tables(html.parser.HTMLParser):
    """A page's tables by id: each a dict of ``caption`` (its text), ``links`` (its caption's hrefs) and ``rows``
    (each body row's cells, as text, with each cell's title: ``(text, title)``)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tables: dict[str, dict[str, Any]] = {}
        self.t: dict[str, Any] | None = None
        self.where = ""
        self.cell: list[str] | None = None
        self.title: str | None = None
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table" and a.get("id"):
            self.t = self.tables[str(a["id"])] = {"caption": "", "links": [], "rows": []}
        elif self.t is None:
            return
        elif tag in ("caption", "thead", "tbody"):
            self.where = tag
        elif tag == "a" and self.where == "caption":
            self.t["links"].append(a.get("href"))
        elif tag == "tr" and self.where == "tbody":
            self.t["rows"].append([])
        elif tag == "td":
            self.cell, self.title = [], a.get("title")

    def handle_endtag(self, tag: str) -> None:
        if self.t is None:
            return
        if tag == "table":
            self.t = None
        elif tag == "td" and self.cell is not None:
            self.t["rows"][-1].append((" ".join("".join(self.cell).split()), self.title))
            self.cell = None
        elif tag in ("caption", "thead", "tbody"):
            self.where = ""

    def handle_data(self, d: str) -> None:
        if self.t is not None and self.where == "caption":
            self.t["caption"] += d
        if self.cell is not None:
            self.cell.append(d)


def pts(x: int | float) -> str:
    """Points as the page shows them: whole, else to at most two decimals."""
    f = Fraction(x).limit_denominator(1000)
    return str(f.numerator) if f.denominator == 1 else f"{float(f):.2f}".rstrip("0")


def exact(x: int | float) -> str:
    return str(Fraction(x).limit_denominator(1000))


def get(c: Any, url: str, lang: str = "en", status: int = 200) -> str:
    r = c.get(url, headers={"Accept-Language": lang})
    c.delete_cookie("lang")  # (a ?lang= sets it: the next request's language is its header's)
    text = str(r.get_data(as_text=True))
    assert r.status_code == status, (url, r.status_code, text[-800:])
    return text


def play_club(db: str, tmp_path: Path) -> Games:
    """The tournament Club (9 players, 6 rounds, 4 fixed): round 1 played, round 2 played but for table 2 decided
    as a three-way tie and table 3 closed in play, round 3 with table 1's game in play and no other game."""
    games = Games(tmp_path)
    ok("tournament", "new", "Club", "--system", "prefa", "--options", '{"pouch": 10}', "--players", ",".join(NAMES),
       "--rounds", "6", "--open-rounds", "4", "--seed", "2026", "--db", db)  # fmt: skip
    rep = show(db)
    r1, r2, r3 = (rep["schedule"][i]["tables"] for i in range(3))
    files = [games.write(t["players"]) for t in r1] + [games.write(r2[0]["players"])]
    files += [games.write(r2[2]["players"], over=False), games.write(r3[0]["players"], over=False)]
    att = added(ok("archive", "add", "--db", db, *files))
    assert all(att[f.name] for f in files), att
    ok("tournament", "result", "Club", "2", "2", *(f"{p}=0" for p in r2[1]["players"]), "--db", db)
    ok("tournament", "close-round", "Club", "2", "--db", db)
    return games


def check_page(text: str, rep: dict[str, Any], upto: int | None) -> None:
    """The page ``text`` shows ``rep`` (``show --json``, every round) and the standings ``after`` (``show --round
    upto --json``'s, or ``rep``'s)."""
    tabs = Tables(text).tables
    for r in rep["schedule"]:
        for x in r["tables"]:
            card = tabs[f"r{r['round']}t{x['table']}"]
            want = []
            for i, p in enumerate(x["players"]):
                res = "" if x["results"] is None else show_exact(Fraction(x["results"][i]).limit_denominator(1000))
                pt = "" if x["points"] is None else pts(x["points"][i])
                want.append([p, res, pt])
            assert [[c[0] for c in row] for row in card["rows"]] == want, (r["round"], x["table"])
            if x["points"] is not None:
                assert [row[2][1] for row in card["rows"]] == [exact(v) for v in x["points"]]
            assert card["links"] == ([] if x["game"] is None else [f"/game/{x['game']}"])
            mark = {"decided": "†", "closed": "‡", None: None}[x["mark"]]
            assert (mark is not None and mark in card["caption"]) or (
                mark is None and not {"†", "‡"} & set(card["caption"])
            )
    shown = [r["round"] for r in rep["schedule"]]
    assert sorted(int(k[1:].partition("t")[0]) for k in tabs if re.fullmatch(r"r\d+t\d+", k)) == sorted(
        r for r in shown for _ in range(3)
    )
    want = [
        [f"{s['place']} {s['player']}", pts(s["points"]), show_exact(Fraction(s["total"]).limit_denominator(1000)),
         pts(s["buchholz"]), pts(s["won"]), str(s["number"]), str(s["played"])]
        for s in rep["standings"]
    ]  # fmt: skip
    assert [[c[0] for c in row] for row in tabs["standings"]["rows"]] == want
    assert [[c[0] for c in row] for row in tabs["drawn"]["rows"]] == [
        [d["player"], str(d["number"])] for d in rep["draw"]
    ]
    latest = rep["schedule"][-1]
    finder = sorted((p, str(t["table"])) for t in latest["tables"] for p in t["players"])
    got = [(row[0][0], row[1][0].rsplit(" ", 1)[1]) for row in tabs["finder"]["rows"]]
    assert sorted(got) == finder and [g[0] for g in got] == sorted((g[0] for g in got), key=str.casefold)


def test_the_page_is_kitapi_tournament_show(db: str, tmp_path: Path) -> None:
    """Every round's seating, games, results, points and marks and the standings with each tie-break column as
    ``kitapi tournament show --json`` gives them (points to two decimals, exact in the cell's title: the tie's
    5/3 as 1.67); ``?round=R`` the standings after round R; the finder for the latest round; en, el, ru; the
    home page and /tournaments link to it."""
    play_club(db, tmp_path)
    c = create_app(db, hosts=set(LOOPBACK)).test_client()
    rep = show(db)
    assert rep["seated"] == 4 and rep["complete"] == [1, 2]
    tie = rep["schedule"][1]["tables"][1]
    assert tie["mark"] == "decided" and tie["points"] == [5 / 3] * 3
    assert rep["schedule"][1]["tables"][2]["mark"] == "closed"
    assert rep["schedule"][2]["tables"][0]["state"] == "in play"
    page = get(c, "/tournament/Club")
    check_page(page, rep, None)
    card = Tables(page).tables["r2t2"]
    assert [row[2] for row in card["rows"]] == [("1.67", "5/3")] * 3
    for upto in (1, 2, 3):
        after = show(db, "Club", "--round", str(upto))
        text = get(c, f"/tournament/Club?round={upto}")
        check_page(text, after, upto)
        assert [r["round"] for r in after["schedule"]] == [upto]
    assert rep["standings"] != show(db, "Club", "--round", "1")["standings"]  # (the rounds differ: a real check)
    # the words, in each language
    for lang, words in {
        "en": ("Round 4", "Table 3", "Points", "Buchholz", "Standings so far", "Find your table: round 4", "1.67"),
        "el": ("Γύρος 4", "Τραπέζι 3", "Βαθμοί", "Μπούχολτς", "Κατάταξη μέχρι τώρα", "Βρες το τραπέζι σου", "Τουρνουά"),
        "ru": ("Тур 4", "Стол 3", "Очки", "Бухгольц", "Таблица на сейчас", "Найдите свой стол", "Турнир"),
    }.items():
        text = get(c, "/tournament/Club", lang)
        assert f'<html lang="{lang}">' in text
        assert all(w in text for w in words), (lang, [w for w in words if w not in text])
        assert get(c, f"/tournament/Club?round=2&lang={lang}", lang).count('class="mark"') == 2  # († and ‡)
    # the language's links keep the round
    assert 'href="/tournament/Club?round=2&amp;lang=el"' in get(c, "/tournament/Club?round=2")
    # listed on the home page and on /tournaments
    for url in ("/", "/tournaments"):
        text = get(c, url, "el")
        assert 'href="/tournament/Club"' in text and "σερβικό πρωτάθλημα" in text


def test_refusals_and_a_hostile_name(db: str) -> None:
    """A round that is none (0, past the rounds seated, not a number) is a 400 saying so in the page's language;
    an unknown tournament a 404; a tournament named with markup and the URL's own characters is shown as text and
    found by its link."""
    hostile = "<script>alert(1)</script> a/b?c=d#e"
    ok("tournament", "new", hostile, "--system", "sochi", "--players", ",".join(NAMES[:6]), "--rounds", "3",
       "--open-rounds", "2", "--seed", "1", "--db", db)  # fmt: skip
    c = create_app(db, hosts=set(LOOPBACK)).test_client()
    home = get(c, "/")
    assert "<script>alert" not in home and "&lt;script&gt;alert(1)&lt;/script&gt; a/b?c=d#e" in home
    link = re.search(r'href="(/tournament/[^"]+)"', home)
    assert link and "<" not in link.group(1) and "?" not in link.group(1) and "#" not in link.group(1)
    text = get(c, link.group(1).replace("&amp;", "&"))
    assert "<script>alert" not in text and "<h1><bdi>&lt;script&gt;alert(1)&lt;/script&gt; a/b?c=d#e</bdi></h1>" in text
    url = link.group(1)
    for value, lang, said in (
        ("0", "el", "Γύρος «0»: δεν είναι γύρος του τουρνουά με θέσεις ως τώρα (1 έως 2)"),
        ("3", "ru", "Тур «3»: не тур этого турнира с готовой рассадкой (от 1 до 2)"),
        ("x", "en", "Round “x”: is not a round of this tournament seated so far (1 to 2)"),
        ("%EF%BC%91", "en", "Round “１”: is not a round"),  # (a fullwidth 1)
        ("99999999999999999999", "ru", "Тур «99999999999999999999»: не тур"),
    ):
        text = get(c, f"{url}?round={value}", lang, 400)
        assert said in html.unescape(text), text[-600:]
    text = get(c, "/tournament/Nobody", "ru", 404)
    assert "Турнир «Nobody»: нет в архиве" in text
    assert "Τουρνουά «Club»: δεν υπάρχει στο αρχείο" in get(c, "/tournament/Club", "el", 404)


def test_an_older_archive_on_a_read_only_disk_shows_no_tournaments(tmp_path: Path, read_only: Any) -> None:
    """An archive of schema 6 (before the tournaments' tables) that cannot be written: the pages read it as it
    is (before, every page failed: opening it tried to add the tables), the home page lists no tournament,
    /tournaments says there are none, a tournament's page is a 404; ``kitapi tournament list`` lists none and
    ``show`` finds none (before: "no such table"), ``kitapi games`` reads it; the file is not changed."""
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "archive.sqlite3"
    with Archive(db) as a:
        a.add_log(Games(tmp_path).write(NAMES[:3]).read_bytes(), "file", "g1")
        for t in ("tournament_detached", "tournament_tables", "tournament_players", "tournaments"):
            a.db.execute(f"DROP TABLE {t}")
        a.db.execute("UPDATE schema_version SET version = 6")
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode = DELETE")  # (no -wal left: a read-only folder's archive opens immutable)
    con.close()
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    read_only(folder)
    c = create_app(db, hosts=set(LOOPBACK)).test_client()
    assert 'id="tournaments"' not in get(c, "/") and "/game/1" in get(c, "/?from=0001-01-01&to=9999-12-31")
    assert "No tournaments." in get(c, "/tournaments")
    assert "Τουρνουά «Club»: δεν υπάρχει στο αρχείο" in get(c, "/tournament/Club", "el", 404)
    # (the command line reads it alike: no tournaments, one line for a tournament asked by name)
    assert json.loads(ok("tournament", "list", "--db", db, "--json")) == {"tournaments": []}
    assert refused("tournament", "show", "Club", "--db", db) == (
        "no tournament 'Club' in the archive (kitapi tournament list names them)\n"
    )
    assert "Anna" in ok("games", "--db", db)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest and sorted(p.name for p in folder.iterdir()) == [
        "archive.sqlite3"
    ]
