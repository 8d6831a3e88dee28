"""``kitapi deploy``: put the firmware on a Pico (or a ``kitapi simdevice``), keeping its game logs.

What it does, in order (docs/sync.md, "Deploy"):

1. connects with mpremote's transport (no soft reset) and reads the device's
   MicroPython: its ``.mpy`` version (``sys.implementation._mpy``) must be the
   one this PC's ``mpy-cross`` writes (the pack is bytecode: any arch runs it),
   else it says both MicroPythons and that the pack cannot run there, and
   writes nothing (``fit``); its machine names the board unless ``--board``
   does;
2. compiles ``firmware/kitapi`` with ``mpy-cross`` (the bytecode the device
   reads; the core then costs no RAM to compile at boot), and ``kitapi.hw.fast``
   as native code for the arch the device names (``_mpy`` >> 10: armv6m on a
   Pico; none for a device that runs no native code), into one file,
   ``kitapi.pack``, that ``main.py`` mounts at ``/pack`` (``firmware/kitapi_pack.py``:
   an import from it looks nothing up on the flash; every module in it is checked
   against its crc32 before its import, and a damaged pack is mended by deploying
   again: the pack differs from this one, so it is written);
3. puts the board's display driver into ``/lib`` as ``.mpy``: Kitapi's own
   ``ssd1306`` (``firmware/drivers/``, shipped in the package and compiled
   here, so a deploy needs no network), or with ``--index URL``
   micropython-lib's through mpremote's ``mip`` from that index; it goes into
   the pack too;
4. writes ``kitapi.pack``, ``kitapi_pack.mpy`` (its loader), ``kitapi_pack_bak.mpy``
   (the loader again, for ``main.py`` to draw the damaged-firmware screen with when
   the first is damaged), ``main.py`` and ``board.py`` (the board file, its wiring
   table readable on the device): each
   file whose sha256 on the device differs, as ``NAME.new`` then renamed over
   ``NAME``, in that order, so that a cut between two leaves a device that boots
   (``main.py`` imports from the files when there is no pack); then removes
   the files under ``kitapi/`` that an older deploy wrote, and their folders.
   Nothing else is touched: the game logs under ``/data`` stay as they are;
5. sets the device's clock from the PC's (the Pico has no battery-backed clock);
6. soft-resets the device, which boots the new firmware into its game.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import io
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from kitapi_host.device import pack
from kitapi_host.device.box import MOUNT_PACK, Device, DeviceError, open_device
from kitapi_host.device.pack import packed_modules, rescue_modules  # noqa: F401  (the tests take them from here)
from kitapi_host.mpy import CompileError, compiled, mpy_cross
from kitapi_host.names import device_source
from kitapi_host.resources import BOARDS, CIRCUITPYTHON, MAIN, core_sources, device_path
from kitapi_host.resources import DRIVERS as DRIVER_SOURCES

BOARD_NAMES = ("pico", "pico_w", "pico2", "simdev", "pico_circuitpython")
DRIVERS = {"pico": ("ssd1306",), "pico_w": ("ssd1306",), "pico2": ("ssd1306",), "simdev": (), "pico_circuitpython": ()}
# The boards whose hw is kitapi.hw.board_rp2's: their pack holds kitapi.hw.fast, native code for the box's arch
NATIVE_BOARDS = ("pico", "pico_w", "pico2")
MIP_INDEX = "https://micropython.org/pi/v2"  # mpremote's default: micropython-lib (--index for it by name)
_CHUNK = 1024  # bytes of a file per exec when writing (its repr is compiled on the device)

# Device code: _w(d, file, folder) calls file(p) for every file below the folder d, then folder(f) for every
# folder from the deepest up (d too); the others prefix it.
_WALK = """import os
def _w(d, file, folder=None):
    for n in os.listdir(d):
        p = d + '/' + n
        if os.stat(p)[0] & 0x4000:
            _w(p, file, folder)
        elif file:
            file(p)
    if folder:
        folder(d)
"""

# Lists "(path, sha256 hex)" for main.py, board.py, the pack and its loader, and every file below kitapi/.
HASHES = (
    _WALK
    + """import hashlib, binascii
