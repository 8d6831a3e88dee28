"""The league on PostgreSQL: ``kitapi archive copy`` between SQLite and PostgreSQL, and many venues' syncs into
one database at once (kitapi_host.archive.pg, kitapi_host.archive.copy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitapi_host import cli
from kitapi_host.archive.db import Archive
from kitapi_host.logs import gen
from testkit import ROOT

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
    assert err.startswith("kitapi archive copy: postgresql://kitapi:***@127.0.0.1:1/league: connection failed")
    assert err.count("\n") == 1 and "secret" not in err
