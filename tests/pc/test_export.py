"""kitapi export: the log, a spreadsheet and a printable score sheet, all from the core's standings."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

import forkrun
from kitapi.game import new_game, result_json
from kitapi.settle import settle
from kitapi_host import logs
from kitapi_host.archive.db import Archive, ArchiveError
from kitapi_host.logs import gen
from testkit import ROOT, vector, vector_jsonl

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"
RAW = ("\x1b", "\u202e", "\u202c")  # what must not reach a terminal (or a bidi-aware page) from the archive
HEADER = (
    '{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 31}, "dealer": 0}'
)


def kitapi(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return forkrun.run(list(args), cwd=cwd, env=env)


class Text(HTMLParser):
    """The text of an HTML page, and whether it has a script."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def page_text(html: bytes) -> Text:
    t = Text()
    t.feed(html.decode("utf-8"))
    return t


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A 30-hand game with a replaced and a deleted hand, in both forms."""
    tmp = tmp_path_factory.mktemp("exp")
    hdr, hands = gen.generate("prefa", 4, 30, pouch=60)
    src = tmp / "g.jsonl"
    gen.write_jsonl(src, hdr, hands)
    lines = src.read_text().splitlines()
    lines.insert(8, '{"replace": 3, "dealer": 2, "bidder": 0, "contract": "6S", "defense": "none"}')
    lines.insert(12, '{"delete": 5}')
    src.write_text("\n".join(lines) + "\n")
    dev = tmp / "g.kitapi"
    logs.convert(src, dev)
    return src, dev


def effective(src: Path) -> list[dict[str, object]]:
    """The hands as scored, worked out here from the log lines: the last correction wins, a delete removes."""
    hands: list[dict[str, object] | None] = []
    for line in src.read_text().splitlines()[1:]:
        d = json.loads(line)
        if "replace" in d:
            hands[d.pop("replace") - 1] = d
        elif "delete" in d:
            hands[d["delete"] - 1] = None
        elif "end" not in d:
            hands.append(d)
    return [h for h in hands if h is not None]


@pytest.mark.parametrize("form", [0, 1])
def test_jsonl_is_the_log_as_convert_writes_it(tmp_path: Path, corrected: tuple[Path, Path], form: int) -> None:
    p = kitapi("export", str(corrected[form]), "--format", "jsonl")
    assert p.returncode == 0, p.stderr
    assert p.stdout == corrected[0].read_bytes()


@pytest.mark.parametrize("form", [0, 1])
def test_csv_rows_are_the_hands_with_the_running_standings(corrected: tuple[Path, Path], form: int) -> None:
    p = kitapi("export", str(corrected[form]), "--format", "csv")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte order mark, for spreadsheets
    rows = list(csv.DictReader(io.StringIO(p.stdout.decode("utf-8-sig"))))
    header = json.loads(corrected[0].read_text().splitlines()[0])
    hands = effective(corrected[0])
    assert len(rows) == len(hands) == 29
    g = new_game(header)
    for row, hand in zip(rows, hands, strict=True):
        g.play(hand)
        for s, name in enumerate(header["players"]):
            assert (int(row[f"pouch {name}"]), int(row[f"chips {name}"])) == (g.pouch[s], g.chips[s])
    assert [r["hand"] for r in rows][2:5] == ["3", "4", "6"]  # hand 5 deleted
    assert rows[2]["contract"] == "6S" and rows[2]["defense"] == "none" and rows[2]["corrected"] == "1"


def test_the_score_sheet(tmp_path: Path) -> None:
    """Every player's name escaped, the standings and the settlement of the core, no script."""
    hostile = "<script>&\"'"
    src = tmp_path / "h.jsonl"
    src.write_text(
        HEADER.replace("Babis", hostile.replace('"', '\\"')) + "\n"
        '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}\n'
        '{"dealer": 1, "bidder": 0, "contract": "7H", "defense": "both", "tricks": [8, 2, 0]}\n'
    )
    out = tmp_path / "sheet.html"
    p = kitapi("export", str(src), "--format", "html", "-o", str(out))
    assert p.returncode == 0, p.stderr
    html = out.read_bytes()
    page = page_text(html)
    assert page.scripts == 0
    assert b"<script>&" not in html and b"&lt;script&gt;&amp;" in html
    text = " ".join(page.parts)
    assert hostile in text  # shown as the name it is
    g, _ = logs.replay_file(src)
    res = json.loads(result_json(g))
    for payer, payee, amount in settle(res["chips"]):
        assert str(amount) in text
        assert res["players"][payer] in text and res["players"][payee] in text
    # the worked example of "Score Sheets" (prefa-ball-v2.txt): after two hands A +60, B +6, C -66
    assert res["chips"] == [60, 6, -66]
    for v in ("+60", "+6", "-66"):
        assert v in text


def test_bad_input_is_one_line_and_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(HEADER + "\n" + '{"dealer": 0, "bidder": 1, "contract": "6X", "defense": "both"}\n')
    out = tmp_path / "out.csv"
    p = kitapi("export", str(bad), "--format", "csv", "-o", str(out))
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode() == f"{bad}:2: unknown contract '6X' (6S to 10N)\n"
    assert not out.exists()


def test_sample_exports_in_every_format(tmp_path: Path) -> None:
    for fmt in ("jsonl", "csv", "html"):
        out = tmp_path / f"sample.{fmt}"
        assert kitapi("export", str(SAMPLE), "--format", fmt, "-o", str(out)).returncode == 0
        assert out.stat().st_size > 100


# --- a game of the archive, by its number ----------------------------------------------------


