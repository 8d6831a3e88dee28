"""Kitapi on CircuitPython, checked on CPython: the CircuitPython board file and hw backend drive
Adafruit's real adafruit_ssd1306 (with adafruit_bus_device) over a fake I2C bus that keeps the
SSD1306's display RAM; every screen must be pixel for pixel the MicroPython simulator's."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from kitapi_host.sim.firmware import Firmware, parse_script, start
from kitapi_host.sim.pick import rules_keys
from testkit import HANG_S

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "device" / "cp" / "run_cp_app.py"

# Names typed without a wait (no key twice in a row): Ada (2 3 2), Bo (22 666), Cy (222 999).
SETUP_PREFA = "1 " + rules_keys("prefa") + " 3 0232# 022666# 0222999# 31# # # #"
SESSION = (
    SETUP_PREFA
    + " 1 6 1 # # # #"  # Ada 6 spades, both in, exact
    + " 2 7 4 2 3 # #"  # Bo 7 hearts, one alone
    + " 0 #"  # all passed
    + " A 8 2 *"  # the hands, scroll, back
    + " B B"  # who owes whom, and back
    + " C 3 3 3 *"  # settings: language to Greek, then Russian
    + " 1 6 1 # # # #"  # a hand in Russian
    + " L*"  # undo (long *), asks
    + " #"
    + " C 1 # "
    + rules_keys("sochi")
    + " 4 0232# 022666# 0222999# 0322222# 20# # # #"  # a new game (asked first, #): Sochi, 4 players
    + " 2 6 1 2 # A #"  # Bo 6 spades, one whists, played open
    + " 0 3 4 3 #"  # an all-pass (the dealer's widow: 0)
    + " C 1 # "
    + rules_keys("prefa_kasa")
    + " 3 1 2 3 500# 4 # # # 1 6 1 # # # # D # #"  # Prefa with a kasa: a hand, a top-up
    + " C 1 # "
    + rules_keys("preference_us")
    + " 3 1 2 3 50# # # # 2 4 # # D 1 # 5 # # 2 # #"  # American Preference: a suit bid, chip bids
    + " C 1 # "
    + rules_keys("priffe")
    + " 4 1 2 3 03# 6# 1 # # # 1 # # # # 0 3 # # B"  # Priffe: Play, a forced Noll, who owes whom
)


def cp_frames(data: Path, keys: str) -> list[bytes]:
    p = subprocess.run([sys.executable, str(RUNNER), str(data), keys], capture_output=True, text=True, timeout=HANG_S)
    assert p.returncode == 0, p.stderr[-3000:]
    assert not (data / "crash.log").exists(), (data / "crash.log").read_text()
    return [bytes.fromhex(line) for line in p.stdout.split()]


def sim_frames(data: Path, keys: str) -> list[bytes]:
    out: list[str] = []
    fw: Firmware = start(argparse.Namespace(main=None, board="sim", data=data, heapsize="128K", romfs=True),
                          out.append, False)  # fmt: skip
    frames = []
    try:
        assert fw.wait_ready(60)
        frames.append(fw.frame)
        for step in parse_script(keys):
            fw.send(step.line)
            assert fw.wait_ready(60), out
            frames.append(fw.frame)
        fw.quit()
        assert fw.finish() == 0, out
    finally:
        fw.kill()
    assert not (data / "crash.log").exists()
    return frames


def test_every_screen_is_pixel_identical_to_the_micropython_simulator(tmp_path: Path) -> None:
    sim = sim_frames(tmp_path / "sim", SESSION)
    cp = cp_frames(tmp_path / "cp", SESSION)
    assert len(sim) == len(parse_script(SESSION)) + 1
    assert len(cp) == len(sim), (len(cp), len(sim))
    for i, (a, b) in enumerate(zip(sim, cp, strict=True)):
        assert a == b, f"screen {i} differs"
    assert len(set(sim)) > 40  # the session really went through many different screens
    # both devices wrote the same game logs
    for log in sorted((tmp_path / "sim" / "games").glob("*.kitapi")):
        other = tmp_path / "cp" / "games" / log.name
        sim_bytes, cp_bytes = log.read_bytes(), other.read_bytes()
        # the headers differ only in "started" (the simulator's virtual clock, the PC's real one)
        assert sim_bytes[sim_bytes.index(b"}") :] == cp_bytes[cp_bytes.index(b"}") :] or (
            sim_bytes.split(b'"started"')[0] == cp_bytes.split(b'"started"')[0]
        )


_DRAWING = """
fb.fill(0)
fb.text("".join(chr(c) for c in range(32, 80)), -3, 5, 1)
fb.text("".join(chr(c) for c in range(80, 127)), 2, 21, 1)
fb.fill_rect(10, 40, 50, 9, 1)
fb.text("Inverse text", 11, 41, 0)
fb.text(b"+1234", 83, 30, 1)
fb.rect(70, 38, 40, 20, 1)
fb.rect(120, 60, 20, 20, 1)
g = framebuf.FrameBuffer(bytearray(b"\\x18\\x3c\\x7e\\xff\\xff\\x7e\\x3c\\x18"), 8, 8, framebuf.MONO_VLSB)
fb.blit(g, 100, 44, 0)
fb.blit(g, 60, 50, 1)
fb.fill_rect(0, 60, 10, 10, 1)
fb.pixel(127, 0, 1)
"""


def test_the_framebuf_of_circuitpython_draws_what_micropythons_draws() -> None:
    """firmware/circuitpython/framebuf.py (CircuitPython has no framebuf) against MicroPython's own
    framebuf in the unix port: text at odd places and clipped, rectangles, blits with a key."""
    from kitapi_host.mpy import micropython

    code = "import framebuf\nbuf = bytearray(1024)\nfb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)\n"
    mp = subprocess.run([micropython(), "-c", code + _DRAWING + "print(bytes(buf).hex())"],
                        capture_output=True, text=True, timeout=HANG_S)  # fmt: skip
    assert mp.returncode == 0, mp.stderr
    shim = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1])\n" + code + _DRAWING
                           + "print(bytes(buf).hex())", str(ROOT / "firmware" / "circuitpython")],
                          capture_output=True, text=True, timeout=HANG_S)  # fmt: skip
    assert shim.returncode == 0, shim.stderr
    want = bytes.fromhex(mp.stdout.strip())
    assert sum(bin(b).count("1") for b in want) > 800  # it drew a lot
    assert bytes.fromhex(shim.stdout.strip()) == want


# --- the CIRCUITPY drive: deploy, run what was deployed, sync -------------------------------------


def fake_drive(path: Path, uid: str = "E6614103E7CC0001") -> Path:
    path.mkdir(parents=True)
    (path / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n"
        f"Board ID:raspberry_pi_pico\nUID:{uid}\n"
    )
    (path / "code.py").write_text('print("Hello World!")\n')  # what a fresh CircuitPython has
    return path


def kitapi(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kitapi_host.cli", *args], capture_output=True, text=True, timeout=HANG_S
    )


def test_deploy_onto_the_circuitpy_drive_and_the_deployed_firmware_runs(tmp_path: Path) -> None:
    from kitapi_host.device import deploy

    drive = fake_drive(tmp_path / "CIRCUITPY")
    (drive / "data" / "games").mkdir(parents=True)
    (drive / "data" / "games" / "0001.kitapi").write_bytes(b"KTPI an old game, left alone")
    out = kitapi("deploy", "--device", str(drive), "--board", "pico_circuitpython", "--no-circup")
    assert out.returncode == 0, out.stderr
    assert "game logs: untouched" in out.stdout and "from this PC's packages" in out.stdout
    files = deploy.circuitpython_files("pico_circuitpython")
    for rel, data in files.items():
        assert (drive / rel).read_bytes() == data, rel
    assert (drive / "lib" / "adafruit_ssd1306.py").is_file() and (drive / "lib" / "adafruit_bus_device").is_dir()
    assert (drive / "data" / "games" / "0001.kitapi").read_bytes() == b"KTPI an old game, left alone"
    assert not list(drive.rglob("*.new"))
    # again: nothing changes
    out = kitapi("deploy", "--device", str(drive), "--board", "pico_circuitpython", "--no-circup")
    assert "0 file(s) written" in out.stdout, out.stdout
    # the firmware as deployed (kitapi_board.py, lib/, the sources) runs and keeps a game in data/
    (drive / "data" / "games" / "0001.kitapi").unlink()
    env = {**os.environ, "KITAPI_CP_DRIVE": str(drive)}
    keys = SETUP_PREFA + " 1 6 1 # # # #"
    p = subprocess.run([sys.executable, str(RUNNER), str(drive / "data"), keys], capture_output=True, text=True,
                       timeout=HANG_S, env=env)  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    games = list((drive / "data" / "games").glob("*.kitapi"))
    assert len(games) == 1 and games[0].stat().st_size > 8


def test_sync_from_the_circuitpy_drive(tmp_path: Path) -> None:
    from testkit import write_game

    drive = fake_drive(tmp_path / "CIRCUITPY")
    assert kitapi("deploy", "--device", str(drive), "--board", "pico_circuitpython", "--no-circup").returncode == 0
    games = drive / "data" / "games"
    a = write_game(games, "0001.kitapi", seed=1, end=True)
    b = write_game(games, "0002.kitapi", seed=2)
    (games / "..0003.kitapi").write_bytes(b"x")
    (drive / "data" / "current").write_text("0002.kitapi\n")
    db = tmp_path / "a.sqlite3"
    out = kitapi("sync", "--device", str(drive), "--db", str(db), "--prune")
    assert out.returncode == 1, out.stderr  # a file is left on the device: said, last
    assert "'..0003.kitapi' (an unexpected name" in out.stderr.strip().splitlines()[-1]
    assert "device e6614103e7cc0001: 2 game(s); pulled 2 (2 new" in out.stdout
    assert "removed 1 ended game(s)" in out.stdout and "clock not set" in out.stdout
    assert "unexpected name" in out.stderr
    assert not (games / "0001.kitapi").exists() and (games / "0002.kitapi").read_bytes() == b
    from kitapi_host.archive.db import Archive

    with Archive(db) as arch:
        logs_ = {g["name"]: arch.log(g["id"]) for g in arch.games()}
    assert logs_ == {"0001.kitapi": a, "0002.kitapi": b}
    assert (drive / "data" / "synced").read_text().split()[0] == "0002.kitapi"
    # a drive that is read-only on the PC (the firmware owns the flash): archived, not marked
    more = write_game(games, "0004.kitapi", seed=4)
    (games / "..0003.kitapi").unlink()
    (drive / "data").chmod(0o555)
    try:
        out = kitapi("sync", "--device", str(drive), "--db", str(db))
    finally:
        (drive / "data").chmod(0o755)
    if os.geteuid() != 0:  # root writes anyway
        assert out.returncode == 0 and "not marked synced" in out.stderr, out.stderr
    with Archive(db) as arch:
        assert any(arch.log(g["id"]) == more for g in arch.games())
    # a full drive (the record's temp file takes no byte: a link to /dev/full, ENOSPC): said as a box's full flash,
    # the games archived, the record as it was
    write_game(games, "0005.kitapi", seed=5)
    record = (drive / "data" / "synced").read_bytes()
    (drive / "data" / "synced.tmp").symlink_to("/dev/full")
    out = kitapi("sync", "--device", str(drive), "--db", str(db))
    assert out.returncode == 0 and "flash is full" in out.stderr and "read-only" not in out.stderr, out.stderr
    assert (drive / "data" / "synced").read_bytes() == record and not (drive / "data" / "synced.tmp").exists()


def test_a_drive_without_kitapi_is_other_firmware(tmp_path: Path) -> None:
    drive = fake_drive(tmp_path / "CIRCUITPY")
    out = kitapi("sync", "--device", str(drive), "--db", str(tmp_path / "a"))
    assert out.returncode == 1 and "runs other firmware" in out.stderr, out.stderr
