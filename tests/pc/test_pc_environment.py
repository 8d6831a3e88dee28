"""Issue 23, items 10-12: the PC tools where the PC itself is hostile.  docs/reliability.md, "The PC
tools", names each test here.

- 10: the archive cannot take the games (its disk full, read-only, a folder, a text file, another
  program's SQLite file, a damaged evidence record): one line, a non-zero exit, nothing removed from
  the device, nothing written to a file that is not an archive;
- 11: any terminal encoding (ASCII, cp1252): what the stream cannot encode is escaped, never a
  UnicodeEncodeError; ``--json`` stays valid JSON;
- 12: names are compared after Unicode NFC normalisation; a name of only spaces or invisible
  characters is refused.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import forkrun
from kitapi_host import logs
from kitapi_host.archive.db import Archive
from kitapi_host.sim.device import SimDevice
from testkit import archived, write_game


def kitapi(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return forkrun.run(list(args), text=True, env=None if env is None else {**os.environ, **env})


# --- 10. The archive cannot take the games -----------------------------------------------------


def on_the_box(fs: Path) -> dict[str, bytes]:
    """Every file of the box's games folder and its synced marks."""
    data = fs / "data"
    return {p.name: p.read_bytes() for p in [*(data / "games").iterdir(), data / "synced"] if p.exists()}