@pytest.fixture(scope="module")
def archived(tmp_path_factory: pytest.TempPathFactory, corrected: tuple[Path, Path]) -> Path:
    """An archive holding the sample game (game 1) and the corrected game as a device log (game 2)."""
    db = tmp_path_factory.mktemp("arch") / "archive.sqlite3"
    p = kitapi("archive", "add", "--db", str(db), str(SAMPLE), str(corrected[1]))
    assert p.returncode == 0, p.stderr
    assert p.stdout.decode().splitlines() == [f"{SAMPLE}: game 1 new", f"{corrected[1]}: game 2 new"]
    return db


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "html"])
def test_an_archived_game_exports_as_its_file(archived: Path, corrected: tuple[Path, Path], fmt: str) -> None:
    """``kitapi export ID --db PATH`` exports the stored log: the very bytes of exporting the file."""
    for game_id, src in (("1", SAMPLE), ("2", corrected[1])):
        by_id = kitapi("export", game_id, "--db", str(archived), "--format", fmt)
        by_file = kitapi("export", str(src), "--format", fmt)
        assert by_id.returncode == 0 and by_id.stderr == b"", by_id.stderr
        assert by_id.stdout == by_file.stdout


def test_archived_game_default_archive_and_a_file_wins(tmp_path: Path, corrected: tuple[Path, Path]) -> None:
    """Without --db the archive commands' default (under XDG_DATA_HOME); a file named like a number wins."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    assert kitapi("archive", "add", str(corrected[0]), env=env).returncode == 0
    assert (tmp_path / "data" / "kitapi" / "archive.sqlite3").is_file()
    p = kitapi("export", "1", "-f", "jsonl", cwd=tmp_path, env=env)
    assert p.returncode == 0 and p.stdout == corrected[0].read_bytes()
    (tmp_path / "1").write_bytes(SAMPLE.read_bytes())  # a file named 1
    p = kitapi("export", "1", "-f", "jsonl", cwd=tmp_path, env=env)
    assert p.returncode == 0 and p.stdout == SAMPLE.read_bytes()


def test_an_unknown_game_is_one_line_and_status_2(tmp_path: Path, archived: Path) -> None:
    out = tmp_path / "out.html"
    p = kitapi("export", "7", "--db", str(archived), "-f", "html", "-o", str(out))
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode() == f"{archived}: no game 7 in the archive (see kitapi games)\n"
    assert not out.exists()
    # no archive there: said so, and none is made
    db = tmp_path / "none.sqlite3"
    p = kitapi("export", "1", "--db", str(db), "-f", "html", "-o", str(out))
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode() == f"{db}: no archive here, so no game 1 (see kitapi archive add)\n"
    assert not db.exists() and not out.exists()
    # not a number and not a file
    p = kitapi("export", str(tmp_path / "7b"), "-f", "html")
    assert p.returncode == 2
    assert p.stderr.decode() == f"{tmp_path / '7b'}:0: cannot open the file (No such file or directory)\n"
    # a file that is not an archive
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    p = kitapi("export", "1", "--db", str(junk), "-f", "html")
    assert p.returncode == 2 and p.stderr.decode().startswith(f"{junk}: cannot read the archive (")
    assert p.stderr.count(b"\n") == 1


# --- an archived game names its players as the archive does now ---------------------------------

# Names another tool could have written into the archive (a log could hold none of them; a rename refuses
# the last two): a script with a terminal's escape, a bidi override, a 200-character name.
FOREIGN = ("<script>alert(1)</script>\x1b[2J", "\u202eevil\u202c name", "W" * 200)


def renamed_sample(tmp_path: Path, names: tuple[str, str, str]) -> Path:
    """The sample game with its seats named ``names`` in its header: what the archive's sheets must equal."""
    src = tmp_path / "renamed.jsonl"
    lines = SAMPLE.read_text().splitlines(keepends=True)
    hdr = json.loads(lines[0])
    hdr["players"] = list(names)
    src.write_text(json.dumps(hdr, ensure_ascii=False) + "\n" + "".join(lines[1:]))
    return src


