"""The box knows its table (issue 34, item 5): ``kitapi tournament load`` puts a table on the simulated box, its
New game offers it first (in the box's language), the game started from it carries the tournament, round and table
in its header, is typed to its end, synced, and attached to its table with no manual step; a damaged or hostile
``table`` file on the box is not offered and costs nothing else."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

import forkrun
from kitapi.game import new_game
from kitapi_host import logs
from kitapi_host.archive.db import Archive
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from kitapi_host.sim.device import SimDevice
from testkit import SETUP, Device, lines

NAMES = ["Anna", "Babis", "Costas", "Dimitra", "Eleni", "Fotis", "Giorgos", "Hara", "Ioanna"]


def kitapi(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return forkrun.run(list(args), text=True)


def ok(*args: str | Path) -> str:
    out = kitapi(*args)
    assert out.returncode == 0 and out.stderr == "", (args, out.stdout, out.stderr)
    return str(out.stdout)


def show(db: str) -> dict[str, Any]:
    return dict(json.loads(ok("tournament", "show", "Club", "--db", db, "--json")))


def club(db: str, options: str = '{"pouch": 10}') -> None:
    ok("tournament", "new", "Club", "--system", "prefa", "--options", options, "--players", ",".join(NAMES),
       "--rounds", "4", "--seed", "7", "--db", db)  # fmt: skip


def load(fs: Path, db: str, rnd: int = 1, table: int = 2) -> subprocess.CompletedProcess[str]:
    with SimDevice(fs, device_id="e661410300000001") as dev:
        return kitapi("tournament", "load", "Club", "--round", str(rnd), "--table", str(table), "--device", dev.url,
                      "--db", db)  # fmt: skip


def test_a_table_loaded_onto_the_box_is_played_synced_and_attached(tmp_path: Path) -> None:
    """The whole evening of one table: made, loaded, offered, started, typed to the end, synced, attached. The box's
    clock (the simulator's 2026-11-21) is before the round was seated: only the header's table can attach it."""
    db = str(tmp_path / "a.sqlite3")
    fs = tmp_path / "fs"
    club(db)
    table = show(db)["schedule"][0]["tables"][1]
    out = load(fs, db)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Club: round 1 table 2 loaded on socket://"), out.stdout
    assert ", ".join(table["players"]) in out.stdout
    assert json.loads((fs / "data" / "table").read_bytes()) == {
        "tournament": {"name": "Club", "round": 1, "table": 2},
        "rules": "prefa",
        "players": table["players"],
        "options": {"pouch": 10},
    }
    assert not (fs / "data" / "table.tmp").exists()

    hdr, hands = gen.generate("prefa", 3, 300, 3, pouch=10)
    hdr["players"] = table["players"]
    g = new_game(hdr)
    for h in hands:
        g.play(h)
    assert g.over
    keys = typist.game_keys(hdr, hands)
    box = Device(fs / "data")
    (offer,) = box.keys("1")
    assert lines(offer) == ["Greek Prefa", "Round 1, table 2", *table["players"], "#start B:other"]
    (other,) = box.keys("B")
    assert "Rules?" in lines(other)
    (back,) = box.keys("*")
    assert lines(back) == lines(offer)
    box.keys("#")
    assert not (fs / "data" / "table").exists()  # the offer goes once its game is started
    box.keys("".join(keys))
    box.close()
    (log,) = (fs / "data" / "games").glob("*.kitapi")
    game, replayed = logs.replay_file(log)
    assert game.over and game.header["tournament"] == {"name": "Club", "round": 1, "table": 2}
    assert game.header["players"] == table["players"] and game.header["options"] == {"pouch": 10}
    assert game.header["started"] < show(db)["schedule"][0]["seated"]

    box = Device(fs / "data")  # the game settled and closed, the offer gone: New game is the wizard's
    settle = box.keys("1 #")  # (a seat key: the settlement; #: the game closed, the start menu)
    (first,) = box.keys("1")
    assert "Rules?" in lines(first), (lines(settle), lines(first))
    box.close()

    with SimDevice(fs, device_id="e661410300000001") as dev:
        out = kitapi("sync", "--device", dev.url, "--db", db)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"{log.name}: tournament Club round 1 table 2\n"), out.stdout
    t = show(db)["schedule"][0]["tables"][1]
    assert t["game"] == 1 and t["state"] == "over" and t["points"] is not None


@pytest.mark.parametrize(
    ("code", "words"),
    [("el", ["Γύρος 1,", "τραπέζι 2", "#αρχή B:άλλη"]), ("ru", ["Тур 1, стол 2", "#начать B:другая"])],
)
def test_the_offer_is_in_the_box_s_language(tmp_path: Path, code: str, words: list[str]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings").write_text(f"255 60 {code}\n")
    body = {"tournament": {"name": "Club", "round": 1, "table": 2}, "rules": "sochi", "players": NAMES[:4],
            "options": {"pool": 10}}  # fmt: skip
    (data / "table").write_text(json.dumps(body))
    box = Device(data)
    (offer,) = box.keys("1")
    shown = lines(offer)
    assert shown[1:] == words[:-1] + NAMES[:4] + words[-1:], shown
    assert shown[0] == ("Сочи" if code == "ru" else "Σότσι"), shown
    box.close()


def _deep() -> bytes:
    return b"[" * 1000 + b"]" * 1000


GOOD = {"tournament": {"name": "Club", "round": 1, "table": 2}, "rules": "prefa", "players": ["Ann", "Bob", "Cat"],
        "options": {"pouch": 10}}  # fmt: skip


def _with(**change: Any) -> bytes:
    return json.dumps({**GOOD, **change}).encode()


BAD = {
    "random bytes": bytes(random.Random(5).randrange(256) for _ in range(700)),
    "huge": b'{"rules": "prefa", "players": ["' + b"A" * 200_000 + b'"]}',
    "bad JSON": b'{"tournament": {"name": "Club", "round": 1, "table": 2}, "rules": "prefa", "players": [',
    "nested": _deep(),
    "not an object": b"[1, 2, 3]",
    "empty": b"",
    "not UTF-8": b'{"rules": "\xff\xfe"}',
    "wrong types": _with(players="Ann, Bob, Cat"),
    "round as text": _with(tournament={"name": "Club", "round": "1", "table": 2}),
    "round 0": _with(tournament={"name": "Club", "round": 0, "table": 2}),
    "a field more": _with(seats=[1, 2, 3]),
    "a field less": json.dumps({k: v for k, v in GOOD.items() if k != "options"}).encode(),
    "unknown system": _with(rules="bridge"),
    "bad options": _with(options={"pouch": -5}),
    "options not an object": _with(options=[1]),
    "a player twice": _with(players=["Ann", "Ann", "Cat"]),
    "a name too long": _with(players=["A" * 40, "Bob", "Cat"]),
}


@pytest.mark.parametrize("what", list(BAD))
def test_a_damaged_table_file_is_not_offered_and_new_game_works(tmp_path: Path, what: str) -> None:
    """Whatever ``table`` holds, the box boots, New game opens on the rules step as with no table, a game is
    started as usual, and nothing is logged as a crash (Device.close checks crash.log)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "table").write_bytes(BAD[what])
    box = Device(data)
    (first,) = box.keys("1")
    assert "Rules?" in lines(first), lines(first)
    box.keys(SETUP[2:])  # (the new game's keys after the start menu's 1)
    (log,) = (data / "games").glob("*.kitapi")
    game, _ = logs.replay_file(log)
    assert game.header["players"] == ["Ann", "Bob", "Cat"] and "tournament" not in game.header
    box.close()


