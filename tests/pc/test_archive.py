"""The game archive (kitapi_host.archive: db, facts, stats) and its commands (kitapi_host.archive.cli)."""

from __future__ import annotations

import argparse
import io
import json
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from kitapi.devlog import RECORD
from kitapi.game import new_game, result_json
from kitapi.messages import damage as damage_text
from kitapi.replay import replay
from kitapi_host import cli, logs
from kitapi_host.archive import cli as archive_cli
from kitapi_host.archive.db import GROWN, NEW, SAME, SCHEMA_VERSION, Archive, ArchiveError, LogError, default_path
from kitapi_host.logs import gen
from testkit import ROOT, vector, vector_jsonl

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"


def replayed(data: bytes) -> str:
    g, _ = replay(io.BytesIO(data))
    return result_json(g)


def jsonl_game(tmp_path: Path, seed: int, hands: int, players: int = 3, name: str = "g") -> bytes:
    hdr, hs = gen.generate("prefa", seed, hands, players, pouch=60)
    path = tmp_path / f"{name}.jsonl"
    gen.write_jsonl(path, hdr, hs)
    return path.read_bytes()


def to_device(tmp_path: Path, data: bytes, name: str = "d") -> bytes:
    src = tmp_path / f"{name}.jsonl"
    src.write_bytes(data)
    dst = tmp_path / f"{name}.kitapi"
    logs.convert(src, dst)
    return dst.read_bytes()


def header_size(dev: bytes) -> int:
    return 9 + (dev[5] << 8 | dev[6]) + 2


def before_v3(db: sqlite3.Connection) -> None:
    """Take schema 3's additions (the canonical digest) out of an archive: schema 2."""
    db.execute("UPDATE games SET log = (SELECT log FROM logs WHERE game = games.id)")
    db.execute("DROP TABLE logs")
    db.execute("DROP INDEX games_header")
    db.execute("ALTER TABLE games DROP COLUMN canon")
    db.execute("ALTER TABLE games DROP COLUMN canon_len")
    db.execute("UPDATE schema_version SET version = 2")