def _h(p):
    h = hashlib.sha256()
    with open(p, 'rb') as f:
        while 1:
            b = f.read(512)
            if not b:
                break
            h.update(b)
    print(repr((p, binascii.hexlify(h.digest()).decode())))
for p in ('main.py', 'board.py', 'kitapi_board.py', 'boot.py', 'lib/framebuf.py', 'lib/ssd1306.mpy', 'kitapi.pack',
          'kitapi_pack.mpy', 'kitapi_pack_bak.mpy'):
    try:
        _h(p)
    except OSError:
        pass
try:
    _w('kitapi', _h)
except OSError:
    pass
"""
)


@dataclass
class Deployed:
    board: str = ""
    machine: str = ""
    micropython: str = ""
    mpy: str = ""
    drivers: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    bytes_written: int = 0
    clock: int = 0
    clock_error: str = ""
    fit: str = ""  # whether the pack can run on the box's MicroPython (Fit.line)


def _mpy_cross_says() -> str:
    return subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout


def mpy_cross_version() -> tuple[int, int]:
    """The .mpy version mpy-cross writes, from ``mpy-cross --version`` ("... emitting mpy v6.3")."""
    out = _mpy_cross_says()
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not m:
        raise DeviceError(f"cannot tell which .mpy version mpy-cross writes ({out.strip()!r})")
    return int(m[1]), int(m[2])


def pack_micropython() -> str:
    """The MicroPython version whose mpy-cross compiles the pack ("1.29.0"), from ``mpy-cross --version``
    ("MicroPython v1.29.0 on 2026-08-29; ..."), or "?"."""
    m = re.search(r"MicroPython v(\d+\.\d+(?:\.\d+)?)", _mpy_cross_says())
    return m[1] if m else "?"


# sys.implementation._mpy's bits 10 and up: the native code a port runs (MicroPython's py/persistentcode.h,
# MP_NATIVE_ARCH_*); the pack holds bytecode (mpy-cross without -march), which every arch runs, but for
# kitapi.hw.fast, native code for the box's arch (box_arch), which the firmware does without where it cannot load
ARCHES = ("bytecode", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp", "xtensa",
          "xtensawin", "rv32imc", "rv64imc")  # fmt: skip


@dataclass
class Fit:
    """Whether the pack this PC compiles can run on a box (``fit``): the box's MicroPython and the pack's."""

    box_micropython: str
    box_mpy: str  # "v6.3"
    box_arch: str
    pack_micropython: str
    pack_mpy: str
    ok: bool

    def line(self) -> str:
        """One line: both MicroPythons and whether the pack can run there."""
        said = (
            f"the box runs MicroPython {self.box_micropython} (.mpy {self.box_mpy}, {self.box_arch}); "
            f"this kitapi's pack is compiled for MicroPython {self.pack_micropython} (.mpy {self.pack_mpy}, "
            "bytecode for any arch): "
        )
        if self.ok:
            return said + "it can run there"
        return said + f"it cannot run there: put a MicroPython that reads .mpy {self.pack_mpy} on the box"


def fit(box_version: str, box_mpy: int) -> Fit:
    """``Fit`` of a box whose MicroPython is ``box_version`` with ``sys.implementation._mpy`` ``box_mpy`` (0 if
    it has none: a port built without .mpy import).  The pack is bytecode, so the box must read its .mpy
    version and sub-version exactly (MicroPython's rule for bytecode); its arch does not matter."""
    have = (box_mpy & 0xFF, (box_mpy >> 8) & 3)
    want = mpy_cross_version()
    arch = box_mpy >> 10
    return Fit(
        box_micropython=box_version,
        box_mpy=f"v{have[0]}.{have[1]}" if box_mpy else "none",
        box_arch=ARCHES[arch] if 0 <= arch < len(ARCHES) else f"arch {arch}",
        pack_micropython=pack_micropython(),
        pack_mpy=f"v{want[0]}.{want[1]}",
        ok=box_mpy > 0 and have == want,
    )


def box_arch(box_mpy: int) -> str | None:
    """The native code a box with ``sys.implementation._mpy`` ``box_mpy`` runs, by mpy-cross's ``-march`` name
    ("armv6m": a Pico's RP2040), or None (bytecode alone)."""
    arch = box_mpy >> 10
    return ARCHES[arch] if 0 < arch < len(ARCHES) else None


def guess_board(machine: str) -> str | None:
    """The board file for ``sys.implementation._machine`` ("Raspberry Pi Pico W with RP2040"...), or None."""
    m = machine.lower()
    two = re.search(r"pico ?2", m) is not None
    wireless = re.search(r"pico ?2? ?w\b", m) is not None
    if two and wireless:
        return None  # a Pico 2 W: no board file yet (its VSYS reading is the Pico W's)
    if two:
        return "pico2"
    if wireless:
        return "pico_w"
    if "pico" in m:
        return "pico"
    if m.startswith("linux"):  # the unix port: kitapi simdevice
        return "simdev"
    return None


def package_drivers(board: str) -> dict[str, bytes]:
    """The board's display driver from the package (``firmware/drivers/NAME.py``) compiled with the pinned
    mpy-cross: module path -> .mpy, as mip would leave it in lib/."""
    names = DRIVERS[board]
    try:
        built = compiled("drivers", {f"{n}.py": DRIVER_SOURCES / f"{n}.py" for n in names})
    except CompileError as e:
        raise DeviceError(f"mpy-cross refused {e}") from None
    return {f"{n}.mpy": (built / f"{n}.mpy").read_bytes() for n in names}


def firmware_files(
    board: str, drivers: dict[str, bytes] | None = None, lib: bool = False, arch: str | None = None
) -> dict[str, bytes]:
    """Path on the device -> contents, in the order written: the pack of the compiled core and app (and of
    ``drivers``, module path -> .mpy, the display driver; and on NATIVE_BOARDS kitapi.hw.fast for ``arch``, the
    box's: box_arch), its loader and the loader's second copy, main.py and board.py; with ``lib``, the drivers in
    lib/ too (first: mip's place for them, which a deploy with ``--index`` fills itself)."""
    try:
        built, sources = pack.compiled_firmware(board)
    except CompileError as e:
        raise DeviceError(f"mpy-cross refused {e}") from None
    board_py = sources["board.py"].read_bytes()
    try:
        modules = pack.packed(built, pack.native_modules(arch) if board in NATIVE_BOARDS else None)
    except CompileError as e:
        raise DeviceError(f"mpy-cross refused {e}") from None
    loader = pack.loader((built / "kitapi_pack.mpy").read_bytes())
    if drivers:  # after the board file, with what draws (a pack cut short keeps them)
        first = dict(list(modules.items())[:1])
        modules = {**first, **drivers, **{p: d for p, d in modules.items() if p not in first}}
    return {
        **({f"lib/{p}": d for p, d in drivers.items()} if drivers and lib else {}),
        "kitapi.pack": pack.build(modules, {"board.mpy": ("board.py", board_py)}),
        "kitapi_pack.mpy": loader,
        "kitapi_pack_bak.mpy": loader,  # its second copy: main.py imports it when the first is damaged
        "main.py": MAIN.read_bytes(),
        "board.py": board_py,
    }


def circuitpython_files(board: str) -> dict[str, bytes]:
    """Path on a CircuitPython device -> contents.

    The sources, not .mpy: CircuitPython reads its own .mpy format, not
    MicroPython's, so it compiles the .py files at import.  The board file is
    ``kitapi_board.py`` (CircuitPython's ``board`` names the pins); ``boot.py``
    gives the firmware write access to the flash; ``lib/framebuf.py`` is the
    framebuf CircuitPython lacks.
    """
    files = {
        "main.py": MAIN.read_bytes(),
        "boot.py": (CIRCUITPYTHON / "boot.py").read_bytes(),
        "kitapi_board.py": (BOARDS / f"{board}.py").read_bytes(),
        "lib/framebuf.py": (CIRCUITPYTHON / "framebuf.py").read_bytes(),
    }
    for src in core_sources():
        files[device_path(src)] = device_source(device_path(src), src)  # (the systems' names written in)
    return files


def circuitpython_drivers() -> dict[str, bytes]:
    """adafruit_ssd1306 and adafruit_bus_device from this PC's Python packages (when circup is not there)."""
    import importlib.util

    # found, not imported: on the PC they would need CircuitPython's modules
    ssd = importlib.util.find_spec("adafruit_ssd1306")
    bus = importlib.util.find_spec("adafruit_bus_device")
    if ssd is None or ssd.origin is None or bus is None or not bus.submodule_search_locations:
        raise DeviceError(
            "no display driver to put on the device: install circup (pip install circup), which fetches "
            "adafruit_ssd1306 for the device's CircuitPython"
        )
    out = {"lib/adafruit_ssd1306.py": Path(ssd.origin).read_bytes()}
    pkg = Path(list(bus.submodule_search_locations)[0])
    for f in sorted(pkg.glob("*.py")):
        out[f"lib/adafruit_bus_device/{f.name}"] = f.read_bytes()
    return out


def deploy_drive(path: Path, board: str | None, use_circup: bool = True) -> Deployed:
    """Deploy onto a CircuitPython device's CIRCUITPY drive (writable by the PC): files written as
    NAME.new then renamed, only those that changed; data/ is never touched."""
    import shutil

    out = Deployed(board=board or "pico_circuitpython", machine="CircuitPython (CIRCUITPY drive)")
    if out.board != "pico_circuitpython":
        raise DeviceError(f"{path}: a CIRCUITPY drive takes --board pico_circuitpython, not {out.board}")
    boot = (path / "boot_out.txt").read_text(errors="replace")[:4096]
    out.micropython = boot.splitlines()[0][:80] if boot else "CircuitPython"
    files = circuitpython_files(out.board)
    circup = shutil.which("circup") if use_circup else None
    if circup:
        p = subprocess.run([circup, "--path", str(path), "install", "adafruit_ssd1306"], capture_output=True,
                           text=True, timeout=300)  # fmt: skip
        if p.returncode:
            raise DeviceError(f"{path}: circup could not install adafruit_ssd1306: {p.stderr.strip()[-200:]}")
        out.drivers.append("adafruit_ssd1306 (circup)")
    else:
        files.update(circuitpython_drivers())
        out.drivers.append("adafruit_ssd1306 and adafruit_bus_device (from this PC's packages; no circup)")
    for rel, data in files.items():
        target = path / rel
        if target.is_file() and target.read_bytes() == data:
            out.unchanged.append(rel)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".new")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, target)
        except OSError as e:
            raise DeviceError(f"{path}: cannot write {rel} ({e.strerror}): is the drive read-only? "
                              "Power the box on with * held to get the drive back") from None  # fmt: skip
        out.written.append(rel)
        out.bytes_written += len(data)
    kit = path / "kitapi"
    for f in sorted(kit.rglob("*")) if kit.is_dir() else []:
        rel = f.relative_to(path).as_posix()
        if f.is_file() and rel not in files:
            f.unlink()
            out.removed.append(rel)
    os.sync()
    return out


