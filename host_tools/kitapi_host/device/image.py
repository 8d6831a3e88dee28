"""``kitapi image``: one ``.uf2`` that makes a bare Pico a Kitapi box when dragged onto its BOOTSEL drive.

The file is MicroPython's own firmware UF2 for the board, then the box's file
system as a littlefs image at the address where that firmware mounts it
(docs/image.md gives the figures and where they come from):

- the firmware is checked before use: a well-formed UF2 whose every block is of
  the board's chip family, whose Pico binary info (the table picotool reads)
  names MicroPython, the board, and a version that reads the ``.mpy`` version
  this PC's mpy-cross writes, and declares the file system's block device where
  this module expects it for that board;
- the file system holds what ``kitapi deploy`` writes (``main.py``,
  ``kitapi.pack`` and its loader twice, ``board.py``, ``lib/ssd1306.mpy``), an
  empty ``data/`` and ``new_box.txt``, the marker the box's first boot shows as its
  "new box" screen and then removes; it is made by ``littlefs-python`` with the
  parameters MicroPython's rp2 port mounts it with (``VfsLfs2(bdev,
  progsize=256)`` in ports/rp2/modules/_boot.py over ``rp2.Flash()``'s 4096-byte
  blocks) and covers the whole region, so the old file system's blocks are all
  overwritten: dragging an image onto a box erases its games.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import struct
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from kitapi_host.device.box import DeviceError

UF2_MAGIC = (0x0A324655, 0x9E5D5157)
UF2_END = 0x0AB16F30
UF2_FAMILY_FLAG = 0x00002000  # familyID present (the file size field holds it)
PAYLOAD = 256  # bytes of flash in each 512-byte UF2 block, as the RP2040's boot ROM takes them
XIP = 0x10000000  # the RP2040's flash, mapped (pico-sdk's XIP_BASE)
RP2040 = 0xE48BFF56  # the RP2040's UF2 family id (pico-sdk's RP2040_FAMILY_ID; Microsoft's uf2 families.json)
BLOCK = 4096  # rp2.Flash()'s block: FLASH_SECTOR_SIZE (ports/rp2/rp2_flash.c BLOCK_SIZE_BYTES)
NEW_BOX = "new_box.txt"  # the marker (firmware/kitapi/app/newbox.py)
DOWNLOAD = "https://micropython.org"  # MicroPython's download pages and release files
_MAX_FIRMWARE = 4 * 1024 * 1024  # more than any RP2040 UF2 (2 MB of flash, doubled by the UF2 blocks)

# Pico binary info (pico-sdk src/common/pico_binary_info/include/pico/binary_info/defs.h and structure.h)
_BI_MARKER_START, _BI_MARKER_END = 0x7188EBF2, 0xE71AA390
_BI_ID_AND_STRING, _BI_BLOCK_DEVICE = 6, 7
_BI_PROGRAM_NAME, _BI_VERSION, _BI_PICO_BOARD = 0x02031C86, 0x11A9BC3A, 0xB63CFFBB


@dataclass(frozen=True)
class Board:
    """A board an image can be made for: its MicroPython build and where that build keeps the file system.

    ``fs_start``: XIP_BASE + PICO_FLASH_SIZE_BYTES - MICROPY_HW_FLASH_STORAGE_BYTES (rp2_flash.c's
    MICROPY_HW_FLASH_STORAGE_BASE), ``fs_size``: MICROPY_HW_FLASH_STORAGE_BYTES of the board's
    ports/rp2/boards/NAME/mpconfigboard.h; the firmware's binary info must declare the same block device."""

    release: str  # MicroPython's name for the board: its download page and release files
    pico_board: str  # PICO_BOARD, in the binary info
    family: int
    flash: int  # PICO_FLASH_SIZE_BYTES
    fs_start: int
    fs_size: int


