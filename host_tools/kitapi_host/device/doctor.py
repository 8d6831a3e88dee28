"""``kitapi doctor``: what is wrong with the box on USB, and what to do about each thing (docs/doctor.md).

It asks with plain code on the raw REPL that only reads (as ``kitapi deploy``
does), never with the link (``kitapi.link``), so a box with an older or newer
Kitapi, a damaged one or none at all (bare MicroPython) answers all the same:

1. the MicroPython (``sys.implementation``): its version, ``.mpy`` version and
   arch, and whether this kitapi's pack can run there (``deploy.fit``);
2. the firmware's files and their check (``box.CHECK_PACK``), then Kitapi's
   version and link protocol on the box against this PC's;
3. the flash (``os.statvfs``) and the heap (``gc.mem_free`` with the app stopped);
4. the board file: its name, data folder, clock (against the PC's) and the
   battery (VSYS through the running app's ``hw.battery_mv()``, as the app's
   gauge reads it);
5. the data folder, walked as bytes with the sync's own walk (``kitapi.link.entries``,
   sent as code) and taken as the sync takes it (``sync.classify``): the games,
   their sizes, the evidence a repair set aside (``NAME.badK``), the odd files the
   sync would leave on the box, and each game log read and replayed here (its
   damage named, as the sync would).

Nothing is written to the box: the app is stopped with Ctrl-C and started again
with a soft reset, as ``kitapi sync`` does.  Everything the box answers is
untrusted: each answer is a literal (``ast.literal_eval``), checked for its
type here, and one that is not understood is a fact unknown, never a crash.
"""

from __future__ import annotations

import argparse
import ast
import binascii
import hashlib
import inspect
import io
import json
import re
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from kitapi import VERSION, link
from kitapi.link import PROTOCOL
from kitapi_host.device.box import CHECK_PACK, MOUNT_PACK, Device, DeviceError, open_device
from kitapi_host.device.sync import EVIDENCE, classify

# kitapi.app.main's thresholds for VSYS in mV (hardware/power.md, "Low battery"); the test checks they agree
WARN_MV = 3050  # _WARN_MV: the box's low-battery warning
LEAST_MV = 1800  # the Pico's least VSYS (its datasheet: 1.8-5.5 V): a reading below it, running, is no reading
USB_MV = 4300  # above any 3 cells through the diode: USB powers the box, its VSYS is not the battery's
FULL_PERCENT = 90  # flash used: past it, a long game may not fit (the sync's prune frees it)
CLOCK_S = 120  # seconds of drift from the PC past which the clock wants setting
LOG_LIMIT = 512 * 1024  # bytes: a longer game log is not read here (the sync reads and checks it)
MAX_FILES = 2000  # entries of the data folder listed
_ASIDE = re.compile(r".+\.bad\d+")  # a small file the box could not use, set aside (Store.aside)

