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
import contextlib
import hashlib
import math
import os
import re
import stat
import struct
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

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
TIMEOUT = 120.0  # seconds for the whole download (--timeout): connect, the page, the file
_MAX_TIMEOUT = 3600.0

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
    arch: str = "armv6m"  # the native code it runs (sys.implementation._mpy >> 10): kitapi.hw.fast's, in the pack


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


class Refused(ImageError):
    """What was given cannot be used as given (a path that is not a file, a file too big, an option's value):
    one line, exit status 2, before any work is done."""


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, for a message."""
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def read_firmware(path: str, limit: int = _MAX_FIRMWARE) -> bytes:
    """The file at ``path``, refused (Refused) unless it is a regular file of at most ``limit`` bytes.

    It is opened without blocking (a FIFO with no writer would block an open for reading) and looked at with
    fstat before a byte is read: a device, FIFO, folder or socket is refused, and so is a file whose size is
    over the limit (a 4 GB sparse file is not read); at most ``limit`` + 1 bytes are read, so a file that
    grows meanwhile is refused too."""
    if not path:
        raise Refused("--micropython: the file's name is empty")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        with contextlib.suppress(OSError):  # a socket cannot be opened (ENXIO): say what it is
            mode = os.stat(path).st_mode
            if not stat.S_ISREG(mode):
                raise Refused(f"{path}: {_kind(mode)}, not a firmware file (.uf2)") from None
        raise Refused(f"{path}: cannot read it ({e.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(f"{path}: {_kind(st.st_mode)}, not a firmware file (.uf2)")
        if st.st_size > limit:
            raise Refused(f"{path}: {st.st_size} bytes, more than a firmware for the RP2040 has ({limit} at most)")
        data = bytearray()
        while len(data) <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - len(data)))
            if not chunk:
                break
            data += chunk
    except OSError as e:
        raise Refused(f"{path}: cannot read it ({e.strerror})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise Refused(f"{path}: more than {limit} bytes, more than a firmware for the RP2040 has")
    return bytes(data)


def check_output(out: str) -> None:
    """Refused (exit status 2) unless ``out`` names a file that does not exist or is a regular file: a folder,
    a device (``/dev/full``), a FIFO or a socket is never replaced by the image."""
    if not out:
        raise Refused("the output file's name is empty: name the file to write (OUT.uf2), or - for stdout")
    if out.endswith(("/", os.sep)) or os.path.basename(out) in (".", ".."):
        raise Refused(f"{out}: a folder, not a file: name the file to write in it (OUT.uf2)")
    try:
        mode = os.stat(out).st_mode
    except (OSError, ValueError):
        return  # not there (or not reachable): writing it says what is wrong
    if not stat.S_ISREG(mode):
        raise Refused(f"{out}: {_kind(mode)}, not a file: not replaced; name the file to write (OUT.uf2)")


def write_image(out: str, data: bytes) -> None:
    """``data`` into the file ``out``, whole or not at all: written beside it as ``OUT.PID.new`` (created anew,
    never an existing file), flushed to the disk and renamed over it.  The temporary file is removed on any
    failure: a write error (ENOSPC, EFBIG), an interrupt.  A symbolic link is written through (the file it names
    is replaced, as cp does)."""
    check_output(out)
    target = os.path.realpath(out) if os.path.islink(out) else out
    folder, name = os.path.split(target)
    tmp = os.path.join(folder, f"{name}.{os.getpid()}.new")
    fd = -1
    try:  # (from before the open: an interrupt just after it still removes the file)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError as e:
            raise ImageError(f"{out}: cannot write it ({e.strerror})") from None
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        check_output(out)  # (again: what appeared there meanwhile is not replaced either)
        os.replace(tmp, target)
    except BaseException as e:
        if not (fd < 0 and isinstance(e, ImageError)):  # (not when the file could not be made: not ours)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(e, OSError):
            raise ImageError(f"{out}: cannot write it ({e.strerror}); nothing written") from None
        raise


def write_stdout(data: bytes) -> None:
    """``data`` to stdout (``kitapi image -``), which must not be a terminal."""
    stream = sys.stdout
    if stream.isatty():
        raise Refused("-: stdout is a terminal, not a file: redirect it (kitapi image - > OUT.uf2) or name a file")
    buf = getattr(stream, "buffer", None)
    if buf is None:
        raise ImageError("stdout: it takes text only here, not an image: name a file")
    try:
        stream.flush()
        buf.write(data)
        buf.flush()
    except OSError as e:  # (a closed pipe too: a UF2 cut short must not pass unnoticed)
        raise ImageError(f"stdout: cannot write the image ({e.strerror or e})") from None


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

    return firmware_files(board, package_drivers(board), lib=True, arch=BOARDS[board].arch)


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


def check_site(site: str) -> str:
    """``--site``: an http:// or https:// address with a host, and no user, password, query or fragment
    (Refused otherwise, without printing a password)."""
    bad = Refused(f"--site {site}: not an http:// or https:// address of a site (as {DOWNLOAD})")
    try:
        u = urllib.parse.urlsplit(site)
        host, _port = u.hostname, u.port  # (a port out of range or not a number: ValueError)
    except ValueError:
        raise bad from None
    if u.username is not None or u.password is not None:
        raise Refused("--site: a user or password in the address is not taken (give a site without one)")
    if u.scheme.lower() not in ("http", "https") or not host or u.query or u.fragment:
        raise bad
    return site.rstrip("/")


@dataclass(frozen=True)
class Deadline:
    """When the whole download must be done: ``seconds`` (``--timeout``) from its start (time.monotonic)."""

    seconds: float
    end: float

    @classmethod
    def start(cls, seconds: float) -> Deadline:
        return cls(seconds, time.monotonic() + seconds)

    def left(self) -> float:
        return max(0.0, self.end - time.monotonic())


def _late(url: str, deadline: Deadline) -> ImageError:
    return ImageError(
        f"{url}: not downloaded within {deadline.seconds:g} s (--timeout); give the file with --micropython FILE.uf2"
    )


def _fetch(url: str, limit: int, deadline: Deadline) -> bytes:
    """``url``'s body, at most ``limit`` bytes; each socket operation waits for what is left of the deadline."""
    try:
        with urllib.request.urlopen(url, timeout=max(deadline.left(), 0.01)) as r:
            data = bytearray()
            while len(data) <= limit:
                chunk = r.read1(1 << 16)  # (what one read of the socket gives: the deadline is looked at after each)
                if not chunk:
                    break
                data += chunk
                if deadline.left() <= 0:
                    raise _late(url, deadline)
    except urllib.error.HTTPError as e:
        raise ImageError(f"{url}: the server answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        if deadline.left() <= 0:
            raise _late(url, deadline) from None
        reason = getattr(e, "reason", e)
        raise ImageError(f"{url}: cannot download ({reason}); give the file with --micropython FILE.uf2") from None
    if len(data) > limit:
        raise ImageError(f"{url}: more than {limit} bytes: not a firmware for this board")
    return bytes(data)


def _get(url: str, limit: int, deadline: Deadline) -> bytes:
    """``_fetch`` in a thread of its own, waited for until the deadline and no longer: the deadline holds whatever
    the network does (a name that takes long to resolve, a server that sends a byte now and then, in its
    headers or its body); a thread given up on ends at its next socket operation, or with the process."""
    got: list[bytes | BaseException] = []

    def fetch() -> None:
        try:
            got.append(_fetch(url, limit, deadline))
        except BaseException as e:  # (handed to the command's thread)
            got.append(e)

    t = threading.Thread(target=fetch, name="kitapi image: download", daemon=True)
    t.start()
    t.join(deadline.left())
    if not got:
        raise _late(url, deadline)
    if isinstance(got[0], BaseException):
        raise got[0]
    return got[0]


def download(
    board: str, version: str, site: str = DOWNLOAD, sha256: str | None = None, timeout: float = TIMEOUT
) -> tuple[str, bytes]:
    """MicroPython's release file for the board and version: its name read from the board's download page
    (``SITE/download/RPI_PICO/``, whose links are ``/resources/firmware/RPI_PICO-YYYYMMDD-vX.Y.Z.uf2``), then
    the file, both within ``timeout`` seconds; with ``sha256``, the file's hash must be it (MicroPython
    publishes none: docs/image.md)."""
    if board in REFUSED:
        raise ImageError(REFUSED[board])
    b = BOARDS[board]
    site = check_site(site)
    deadline = Deadline.start(timeout)
    page = _get(f"{site}/download/{b.release}/", 1 << 20, deadline).decode("utf-8", "replace")
    v = version.lstrip("v")
    names = re.findall(rf"/resources/firmware/({re.escape(b.release)}-\d{{8}}-v{re.escape(v)}\.uf2)\b", page)
    if not names:
        raise ImageError(f"{site}/download/{b.release}/: no release file of MicroPython v{v} for {b.release}")
    url = f"{site}/resources/firmware/{names[0]}"
    data = _get(url, _MAX_FIRMWARE, deadline)
    check_sha256(data, sha256, url)
    return url, data


def check_sha256(data: bytes, sha256: str | None, where: str) -> None:
    """With ``sha256`` (``--sha256``, 64 hex digits), ``data``'s hash must be it: ImageError otherwise."""
    got = hashlib.sha256(data).hexdigest()
    if sha256 is not None and got != sha256.lower():
        raise ImageError(f"{where}: sha256 {got}, not the {sha256.lower()} given: not used")


# --- kitapi image ---------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "image",
        help="write one .uf2 for a new box (MicroPython and the box's files): drag it onto the Pico's drive",
    )
    p.add_argument(
        "output",
        metavar="OUT.uf2",
        help="the file to write (a new file, or a regular file it replaces); - writes the image to stdout, "
        "which must not be a terminal, and what the command says goes to stderr",
    )
    p.add_argument("--board", default="pico", help="the board (pico, pico_w; default pico)")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument(
        "--micropython",
        metavar="FILE.uf2",
        help=f"MicroPython's firmware for the board (a regular file of {_MAX_FIRMWARE >> 20} MiB at most)",
    )
    src.add_argument("--download", action="store_true", help="download MicroPython's release file for the board")
    p.add_argument("--version", help="with --download: MicroPython's version (default 1.28.0)")
    p.add_argument(
        "--sha256", metavar="HEX", help="the firmware file's sha256 (downloaded or given), checked before use"
    )
    p.add_argument("--site", help=f"with --download: where from, an http:// or https:// address (default {DOWNLOAD})")
    p.add_argument(
        "--timeout",
        metavar="SECONDS",
        help=f"with --download: the whole download's time (connect, the page, the file; default {TIMEOUT:g})",
    )
    p.set_defaults(func=run)