BOARDS = {
    # 2 MB of flash, 1408 KiB of file system (RPI_PICO/mpconfigboard.h)
    "pico": Board("RPI_PICO", "pico", RP2040, 2 << 20, XIP + (2 << 20) - 1408 * 1024, 1408 * 1024),
    # the same chip and flash; the radio's firmware is in the MicroPython image, so 848 KiB (RPI_PICO_W)
    "pico_w": Board("RPI_PICO_W", "pico_w", RP2040, 2 << 20, XIP + (2 << 20) - 848 * 1024, 848 * 1024),
}
REFUSED = {
    "pico2": "a Pico 2 (RP2350) has no image yet: its UF2s carry blocks of other families (the RP2350-E10 "
    "erratum's) and its flash layout is not checked here; deploy onto it with kitapi deploy",
    "simdev": "simdev is kitapi simdevice's board: it has no flash to image",
    "pico_circuitpython": "a CircuitPython box is set up from its CIRCUITPY drive: kitapi deploy --device DRIVE",
}


class ImageError(DeviceError):
    """One line for the user: what is wrong, and with which file."""


@dataclass
class Firmware:
    blocks: dict[int, bytes]  # flash address -> 256 bytes
    program: str = ""
    version: str = ""  # "v1.28.0"
    pico_board: str = ""
    fs_start: int = 0
    fs_size: int = 0
    sha256: str = ""


def read_uf2(data: bytes, family: int, where: str) -> dict[int, bytes]:
    """The firmware UF2's blocks (flash address -> payload), each checked: magics, flags (the family id's alone,
    as MicroPython's are), family, size, numbering, and the address: a firmware for the RP2040 fills the flash
    from its start, page after page, so block i writes XIP + 256 * i.  An ImageError names the first block that
    is wrong: one bit changed anywhere in a block's header or end is refused (tests/pc/test_image.py)."""
    if not data or len(data) % 512:
        raise ImageError(f"{where}: not a UF2 file (its size, {len(data)} bytes, is not a multiple of 512)")
    n = len(data) // 512
    blocks: dict[int, bytes] = {}
    for i in range(n):
        b = data[i * 512 : (i + 1) * 512]
        m0, m1, flags, addr, size, number, count, fam = struct.unpack_from("<8I", b)
        end = struct.unpack_from("<I", b, 508)[0]
        if (m0, m1) != UF2_MAGIC or end != UF2_END:
            raise ImageError(f"{where}: not a UF2 file (block {i} has no UF2 magic numbers)")
        if flags != UF2_FAMILY_FLAG:
            raise ImageError(f"{where}: block {i} has flags 0x{flags:08x}, not a firmware's (0x{UF2_FAMILY_FLAG:08x})")
        if fam != family:
            raise ImageError(
                f"{where}: block {i} is for chip family 0x{fam:08x}, not the board's 0x{family:08x}: "
                "a firmware for another board"
            )
        page = XIP + PAYLOAD * i
        if size != PAYLOAD or addr != page:
            raise ImageError(
                f"{where}: block {i} writes {size} bytes at 0x{addr:08x}, not the flash's page 0x{page:08x}"
            )
        if number != i or count != n:
            raise ImageError(f"{where}: block {i} is numbered {number} of {count}, in a file of {n}: cut or mixed")
        blocks[addr] = b[32 : 32 + PAYLOAD]
    return blocks


def _flat(blocks: dict[int, bytes]) -> tuple[int, bytes]:
    """The flash the blocks write, from the lowest address, as one run (gaps read as erased)."""
    low, high = min(blocks), max(blocks) + PAYLOAD
    out = bytearray(b"\xff" * (high - low))
    for a, d in blocks.items():
        out[a - low : a - low + PAYLOAD] = d
    return low, bytes(out)