# sys.implementation, the flash's and heap's bytes, and which firmware files are there
_PROBE = """import sys, os, gc
def _d():
    i = sys.implementation
    try:
        s = os.statvfs('.')
        f = (s[1] * s[2], s[1] * s[4])
    except Exception:
        f = None
    gc.collect()
    try:
        h = (gc.mem_free(), gc.mem_alloc())
    except Exception:
        h = None
    have = []
    for n in ('main.py', 'board.py', 'kitapi_pack.mpy', 'kitapi_pack_bak.mpy', 'kitapi.pack', 'kitapi', 'lib'):
        try:
            os.stat(n)
            have.append(n)
        except OSError:
            pass
    return (i.name, '.'.join(str(v) for v in i.version[:3]), getattr(i, '_machine', ''), getattr(i, '_mpy', 0),
            f, h, have)
print(repr(_d()))
del _d
"""
# Kitapi's version and link protocol (the pack mounted first, if its loader is whole); None: no Kitapi
_KITAPI = (
    MOUNT_PACK
    + """def _v():
    try:
        import kitapi
    except Exception:
        return None
    try:
        import kitapi.link as L
        p = L.PROTOCOL
    except Exception:
        p = None
    return (str(getattr(kitapi, 'VERSION', '?')), p)
print(repr(_v()))
del _v
"""
)
# The board file's name and data folder, its clock, and VSYS through the running app's hw (main.py's global)
_BOARD = (
    MOUNT_PACK
    + """def _b():
    try:
        import board
    except KeyboardInterrupt:
        raise
    except BaseException:  # (kitapi_pack.Damaged too: a damaged pack's board module)
        return None
    r = [str(getattr(board, 'NAME', '?')), str(getattr(board, 'ROOT', '/data')), None, None, None, None]
    try:
        r[2] = board.clock()
    except Exception:
        pass
    try:
        import os
        s = os.statvfs(r[1])
        r[5] = (s[1] * s[2], s[1] * s[4], s[1])
    except Exception:
        pass
    h = globals().get('hw')
    if h is not None:
        try:
            r[3] = h.battery_mv()
        except Exception:
            pass
        try:
            r[4] = h.vbus()
        except Exception:
            pass
    return tuple(r)
print(repr(_b()))
del _b
"""
)
# One line "(path, size, why)" for each entry of the data folder and of its folders, walked as bytes by the very
# function the sync's listing walks with (kitapi.link.entries): a path that is not UTF-8 is bytes
_FILES = (
    inspect.getsource(link.entries)
    + """def _f(d, deep, n):
    for name, size, why in entries(d):
        if n <= 0:
            break
        n -= 1
        if isinstance(name, bytes):
            print(repr((d.encode() + b'/' + name, size, why)))
            continue
        p = d + '/' + name
        print(repr((p, size, why)))
        if deep and why == 'a folder':
            n = _f(p, deep - 1, n)
    return n
"""
)
# The bytes of one file, base64 in lines
_READ = """import binascii
try:
    with open(%r, 'rb') as f:
        while 1:
            b = f.read(768)
            if not b:
                break
            print(binascii.b2a_base64(b).decode().strip())
except OSError:
    print('!')
"""


@dataclass
class Report:
    """The facts ``kitapi doctor`` found, and the problems: (code, one line saying what to do and why)."""

    where: str = ""
    board: str = ""
    machine: str = ""
    runtime: str = ""  # "micropython", "circuitpython"...
    micropython: str = ""
    mpy: str = ""
    fit: str = ""  # whether this kitapi's pack can run there (deploy.Fit.line)
    firmware_files: list[str] = field(default_factory=list)
    firmware_damage: str | None = None  # None: no pack; "": whole; else what is damaged
    kitapi: str | None = None  # Kitapi's version on the box, None: none
    protocol: int | None = None
    pc_kitapi: str = VERSION
    pc_protocol: int = PROTOCOL
    firmware_differs: list[str] | None = None  # files not as this kitapi deploys them; None: not compared
    flash_total: int | None = None
    flash_free: int | None = None
    heap_free: int | None = None
    heap_used: int | None = None
    root: str = ""
    games: list[dict[str, Any]] = field(default_factory=list)  # name, size, damage (None: whole; "": not read)
    evidence: list[dict[str, Any]] = field(default_factory=list)  # path, size
    odd_files: list[dict[str, Any]] = field(default_factory=list)  # path, size, why: of games/, not games
    set_aside: list[dict[str, Any]] = field(default_factory=list)  # path, size: the box uses a default instead
    other_files: list[dict[str, Any]] = field(default_factory=list)  # path, size
    battery_mv: int | None = None  # None: no reading
    usb_power: bool | None = None
    clock: int | None = None  # the box's seconds since 1970 (0: never set)
    clock_drift: int | None = None  # the box's clock minus the PC's, in seconds
    problems: list[dict[str, str]] = field(default_factory=list)

    def problem(self, code: str, line: str) -> None:
        self.problems.append({"code": code, "advice": line})


def _text(v: Any, n: int = 80) -> str:
    return "".join(c if c.isprintable() else "?" for c in str(v)[:n])


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _span(seconds: int) -> str:
    """3 h 12 min, 5 min, 40 s, 2 days 3 h."""
    s = abs(seconds)
    if s < 60:
        return f"{s} s"
    d, rest = divmod(s, 86400)
    h, rest = divmod(rest, 3600)
    m = rest // 60
    if d:
        return f"{d} day{'s' if d > 1 else ''} {h} h"
    return f"{h} h {m} min" if h else f"{m} min"


def _size(n: int) -> str:
    for unit, k in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= k:
            return f"{n / k:.1f} {unit}"
    return f"{n} B"


def _run(dev: Device, code: str) -> bytes | None:
    """``dev.run``, None if the box's code failed there (a fact unknown); a lost connection is raised."""
    try:
        return dev.run(code)
    except DeviceError as e:
        if "connection was lost" in str(e) or "too slowly" in str(e):
            raise
        return None