# Before writing: the pack the running firmware mounted is let go (its file is open).
_UNMOUNT = """import sys, vfs
try:
    vfs.umount('/pack')
except OSError:
    pass
if '/pack' in sys.path:
    sys.path.remove('/pack')
"""

# After removing an older deploy's files below kitapi/: the folders left empty, deepest first.
_RMDIRS = (
    _WALK
    + """def _rm(d):
    try:
        os.rmdir(d)
    except OSError:
        pass
try:
    _w('kitapi', None, _rm)
except OSError:
    pass
"""
)


def _device_hashes(dev: Device) -> dict[str, str]:
    out = dev.run(HASHES).decode("utf-8", "replace")
    hashes: dict[str, str] = {}
    for line in out.splitlines():
        try:
            path, digest = ast.literal_eval(line.strip())
        except (ValueError, SyntaxError, TypeError):
            continue
        if isinstance(path, str) and isinstance(digest, str):
            hashes[path] = digest
    return hashes


def _write(dev: Device, path: str, data: bytes) -> None:
    """Write ``path`` on the device as ``path.new``, then rename it over ``path``."""
    parts = path.split("/")
    for i in range(1, len(parts)):
        d = "/".join(parts[:i])
        dev.run(f"import os\ntry:\n os.mkdir({d!r})\nexcept OSError:\n pass")
    new = path + ".new"
    dev.run(f"f=open({new!r},'wb')\nw=f.write")
    for i in range(0, len(data), _CHUNK):
        dev.run(f"w({data[i : i + _CHUNK]!r})")
    dev.run(f"f.close()\nimport os\nos.rename({new!r},{path!r})")


