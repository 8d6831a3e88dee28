"""``kitapi image``: MicroPython's firmware UF2 and the box's littlefs file system in one UF2 (docs/image.md)."""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import io
import os
import pty
import resource
import shutil
import signal
import socket
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from littlefs import LittleFS

import forkrun
from kitapi_host import cli
from kitapi_host.device import image
from kitapi_host.device.deploy import firmware_files, package_drivers
from kitapi_host.mpy import micropython
from testkit import KITAPI

# MicroPython 1.28.0 for RPI_PICO, built from the release's tag (the pico-rig's; /work/shared on this machine and
# beside CI's clone): its bytes are not the release file's, its build information is the release's
RIG_FIRMWARE = Path("/work/shared/pico-rig/firmware/firmware.uf2")
PICO = image.BOARDS["pico"]


def rig_firmware() -> bytes:
    assert RIG_FIRMWARE.is_file(), f"{RIG_FIRMWARE} is missing: the pico-rig's MicroPython 1.28.0 for RPI_PICO"
    return RIG_FIRMWARE.read_bytes()


def blocks(data: bytes) -> list[tuple[int, int, int, int, int, int, bytes]]:
    """Every UF2 block as (flags, address, size, number, count, family, payload), its magic numbers checked."""
    out = []
    for i in range(0, len(data), 512):
        m0, m1, flags, addr, size, number, count, family = struct.unpack_from("<8I", data, i)
        assert (m0, m1, struct.unpack_from("<I", data, i + 508)[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30), i
        out.append((flags, addr, size, number, count, family, data[i + 32 : i + 32 + size]))
    return out


def fake_firmware(
    version: str = "v1.28.0",
    board: str = "pico",
    program: str = "MicroPython",
    fs: tuple[int, int] = (PICO.fs_start, PICO.fs_size),
    family: int = image.RP2040,
) -> bytes:
    """A small firmware UF2 with a Pico binary info table (pico-sdk's layout), as MicroPython's declares it."""
    flash = bytearray(b"\0" * 4096)
    base = image.XIP
    strings = {}
    at = 0x800
    for s in (version, board, program, "MicroPython"):
        strings[s] = base + at
        flash[at : at + len(s) + 1] = s.encode() + b"\0"
        at += 64
    entries = []
    at = 0xC00
    for key, value in ((0x02031C86, program), (0x11A9BC3A, version), (0xB63CFFBB, board)):
        struct.pack_into("<HHII", flash, at, 6, 0x5052, key, strings[value])
        entries.append(base + at)
        at += 16
    struct.pack_into("<HHIIII", flash, at, 7, 0x5052, strings["MicroPython"], fs[0], fs[1], 0)
    entries.append(base + at)
    table = 0xE00
    for i, e in enumerate(entries):
        struct.pack_into("<I", flash, table + 4 * i, e)
    struct.pack_into("<5I", flash, 0x100, 0x7188EBF2, base + table, base + table + 4 * len(entries), 0, 0xE71AA390)
    return image.uf2([(base + o, bytes(flash[o : o + 256])) for o in range(0, len(flash), 256)], family)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, str]:
    """The image of the rig's firmware as the command writes it, and what it printed."""
    out = tmp_path_factory.mktemp("image") / "kitapi-pico.uf2"
    p = forkrun.run(["image", str(out), "--micropython", str(RIG_FIRMWARE)], text=True)
    assert p.returncode == 0, p.stderr
    return out.read_bytes(), p.stdout


def test_the_image_is_the_firmware_then_the_whole_file_system_in_numbered_blocks(built: tuple[bytes, str]) -> None:
    data, said = built
    firmware = blocks(rig_firmware())
    got = blocks(data)
    n = len(got)
    assert n == len(firmware) + PICO.fs_size // 256 == 1327 + 5632
    assert [b[3:5] for b in got] == [(i, n) for i in range(n)]  # numbered 0..n-1 of n
    assert {(b[0], b[2], b[5]) for b in got} == {(0x2000, 256, 0xE48BFF56)}  # family id present, RP2040's
    # the firmware's blocks as they were, then the file system's, contiguous over the whole region
    assert [(b[1], b[6]) for b in got[: len(firmware)]] == [(b[1], b[6]) for b in firmware]
    assert [b[1] for b in got[len(firmware) :]] == list(range(0x100A0000, 0x100A0000 + 1408 * 1024, 256))
    assert firmware[-1][1] + 256 <= 0x100A0000 and 0x100A0000 + 1408 * 1024 == image.XIP + (2 << 20)
    assert "ERASES ITS GAMES" in said and "MicroPython v1.28.0" in said


def _file_system(data: bytes) -> bytes:
    return b"".join(b[6] for b in blocks(data) if b[1] >= PICO.fs_start)