def _lines(dev: Device, code: str) -> list[Any]:
    """The literal on each line of ``code``'s output; a line that is not one is skipped."""
    out = []
    for line in (_run(dev, code) or b"").decode("utf-8", "replace").splitlines():
        try:
            out.append(ast.literal_eval(line.strip()))
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
    return out


def _call(dev: Device, code: str) -> Any:
    """``dev.call``, None if the box's answer is not understood or its code failed (a fact unknown)."""
    got = _run(dev, code)
    try:
        return ast.literal_eval(got.decode("utf-8", "replace").strip()) if got is not None else None
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def read_file(dev: Device, path: str) -> bytes | None:
    """The bytes of ``path`` on the box, or None if it cannot be read."""
    got = _run(dev, _READ % path)
    out = got.decode("ascii", "replace").split() if got is not None else ["!"]
    if out[:1] == ["!"]:
        return None
    try:
        return b"".join(binascii.a2b_base64(line) for line in out)
    except ValueError:  # (binascii.Error) not base64: garbled on the way
        return None


def _damage(data: bytes) -> str | None:
    """What is damaged in the game log ``data`` (the sync's words, kitapi.messages), None if nothing."""
    from kitapi.messages import damage as damage_text
    from kitapi.replay import replay

    try:
        _, replayed = replay(io.BytesIO(data))
    except Exception as e:  # noqa: BLE001 - any log the box holds: a header that does not read is damage too
        return f"not a game log Kitapi reads ({_text(e, 100)})"
    return damage_text(replayed.damage) if replayed.damage else None


def examine(dev: Device) -> Report:
    """The facts of the box on ``dev`` (raw REPL entered, no hello) and its problems."""
    rep = Report(where=dev.where)
    circuitpython = _runtime(dev, rep)
    _firmware(dev, rep, circuitpython)
    pc = _board(dev, rep, circuitpython)
    _judge(rep, pc)
    if rep.root:
        _data(dev, rep)
    return rep


def _runtime(dev: Device, rep: Report) -> bool:
    """The box's MicroPython (or CircuitPython), flash and heap into ``rep``; True for CircuitPython."""
    from kitapi_host.device import deploy

    got = _call(dev, _PROBE)
    if not (isinstance(got, tuple) and len(got) == 7):
        raise DeviceError(f"{dev.where}: the device does not say which MicroPython it runs")
    name, version, machine, mpy, flash, heap, have = got
    rep.runtime, rep.micropython, rep.machine = _text(name, 32), _text(version, 32), _text(machine)
    rep.firmware_files = [_text(n, 32) for n in have] if isinstance(have, list) else []
    if isinstance(flash, tuple) and len(flash) == 2 and all(_int(v) is not None for v in flash):
        rep.flash_total, rep.flash_free = flash
    if isinstance(heap, tuple) and len(heap) == 2 and all(_int(v) is not None for v in heap):
        rep.heap_free, rep.heap_used = heap
    mpy = _int(mpy) or 0
    circuitpython = rep.runtime == "circuitpython"
    if circuitpython:
        rep.mpy = "(sources: CircuitPython compiles them)"
    else:
        f = deploy.fit(rep.micropython, mpy)
        rep.mpy, rep.fit = f.box_mpy, f.line()
        if not f.ok:
            rep.problem(
                "micropython",
                f"put a MicroPython that reads .mpy {f.pack_mpy} on the box, then run `kitapi deploy`: its "
                f"MicroPython {rep.micropython} reads .mpy {f.box_mpy}, this kitapi's pack is .mpy {f.pack_mpy}",
            )
    return circuitpython


