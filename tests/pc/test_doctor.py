"""``kitapi doctor`` against ``kitapi simdevice``: a healthy box, and each problem it diagnoses with its one line.

One simulated box (its firmware deployed in its flash, ``--flash``) serves the module; each test sets the state it
needs by writing the box's files, its clock and its battery, and puts the firmware back as deployed after it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import forkrun
from kitapi import VERSION
from kitapi_host.cli import main
from kitapi_host.device import deploy, doctor
from kitapi_host.sim.device import SimDevice
from testkit import ROOT, archived, wait_until, write_game

FIRMWARE = deploy.firmware_files("simdev")


def _deploy(fs: Path) -> None:
    """The firmware as ``kitapi deploy`` leaves it (written here: the deploy has tests of its own)."""
    for path, data in FIRMWARE.items():
        (fs / path).parent.mkdir(parents=True, exist_ok=True)
        (fs / path).write_bytes(data)


def _files(fs: Path) -> dict[str, bytes]:
    return {p.relative_to(fs).as_posix(): p.read_bytes() for p in sorted(fs.rglob("*")) if p.is_file()}


class Box:
    """The shared simulated box: ``reset()`` gives a healthy one (firmware deployed, one whole game, clock set,
    battery 3.70 V), powered anew only if the firmware's files were changed."""

    def __init__(self, sim: SimDevice) -> None:
        self.sim = sim
        self.fs = sim.fs
        self.games = sim.fs / "data" / "games"

    def set_clock(self, offset: int | None) -> None:
        clock = self.sim._clock  # the simulated RTC's offset from the PC's clock (boards/simdev.py)
        if offset is None:
            clock.unlink(missing_ok=True)
        else:
            clock.write_text(str(offset))

    def reset(self) -> None:
        if any((self.fs / p).read_bytes() != d if (self.fs / p).exists() else True for p, d in FIRMWARE.items()):
            _deploy(self.fs)
            self.sim.power_cycle()
        # the box's boot first (its first screen drawn): its store takes a .tmp in games/ for a write a power cut
        # left, and finishes or removes it, so it raced the game written below (convert's own temp file there)
        assert wait_until(lambda: self.sim.screen.exists())
        data = self.fs / "data"
        for p in sorted(data.rglob("*"), reverse=True):
            if p.parent == data / "journal":  # (the box's journal, kept open by its app: empty between hands)
                p.write_bytes(b"")
            elif p.is_file() and p.name not in ("settings",):
                p.unlink()
            elif p.is_dir() and p.parent == self.games:  # (a test's folder in games/: emptied above)
                p.rmdir()
        (data / "journal").mkdir(exist_ok=True)  # (as the box's app has it from its first frame on: empty)
        (data / "journal" / "hand").write_bytes(b"")
        write_game(self.games, "0001.kitapi", seed=1)
        self.set_clock(0)
        self.sim.battery.write_text("3700")


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    fs = tmp_path_factory.mktemp("doctor") / "fs"
    _deploy(fs)
    write_game(fs / "data" / "games", "0001.kitapi", seed=1)
    with SimDevice(fs, firmware="flash", device_id="e661410300000d0c") as sim:
        yield Box(sim)


@pytest.fixture
def box(shared: Box) -> Box:
    shared.reset()
    return shared


def doctor_says(box: Box, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str]:
    """``kitapi doctor`` run here (so a test can change this PC's side): its exit status and output; then the
    box is waited for until its app is up again (the doctor's soft reset)."""
    boots = box.sim.boots
    rc = main(["doctor", "--device", box.sim.url, *more])
    out = capsys.readouterr()
    assert out.err == "", out.err
    app = (box.fs / "main.py").exists()  # (bare MicroPython draws nothing)
    assert wait_until(lambda: box.sim.boots > boots and (box.sim.screen.exists() or not app))
    return rc, out.out


def problems(out: str) -> list[str]:
    return [line[2:] for line in out.splitlines() if line.startswith("- ")]