def _timeout(text: str | None) -> float:
    if text is None:
        return TIMEOUT
    try:
        t = float(text)
    except ValueError:
        t = math.nan
    if not 0 < t <= _MAX_TIMEOUT:  # (nan too)
        raise Refused(f"--timeout {text}: not a number of seconds above 0 and up to {_MAX_TIMEOUT:g}")
    return t


def _options(args: argparse.Namespace) -> float:
    """The options checked before any work (Refused), and the download's timeout."""
    if args.board not in BOARDS and args.board not in REFUSED:
        raise Refused(f"unknown board {args.board!r} (one of {', '.join(BOARDS)})")
    if not args.download:
        for name in ("version", "site", "timeout"):
            if getattr(args, name) is not None:
                raise Refused(f"--{name} goes with --download, not with --micropython")
    if args.sha256 is not None and not re.fullmatch(r"[0-9a-fA-F]{64}", args.sha256):
        raise Refused(f"--sha256 {args.sha256}: not a sha256 (64 hex digits)")
    if args.download:
        check_site(DOWNLOAD if args.site is None else args.site)
    if args.output != "-":
        check_output(args.output)
        if args.micropython:
            with contextlib.suppress(OSError, ValueError):
                if os.path.samefile(args.output, args.micropython):
                    raise Refused(f"{args.output}: the firmware file itself: name another file for the image")
    return _timeout(args.timeout)


