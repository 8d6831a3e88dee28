"""Names that try to be more than names (issue 32, "Names and cells"): a CSV cell never becomes a formula, and a
control character of a name (a line feed, a carriage return, a tab) is shown as its escape everywhere a name
goes: the CSV, the HTML and PDF sheets, and ``kitapi games``, ``show`` and ``players list`` on the terminal,
where a name with ``\\r\\n`` could otherwise forge a row.

The names are in real archived games: the ones a log (or ``kitapi players rename``) can hold in the logs
themselves, the ones with control characters written into the archive behind its back, as another program
could (test_export.py's foreign names do the same)."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import unicodedata
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import forkrun
from kitapi_host.archive.db import Archive
from kitapi_host.logs import gen
from testkit import KITAPI, ROOT, wait_until

# A log can hold these (kitapi.game.check_name takes them): a formula behind a space, and the four characters
# a spreadsheet app starts a formula with.
LOGGED = (' =HYPERLINK("//e.x")', "@SUM(1+1)", "+cmd", "-2+3")
# These only another program can write into the archive: a line feed before a formula, a carriage return and
# a line feed before what looks like a row of `kitapi games`, a tab before a formula.
FOREIGN = ("\n=1+2", "Eve\r\n3  2025-01-01 10:00  file  prefa  Ann  1  over", "\t=1+2")
# A name that is a figure, in a game whose CSV has negative figures that must stay figures.
FIGURE = "-12"
FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what starts a formula (OWASP)
NUMBER = re.compile("[-+\u2212]?[0-9]+(?:\\.[0-9]+)?")  # a figure as a sheet writes it (-12, -2.67)


def kitapi(*args: str) -> subprocess.CompletedProcess[bytes]:
    return forkrun.run(list(args))


def log(tmp: Path, rules: str, seed: int, hands: int, names: list[str]) -> bytes:
    """A generated game of ``rules`` played by ``names``, as its JSON Lines."""
    hdr, hs = gen.generate(rules, seed, hands, len(names))
    hdr["players"] = names
    path = tmp / f"{rules}-{seed}.jsonl"
    gen.write_jsonl(path, hdr, hs)
    return path.read_bytes()


def behind_the_back(db: str, renames: list[tuple[str, str]]) -> None:
    """Rename players as another program could, with names no log or rename could hold."""
    sql = "UPDATE players SET name = ? WHERE name = ?"
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as con:
            for old, new in renames:
                con.execute(sql.replace("?", "%s"), (new, old))
        return
    import sqlite3

    con = sqlite3.connect(db)
    with con:
        con.executemany(sql, [(new, old) for old, new in renames])
    con.close()


def hostile_archive(tmp: Path, db: str) -> None:
    """Game 1: Prefa of the LOGGED names; game 2: Prefa of four names, three of them then renamed to FOREIGN
    behind the archive's back; game 3: Russian Preferans (figures with decimals, negative) with FIGURE."""
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:
        a.add_log(log(tmp, "prefa", 3, 12, list(LOGGED)), "file", "one")
        a.add_log(log(tmp, "prefa", 4, 12, ["Feed", "Row", "Tab", "Ann"]), "file", "two")
        a.add_log(log(tmp, "sochi", 3, 20, [FIGURE, "Vera", "Zoë"]), "file", "three")


def escaped(name: str) -> str:
    """A name as Kitapi shows it: each control character as its escape (``\\n``, ``\\r``, ``\\t``)."""
    return "".join(repr(c)[1:-1] if unicodedata.category(c) == "Cc" else c for c in name)


def lead(text: str) -> str:
    """``text`` from its first character that is not a space, a control or an invisible one."""
    return text.lstrip("".join(c for c in set(text) if c.isspace() or unicodedata.category(c) in ("Cc", "Cf")))


def check_csv(data: bytes, hands: int) -> list[list[str]]:
    """The rows of a sheet's CSV, each checked: a row a hand (no line break forged one), no control character
    in a cell, and no cell that starts (after spaces and controls) as a formula unless it is a figure."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert len(rows) == 1 + hands and data.count(b"\r\n") == 1 + hands
    for row in rows:
        for c in row:
            assert not any(unicodedata.category(ch) == "Cc" for ch in c), c
            assert lead(c)[:1] not in FORMULA or NUMBER.fullmatch(c), c
    return rows


class Text(HTMLParser):
    """An HTML page's text, and the text of its ``class="player"`` elements (the names in its title)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.players: list[str] = []
        self._in = False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in = ("class", "player") in attrs

    def handle_endtag(self, tag: str) -> None:
        self._in = False

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        if self._in:
            self.players.append(data)


def hostile(tmp: Path, db: str) -> dict[int, int]:
    """The hostile archive (``hostile_archive``) at ``db``, FOREIGN written in: each game's count of hands."""
    hostile_archive(tmp, db)
    behind_the_back(db, list(zip(("Feed", "Row", "Tab"), FOREIGN, strict=True)))
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:
        return {g["id"]: g["hands"] for g in a.games()}