def installed_drivers(dev: Device, packages: tuple[str, ...]) -> dict[str, bytes]:
    """The .mpy that mip put in lib/ for ``packages`` (one module each: ``ssd1306``), read back: they go into
    the pack too, where their bytes are checked before each import (firmware/kitapi_pack.py) and found without
    a search of the flash; lib/ keeps its copy.  A package mip did not leave as one .mpy stays in lib/ alone."""
    out: dict[str, bytes] = {}
    for name in packages:
        got = dev.call(
            f"import binascii\ntry:\n with open('lib/{name}.mpy', 'rb') as f:\n  b = f.read()\n"
            "except OSError:\n b = b''\nprint(repr(binascii.hexlify(b).decode()))"
        )
        try:
            data = bytes.fromhex(got) if isinstance(got, str) else b""
        except ValueError:
            data = b""
        if data[:1] == b"M":  # a .mpy (its first byte); anything else is not packed
            out[f"{name}.mpy"] = data
    return out


def _mip(dev: Device, package: str, index: str) -> None:
    """``mpremote mip install --target lib PACKAGE`` through mpremote's own code, on this connection."""
    from mpremote.commands import CommandError, do_resume  # type: ignore[import-untyped]
    from mpremote.main import State  # type: ignore[import-untyped]
    from mpremote.mip import do_mip  # type: ignore[import-untyped]

    state = State()
    state.transport = dev.t
    do_resume(state)  # mpremote's ``resume`` command: no soft reset (the unix port's process would end)
    args = argparse.Namespace(command=["install"], packages=[package], index=index, target="lib", mpy=True)
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            do_mip(state, args)
    except CommandError as e:
        raise DeviceError(f"{dev.where}: mip could not install {package} from {index}: {e}") from None
    except OSError as e:
        raise DeviceError(f"{dev.where}: mip could not install {package} from {index}: {e}") from None