def behind_the_back(db: str, statements: list[tuple[str, tuple[object, ...]]]) -> None:
    """Change the archive as another program could, each statement with its parameters (``?``)."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as con:
            for sql, params in statements:
                con.execute(sql.replace("?", "%s"), params)
        return
    import sqlite3

    con = sqlite3.connect(db)
    with con:
        for sql, params in statements:
            con.execute(sql, params)
    con.close()


def test_an_archived_game_names_its_players_as_the_archive_does_now(tmp_path: Path, db: str) -> None:
    """After a rename and a merge, every sheet of game 1 (CSV, HTML) is the sheet of its log with the current
    names written in, the old ones nowhere; its jsonl stays the stored log, old names and all.  Two seats of
    one game never become one player (the merge is refused), so each seat keeps a name."""
    other = SAMPLE.read_bytes().replace(b"Anna", b"Eleni").replace(b"Babis", b"Dora").replace(b"Costas", b"Fotis")
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:  # (kitapi players: test_archive.py)
        assert a.add_log(SAMPLE.read_bytes(), "file", "sample").id == 1
        a.add_log(other, "file", "other")  # Dora plays another game
        a.rename_player("Anna", "Zoë")
        a.merge_players("Babis", "Dora")
        with pytest.raises(ArchiveError, match=r"played in the same game \(1\)"):
            a.merge_players("Costas", "Zoë")
    now = renamed_sample(tmp_path, ("Zoë", "Dora", "Costas"))
    for fmt in ("csv", "html"):
        by_id = kitapi("export", "1", "--db", db, "--format", fmt)
        assert by_id.returncode == 0 and by_id.stderr == b"", by_id.stderr
        assert by_id.stdout == kitapi("export", str(now), "--format", fmt).stdout, fmt
        text = by_id.stdout.decode("utf-8-sig")
        assert "Zoë" in text and "Dora" in text and "Anna" not in text and "Babis" not in text, fmt
    log = kitapi("export", "1", "--db", db, "--format", "jsonl")
    assert log.returncode == 0 and log.stdout == SAMPLE.read_bytes()  # the evidence: the names it was played with
    # names the archive's own commands refuse, written by another program: text on the sheet, never markup,
    # a terminal's or a bidi control shown as the kitapi command shows it (an escape), the long name whole
    rename = "UPDATE players SET name = ? WHERE name = ?"
    behind_the_back(db, [(rename, (new, old)) for old, new in zip(("Zoë", "Dora", "Costas"), FOREIGN, strict=True)])
    html = kitapi("export", "1", "--db", db, "--format", "html")
    assert html.returncode == 0, html.stderr
    page = page_text(html.stdout)
    shown = "".join(page.parts)
    assert page.scripts == 0 and "<script>" not in html.stdout.decode()
    assert "<script>alert(1)</script>\\x1b[2J" in shown and "\\u202eevil\\u202c name" in shown and "W" * 200 in shown
    csv_out = kitapi("export", "1", "--db", db, "--format", "csv").stdout.decode("utf-8-sig")
    show = kitapi("show", "1", "--db", db).stdout.decode()  # the hand table on the terminal, as ever
    for out in (html.stdout.decode(), csv_out, show):  # (what reaches a terminal: kitapi export 1 -f csv)
        assert not any(c in out for c in RAW) and "\\u202eevil" in out and "W" * 200 in out
    # a seat the archive lost: the game keeps the names of its log, and exports
    behind_the_back(db, [("DELETE FROM game_players WHERE game = 1 AND seat = 2", ())])
    for fmt in ("csv", "html"):
        p = kitapi("export", "1", "--db", db, "--format", fmt)
        assert p.returncode == 0 and p.stdout == kitapi("export", str(SAMPLE), "--format", fmt).stdout, fmt


# --- Russian Preferans ----------------------------------------------------------------------

SMALL_PREFERANS = (ROOT / "examples" / "sample-sochi.jsonl").read_text()  # worked by hand in tests/pc/test_archive.py
CORRECTIONS = ['{"replace": 8, "dealer": 1, "allpass": [4, 4, 2]}', '{"delete": 6}']


class Fields(HTMLParser):
    """The places of the Preferans sheet: (seat, kind, against) -> (data-values, data-hands)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[tuple[int, str, int | None], tuple[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "g" and (a.get("class") or "").startswith("field "):
            against = a.get("data-against")
            key = (int(a["data-seat"] or ""), a["data-kind"] or "", None if against is None else int(against))
            self.fields[key] = (a["data-values"] or "", a["data-hands"] or "")


def sheet_fields(html: bytes) -> dict[tuple[int, str, int | None], tuple[str, str]]:
    f = Fields()
    f.feed(html.decode("utf-8"))
    return f.fields


def written(x: Fraction) -> str:
    """A value as a player writes it on the sheet, where a dot separates values: 12,5 for a half."""
    if x.denominator == 1:
        return str(x.numerator)
    assert x.denominator == 2
    return f"{'-' if x < 0 else ''}{abs(x.numerator) // 2},5"


def expected_sheet(src: Path) -> dict[tuple[int, str, int | None], tuple[str, str]]:
    """The sheet worked out here: each place's running value, from the core's result after every hand."""
    lines = src.read_text().splitlines()
    header = json.loads(lines[0])
    n = len(header["players"])
    g = new_game(header)
    res = json.loads(result_json(g))
    values: dict[tuple[int, str, int | None], list[tuple[int, Fraction]]] = {}

    def place(key: tuple[int, str, int | None], number: int, v: object, before: object) -> None:
        if Fraction(str(v)) != Fraction(str(before)):
            values.setdefault(key, []).append((number, Fraction(str(v))))

    numbered = []
    for line in lines[1:]:
        d = json.loads(line)
        if "replace" in d:
            numbered[d.pop("replace") - 1] = d
        elif "delete" in d:
            numbered[d["delete"] - 1] = None
        elif "end" not in d:
            numbered.append(d)
    for number, d in enumerate(numbered, 1):
        if d is None:
            continue
        g.play(d)
        after = json.loads(result_json(g))
        for i in range(n):
            place((i, "pool", None), number, after["pool"][i], res["pool"][i])
            place((i, "hill", None), number, after["hill"][i], res["hill"][i])
            for j in range(n):
                if j != i:
                    place((i, "whists", j), number, after["whists"][i][j], res["whists"][i][j])
        res = after
    keys = [(i, k, None) for i in range(n) for k in ("pool", "hill")]
    keys += [(i, "whists", j) for i in range(n) for j in range(n) if j != i]
    return {
        key: (".".join(written(v) for _, v in values.get(key, [])), ".".join(str(k) for k, _ in values.get(key, [])))
        for key in keys
    }


def preferans_log(tmp_path: Path, seed: int, hands: int, rules: str, players: int, **options: object) -> Path:
    hdr, hs = gen.generate(rules, seed, hands, players, **options)
    src = tmp_path / f"{rules}{players}-{seed}.jsonl"
    gen.write_jsonl(src, hdr, hs)
    return src


@pytest.mark.parametrize(
    ("rules", "players", "options"),
    [
        ("sochi", 3, {"stake": "0.10"}),
        ("leningrad", 4, {}),
        ("rostov", 3, {"widow": True}),
        ("rostov", 2, {"source": "variants"}),
        ("sochi", 4, {"resign": True, "misere_hand": True}),
    ],
)
def test_the_preferans_sheet_holds_the_cores_running_values(
    tmp_path: Path, rules: str, players: int, options: dict[str, object]
) -> None:
    """Each place of the sheet (pool, hill, whists against each opponent) lists the core's values as they grew."""
    src = preferans_log(tmp_path, 11 + players, 45, rules, players, **options)
    p = kitapi("export", str(src), "--format", "html")
    assert p.returncode == 0, p.stderr
    fields = sheet_fields(p.stdout)
    assert len(fields) == players * (players + 1)
    want = expected_sheet(src)
    assert fields == want
    assert sum(1 for v, _ in want.values() if v) > players  # the game wrote somewhere
    # the last value of each place is the standings of kitapi replay
    g, _ = logs.replay_file(src)
    res = json.loads(result_json(g))
    for (i, kind, j), (dotted, _) in fields.items():
        final = res["pool"][i] if kind == "pool" else res["hill"][i] if kind == "hill" else res["whists"][i][j]
        assert (dotted.split(".")[-1] if dotted else "0") == written(Fraction(str(final)))
    assert page_text(p.stdout).scripts == 0


def test_the_preferans_sheet_of_the_small_game(tmp_path: Path) -> None:
    """Hand-checked values (examples/sample-sochi.jsonl, worked in tests/pc/test_archive.py), the settlement."""
    hostile = "<script>&\"'"
    src = tmp_path / "small.jsonl"
    src.write_text(SMALL_PREFERANS.replace('"Boris"', json.dumps(hostile)))
    out = tmp_path / "small.html"
    p = kitapi("export", str(src), "--format", "html", "-o", str(out))
    assert p.returncode == 0 and p.stdout == b"" and p.stderr == b"", p.stderr
    html = out.read_bytes()
    assert b"<script>&" not in html and page_text(html).scripts == 0
    assert hostile in " ".join(page_text(html).parts)
    fields = sheet_fields(html)
    assert fields[(0, "pool", None)] == ("6.8", "3.9")  # Anna: 8N, then 6S with a half-whist
    assert fields[(1, "pool", None)] == ("2.6.16", "1.4.7")  # Boris: 6S, 7C, misere
    assert fields[(2, "hill", None)] == ("6.8.10.22", "3.5.6.10")  # Vera: responsible, short, all-pass, resigned
    assert fields[(0, "whists", 2)] == ("12.24", "2.5")  # Anna against Vera
    assert fields[(2, "whists", 1)] == ("4.8", "1.4")
    assert fields[(1, "whists", 0)] == ("", "")  # Boris never wrote against Anna
    # the settlement: exact nets, rounded for the eye; the fewest transfers
    text = " ".join(page_text(html).parts)
    for shown in ("+60.67", "+106.67", "\u2212167.33"):
        assert shown in text
    assert re.findall(r'data-net="([-\d/]+)"', html.decode()) == ["182/3", "320/3", "-502/3"]
    # paid in whole whists, the nets rounded once (largest remainder): 60 106 -168 down (-2 in all), then the
    # two largest thirds up (Anna's 2/3, Boris' 2/3): 61 107 -168; Vera pays the 168 she is shown to owe
    # (each transfer rounded on its own, as before, was 107 + 61 = 168 only by luck)
    assert re.findall(r'data-settles="(-?\d+)"', html.decode()) == ["61", "107", "-168"]
    pays = re.findall(r'data-payer="(\d)" data-payee="(\d)" data-amount="([-\d/]+)"', html.decode())
    assert pays == [("2", "1", "107"), ("2", "0", "61")]
    assert "largest remainder" in text


def test_preferans_csv_rows_are_the_hands_with_the_running_standings(tmp_path: Path) -> None:
    src = tmp_path / "small.jsonl"
    src.write_text(SMALL_PREFERANS + "\n".join(CORRECTIONS) + "\n")
    dev = tmp_path / "small.kitapi"
    logs.convert(src, dev)
    for form in (src, dev):
        p = kitapi("export", str(form), "--format", "csv")
        assert p.returncode == 0, p.stderr
        assert p.stdout.startswith(b"\xef\xbb\xbf") and b"\r\n" in p.stdout
        rows = list(csv.DictReader(io.StringIO(p.stdout.decode("utf-8-sig"))))
        hands = effective(src)
        assert [r["hand"] for r in rows] == ["1", "2", "3", "4", "5", "7", "8", "9", "10"]  # 6 deleted
        header = json.loads(SMALL_PREFERANS.splitlines()[0])
        g = new_game(header)
        for row, hand in zip(rows, hands, strict=True):
            g.play(hand)
            res = json.loads(result_json(g))
            for s, name in enumerate(header["players"]):
                written_total = sum((Fraction(str(x)) for x in res["whists"][s]), Fraction(0))
                for col, v in (
                    ("pool", res["pool"][s]),
                    ("hill", res["hill"][s]),
                    ("whists", written_total),
                    ("net", res["settlement"][s]),
                ):
                    x = Fraction(str(v))
                    assert row[f"{col} {name}"] == (str(x) if x.denominator == 1 else f"{float(x):.2f}")
        assert rows[0]["kind"] == "play" and rows[0]["soloist"] == "Boris" and rows[0]["whist"] == "whist/whist"
        assert [rows[0][f"tricks {p}"] for p in ("Anna", "Boris", "Vera")] == ["2", "6", "2"]
        assert rows[4]["open"] == "1" and rows[1]["open"] == "0" and rows[0]["open"] == ""
        assert rows[6]["kind"] == "allpass" and rows[6]["corrected"] == "1" and rows[6]["tricks Vera"] == "2"
        assert rows[8]["kind"] == "resign" and rows[8]["contract"] == "7S"
        assert "money Anna" not in rows[0]  # no stake


def test_preferans_jsonl_and_the_archive(tmp_path: Path, db: str) -> None:
    """jsonl is the log as convert writes it; an archived game exports as its file; bad input writes nothing."""
    src = preferans_log(tmp_path, 3, 30, "leningrad", 4, stake="1")
    dev = tmp_path / "l.kitapi"
    logs.convert(src, dev)
    p = kitapi("export", str(dev), "--format", "jsonl")
    assert p.returncode == 0 and p.stdout == src.read_bytes()
    assert kitapi("archive", "add", "--db", db, str(dev)).returncode == 0
    for fmt in ("jsonl", "csv", "html"):
        by_id = kitapi("export", "1", "--db", db, "--format", fmt)
        by_file = kitapi("export", str(dev), "--format", fmt)
        assert by_id.returncode == 0 and by_id.stdout == by_file.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text(SMALL_PREFERANS.replace('"tricks": [0, 9, 1]', '"tricks": [0, 9, 2]'))
    out = tmp_path / "out.html"
    p = kitapi("export", str(bad), "--format", "html", "-o", str(out))
    r = kitapi("replay", str(bad))
    assert p.returncode == 2 and p.stdout == b"" and p.stderr == r.stderr and p.stderr.count(b"\n") == 1
    assert p.stderr.startswith(f"{bad}:5: ".encode())
    assert not out.exists() and not list(tmp_path.glob(".kitapi-*"))


# --- Balkan Preferans and Prefa with a common kasa ------------------------------------------------


def vector_log(tmp_path: Path, name: str) -> Path:
    """A game of tests/core/vectors/balkan_main.json or prefa_kasa_main.json, written as its JSON Lines log."""
    path = tmp_path / f"{name}.jsonl"
    path.write_text(vector_jsonl(vector(name, "balkan_main.json", "prefa_kasa_main.json")))
    return path


def core_after_each(src: Path) -> list[dict[str, object]]:
    """The core's result after each hand of a log without corrections (an end record left out)."""
    lines = src.read_text().splitlines()
    g = new_game(json.loads(lines[0]))
    out = []
    for line in lines[1:]:
        d = json.loads(line)
        if d == {"end": True}:
            continue
        g.play(d)
        out.append(json.loads(result_json(g)))
    return out


def test_balkan_csv_and_sheet(tmp_path: Path) -> None:
    """Balkan goes the Preferans way: its contracts as numbers, "game" in a column, the pulya's values the core's."""
    src = vector_log(tmp_path, "balkan-mixed-game")
    p = kitapi("export", str(src), "--format", "csv")
    assert p.returncode == 0, p.stderr
    rows = list(csv.reader(io.StringIO(p.stdout.decode("utf-8-sig"))))
    assert rows[0][:9] == ["hand", "dealer", "kind", "soloist", "contract", "game", "whist", "open", "dealer_whist"]
    assert "widow" not in rows[0] and "misere_hand" not in rows[0]
    assert [r[2:6] for r in rows[1:]] == [["play", "B", "3", "0"], ["allpass", "", "", "0"], ["play", "A", "6", "0"],
                                          ["play", "C", "4", "1"]]  # fmt: skip
    after = core_after_each(src)
    net = rows[0].index("net B")
    for row, res in zip(rows[1:], after, strict=True):
        assert Fraction(row[net]) == round(Fraction(res["settlement"][1]), 2)  # type: ignore[index]
    assert rows[-1][net] == "54.67" and rows[-1][rows[0].index("hill C")] == "11"

    p = kitapi("export", str(src), "--format", "html")
    assert p.returncode == 0, p.stderr
    html = p.stdout.decode()
    text = " ".join(page_text(p.stdout).parts)
    assert "balkan (Balkan Preferans)" in text and "Bettler (6)" in text and "4 game (no talon)" in text
    assert "took 1" in text and "short 1" in text
    assert sheet_fields(p.stdout)[(2, "hill", None)] == ("6.11", "2.4")  # the all-pass, then the failed 4
    assert sheet_fields(p.stdout)[(1, "whists", 2)] == ("20", "4")
    assert 'data-net="164/3"' in html


def kasa_rows(src: Path) -> list[list[str]]:
    p = kitapi("export", str(src), "--format", "csv")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(b"\xef\xbb\xbf") and b"\r\n" in p.stdout
    return list(csv.reader(io.StringIO(p.stdout.decode("utf-8-sig"))))


def test_kasa_csv_rows_are_the_hands_with_the_running_kasa_and_nets(tmp_path: Path) -> None:
    src = vector_log(tmp_path, "kasa-game-stopped")
    rows = kasa_rows(src)
    assert rows[0] == ["hand", "dealer", "bidder", "contract", "defense", "active", "tricks A", "tricks B", "tricks C",
                       "aces", "pass", "topup", "corrected", "kasa", "net A", "net B", "net C"]  # fmt: skip
    assert [r[-4:] for r in rows[1:]] == [
        ["280", "-96", "-88", "-96"],
        ["350", "-75", "-81", "-194"],
        ["350", "-75", "-81", "-194"],
        ["410", "-95", "-101", "-214"],
        ["320", "-95", "-101", "-124"],
        ["280", "-63", "-101", "-116"],
    ]
    assert rows[4][:6] == ["4", "", "", "", "", ""] and rows[4][11] == "20"  # the top-up
    assert rows[3][10] == "1" and rows[6][5] == "C"  # passed out; C alone
    for row, res in zip(rows[1:], core_after_each(src), strict=True):
        assert int(row[13]) == res["kasa"] and [int(x) for x in row[14:]] == res["net"]


def test_the_kasa_sheet(tmp_path: Path) -> None:
    """The kasa's column as it fell, each net's column, the running form and the core's split."""
    src = vector_log(tmp_path, "kasa-game-stopped")
    p = kitapi("export", str(src), "--format", "html")
    assert p.returncode == 0, p.stderr
    page = page_text(p.stdout)
    assert page.scripts == 0
    html = p.stdout.decode()
    text = " ".join(page.parts)
    assert "prefa_kasa (Greek Prefa, common kasa)" in text and "kasa 100 each" in text and "stopped" in text
    assert "top-up: 20 each into the kasa" in text
    kasa = re.findall(r'data-kind="kasa" data-hand="(\d+)" title="[^"]*"><i>[^<]*</i><b>([^<]*)</b>', html)
    assert kasa == [("0", "300"), ("1", "280"), ("2", "350"), ("4", "410"), ("5", "320"), ("6", "280")]
    net_c = re.search(r'<div class="section" data-seat="2">(.*?)<div class="sum">', html)
    assert net_c is not None
    values = re.findall(r'data-hand="(\d+)"[^>]*><i>[^<]*</i><b>([^<]*)</b>', net_c.group(1))
    assert values == [("0", "\u2212100"), ("1", "\u221296"), ("2", "\u2212194"), ("4", "\u2212214"),
                      ("5", "\u2212124"), ("6", "\u2212116")]  # fmt: skip
    assert html.count('class="e live"') == 4  # one live value per column
    # the split: the core's (the vector's, worked by hand): 280 left, 280/3 each
    assert re.findall(r'data-net="([^"]+)"', html) == ["91/3", "-23/3", "-68/3"]
    flat = " ".join(text.split())
    # paid in whole kapikia, rounded once (largest remainder): 30 -8 -23 down (-1 in all), then one third up, on a
    # tie the first seat's: A +31, B -8, C -23; each payer pays what he is shown to owe
    assert re.findall(r'data-settles="(-?\d+)"', html) == ["31", "-8", "-23"]
    assert "93.33" in flat and "C pays A 23 kapikia" in flat and "B pays A 8 kapikia" in flat
    # the running form: a row per hand after the start
    assert len(re.findall(r'<tr[^>]* data-hand="\d+"', html)) == 7

    # the same hands, not stopped: the split if it stopped now
    src = vector_log(tmp_path, "kasa-game")
    p = kitapi("export", str(src), "--format", "html")
    text = " ".join(page_text(p.stdout).parts)
    assert "game on" in text and "the split if it stopped now" in text
    assert re.findall(r'data-net="([^"]+)"', p.stdout.decode()) == ["91/3", "-23/3", "-68/3"]


def test_the_sheets_name_the_nine_quota_option(tmp_path: Path) -> None:
    """Option nine_quota (docs/rules/prefa.md) in the Prefa and the kasa sheet's options line."""
    hand = {"dealer": 0, "bidder": 2, "contract": "9S", "defense": "both", "tricks": [0, 0, 10]}
    for rules in ("prefa", "prefa_kasa"):
        hdr = {"kitapi": 1, "rules": rules, "players": ["A", "B", "C"], "options": {"nine_quota": "dealer"}}
        src = tmp_path / f"{rules}.jsonl"
        src.write_text(json.dumps(hdr) + "\n" + json.dumps(hand) + "\n")
        p = kitapi("export", str(src), "--format", "html")
        assert p.returncode == 0, p.stderr
        assert "9-trick quota by the dealer" in " ".join(page_text(p.stdout).parts), rules


def test_balkan_and_kasa_jsonl_and_the_archive(tmp_path: Path, db: str) -> None:
    """Both forms, every format: an archived game exports as its file; jsonl is the log as convert writes it."""
    for k, name in enumerate(("balkan-mixed-game", "kasa-game-stopped"), 1):
        src = vector_log(tmp_path, name)
        dev = tmp_path / f"{name}.kitapi"
        logs.convert(src, dev)
        back = tmp_path / f"{name}.back.jsonl"
        logs.convert(dev, back)  # the canonical JSON Lines (the vector's keys are in any order)
        p = kitapi("export", str(dev), "--format", "jsonl")
        assert p.returncode == 0 and p.stdout == back.read_bytes()
        assert kitapi("archive", "add", "--db", db, str(dev)).returncode == 0
        for fmt in ("jsonl", "csv", "html"):
            by_id = kitapi("export", str(k), "--db", db, "--format", fmt)
            by_file = kitapi("export", str(src), "--format", fmt)
            assert by_id.returncode == 0 and by_id.stdout == by_file.stdout, fmt


def test_random_kasa_games_export_the_cores_standings(tmp_path: Path) -> None:
    """Random legal kasa games (4 players, four aces): every CSV row holds the core's kasa and nets."""
    from testkit import balkan_kasa_game

    for seed in range(3):
        hdr, hands = balkan_kasa_game("prefa_kasa", seed, 60, 4, four_aces={"mode": "B", "amount": 7})
        src = tmp_path / f"r{seed}.jsonl"
        gen.write_jsonl(src, hdr, hands)
        rows = kasa_rows(src)
        after = core_after_each(src)
        assert len(rows) == len(after) + 1
        for row, res in zip(rows[1:], after, strict=True):
            assert int(row[-5]) == res["kasa"] and [int(x) for x in row[-4:]] == res["net"]
        p = kitapi("export", str(src), "--format", "html")
        assert p.returncode == 0, p.stderr


# --- the pot games and Swedish Priffe --------------------------------------------------------


def family_log(tmp_path: Path, name: str) -> Path:
    """A game of tests/core/vectors/preference_*_main.json or priffe_main.json, written as its JSON Lines log."""
    path = tmp_path / f"{name}.jsonl"
    files = [f"{rules}_main.json" for rules in ("preference_at", "preference_illustrated", "preference_us", "priffe")]
    path.write_text(vector_jsonl(vector(name, *files)))
    return path


def csv_of(src: Path) -> list[list[str]]:
    p = kitapi("export", str(src), "--format", "csv")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(b"\xef\xbb\xbf") and b"\r\n" in p.stdout
    return list(csv.reader(io.StringIO(p.stdout.decode("utf-8-sig"))))


def test_pot_csv_rows_are_the_hands_with_the_running_pot_and_stocks(tmp_path: Path) -> None:
    src = family_log(tmp_path, "at-game-to-the-end")
    rows = csv_of(src)
    assert rows[0] == ["hand", "dealer", "declarer", "bid", "trump", "dropped", "tricks A", "tricks B", "tricks C",
                       "made", "corrected", "pot", "refills", "stock A", "stock B", "stock C"]  # fmt: skip
    assert [r[-5:] for r in rows[1:]] == [  # the vector's arithmetic, worked by hand
        ["5", "0", "26", "33", "26"],
        ["5", "0", "16", "34", "35"],
        ["25", "0", "17", "35", "13"],
        ["25", "0", "11", "38", "16"],
        ["35", "0", "1", "48", "6"],
        ["55", "0", "-21", "49", "7"],
    ]
    assert rows[3][3] == "none" and rows[4][3:9] == ["1H", "", "A", "", "", ""] and rows[4][9] == "0"
    for row, res in zip(rows[1:], core_after_each(src), strict=True):
        assert int(row[11]) == res["pot"] and [int(x) for x in row[13:]] == res["stock"]

    src = family_log(tmp_path, "at-short-pool-and-refill")
    assert [r[11:] for r in csv_of(src)[1:]] == [["5", "0", "53", "46", "46"], ["15", "1", "49", "44", "42"]]

    src = family_log(tmp_path, "us-game-to-the-end")
    rows = csv_of(src)
    assert rows[0][:10] == ["hand", "dealer", "declarer", "bid", "chips A", "chips B", "chips C", "trump", "tricks",
                            "pass"]  # fmt: skip
    assert rows[1][:11] == ["1", "A", "B", "H", "", "", "", "", "6", "0", "1"]
    assert rows[2][9] == "1" and rows[3][:11] == ["3", "C", "A", "chips", "4", "2", "0", "D", "4", "0", "0"]
    for row, res in zip(rows[1:], core_after_each(src), strict=True):
        assert int(row[12]) == res["pot"] and [int(x) for x in row[14:]] == res["stock"]


def test_the_pot_sheet(tmp_path: Path) -> None:
    """The pot's column as it moved (a refill marked), each player's chips, the running form, the standings."""
    src = family_log(tmp_path, "il-refill")
    p = kitapi("export", str(src), "--format", "html")
    assert p.returncode == 0, p.stderr
    page = page_text(p.stdout)
    assert page.scripts == 0
    html = p.stdout.decode()
    text = " ".join(page.parts)
    assert "preference_illustrated (Illustrated Préférence)" in text and "chips 100, ante 5" in text
    pot = re.findall(r'class="e (?:refill )?\w+" data-kind="pot" data-hand="(\d+)"[^>]*><i>[^<]*</i><b>([^<]*)</b>',
                     html)  # fmt: skip
    assert pot == [("0", "15"), ("1", "5"), ("3", "15")]  # hand 2 (a misère) leaves the pot alone
    assert html.count('class="e refill') == 1  # hand 3 emptied it: refilled
    b = re.search(r'<div class="section" data-seat="1">(.*?)<div class="sum">', html)
    assert b is not None
    values = re.findall(r'data-hand="(\d+)"[^>]*><i>[^<]*</i><b>([^<]*)</b>', b.group(1))
    assert values == [("0", "95"), ("1", "96"), ("2", "116"), ("3", "112")]
    assert re.findall(r'data-won="(-?\d+)"', html) == ["-11", "12", "-16"]  # 89, 112, 84 of 100 brought
    assert len(re.findall(r'<tr[^>]* data-hand="\d+"', html)) == 4  # start and three hands
    assert "game on" in text and "\u2605" not in html.split('<section class="settlement">')[1]

    src = family_log(tmp_path, "us-game-to-the-end")
    p = kitapi("export", str(src), "--format", "html")
    html = p.stdout.decode()
    assert "game over" in " ".join(page_text(p.stdout).parts) and "thrown in" in html
    assert re.findall(r'data-won="(-?\d+)"', html) == ["-50", "-7", "-30"]
    assert "B <b>\u2605</b>" in html  # the most chips wins


def test_priffe_csv_rows_take_each_hand_apart(tmp_path: Path) -> None:
    src = family_log(tmp_path, "rubber-won-on-points")
    rows = csv_of(src)
    head = rows[0]
    assert head[:8] == ["hand", "dealer", "contract", "declarer", "tricks", "honours", "holder", "corrected"]
    col = {k: head.index(k) for k in head}
    first = rows[1]
    # Bo's Play with no trick: 7 over to Anna & Cai, doubled (140), 70 towards the game, penalty big slam 40, game 10
    assert [first[col[k]] for k in ("team 1", "team 2", "won", "trick points", "below", "slam", "game bonus")] == [
        "Anna & Cai", "Bo & Dag", "1", "140", "70", "40", "10"]  # fmt: skip
    assert [r[col["points 1"]] for r in rows[1:]] == ["190", "190", "190"]
    assert [r[col["points 2"]] for r in rows[1:]] == ["0", "40", "100"]
    assert rows[-1][-4:] == ["9", "-9", "9", "-9"] and rows[-1][col["rubbers"]] == "1"
    for row, res in zip(rows[1:], core_after_each(src), strict=True):
        assert [int(x) for x in row[-4:]] == res["individual"]
        assert [int(row[col["trick points 1"]]), int(row[col["trick points 2"]])] == res["trick_points"]

    src = family_log(tmp_path, "two-rubbers-individual")
    rows = csv_of(src)
    assert [r[col["rubber"]] for r in rows[1:]] == ["1", "1", "2", "2"]
    assert [r[col["team 1"]] for r in rows[1:]] == ["Anna & Cai", "Anna & Cai", "Anna & Dag", "Anna & Dag"]
    honours = csv_of(family_log(tmp_path, "honours-four"))[1]
    assert [honours[col[k]] for k in ("honours", "holder", "honours team", "honours points", "points 1")] == [
        "4", "Anna", "1", "50", "60"]  # fmt: skip


def test_the_priffe_sheet(tmp_path: Path) -> None:
    """Per rubber: the partnerships, the bonuses above the line, the trick points below, the result and the
    individual points after it (the vector's, worked by hand)."""
    src = family_log(tmp_path, "two-rubbers-individual")
    p = kitapi("export", str(src), "--format", "html")
    assert p.returncode == 0, p.stderr
    page = page_text(p.stdout)
    assert page.scripts == 0
    html = p.stdout.decode()
    text = " ".join(" ".join(page.parts).split())
    assert "priffe (Swedish Priffe)" in text and "6 rubbers, main points table" in text
    rubbers = re.findall(r'<div class="rubber" data-rubber="(\d)">(.*?)</table></div>', html, re.S)
    assert [r[0] for r in rubbers] == ["1", "2"]
    one, two = rubbers[0][1], rubbers[1][1]
    assert "Anna &amp; Cai" in one and "Bo &amp; Dag" in one and "Anna &amp; Dag" in two and "Bo &amp; Cai" in two
    assert re.findall(r'data-points="(\d+)"', one) == ["100", "0"] and re.findall(r'data-points="(\d+)"', two) == [
        "0", "110"]  # fmt: skip
    assert one.count('class="gline"') == 2 and "win the rubber by 100" in one and "win the rubber by 110" in two
    trick = re.findall(r'class="pe trick" data-hand="(\d)"[^>]*><i>\d</i><b>(\d+)</b>', html)
    assert trick == [("1", "30"), ("2", "40"), ("3", "40"), ("4", "40")]
    bonus = re.findall(r'class="pe bonus" data-hand="(\d)"[^>]*><i>\d</i><b>(\d+)</b>', html)
    assert sorted(bonus) == [("1", "10"), ("2", "20"), ("3", "10"), ("4", "20")]
    assert re.findall(r'data-individual="(-?\d+)"', html) == ["-1", "1", "21", "-21"]

    src = family_log(tmp_path, "rubber-won-on-points")
    html = kitapi("export", str(src), "--format", "html").stdout.decode()
    assert re.search(r'class="pe slam" data-hand="1"[^>]*><i>1</i><b>40</b>', html)
    assert re.search(r'class="pe trick" data-hand="1"[^>]*><i>1</i><b>140</b><span class="lbl">\(70\)</span>', html)
    assert "Anna &amp; Cai</b> win the rubber by 90" in html  # on points, though Bo & Dag won two games


def test_pot_and_priffe_jsonl_and_the_archive(tmp_path: Path, db: str) -> None:
    """Both forms, every format: an archived game exports as its file."""
    for k, name in enumerate(("at-game-to-the-end", "us-game-to-the-end", "two-rubbers-individual"), 1):
        src = family_log(tmp_path, name)
        dev = tmp_path / f"{name}.kitapi"
        logs.convert(src, dev)
        back = tmp_path / f"{name}.back.jsonl"
        logs.convert(dev, back)
        p = kitapi("export", str(dev), "--format", "jsonl")
        assert p.returncode == 0 and p.stdout == back.read_bytes()
        assert kitapi("archive", "add", "--db", db, str(dev)).returncode == 0
        for fmt in ("jsonl", "csv", "html"):
            by_id = kitapi("export", str(k), "--db", db, "--format", fmt)
            by_file = kitapi("export", str(src), "--format", fmt)
            assert by_id.returncode == 0 and by_id.stdout == by_file.stdout, fmt


def test_every_family_has_its_sheet_behind_one_interface() -> None:
    """kitapi_host.families.<family>.sheet for every family of kitapi.registry, each with the interface the
    dispatcher calls (no system names in it): a system without a sheet could not be exported."""
    import inspect

    from kitapi.registry import rows
    from kitapi_host import sheets

    families = {r[1] for r in rows()}
    assert families == {"prefa", "preferans", "kasa", "pot", "priffe"}
    for rules, family, _core, _label in rows():
        m = sheets.sheet(rules)
        assert m is not None and m.__name__ == f"kitapi_host.families.{family}.sheet", rules  # type: ignore[attr-defined]
        for name in ("snapshot", "standings", "csv_table", "to_html"):
            assert callable(getattr(m, name)), (family, name)
        assert "deleted" in inspect.signature(m.to_html).parameters
    assert sheets.sheet("no_such_rules") is None
    source = inspect.getsource(sheets)
    assert not any(f'"{r[0]}"' in source for r in rows())  # the dispatcher names no system
