"""``kitapi image``: MicroPython's firmware UF2 and the box's littlefs file system in one UF2 (docs/image.md)."""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import io
import struct
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

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
    want = firmware_files("pico", package_drivers("pico"), lib=True)
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
    pack = hashlib.sha256(firmware_files("pico", package_drivers("pico"), lib=True)["kitapi.pack"]).hexdigest()
    for torn, k, done, marker, names, got in runs:
        assert (names, got) == (files, pack), (torn, k)
        assert marker in (None, image.NEW_BOX_TEXT), (torn, k)  # whole, or gone: shown again, or never
        assert not done or marker is None, (torn, k)
    assert runs[0][:4] == (0, 0, 0, image.NEW_BOX_TEXT)  # cut at the remove's first write: still there