def binary_info(blocks: dict[int, bytes]) -> Firmware:
    """What the firmware says of itself in its Pico binary info: the header (marker, the table's start and end,
    the mapping table, marker) in the first 256 bytes after the boot stage 2, then entries pointing into flash."""
    fw = Firmware(blocks)
    if not blocks:
        return fw
    low, flash = _flat(blocks)

    def u32(a: int) -> int:
        if not low <= a <= low + len(flash) - 4:
            raise ValueError(a)
        return int(struct.unpack_from("<I", flash, a - low)[0])

    def text(a: int) -> str:
        o = a - low
        if not 0 <= o < len(flash):
            raise ValueError(a)
        e = flash.find(b"\0", o, o + 200)
        return flash[o : e if e >= 0 else o].decode("utf-8", "replace")

    head = flash.find(struct.pack("<I", _BI_MARKER_START), 0, 1024)
    if head < 0 or u32(low + head + 16) != _BI_MARKER_END:
        return fw
    start, stop = u32(low + head + 4), u32(low + head + 8)
    for p in range(start, min(stop, start + 4 * 512), 4):
        try:
            e = u32(p)
            kind = u32(e) & 0xFFFF
            if kind == _BI_ID_AND_STRING:
                key, value = u32(e + 4), text(u32(e + 8))
                if key == _BI_PROGRAM_NAME:
                    fw.program = value
                elif key == _BI_VERSION:
                    fw.version = value
                elif key == _BI_PICO_BOARD:
                    fw.pico_board = value
            elif kind == _BI_BLOCK_DEVICE and text(u32(e + 4)) == "MicroPython":
                fw.fs_start, fw.fs_size = u32(e + 8), u32(e + 12)
        except ValueError:
            continue  # an entry pointing outside the file: not read
    return fw


def version_tuple(version: str) -> tuple[int, int, int] | None:
    m = re.fullmatch(r"v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?", version.strip())
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def mpy_cross_micropython() -> tuple[tuple[int, int, int], tuple[int, int]]:
    """The MicroPython version of this PC's mpy-cross and the .mpy version it writes ("MicroPython v1.29.0 on
    ...; mpy-cross emitting mpy v6.3")."""
    import subprocess

    from kitapi_host.mpy import mpy_cross

    out = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout
    m = re.search(r"MicroPython v(\d+)\.(\d+)\.(\d+).*mpy v(\d+)\.(\d+)", out)
    if not m:
        raise ImageError(f"cannot tell which MicroPython this mpy-cross is ({out.strip()!r})")
    return (int(m[1]), int(m[2]), int(m[3])), (int(m[4]), int(m[5]))


# The first MicroPython release that reads each .mpy version (py/persistentcode.h MPY_VERSION, MPY_SUB_VERSION):
# 6.1 from 1.20, 6.2 from 1.22, 6.3 from 1.23; a release reads only its own .mpy version.
MPY_SINCE = {(6, 1): (1, 20, 0), (6, 2): (1, 22, 0), (6, 3): (1, 23, 0)}


def check_firmware(data: bytes, board: str, where: str) -> Firmware:
    """The firmware UF2 ``data`` checked for ``board`` (see the module's docstring); ImageError otherwise."""
    if board in REFUSED:
        raise ImageError(REFUSED[board])
    b = BOARDS[board]
    fw = binary_info(read_uf2(data, b.family, where))
    fw.sha256 = hashlib.sha256(data).hexdigest()
    if fw.program != "MicroPython":
        raise ImageError(f"{where}: not a MicroPython firmware (its build information names {fw.program or 'nothing'})")
    if fw.pico_board != b.pico_board:
        raise ImageError(f"{where}: MicroPython for board {fw.pico_board or '?'}, not {b.pico_board} ({b.release})")
    have = version_tuple(fw.version)
    (own, mpy) = mpy_cross_micropython()
    since = MPY_SINCE.get(mpy)
    if have is None or since is None or not since <= have <= own:
        raise ImageError(
            f"{where}: MicroPython {fw.version or '(no version)'} cannot run the pack: it is compiled to .mpy "
            f"v{mpy[0]}.{mpy[1]}, which MicroPython {'.'.join(map(str, since or own))} to "
            f"{'.'.join(map(str, own))} read; download one of those for {b.release}"
        )
    if (fw.fs_start, fw.fs_size) != (b.fs_start, b.fs_size):
        raise ImageError(
            f"{where}: this MicroPython keeps its file system at 0x{fw.fs_start:08x} ({fw.fs_size} bytes), not at "
            f"0x{b.fs_start:08x} ({b.fs_size} bytes) as {b.release}'s builds do: not imaged"
        )
    if max(fw.blocks) + PAYLOAD > b.fs_start:
        raise ImageError(f"{where}: the firmware runs into its own file system (up to 0x{max(fw.blocks):08x})")
    return fw


