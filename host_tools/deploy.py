"""``kitapi deploy``: put the firmware on a Pico (or a ``kitapi simdevice``), keeping its game logs.

What it does, in order (docs/sync.md, "Deploy"):

1. connects with mpremote's transport (no soft reset) and reads the device's
   MicroPython: its ``.mpy`` version (``sys.implementation._mpy``) must be the
   one this PC's ``mpy-cross`` writes, and its machine names the board unless
   ``--board`` does;
2. compiles ``firmware/kitapi`` with ``mpy-cross`` (the bytecode the device
   reads; the core then costs no RAM to compile at boot);
3. installs the board's display driver with mpremote's ``mip`` (``ssd1306``
   from micropython-lib into ``/lib``, as ``.mpy``);
4. writes ``main.py``, ``board.py`` (the board file, its wiring table
   readable on the device) and ``kitapi/**.mpy``: each file whose sha256 on the
   device differs, as ``NAME.new`` then renamed over ``NAME``; files under
   ``kitapi/`` that the new firmware does not have are removed.  Nothing else
   is touched: the game logs under ``/data`` stay as they are;
5. sets the device's clock from the PC's (the Pico has no battery-backed clock);
6. soft-resets the device, which boots the new firmware into its game.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import io
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field

from kitapi_host.device import Device, DeviceError, open_device
from kitapi_host.mpy import FIRMWARE, CompileError, compiled, core_sources, mpy_cross

BOARDS = FIRMWARE.parent / "boards"
BOARD_NAMES = ("pico", "pico_w", "pico2", "simdev")
DRIVERS = {"pico": ("ssd1306",), "pico_w": ("ssd1306",), "pico2": ("ssd1306",), "simdev": ()}
MIP_INDEX = "https://micropython.org/pi/v2"  # mpremote's default: micropython-lib
_CHUNK = 1024  # bytes of a file per exec when writing (its repr is compiled on the device)

# Lists "(path, sha256 hex)" for main.py, board.py and every file below kitapi/.
_HASHES = """import os, hashlib, binascii
def _h(p):
    h = hashlib.sha256()
    with open(p, 'rb') as f:
        while 1:
            b = f.read(512)
            if not b:
                break
            h.update(b)
    print(repr((p, binascii.hexlify(h.digest()).decode())))
def _w(d):
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] == 0x4000:
            _w(p)
        else:
            _h(p)
for p in ('main.py', 'board.py'):
    try:
        _h(p)
    except OSError:
        pass
try:
    _w('kitapi')
except OSError:
    pass
"""


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


def mpy_cross_version() -> tuple[int, int]:
    """The .mpy version mpy-cross writes, from ``mpy-cross --version`` ("... emitting mpy v6.3")."""
    out = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not m:
        raise DeviceError(f"cannot tell which .mpy version mpy-cross writes ({out.strip()!r})")
    return int(m[1]), int(m[2])


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


def firmware_files(board: str) -> dict[str, bytes]:
    """Path on the device -> contents: main.py, board.py and the compiled core and app."""
    try:
        built = compiled("deploy", {str(src.relative_to(FIRMWARE)): src for src in core_sources()})
    except CompileError as e:
        raise DeviceError(f"mpy-cross refused {e}") from None
    files = {
        "main.py": (FIRMWARE / "main.py").read_bytes(),
        "board.py": (BOARDS / f"{board}.py").read_bytes(),
    }
    for p in sorted(built.rglob("*.mpy")):
        files[p.relative_to(built).as_posix()] = p.read_bytes()
    return files


def _device_hashes(dev: Device) -> dict[str, str]:
    out = dev.run(_HASHES).decode("utf-8", "replace")
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


def _mip(dev: Device, package: str, index: str) -> None:
    """``mpremote mip install --target lib PACKAGE`` through mpremote's own code, on this connection."""
    from mpremote.commands import CommandError  # type: ignore[import-untyped]
    from mpremote.main import State  # type: ignore[import-untyped]
    from mpremote.mip import do_mip  # type: ignore[import-untyped]

    state = State()
    state.transport = dev.t
    state._auto_soft_reset = False  # resume: no soft reset (the unix port's process would end)
    args = argparse.Namespace(command=["install"], packages=[package], index=index, target="lib", mpy=True)
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            do_mip(state, args)
    except CommandError as e:
        raise DeviceError(f"{dev.where}: mip could not install {package} from {index}: {e}") from None
    except OSError as e:
        raise DeviceError(f"{dev.where}: mip could not install {package} from {index}: {e}") from None


def deploy(dev: Device, board: str | None, index: str = MIP_INDEX, set_clock: bool = True) -> Deployed:
    """Deploy the firmware through ``dev`` (raw REPL entered, no hello); see the module's docstring."""
    out = Deployed()
    info = dev.call(
        "import sys\nprint(repr((getattr(sys.implementation, '_mpy', 0), "
        "getattr(sys.implementation, '_machine', ''), '.'.join(str(v) for v in sys.implementation.version[:3]))))"
    )
    if not (isinstance(info, tuple) and len(info) == 3 and isinstance(info[0], int)):
        raise DeviceError(f"{dev.where}: the device does not say which MicroPython it runs")
    mpy, machine, version = info
    out.machine, out.micropython = str(machine)[:80], str(version)[:80]
    have = (mpy & 0xFF, (mpy >> 8) & 3)
    want = mpy_cross_version()
    out.mpy = f"v{have[0]}.{have[1]}"
    if have != want:
        raise DeviceError(
            f"{dev.where}: the device's MicroPython ({out.micropython}) reads .mpy {out.mpy}, this mpy-cross writes "
            f"v{want[0]}.{want[1]}: update MicroPython on the device (firmware 1.23 or newer reads v6.3)"
        )
    chosen = board or guess_board(out.machine)
    if chosen is None:
        raise DeviceError(f"{dev.where}: cannot tell the board from {out.machine!r}: name it with --board")
    if chosen not in BOARD_NAMES:
        raise DeviceError(f"unknown board {chosen!r} (one of {', '.join(BOARD_NAMES)})")
    out.board = chosen

    files = firmware_files(chosen)
    for package in DRIVERS[chosen]:
        _mip(dev, package, index)
        out.drivers.append(package)
    there = _device_hashes(dev)
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
    if set_clock:
        # through the new board file; if it cannot load here (a board file for other
        # hardware), the firmware is in place all the same: say so, and go on
        now = int(time.time())
        try:
            got = dev.call(f"import board\nboard.set_clock({now})\nprint(repr(board.clock()))")
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
        "--index", default=MIP_INDEX, help=f"mip's package index for the display driver (default {MIP_INDEX})"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    dev: Device | None = None
    try:
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
    print(f"  board file: boards/{d.board}.py as board.py")
    for drv in d.drivers:
        print(f"  display driver: {drv} (mip, into lib/)")
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