def test_a_healthy_box_is_all_well_and_nothing_on_it_changes(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    before = _files(box.fs)
    rc, out = doctor_says(box, capsys)
    assert rc == 0, out
    lines = out.splitlines()
    assert lines[0] == f"device {box.sim.url}: linux [GCC 14.2.1] version" or lines[0].startswith(
        f"device {box.sim.url}: linux"
    )
    assert "  board file: simdev" in lines
    assert re.search(r"^  MicroPython \d+\.\d+\.\d+ \(micropython\), \.mpy v6\.3$", out, re.M), out
    assert re.search(r"this kitapi's pack is compiled for MicroPython .*: it can run there$", out, re.M), out
    assert f"  Kitapi on the box: {VERSION} (link protocol 2); this PC's: {VERSION} (link protocol 2)" in lines
    assert "  firmware files: as this kitapi deploys them" in lines
    assert re.search(r"^  flash: [\d.]+ [KMG]B free of [\d.]+ [KMG]B \(\d+% used\)$", out, re.M), out
    assert re.search(r"^  heap \(the app stopped\): [\d.]+ [KM]B free, [\d.]+ KB used$", out, re.M), out
    assert f"  games: 1 ({len((box.games / '0001.kitapi').read_bytes())} B); evidence files: 0" in lines
    assert "  battery: 3.70 V" in lines
    assert "  clock: this PC's" in lines or re.search(r"^  clock: [12] s (behind|ahead of) this PC's$", out, re.M)
    assert lines[-1] == "all is well" and not problems(out)
    assert _files(box.fs) == before  # read-only: every file byte for byte, after the box started again


def test_json_gives_the_same_facts(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    (box.games / "0002.kitapi.bad1").write_bytes(b"torn")
    rc, out = doctor_says(box, capsys, "--json")
    assert rc == 1
    facts = json.loads(out)
    assert facts["board"] == "simdev" and facts["runtime"] == "micropython" and facts["mpy"] == "v6.3"
    assert (facts["kitapi"], facts["protocol"], facts["pc_kitapi"], facts["pc_protocol"]) == (VERSION, 2, VERSION, 2)
    assert facts["firmware_damage"] == "" and set(FIRMWARE) <= set(facts["firmware_files"])
    assert 0 < facts["flash_free"] < facts["flash_total"] and facts["heap_free"] > 0
    assert facts["games"] == [
        {"name": "0001.kitapi", "size": (box.games / "0001.kitapi").stat().st_size, "damage": None}
    ]
    assert facts["evidence"] == [{"path": "games/0002.kitapi.bad1", "size": 4}]
    assert facts["battery_mv"] == 3700 and abs(facts["clock_drift"]) <= 2 and facts["clock"] > 1.7e9
    assert [p["code"] for p in facts["problems"]] == ["evidence"]


def test_another_kitapi_on_the_box_says_run_deploy(
    box: Box, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(doctor, "VERSION", "0.2.0")  # this PC's kitapi newer than the box's
    monkeypatch.setattr(doctor, "PROTOCOL", 3)
    rc, out = doctor_says(box, capsys)
    assert rc == 1
    assert problems(out) == [
        f"run `kitapi deploy`: the box runs Kitapi {VERSION}, link protocol 2 (this kitapi needs 3), "
        "this PC's kitapi is 0.2.0"
    ]


def test_a_firmware_not_this_kitapis_says_run_deploy(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    (box.fs / "main.py").write_bytes(FIRMWARE["main.py"] + b"# an older build\n")  # the same version's number
    rc, out = doctor_says(box, capsys)
    assert (rc, problems(out)) == (
        1,
        [
            "run `kitapi deploy`: the box's firmware is not this kitapi's build (main.py), "
            f"though both are Kitapi {VERSION}"
        ],
    )
    assert "  firmware files: not this kitapi's: main.py" in out.splitlines()


def test_a_micropython_that_cannot_run_the_pack_is_said_with_both_versions(
    box: Box, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(deploy, "mpy_cross_version", lambda: (6, 2))  # as an older mpy-cross writes
    monkeypatch.setattr(deploy, "pack_micropython", lambda: "1.22.2")
    rc, out = doctor_says(box, capsys)
    assert rc == 1
    (line,) = problems(out)
    assert re.fullmatch(
        r"put a MicroPython that reads \.mpy v6\.2 on the box, then run `kitapi deploy`: its MicroPython "
        r"\d+\.\d+\.\d+ reads \.mpy v6\.3, this kitapi's pack is \.mpy v6\.2",
        line,
    ), line
    assert "(.mpy v6.2, bytecode for any arch): it cannot run there" in out


def test_a_clock_off_or_not_set_says_set_the_clock(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    box.set_clock(-(3 * 3600 + 12 * 60 + 20))
    rc, out = doctor_says(box, capsys)
    assert (rc, problems(out)) == (1, ["set the clock: 3 h 12 min behind (`kitapi sync` sets it)"])
    assert "  clock: 3 h 12 min behind this PC's" in out.splitlines()
    box.set_clock(2 * 86400 + 3600 + 30)
    rc, out = doctor_says(box, capsys)
    assert (rc, problems(out)) == (1, ["set the clock: 2 days 1 h ahead (`kitapi sync` sets it)"])
    box.set_clock(None)  # the box powered on and never synced since
    rc, out = doctor_says(box, capsys)
    assert (rc, problems(out)) == (
        1,
        ["set the clock: it was not set since the box was powered on (`kitapi sync` sets it)"],
    )


def test_a_low_battery_says_charge_and_none_says_no_reading(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    box.sim.battery.write_text("2950")
    rc, out = doctor_says(box, capsys)
    assert (rc, problems(out)) == (1, ["battery low: charge it or change the cells (2.95 V)"])
    box.sim.battery.write_text("0")  # a VSYS divider that reads nothing (the pico-rig's ADC before it is set)
    rc, out = doctor_says(box, capsys)
    assert rc == 0 and "  battery: reads 0.00 V, less than the box runs on: no battery reading" in out.splitlines()
    box.sim.battery.unlink()  # a board with no battery reading
    rc, out = doctor_says(box, capsys)
    assert rc == 0 and "  battery: no battery reading" in out.splitlines()


def test_the_battery_threshold_is_the_apps() -> None:
    src = (ROOT / "firmware" / "kitapi" / "app" / "main.py").read_text()
    assert f"_WARN_MV = const({doctor.WARN_MV})" in src


def test_a_damaged_log_and_evidence_are_named(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    log = bytearray((box.games / "0001.kitapi").read_bytes())
    log[len(log) // 2] ^= 0x10
    (box.games / "0001.kitapi").write_bytes(log)
    (box.games / "0001.kitapi.bad1").write_bytes(b"x" * 1500)
    (box.fs / "data" / "settings.bad1").write_bytes(b"\xff")
    (box.games / "0002.kitapi").write_bytes(bytes(range(256)) * 3)  # no log at all
    rc, out = doctor_says(box, capsys)
    assert rc == 1
    damaged, garbage, evidence = problems(out)
    assert damaged.startswith("sync, then see to it: 0001.kitapi is damaged: damaged at byte "), damaged
    assert garbage.startswith("sync, then see to it: 0002.kitapi is damaged: not a game log Kitapi reads ("), garbage
    assert evidence == (
        "run `kitapi sync`: the bytes a repair set aside are on the box: games/0001.kitapi.bad1 (1.5 KB) "
        "(the sync archives them)"
    )
    assert "  set aside as unreadable (the box uses defaults): settings.bad1" in out.splitlines()
    assert "; evidence files: 1" in out and ", 2 damaged;" in out


def test_a_name_that_is_not_utf8_hides_no_game_damage_or_evidence(
    box: Box, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 32, item 11: games/ holding a file named b"\\xff\\xfe.kitapi" beside a whole game, a damaged one and
    an evidence file: the doctor walks the folder as bytes, with the sync's own walk (kitapi.link.entries), and
    lists each of them, the odd file by the very words the sync says it by."""
    log = bytearray((box.games / "0001.kitapi").read_bytes())
    write_game(box.games, "0002.kitapi", seed=2)
    log[len(log) // 2] ^= 0x10
    (box.games / "0003.kitapi").write_bytes(log)
    (box.games / "0003.kitapi.bad1").write_bytes(b"x" * 1500)
    (box.games / os.fsdecode(b"\xff\xfe.kitapi")).write_bytes(bytes(log))
    rc, out = doctor_says(box, capsys)
    assert rc == 1
    assert "; evidence files: 1; odd files: 1" in out and "  games: 3 (" in out and ", 1 damaged;" in out, out
    assert "  odd file: games/hex fffe2e6b6974617069 (a name that is not UTF-8)" in out.splitlines(), out
    damaged, evidence, odd = problems(out)
    assert damaged.startswith("sync, then see to it: 0003.kitapi is damaged: damaged at byte "), damaged
    assert evidence.startswith("run `kitapi sync`: the bytes a repair set aside are on the box: games/0003.kitapi.bad1")
    assert odd == (
        "see to them by hand: games/ holds 1 file(s) that are no game, which `kitapi sync` names and leaves on the "
        "box: games/hex fffe2e6b6974617069 (a name that is not UTF-8)"
    )
    rc, out = doctor_says(box, capsys, "--json")
    facts = json.loads(out)
    assert [g["name"] for g in facts["games"]] == ["0001.kitapi", "0002.kitapi", "0003.kitapi"]
    assert [e["path"] for e in facts["evidence"]] == ["games/0003.kitapi.bad1"]
    assert facts["odd_files"] == [
        {"path": "games/hex fffe2e6b6974617069", "size": -1, "why": "a name that is not UTF-8"}
    ]
    # the sync, on the same box, names the same file so, and archives the rest
    out = forkrun.run(["sync", "--device", box.sim.url, "--db", str(tmp_path / "a.sqlite3")], text=True)
    assert out.returncode == 1 and "hex fffe2e6b6974617069 (a name that is not UTF-8)" in out.stderr, out.stderr
    assert sorted(archived(tmp_path / "a.sqlite3")) == ["0001.kitapi", "0002.kitapi", "0003.kitapi"]
    assert wait_until(lambda: box.sim.screen.exists())


def test_a_folder_in_games_is_an_odd_file_as_the_sync_says(
    box: Box, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A folder in games/ (one named as a game too) is no game: the doctor lists it among the odd files, "not a
    file", as the sync names it and leaves it on the box."""
    (box.games / "0002.kitapi").mkdir()
    (box.games / "old").mkdir()
    rc, out = doctor_says(box, capsys, "--json")
    odd = json.loads(out)["odd_files"]
    assert sorted((o["path"], o["why"]) for o in odd) == [
        ("games/'old'", "not a file"),
        ("games/0002.kitapi", "not a file"),
    ], odd
    out = forkrun.run(["sync", "--device", box.sim.url, "--db", str(tmp_path / "a.sqlite3")], text=True)
    assert "0002.kitapi (not a file)" in out.stderr and "'old' (not a file)" in out.stderr, out.stderr
    assert wait_until(lambda: box.sim.screen.exists())


def test_a_damaged_firmware_says_run_deploy(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    pack = bytearray(FIRMWARE["kitapi.pack"])
    pack[len(pack) // 2] ^= 0x01
    (box.fs / "kitapi.pack").write_bytes(pack)
    rc, out = doctor_says(box, capsys)
    assert rc == 1
    assert problems(out) == [
        "run `kitapi deploy`: the firmware is damaged (kitapi.pack's modules are garbled); "
        "`kitapi sync` gets the games off first"
    ]
    assert "  Kitapi on the box: damaged (kitapi.pack's modules are garbled)" in out
    assert "  games: 1 (" in out and "  battery: 3.70 V" in out  # the rest read all the same


def test_bare_micropython_says_deploy(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    for path in FIRMWARE:
        (box.fs / path).unlink()
    box.sim.power_cycle()
    rc, out = doctor_says(box, capsys)
    assert rc == 1
    assert re.fullmatch(
        r"run `kitapi deploy`: no Kitapi on the box \(bare MicroPython \d+\.\d+\.\d+\)", problems(out)[0]
    )
    assert "  board file: none" in out and "  battery: no battery reading" in out and "  clock: not known" in out


def test_a_box_answering_nonsense_costs_only_those_facts(box: Box, capsys: pytest.CaptureFixture[str]) -> None:
    """A board file and a Kitapi whose every value is of the wrong kind (a box's files are untrusted): the doctor
    says what it can, one problem line each, and no traceback."""
    for path in FIRMWARE:
        (box.fs / path).unlink()
    (box.fs / "board.py").write_text("NAME = ['\\x1b[2J', 7]\nROOT = \"da'ta\\n\"\ndef clock():\n    return 'soon'\n")
    (box.fs / "kitapi").mkdir()
    (box.fs / "kitapi" / "__init__.py").write_text("VERSION = b'\\xff' * 500\n")
    (box.fs / "kitapi" / "link.py").write_text("PROTOCOL = '2'\n")
    box.sim.power_cycle()
    try:
        rc, out = doctor_says(box, capsys)
    finally:
        shutil.rmtree(box.fs / "kitapi")
    assert rc == 1
    (line,) = problems(out)
    assert line.startswith("run `kitapi deploy`: the box runs Kitapi b'\\xff\\xff"), line
    assert len(line) < 200 and ", link protocol None (this kitapi needs 2)" in line
    assert "\x1b" not in out and "  clock: not known" in out and "  battery: no battery reading" in out


def test_a_box_nearly_full_says_sync_and_prune(
    small_disk: Callable[[int], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    fs = small_disk(1024) / "fs"
    _deploy(fs)
    write_game(fs / "data" / "games", "0001.kitapi", seed=1)
    with SimDevice(fs, firmware="flash") as sim:
        box = Box(sim)
        box.set_clock(0)
        sim.battery.write_text("3700")
        wait_until(lambda: sim.screen.exists())
        free = shutil.disk_usage(fs).free
        (fs / "data" / "old").write_bytes(b"\0" * (free - 60 * 1024))  # some 94% full
        rc, out = doctor_says(box, capsys)
    assert rc == 1
    (line,) = problems(out)
    assert re.fullmatch(r"sync and prune: flash 9\d% full, [\d.]+ KB free \(`kitapi sync --prune`\)", line), line


def test_no_box_is_one_line_and_status_2(tmp_path: Path) -> None:
    out = forkrun.run(["doctor", "--device", "socket://127.0.0.1:9"], text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("kitapi doctor: no device found at"), out.stderr
    t = time.monotonic()
    out = forkrun.run(["doctor", "--help"], text=True)
    assert out.returncode == 0 and "--json" in out.stdout and time.monotonic() - t < 30
