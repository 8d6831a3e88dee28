"""``kitapi.pack``: the firmware's compiled modules in one file, for a stock Pico to import without lookups.

The device side, and why, is ``firmware/kitapi_pack.py`` (its docstring gives the file's layout);
this builds the file ``kitapi deploy`` writes.
"""

from __future__ import annotations

import subprocess
import tempfile
import zlib
from pathlib import Path

from kitapi_host.mpy import mpy_cross

MAGIC = b"KPK1"
INDEX = "kitapi_pack_index"  # (firmware/kitapi_pack.py's _INDEX)


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


def index_source(modules: dict[str, bytes], sources: dict[str, tuple[str, bytes]]) -> str:
    """The index module's source: ``d`` maps each folder to -1 and each path to (offset, length); ``s`` maps
    a module compiled from a source file kept on the device to (that file's name, its crc32)."""
    lines = ["# kitapi.pack's index (kitapi_host.device.pack): path -> (offset after the index, length); -1: a folder"]
    lines.append("d = {")
    lines += [f"    {f!r}: -1," for f in folders(list(modules))]
    offset = 0
    for path, data in modules.items():
        lines.append(f"    {path!r}: ({offset}, {len(data)}),")
        offset += len(data)
    lines.append("}")
    lines.append("# served only while the source file is as it was packed")
    lines.append("s = {" + ", ".join(f"{m!r}: ({n!r}, {zlib.crc32(b)})" for m, (n, b) in sources.items()) + "}")
    return "\n".join(lines) + "\n"


def build(modules: dict[str, bytes], sources: dict[str, tuple[str, bytes]] | None = None) -> bytes:
    """The pack of ``modules`` (path below /pack -> .mpy bytes).  ``sources``: for a module compiled from a
    file that stays on the device beside the pack (board.py), the module's path -> (the file's name, its
    bytes): the device imports that module from the pack only while the file is unchanged."""
    sources = sources or {}
    for path in modules:
        if not path.endswith(".mpy") or path.startswith("/") or "//" in path or " " in path:
            raise ValueError(f"not a module's path in a pack: {path!r}")
    for path in sources:
        if path not in modules:
            raise ValueError(f"{path!r} is not in the pack")
    with tempfile.TemporaryDirectory() as d:
        src, out = Path(d) / f"{INDEX}.py", Path(d) / f"{INDEX}.mpy"
        src.write_text(index_source(modules, sources))
        proc = subprocess.run([mpy_cross(), "-s", INDEX, "-o", str(out), str(src)], capture_output=True, text=True)
        if proc.returncode:
            raise RuntimeError(f"mpy-cross refused the pack's index: {(proc.stderr or proc.stdout).strip()}")
        index = out.read_bytes()
    return MAGIC + len(index).to_bytes(4, "little") + index + b"".join(modules.values())