def box_files(board: str) -> dict[str, bytes]:
    """Path on the box -> contents: what ``kitapi deploy`` writes there (the driver in lib/ included)."""
    from kitapi_host.device.deploy import firmware_files, package_drivers

    return firmware_files(board, package_drivers(board), lib=True)


NEW_BOX_TEXT = b"kitapi image: this box was set up from an image; its first boot shows 'new box' and removes me\n"


def filesystem(board: str, files: dict[str, bytes]) -> bytes:
    """The littlefs image of the box's file system (the whole region): ``files``, ``data/`` empty, ``new_box.txt``.

    The parameters are MicroPython's for this mount: block size and count from rp2.Flash()'s ioctl (4096,
    MICROPY_HW_FLASH_STORAGE_BYTES / 4096), read 32 and prog 256 bytes (VfsLfs2's readsize default and
    _boot.py's progsize), lookahead 32 bytes, block_cycles 100, cache 4 * max(read, prog) = 1024
    (extmod/vfs_lfsx.c init_config), names up to 255 bytes (littlefs's LFS_NAME_MAX, which MicroPython keeps)."""
    from littlefs import LittleFS

    b = BOARDS[board]
    fs = LittleFS(
        block_size=BLOCK,
        block_count=b.fs_size // BLOCK,
        read_size=32,
        prog_size=256,
        cache_size=1024,
        lookahead_size=32,
        block_cycles=100,
        name_max=255,
    )
    for path, data in files.items():
        parts = path.split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            if not _exists(fs, d):
                fs.mkdir(d)
        with fs.open(path, "wb") as f:
            f.write(data)
    fs.mkdir("data")
    with fs.open(NEW_BOX, "wb") as f:
        f.write(NEW_BOX_TEXT)
    fs.unmount()
    return bytes(fs.context.buffer)


def _exists(fs: object, path: str) -> bool:
    try:
        fs.stat(path)  # type: ignore[attr-defined]
        return True
    except Exception:  # littlefs.errors.LittleFSError: not there
        return False


def uf2(blocks: list[tuple[int, bytes]], family: int) -> bytes:
    """UF2 blocks for (address, 256 bytes) in order, numbered 0..n-1 of n, with the family id."""
    n = len(blocks)
    out = bytearray()
    for i, (addr, data) in enumerate(blocks):
        head = struct.pack("<8I", *UF2_MAGIC, UF2_FAMILY_FLAG, addr, PAYLOAD, i, n, family)
        out += head + data + b"\0" * (476 - PAYLOAD) + struct.pack("<I", UF2_END)
    return bytes(out)


def build(firmware: Firmware, board: str, files: dict[str, bytes] | None = None) -> bytes:
    """The image: the firmware's blocks as they were, then the file system's, one UF2 numbered anew."""
    b = BOARDS[board]
    fs = filesystem(board, box_files(board) if files is None else files)
    blocks = sorted(firmware.blocks.items())
    blocks += [(b.fs_start + o, fs[o : o + PAYLOAD]) for o in range(0, len(fs), PAYLOAD)]
    return uf2(blocks, b.family)


# --- the download ---------------------------------------------------------------------------


