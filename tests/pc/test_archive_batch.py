"""Many logs into the archive in batches (issue 37, item 5): ``Archive.in_batches`` writes up to ``BATCH`` logs in
one transaction (its commit, SQLite's fsync, was half the time of adding a small game alone), each log under a
savepoint of its own; ``kitapi archive add`` of many files and ``kitapi archive copy`` go through it.  On SQLite
and on the tests' PostgreSQL server, every game still replayed and checked by the core."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from kitapi_host.archive import cli as archive_cli
from kitapi_host.archive import connection
from kitapi_host.archive.db import NEW, Archive, ArchiveError, LogError
from kitapi_host.logs import gen


def logs(tmp_path: Path, n: int) -> list[bytes]:
    """``n`` games of 4 hands (JSON Lines), each of other seeds."""
    out = []
    for i in range(n):
        hdr, hands = gen.generate("prefa", 100 + i, 4)
        p = tmp_path / f"g{i}.jsonl"
        gen.write_jsonl(p, hdr, hands)
        out.append(p.read_bytes())
    return out


def opened(db: str) -> Archive:
    return Archive(db if db.startswith("postgresql://") else Path(db))


def games(db: str) -> int:
    """The games another connection sees written (committed) in the archive ``db``."""
    with opened(db) as other:
        return int(other.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


@pytest.fixture
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches of 3 logs, whatever time they take (the machine's speed plays no part)."""
    monkeypatch.setattr(connection, "BATCH", 3)
    monkeypatch.setattr(connection, "BATCH_SECONDS", 1e9)


def test_a_batch_is_written_at_once_and_each_log_is_still_checked(tmp_path: Path, db: str, small_batches: None) -> None:
    data = logs(tmp_path, 7)
    seen = []
    with opened(db) as archive:

        def add(i: int) -> None:
            seen.append(games(db))  # what another kitapi sees before log i is added
            assert archive.add_log(data[i], "file", f"{i}.jsonl").status == NEW

        archive.in_batches(range(7), add)
        assert seen == [0, 0, 0, 3, 3, 3, 6]  # each batch of 3 written at its end, not log by log
        assert games(db) == 7
        for i in range(7):  # each as add_log stores it alone: the core's standings
            assert archive.game(i + 1)["name"] == f"{i}.jsonl"


def test_a_bad_log_in_a_batch_undoes_only_itself(tmp_path: Path, db: str, small_batches: None) -> None:
    data = logs(tmp_path, 5)
    data[1] = data[1].replace(b'"dealer": 1', b'"dealer": 7', 1)
    refused = []
    with opened(db) as archive:

        def add(i: int) -> None:
            try:
                archive.add_log(data[i], "file", f"{i}.jsonl")
            except LogError as e:
                refused.append(str(e))

        archive.in_batches(range(5), add)
        assert refused == ["1.jsonl:3: 'dealer' must be a whole number from 0 to 2"]
        assert [g["name"] for g in archive.games()] == ["0.jsonl", "2.jsonl", "3.jsonl", "4.jsonl"]
        assert int(archive.db.execute("SELECT COUNT(*) FROM hands").fetchone()[0]) == 4 * 4


def test_what_ends_a_batch_keeps_what_was_written_before_it(tmp_path: Path, db: str, small_batches: None) -> None:
    """As ``archive copy``: a game added, then its players named; a naming refused ends the copy, and every write
    before it stays, as when each was a transaction of its own."""
    data = logs(tmp_path, 6)
    written = []
    with opened(db) as archive:

        def add(i: int) -> None:
            added = archive.add_log(data[i], "file", f"{i}.jsonl")
            archive.name_players(added.id, ["Ann", "Bob"] if i == 4 else archive.seats(added.id))

        with pytest.raises(ArchiveError, match="game 5 has 3 players here, not 2"):
            archive.in_batches(range(6), add, lambda: written.append(games(db)))
        assert written == [3, 5]  # each batch's end: the second one's two games kept, the sixth never added
        assert [g["name"] for g in archive.games()] == [f"{i}.jsonl" for i in range(5)]


def test_archive_add_prints_each_batch_once_it_is_written(
    tmp_path: Path, db: str, small_batches: None, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = []
    for i, data in enumerate(logs(tmp_path, 5)):
        paths.append(tmp_path / f"f{i}.jsonl")
        paths[-1].write_bytes(data if i != 3 else data[:-40] + b"\n")
    p = argparse.ArgumentParser(prog="kitapi")
    archive_cli.register(p.add_subparsers(dest="command"))
    ns = p.parse_args(["archive", "add", "--db", db, *map(str, paths)])
    assert ns.func(ns) == 2
    out = capsys.readouterr()
    assert out.out.splitlines() == [f"{paths[i]}: game {g} new" for i, g in ((0, 1), (1, 2), (2, 3), (4, 4))]
    assert out.err.startswith(f"{paths[3]}:") and out.err.count("\n") == 1
    assert games(db) == 4


def test_a_plain_logs_effective_hands_are_the_hands_read_for_its_canonical_form(tmp_path: Path) -> None:
    """A log of plain hands (no correction, no damage) is not read a fourth time for its effective hands: the
    canonical form's reading keeps them (``Parsed.hands_read``), and they give the rows the reading would give;
    a log with a correction is read again (its corrections say which hand is which)."""
    import io

    from kitapi_host.archive import parse

    for data in logs(tmp_path, 3):
        f = io.BytesIO(data + b'{"end": true}\n')
        out = parse.parse_log(f, "g")
        assert out.hands_read is not None and len(out.hands_read) == 4
        kept = list(parse._effective(f, "g", out))
        out.hands_read = None
        assert kept == list(parse._effective(f, "g", out))  # (read again: the same rows)
    fixed = data + data.split(b"\n")[1].replace(b"{", b'{"replace": 1, ', 1) + b"\n"
    assert parse.parse_log(io.BytesIO(fixed), "g").hands_read is None
