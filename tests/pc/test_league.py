"""The league on PostgreSQL: ``kitapi archive copy`` between SQLite and PostgreSQL, and many venues' syncs into
one database at once (kitapi_host.archive.pg, kitapi_host.archive.copy)."""

from __future__ import annotations

import io
import json
import random
import re
import signal
import sqlite3
import subprocess
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg
import pytest

from kitapi.game import result_json
from kitapi.replay import replay
from kitapi_host import cli
from kitapi_host.archive.db import SCHEMA_VERSION, Archive, ArchiveError
from kitapi_host.logs import gen
from kitapi_host.sim.device import SimDevice
from testkit import KITAPI, ROOT, fuzz_count, write_game

EXAMPLES = sorted((ROOT / "examples").glob("*.jsonl"))


def listing(db: str, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert cli.main([*args, "--db", db, "--json"]) == 0
    return capsys.readouterr().out


def everything(db: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What the archive answers: the games, each game shown, the stats, the players (as --json prints them)."""
    games = listing(db, capsys, "games")
    out = [games, listing(db, capsys, "stats"), listing(db, capsys, "players", "list")]
    out += [listing(db, capsys, "show", str(g["id"])) for g in json.loads(games)["games"]]
    return out


def test_archive_copy_both_ways_with_renames_and_merges(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A club's SQLite archive into the league's PostgreSQL and back: every listing the same byte for byte, the
    renames and merges made in the club's archive with it, and a second copy changes nothing."""
    club = str(tmp_path / "club.sqlite3")
    logs = [str(p) for p in EXAMPLES]
    for seed, rules in enumerate(("prefa", "sochi", "priffe")):
        hdr, hands = gen.generate(rules, seed, 20, 4 if rules == "priffe" else 3)
        path = tmp_path / f"{rules}.jsonl"
        gen.write_jsonl(path, hdr, hands)
        logs.append(str(path))
    assert cli.main(["archive", "add", "--db", club, *logs]) == 0
    assert cli.main(["players", "rename", "Anna", "Anna K.", "--db", club]) == 0
    assert cli.main(["players", "merge", "Babis", "Boris", "--db", club]) == 0  # (never at one table)
    want = everything(club, capsys)
    assert "Anna K." in want[2] and "Babis" not in want[2]

    assert cli.main(["archive", "copy", club, pg_url]) == 0
    first = capsys.readouterr().out
    assert first.startswith(f"copied {len(logs)} games: {len(logs)} new, 0 grown, 0 already there;"), first
    assert everything(pg_url, capsys) == want
    assert cli.main(["archive", "copy", club, pg_url]) == 0  # again: nothing changes
    assert capsys.readouterr().out.startswith(f"copied {len(logs)} games: 0 new, 0 grown, {len(logs)} already")
    assert everything(pg_url, capsys) == want

    back = str(tmp_path / "back.sqlite3")
    for _ in range(2):
        assert cli.main(["archive", "copy", pg_url, back]) == 0
        assert everything(back, capsys) == want


def test_archive_copy_names_a_game_the_league_had_already(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game the league has from another venue's sync (the same game): the club's names for its players win
    for that game only; the league's other games keep theirs, and a player left with no game goes."""
    sample = ROOT / "examples" / "sample-prefa.jsonl"
    other = tmp_path / "other.jsonl"
    hdr, hands = gen.generate("prefa", 7, 10, 3)
    hdr["players"] = ["Anna", "Zoe", "Xenia"]
    gen.write_jsonl(other, hdr, hands)
    assert cli.main(["archive", "add", "--db", pg_url, "--device", "venue-b", str(sample), str(other)]) == 0
    club = str(tmp_path / "club.sqlite3")
    assert cli.main(["archive", "add", "--db", club, str(sample)]) == 0
    assert cli.main(["players", "rename", "Anna", "Anna K.", "--db", club]) == 0
    assert cli.main(["players", "rename", "Costas", "Kostas", "--db", club]) == 0
    assert cli.main(["archive", "copy", club, pg_url]) == 0
    assert "0 new, 0 grown, 1 already there; players named as in" in capsys.readouterr().out
    with Archive(pg_url) as a:
        games = a.games()
        assert [g["players"] for g in games] == [["Anna K.", "Babis", "Kostas"], ["Anna", "Zoe", "Xenia"]]
        assert a.players() == ["Anna", "Anna K.", "Babis", "Kostas", "Xenia", "Zoe"]  # Costas had no game left
        bidders = {h["bidder"] for h in a.game(games[0]["id"])["hands"]} - {None}
        assert bidders <= {"Anna K.", "Babis", "Kostas"} and "Anna K." in bidders


def test_archive_copy_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sqlite3"
    assert cli.main(["archive", "copy", str(missing), str(tmp_path / "to.sqlite3")]) == 2
    assert capsys.readouterr().err == f"kitapi archive copy: {missing}: no archive here\n"
    assert not (tmp_path / "to.sqlite3").exists()
    club = str(tmp_path / "club.sqlite3")
    assert cli.main(["archive", "add", "--db", club, str(EXAMPLES[0])]) == 0
    capsys.readouterr()
    assert cli.main(["archive", "copy", club, "postgresql://kitapi:secret@127.0.0.1:1/league"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kitapi archive copy: postgresql://kitapi:***@127.0.0.1:1/league: the database server")
    assert err.count("\n") == 1 and "secret" not in err


# --- many venues, one league: syncs at once into one PostgreSQL database -------------------------------------

VENUES = 8


def _boxes(tmp_path: Path) -> tuple[list[SimDevice], dict[bytes, str]]:
    """Eight simulated boxes, each with a game of its own and the next box's first game as a copy (the same
    bytes under the same name: one game whoever sends it); the distinct logs -> their standings by the core."""
    boxes, want = [], {}
    for v in range(VENUES):
        box = SimDevice(tmp_path / f"box{v}", device_id=f"e66141030000{v:04x}")
        games = box.fs / "data" / "games"
        for seed in (v, (v + 1) % VENUES):
            log = write_game(games, f"{seed + 1:04}.kitapi", seed=100 + seed, hands=30)
            want[log] = standings(log)
        boxes.append(box)
    return boxes, want


def standings(data: bytes) -> str:
    g, _ = replay(io.BytesIO(data))
    return result_json(g)


def _league_holds(url: str, want: dict[bytes, str]) -> None:
    """Every log once (no game lost, none twice), each game's standings the core's replay of its log, and each
    player's chips in the stats the sum of the replays'."""
    with Archive(url) as a:
        games = a.games()
        logs = [a.log(g["id"]) for g in games]
        assert sorted(logs) == sorted(want), f"{len(logs)} games archived, {len(want)} expected"
        for g, log in zip(games, logs, strict=True):
            assert json.dumps({**g["result"]}) == json.dumps(json.loads(want[log]))
        chips: dict[str, int] = {}
        for text in want.values():
            r = json.loads(text)
            for p, c in zip(r["players"], r["chips"], strict=True):
                chips[p] = chips.get(p, 0) + c
        assert {s["player"]: s["chips"] for s in a.stats()} == chips


def _syncs(boxes: list[SimDevice], url: str) -> list[subprocess.Popen[str]]:
    return [
        subprocess.Popen(
            [*KITAPI, "sync", "--device", box.url, "--db", url, "--no-clock"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for box in boxes
    ]


def test_eight_venues_sync_at_once_into_one_league(tmp_path: Path, pg_url: str) -> None:
    """Eight boxes synced at once into one PostgreSQL database (a new league: eight kitapi make its tables at
    once), then again: every game once, the standings the replay's; the second round pulls nothing."""
    boxes, want = _boxes(tmp_path)
    try:
        for box in boxes:
            box.start()
        for _ in range(2):
            for p in _syncs(boxes, pg_url):
                _, err = p.communicate(timeout=600)
                assert p.returncode == 0, err
            _league_holds(pg_url, want)
    finally:
        for box in boxes:
            box.close()


@pytest.mark.fuzz
def test_eight_venues_killed_at_random_moments_then_run_again_lose_and_duplicate_nothing(
    tmp_path: Path, pg_url: str
) -> None:
    """Eight syncs at once, each killed (SIGKILL: the PC crashes) at a random moment (seeded), then all run again
    to the end: every game once, the standings the replay's.  Each round on a new league (the tables dropped)."""
    boxes, want = _boxes(tmp_path)
    try:
        for box in boxes:
            box.start()
        for seed in range(fuzz_count(6, 1)):
            rng = random.Random(seed)
            with psycopg.connect(pg_url, autocommit=True) as c:  # a new league: what the last round made goes
                c.execute("DROP SCHEMA public CASCADE")
                c.execute("CREATE SCHEMA public")
            start = time.monotonic()
            procs = _syncs(boxes, pg_url)
            for at, p in sorted(zip((rng.uniform(0.5, 6.0) for _ in procs), procs, strict=True), key=lambda x: x[0]):
                time.sleep(max(0.0, start + at - time.monotonic()))
                p.send_signal(signal.SIGKILL)
            for p in procs:
                p.communicate(timeout=600)
            with Archive(pg_url) as a:  # what the killed syncs archived: whole games, each once
                got = [a.log(g["id"]) for g in a.games()]
            assert len(set(got)) == len(got) and set(got) <= set(want), seed
            for p in _syncs(boxes, pg_url):
                _, err = p.communicate(timeout=600)
                assert p.returncode == 0, err
            _league_holds(pg_url, want)
    finally:
        for box in boxes:
            box.close()


# --- the league's pages' queries (Archive.latest, standings, player_games, head_to_head) ----------------------


def _dated(tmp_path: Path, rules: str, seed: int, players: list[str], started: str) -> bytes:
    hdr, hands = gen.generate(rules, seed, 12, len(players))
    hdr["players"], hdr["started"] = players, started
    path = tmp_path / f"{rules}-{seed}.jsonl"
    gen.write_jsonl(path, hdr, hands)
    return path.read_bytes()


def test_standings_player_games_and_head_to_head(tmp_path: Path, archive: Archive) -> None:
    """A period's standings per family in its unit, a player's games and his record against each opponent: the
    sums of what each game's stored standings give (the core's), on SQLite and on PostgreSQL alike."""
    plan = [
        ("prefa", 1, ["Anna", "Babis", "Kostas"], "2026-10-30T21:00:00"),
        ("prefa", 2, ["Kostas", "Anna", "Zoe"], "2026-11-02T20:00:00"),
        ("sochi", 3, ["Anna", "Boris", "Kostas"], "2026-11-10T19:30:00"),
        ("priffe", 4, ["Anna", "Kostas", "Zoe", "Babis"], "2026-11-20T18:00:00"),
        ("prefa", 5, ["Anna", "Zoe", "Babis"], "2026-12-01T00:00:00"),
    ]
    for rules, seed, players, started in plan:
        archive.add_log(_dated(tmp_path, rules, seed, players, started), "file", f"{rules}-{seed}")
    games = archive.games()
    latest = archive.latest(3)
    assert [g["id"] for g in latest] == [5, 4, 3] and latest[1]["players"] == ["Anna", "Kostas", "Zoe", "Babis"]

    def amount(g: dict[str, Any], seat: int) -> Fraction:
        r = g["result"]
        x = r.get("chips") or r.get("settlement") or r.get("individual")
        return Fraction(x[seat])

    november = archive.standings("2026-11-01", "2026-12-01")
    want: dict[tuple[str, str], list[Any]] = {}
    for g in games:
        if "2026-11-01" <= g["date"] < "2026-12-01":
            fam = {"prefa": "prefa", "sochi": "preferans", "priffe": "priffe"}[g["rules"]]
            for seat, p in enumerate(g["players"]):
                w = want.setdefault((fam, p), [0, Fraction(0)])
                w[0] += 1
                w[1] += amount(g, seat)
    assert {(s["family"], s["player"]): [s["games"], s["total"]] for s in november} == want
    assert [s["family"] for s in november] == sorted(s["family"] for s in november)
    prefa = [s for s in november if s["family"] == "prefa"]
    assert prefa == archive.standings("2026-11-01", "2026-12-01", "prefa")
    assert [s["total"] for s in prefa] == sorted((s["total"] for s in prefa), reverse=True)
    assert len(archive.standings()) == len({(s["family"], p) for s in archive.standings() for p in [s["player"]]})

    mine = archive.player_games("Kostas")
    assert [g["id"] for g in mine] == [1, 2, 3, 4]
    for g in mine:
        full = games[g["id"] - 1]
        assert g["players"] == full["players"] and g["total"] == amount(full, full["players"].index("Kostas"))
    h2h = {(h["opponent"], h["family"]): h for h in archive.head_to_head("Kostas")}
    assert set(h2h) == {("Anna", "prefa"), ("Babis", "prefa"), ("Zoe", "prefa"), ("Anna", "preferans"),
                        ("Boris", "preferans"), ("Anna", "priffe"), ("Zoe", "priffe"), ("Babis", "priffe")}  # fmt: skip
    anna = h2h[("Anna", "prefa")]
    g1, g2 = games[0], games[1]
    assert anna["games"] == 2 and anna["total"] == amount(g1, 2) + amount(g2, 0)
    assert anna["their_total"] == amount(g1, 0) + amount(g2, 1)
    assert anna["ahead"] == (amount(g1, 2) > amount(g1, 0)) + (amount(g2, 0) > amount(g2, 1))
    with pytest.raises(ArchiveError, match="no player 'Nobody'"):
        archive.player_games("Nobody")
    everyone = archive.stats()  # one player's stats (only his games read) are his row of everyone's
    for s in everyone:
        assert archive.stats(s["player"]) == [s]


def test_the_bench_of_the_archive_runs_on_both_backends(
    tmp_path: Path, pg_server: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kitapi bench --part archive`` at a tiny size: the web page's GETs and the league's queries on both
    backends, the cached archive used again."""
    from kitapi_host.bench import archive as bench

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(bench, "TEMPLATES", 12)
    monkeypatch.setattr(bench, "ADDED", 6)
    monkeypatch.setattr(bench, "ALONE", 3)
    assert bench.run((60,), pg_server) == 0
    out = capsys.readouterr().out
    assert "     60  SQLite" in out and "     60  PostgreSQL" in out and "slowest page (/ or /player)" in out, out
    assert "the web page (GET, ms)" in out  # (each GET answered 200: the bench stops on any other)
    assert re.search(r"     60  PostgreSQL  in batches\s+\d+ games/s \([\d.]+ ms CPU a game\)  one by one", out), out
    assert re.search(r"     60  SQLite\s+\d+ games rated: count\s+\d+  /ratings", out), out  # (kitapi ratings)
    with Archive(tmp_path / "kitapi" / "bench-archive-60.sqlite3") as a:
        assert len(a.games()) == 60 and len(a.players()) == 500
        assert a.standings()  # (the cloned rows answer as add_log's)
    assert bench.run((60,), None) == 0
    assert "PostgreSQL" not in capsys.readouterr().out


# --- schema versions and what is not an archive -------------------------------------------------------------


def test_an_archive_of_schema_4_gets_the_league_constraint_and_indexes(tmp_path: Path) -> None:
    """Schema 5 only adds indexes (the same bytes one game as a UNIQUE constraint; the pages' indexes): an
    archive of schema 4 is brought up to it without its hand table filled again."""
    path = tmp_path / "a.sqlite3"
    with Archive(path) as a:
        a.add_log((ROOT / "examples" / "sample-prefa.jsonl").read_bytes(), "file", "sample")
    db = sqlite3.connect(path)
    for index in ("games_sha256_unique", "games_date", "game_players_player", "games_rules"):
        db.execute(f"DROP INDEX {index}")
    db.execute("CREATE INDEX games_sha256 ON games (sha256)")
    db.execute("UPDATE hands SET kind = 'marked' WHERE number = 1")  # (a refill would write 'play' again)
    db.execute("UPDATE schema_version SET version = 4")
    db.commit()
    db.close()
    with Archive(path) as a:
        indexes = {r[0] for r in a.db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"games_sha256_unique", "games_date", "game_players_player", "games_rules"} <= indexes
        assert "games_sha256" not in indexes
        assert a.db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION == 7
        assert a.db.execute("SELECT kind FROM hands WHERE number = 1").fetchone()[0] == "marked"
        with pytest.raises(sqlite3.IntegrityError):  # the database itself refuses the same bytes twice
            a.db.execute(
                "INSERT INTO games SELECT 2, device, 'again', started, rules, header, log, format, sha256,"
                " hands, result, over, ended, damage, added, updated, canon, canon_len FROM games"
            )


def test_an_archive_of_schema_5_gets_the_systems_index_on_both_backends(db: str, tmp_path: Path) -> None:
    """Schema 6 adds the index the web page's lists of systems read (one step per system, not every game):
    an archive of schema 5 on either backend gets it, its games as they were; the systems and devices read
    through the indexes are SELECT DISTINCT's, in its order."""
    where: Path | str = db if db.startswith("postgresql://") else Path(db)
    with Archive(where) as a:
        for i, rules in enumerate(("sochi", "prefa", "balkan", "prefa", "priffe")):
            hdr, hands = gen.generate(rules, 500 + i, 3)
            gen.write_jsonl(tmp_path / "g.jsonl", hdr, hands)
            a.add_log((tmp_path / "g.jsonl").read_bytes(), ("venue-b", "file", "venue-a")[i % 3], f"g{i}.jsonl")
        a.db.execute("DROP INDEX games_rules")
        a.db.execute("UPDATE schema_version SET version = 5")
        before = a.db.execute("SELECT id, sha256, result FROM games ORDER BY id").fetchall()
    with Archive(where) as a:
        assert a.db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
        if a.pg:
            indexes = {r[0] for r in a.db.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'games'")}
        else:
            indexes = {r[0] for r in a.db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "games_rules" in indexes
        assert a.db.execute("SELECT id, sha256, result FROM games ORDER BY id").fetchall() == before
        assert a.systems() == ["balkan", "prefa", "priffe", "sochi"]
        assert a.devices() == ["file", "venue-a", "venue-b"]
        for column, got in (("rules", a.systems()), ("device", a.devices())):
            assert got == [r[0] for r in a.db.execute(f"SELECT DISTINCT {column} FROM games ORDER BY {column}")]
    with Archive(where) as a:  # an empty archive lists none
        a.db.execute("DELETE FROM games")
        assert a.systems() == [] and a.devices() == []


def test_a_postgresql_database_of_another_program_is_left_as_it_is(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as c:
        c.execute("CREATE TABLE players (id INTEGER, nick TEXT)")
        c.execute("CREATE TABLE scores (x INTEGER)")
    with pytest.raises(ArchiveError, match="not a Kitapi archive: tables players, scores of another program"):
        Archive(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as c:
        tables = {r[0] for r in c.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert tables == {"players", "scores"}


def test_postgresql_failures_are_one_line_without_the_password(
    pg_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server that is not there, a database that is not, a bad URL: one line, the password hidden, status 2
    (each failure in its own words: tests/pc/test_archive_guard.py)."""
    server = pg_server.rpartition("/")[0].replace("kitapi@", "kitapi:s3cret@")
    for url, says in (
        ("postgresql://kitapi:s3cret@127.0.0.1:1/league", ":***@127.0.0.1:1/league: the database server 127.0.0.1"),
        (f"{server}/no_such_league", 'the database server has no database "no_such_league"'),
        ("postgresql://kitapi:s3cret@127.0.0.1:port/league", "postgresql://...: not a database URL: the port"),
    ):
        assert cli.main(["games", "--db", url]) == 2
        out = capsys.readouterr()
        assert out.out == "" and out.err.count("\n") == 1, out.err
        assert "s3cret" not in out.err and says in out.err, out.err