def deploy(dev: Device, board: str | None, index: str | None = None, set_clock: bool = True) -> Deployed:
    """Deploy the firmware through ``dev`` (raw REPL entered, no hello); see the module's docstring.  ``index``:
    the display driver from that mip index, else (None) the package's."""
    out = Deployed()
    info = dev.call(
        "import sys\nprint(repr((getattr(sys.implementation, '_mpy', 0), "
        "getattr(sys.implementation, '_machine', ''), '.'.join(str(v) for v in sys.implementation.version[:3]))))"
    )
    if not (isinstance(info, tuple) and len(info) == 3 and isinstance(info[0], int)):
        raise DeviceError(f"{dev.where}: the device does not say which MicroPython it runs")
    mpy, machine, version = info
    out.machine, out.micropython = str(machine)[:80], str(version)[:80]
    circuitpython = dev.call("import sys\nprint(repr(sys.implementation.name))") == "circuitpython"
    out.mpy = f"v{mpy & 0xFF}.{(mpy >> 8) & 3}" if not circuitpython else "(sources: CircuitPython compiles them)"
    if circuitpython:
        board = board or "pico_circuitpython"
        if board != "pico_circuitpython":
            raise DeviceError(f"{dev.where}: the device runs CircuitPython: --board pico_circuitpython")
    else:  # said before anything is written: whether the pack can run on the box's MicroPython
        f = fit(out.micropython, mpy)
        out.fit = f.line()
        if not f.ok:
            raise DeviceError(f"{dev.where}: {out.fit}; nothing was written")
    chosen = board or guess_board(out.machine)
    if chosen is None:
        raise DeviceError(f"{dev.where}: cannot tell the board from {out.machine!r}: name it with --board")
    if chosen not in BOARD_NAMES:
        raise DeviceError(f"unknown board {chosen!r} (one of {', '.join(BOARD_NAMES)})")
    out.board = chosen

    if index is not None:
        for package in DRIVERS[chosen]:
            _mip(dev, package, index)
            out.drivers.append(f"{package} (mip from {index}, into lib/; and into kitapi.pack)")
    else:
        out.drivers += [f"{p} (Kitapi's, from this PC's package: into lib/ and kitapi.pack)" for p in DRIVERS[chosen]]
    if circuitpython:
        files = circuitpython_files(chosen)
        files.update(circuitpython_drivers())  # circup needs the drive; over the serial port: this PC's copy
        out.drivers.append("adafruit_ssd1306 and adafruit_bus_device (from this PC's packages)")
    elif index is not None:
        files = firmware_files(chosen, installed_drivers(dev, DRIVERS[chosen]), arch=box_arch(mpy))
    else:
        files = firmware_files(chosen, package_drivers(chosen), lib=True, arch=box_arch(mpy))
    there = _device_hashes(dev)
    if not circuitpython:
        dev.run(_UNMOUNT)  # the running firmware's pack: its file is open
    for path, data in files.items():
        if there.get(path) == hashlib.sha256(data).hexdigest():
            out.unchanged.append(path)
            continue
        _write(dev, path, data)
        out.written.append(path)
        out.bytes_written += len(data)
    for path in sorted(there):
        if path.startswith("kitapi/") and path not in files:
            dev.run(f"import os\nos.remove({path!r})")
            out.removed.append(path)
    if out.removed:
        dev.run(_RMDIRS)
    if set_clock:
        # through the new board file; if it cannot load here (a board file for other
        # hardware), the firmware is in place all the same: say so, and go on
        now = int(time.time())
        try:
            got = dev.call(f"{MOUNT_PACK}import board\nboard.set_clock({now})\nprint(repr(board.clock()))")
            out.clock = got if isinstance(got, int) else 0
        except DeviceError as e:
            out.clock_error = str(e).rsplit(": ", 1)[-1]
    return out