def test_no_csv_cell_is_a_formula(tmp_path: Path, db: str) -> None:
    """Every hostile name through a real archived game, the CSV read back with Python's csv module: a row a
    hand, no control character in a cell, no formula; each name as text (behind a ' when it starts as a
    formula, behind spaces too, or looks like a figure), and each figure a figure."""
    hands = hostile(tmp_path, db)
    cells = {}
    for gid in (1, 2, 3):
        p = kitapi("export", str(gid), "--db", db, "--format", "csv")
        assert p.returncode == 0 and p.stderr == b"", p.stderr
        cells[gid] = {c for row in check_csv(p.stdout, hands[gid]) for c in row}
    assert {"'" + n for n in LOGGED} <= cells[1]
    assert {escaped(n) for n in FOREIGN} <= cells[2]  # (each starts with a backslash or a letter)
    assert "'" + FIGURE in cells[3]  # the name is text, even one that looks like a figure...
    assert any(re.fullmatch(r"-[0-9]+\.[0-9]+", c) for c in cells[3])  # ... and a figure a figure (-2.67)


def test_the_html_sheet_shows_each_name_on_one_line(tmp_path: Path, db: str) -> None:
    """The HTML sheet: the names as text, each one line (its control characters as escapes), no raw control
    character anywhere in the page but its own line ends."""
    hostile(tmp_path, db)
    for gid, names in ((1, LOGGED), (2, FOREIGN)):
        p = kitapi("export", str(gid), "--db", db, "--format", "html")
        assert p.returncode == 0, p.stderr
        page = p.stdout.decode()
        assert "\n=1+2" not in page and not any(unicodedata.category(ch) == "Cc" and ch != "\n" for ch in page)
        text = Text(page)
        assert {escaped(n) for n in names} <= set(text.players), text.players
        assert all("\n" not in n for n in text.players)


def test_the_terminal_tables_forge_no_row(tmp_path: Path, db: str) -> None:
    """``kitapi games``, ``show`` and ``players list`` print as many lines with the hostile names as with plain
    ones, each hostile name on one line with its escapes (a tab too: it would shift the columns)."""
    hostile_archive(tmp_path, db)
    before = {args: kitapi(*args, "--db", db).stdout.count(b"\n") for args in (("games",), ("show", "2"))}
    assert before[("games",)] == 1 + 3  # the head and a row a game
    behind_the_back(db, list(zip(("Feed", "Row", "Tab"), FOREIGN, strict=True)))
    for args, lines in before.items():
        p = kitapi(*args, "--db", db)
        out = p.stdout.decode()
        assert p.returncode == 0 and out.count("\n") == lines, out
        assert "\t" not in out and all(escaped(n) in out for n in FOREIGN), out
    p = kitapi("players", "list", "--db", db)
    names = p.stdout.decode().splitlines()
    assert p.returncode == 0 and len(names) == 11 and "\t" not in p.stdout.decode(), names
    assert {escaped(n) for n in (*LOGGED, *FOREIGN, FIGURE)} <= set(names)
    p = kitapi("players", "list", "--db", db, "--json")  # the names themselves, in JSON's escapes
    assert set(FOREIGN) <= set(json.loads(p.stdout)["players"])


def test_the_pdf_sheet_shows_each_name_on_one_line(tmp_path: Path) -> None:
    """The PDF sheet of game 2 (printed by the real Chromium): each name with a control character whole on
    one line, its escapes in it."""
    import pypdf

    db = str(tmp_path / "archive.sqlite3")
    hostile(tmp_path, db)
    out = tmp_path / "sheet.pdf"
    p = kitapi("export", "2", "--db", db, "-f", "pdf", "-o", str(out))
    assert p.returncode == 0 and p.stderr == b"", p.stderr
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert escaped(FOREIGN[0]) in text and escaped(FOREIGN[2]) in text and "Eve\\r\\n3" in text, text[:400]


def test_the_web_csv_download_names_its_charset_once(tmp_path: Path) -> None:
    """``kitapi serve``'s CSV download (a real socket): ``kitapi export``'s bytes, its Content-Type
    ``text/csv; charset=utf-8``, the charset once."""
    db = str(tmp_path / "archive.sqlite3")
    hostile(tmp_path, db)
    server = subprocess.Popen(
        [*KITAPI, "serve", "--db", db, "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        m = re.match(r"kitapi serve: (http://127\.0\.0\.1:\d+/)", line)
        assert m, line
        with urllib.request.urlopen(m.group(1) + "game/2/download/csv", timeout=30) as r:
            kind = r.headers.get_all("Content-Type")
            body = r.read()
        assert kind == ["text/csv; charset=utf-8"], kind
        assert body == kitapi("export", "2", "--db", db, "-f", "csv").stdout
    finally:
        server.terminate()
        assert wait_until(lambda: server.poll() is not None)
        server.communicate()


def test_a_log_file_s_names_too(tmp_path: Path) -> None:
    """``kitapi export FILE -f csv`` of a log (no archive): the names a log can hold that start as a formula,
    behind a space too, are text; the sample's figures unchanged."""
    src = tmp_path / "game.jsonl"
    src.write_bytes(log(tmp_path, "prefa", 3, 12, list(LOGGED)))
    p = kitapi("export", str(src), "-f", "csv")
    assert p.returncode == 0, p.stderr
    assert {"'" + n for n in LOGGED} <= {c for row in check_csv(p.stdout, 12) for c in row}
    sample = kitapi("export", str(ROOT / "examples" / "sample-sochi.jsonl"), "-f", "csv").stdout
    assert b",-2.67," in sample and b"'" not in sample