def _firmware(dev: Device, rep: Report, circuitpython: bool) -> None:
    """The firmware's files checked, then Kitapi's version on the box (a damaged pack is not imported from)."""
    damage = _call(dev, CHECK_PACK) if not circuitpython else None
    rep.firmware_damage = _text(damage) if isinstance(damage, str) else None
    if rep.firmware_damage:
        rep.problem(
            "damaged",
            f"run `kitapi deploy`: the firmware is damaged ({rep.firmware_damage}); `kitapi sync` gets the games "
            "off first",
        )
    else:
        v = _call(dev, _KITAPI)
        if isinstance(v, tuple) and len(v) == 2:
            rep.kitapi, rep.protocol = _text(v[0], 32), _int(v[1])
    if rep.kitapi is None and not rep.firmware_damage:
        bare = "no Kitapi on the box" + ("" if rep.firmware_files else f" (bare MicroPython {rep.micropython})")
        rep.problem("no-kitapi", f"run `kitapi deploy`: {bare}")
    elif rep.kitapi is not None and (rep.protocol != PROTOCOL or rep.kitapi != VERSION):
        link = "" if rep.protocol == PROTOCOL else f", link protocol {rep.protocol} (this kitapi needs {PROTOCOL})"
        rep.problem(
            "kitapi-version",
            f"run `kitapi deploy`: the box runs Kitapi {rep.kitapi}{link}, this PC's kitapi is {VERSION}",
        )


def _board(dev: Device, rep: Report, circuitpython: bool) -> int:
    """The board file's facts (its name, data folder, clock and battery) and whether the firmware is this
    kitapi's build; the PC's clock when the box read its own."""
    from kitapi_host.device import deploy

    t0 = time.time()
    b = _call(dev, _BOARD)
    pc = int((t0 + time.time()) / 2)  # the PC's clock when the box read its own
    if isinstance(b, tuple) and len(b) == 6:
        rep.board, rep.root = _text(b[0], 32), _text(b[1], 64)
        flash = b[5]  # the flash the data folder is on (the one that fills), rather than the firmware's
        if isinstance(flash, tuple) and len(flash) == 3 and all(_int(v) is not None for v in flash):
            rep.flash_total, rep.flash_free = flash[0], flash[1]
        rep.clock = _int(b[2])
        mv = _int(b[3])
        rep.battery_mv = mv if mv is not None and mv >= 0 else None
        rep.usb_power = bool(b[4]) if _int(b[4]) is not None else None
    # compared where the box boots from its flash (`kitapi simdevice` without --flash runs this PC's own firmware)
    if (
        rep.kitapi is not None
        and not circuitpython
        and rep.board in deploy.BOARD_NAMES
        and "main.py" in rep.firmware_files
    ):
        rep.firmware_differs = _differs(dev, rep.board)
        if rep.firmware_differs and not any(p["code"] == "kitapi-version" for p in rep.problems):
            rep.problem(
                "firmware",
                f"run `kitapi deploy`: the box's firmware is not this kitapi's build ({', '.join(rep.firmware_differs)}"
                f"), though both are Kitapi {VERSION}",
            )
    return pc


def _judge(rep: Report, pc: int) -> None:
    """The problems of the flash, the clock (against ``pc``, the PC's) and the battery."""
    if rep.flash_total and rep.flash_free is not None:
        # littlefs counts the blocks in use by walking them, at best: on a full flash it may count more blocks
        # than there are, and its free ones (total - counted) wrap round to some 4 G blocks
        rep.flash_free = rep.flash_free if 0 <= rep.flash_free <= rep.flash_total else 0
        used = (rep.flash_total - rep.flash_free) * 100 // rep.flash_total
        if rep.flash_free == 0:
            rep.problem(
                "flash",
                "full: sync --prune: the flash is full (0 B free), the box cannot save a hand (`kitapi sync "
                "--prune` archives the games, then removes the ended ones)",
            )
        elif used >= FULL_PERCENT:
            rep.problem(
                "flash",
                f"sync and prune: flash {used}% full, {_size(rep.flash_free)} free (`kitapi sync --prune`)",
            )

    if rep.clock == 0:
        rep.problem("clock", "set the clock: it was not set since the box was powered on (`kitapi sync` sets it)")
    elif rep.clock is not None:
        rep.clock_drift = rep.clock - pc
        if abs(rep.clock_drift) > CLOCK_S:
            way = "behind" if rep.clock_drift < 0 else "ahead"
            rep.problem("clock", f"set the clock: {_span(rep.clock_drift)} {way} (`kitapi sync` sets it)")
    if rep.battery_mv is not None and LEAST_MV <= rep.battery_mv < WARN_MV and not rep.usb_power:
        rep.problem("battery", f"battery low: charge it or change the cells ({rep.battery_mv / 1000:.2f} V)")