def fill(disk: Path, leave: int) -> None:
    """Fill the filesystem at ``disk`` up, then free ``leave`` bytes."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, bytes(4096))
    except OSError as e:
        assert e.errno == 28  # ENOSPC: full
    finally:
        os.close(fd)
    os.truncate(disk / "filler", (disk / "filler").stat().st_size - leave)


def test_an_archive_that_cannot_take_the_games_stops_the_sync_in_one_line_and_the_box_keeps_them(
    device: SimDevice,
    tmp_path: Path,
    small_disk: Callable[[int], Path],
    read_only: Callable[[Path], None],
) -> None:
    """Issue 23's tracebacks: ``kitapi sync --prune`` into an archive whose disk is full (a real tmpfs,
    filled up: SQLite ends the transaction itself, and rolling it back again was the traceback), a
    read-only archive, a new archive in a read-only folder, ``--db`` a text file, a folder or another
    program's SQLite file.  Each: one line naming the file, exit 1, and the box's games, evidence and
    marks untouched; the text file and the other program's database are not changed by a byte.  Then,
    with room, the same archive takes every game."""
    games = device.fs / "data" / "games"
    logs_ = {f"000{i}.kitapi": write_game(games, f"000{i}.kitapi", seed=30 + i, hands=60, end=i < 3) for i in (1, 2, 3)}
    (games / "0001.kitapi.bad1").write_bytes(logs_["0001.kitapi"][:200] + bytes(50))
    (device.fs / "data" / "current").write_text("0003.kitapi\n")
    url = device.start()
    before = on_the_box(device.fs)

    def refused(db: Path, why: str) -> None:
        out = kitapi("sync", "--prune", "--device", url, "--db", str(db))
        assert out.returncode == 1 and out.stdout == "" and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.splitlines()) == 1 and out.stderr.startswith(f"kitapi sync: {db}: "), out.stderr
        assert why in out.stderr, out.stderr
        assert on_the_box(device.fs) == before

    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n" * 100)
    refused(notes, "not a Kitapi archive")
    assert notes.read_text() == "my notes\n" * 100
    refused(tmp_path, "is a folder, not an archive")
    refused(notes / "a.sqlite3", f"cannot make the archive's folder {notes}: a part of that path is a file")
    refused(Path(os.devnull), "is no file an archive can be in")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('moussaka')")
    db.close()
    kept = other.read_bytes()
    refused(other, "not a Kitapi archive: another program's SQLite database (tables recipes)")
    assert other.read_bytes() == kept and not Path(f"{other}-wal").exists()

    ro = tmp_path / "ro"
    ro.mkdir()
    read_only(ro)
    refused(ro / "a.sqlite3", f"cannot make the archive: its folder {ro} is read-only")
    old = tmp_path / "old"
    old.mkdir()
    Archive(old / "a.sqlite3").close()
    read_only(old)
    refused(old / "a.sqlite3", "the archive is read-only: nothing was written to it")

    disk = small_disk(1024)
    db = disk / "a.sqlite3"
    # KB left: no room for SQLite's -shm file (an I/O error, said as a full disk), none for a game, room
    # for one game (100), for two (160); what was archived before the disk filled up is kept, and right
    held = []
    for kb in (4, 24, 48, 100, 160):
        for p in disk.iterdir():
            p.unlink()
        Archive(db).close()
        fill(disk, kb << 10)
        refused(db, "the disk is full: nothing more was written to the archive")
        (disk / "filler").unlink()
        got = archived(db)
        assert all(logs_[name] == data for name, data in got.items())
        held.append(len(got))
    assert held[0] == 0 and held[-1] >= 1, held  # (0, 0, 0, 1, 2 with SQLite 3.40)
    out = kitapi("sync", "--prune", "--device", url, "--db", str(db))
    assert out.returncode == 0, out.stderr
    assert archived(db) == logs_
    assert sorted(p.name for p in games.iterdir()) == ["0003.kitapi"]  # the ended games pruned, the evidence on the PC


def test_a_damaged_evidence_record_costs_nothing(device: SimDevice, tmp_path: Path) -> None:
    """``evidence/<id>/evidence.txt`` with a byte that is no UTF-8 (a traceback before): the sync copies
    and records the evidence as always; the damaged line is kept as it was."""
    games = device.fs / "data" / "games"
    write_game(games, "0001.kitapi", seed=40)
    bad = b"KTPI" + bytes(range(256))
    (games / "0001.kitapi.bad1").write_bytes(bad)
    url = device.start()
    db = tmp_path / "a.sqlite3"
    record = tmp_path / "evidence" / "e661410300000001" / "evidence.txt"
    record.parent.mkdir(parents=True)
    damaged = b"0002.kitapi.bad1 12 \xff\xfe\x80 0002.kitapi.bad1 2026-01-01T00:00:00Z"  # (no newline either)
    record.write_bytes(damaged)
    out = kitapi("sync", "--device", url, "--db", str(db))
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert "kept 1 evidence file(s)" in out.stdout
    lines = record.read_bytes().split(b"\n")
    assert lines[0] == damaged and lines[2] == b""
    assert lines[1].decode().split()[:4] == [
        "0001.kitapi.bad1",
        str(len(bad)),
        hashlib.sha256(bad).hexdigest(),
        "0001.kitapi.bad1",
    ]
    assert sorted(p.name for p in games.iterdir()) == ["0001.kitapi"]


def test_every_command_with_db_refuses_another_programs_database_and_leaves_it_as_it_is(tmp_path: Path) -> None:
    """``--db`` naming another program's SQLite file: before, Kitapi added its tables to it and switched it
    to WAL (exit 0).  Every command that takes ``--db`` refuses it in one line, exit 2, not a byte changed;
    an empty file becomes an archive, and an archive of an earlier kitapi (no application_id yet) is
    recognised by its tables, and marked by its first write."""
    other = tmp_path / "photos.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
    db.close()
    kept = other.read_bytes()
    game = write_game(tmp_path / "logs", "0001.kitapi", seed=41)
    for args in (
        ["archive", "add", str(tmp_path / "logs" / "0001.kitapi")],
        ["games"],
        ["games", "--json"],
        ["show", "1"],
        ["stats"],
        ["players", "list"],
        ["players", "rename", "Anna", "Ann"],
        ["players", "merge", "Anna", "Babis"],
        ["export", "1", "-f", "csv"],
    ):
        out = kitapi(*args, "--db", str(other))
        assert out.returncode == 2 and out.stdout == "", (args, out.stderr)
        assert (
            out.stderr == f"{other}: not a Kitapi archive: another program's SQLite database (tables albums);"
            " left as it is\n"
        ), (args, out.stderr)
        assert other.read_bytes() == kept and not Path(f"{other}-wal").exists(), args

    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    assert kitapi("archive", "add", str(tmp_path / "logs" / "0001.kitapi"), "--db", str(empty)).returncode == 0
    assert archived(empty) == {str((tmp_path / "logs" / "0001.kitapi").resolve()): game}
    with sqlite3.connect(empty) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == 0x4B545049
        db.execute("PRAGMA application_id = 0")  # as every archive before issue 23
    db.close()
    out = kitapi("games", "--db", str(empty))
    assert out.returncode == 0 and out.stderr == "" and "   1  " in out.stdout, out.stderr
    with sqlite3.connect(empty) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == 0  # a reader writes nothing
    db.close()
    write_game(tmp_path / "logs", "0002.kitapi", seed=43)
    assert kitapi("archive", "add", str(tmp_path / "logs" / "0002.kitapi"), "--db", str(empty)).returncode == 0
    with sqlite3.connect(empty) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == 0x4B545049  # marked by its first write
    db.close()


def test_archive_add_onto_a_full_disk_or_a_read_only_archive_is_one_line(
    tmp_path: Path, small_disk: Callable[[int], Path], read_only: Callable[[Path], None]
) -> None:
    """``kitapi archive add`` where the archive cannot grow: one line, exit 2, the archive as it was; a
    read-only archive is still read by games, show and export."""
    log = tmp_path / "0001.kitapi"
    write_game(tmp_path, "0001.kitapi", seed=42, hands=80)
    disk = small_disk(512)
    db = disk / "a.sqlite3"
    Archive(db).close()
    fill(disk, 40 << 10)
    out = kitapi("archive", "add", str(log), "--db", str(db))
    assert out.returncode == 2 and out.stdout == "", out.stderr
    assert (
        out.stderr == f"{db}: the disk is full: nothing more was written to the archive (make room, then try again)\n"
    )
    (disk / "filler").unlink()
    with Archive(db) as a:
        assert a.games() == []
    assert kitapi("archive", "add", str(log), "--db", str(db)).returncode == 0
    read_only(disk)
    write_game(tmp_path, "0002.kitapi", seed=43)
    out = kitapi("archive", "add", str(tmp_path / "0002.kitapi"), "--db", str(db))
    assert out.returncode == 2 and out.stderr == f"{db}: the archive is read-only: nothing was written to it\n"
    assert kitapi("players", "rename", "Anna", "Ann", "--db", str(db)).stderr.endswith(
        " is read-only: nothing was written to it\n"
    )
    # and it can still be read: SQLite cannot open a WAL archive there, so it is opened as immutable
    assert "   1  " in kitapi("games", "--db", str(db)).stdout
    assert kitapi("show", "1", "--db", str(db)).returncode == 0
    assert kitapi("export", "1", "-f", "csv", "--db", str(db)).returncode == 0
    assert sorted(p.name for p in disk.iterdir()) == ["a.sqlite3"]


# --- 11. Any terminal encoding ---------------------------------------------------------------

NAMES = ["Ζωή", "Анна", "Zoë"]


def encoded(enc: str, *args: str, rc: int = 0) -> tuple[str, str]:
    """``kitapi ARGS`` with ``PYTHONIOENCODING=enc``: its stdout and stderr, which must decode in ``enc``."""
    out = forkrun.run(list(args), env={**os.environ, "PYTHONIOENCODING": enc})
    assert out.returncode == rc and b"Traceback" not in out.stderr, (enc, args, out.stderr.decode(enc, "replace"))
    return out.stdout.decode(enc), out.stderr.decode(enc)


def test_every_command_prints_greek_and_russian_names_on_an_ascii_or_cp1252_stream(tmp_path: Path) -> None:
    """``PYTHONIOENCODING=ascii`` or ``cp1252`` (Windows, the output redirected): before, replay, games, show,
    stats (and players, archive add of a file with a Greek name, an error naming a Greek player) ended in a
    UnicodeEncodeError.  Now each exits as it does on UTF-8, what the stream cannot encode shown as an
    escape (``\\u0396``); ``--json`` is the same valid JSON, the names exact when read back."""
    log = tmp_path / "Ζωή.jsonl"
    log.write_text(
        json.dumps({"kitapi": 1, "rules": "prefa", "players": NAMES, "dealer": 0}) + "\n"
        '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}\n',
        encoding="utf-8",
    )
    zoi, anna = "\\u0396\\u03c9\\u03ae", "\\u0410\\u043d\\u043d\\u0430"  # Ζωή, Анна escaped
    for enc in ("ascii", "cp1252"):
        db = tmp_path / f"{enc}.sqlite3"
        assert zoi in encoded(enc, "replay", str(log))[0]
        added = encoded(enc, "archive", "add", "--db", str(db), str(log))[0]
        assert added.endswith(": game 1 new\n") and zoi in added
        for args in (["games"], ["show", "1"], ["stats"], ["players", "list"]):
            text = encoded(enc, *args, "--db", str(db))[0]
            assert zoi in text and anna in text, (args, text)
        assert anna in encoded(enc, "stats", "Анна", "--db", str(db))[0]
        dbs = ["--db", str(db)]
        for args in (["replay", str(log)], ["games", *dbs], ["stats", *dbs], ["players", "list", *dbs]):
            obj = json.loads(encoded(enc, *args, "--json")[0])
            assert NAMES[0] in json.dumps(obj, ensure_ascii=False), args
        assert json.loads(encoded(enc, "show", "1", *dbs, "--json")[0])["result"]["players"] == NAMES
        err = encoded(enc, "stats", "Ωμέγα", "--db", str(db), rc=2)[1]
        assert err == "no player '\\u03a9\\u03bc\\u03ad\\u03b3\\u03b1' in the archive\n", err


def test_the_simulator_prints_a_greek_box_s_screen_on_an_ascii_stream(tmp_path: Path) -> None:
    """``kitapi sim --text`` of a box set to Greek with ``PYTHONIOENCODING=ascii``: a UnicodeEncodeError before
    (the simulator writes to the streams as they are, for its own escape sequences); now the texts, escaped."""
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "settings").write_text("128 60 el\n")
    out, err = encoded("ascii", "sim", "--data", str(tmp_path / "data"), "--keys", "~1000", "--text")
    assert "\\u039d\\u03ad\\u03b1 \\u03c0\\u03b1\\u03c1\\u03c4\\u03af\\u03b4\\u03b1" in out, out  # Νέα παρτίδα


# --- 12. Names: one player however typed; a name shows something -----------------------------

ZOE, ZOE_NFD = "Zo\u00eb", "Zoe\u0308"  # one name: ë one character, or e and a combining diaeresis
HAND = '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}\n'


def game(path: Path, players: list[str]) -> Path:
    path.write_text(json.dumps({"kitapi": 1, "rules": "prefa", "players": players, "dealer": 0}) + "\n" + HAND)
    return path


def test_a_name_typed_two_ways_is_one_player_across_files_boxes_and_archives(tmp_path: Path) -> None:
    """``Zoë`` typed as one character on one box and decomposed on another (and in a JSON Lines file) was
    two players; now one, whichever form a command is given, kept in NFC.  An archive of an earlier kitapi
    that holds the name as it was typed (not normalised) finds it too.  A game naming both forms is
    refused (one line), as the core refuses a name twice."""
    db = tmp_path / "a.sqlite3"
    boxes = {"e6614103000000a1": [ZOE, "Babis", "Costas"], "e6614103000000b2": ["Babis", ZOE_NFD, "Dora"]}
    for uid, players in boxes.items():
        fs = tmp_path / uid
        (fs / "data" / "games").mkdir(parents=True)
        logs.convert(game(tmp_path / f"{uid}.jsonl", players), fs / "data" / "games" / "0001.kitapi")
        with SimDevice(fs, device_id=uid) as dev:
            assert kitapi("sync", "--device", dev.url, "--db", str(db)).returncode == 0
    out = kitapi("archive", "add", "--db", str(db), str(game(tmp_path / "3.jsonl", ["Dora", "Babis", ZOE_NFD])))
    assert out.returncode == 0, out.stderr
    assert json.loads(kitapi("players", "list", "--json", "--db", str(db)).stdout)["players"] == [
        "Babis",
        "Costas",
        "Dora",
        ZOE,
    ]
    for name in (ZOE, ZOE_NFD):
        (zoe,) = json.loads(kitapi("stats", name, "--json", "--db", str(db)).stdout)["players"]
        assert (zoe["player"], zoe["games"]) == (ZOE, 3)
    out = kitapi("archive", "add", "--db", str(db), str(game(tmp_path / "4.jsonl", [ZOE, "Babis", ZOE_NFD])))
    assert (
        out.returncode == 2
        and out.stderr
        == f"{tmp_path / '4.jsonl'}:1: the name '{ZOE_NFD}' is there twice (written two ways in Unicode)\n"
    ), out.stderr
    # an archive of an earlier kitapi: the name stored as typed
    old = tmp_path / "old.sqlite3"
    assert kitapi("archive", "add", "--db", str(old), str(tmp_path / "3.jsonl")).returncode == 0
    with sqlite3.connect(old) as db_:
        assert db_.execute("SELECT name FROM players WHERE name = ?", (ZOE,)).fetchone()
        db_.execute("UPDATE players SET name = ? WHERE name = ?", (ZOE_NFD, ZOE))
    db_.close()
    assert kitapi("archive", "add", "--db", str(old), str(tmp_path / "e6614103000000a1.jsonl")).returncode == 0
    assert kitapi("players", "list", "--db", str(old)).stdout.splitlines() == ["Babis", "Costas", "Dora", ZOE_NFD]


def test_a_name_of_only_spaces_or_invisible_characters_is_refused_and_a_rename_compares_as_nfc(
    tmp_path: Path,
) -> None:
    db = tmp_path / "a.sqlite3"
    first = game(tmp_path / "1.jsonl", [ZOE, "Babis", "Costas"])
    assert kitapi("archive", "add", "--db", str(db), str(first)).returncode == 0
    for blank in (" ", "   ", "\u00a0", "\u200b", "\u200b\u200c\u200d", "\u2060\ufeff", "\u3164", "\u3000 ", "\u0301"):
        out = kitapi("players", "rename", "Babis", blank, "--db", str(db))
        assert out.returncode == 2 and out.stdout == "" and out.stderr.startswith("cannot rename 'Babis' to"), blank
        assert out.stderr.endswith(": player names must hold a visible character (not only spaces or invisible ones)\n")
    assert kitapi("players", "list", "--db", str(db)).stdout.splitlines() == ["Babis", "Costas", ZOE]
    out = kitapi("players", "rename", "Babis", ZOE_NFD, "--db", str(db))  # another player's name, typed the other way
    assert out.returncode == 2 and out.stderr == f"there is already a player '{ZOE_NFD}': merge the two instead\n"
    assert kitapi("players", "rename", ZOE_NFD, "Zoë Ann", "--db", str(db)).returncode == 0
    assert kitapi("players", "list", "--db", str(db)).stdout.splitlines() == ["Babis", "Costas", "Zoë Ann"]
    assert kitapi("players", "rename", "Babis", "Ba bis", "--db", str(db)).returncode == 0  # a space inside is a name
