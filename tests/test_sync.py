"""``kitapi sync`` end to end: the real mpremote client against the firmware in the unix port (``kitapi simdevice``)."""

from __future__ import annotations

import hashlib
import io
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mpremote.transport_serial import SerialTransport  # type: ignore[import-untyped]

from kitapi.game import result_json
from kitapi.replay import replay
from kitapi_host import gen, logs
from kitapi_host.archive import Archive
from kitapi_host.device import DeviceError, open_device
from kitapi_host.simdevice import SimDevice
from kitapi_host.sync import Report, sync

KITAPI = [sys.executable, "-m", "kitapi_host.cli"]


def write_game(games: Path, name: str, seed: int, hands: int = 40, end: bool = False, pouch: int = 200) -> bytes:
    """A device log of a generated game as ``games/name``; its bytes."""
    hdr, hs = gen.game(seed, hands, pouch=pouch)
    games.mkdir(parents=True, exist_ok=True)
    src = games.parent / f".{name}.jsonl"
    gen.write_jsonl(src, hdr, hs)
    if end:
        with src.open("a") as f:
            f.write('{"end": true}\n')
    logs.convert(src, games / name)
    src.unlink()
    return (games / name).read_bytes()


def standings(data: bytes) -> str:
    g, _ = replay(io.BytesIO(data))
    return result_json(g)


@pytest.fixture
def device(tmp_path: Path) -> Iterator[SimDevice]:
    dev = SimDevice(tmp_path / "fs", device_id="e661410300000001")
    yield dev
    dev.close()


def run_sync(url: str, db: Path, prune: bool = False) -> Report:
    dev = open_device(url)
    try:
        with Archive(db) as a:
            return sync(dev, a, prune=prune, progress=io.StringIO())
    finally:
        dev.close()


def marks(fs: Path) -> dict[str, tuple[int, str]]:
    p = fs / "data" / "synced"
    out = {}
    for line in p.read_text().splitlines() if p.exists() else []:
        name, size, sha = line.split()
        out[name] = (int(size), sha)
    return out


def archived(db: Path) -> dict[str, bytes]:
    """name -> stored log of every archived game (one per name expected)."""
    with Archive(db) as a:
        games = a.games()
        out = {}
        for g in games:
            assert g["name"] not in out, f"{g['name']} archived twice"
            out[g["name"]] = a.log(g["id"])
        return out


def test_first_sync_archives_every_game_verified_marks_it_and_restarts_the_app(
    device: SimDevice, tmp_path: Path
) -> None:
    games = device.fs / "data" / "games"
    logs_ = {f"000{i}.kitapi": write_game(games, f"000{i}.kitapi", seed=i) for i in (1, 2, 3)}
    (device.fs / "data" / "current").write_text("0003.kitapi\n")
    url = device.start()
    db = tmp_path / "a.sqlite3"
    before = int(time.time())
    rep = run_sync(url, db)
    assert (rep.new, rep.grown, rep.marked, rep.errors) == (3, 0, 3, [])
    assert rep.bytes_pulled == sum(len(b) for b in logs_.values())
    assert before - 5 <= rep.clock <= int(time.time()) + 5  # the device's clock was set
    assert archived(db) == logs_
    assert marks(device.fs) == {n: (len(b), hashlib.sha256(b).hexdigest()) for n, b in logs_.items()}
    with Archive(db) as a:
        for g in a.games():
            assert g["device"] == "e661410300000001"
            stored = a.db.execute("SELECT result FROM games WHERE id = ?", (g["id"],)).fetchone()[0]
            assert stored == standings(logs_[g["name"]])
    # the app was started again (a soft reset: the unix process is started anew)
    deadline = time.monotonic() + 10
    while device.boots < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert device.boots == 2
    # a second sync pulls nothing and marks nothing
    rep = run_sync(url, db)
    assert (rep.pulled, rep.marked) == ([], 0)