# --- kitapi deploy -----------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "deploy",
        help="put the firmware on the device (compiled with mpy-cross), keeping its game logs; set its clock",
    )
    p.add_argument(
        "--device", "-d", default="auto", metavar="CONNECT", help="auto (default), a serial port, socket://HOST:PORT..."
    )
    p.add_argument("--board", choices=BOARD_NAMES, help="the board file (default: from the device's machine name)")
    p.add_argument(
        "--index",
        metavar="URL",
        help="install the display driver with mip from this package index (micropython-lib's is "
        f"{MIP_INDEX}); default: Kitapi's own driver from this package, no network",
    )
    p.add_argument("--no-circup", action="store_true", help="CIRCUITPY drive: copy the driver instead of using circup")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from kitapi_host.device.drive import is_drive

    dev: Device | None = None
    try:
        if is_drive(args.device):
            d = deploy_drive(Path(args.device), args.board, use_circup=not args.no_circup)
            print(f"drive {args.device}: {d.micropython}")
            print(f"  board file: boards/{d.board}.py as kitapi_board.py; boot.py; lib/framebuf.py")
            for drv in d.drivers:
                print(f"  display driver: {drv}")
            print(
                f"  firmware (sources): {len(d.written)} file(s) written ({d.bytes_written / 1024:.1f} KB), "
                f"{len(d.unchanged)} unchanged, {len(d.removed)} removed"
            )
            print("  game logs: untouched")
            print("  clock: not set (a drive has no clock: `kitapi sync` over the serial port sets it)")
            print("  eject the drive, then reset the box: boot.py makes the flash the firmware's")
            return 0
        dev = open_device(args.device, check=False)
        d = deploy(dev, args.board, args.index)
    except DeviceError as e:
        print(f"kitapi deploy: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("kitapi deploy: interrupted; run it again (the game logs were not touched)", file=sys.stderr)
        return 130
    finally:
        if dev is not None:
            dev.close()  # a soft reset: the new firmware boots
    print(f"device {dev.where if dev else args.device}: {d.machine}, MicroPython {d.micropython}, .mpy {d.mpy}")
    if d.fit:
        print(f"  {d.fit}")
    print(f"  board file: boards/{d.board}.py as board.py")
    for drv in d.drivers:
        print(f"  display driver: {drv}")
    print(
        f"  firmware: {len(d.written)} file(s) written ({d.bytes_written / 1024:.1f} KB), "
        f"{len(d.unchanged)} unchanged, {len(d.removed)} removed"
    )
    print("  game logs: untouched")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(d.clock)) if d.clock else "not set"
    if d.clock_error:
        when += f" (the board file failed: {d.clock_error})"
    print(f"  clock: {when}")
    print("  reset: the device restarts with the new firmware")
    return 0
