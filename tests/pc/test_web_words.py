"""Every word of ``kitapi serve``'s pages in the page's language (issue 33, item 2): each page kind fetched in
Greek and Russian through Flask's test client (home with its filters, the players, a player, his statistics,
every family's game page, the standalone sheet, the CSV's heads, the error pages), and no word of the English
word list in its visible text.

The English word list is built from the English side of the words tables (the page's ``web.words``, the
sheets' ``sheets.words``, each family's ``STATS_WORDS``), so a word added in English only is caught too; what
is the same in every language is left out of it: the players' and venues' names, the systems' ids, the
commands (``kitapi serve``), the formats (CSV, PDF) and the language menu."""

from __future__ import annotations

import csv
import html.parser
import io
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from kitapi.registry import rows
from kitapi_host import sheets
from kitapi_host.archive.db import Archive
from kitapi_host.families import archive_families
from kitapi_host.families.pot import PLAY_WORDS
from kitapi_host.sheets import words as sheet_words
from kitapi_host.web import words as web_words
from kitapi_host.web.app import LOOPBACK, create_app
from testkit import ROOT
from web_archive import add_tournament, build

LANGS = ("el", "ru")
# the same in every language: the programs, the formats, the language menu's own name of English
SAME = {"kitapi", "serve", "export", "stats", "code", "csv", "pdf", "html", "english", "jsonl", "nul"}
WORD = re.compile(r"[A-Za-z]{2,}")


def english_words() -> set[str]:
    """Every word (3 letters or more) of the English side of the words tables, lower case."""
    texts: list[str] = [v[0] for v in web_words.WORDS.values()]
    texts += [v[0] for v in web_words.KINDS.values()] + [v[0] for v in web_words.CONTRACTS.values()]
    texts += [v[0] for v in PLAY_WORDS.values()]
    texts += [k.partition("|")[2] or k for k in sheet_words.WORDS]
    for m in archive_families():
        texts += [v[0] for v in m.STATS_WORDS.values()]  # type: ignore[attr-defined]
    found = {w.lower() for text in texts for w in WORD.findall(re.sub(r"<[^>]*>", " ", text))}
    return found - SAME


class Visible(html.parser.HTMLParser):
    """A page's text as a reader sees it: no style or script, no attribute (the title in the tab is seen)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.hidden = 0
        self.parts: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "script")

    def handle_data(self, d: str) -> None:
        if not self.hidden:
            self.parts.append(d)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The test archive (tests/pc/web_archive.py), one game of every system with its options given, and what
    a page may show in any language: the names of its players and venues and the systems' ids."""
    db = tmp_path_factory.mktemp("words") / "archive.db"
    info = build(db)
    tournament = add_tournament(db)
    with Archive(db) as a:
        games = a.games()
        names = a.players()
        devices = {g["device"] for g in games}
        by_family: dict[str, int] = {}
        for g in games:
            by_family.setdefault(g["rules"], g["id"])
    ids = [r[0] for r in rows()]
    same = {w.lower() for text in [*names, *devices, *ids, tournament] for w in WORD.findall(text)}
    return {
        "db": db,
        "info": info,
        "games": [g["id"] for g in games],
        "names": names,
        "same": same,
        "rules": ids,
        "tournament": tournament,
    }


def english_on(text: str, same: set[str], words: set[str]) -> list[str]:
    return sorted({w for w in WORD.findall(text) if w.lower() in words and w.lower() not in same})