def test_a_table_file_that_is_a_folder_is_not_offered(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "table").mkdir(parents=True)
    box = Device(data)
    (first,) = box.keys("1")
    assert "Rules?" in lines(first)
    box.close()


def test_load_refuses_a_table_with_a_game_or_not_seated_and_a_box_it_cannot_reach(tmp_path: Path) -> None:
    db = str(tmp_path / "a.sqlite3")
    club(db)
    for args, said in (
        (("--round", "9", "--table", "1"), "round 9 is not seated"),
        (("--round", "1", "--table", "7"), "round 1 has no table 7"),
    ):
        out = kitapi("tournament", "load", "Club", *args, "--device", "socket://127.0.0.1:9", "--db", db)
        assert out.returncode == 2 and said in out.stderr and out.stderr.count("\n") == 1, out.stderr
    out = kitapi("tournament", "load", "Club", "--round", "1", "--table", "1", "--device", "socket://127.0.0.1:9",
                 "--db", db)  # fmt: skip
    assert out.returncode == 1 and out.stderr.startswith("kitapi tournament load: ") and "Traceback" not in out.stderr
    ok("tournament", "result", "Club", "1", "1", *(f"{p}=0" for p in show(db)["schedule"][0]["tables"][0]["players"]),
       "--db", db)  # fmt: skip
    out = kitapi("tournament", "load", "Club", "--round", "1", "--table", "1", "--device", "socket://127.0.0.1:9",
                 "--db", db)  # fmt: skip
    assert out.returncode == 2 and "has its results already" in out.stderr, out.stderr


def test_a_header_s_table_is_preferred_and_a_wrong_one_falls_back_to_the_players(db: str, tmp_path: Path) -> None:
    """``archive add``, on SQLite and PostgreSQL: a game whose header names table 3 of round 1 and whose players are
    that table's is attached there, whenever it started; one whose header names a table of other players, or a
    tournament there is not, is matched by its players, as a game with no table in its header."""
    club(db)
    tables = show(db)["schedule"][0]["tables"]
    hdr, hands = gen.generate("prefa", 4, 300, 3, pouch=10)
    hdr["players"] = tables[2]["players"]
    hdr["started"] = "2000-01-01T00:00:00Z"  # before the round was seated: only the header can tell
    hdr["tournament"] = {"name": "Club", "round": 1, "table": 3}
    f = tmp_path / "g1.jsonl"
    gen.write_jsonl(f, hdr, hands)
    assert "Club round 1 table 3" in ok("archive", "add", "--db", db, f)
    hdr["players"] = tables[0]["players"]
    hdr["started"] = "2999-01-01T00:00:00Z"
    hdr["tournament"] = {"name": "Club", "round": 1, "table": 2}  # the players are table 1's
    f = tmp_path / "g2.jsonl"
    gen.write_jsonl(f, hdr, hands)
    assert "Club round 1 table 1" in ok("archive", "add", "--db", db, f)
    hdr["players"] = tables[1]["players"]
    hdr["tournament"] = {"name": "Other", "round": 1, "table": 2}  # no such tournament
    f = tmp_path / "g3.jsonl"
    gen.write_jsonl(f, hdr, hands)
    assert "Club round 1 table 2" in ok("archive", "add", "--db", db, f)
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:
        assert [r[0] for r in a.db.execute("SELECT game FROM tournament_tables WHERE round = 1 ORDER BY number")] == [
            2, 3, 1,
        ]  # fmt: skip