def _differs(dev: Device, board: str) -> list[str] | None:
    """The firmware files on the box that are not as this kitapi deploys them for ``board`` (its sha256 of each,
    against the files deploy.firmware_files builds, lib/ aside: the driver is checked inside the pack), or None if
    the box cannot hash them."""
    from kitapi_host.device import deploy

    got = _run(dev, deploy.HASHES)
    if got is None:
        return None
    there: dict[str, str] = {}
    for line in got.decode("utf-8", "replace").splitlines():
        try:
            path, digest = ast.literal_eval(line.strip())
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(path, str) and isinstance(digest, str):
            there[path] = digest
    # deployed with Kitapi's own display driver (the default), or with mip's from --index (read from the box's lib/);
    # kitapi.hw.fast compiled for the box's arch, as the deploy does
    mpy = _int(_call(dev, "import sys\nprint(repr(getattr(sys.implementation, '_mpy', 0)))")) or 0
    arch = deploy.box_arch(mpy)
    wants = [deploy.firmware_files(board, deploy.package_drivers(board), arch=arch)]
    if deploy.DRIVERS[board]:
        try:
            wants.append(deploy.firmware_files(board, deploy.installed_drivers(dev, deploy.DRIVERS[board]), arch=arch))
        except DeviceError as e:
            if "connection was lost" in str(e) or "too slowly" in str(e):
                raise
    return min(
        ([p for p, data in want.items() if there.get(p) != hashlib.sha256(data).hexdigest()] for want in wants),
        key=len,
    )


def _data(dev: Device, rep: Report) -> None:
    """The data folder's games, evidence, odd files (those of games/ that the sync leaves on the box: it takes
    each entry as it does, ``sync.classify``) and other files; each game log read and replayed for its damage."""
    entries = _lines(dev, _FILES + f"_f({rep.root!r}, 1, {MAX_FILES})\ndel _f, entries\n")
    for e in entries:
        if not (isinstance(e, tuple) and len(e) == 3 and isinstance(e[0], (str, bytes)) and _int(e[1]) is not None):
            continue
        path, size, why = e
        top = rep.root.encode() + b"/" if isinstance(path, bytes) else rep.root + "/"
        rel = path[len(top) :] if path.startswith(top) else path
        parent, _, base = rel.rpartition(b"/" if isinstance(rel, bytes) else "/")
        in_games = parent in ("games", b"games")
        if why == "a folder" and not in_games:  # (walked into: its files are listed)
            continue
        if in_games:  # (a folder there is "not a file", as kitapi.link.ls tells the sync)
            name, left = classify(base, size, "not a file" if why == "a folder" else why or "", has_hash=False)
            if not left:
                rep.games.append({"name": name, "size": size, "damage": ""})
            elif EVIDENCE.fullmatch(name):
                rep.evidence.append({"path": f"games/{name}", "size": size})
            else:
                rep.odd_files.append({"path": f"games/{_text(name, 100)}", "size": size, "why": _text(left, 100)})
        elif isinstance(rel, bytes):
            rep.other_files.append({"path": f"hex {rel[:60].hex()}", "size": size})
        elif not parent and _ASIDE.fullmatch(base):
            rep.set_aside.append({"path": _text(rel, 100), "size": size})
        else:
            rep.other_files.append({"path": _text(rel, 100), "size": size})
    rep.games.sort(key=lambda g: g["name"])
    for found in (rep.evidence, rep.odd_files, rep.set_aside, rep.other_files):
        found.sort(key=lambda e: e["path"])
    for g in rep.games:
        if 0 <= g["size"] <= LOG_LIMIT:
            data = read_file(dev, f"{rep.root}/games/{g['name']}")
            g["damage"] = _damage(data) if data is not None else "it cannot be read"
        if g["damage"]:
            rep.problem("damaged-log", f"sync, then see to it: {g['name']} is damaged: {g['damage']}")
    if rep.evidence:
        named = ", ".join(f"{e['path']} ({_size(e['size'])})" for e in rep.evidence[:5])
        more = f" and {len(rep.evidence) - 5} more" if len(rep.evidence) > 5 else ""
        rep.problem(
            "evidence",
            f"run `kitapi sync`: the bytes a repair set aside are on the box: {named}{more} (the sync archives them)",
        )
    if rep.odd_files:
        named = "; ".join(f"{e['path']} ({e['why']})" for e in rep.odd_files[:5])
        more = f"; and {len(rep.odd_files) - 5} more" if len(rep.odd_files) > 5 else ""
        rep.problem(
            "odd-files",
            f"see to them by hand: games/ holds {len(rep.odd_files)} file(s) that are no game, which `kitapi sync` "
            f"names and leaves on the box: {named}{more}",
        )