def run(args: argparse.Namespace) -> int:
    out: str = args.output
    try:
        timeout = _options(args)
        if args.download:
            version = "1.28.0" if args.version is None else args.version
            site = DOWNLOAD if args.site is None else args.site
            where, data = download(args.board, version, site, args.sha256, timeout)
        else:
            where = args.micropython
            data = read_firmware(where)
            check_sha256(data, args.sha256, where)
        fw = check_firmware(data, args.board, where)
        image = build(fw, args.board)
        if out == "-":
            write_stdout(image)
        else:
            write_image(out, image)
    except Refused as e:
        print(f"kitapi image: {e}", file=sys.stderr)
        return 2
    except DeviceError as e:
        print(f"kitapi image: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        lost = "what stdout has is not a whole image" if out == "-" else f"{out} not written"
        print(f"kitapi image: interrupted; {lost}", file=sys.stderr)
        return 130
    b = BOARDS[args.board]
    say = sys.stderr if out == "-" else sys.stdout
    name = "stdout" if out == "-" else out
    print(f"{name}: {len(image) // 512} UF2 blocks ({len(image) / 1024:.0f} KB) for {b.release}", file=say)
    print(f"  MicroPython {fw.version} from {where} (sha256 {fw.sha256})", file=say)
    print(f"  file system: littlefs at 0x{b.fs_start:08x}, {b.fs_size // BLOCK} blocks of {BLOCK} bytes", file=say)
    print("  files: main.py, kitapi.pack and its loader, board.py, lib/ssd1306.mpy, an empty data/", file=say)
    print("  DRAGGING THIS FILE ONTO A BOX ERASES ITS GAMES: sync them first (kitapi sync); to update a box,", file=say)
    print("  use kitapi deploy. A box set up from it says 'new box' on its first start.", file=say)
    return 0