def test_the_cli_prints_a_summary_and_the_device_answers_again(device: SimDevice, tmp_path: Path) -> None:
    write_game(device.fs / "data" / "games", "0001.kitapi", seed=5)
    url = device.start()
    db = tmp_path / "a.sqlite3"
    out = subprocess.run([*KITAPI, "sync", "--device", url, "--db", str(db)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "device e661410300000001: 1 game(s); pulled 1 (1 new, 0 grown" in out.stdout
    out = subprocess.run([*KITAPI, "games", "--db", str(db)], capture_output=True, text=True)
    assert "e661410300000001" in out.stdout


def test_more_hands_typed_on_the_device_are_pulled_as_new_bytes_only(tmp_path: Path) -> None:
    """The app writes the game (keys through the simulator), the sync pulls it, more hands, the sync pulls them."""
    from kitapi_host import typist
    from test_app import SETUP
    from test_app import Device as Keys

    fs = tmp_path / "fs"
    _, hands = gen.game(seed=11, hands=30, pouch=100)

    def play(hs: list[gen.Hand]) -> None:
        k = Keys(fs / "data")
        if not (fs / "data" / "current").exists():
            k.keys(SETUP)
        k.keys("".join(typist.keys_for(h, 3) for h in hs))
        k.close()

    play(hands[:10])
    db = tmp_path / "a.sqlite3"
    with SimDevice(fs) as dev:
        rep = run_sync(dev.url, db)
    assert (rep.new, rep.grown) == (1, 0)
    first = rep.bytes_pulled
    play(hands[10:25])
    with SimDevice(fs) as dev:
        rep = run_sync(dev.url, db)
    assert (rep.new, rep.grown) == (0, 1)
    assert rep.bytes_pulled == 15 * 8  # fifteen 8-byte records: only what is new crossed the cable
    (log,) = (fs / "data" / "games").glob("*.kitapi")
    assert archived(db) == {log.name: log.read_bytes()}
    assert len(log.read_bytes()) == first + 15 * 8
    with Archive(db) as a:
        (g,) = a.games()
        assert g["hands"] == 25


def test_a_sync_cut_anywhere_then_run_again_loses_and_duplicates_nothing(device: SimDevice, tmp_path: Path) -> None:
    games = device.fs / "data" / "games"
    logs_ = {f"000{i}.kitapi": write_game(games, f"000{i}.kitapi", seed=20 + i, hands=200) for i in (1, 2, 3, 4)}
    url = device.start()
    # how many bytes a whole sync sends to the PC
    dev = open_device(url)
    with Archive(tmp_path / "probe.sqlite3") as a:
        sync(dev, a, progress=io.StringIO())
    total = device.sent  # up to the end of the sync, before the device is restarted
    dev.close()
    assert total > 1000
    rng = random.Random(4)
    for i, cut in enumerate(sorted(rng.sample(range(50, total), 8))):
        (device.fs / "data" / "synced").unlink()
        db = tmp_path / f"a{i}.sqlite3"
        device.cut_after = cut  # the cable is pulled after this many bytes
        with pytest.raises(DeviceError, match="connection was lost"):
            run_sync(url, db)
        # what is archived is whole and right, and a mark never runs ahead of the archive
        have = archived(db)
        for name, data in have.items():
            assert data == logs_[name]
        assert set(marks(device.fs)) <= set(have)
        device.cut_after = None
        rep = run_sync(url, db)
        assert rep.errors == [] and rep.new == len(logs_) - len(have)
        assert archived(db) == logs_
        assert set(marks(device.fs)) == set(logs_)


def test_a_sync_killed_at_random_moments_then_run_again_loses_and_duplicates_nothing(
    device: SimDevice, tmp_path: Path
) -> None:
    games = device.fs / "data" / "games"
    logs_ = {f"000{i}.kitapi": write_game(games, f"000{i}.kitapi", seed=40 + i, hands=300) for i in (1, 2, 3)}
    url = device.start()
    db = tmp_path / "a.sqlite3"
    rng = random.Random(7)
    for sig in (signal.SIGKILL, signal.SIGINT, signal.SIGKILL, signal.SIGINT):
        # SIGKILL: the PC crashes; SIGINT: Ctrl-C
        p = subprocess.Popen([*KITAPI, "sync", "--device", url, "--db", str(db)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.3, 1.5))
        p.send_signal(sig)
        _, err = p.communicate()
        if sig == signal.SIGINT and p.returncode == 130:  # (-2: it came before kitapi's code ran)
            assert "interrupted; what was archived is kept" in err, err
        have = archived(db)
        for name, data in have.items():
            assert data == logs_[name]
        assert set(marks(device.fs)) <= set(have)
        time.sleep(0.2)
    out = subprocess.run([*KITAPI, "sync", "--device", url, "--db", str(db)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert archived(db) == logs_
    assert set(marks(device.fs)) == set(logs_)


def test_a_damaged_device_log_is_archived_up_to_the_damage_with_a_warning(device: SimDevice, tmp_path: Path) -> None:
    games = device.fs / "data" / "games"
    good = write_game(games, "0001.kitapi", seed=3, hands=30)
    bad = bytearray(good)
    bad[len(bad) - 8 * 12 + 4] ^= 0x10  # one bit of the 12th record from the end
    (games / "0001.kitapi").write_bytes(bytes(bad))
    url = device.start()
    db = tmp_path / "a.sqlite3"
    out = subprocess.run([*KITAPI, "sync", "--device", url, "--db", str(db)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    warning = [line for line in out.stderr.splitlines() if "0001.kitapi" in line]
    assert warning and warning[0].startswith("warning:"), out.stderr
    assert "hand" in warning[0] or "record" in warning[0]
    full, _ = replay(io.BytesIO(good))
    cut, r = replay(io.BytesIO(bytes(bad)))
    assert r.damage and cut.hands == full.hands - 1  # the damaged hand alone (kitapi.devlog)
    with Archive(db) as a:
        (g,) = a.games()
        assert g["damage"] and g["hands"] == cut.hands
        assert a.log(g["id"]) == bytes(bad)  # kept as it came, scored without the damaged hand
    assert set(marks(device.fs)) == {"0001.kitapi"}


def test_two_devices_sync_into_one_archive(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    logs_ = {}
    for i, uid in enumerate(["e6614103000000a1", "e6614103000000b2"]):
        fs = tmp_path / uid
        logs_[uid] = write_game(fs / "data" / "games", "0001.kitapi", seed=60 + i)
        with SimDevice(fs, device_id=uid) as dev:
            rep = run_sync(dev.url, db)
            assert rep.new == 1
    with Archive(db) as a:
        games = a.games()
        assert sorted((g["device"], g["name"]) for g in games) == [
            ("e6614103000000a1", "0001.kitapi"),
            ("e6614103000000b2", "0001.kitapi"),
        ]
        for g in games:
            assert a.log(g["id"]) == logs_[g["device"]]
        assert sorted(a.players()) == ["Anna", "Babis", "Costas"]  # the same names are the same players


def test_a_preferans_game_on_the_device_is_archived_and_grows(device: SimDevice, tmp_path: Path) -> None:
    """A Russian Preferans log is pulled, archived hand by hand, then pulled again grown (only the new bytes)."""
    games = device.fs / "data" / "games"
    write_game(games, "0001.kitapi", seed=3)  # the current game is a Prefa one
    hdr, hands = gen.preferans_game(21, 40, "leningrad", 4, stake="0.10")
    src = tmp_path / "pref.jsonl"
    gen.write_jsonl(src, hdr, hands)
    logs.convert(src, tmp_path / "pref.kitapi")
    full = (tmp_path / "pref.kitapi").read_bytes()
    cut = full[: len(full) - 8 * 10]  # ten hands fewer: the game as a sync in mid-game finds it
    (games / "0002.kitapi").write_bytes(cut)
    (device.fs / "data" / "current").write_text("0001.kitapi\n")
    url = device.start()
    db = tmp_path / "a.sqlite3"
    rep = run_sync(url, db)
    assert (rep.new, rep.grown, rep.errors) == (2, 0, [])
    with Archive(db) as a:
        (g,) = [g for g in a.games() if g["name"] == "0002.kitapi"]
        assert g["rules"] == "leningrad" and g["hands"] == len(hands) - 10 and g["chips"] is None
        assert a.game(g["id"])["hands"][-1]["settlement"] == g["settlement"]
    (games / "0002.kitapi").write_bytes(full)
    rep = run_sync(url, db)
    assert (rep.new, rep.grown, rep.bytes_pulled) == (0, 1, 8 * 10)
    with Archive(db) as a:
        (g,) = [g for g in a.games() if g["name"] == "0002.kitapi"]
        assert g["hands"] == len(hands) and a.log(g["id"]) == full
        stored = a.db.execute("SELECT result FROM games WHERE id = ?", (g["id"],)).fetchone()[0]
        assert stored == standings(full)
        kinds = {r[0] for r in a.db.execute("SELECT kind FROM hands WHERE game = ?", (g["id"],))}
        assert kinds <= {"play", "allpass", "resign", "misdeal"} and "play" in kinds


def test_hostile_and_strange_files_on_the_device_are_left_alone(device: SimDevice, tmp_path: Path) -> None:
    games = device.fs / "data" / "games"
    good = write_game(games, "0001.kitapi", seed=8)
    hostile = {
        "..kitapi": b"x",
        "0002.kitapi'+__import__('os').system('touch PWNED')+'": good,
        "0003.kitapi.bad": good[:-3],  # the device's own leftover of a repair: silent
        "\u202e0004.kitapi": good,
        "0005.kitapi": b"KTPI not a log at all",
        "0006.kitapi": b"\0" * ((1 << 20) + 1),
    }
    for name, data in hostile.items():
        (games / name).write_bytes(data)
    (games / "0007.kitapi").mkdir()
    url = device.start()
    db = tmp_path / "a.sqlite3"
    out = subprocess.run([*KITAPI, "sync", "--device", url, "--db", str(db)], capture_output=True, text=True)
    assert out.returncode == 1  # 0005 is not a game log: said, and left on the device
    err = out.stderr
    assert "unexpected name" in err and "..kitapi" in err and "0002.kitapi" in err and "\\u202e0004" in err
    assert "0003.kitapi.bad" not in err
    assert "0005.kitapi" in err and "not archived" in err
    assert "0006.kitapi: size" in err
    assert not list(tmp_path.rglob("PWNED"))
    assert archived(db) == {"0001.kitapi": good}
    assert set(marks(device.fs)) == {"0001.kitapi"}
    for name, data in hostile.items():
        assert (games / name).read_bytes() == data


def test_prune_removes_only_ended_synced_games_never_the_current_one(device: SimDevice, tmp_path: Path) -> None:
    games = device.fs / "data" / "games"
    ended = write_game(games, "0001.kitapi", seed=9, end=True)
    write_game(games, "0002.kitapi", seed=10)  # not ended
    write_game(games, "0003.kitapi", seed=11)  # the game being played
    (device.fs / "data" / "current").write_text("0003.kitapi\n")
    url = device.start()
    db = tmp_path / "a.sqlite3"
    rep = run_sync(url, db, prune=True)
    assert rep.pruned == ["0001.kitapi"]
    assert sorted(p.name for p in games.iterdir()) == ["0002.kitapi", "0003.kitapi"]
    assert set(marks(device.fs)) == {"0002.kitapi", "0003.kitapi"}
    assert archived(db)["0001.kitapi"] == ended
    # The device checks again before it deletes: never the current game, never bytes
    # other than the ones marked synced.
    dev = open_device(url)
    try:
        for name in ("0002.kitapi", "0003.kitapi"):
            size, sha = marks(device.fs)[name]
            (device.fs / "data" / "current").write_text(name + "\n")
            assert dev.call(f"L.remove({name!r},{size},{sha!r})") is False
            (device.fs / "data" / "current").write_text("")
            assert dev.call(f"L.remove({name!r},{size},{'0' * 64!r})") is False
            assert dev.call(f"L.remove({name!r},{size + 8},{sha!r})") is False
    finally:
        dev.close(restart=False)
    assert sorted(p.name for p in games.iterdir()) == ["0002.kitapi", "0003.kitapi"]


def test_clear_errors_for_no_device_other_firmware_and_old_firmware(tmp_path: Path) -> None:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nobody listens there
    out = subprocess.run([*KITAPI, "sync", "--device", f"socket://127.0.0.1:{port}", "--db", str(tmp_path / "a")],
                         capture_output=True, text=True)
    assert out.returncode == 1 and out.stderr.strip().count("\n") == 0
    assert "no device found at socket://127.0.0.1" in out.stderr

    # bare MicroPython (nothing deployed): other firmware
    with SimDevice(tmp_path / "bare", firmware="flash") as dev:
        out = subprocess.run([*KITAPI, "sync", "--device", dev.url, "--db", str(tmp_path / "a")],
                             capture_output=True, text=True)
    assert out.returncode == 1 and "runs other firmware" in out.stderr, out.stderr

    # an older Kitapi, from before the sync
    old = tmp_path / "old"
    (old / "kitapi").mkdir(parents=True)
    (old / "kitapi" / "__init__.py").write_text('VERSION = "0.0.9"\n')
    with SimDevice(old, firmware="flash") as dev:
        out = subprocess.run([*KITAPI, "sync", "--device", dev.url, "--db", str(tmp_path / "a")],
                             capture_output=True, text=True)
    assert out.returncode == 1 and "wrong firmware version" in out.stderr and "0.0.9" in out.stderr, out.stderr

    # a Kitapi that speaks another link protocol
    (old / "kitapi" / "link.py").write_text(
        "PROTOCOL = 0\nVERSION = '0.0.9'\ndef hello():\n print(repr((0, VERSION, 'ab', 'x', 0)))\n"
    )
    with SimDevice(old, firmware="flash") as dev:
        out = subprocess.run([*KITAPI, "sync", "--device", dev.url, "--db", str(tmp_path / "a")],
                             capture_output=True, text=True)
    assert out.returncode == 1 and "wrong firmware version" in out.stderr and "protocol 0" in out.stderr, out.stderr
    assert not (tmp_path / "a").exists() or Archive(tmp_path / "a").games() == []


def test_a_busy_device_is_said_to_be_busy(tmp_path: Path) -> None:
    write_game(tmp_path / "fs" / "data" / "games", "0001.kitapi", seed=1)
    with SimDevice(tmp_path / "fs", use_pty=True) as dev:
        holder = SerialTransport(dev.url, baudrate=115200)  # another program has the port open
        try:
            out = subprocess.run([*KITAPI, "sync", "--device", dev.url, "--db", str(tmp_path / "a")],
                                 capture_output=True, text=True)
        finally:
            holder.close()
        assert out.returncode == 1 and "device busy" in out.stderr, out.stderr
        # once the other program lets go, the sync works through the pty too
        out = subprocess.run([*KITAPI, "sync", "--device", dev.url, "--db", str(tmp_path / "a")],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr


def test_the_progress_bar_shows_games_and_bytes_on_a_terminal_only() -> None:
    from kitapi_host.sync import Progress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Tty()
    bar = Progress(out, games=2, total=4096)
    bar.show()
    bar.done_games, bar.done_bytes = 1, 2048
    bar.show()
    bar.end()
    assert out.getvalue().split("\r")[1:] == [
        "[........................] games 0/2  0.0/4.0 KB ",
        "[############............] games 1/2  2.0/4.0 KB \n",
    ]
    quiet = io.StringIO()
    bar = Progress(quiet, games=2, total=4096)
    bar.show()
    bar.end()
    assert quiet.getvalue() == ""