def count(a: Archive, table: str) -> int:
    return int(a.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_both_forms_are_archived_as_replayed(tmp_path: Path, archive: Archive) -> None:
    data = jsonl_game(tmp_path, 1, 80)
    dev = to_device(tmp_path, jsonl_game(tmp_path, 2, 80, name="h"))  # another game (the same game is one)
    gid, status = archive.add_log(data, "file", "g.jsonl")
    did, dstatus = archive.add_log(dev, "pico", "games/0001.kitapi")
    assert (status, dstatus) == (NEW, NEW) and gid != did
    for i, log in ((gid, data), (did, dev)):
        g = archive.game(i)
        assert archive.log(i) == log
        assert json.dumps(g["result"]) == json.dumps(json.loads(replayed(log)))
        assert g["format"] == ("jsonl" if log is data else "device")
        # every scored hand is in the hand table, numbered from 1, with the running standings
        assert len(g["hands"]) == g["result"]["hands"]
        assert [h["number"] for h in g["hands"]] == list(range(1, len(g["hands"]) + 1))
        assert g["hands"][-1]["chips"] == g["result"]["chips"]
    rows = archive.games()
    assert [r["device"] for r in rows] == ["file", "pico"]
    assert rows[0]["players"] == ["Anna", "Babis", "Costas"]
    # the stored result is the core's result_json, byte for byte
    stored = archive.db.execute("SELECT result FROM games WHERE id = ?", (did,)).fetchone()[0]
    assert stored == replayed(dev)


def test_adding_twice_writes_nothing(tmp_path: Path, archive: Archive) -> None:
    data = jsonl_game(tmp_path, 2, 30)
    first = archive.add_log(data, "file", "g")
    before = archive.db.execute("SELECT * FROM games").fetchall()
    changes = archive.db.total_changes
    again = archive.add_log(data, "file", "g")
    assert first.status == NEW and tuple(again) == (first.id, SAME) and again.warnings == []
    assert archive.db.total_changes == changes
    assert archive.db.execute("SELECT * FROM games").fetchall() == before
    # the same bytes under another name are the same game: not counted twice
    other = archive.add_log(data, "other", "x")
    assert other.id == first.id and other.status == SAME and "already archived as game" in other.warnings[0]
    assert count(archive, "games") == 1


def test_a_grown_log_is_updated_in_place(tmp_path: Path, archive: Archive) -> None:
    dev = to_device(tmp_path, jsonl_game(tmp_path, 3, 40))
    cut = header_size(dev) + 15 * RECORD  # the log after 15 hands, as a sync in mid-game would pull it
    early, status = archive.add_log(dev[:cut], "pico", "games/0001.kitapi")
    assert status == NEW and archive.game(early)["result"]["hands"] == 15
    gid, status = archive.add_log(dev, "pico", "games/0001.kitapi")
    assert (gid, status) == (early, GROWN)
    g = archive.game(gid)
    assert json.dumps(g["result"]) == json.dumps(json.loads(replayed(dev)))
    assert len(g["hands"]) == g["result"]["hands"] > 15
    assert count(archive, "games") == 1 and count(archive, "game_players") == 3
    # an older copy pulled again changes nothing
    older = archive.add_log(dev[:cut], "pico", "games/0001.kitapi")
    assert tuple(older) == (gid, SAME) and "older copy" in older.warnings[0]
    assert archive.log(gid) == dev


def test_another_game_under_the_same_name_is_kept(tmp_path: Path, archive: Archive) -> None:
    one = jsonl_game(tmp_path, 4, 20, name="a")
    two = jsonl_game(tmp_path, 5, 20, name="b")
    first = archive.add_log(one, "pico", "games/0001.kitapi")
    second = archive.add_log(two, "pico", "games/0001.kitapi")
    assert second.status == NEW and second.id != first.id
    assert f"game {first.id}" in second.warnings[0] and "both are kept" in second.warnings[0]
    assert archive.log(first.id) == one and archive.log(second.id) == two


CORRECTED = [
    '{"replace": 2, "dealer": 1, "bidder": 0, "contract": "6S", "defense": "none"}',
    '{"delete": 4}',
    '{"replace": 2, "dealer": 1, "bidder": 2, "contract": "7H", "defense": "none"}',
    '{"delete": 6}',
    '{"replace": 6, "dealer": 2, "pass": true}',
]


@pytest.mark.parametrize("form", ["jsonl", "device"])
def test_corrections_give_the_effective_hands(tmp_path: Path, archive: Archive, form: str) -> None:
    lines = jsonl_game(tmp_path, 7, 24).decode().splitlines()
    lines[8:8] = CORRECTED  # after hand 7
    data = ("\n".join(lines) + "\n").encode()
    if form == "device":
        data = to_device(tmp_path, data)
    gid, _ = archive.add_log(data, form, "g")
    g = archive.game(gid)
    hands = {h["number"]: h for h in g["hands"]}
    assert 4 not in hands and g["deleted"] == [4]
    # the last correction of hand 2 wins; hand 6 was deleted, then replaced
    assert hands[2]["hand"] == {"dealer": 1, "bidder": 2, "contract": "7H", "defense": "none"}
    assert hands[2]["corrected"] and hands[2]["bidder"] == "Costas" and hands[2]["made"] == 1
    assert hands[6]["hand"] == {"dealer": 2, "pass": True} and hands[6]["corrected"]
    assert not hands[1]["corrected"]
    assert [(c["line"], c["op"], c["number"]) for c in g["corrections"]] == [
        (9, "replace", 2),
        (10, "delete", 4),
        (11, "replace", 2),
        (12, "delete", 6),
        (13, "replace", 6),
    ]
    assert json.dumps(g["result"]) == json.dumps(json.loads(replayed(data)))
    assert g["result"]["hands"] == len(hands) == 24 - 1


def test_a_damaged_device_log_is_archived_without_the_damaged_hand(tmp_path: Path, archive: Archive) -> None:
    """One damaged record costs its hand alone (kitapi.devlog): the 29 others are archived."""
    dev = to_device(tmp_path, jsonl_game(tmp_path, 8, 30))
    at = header_size(dev) + 10 * RECORD + 3  # a bit flipped in the 11th record
    bad = bytearray(dev)
    bad[at] ^= 0x10
    g, r = replay(io.BytesIO(bytes(bad)))
    assert r.damage is not None
    added = archive.add_log(bytes(bad), "pico", "games/0002.kitapi")
    assert added.status == NEW and added.warnings == [damage_text(r.damage)]
    shown = archive.game(added.id)
    assert shown["damage"] == damage_text(r.damage)
    assert shown["result"]["hands"] == g.hands == 29 and len(shown["hands"]) == 29
    assert 11 not in [h["number"] for h in shown["hands"]] and shown["hands"][-1]["number"] == 30
    assert archive.games()[0]["damage"] == damage_text(r.damage)
    # pulled again, the same damaged bytes: the warning again, nothing written
    again = archive.add_log(bytes(bad), "pico", "games/0002.kitapi")
    assert again.status == SAME and again.warnings == [damage_text(r.damage)]
    # a sound copy later replaces the damaged one
    good = archive.add_log(dev, "pico", "games/0002.kitapi")
    assert good.id == added.id and good.status == GROWN and "replaces the damaged copy" in good.warnings[0]
    assert archive.game(good.id)["damage"] is None and archive.game(good.id)["result"]["hands"] == 30


def test_a_hand_held_back_for_a_damaged_one_is_not_archived_until_it_is_entered_again(
    tmp_path: Path, archive: Archive
) -> None:
    """Without damaged hand 3 the game (a pouch of 10) would be over before hand 9: the archive mirrors
    the replay (hand 9 held back, not an effective hand, named in the warning); the log with hand 3
    entered again grows the game to all 9 hands."""
    from kitapi.devlog import DevLogReader
    from kitapi.devlogw import write_record

    hdr, hands = gen.generate("prefa", 1, 40, pouch=10)
    gen.write_jsonl(tmp_path / "g.jsonl", hdr, hands)
    dev = to_device(tmp_path, (tmp_path / "g.jsonl").read_bytes())
    bad = bytearray(dev)
    bad[header_size(dev) + 2 * RECORD + 3] ^= 0x04  # hand 3
    g, r = replay(io.BytesIO(bytes(bad)))
    assert r.damage[5:] == (3, 1, 1, 9)
    added = archive.add_log(bytes(bad), "pico", "games/0001.kitapi")
    assert added.status == NEW and added.warnings == [damage_text(r.damage)]
    assert "held back from hand 9" in added.warnings[0]
    shown = archive.game(added.id)
    assert [h["number"] for h in shown["hands"]] == [1, 2, 4, 5, 6, 7, 8] and shown["result"]["hands"] == 7
    rd = DevLogReader(io.BytesIO(dev))
    rd.header()
    for _ in range(3):
        rd.record(None)
    fixed = io.BytesIO()
    fixed.write(bytes(bad))
    write_record(fixed, bytearray(RECORD), 1, 3, rd.payload)  # hand 3 entered again on the box
    again = archive.add_log(fixed.getvalue(), "pico", "games/0001.kitapi")
    assert again.id == added.id and again.status == GROWN
    assert [h["number"] for h in archive.game(added.id)["hands"]] == list(range(1, 10))


def test_bad_input_writes_nothing(tmp_path: Path, archive: Archive) -> None:
    lines = jsonl_game(tmp_path, 9, 10).decode().splitlines()
    lines.insert(5, '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 3]}')
    with pytest.raises(LogError) as e:
        archive.add_log(("\n".join(lines) + "\n").encode(), "file", "bad.jsonl")
    assert e.value.line == 6 and str(e.value) == "bad.jsonl:6: tricks must sum to 10, not 11"
    with pytest.raises(LogError):
        archive.add_log(b"KTPI\x01garbage", "pico", "x")
    for table in ("games", "players", "game_players", "hands", "corrections"):
        assert count(archive, table) == 0


def test_two_devices_share_the_players(tmp_path: Path, archive: Archive) -> None:
    three = to_device(tmp_path, jsonl_game(tmp_path, 10, 20, name="t"), "t")
    four = to_device(tmp_path, jsonl_game(tmp_path, 11, 20, players=4, name="f"), "f")
    a = archive.add_log(three, "pico-bar", "games/0001.kitapi")
    b = archive.add_log(four, "pico-garden", "games/0001.kitapi")
    assert a.status == b.status == NEW and a.id != b.id
    assert archive.players() == ["Anna", "Babis", "Costas", "Dimitra"]
    stats = {s["player"]: s for s in archive.stats()}
    assert stats["Anna"]["games"] == 2 and stats["Dimitra"]["games"] == 1
    chips = [archive.game(a.id)["result"]["chips"], archive.game(b.id)["result"]["chips"]]
    assert stats["Anna"]["chips"] == chips[0][0] + chips[1][0]
    assert sum(s["chips"] for s in stats.values()) == 0


def test_rename_and_merge(tmp_path: Path, archive: Archive) -> None:
    one = jsonl_game(tmp_path, 12, 15, name="one")
    two = one.replace(b'"Anna"', b'"Ana"').replace(b'"Costas"', b'"Kostas"')
    archive.add_log(one, "file", "one")
    archive.add_log(two, "file", "two")
    assert archive.players() == ["Ana", "Anna", "Babis", "Costas", "Kostas"]
    with pytest.raises(ArchiveError, match="played in the same game"):
        archive.merge_players("Ana", "Babis")
    with pytest.raises(ArchiveError, match="already a player"):
        archive.rename_player("Ana", "Anna")
    with pytest.raises(ArchiveError, match="no player"):
        archive.rename_player("Zoe", "Zoi")
    archive.merge_players("Ana", "Anna")
    archive.rename_player("Kostas", "Kostis")
    archive.merge_players("Costas", "Kostis")
    assert archive.players() == ["Anna", "Babis", "Kostis"]
    assert [g["players"] for g in archive.games()] == [["Anna", "Babis", "Kostis"]] * 2
    stats = {s["player"]: s for s in archive.stats()}
    assert stats["Anna"]["games"] == stats["Kostis"]["games"] == 2
    assert stats["Kostis"]["chips"] == 2 * json.loads(replayed(one))["chips"][2]
    assert archive.stats("Kostis")[0]["player"] == "Kostis"
    # the stored logs are untouched
    assert archive.log(2) == two


def test_stats_of_the_sample_game(archive: Archive) -> None:
    """Worked by hand from examples/sample-prefa.jsonl (responsibilities: docs/rules/prefa.md).

    1 Babis 6S made; Costas 2 >= 2 met, Anna 2 >= 2 met.  2 Anna 7H made; Babis 2 >= 2 met,
    Costas 0 < 1 failed.  3 Anna 7H made, Babis alone 3 >= 2 met, Costas out.  4 passed.
    5 Costas 8N, both out: made; Anna, Babis out.  6 Babis 6D short; Costas 2 >= 2, Anna 3 >= 2 met.
    7 Costas 6N made, Anna invites Babis: 1 + 2 < 2 + 2 failed (Anna), Babis defended.
    8 Anna 9S made; Babis 0 < 1 failed, Costas 0 >= 0 met.  9 Babis 7C short 3; Costas 4 >= 2,
    Anna 2 >= 1 met.  10 Costas 6H made, Babis alone 3 >= 2 met, Anna out.
    """
    archive.add_log(SAMPLE.read_bytes(), "file", "sample")
    stats = {s["player"]: s for s in archive.stats()}
    want = {
        "Anna": (127, 3, {7: (2, 2), 9: (1, 1)}, 4, 3, 1, 2),
        "Babis": (-152, 3, {6: (1, 2), 7: (0, 1)}, 5, 3, 1, 1),
        "Costas": (25, 3, {6: (2, 2), 8: (1, 1)}, 5, 4, 1, 1),
    }
    for name, (chips, bids, contracts, defended, met, failed, out) in want.items():
        s = stats[name]
        assert s["games"] == 1 and s["chips"] == chips and s["bids"] == bids
        assert s["contracts"] == {lv: contracts.get(lv, (0, 0)) for lv in range(6, 11)}
        assert (s["defended"], s["met"], s["failed"], s["out"]) == (defended, met, failed, out)
    with pytest.raises(ArchiveError):
        archive.stats("Nobody")


def test_stats_follow_the_nine_quota_option(archive: Archive) -> None:
    """The sample game under nine_quota "dealer" (docs/rules/prefa.md): only hand 8 changes.

    8 dealer Babis (seat 1), Anna (seat 0) 9S, tricks 10/0/0: the eldest hand Costas (seat 2)
    defends, so the 1 trick is his: Costas 0 < 1 failed and pays Anna 9 x 10 = 90; Babis 0 >= 0
    met.  Against the default (test_stats_of_the_sample_game): Babis met 3 + 1, failed 1 - 1,
    chips -152 + 90 = -62; Costas met 4 - 1, failed 1 + 1, chips 25 - 90 = -65; Anna the same.
    """
    lines = SAMPLE.read_text().splitlines()
    hdr = json.loads(lines[0])
    hdr["options"]["nine_quota"] = "dealer"
    archive.add_log("\n".join([json.dumps(hdr)] + lines[1:]).encode() + b"\n", "file", "nine")
    stats = {s["player"]: s for s in archive.stats()}
    want = {"Anna": (127, 4, 3, 1, 2), "Babis": (-62, 5, 4, 0, 1), "Costas": (-65, 5, 3, 2, 1)}
    for name, (chips, defended, met, failed, out) in want.items():
        s = stats[name]
        assert (s["chips"], s["defended"], s["met"], s["failed"], s["out"]) == (chips, defended, met, failed, out)


def test_the_archive_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.sqlite3"
    with Archive(path) as a:
        gid, _ = a.add_log(SAMPLE.read_bytes(), "file", "sample")
    with Archive(path) as a:
        assert a.add_log(SAMPLE.read_bytes(), "file", "sample").status == SAME
        assert a.game(gid)["result"]["hands"] == 10
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(ArchiveError, match="schema version 99"):
        Archive(path)


def test_default_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "kitapi" / "archive.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "kitapi" / "archive.sqlite3"


# --- the commands -------------------------------------------------------------------


def kitapi(*args: str) -> int:
    """Run an archive command through a parser as cli.build_parser will hold it."""
    p = argparse.ArgumentParser(prog="kitapi")
    archive_cli.register(p.add_subparsers(dest="command"))
    ns = p.parse_args(list(args))
    return int(ns.func(ns))


def test_cli_add_games_show(tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    to_device(tmp_path, jsonl_game(tmp_path, 13, 25))
    dpath = tmp_path / "d.kitapi"
    bad = bytearray(to_device(tmp_path, jsonl_game(tmp_path, 14, 25, name="e"), name="e"))  # another game
    bad[-5] ^= 1
    damaged = tmp_path / "damaged.kitapi"
    damaged.write_bytes(bytes(bad))
    assert kitapi("archive", "add", "--db", db, str(SAMPLE), str(dpath)) == 0
    out = capsys.readouterr()
    assert out.out.splitlines() == [f"{SAMPLE}: game 1 new", f"{dpath}: game 2 new"] and out.err == ""
    assert kitapi("archive", "add", "--db", db, "--device", "pico", str(SAMPLE), str(damaged)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{SAMPLE}: game 1 same; warning: the same log is already archived as game 1")
    assert lines[1].startswith(f"{damaged}: game 3 new; warning: damaged at byte ")

    assert kitapi("games", "--db", db) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["Game", "Date", "Device", "Rules", "Players", "Hands", "Result"]
    assert len(table) == 4 and "Anna +127, Babis -152, Costas +25" in table[1] and table[3].endswith("(damaged)")

    # show's standings are kitapi replay's, line for line
    assert cli.main(["replay", str(SAMPLE)]) == 0
    replay_out = capsys.readouterr().out
    assert kitapi("show", "1", "--db", db) == 0
    shown = capsys.readouterr().out
    assert shown.startswith(replay_out + "\n")
    rows = shown[len(replay_out) + 1 :].splitlines()
    assert rows[1].split() == [
        "Hand",
        "Dealer",
        "Bidder",
        "Contract",
        "Defense",
        "Tricks",
        "Result",
        "Anna",
        "Babis",
        "Costas",
    ]
    assert rows[2].split() == ["1", "Anna", "Babis", "6S", "both", "2-6-2", "made", "+4", "-8", "+4"]
    assert rows[-1].split()[-3:] == ["+127", "-152", "+25"] and len(rows) == 12

    assert kitapi("show", "3", "--db", db) == 0
    out = capsys.readouterr()
    assert "warning: damaged at byte" in out.err
    assert cli.main(["replay", str(damaged)]) == 0
    assert out.out.startswith(capsys.readouterr().out)

    assert kitapi("stats", "Anna", "--db", db) == 0
    stats = capsys.readouterr().out.splitlines()
    assert stats[0].split()[:4] == ["Player", "Games", "Chips", "Bids"] and stats[1].split()[:2] == ["Anna", "3"]


def test_cli_errors(tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(SAMPLE.read_text().replace('"tricks": [2, 6, 2]', '"tricks": [2, 6, 3]'))
    assert kitapi("archive", "add", "--db", db, str(bad), str(SAMPLE), str(tmp_path / "missing")) == 2
    out = capsys.readouterr()
    assert out.out == f"{SAMPLE}: game 1 new\n"
    err = out.err.splitlines()
    assert err[0] == f"{bad}:2: tricks must sum to 10, not 11"
    assert err[1].startswith(f"{tmp_path / 'missing'}:0: cannot open the file") and len(err) == 2
    assert cli.main(["replay", str(bad)]) == 2
    assert capsys.readouterr().err.splitlines()[0] == err[0]  # as kitapi replay says it

    for args, msg in (
        (["show", "7"], "no game 7 in the archive"),
        (["stats", "Zoe"], "no player 'Zoe' in the archive"),
        (["players", "rename", "Zoe", "Zoi"], "no player 'Zoe' in the archive"),
        (["players", "merge", "Anna", "Babis"], "'Anna' and 'Babis' played in the same game (1): not merged"),
    ):
        assert kitapi(*args, "--db", db) == 2
        out = capsys.readouterr()
        assert out.out == "" and out.err == msg + "\n"
    assert kitapi("players", "rename", "Anna", "Anne", "--db", db) == 0
    assert capsys.readouterr().out == "renamed Anna to Anne\n"
    assert kitapi("show", "1", "--db", db) == 0
    assert "  Anne  " in capsys.readouterr().out


# --- Russian Preferans ----------------------------------------------------------------

# examples/sample-sochi.jsonl, a small Sochi game worked by hand (docs/rules/preferans.md; seats
# Anna 0, Boris 1, Vera 2; defender 1 is the seat after the soloist, defender 2 the next):
#  1 Boris 6S, Vera and Anna whist, 2-6-2: made, pool 2; Vera and Anna write 2 x 2 = 4 each; R 4 met.
#  2 Vera 7H, Anna whists (closed), Boris passes, 2-1-7: made, pool 4; Anna writes 4 x 3 = 12; R 2 met.
#  3 Anna 8N, Boris and Vera whist, 10-0-0: made, pool 6; R 1 failed, both took none: the second
#    whister, Vera, is responsible: her hill 6.
#  4 Boris 7C, Vera and Anna whist, 0-9-1: made, pool 4; Vera 1 >= her quota 1, writes 4; Anna 0 < 1:
#    responsible, her hill 4.
#  5 Vera 6D, Anna whists (open), 4-1-5: short 1: Vera's hill 2, Anna and Boris write 2 each against
#    her, and Anna (greedy whist) 2 x 5 = 10 more.
#  6 all-pass 3-5-2: hills 3, 5, 2.   7 Boris misere, no trick: pool 10.   8 Boris misdeals: hill 2.
#  9 Anna 6S, Boris passes, Vera half-whists: made, pool 2; Vera writes 2 x 2 = 4.
# 10 Vera resigns 7S: hill 4 x 3 = 12.
# Pools 8 16 4, hills 7 7 22; whists Anna 4 on Boris, 24 on Vera; Boris 2 on Vera; Vera 8 on Boris,
# 4 on Anna.  Settlement: hill + (20 - pool) = 19, 11, 38, less the least: 8, 0, 27; each writes
# H x 10 / 3 against himself in the others' whists: nets 182/3, 320/3, -502/3.
SMALL_PREFERANS = (ROOT / "examples" / "sample-sochi.jsonl").read_text()
SMALL_NETS = [Fraction(182, 3), Fraction(320, 3), Fraction(-502, 3)]


def preferans_game(tmp_path: Path, seed: int, hands: int, rules: str, players: int, **options: object) -> bytes:
    hdr, hs = gen.generate(rules, seed, hands, players, **options)
    path = tmp_path / f"{rules}{players}-{seed}.jsonl"
    gen.write_jsonl(path, hdr, hs)
    return path.read_bytes()


@pytest.mark.parametrize("form", ["jsonl", "device"])
def test_a_preferans_game_is_archived_hand_by_hand(tmp_path: Path, archive: Archive, form: str) -> None:
    data = SMALL_PREFERANS.encode()
    if form == "device":
        data = to_device(tmp_path, data)
    gid, status = archive.add_log(data, form, "small")
    assert status == NEW
    g = archive.game(gid)
    assert json.dumps(g["result"]) == json.dumps(json.loads(replayed(data)))
    rows = archive.db.execute(
        "SELECT h.number, h.kind, p.name, h.contract, h.whist, h.tricks, h.bidder_tricks, h.made, h.short"
        " FROM hands h LEFT JOIN players p ON p.id = h.bidder WHERE h.game = ? ORDER BY h.number",
        (gid,),
    ).fetchall()
    assert [tuple(r) for r in rows] == [
        (1, "play", "Boris", "6S", "whist/whist", "[2, 6, 2]", 6, 1, 0),
        (2, "play", "Vera", "7H", "whist/pass", "[2, 1, 7]", 7, 1, 0),
        (3, "play", "Anna", "8N", "whist/whist", "[10, 0, 0]", 10, 1, 0),
        (4, "play", "Boris", "7C", "whist/whist", "[0, 9, 1]", 9, 1, 0),
        (5, "play", "Vera", "6D", "whist/pass", "[4, 1, 5]", 5, 0, 1),
        (6, "allpass", None, None, None, "[3, 5, 2]", None, None, None),
        (7, "play", "Boris", "M", None, "[5, 0, 5]", 0, 1, 0),
        (8, "misdeal", None, None, None, None, None, None, None),
        (9, "play", "Anna", "6S", "pass/half", None, None, 1, 0),
        (10, "resign", "Vera", "7S", None, None, None, 0, None),
    ]
    # the running standings of the hand table are the core's after each hand
    core = new_game(json.loads(SMALL_PREFERANS.splitlines()[0]))
    for h, line in zip(g["hands"], SMALL_PREFERANS.splitlines()[1:], strict=True):
        core.play(json.loads(line))
        after = json.loads(result_json(core))
        assert h["pool"] == after["pool"]
        assert h["hill"] == [Fraction(x) for x in after["hill"]]
        assert h["settlement"] == [Fraction(x) for x in after["settlement"]]
    assert g["hands"][-1]["settlement"] == SMALL_NETS
    assert g["hands"][2]["bidder"] == "Anna" and g["hands"][5]["bidder"] is None
    (row,) = archive.games()
    res = row["result"]  # (the family's figures: its hooks read them, the row takes none out by shape)
    assert "chips" not in res and res["pool"] == [8, 16, 4] and [Fraction(x) for x in res["settlement"]] == SMALL_NETS


def test_a_bad_preferans_log_writes_nothing(archive: Archive) -> None:
    bad = SMALL_PREFERANS.replace('"whist": ["pass", "half"]', '"whist": ["half", "pass"]')  # needs half_whist_first
    with pytest.raises(LogError) as e:
        archive.add_log(bad.encode(), "file", "bad.jsonl")
    assert e.value.line == 10 and str(e.value).startswith("bad.jsonl:10: ")
    for table in ("games", "players", "game_players", "hands", "corrections"):
        assert count(archive, table) == 0


def test_preferans_stats_of_the_small_game(archive: Archive) -> None:
    """The figures of SMALL_PREFERANS, worked by hand above.

    Soloist: Anna 3 (8N) and 9 (6S), both made; Boris 1 (6S), 4 (7C), 7 (misere), all made; Vera 2 (7H
    made), 5 (6D short), 10 (7S resigned: taken, not made).  Whisted: Anna 1, 2, 4, 5 (responsible in 4);
    Boris 3; Vera 1, 3, 4 (responsible in 3).  A half-whist (9) is not a whist.
    """
    archive.add_log(SMALL_PREFERANS.encode(), "file", "small")
    stats = {s["player"]: s for s in archive.stats()}
    want = {
        "Anna": (SMALL_NETS[0], 2, {6: (1, 1), 8: (1, 1)}, 4, 1),
        "Boris": (SMALL_NETS[1], 3, {6: (1, 1), 7: (1, 1), "M": (1, 1)}, 1, 0),
        "Vera": (SMALL_NETS[2], 3, {6: (0, 1), 7: (1, 2)}, 3, 1),
    }
    for name, (whists, soloist, contracts, whisted, failed) in want.items():
        s = stats[name]
        p = s["preferans"]
        assert s["games"] == p["games"] == 1 and s["prefa_games"] == 0 and s["chips"] == 0
        assert p["hands"] == 10 and p["whists"] == whists and p["soloist"] == soloist
        assert p["contracts"] == {lv: contracts.get(lv, (0, 0)) for lv in (6, 7, 8, 9, 10, "M")}
        assert (p["whisted"], p["failed"]) == (whisted, failed)
        assert s["bids"] == 0 and s["defended"] == 0  # Prefa's figures stay Prefa's
    assert sum(s["preferans"]["whists"] for s in stats.values()) == 0


def test_prefa_chips_and_preferans_whists_are_kept_apart(tmp_path: Path, archive: Archive) -> None:
    archive.add_log(SAMPLE.read_bytes(), "file", "sample")  # Anna +127 chips
    archive.add_log(SMALL_PREFERANS.encode(), "file", "small")  # Anna +182/3 whists
    anna = archive.stats("Anna")[0]
    assert (anna["games"], anna["prefa_games"], anna["preferans"]["games"]) == (2, 1, 1)
    assert anna["chips"] == 127 and anna["preferans"]["whists"] == SMALL_NETS[0]
    assert anna["bids"] == 3 and anna["contracts"][7] == (2, 2)  # the sample's, as before
    # every Preferans convention and table size goes in, and each game's nets sum to zero
    for i, (rules, n) in enumerate((("sochi", 4), ("leningrad", 3), ("rostov", 4), ("rostov", 2), ("sochi", 2))):
        added = archive.add_log(preferans_game(tmp_path, 30 + i, 40, rules, n, stake="0.25"), "file", f"g{i}")
        g = archive.game(added.id)
        assert g["hands"][-1]["settlement"] == [Fraction(x) for x in g["result"]["settlement"]]
        assert g["hands"][-1]["pool"] == g["result"]["pool"]
    stats = archive.stats()
    assert sum(s["preferans"]["whists"] for s in stats) == 0
    assert sum(s["chips"] for s in stats) == 0
    for s in stats:
        p = s["preferans"]
        assert p["failed"] <= p["whisted"] and sum(t for _, t in p["contracts"].values()) == p["soloist"]


def test_an_archive_of_schema_1_is_brought_up_to_date(tmp_path: Path) -> None:
    """Schema 1 stored a Preferans hand as "play" with no facts; opening it fills the hand table again."""
    path = tmp_path / "old.sqlite3"
    with Archive(path) as a:
        a.add_log(SAMPLE.read_bytes(), "file", "sample")
        a.add_log(SMALL_PREFERANS.encode(), "file", "small")
        a.rename_player("Boris", "Borya")  # the players' names are the archive's, not the logs'
        want = [tuple(r) for r in a.db.execute("SELECT * FROM hands ORDER BY game, number")]
        shown = a.game(2)
    # what schema 1 was: no whist and tricks columns, and these facts for a Preferans hand
    db = sqlite3.connect(path)
    before_v3(db)
    db.execute("ALTER TABLE hands DROP COLUMN whist")
    db.execute("ALTER TABLE hands DROP COLUMN tricks")
    db.execute(
        "UPDATE hands SET kind = 'play', bidder = NULL, contract = NULL, made = NULL, short = NULL WHERE game = 2"
    )
    db.execute("UPDATE schema_version SET version = 1")
    db.commit()
    db.close()
    with Archive(path) as a:
        assert a.db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
        assert a.db.execute("SELECT count(*) FROM games WHERE canon IS NULL").fetchone()[0] == 0
        assert [tuple(r) for r in a.db.execute("SELECT * FROM hands ORDER BY game, number")] == want
        assert a.game(2)["hands"] == shown["hands"] and a.game(2)["result"]["players"] == ["Anna", "Borya", "Vera"]
        assert a.add_log(SMALL_PREFERANS.encode(), "file", "small").status == SAME


def test_a_closed_game_archived_as_on_is_over_after_the_update(tmp_path: Path) -> None:
    """Schema 3 stored a game closed by its end record as not over; opening the archive now makes it over,
    in the column and in the stored result, as a fresh import would (issue 12)."""
    path = tmp_path / "v3.sqlite3"
    closed = SAMPLE.read_bytes() + b'{"end": true}\n'
    with Archive(path) as a:
        gid, _ = a.add_log(closed, "file", "closed")
        fresh = a.game(gid)["result"]
        assert fresh["over"] is True and a.games()[0]["over"] and a.games()[0]["ended"]
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET over = 0, result = replace(result, '\"over\": true}', '\"over\": false}')")
    db.execute("UPDATE schema_version SET version = 3")
    db.commit()
    db.close()
    with Archive(path) as a:
        assert a.game(gid)["result"] == fresh
        assert a.games()[0]["over"] is True


def test_an_archive_that_cannot_be_brought_up_to_date_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with Archive(path) as a:
        a.add_log(SMALL_PREFERANS.encode(), "file", "small")
    db = sqlite3.connect(path)
    before_v3(db)
    db.execute("UPDATE schema_version SET version = 1")
    db.execute("ALTER TABLE hands DROP COLUMN whist")
    db.execute("ALTER TABLE hands DROP COLUMN tricks")
    db.execute("UPDATE games SET log = CAST(? AS BLOB)", (SMALL_PREFERANS.replace('"M"', '"11S"'),))
    db.commit()
    db.close()
    with pytest.raises(ArchiveError, match=r"cannot update the archive \(game 1\): small:8: unknown contract"):
        Archive(path)
    db = sqlite3.connect(path)
    assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    assert "whist" not in [r[1] for r in db.execute("PRAGMA table_info(hands)")]
    db.close()


def test_cli_games_show_stats_for_preferans(tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    small = tmp_path / "small.jsonl"
    small.write_text(SMALL_PREFERANS)
    assert kitapi("archive", "add", "--db", db, str(SAMPLE), str(small)) == 0
    capsys.readouterr()
    assert kitapi("games", "--db", db) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].endswith("on: Anna +127, Babis -152, Costas +25")
    assert table[2].endswith("on: pools 8/16/4, net Anna +60.67, Boris +106.67, Vera -167.33")

    # show: kitapi replay's standings, then the hand table with the running pool, hill and net
    assert cli.main(["replay", str(small)]) == 0
    replay_out = capsys.readouterr().out
    assert kitapi("show", "2", "--db", db) == 0
    shown = capsys.readouterr().out
    assert shown.startswith(replay_out + "\n")
    rows = shown[len(replay_out) + 1 :].splitlines()
    assert rows[1].split() == ["Anna", "Boris", "Vera"]
    assert (
        rows[2].split()
        == ["Hand", "Dealer", "Soloist", "Contract", "Whist", "Tricks", "Result"]
        + [
            "Pool",
            "Hill",
            "Net",
        ]
        * 3
    )
    cells = {r.split()[0]: r.split() for r in rows[3:]}
    # the tricks as entered: the soloist's / each whister's when two whisted (tests/pc/test_show_tricks.py)
    assert cells["3"] == ["3", "Vera", "Anna", "8N", "whist/whist", "10", "/", "0+0", "made"] + [
        *("6", "0", "+56"),
        *("2", "0", "-8"),
        *("4", "6", "-48"),
    ]
    assert cells["5"][:10] == ["5", "Boris", "Vera", "6D", "whist/pass", "open", "5", "/", "5", "short"]
    assert cells["6"][:5] == ["6", "Vera", "-", "all-pass", "3-5-2"]
    assert cells["8"][:4] == ["8", "Boris", "-", "misdeal"]
    assert cells["10"] == ["10", "Anna", "Vera", "7S", "resigned"] + [
        *("8", "7", "+60.67"),
        *("16", "7", "+106.67"),
        *("4", "22", "-167.33"),
    ]

    # stats: Prefa's table (chips), then Preferans' (whists), each with its own players
    assert kitapi("stats", "--db", db) == 0
    out = capsys.readouterr().out
    prefa, preferans = out.split("\n\n")
    assert prefa.splitlines()[0] == "Greek Prefa (chips):"
    assert [r.split()[:3] for r in prefa.splitlines()[2:5]] == [
        ["Anna", "1", "+127"],
        ["Babis", "1", "-152"],
        ["Costas", "1", "+25"],
    ]
    lines = preferans.splitlines()
    assert lines[0] == "Russian Preferans (whists):"
    assert lines[1].split() == [
        "Player",
        "Games",
        "Whists",
        "Soloist",
        "6s",
        "7s",
        "8s",
        "9s",
        "10s",
        "Mis",
        "Whisted",
        "Failed",
    ]
    assert lines[2].split() == ["Anna", "1", "+60.67", "2", "1/1", "0/0", "1/1", "0/0", "0/0", "0/0", "4", "1"]
    assert lines[3].split() == ["Boris", "1", "+106.67", "3", "1/1", "1/1", "0/0", "0/0", "0/0", "1/1", "1", "0"]
    assert lines[4].split() == ["Vera", "1", "-167.33", "3", "0/1", "1/2", "0/0", "0/0", "0/0", "0/0", "3", "1"]
    assert kitapi("stats", "Boris", "--db", db) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[:3] == ["Boris", "1", "+106.67"]
    # a Prefa-only player: Prefa's table alone, as before
    assert kitapi("stats", "Babis", "--db", db) == 0
    assert capsys.readouterr().out.splitlines()[0].split()[:3] == ["Player", "Games", "Chips"]


# --- Balkan Preferans and Prefa with a common kasa --------------------------------------------


def vector_log(name: str) -> bytes:
    """A game of tests/core/vectors/balkan_main.json or prefa_kasa_main.json, as its JSON Lines log."""
    return vector_jsonl(vector(name, "balkan_main.json", "prefa_kasa_main.json")).encode()


BALKAN_GAME = "balkan-mixed-game"  # 4 hands: a 3 whisted open, an all-pass, a Bettler, a closed 4 ("game")
KASA_GAME = "kasa-game-stopped"  # 6 hands (a pass, a top-up of 20), then stopped with 280 in the kasa


@pytest.mark.parametrize("form", ["jsonl", "device"])
def test_balkan_and_kasa_games_are_archived_hand_by_hand(tmp_path: Path, archive: Archive, form: str) -> None:
    """The standings are the replay's; each hand row carries the core's standings after it."""
    for name in (BALKAN_GAME, KASA_GAME):
        data = vector_log(name)
        if form == "device":
            data = to_device(tmp_path, data, name)
        gid, status = archive.add_log(data, "file", name)
        assert status == NEW
        g = archive.game(gid)
        assert json.loads(replayed(data)) == g["result"]
        core = new_game(g["header"])
        for h in g["hands"]:
            core.play(h["hand"])
            after = json.loads(result_json(core))
            if name == KASA_GAME:
                assert h["kasa"] == after["kasa"] and h["net"] == [Fraction(x) for x in after["net"]]
            else:
                assert h["pool"] == after["pool"] and h["settlement"] == [Fraction(x) for x in after["settlement"]]

    balkan = archive.game(1)
    assert [(h["kind"], h["bidder"], h["contract"], h["made"], h["short"]) for h in balkan["hands"]] == [
        ("play", "B", "3", 1, 0),
        ("allpass", None, None, None, None),
        ("play", "A", "6", 0, 1),  # the Bettler: one trick taken
        ("play", "C", "4", 0, 1),  # six needed, five taken
    ]
    assert balkan["hands"][3]["hand"]["game"] is True and balkan["hands"][3]["whist"] == "whist/whist"
    assert balkan["result"]["settlement"] == ["65/3", "164/3", "-229/3"]  # the vector's, worked by hand

    kasa = archive.game(2)
    rows = [(h["kind"], h["bidder"], h["contract"], h["defense"], h["made"], h["kasa"]) for h in kasa["hands"]]
    assert rows == [
        ("play", "B", "6S", "both", 1, 280),
        ("play", "C", "7H", "both", 0, 350),
        ("pass", None, None, None, None, 350),
        ("topup", None, None, None, None, 410),
        ("play", "C", "8N", "none", 1, 320),
        ("play", "A", "6D", "alone", 1, 280),
    ]
    assert kasa["hands"][3]["dealer"] is None and kasa["hands"][-1]["net"] == [-63, -101, -116]
    assert kasa["result"] == {
        "rules": "prefa_kasa",
        "players": ["A", "B", "C"],
        "hands": 6,
        "kasa": 0,
        "share": "280/3",
        "net": ["91/3", "-23/3", "-68/3"],
        "over": True,  # closed by its end record: a closed game is over
    }
    games = archive.games()
    kasa_res, balkan_res = games[1]["result"], games[0]["result"]
    assert kasa_res["kasa"] == 0 and Fraction(kasa_res["share"]) == Fraction(280, 3) and games[1]["ended"]
    assert [Fraction(x) for x in kasa_res["net"]] == [Fraction(91, 3), Fraction(-23, 3), Fraction(-68, 3)]
    assert "chips" not in kasa_res and "net" not in balkan_res
    assert [Fraction(x) for x in balkan_res["settlement"]] == [Fraction(65, 3), Fraction(164, 3), Fraction(-229, 3)]


def test_balkan_and_kasa_stats_are_kept_apart(tmp_path: Path, archive: Archive) -> None:
    """Balkan's whists and contracts (2 to 7), the kasa's kapikia and contracts, and nothing in Prefa's
    chips or Russian Preferans' whists."""
    archive.add_log(vector_log(BALKAN_GAME), "file", "b")
    archive.add_log(vector_log(KASA_GAME), "file", "k")
    archive.add_log(vector_log("kasa-game"), "file", "k2")  # the same hands, not stopped: 280 left in the kasa
    stats = {s["player"]: s for s in archive.stats()}
    a, b, c = stats["A"], stats["B"], stats["C"]
    for s in (a, b, c):
        assert s["games"] == 3 and s["hands"] == 4 + 6 + 6
        assert s["prefa_games"] == 0 and s["chips"] == 0 and s["bids"] == 0
        assert s["preferans"]["games"] == 0 and s["preferans"]["whists"] == 0
        assert s["balkan"]["games"] == 1 and s["balkan"]["hands"] == 4
        assert s["kasa"]["games"] == 2 and s["kasa"]["hands"] == 12
    assert [s["balkan"]["whists"] for s in (a, b, c)] == [Fraction(65, 3), Fraction(164, 3), Fraction(-229, 3)]
    assert a["balkan"]["contracts"] == {2: (0, 0), 3: (0, 0), 4: (0, 0), 5: (0, 0), 6: (0, 1), 7: (0, 0)}
    assert b["balkan"]["contracts"][3] == (1, 1) and c["balkan"]["contracts"][4] == (0, 1)
    assert [s["balkan"]["soloist"] for s in (a, b, c)] == [1, 1, 1]
    # the kasa: the stopped game's split nets plus the other game's nets
    assert [s["kasa"]["net"] for s in (a, b, c)] == [
        Fraction(91, 3) - 63,
        Fraction(-23, 3) - 101,
        Fraction(-68, 3) - 116,
    ]
    assert sum(s["kasa"]["net"] for s in (a, b, c)) == -280  # what is left in the game that goes on
    assert a["kasa"]["bids"] == 2 and a["kasa"]["contracts"][6] == (2, 2)
    assert b["kasa"]["bids"] == 2 and b["kasa"]["contracts"][6] == (2, 2)
    assert c["kasa"]["bids"] == 4 and c["kasa"]["contracts"][7] == (0, 2) and c["kasa"]["contracts"][8] == (2, 2)


def test_cli_games_show_stats_for_balkan_and_kasa(tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for name in (BALKAN_GAME, KASA_GAME):
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(vector_log(name))
        files.append(str(path))
    assert kitapi("archive", "add", "--db", db, *files) == 0
    capsys.readouterr()
    assert kitapi("games", "--db", db) == 0
    out = capsys.readouterr().out
    assert "balkan" in out and "on: pools 1/3/0, net A +21.67, B +54.67, C -76.33" in out
    # stopped early: the kasa as it was, its split, and each net with the share (replay's Split), not called a net
    assert "over (closed): kasa 280 (split 93.33 each), split A +30.33, B -7.67, C -22.67" in out

    assert kitapi("show", "2", "--db", db) == 0
    out = capsys.readouterr().out
    assert "Kasa: 280" in out and "Stopped early: the kasa's 280 split, 93.33 each" in out
    lines = out.splitlines()
    topup = next(line for line in lines if "top-up 20 each" in line).split()
    assert topup[0] == "4" and topup[-4:] == ["410", "-95", "-101", "-214"]
    last = next(line for line in lines if line.lstrip().startswith("6 ")).split()
    assert last[-4:] == ["280", "-63", "-101", "-116"] and "alone" in last

    assert kitapi("show", "1", "--db", db) == 0
    out = capsys.readouterr().out
    assert "4 game" in out and "took 1" in out and "short 1" in out and "+54.67" in out

    assert kitapi("stats", "--db", db) == 0
    out = capsys.readouterr().out
    assert "Greek Prefa (chips)" not in out and "Russian Preferans" not in out
    assert "Balkan Preferans (whists):" in out and "Greek Prefa with a common kasa (kapikia):" in out
    balkan_head = next(line for line in out.splitlines() if line.startswith("Player") and "Bet" in line)
    assert balkan_head.split()[4:10] == ["2s", "3s", "4s", "5s", "Bet", "7s"]
    kasa_rows = out.split("Greek Prefa with a common kasa (kapikia):")[1].splitlines()
    assert kasa_rows[2].split()[:4] == ["A", "1", "+30.33", "1"]
    assert kasa_rows[4].split()[:5] == ["C", "1", "-22.67", "2", "0/0"]


# --- the pot games (Austrian, Illustrated, American Preference) and Swedish Priffe ------------

FAMILY_VECTORS = ("preference_at", "preference_illustrated", "preference_us", "priffe")


def family_log(name: str) -> bytes:
    """A game of tests/core/vectors/preference_*_main.json or priffe_main.json, as its JSON Lines log."""
    return vector_jsonl(vector(name, *(f"{rules}_main.json" for rules in FAMILY_VECTORS))).encode()


POT_GAMES = ("at-game-to-the-end", "il-game-to-the-end", "us-game-to-the-end", "at-short-pool-and-refill")
PRIFFE_GAMES = ("two-rubbers-individual", "rubber-won-on-points", "honours-four")


@pytest.mark.parametrize("form", ["jsonl", "device"])
def test_pot_and_priffe_games_are_archived_hand_by_hand(tmp_path: Path, archive: Archive, form: str) -> None:
    """The standings are the replay's; each hand row carries the core's standings after it."""
    for name in POT_GAMES + PRIFFE_GAMES:
        data = family_log(name)
        if form == "device":
            data = to_device(tmp_path, data, name)
        gid, status = archive.add_log(data, "file", name)
        assert status == NEW
        g = archive.game(gid)
        assert json.loads(replayed(data)) == g["result"]
        core = new_game(g["header"])
        for h in g["hands"]:
            core.play(h["hand"])
            after = json.loads(result_json(core))
            keys = ("pot", "stock", "refills") if "pot" in after else ("partners", "trick_points", "individual")
            for k in keys:
                assert h[k] == after[k], (name, h["number"], k)

    at = archive.game(1)  # the vector's arithmetic, worked by hand
    rows = [(h["kind"], h["bidder"], h["contract"], h["defense"], h["made"], h["pot"], h["stock"]) for h in at["hands"]]
    assert rows == [
        ("play", "B", "2", "both", 1, 5, [26, 33, 26]),
        ("play", "C", "1", "both", 1, 5, [16, 34, 35]),
        ("play", "C", "none", "both", 0, 25, [17, 35, 13]),  # all passed: the dealer declares, takes 4
        ("drop", "A", "1H", "out", 0, 25, [11, 38, 16]),  # the declarer dropped: 3 to each defender
        ("play", "B", "P", "both", 1, 35, [1, 48, 6]),
        ("play", "A", "4", "both", 0, 55, [-21, 49, 7]),
    ]
    il = archive.game(2)
    assert [(h["contract"], h["made"], h["short"]) for h in il["hands"]] == [
        ("6H", 1, 0),
        ("5", 1, 0),  # misère: no trick
        ("2", 1, 0),
        ("7H", 0, 1),  # hand open misère, one trick taken
    ]
    us = archive.game(3)
    assert [(h["kind"], h["bidder"], h["contract"], h["bidder_tricks"], h["pot"]) for h in us["hands"]] == [
        ("suit", "B", "H", 6, 5),
        ("pass", None, None, None, 35),
        ("chips", "A", "chips", 4, 87),
    ]
    refill = archive.game(4)
    assert [h["refills"] for h in refill["hands"]] == [0, 1] and refill["hands"][1]["pot"] == 15

    two = archive.game(5)
    assert [h["rubber_end"] for h in two["hands"]] == [False, True, False, True]
    assert [h["individual"] for h in two["hands"]][-1] == [-1, 1, 21, -21]
    assert [(h["contract"], h["bidder"], h["made"]) for h in two["hands"]][3] == ("hearts", "Cai", 1)
    points = archive.game(6)
    first = points["hands"][0]["step"]  # Bo's Play with no trick: the defenders' 7 over, doubled, and a slam
    assert (first.won, first.declaring, first.tricks, first.below, first.slam, first.bonus) == (0, 1, 140, 70, 40, 10)
    assert points["hands"][0]["made"] == 0 and points["hands"][-1]["step"].points == [190, 100]
    honours = archive.game(7)["hands"][0]["step"]
    assert honours.honours == (0, 50) and honours.tricks == 10 and honours.points == [60, 0]

    games = archive.games()
    at_res, priffe_res = games[0]["result"], games[4]["result"]
    assert at_res["pot"] == 55 and at_res["stock"] == [-21, 49, 7] and games[0]["over"]
    assert "chips" not in at_res and "individual" not in at_res
    assert priffe_res["rubbers"] == 2 and priffe_res["individual"] == [-1, 1, 21, -21] and "pot" not in priffe_res


def test_pot_and_priffe_stats_are_kept_apart(archive: Archive) -> None:
    """Each pot game's chips apart (they are not the same chips), Priffe's individual points apart,
    nothing in the other systems' figures."""
    for name in POT_GAMES + PRIFFE_GAMES:
        archive.add_log(family_log(name), "file", name)
    stats = {s["player"]: s for s in archive.stats()}
    a, b, c = stats["A"], stats["B"], stats["C"]
    for s in (a, b, c):
        assert s["games"] == 4 and s["hands"] == 6 + 4 + 3 + 2
        assert s["chips"] == 0 and s["kasa"]["games"] == 0 and s["priffe"]["games"] == 0
    # the final stock minus the chips brought (30; 100; 50; 50)
    assert [s["preference_at"]["chips"] for s in (a, b, c)] == [(-21 - 30) + (49 - 50), (49 - 30) + (44 - 50),
                                                                (7 - 30) + (42 - 50)]  # fmt: skip
    assert [s["preference_illustrated"]["chips"] for s in (a, b, c)] == [93 - 100, 206 - 100, -64 - 100]
    assert [s["preference_us"]["chips"] for s in (a, b, c)] == [0 - 50, 43 - 50, 20 - 50]
    assert a["preference_at"]["games"] == 2 and a["preference_us"]["games"] == 1
    assert a["preference_at"]["declarer"] == 3 and a["preference_at"]["contracts"]["4"] == (0, 1)
    assert a["preference_at"]["contracts"]["1H"] == (0, 1) and a["preference_at"]["contracts"]["1"] == (1, 1)
    assert c["preference_at"]["contracts"]["none"] == (0, 1) and b["preference_at"]["contracts"]["P"] == (1, 1)
    il = c["preference_illustrated"]["contracts"]
    assert il["7H"] == (0, 1) and il["5"] == (1, 1)
    assert b["preference_us"]["contracts"]["H"] == (1, 1) and a["preference_us"]["contracts"]["chips"] == (0, 1)

    anna, bo, cai, dag = stats["Anna"], stats["Bo"], stats["Cai"], stats["Dag"]
    assert [s["priffe"]["individual"] for s in (anna, bo, cai, dag)] == [-1 + 9, 1 - 9, 21 + 9, -21 - 9]
    assert [s["priffe"]["rubbers"] for s in (anna, bo, cai, dag)] == [3, 3, 3, 3]
    assert [(s["priffe"]["won"], s["priffe"]["lost"]) for s in (anna, bo, cai, dag)] == [(2, 1), (1, 2), (3, 0), (0, 3)]
    assert bo["priffe"]["declarer"] == 3 and bo["priffe"]["contracts"]["play"] == (1, 2)  # his Play with no trick
    assert anna["priffe"]["contracts"]["diamonds"] == (1, 1) and anna["preference_at"]["games"] == 0


def test_cli_games_show_stats_for_pot_and_priffe(tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for name in ("at-game-to-the-end", "us-game-to-the-end", "rubber-won-on-points"):
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(family_log(name))
        files.append(str(path))
    assert kitapi("archive", "add", "--db", db, *files) == 0
    capsys.readouterr()
    assert kitapi("games", "--db", db) == 0
    out = capsys.readouterr().out
    assert "over: pot 55, stock A -21, B 49, C 7, refills 0" in out
    assert "over: pot 87, stock A 0, B 43, C 20, refills 0" in out
    assert "on: rubbers 1, individual Anna +9, Bo -9, Cai +9, Dag -9" in out

    assert kitapi("show", "1", "--db", db) == 0
    lines = capsys.readouterr().out.splitlines()
    drop = next(line for line in lines if line.lstrip().startswith("4 ")).split()
    assert drop[3:6] == ["1H", "A", "dropped"] and drop[-5:] == ["25", "11", "38", "16", "0"]
    last = next(line for line in lines if line.lstrip().startswith("6 ")).split()
    assert last[-5:] == ["55", "-21", "49", "7", "0"] and "short" in last

    assert kitapi("show", "3", "--db", db) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(line for line in lines if line.lstrip().startswith("1 "))
    assert "Anna+Cai" in first and "140 (70)" in first and "slam 40, game 10" in first and "1-0 190-0" in first
    third = next(line for line in lines if line.lstrip().startswith("3 ")).split()
    assert third[-5:] == ["end", "+9", "-9", "+9", "-9"]

    assert kitapi("stats", "--db", db) == 0
    out = capsys.readouterr().out
    assert "Greek Prefa (chips)" not in out and "Russian Preferans" not in out
    assert "Austrian Préférence (chips):" in out and "American Preference (chips):" in out
    assert "Illustrated Préférence" not in out and "Swedish Priffe (individual points):" in out
    at_rows = out.split("Austrian Préférence (chips):")[1].splitlines()
    assert at_rows[1].split()[:5] == ["Player", "Games", "Chips", "Declarer", "none"]
    assert at_rows[2].split()[:4] == ["A", "1", "-51", "2"]
    pr_rows = out.split("Swedish Priffe (individual points):")[1].splitlines()
    assert pr_rows[2].split()[:6] == ["Anna", "1", "1", "1", "0", "+9"]
    assert pr_rows[3].split() == ["Bo", "1", "1", "0", "1", "-9", "2", "0/1", "0/0", "1/1", "0/0"]


def test_listings_as_json(tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` on games, show, stats and players list: one object, as ``kitapi replay --json`` prints it
    (a game's ``result`` is replay's object itself; an exact figure a number when whole, else "N/D")."""
    sochi = ROOT / "examples" / "sample-sochi.jsonl"
    pot = tmp_path / "pot.jsonl"
    pot.write_bytes(family_log("at-game-to-the-end"))
    assert kitapi("archive", "add", "--db", db, str(SAMPLE), str(sochi), str(pot)) == 0
    capsys.readouterr()
    replays = []
    for path in (SAMPLE, sochi, pot):
        assert cli.main(["replay", "--json", str(path)]) == 0
        replays.append(capsys.readouterr().out)

    assert kitapi("games", "--db", db, "--json") == 0
    out = capsys.readouterr().out
    assert out.endswith("}\n") and out.count("\n") == 1 and out.isascii()
    games = json.loads(out)["games"]
    assert [g["id"] for g in games] == [1, 2, 3] and [g["rules"] for g in games] == ["prefa", "sochi", "preference_at"]
    for g, text in zip(games, replays, strict=True):
        assert json.dumps(g["result"]) + "\n" == text  # byte for byte replay's, key order and all
    assert list(games[0])[:4] == ["id", "date", "started", "added"]
    assert games[0]["players"] == ["Anna", "Babis", "Costas"]

    assert kitapi("show", "2", "--db", db, "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert json.dumps(shown["result"]) + "\n" == replays[1]
    assert len(shown["hands"]) == 10 and shown["deleted"] == []
    first = shown["hands"][0]
    assert first["number"] == 1 and first["hand"]["contract"] == "6S" and first["tricks"] == [2, 6, 2]
    assert first["corrected"] is False and first["made"] is True and first["bidder"] == "Boris"
    assert first["settlement"] == ["-8/3", "16/3", "-8/3"] and shown["hands"][1]["settlement"] == [-4, -8, 12]
    assert shown["hands"][-1]["settlement"] == json.loads(replays[1])["settlement"]

    assert kitapi("stats", "Anna", "--db", db, "--json") == 0
    (anna,) = json.loads(capsys.readouterr().out)["players"]
    assert anna["player"] == "Anna" and anna["games"] == 2 and anna["chips"] == 127
    assert anna["preferans"]["whists"] == "182/3" and anna["contracts"]["7"] == [2, 2]

    assert kitapi("players", "list", "--db", db, "--json") == 0
    assert capsys.readouterr().out == '{"players": ["A", "Anna", "B", "Babis", "Boris", "C", "Costas", "Vera"]}\n'
    assert kitapi("players", "list", "--db", db) == 0
    assert capsys.readouterr().out.splitlines() == ["A", "Anna", "B", "Babis", "Boris", "C", "Costas", "Vera"]

    # bad input as without --json: one line on stderr, nothing on stdout, status 2
    assert kitapi("show", "9", "--db", db, "--json") == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == "no game 9 in the archive\n"
    empty = str(tmp_path / "empty.sqlite3")
    Archive(Path(empty)).close()  # (an archive with no game; where there is none, a read makes none: one line)
    assert kitapi("games", "--db", empty, "--json") == 0
    assert capsys.readouterr().out == '{"games": []}\n'


def test_cli_games_lists_games_of_one_minute_by_number(
    tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four games started in one minute (the list shows the minute): listed 1, 2, 3, 4, not by the seconds their
    headers carry (which listed them 1, 3, 4, 2); a game of a later minute after them (issue 36, item 10)."""
    files = []
    for i, (second, players) in enumerate(
        (("10", "Anna Babis Costas"), ("50", "Dora Eva Fani"), ("20", "Gina Hara Ioli"), ("30", "Kiki Lena Mara"))
    ):
        header = {"kitapi": 1, "rules": "prefa", "players": players.split(), "options": {"pouch": 31}, "dealer": 0}
        header["started"] = f"2026-03-01T20:00:{second}Z"
        path = tmp_path / f"g{i + 1}.jsonl"
        path.write_text(json.dumps(header) + '\n{"dealer": 0, "pass": true}\n')
        files.append(str(path))
    early = tmp_path / "g5.jsonl"  # a minute before: first, whatever its number
    early.write_text(Path(files[0]).read_text().replace("20:00:10Z", "19:59:59Z").replace("Anna", "Zoe"))
    for f in [*files, str(early)]:
        assert kitapi("archive", "add", "--db", db, f) == 0
    capsys.readouterr()
    assert kitapi("games", "--db", db) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [r.split()[0] for r in rows] == ["5", "1", "2", "3", "4"], rows
    assert [r.split()[1:3] for r in rows] == [["2026-03-01", "19:59"]] + [["2026-03-01", "20:00"]] * 4


def test_replay_and_show_call_an_early_stopped_kasas_figures_by_the_same_words(
    tmp_path: Path, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kasa game stopped early (issue 36, item 10): replay's Net is show's net (before the split: the last
    hand's row), its Kasa show's kasa (280, not the core's 0 after the split), one "Stopped early" sentence in
    both; the net with the share is the Split (replay's column, the games list's word), never a Net."""
    path = tmp_path / "kasa.jsonl"
    path.write_bytes(vector_log(KASA_GAME))
    assert cli.main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[1:7] == [
        "  Kasa: 280",
        "  Stopped early: the kasa's 280 split, 93.33 each",
        "  Player        Net      Split  Settles",
        "  A             -63     +30.33      +31",
        "  B            -101      -7.67       -8",
        "  C            -116     -22.67      -23",
    ]
    assert "  (Settles: each split rounded once to a whole, largest remainder: the payments add up to it)" in replayed
    assert kitapi("archive", "add", "--db", db, str(path)) == 0
    capsys.readouterr()
    assert kitapi("show", "1", "--db", db) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[: len(replayed)] == replayed
    last = next(line for line in shown if line.lstrip().startswith("6 ")).split()
    assert last[-4:] == ["280", "-63", "-101", "-116"]  # the kasa and the nets: replay's Kasa and Net
    assert shown[-1] == "Stopped early: the kasa's 280 split, 93.33 each (the nets above are before it)"
    assert kitapi("games", "--db", db) == 0
    row = capsys.readouterr().out.splitlines()[1]
    assert row.endswith("over (closed): kasa 280 (split 93.33 each), split A +30.33, B -7.67, C -22.67"), row
    assert " net " not in row