def test_the_file_system_holds_what_deploy_writes_byte_for_byte_and_an_empty_data_folder(
    built: tuple[bytes, str], tmp_path: Path
) -> None:
    fs_image = _file_system(built[0])
    fs = LittleFS(block_size=4096, block_count=352, read_size=32, prog_size=256, cache_size=1024, mount=False)
    fs.context.buffer[:] = fs_image
    fs.mount()
    want = firmware_files("pico", package_drivers("pico"), lib=True, arch="armv6m")  # (a Pico's RP2040)
    assert b"kitapi/hw/fast.mpy" in want["kitapi.pack"]  # (in the pack's index: native code for it)
    found = {}
    for top, _dirs, files in fs.walk("/"):
        for f in files:
            path = f"{top.rstrip('/')}/{f}".lstrip("/")
            with fs.open(path, "rb") as fh:
                found[path] = fh.read()
    assert found == {**want, "new_box.txt": image.NEW_BOX_TEXT}
    assert sorted(want) == ["board.py", "kitapi.pack", "kitapi_pack.mpy", "kitapi_pack_bak.mpy", "lib/ssd1306.mpy",
                            "main.py"]  # fmt: skip
    assert fs.listdir("data") == [] and fs.stat("data").type == 2  # a folder, empty
    # MicroPython 1.28's own littlefs (the unix port's VfsLfs2) mounts it as the rp2 port does (progsize=256), reads
    # the pack and writes a game's file
    (tmp_path / "fs.bin").write_bytes(fs_image)
    code = (
        "import vfs, os, hashlib, binascii\n"
        "class D:\n"
        "    def __init__(s, b): s.b = b\n"
        "    def readblocks(s, n, buf, off=0): buf[:] = s.b[n * 4096 + off : n * 4096 + off + len(buf)]\n"
        "    def writeblocks(s, n, buf, off=0): s.b[n * 4096 + off : n * 4096 + off + len(buf)] = buf\n"
        "    def ioctl(s, op, arg):\n"
        "        if op == 4: return len(s.b) // 4096\n"
        "        if op == 5: return 4096\n"
        "        if op == 6: s.b[arg * 4096 : arg * 4096 + 4096] = b'\\xff' * 4096\n"
        "        return 0\n"
        "vfs.mount(vfs.VfsLfs2(D(bytearray(open('fs.bin', 'rb').read())), progsize=256), '/box')\n"
        "print(binascii.hexlify(hashlib.sha256(open('/box/kitapi.pack', 'rb').read()).digest()).decode())\n"
        "with open('/box/data/0001.kitapi', 'wb') as f: f.write(b'K' * 5000)\n"
        "print(len(open('/box/data/0001.kitapi', 'rb').read()), sorted(os.listdir('/box')))\n"
    )
    p = subprocess.run([micropython(), "-X", "heapsize=8M", "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert p.stdout.splitlines() == [
        hashlib.sha256(want["kitapi.pack"]).hexdigest(),
        "5000 ['board.py', 'data', 'kitapi.pack', 'kitapi_pack.mpy', 'kitapi_pack_bak.mpy', 'lib', 'main.py', "
        "'new_box.txt']",
    ], p.stdout + p.stderr


def test_a_synthetic_firmware_is_read_as_micropython_declares_itself() -> None:
    fw = image.check_firmware(fake_firmware(), "pico", "fw.uf2")
    assert (fw.program, fw.version, fw.pico_board, fw.fs_start, fw.fs_size) == (
        "MicroPython", "v1.28.0", "pico", 0x100A0000, 1408 * 1024
    )  # fmt: skip
    rig = image.check_firmware(rig_firmware(), "pico", "firmware.uf2")
    assert (rig.program, rig.version, rig.pico_board, rig.fs_start, rig.fs_size) == (
        "MicroPython", "v1.28.0", "pico", 0x100A0000, 1408 * 1024
    )  # fmt: skip


def _refused(tmp_path: Path, data: bytes, *args: str) -> str:
    """``kitapi image`` on ``data``, in this process (the command itself runs once as a user runs it, in
    ``built``): one line on stderr, exit status 1, nothing written."""
    fw = tmp_path / "fw.uf2"
    fw.write_bytes(data)
    out = tmp_path / "out.uf2"
    said, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(err):
        rc = cli.main(["image", str(out), "--micropython", str(fw), *args])
    assert rc == 1 and said.getvalue() == "" and err.getvalue().count("\n") == 1, (said.getvalue(), err.getvalue())
    assert err.getvalue().startswith("kitapi image: ") and "Traceback" not in err.getvalue()
    assert not out.exists() and not list(tmp_path.glob("out.uf2*"))
    return err.getvalue()


def _with(data: bytes, index: int, field: int, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into("<I", out, index * 512 + 4 * field, value)
    return bytes(out)


@pytest.mark.parametrize(
    "case, want",
    [
        ("another family", "is for chip family 0xe48bff59, not the board's 0xe48bff56"),
        ("one block of another family", "block 3 is for chip family 0xe48bff59"),
        ("cut in a block", "not a multiple of 512"),
        ("cut at a block", "numbered 0 of 16, in a file of 15"),
        ("garbled magic", "block 2 has no UF2 magic numbers"),
        ("an address twice", "block 5 writes 256 bytes at 0x10000400, not the flash's page 0x10000500"),
        ("outside the flash", "block 1 writes 256 bytes at 0x20000100"),
        ("not for the main flash", "block 4 has flags 0x00002001, not a firmware's (0x00002000)"),
        ("empty", "not a UF2 file"),
        ("an older version", "MicroPython v1.22.0 cannot run the pack: it is compiled to .mpy v6.3"),
        ("a newer version", "MicroPython v1.40.0 cannot run the pack"),
        ("no version", "MicroPython (no version) cannot run the pack"),
        ("another board", "MicroPython for board pico_w, not pico (RPI_PICO)"),
        ("not MicroPython", "not a MicroPython firmware (its build information names CircuitPython)"),
        ("no binary info", "not a MicroPython firmware (its build information names nothing)"),
        ("its file system elsewhere", "keeps its file system at 0x10100000 (1048576 bytes), not at 0x100a0000"),
    ],
)
def test_a_firmware_that_is_not_micropython_1_23_or_later_for_the_pico_is_refused_with_one_line(
    tmp_path: Path, case: str, want: str
) -> None:
    good = fake_firmware()
    data = {
        "another family": fake_firmware(family=0xE48BFF59),
        "one block of another family": _with(good, 3, 7, 0xE48BFF59),
        "cut in a block": good[:-100],
        "cut at a block": good[:-512],
        "garbled magic": _with(good, 2, 1, 0),
        "an address twice": _with(good, 5, 3, image.XIP + 0x400),
        "outside the flash": _with(good, 1, 3, 0x20000100),
        "not for the main flash": _with(good, 4, 2, 0x2001),
        "empty": b"",
        "an older version": fake_firmware(version="v1.22.0"),
        "a newer version": fake_firmware(version="v1.40.0"),
        "no version": fake_firmware(version=""),
        "another board": fake_firmware(board="pico_w"),
        "not MicroPython": fake_firmware(program="CircuitPython"),
        "no binary info": image.uf2([(image.XIP + o, b"\0" * 256) for o in range(0, 4096, 256)], image.RP2040),
        "its file system elsewhere": fake_firmware(fs=(0x10100000, 1 << 20)),
    }[case]
    assert want in _refused(tmp_path, data)


def test_one_bit_changed_in_any_blocks_header_or_end_is_refused_with_one_line() -> None:
    """Every bit of the 32-byte header and the 4-byte end of every block of a firmware UF2 (16 blocks: 4,608
    cases), flipped alone: an ImageError, never a firmware read with a block elsewhere or another exception."""
    good = fake_firmware()
    assert len(image.read_uf2(good, image.RP2040, "fw.uf2")) == 16
    for block in range(len(good) // 512):
        for at in (*range(32), *range(508, 512)):
            for bit in range(8):
                bad = bytearray(good)
                bad[block * 512 + at] ^= 1 << bit
                with pytest.raises(image.ImageError) as e:
                    image.read_uf2(bytes(bad), image.RP2040, "fw.uf2")
                assert str(e.value).startswith("fw.uf2: ") and "\n" not in str(e.value), (block, at, bit)


def test_the_rig_firmware_for_another_board_and_a_pico_2_are_refused(tmp_path: Path) -> None:
    assert "MicroPython for board pico, not pico_w (RPI_PICO_W)" in _refused(
        tmp_path, rig_firmware(), "--board", "pico_w"
    )
    assert "a Pico 2 (RP2350) has no image yet" in _refused(tmp_path, rig_firmware(), "--board", "pico2")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


RELEASE = "RPI_PICO-20260412-v1.28.0.uf2"  # (a name as MicroPython's are; the date is the test's)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """MicroPython's download site on localhost: the board's page linking its release files, and the files."""
    root = tmp_path / "site"
    (root / "download" / "RPI_PICO").mkdir(parents=True)
    (root / "resources" / "firmware").mkdir(parents=True)
    (root / "download" / "RPI_PICO" / "index.html").write_text(
        "<html><body><h2>Firmware</h2><ul>"
        '<li><a href="/resources/firmware/RPI_PICO-20231005-v1.21.0.uf2">v1.21.0 (2023-10-05) .uf2</a></li>'
        f'<li><a href="/resources/firmware/{RELEASE}">v1.28.0 (2026-04-12) .uf2</a></li>'
        "</ul></body></html>\n"
    )
    (root / "resources" / "firmware" / RELEASE).write_bytes(rig_firmware())
    (root / "resources" / "firmware" / "RPI_PICO-20231005-v1.21.0.uf2").write_bytes(fake_firmware(version="v1.21.0"))

    def handler(*args: object, **kw: object) -> _Quiet:
        return _Quiet(*args, directory=str(root), **kw)  # type: ignore[arg-type]

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_download_finds_the_release_file_checks_its_hash_and_builds_the_same_image(
    site: str, tmp_path: Path, built: tuple[bytes, str]
) -> None:
    good = hashlib.sha256(rig_firmware()).hexdigest()
    out = tmp_path / "dl.uf2"
    cmd = [*KITAPI, "image", str(out), "--download", "--site", site]
    p = subprocess.run([*cmd, "--sha256", good], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == built[0]
    assert f"from {site}/resources/firmware/{RELEASE} (sha256 {good})" in p.stdout
    out.unlink()
    bad = "0" * 64
    p = subprocess.run([*cmd, "--sha256", bad], capture_output=True, text=True)
    assert p.returncode == 1 and p.stderr.count("\n") == 1, p.stderr
    assert f"{RELEASE}: sha256 {good}, not the {bad} given: not used" in p.stderr and not out.exists()
    # the release page has no such version; an older one is refused by what it is; nobody answers
    p = subprocess.run([*cmd, "--version", "1.27.0"], capture_output=True, text=True)
    assert p.returncode == 1 and "no release file of MicroPython v1.27.0 for RPI_PICO" in p.stderr, p.stderr
    p = subprocess.run([*cmd, "--version", "1.21.0"], capture_output=True, text=True)
    assert p.returncode == 1 and "MicroPython v1.21.0 cannot run the pack" in p.stderr, p.stderr
    p = forkrun.run(["image", str(out), "--download", "--site", "http://127.0.0.1:9"], text=True)  # fmt: skip
    assert p.returncode == 1 and p.stderr.count("\n") == 1 and "cannot download" in p.stderr, p.stderr
    assert not out.exists()


# MicroPython's littlefs removes new_box.txt from the image's file system with a power cut at its k-th flash write or
# erase, for k = 0, 1, ... until the remove completes: the cut write leaves nothing, then (a second sweep) half of
# its bytes; after each cut the file system is mounted anew and listed.
_CUT_REMOVE = """import vfs, os, hashlib, binascii
class D:
    def __init__(s, b, budget, torn):
        s.b, s.n, s.torn = b, budget, torn
    def _spend(s, at, buf):
        if s.n == 0:
            s.b[at : at + len(buf) * s.torn // 2] = buf[: len(buf) * s.torn // 2]
            raise OSError(5)
        s.n -= 1
    def readblocks(s, n, buf, off=0):
        buf[:] = s.b[n * 4096 + off : n * 4096 + off + len(buf)]
    def writeblocks(s, n, buf, off=0):
        s._spend(n * 4096 + off, buf)
        s.b[n * 4096 + off : n * 4096 + off + len(buf)] = buf
    def ioctl(s, op, arg):
        if op == 4: return len(s.b) // 4096
        if op == 5: return 4096
        if op == 6:
            s._spend(arg * 4096, b'\\xff' * 4096)
            s.b[arg * 4096 : arg * 4096 + 4096] = b'\\xff' * 4096
        return 0
image = open('fs.bin', 'rb').read()
for torn in (0, 1):
    k = 0
    while k < 50:
        b = bytearray(image)
        vfs.mount(vfs.VfsLfs2(D(b, k, torn), progsize=256), '/a')
        try:
            os.remove('/a/new_box.txt')
            done = 1
        except OSError:
            done = 0
        vfs.umount('/a')
        vfs.mount(vfs.VfsLfs2(D(b, -1, 0), progsize=256), '/b')
        marker = open('/b/new_box.txt', 'rb').read() if 'new_box.txt' in os.listdir('/b') else None
        pack = binascii.hexlify(hashlib.sha256(open('/b/kitapi.pack', 'rb').read()).digest()).decode()
        print(repr((torn, k, done, marker, sorted(n for n in os.listdir('/b') if n != 'new_box.txt'), pack)))
        vfs.umount('/b')
        if done:
            break
        k += 1
"""


def test_the_markers_removal_cut_at_every_flash_write_leaves_it_whole_or_gone(
    built: tuple[bytes, str], tmp_path: Path
) -> None:
    """kitapi.app.newbox removes new_box.txt with one remove: MicroPython 1.28's littlefs does it whole or not at all,
    whichever write a power cut stops (torn or not), and the rest of the box's files stay as they were."""
    import ast

    (tmp_path / "fs.bin").write_bytes(_file_system(built[0]))
    p = subprocess.run(
        [micropython(), "-X", "heapsize=16M", "-c", _CUT_REMOVE], cwd=tmp_path, capture_output=True, text=True
    )
    runs = [ast.literal_eval(line) for line in p.stdout.splitlines()]
    assert {r[0] for r in runs if r[2]} == {0, 1} and len(runs) < 100, p.stdout + p.stderr  # both sweeps done
    files = ["board.py", "data", "kitapi.pack", "kitapi_pack.mpy", "kitapi_pack_bak.mpy", "lib", "main.py"]
    pack = hashlib.sha256(
        firmware_files("pico", package_drivers("pico"), lib=True, arch="armv6m")["kitapi.pack"]
    ).hexdigest()
    for torn, k, done, marker, names, got in runs:
        assert (names, got) == (files, pack), (torn, k)
        assert marker in (None, image.NEW_BOX_TEXT), (torn, k)  # whole, or gone: shown again, or never
        assert not done or marker is None, (torn, k)
    assert runs[0][:4] == (0, 0, 0, image.NEW_BOX_TEXT)  # cut at the remove's first write: still there


# --- issue 32: bounded input, output paths, the download's deadline ---------------------------------------------


def _one_line(p: subprocess.CompletedProcess[str], rc: int, *want: str) -> str:
    """The command ended with status ``rc`` and one line on stderr holding each of ``want``, nothing on stdout."""
    assert p.returncode == rc and p.stdout == "" and p.stderr.count("\n") == 1, (p.returncode, p.stdout, p.stderr)
    assert p.stderr.startswith("kitapi image: ") and "Traceback" not in p.stderr
    for w in want:
        assert w in p.stderr, p.stderr
    return p.stderr


def _limited(mem: int = 1 << 30, fsize: int | None = None) -> Callable[[], None]:
    """A subprocess's preexec_fn: its address space (and the files it writes) limited, so a command that reads
    without bound ends with a MemoryError rather than the machine's OOM killer."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    return limit


def _kitapi(args: list[str], timeout: float = 60, **kw: Any) -> tuple[subprocess.CompletedProcess[str], float]:
    """``kitapi ARGS`` as a process of its own (memory limited to 1 GB), and how long it took."""
    kw.setdefault("preexec_fn", _limited())
    t = time.monotonic()
    p = subprocess.run([*KITAPI, *args], capture_output=True, text=True, timeout=timeout, **kw)
    return p, time.monotonic() - t


def test_a_device_a_fifo_a_folder_and_a_socket_are_refused_at_once_as_firmware(tmp_path: Path) -> None:
    """Not a regular file: one line naming what it is, exit status 2, at once (a FIFO with no writer is opened
    without blocking), nothing written.  Before: /dev/zero was read until the OOM killer came, a FIFO blocked."""
    fifo = tmp_path / "fifo.uf2"
    os.mkfifo(fifo)
    short = Path(tempfile.mkdtemp(prefix="kitapi-", dir="/tmp"))  # (a socket's path is short: 108 bytes at most)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(short / "s.uf2"))
        out = tmp_path / "out.uf2"
        for given, kind in (
            ("/dev/zero", "a character device"),
            (str(fifo), "a FIFO (named pipe)"),
            (str(tmp_path), "a folder"),
            (str(short / "s.uf2"), "a socket"),
        ):
            p, took = _kitapi(["image", str(out), "--micropython", given], timeout=30)
            _one_line(p, 2, f"{given}: {kind}, not a firmware file (.uf2)")
            assert took < 10 and not out.exists() and sorted(os.listdir(tmp_path)) == ["fifo.uf2"], given
    finally:
        sock.close()
        shutil.rmtree(short)


def test_a_firmware_file_over_4_mb_is_refused_by_its_size_before_it_is_read(tmp_path: Path) -> None:
    """A 4 GB sparse file is refused from its size, the process's memory staying what it was (it read 4.2 GB
    before); one byte over the 4 MiB limit is refused as well, and a file of the limit is read (and refused by
    what it holds)."""
    big = tmp_path / "big.uf2"
    with big.open("wb") as f:
        f.truncate(4 << 30)
    small = tmp_path / "small.uf2"
    small.write_bytes(b"\0" * 512)  # (read whole, and refused by what it holds: the run's memory without a file)
    out = tmp_path / "out.uf2"

    def peak(firmware: Path) -> tuple[subprocess.CompletedProcess[str], int]:
        proc = subprocess.Popen(
            [*KITAPI, "image", str(out), "--micropython", str(firmware)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=_limited(),
        )
        assert proc.stdout is not None and proc.stderr is not None
        said, err = proc.stdout.read(), proc.stderr.read()
        _pid, status, usage = os.wait4(proc.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        return subprocess.CompletedProcess(proc.args, code, said.decode(), err.decode()), usage.ru_maxrss

    # (ru_maxrss counts the test's own process, which the child was forked from, as well: so against a run that
    # reads a file of 512 bytes, started from the same process, never as a figure of its own)
    _p, base = peak(small)
    p, most = peak(big)
    _one_line(p, 2, f"{big}: 4294967296 bytes, more than a firmware for the RP2040 has (4194304 at most)")
    assert most < base + 32 * 1024, (most, base)  # (kB: the 4 GB never read; reading it took 4.2 GB)
    for size, want in ((4 * 1024 * 1024 + 1, (2, "4194305 bytes, more than")), (4 * 1024 * 1024, (1, "UF2"))):
        big.write_bytes(b"\0" * size)
        p, _took = _kitapi(["image", str(out), "--micropython", str(big)])
        _one_line(p, want[0], want[1])
    assert not out.exists()


@pytest.mark.parametrize("case", ["empty", ".", "/", "a folder x.uf2", "a name ending in /", "/dev/full",
                                  "a link to /dev/full", "a FIFO", "a device node"])  # fmt: skip
def test_an_output_path_that_is_not_a_regular_file_is_refused_and_left_as_it_was(tmp_path: Path, case: str) -> None:
    """One line, exit status 2, before any work: nothing replaced, nothing left behind.  Before: "", "." and "/"
    ended in a traceback, a folder x.uf2 kept a 3.5 MB x.uf2.new, and as root /dev/full became a regular file."""
    (tmp_path / "x.uf2").mkdir()
    os.mkfifo(tmp_path / "fifo.uf2")
    (tmp_path / "link.uf2").symlink_to("/dev/full")
    if case == "a device node":  # (/dev/null's numbers, made here: as root the code before replaced it)
        if os.geteuid() != 0:
            pytest.skip("making a device node takes root")
        os.mknod(tmp_path / "null.uf2", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    given, want = {
        "empty": ("", "the output file's name is empty"),
        ".": (".", ".: a folder, not a file"),
        "/": ("/", "/: a folder, not a file"),
        "a folder x.uf2": ("x.uf2", "x.uf2: a folder, not a file"),
        "a name ending in /": ("new/", "new/: a folder, not a file"),
        "/dev/full": ("/dev/full", "/dev/full: a character device, not a file: not replaced"),
        "a link to /dev/full": ("link.uf2", "link.uf2: a character device, not a file: not replaced"),
        "a FIFO": ("fifo.uf2", "fifo.uf2: a FIFO (named pipe), not a file: not replaced"),
        "a device node": ("null.uf2", "null.uf2: a character device, not a file: not replaced"),
    }[case]
    before = sorted(os.listdir(tmp_path)), sorted(os.listdir(tmp_path / "x.uf2"))
    p = forkrun.run(["image", given, "--micropython", str(RIG_FIRMWARE)], cwd=tmp_path, text=True)
    _one_line(p, 2, want)
    assert (sorted(os.listdir(tmp_path)), sorted(os.listdir(tmp_path / "x.uf2"))) == before
    assert os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)  # the node itself, still
    assert os.path.islink(tmp_path / "link.uf2") and stat.S_ISFIFO(os.lstat(tmp_path / "fifo.uf2").st_mode)
    assert case != "a device node" or stat.S_ISCHR(os.lstat(tmp_path / "null.uf2").st_mode)


def test_the_firmware_file_is_not_its_own_output(tmp_path: Path) -> None:
    fw = tmp_path / "fw.uf2"
    fw.write_bytes(rig_firmware())
    p = forkrun.run(["image", str(fw), "--micropython", str(fw)], text=True)
    _one_line(p, 2, f"{fw}: the firmware file itself")
    assert fw.read_bytes() == rig_firmware()


def test_a_write_error_leaves_the_old_image_and_no_temporary_file(tmp_path: Path, built: tuple[bytes, str]) -> None:
    """A file size limit of 1 MB (RLIMIT_FSIZE: each write past it fails with EFBIG, as a full disk's with ENOSPC):
    one line, the image that was there kept whole, no OUT.*.new left (before: the cut temporary file stayed)."""
    out = tmp_path / "out.uf2"
    out.write_bytes(b"the old image")
    p, _took = _kitapi(["image", str(out), "--micropython", str(RIG_FIRMWARE)], preexec_fn=_limited(fsize=1 << 20))
    _one_line(p, 1, f"{out}: cannot write it (File too large); nothing written")
    assert os.listdir(tmp_path) == ["out.uf2"] and out.read_bytes() == b"the old image"
    p, _took = _kitapi(["image", str(out), "--micropython", str(RIG_FIRMWARE)])
    assert p.returncode == 0 and os.listdir(tmp_path) == ["out.uf2"] and out.read_bytes() == built[0], p.stderr


_INTERRUPT = """import os, signal, sys
from kitapi_host.device import image
out = sys.argv[1]
real = os.fsync
def fsync(fd):  # the temporary file written, not yet flushed nor renamed: Ctrl-C now, a real SIGINT to this process
    os.kill(os.getpid(), signal.SIGINT)
    real(fd)
os.fsync = fsync
try:
    image.write_image(out, bytes(1 << 20))
    print("late", sorted(os.listdir(os.path.dirname(out))), flush=True)
except KeyboardInterrupt:
    print("interrupted", sorted(os.listdir(os.path.dirname(out))), flush=True)
"""


def test_an_interrupt_while_the_image_is_written_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A real SIGINT (Ctrl-C) while the temporary file is written (sent at its flush, so that no machine's speed
    decides whether it comes in time: a watcher thread did, and lost under load): KeyboardInterrupt goes on, the
    file is removed and the output never appears."""
    (tmp_path / "d").mkdir()
    p = subprocess.run(
        [sys.executable, "-c", _INTERRUPT, str(tmp_path / "d" / "out.uf2")], capture_output=True, text=True, timeout=60
    )
    assert p.stdout.splitlines()[-1] == "interrupted []", p.stdout + p.stderr


def test_dash_writes_the_image_to_stdout_unless_it_is_a_terminal(tmp_path: Path, built: tuple[bytes, str]) -> None:
    """``-``: the image on stdout and what the command says on stderr; refused (exit status 2) when stdout is a
    terminal (a pseudo-terminal here); a write error on stdout (/dev/full) is one line, exit status 1."""
    with (tmp_path / "out.uf2").open("wb") as f:
        p = subprocess.run(
            [*KITAPI, "image", "-", "--micropython", str(RIG_FIRMWARE)], stdout=f, stderr=subprocess.PIPE, cwd=tmp_path
        )
    assert p.returncode == 0 and (tmp_path / "out.uf2").read_bytes() == built[0], p.stderr
    assert p.stderr.decode().startswith("stdout: 6959 UF2 blocks") and "ERASES ITS GAMES" in p.stderr.decode()
    main, sub = pty.openpty()
    try:
        p = subprocess.run(
            [*KITAPI, "image", "-", "--micropython", str(RIG_FIRMWARE)],
            stdout=sub,
            stderr=subprocess.PIPE,
            timeout=60,
            cwd=tmp_path,
        )
    finally:
        os.close(sub)
        os.close(main)
    assert p.returncode == 2 and p.stderr.decode() == (
        "kitapi image: -: stdout is a terminal, not a file: redirect it (kitapi image - > OUT.uf2) or name a file\n"
    )
    with open("/dev/full", "wb") as full:
        p = subprocess.run([*KITAPI, "image", "-", "--micropython", str(RIG_FIRMWARE)], stdout=full,
                           stderr=subprocess.PIPE, cwd=tmp_path)  # fmt: skip
    assert p.returncode == 1 and p.stderr.decode() == (
        "kitapi image: stdout: cannot write the image (No space left on device)\n"
    )
    assert os.listdir(tmp_path) == ["out.uf2"]  # (no file named -)


def test_sha256_checks_the_micropython_file_too(tmp_path: Path) -> None:
    """Before, ``--sha256`` with ``--micropython`` was silently ignored."""
    out = tmp_path / "out.uf2"
    good = hashlib.sha256(rig_firmware()).hexdigest()
    cmd = ["image", str(out), "--micropython", str(RIG_FIRMWARE), "--sha256"]
    p = forkrun.run([*cmd, "0" * 64], text=True)
    _one_line(p, 1, f"{RIG_FIRMWARE}: sha256 {good}, not the {'0' * 64} given: not used")
    assert not out.exists()
    p = forkrun.run([*cmd, "notahash"], text=True)
    _one_line(p, 2, "--sha256 notahash: not a sha256 (64 hex digits)")
    p = forkrun.run([*cmd, good.upper()], text=True)
    assert p.returncode == 0 and f"(sha256 {good})" in p.stdout and out.is_file(), p.stderr


@pytest.mark.parametrize(
    "args, want",
    [
        (["--site", "notaurl"], "--site notaurl: not an http:// or https:// address of a site"),
        (["--site", "ftp://x"], "--site ftp://x: not an http:// or https:// address of a site"),
        (["--site", "http://"], "--site http://: not an http:// or https:// address of a site"),
        (["--site", "http://[::1"], "--site http://[::1: not an http:// or https:// address"),
        (["--site", "http://h:99999"], "--site http://h:99999: not an http:// or https:// address"),
        (["--site", "https://ann:s3cret@h"], "--site: a user or password in the address is not taken"),
        (["--timeout", "0"], "--timeout 0: not a number of seconds above 0 and up to 3600"),
        (["--timeout", "-5"], "--timeout -5: not a number of seconds"),
        (["--timeout", "nan"], "--timeout nan: not a number of seconds"),
        (["--timeout", "1e9"], "--timeout 1e9: not a number of seconds"),
        (["--timeout", "soon"], "--timeout soon: not a number of seconds"),
    ],
)
def test_a_bad_site_or_timeout_is_refused_with_one_line(tmp_path: Path, args: list[str], want: str) -> None:
    """Before, ``--site notaurl`` ended in a traceback and ``ftp://`` was tried; a password is never printed."""
    p = forkrun.run(["image", str(tmp_path / "out.uf2"), "--download", *args], text=True)
    assert "s3cret" not in _one_line(p, 2, want) and not (tmp_path / "out.uf2").exists()


def test_the_download_options_go_with_download_only(tmp_path: Path) -> None:
    for option, value in (("--timeout", "5"), ("--site", "http://127.0.0.1"), ("--version", "1.28.0")):
        p = forkrun.run(
            ["image", str(tmp_path / "o.uf2"), "--micropython", str(RIG_FIRMWARE), option, value], text=True
        )
        _one_line(p, 2, f"{option} goes with --download, not with --micropython")


class _Trickle(http.server.BaseHTTPRequestHandler):
    """A server that answers a byte every half second: the board's page in its body, the file in its headers."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.server.asked.release()  # type: ignore[attr-defined]
        try:
            if self.path.startswith("/download/"):
                self.send_response(200)
                self.send_header("Content-Length", "100000")
                self.end_headers()
                text = f'<a href="/resources/firmware/{RELEASE}">'.encode() * 1000
            else:
                self.wfile.write(b"HTTP/1.1 200 OK\r\n")
                text = b"X-a: " + b"a" * 100000
            for i in range(len(text)):
                self.wfile.write(text[i : i + 1])
                self.wfile.flush()
                time.sleep(0.5)
        except OSError:
            pass  # (the client went away)

    def log_message(self, *args: object) -> None:
        pass


_asked = [threading.Semaphore(0)]  # the trickling server's requests, one release each


@pytest.fixture
def trickle() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Trickle)
    server.daemon_threads = True
    server.asked = threading.Semaphore(0)  # type: ignore[attr-defined]  # (released at each request)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    _asked[0] = server.asked  # type: ignore[attr-defined]
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class _Page(_Quiet):
    """The board's page from a folder; a release file's request sent on (302) to the trickling server."""

    trickle = ""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path.startswith("/resources/"):
            self.send_response(302)
            self.send_header("Location", self.trickle + self.path)
            self.end_headers()
        else:
            super().do_GET()


@pytest.fixture
def redirect(trickle: str, tmp_path: Path) -> Iterator[str]:
    """A site whose board page answers at once and links a release file whose headers trickle."""
    root = tmp_path / "redirect"
    (root / "download" / "RPI_PICO").mkdir(parents=True)
    (root / "download" / "RPI_PICO" / "index.html").write_text(f'<a href="/resources/firmware/{RELEASE}">v1.28.0</a>')

    def handler(*args: object, **kw: object) -> _Page:
        h = type("_To", (_Page,), {"trickle": trickle})
        return h(*args, directory=str(root), **kw)  # type: ignore[arg-type]

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_whole_download_ends_at_its_timeout_whatever_the_server_trickles(
    trickle: str, redirect: str, tmp_path: Path
) -> None:
    """A byte every 0.5 s, in the board page's body, or in the release file's headers (after a page that answered
    at once), with ``--timeout 2``: one line after 2 s, the two runs side by side (before: the timeout was per read,
    and such a server kept the command running past 100 s).  Ctrl-C meanwhile: one line, status 130."""
    runs = []
    for site in (trickle, redirect):
        cmd = [*KITAPI, "image", str(tmp_path / "out.uf2"), "--download", "--timeout", "2", "--site", site]
        runs.append(
            (time.monotonic(), subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        )
    results = []
    for t, proc in runs:
        said, err = proc.communicate(timeout=60)
        results.append((subprocess.CompletedProcess(proc.args, proc.returncode, said, err), time.monotonic() - t))
    (page, took_page), (file, took_file) = results
    _one_line(page, 1, f"{trickle}/download/RPI_PICO/: not downloaded within 2 s (--timeout); give the file with")
    _one_line(file, 1, f"{redirect}/resources/firmware/{RELEASE}: not downloaded within 2 s (--timeout)")
    assert 1.9 < took_page < 10 and 1.9 < took_file < 10, (took_page, took_file)
    while _asked[0].acquire(blocking=False):  # (the two runs' requests)
        pass
    cmd = [*KITAPI, "image", str(tmp_path / "out.uf2"), "--download", "--timeout", "20", "--site", trickle]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert _asked[0].acquire(timeout=30)  # its request is at the server: the download is under way (a Ctrl-C
    proc.send_signal(signal.SIGINT)  # sent after a fixed sleep could come while Python was still starting)
    said, err = proc.communicate(timeout=60)
    _one_line(subprocess.CompletedProcess(proc.args, proc.returncode, said, err), 130,
              f"interrupted; {tmp_path / 'out.uf2'} not written")  # fmt: skip
    assert os.listdir(tmp_path) == ["redirect"]