def pages(site: dict[str, Any]) -> list[tuple[str, int]]:
    """Every page kind and the status it answers with."""
    info = site["info"]
    player = next(n for n in site["names"] if n.isalpha())
    out = [
        ("/", 200),
        ("/?from=0001-01-01&to=9999-12-31", 200),
        (f"/?player={player}&system=sochi&device=cafe-a&from=0001-01-01&to=9999-12-31", 200),
        ("/?system=nothing-such", 200),
        ("/players", 200),
        (f"/player/{player}", 200),
        (f"/player/{player}?system=prefa&from=0001-01-01", 200),
        ("/game/999999", 404),
        ("/player/Zzyzx", 404),
        ("/nothing", 404),
        ("/?from=2026-13-01", 400),
        ("/?from=2026-05-02&to=2026-05-01", 400),
        ("/?player=a&player=b", 400),
        ("/players/rename", 405),
        ("/tournaments", 200),
        (f"/tournament/{site['tournament']}", 200),
        (f"/tournament/{site['tournament']}?round=1", 200),
        (f"/tournament/{site['tournament']}?round=9", 400),
        ("/tournament/Zzyzx", 404),
        ("/evening", 200),
        (f"/evening?date={info['now'].replace(day=1).date().isoformat()}&venue=cafe-a", 200),  # (every system)
        (f"/evening?date={info['now'].replace(day=1).date().isoformat()}&venue=nowhere", 200),
        ("/evening?date=2026-02-30", 400),
        ("/players?q=a", 200),  # (the lists: the search, its no match, the pager, a bad page, the CSV's heads)
        ("/players?q=zzzz", 200),
        ("/?from=0001-01-01&to=9999-12-31&page=2", 200),
        ("/?page=x", 400),
        (f"/player/{player}?page=0", 400),
        (f"/stats/{player}?from=0001-01-01", 200),
        ("/standings.csv?from=0001-01-01&to=9999-12-31", 200),
    ]
    for i in site["games"]:
        out += [(f"/game/{i}", 200), (f"/game/{i}/sheet", 200)]
    with Archive(site["db"]) as a:
        for g in a.games():  # a player of each system: his statistics page has its tables
            if g["id"] in info["this"]:
                out.append((f"/stats/{a.seats(g['id'])[0]}", 200))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_word_on_a_page(site: dict[str, Any], lang: str) -> None:
    words = english_words()
    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    found = {}
    for url, status in pages(site):
        sep = "&" if "?" in url else "?"
        r = client.get(f"{url}{sep}lang={lang}")
        assert r.status_code == status, (url, r.status_code)
        text = " ".join(Visible(r.get_data(as_text=True)).parts)
        leak = english_on(text, site["same"], words)
        if leak:
            found[url] = leak
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_csv_heads_in_the_page_language(site: dict[str, Any], lang: str) -> None:
    """The CSV download's heads are in the page's language (the rows' values are the log's codes)."""
    words = english_words()
    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    for i in site["games"]:
        body = client.get(f"/game/{i}/download/csv?lang={lang}").data
        head = next(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
        assert not english_on(" ".join(head), site["same"], words), (i, head)


def test_the_english_sheets_and_the_command_are_unchanged(site: dict[str, Any], tmp_path: Path) -> None:
    """An English page's sheet and CSV are ``kitapi export``'s bytes; a Greek page's are ``export --lang el``'s,
    and differ from them."""
    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    for i in site["games"][:3]:
        game = sheets.load_archive(site["db"], i)
        assert client.get(f"/game/{i}/sheet?lang=en").data == sheets.export(game, "html")
        greek = client.get(f"/game/{i}/sheet?lang=el").data
        assert greek == sheets.export(game, "html", "el") != sheets.export(game, "html")
        assert b'<html lang="el">' in greek
        assert client.get(f"/game/{i}/download/csv?lang=ru").data == sheets.export(game, "csv", "ru")


def test_export_lang_option(site: dict[str, Any], tmp_path: Path) -> None:
    """``kitapi export --lang ru`` writes the Russian sheet; without it, the English one."""
    import subprocess

    from testkit import KITAPI

    i = site["games"][0]
    db = tmp_path / "a.db"
    shutil.copy(site["db"], db)
    en = subprocess.run([*KITAPI, "export", str(i), "--format", "csv", "--db", str(db)], capture_output=True)
    ru = subprocess.run(
        [*KITAPI, "export", str(i), "--format", "csv", "--db", str(db), "--lang", "ru"], capture_output=True
    )
    game = sheets.load_archive(db, i)
    assert en.returncode == ru.returncode == 0, (en.stderr, ru.stderr)
    assert en.stdout == sheets.export(game, "csv") and ru.stdout == sheets.export(game, "csv", "ru")
    assert "сдача" in ru.stdout.decode("utf-8-sig").splitlines()[0]
    bad = subprocess.run([*KITAPI, "export", str(i), "--format", "csv", "--db", str(db), "--lang", "de"])
    assert bad.returncode == 2


def test_every_sheet_word_has_greek_and_russian() -> None:
    """Each text a sheet passes through ``t`` has its Greek and Russian (else the sheet would say it in
    English): the sheets' sources read for their ``t("...")`` texts."""
    src = ROOT / "host_tools" / "kitapi_host"
    texts: set[str] = set()
    for path in [*src.glob("families/*/sheet.py"), src / "sheets" / "page.py"]:
        texts |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"\)', path.read_text()))
    missing = [x for x in texts if x.encode().decode("unicode_escape") not in sheet_words.WORDS]
    assert not missing, missing
    assert all(len(v) == 2 and all(s.strip() for s in v) for v in sheet_words.WORDS.values())


@pytest.mark.parametrize(
    ("rules", "code", "shown"),
    [
        ("prefa", "7H", ("7\u2665", "7\u2665", "7\u2665")),
        ("prefa", "10N", ("10 NT", "10 ΣΑ", "10 БК")),
        ("sochi", "M", ("misère", "μιζέρ", "мизер")),
        ("sochi", "6S", ("6\u2660", "6\u2660", "6\u2660")),
        ("balkan", "6", ("Bettler (6)", "Μπέτλερ (6)", "беттлер (6)")),
        ("balkan", "7", ("7", "7", "7")),
        ("preference_at", "3H", ("3 hand", "3 χέρι", "3 без прикупа")),
        ("preference_at", "none", ("all passed", "πάσο όλοι", "все пас")),
        ("preference_us", "H", ("\u2665", "\u2665", "\u2665")),
        ("priffe", "noll", ("Noll", "Νολ", "Ноль")),
    ],
)
def test_contracts_as_on_the_sheet(rules: str, code: str, shown: tuple[str, str, str]) -> None:
    assert tuple(web_words.contract(lang, rules, code) for lang in ("en", "el", "ru")) == shown


def test_hand_table_shows_contracts_not_codes(site: dict[str, Any]) -> None:
    """The hand table of a Prefa game writes 7♥, not 7H (every language)."""
    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    with Archive(site["db"]) as a:
        gid = next(g["id"] for g in a.games() if g["rules"] == "prefa")
        codes = {h["contract"] for h in a.game(gid)["hands"] if h["contract"]}
    page = client.get(f"/game/{gid}?lang=el").get_data(as_text=True)
    table = page.split('class="hands"')[1].split("</table>")[0]
    assert not any(f"<td>{c}</td>" in table for c in codes), codes
    assert re.search("<td>[0-9]+[\u2660\u2663\u2665\u2666]</td>", table)


def test_filters_say_all_in_the_right_gender(site: dict[str, Any]) -> None:
    """Greek "όλοι" for the players, "όλα" for the systems and venues."""
    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    page = client.get("/?lang=el").get_data(as_text=True)
    for name, word in (("player", "όλοι"), ("system", "όλα"), ("device", "όλα")):
        assert f'<select name="{name}"><option value="">{word}</option>' in page, name


def test_russian_units_and_heads_are_distinct() -> None:
    """Russian: net (итог), result and standings are three words; the kasa's kapikia are капики, not фишки."""
    w = web_words.words("ru")
    assert w["net"] == "Итог" and len({w["net"], w["result"], w["standings"]}) == 3
    assert w["kapikia"] == "капики"


def test_counts_of_hands_in_each_languages_forms(site: dict[str, Any]) -> None:
    """A game's hands counted as its language counts them: "12 сдач", "2 сдачи", "1 μοιρασιά"."""
    assert [web_words.games_n("ru", n, web_words.HANDS_N) for n in (1, 2, 12, 21)] == [
        "1 сдача",
        "2 сдачи",
        "12 сдач",
        "21 сдача",
    ]
    assert web_words.games_n("el", 1, web_words.HANDS_N) == "1 μοιρασιά"
    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    gid = site["info"]["this"][0]
    assert "· 12 сдач ·" in client.get(f"/game/{gid}?lang=ru").get_data(as_text=True)


def test_settlement_counts_its_unit_in_russian(site: dict[str, Any]) -> None:
    """The sheet's payments in Russian say the unit in the count's form (82 виста, 27 вистов)."""
    assert [sheet_words_amount(n) for n in (1, 2, 5, 11, 22)] == ["вист", "виста", "вистов", "вистов", "виста"]


def sheet_words_amount(n: int) -> str:
    with sheet_words.language("ru"):
        return sheet_words.amount_of(n, "whists")


def test_pdf_in_the_page_language(site: dict[str, Any]) -> None:
    """A Russian page's PDF is the Russian sheet (Chromium prints it): its text has no English word."""
    if not shutil.which("chromium") and not Path("/usr/bin/chromium").exists():
        pytest.skip("no Chromium on this PC")
    import pypdf

    client = create_app(site["db"], hosts=set(LOOPBACK)).test_client()
    with Archive(site["db"]) as a:
        gid = next(g["id"] for g in a.games() if g["rules"] == "sochi")
    r = client.get(f"/game/{gid}/download/pdf?lang=ru")
    assert r.status_code == 200
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(r.data)).pages)
    assert "Расчёт" in text and "пуля" in text.lower()
    assert not english_on(text, site["same"], english_words())