def _get(url: str, limit: int) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            data = bytes(r.read(limit + 1))
    except urllib.error.HTTPError as e:
        raise ImageError(f"{url}: the server answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise ImageError(f"{url}: cannot download ({reason}); give the file with --micropython FILE.uf2") from None
    if len(data) > limit:
        raise ImageError(f"{url}: more than {limit} bytes: not a firmware for this board")
    return data


def download(board: str, version: str, site: str = DOWNLOAD, sha256: str | None = None) -> tuple[str, bytes]:
    """MicroPython's release file for the board and version: its name read from the board's download page
    (``SITE/download/RPI_PICO/``, whose links are ``/resources/firmware/RPI_PICO-YYYYMMDD-vX.Y.Z.uf2``), then
    the file; with ``sha256``, the file's hash must be it (MicroPython publishes none: docs/image.md)."""
    if board in REFUSED:
        raise ImageError(REFUSED[board])
    b = BOARDS[board]
    site = site.rstrip("/")
    page = _get(f"{site}/download/{b.release}/", 1 << 20).decode("utf-8", "replace")
    v = version.lstrip("v")
    names = re.findall(rf"/resources/firmware/({re.escape(b.release)}-\d{{8}}-v{re.escape(v)}\.uf2)\b", page)
    if not names:
        raise ImageError(f"{site}/download/{b.release}/: no release file of MicroPython v{v} for {b.release}")
    url = f"{site}/resources/firmware/{names[0]}"
    data = _get(url, _MAX_FIRMWARE)
    got = hashlib.sha256(data).hexdigest()
    if sha256 is not None and got != sha256.lower():
        raise ImageError(f"{url}: sha256 {got}, not the {sha256.lower()} given: not used")
    return url, data


# --- kitapi image ---------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "image",
        help="write one .uf2 for a new box (MicroPython and the box's files): drag it onto the Pico's drive",
    )
    p.add_argument("output", type=Path, metavar="OUT.uf2", help="the file to write")
    p.add_argument("--board", default="pico", help="the board (pico, pico_w; default pico)")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--micropython", type=Path, metavar="FILE.uf2", help="MicroPython's firmware for the board")
    src.add_argument("--download", action="store_true", help="download MicroPython's release file for the board")
    p.add_argument("--version", default="1.28.0", help="with --download: MicroPython's version (default 1.28.0)")
    p.add_argument("--sha256", help="with --download: the file's sha256, checked before use")
    p.add_argument("--site", default=DOWNLOAD, help=f"with --download: where from (default {DOWNLOAD})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        if args.board not in BOARDS and args.board not in REFUSED:
            raise ImageError(f"unknown board {args.board!r} (one of {', '.join(BOARDS)})")
        if args.download:
            where, data = download(args.board, args.version, args.site, args.sha256)
        else:
            where = str(args.micropython)
            try:
                data = args.micropython.read_bytes()[: _MAX_FIRMWARE + 1]
            except OSError as e:
                raise ImageError(f"{where}: cannot read it ({e.strerror})") from None
            if len(data) > _MAX_FIRMWARE:
                raise ImageError(f"{where}: more than {_MAX_FIRMWARE} bytes: not a firmware for this board")
        fw = check_firmware(data, args.board, where)
        image = build(fw, args.board)
        out: Path = args.output
        tmp = out.with_name(out.name + ".new")
        try:
            tmp.write_bytes(image)
            os.replace(tmp, out)
        except OSError as e:
            raise ImageError(f"{out}: cannot write it ({e.strerror})") from None
    except DeviceError as e:
        print(f"kitapi image: {e}", file=sys.stderr)
        return 1
    b = BOARDS[args.board]
    print(f"{out}: {len(image) // 512} UF2 blocks ({len(image) / 1024:.0f} KB) for {b.release}")
    print(f"  MicroPython {fw.version} from {where} (sha256 {fw.sha256})")
    print(f"  file system: littlefs at 0x{b.fs_start:08x}, {b.fs_size // BLOCK} blocks of {BLOCK} bytes")
    print("  files: main.py, kitapi.pack and its loader, board.py, lib/ssd1306.mpy, an empty data/")
    print("  DRAGGING THIS FILE ONTO A BOX ERASES ITS GAMES: sync them first (kitapi sync); to update a box,")
    print("  use kitapi deploy. A box set up from it says 'new box' on its first start.")
    return 0