# --- kitapi doctor ------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "doctor",
        help="what is wrong with the box on USB, and what to do about it (changes nothing on the box)",
        description="Reads the box's MicroPython, Kitapi, flash, heap, games, evidence, battery and clock, and "
        "says what to do about each problem found, one line each.  Exit status 0 if all is well, 1 if something "
        "needs doing, 2 if the box cannot be examined.",
    )
    p.add_argument(
        "--device", "-d", default="auto", metavar="CONNECT", help="auto (default), a serial port, socket://HOST:PORT..."
    )
    p.add_argument("--json", action="store_true", help="one JSON object: the facts and the problems")
    p.set_defaults(func=run)


def _print(rep: Report) -> None:
    print(f"device {rep.where}: {rep.machine or '?'}")
    print(f"  board file: {rep.board or 'none'}")
    print(f"  MicroPython {rep.micropython or '?'} ({rep.runtime}), .mpy {rep.mpy or '?'}")
    if rep.fit:
        print(f"  {rep.fit}")
    if rep.firmware_damage:
        kit = f"damaged ({rep.firmware_damage})"
    else:
        kit = "none" if rep.kitapi is None else f"{rep.kitapi} (link protocol {rep.protocol})"
    print(f"  Kitapi on the box: {kit}; this PC's: {VERSION} (link protocol {PROTOCOL})")
    if rep.firmware_differs is not None:
        differ = ", ".join(rep.firmware_differs)
        print("  firmware files: " + (f"not this kitapi's: {differ}" if differ else "as this kitapi deploys them"))
    if rep.flash_total:
        used = (rep.flash_total - (rep.flash_free or 0)) * 100 // rep.flash_total
        print(f"  flash: {_size(rep.flash_free or 0)} free of {_size(rep.flash_total)} ({used}% used)")
    else:
        print("  flash: not known")
    heap = f"{_size(rep.heap_free)} free, {_size(rep.heap_used or 0)} used" if rep.heap_free is not None else "?"
    print(f"  heap (the app stopped): {heap}")
    damaged = sum(1 for g in rep.games if g["damage"])
    print(
        f"  games: {len(rep.games)} ({_size(sum(g['size'] for g in rep.games if g['size'] > 0))})"
        + (f", {damaged} damaged" if damaged else "")
        + f"; evidence files: {len(rep.evidence)}"
        + (f"; odd files: {len(rep.odd_files)}" if rep.odd_files else "")
    )
    for e in rep.odd_files[:5]:
        print(f"  odd file: {e['path']} ({e['why']})")
    if rep.set_aside:
        print(f"  set aside as unreadable (the box uses defaults): {', '.join(e['path'] for e in rep.set_aside[:5])}")
    if rep.battery_mv is None:
        print("  battery: no battery reading")
    elif rep.battery_mv < LEAST_MV:
        print(f"  battery: reads {rep.battery_mv / 1000:.2f} V, less than the box runs on: no battery reading")
    elif rep.usb_power or rep.battery_mv >= USB_MV:
        print(f"  battery: on USB power (VSYS {rep.battery_mv / 1000:.2f} V is the USB's, not the battery's)")
    else:
        print(f"  battery: {rep.battery_mv / 1000:.2f} V")
    if rep.clock_drift is not None:
        way = "behind" if rep.clock_drift < 0 else "ahead of"
        print(f"  clock: {_span(rep.clock_drift)} {way} this PC's" if rep.clock_drift else "  clock: this PC's")
    elif rep.clock == 0:
        print("  clock: not set")
    else:
        print("  clock: not known")
    if not rep.problems:
        print("all is well")
    for p in rep.problems:
        print(f"- {p['advice']}")


def run(args: argparse.Namespace) -> int:
    dev: Device | None = None
    try:
        dev = open_device(args.device, check=False)
        rep = examine(dev)
    except DeviceError as e:
        print(f"kitapi doctor: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("kitapi doctor: interrupted (nothing on the box was changed)", file=sys.stderr)
        return 130
    finally:
        if dev is not None:
            dev.close()  # a soft reset: the app runs again
    if args.json:
        print(json.dumps(asdict(rep), ensure_ascii=True))
    else:
        _print(rep)
    return 1 if rep.problems else 0
