"""A Kitapi running CircuitPython, reached through its CIRCUITPY drive (``--device /media/you/CIRCUITPY``).

CircuitPython shows the flash as a USB drive.  Kitapi's boot.py gives the
firmware write access, which makes the drive read-only on the PC; a box powered
on with * held leaves the drive writable by the PC instead (and the firmware
cannot save).  Either way the PC can read the game logs from the drive:

- ``Drive`` does what ``kitapi.link`` does on the device, with files: the
  listing, the hashes (computed here, each log read twice and compared, since
  there is no device to hash it), the marks in ``data/synced`` (write-new-then-
  rename, then ``os.sync``), the pruning with the same checks.  Writing needs
  the drive writable by the PC; on a read-only drive the marks and the pruning
  are skipped with a warning and the games are archived all the same.
- The device's id is the ``UID:`` line that CircuitPython 8 and newer write into
  ``boot_out.txt``.
- A drive has no clock: the clock is set by a sync over the serial REPL.

Everything on the drive is untrusted, as from a device: names are checked by
the sync, sizes bounded, nothing outside the drive's ``data/games`` is read.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kitapi.link import PROTOCOL
from kitapi_host.device.box import DeviceError, FlashFull

MAX_READ = 16 << 20  # bytes a game log may have (kitapi_host.device.sync.MAX_LOG)
_UID = re.compile(r"^UID:([0-9A-Fa-f]{8,32})\s*$", re.M)
_VERSION = re.compile(r'^VERSION = "([^"]{1,32})"', re.M)
_PROTOCOL = re.compile(r"^PROTOCOL = const\((\d+)\)", re.M)


def is_drive(connect: str) -> bool:
    """Whether ``--device`` names a CircuitPython drive (a folder with boot_out.txt) rather than a port."""
    p = Path(connect)
    return p.is_dir() and (p / "boot_out.txt").is_file()


class Drive:
    """The CIRCUITPY drive of a Kitapi: the sync's device interface over files."""

    has_hash = True  # computed here

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.where = str(path)
        self.root = self.path / "data"
        self.games = self.root / "games"
        self.round_trips = 0
        self.readonly_warned = False
        self.warnings: list[str] = []
        try:
            boot = (self.path / "boot_out.txt").read_text(errors="replace")[:4096]
        except OSError as e:
            raise DeviceError(f"{self.where}: cannot read boot_out.txt ({e.strerror})") from None
        m = _UID.search(boot)
        if not m:
            raise DeviceError(f"{self.where}: boot_out.txt has no UID line (CircuitPython 8 or newer writes it)")
        self.uid = m.group(1).lower()
        self.board = "circuitpython"
        self.clock = 0
        init = self.path / "kitapi" / "__init__.py"
        link = self.path / "kitapi" / "link.py"
        if not init.is_file():
            raise DeviceError(f"{self.where}: the device runs other firmware (no Kitapi on it): run `kitapi deploy`")
        v = _VERSION.search(init.read_text(errors="replace")[:4096])
        self.version = v.group(1) if v else "?"
        p = _PROTOCOL.search(link.read_text(errors="replace")[:20000]) if link.is_file() else None
        if p is None or int(p.group(1)) != PROTOCOL:
            got = f"link protocol {p.group(1)}" if p else "which cannot sync"
            raise DeviceError(
                f"{self.where}: wrong firmware version: the device runs Kitapi {self.version} ({got}), "
                f"this kitapi needs protocol {PROTOCOL}: run `kitapi deploy`"
            )

    # --- what kitapi.link does on the device -----------------------------------------

    def _file(self, name: str) -> Path:
        if "/" in name or "\\" in name or name in ("", ".", ".."):
            raise DeviceError(f"{self.where}: a file name with a path in it: {name[:40]!r}")
        return self.games / name

    def _read(self, name: str) -> bytes:
        f = self._file(name)
        with f.open("rb") as fh:
            data = fh.read(MAX_READ + 1)
        return data

    def _digest(self, name: str) -> str:
        """sha256 of a log read twice; "" if the two reads differ (the drive is changing under us)."""
        a = self._read(name)
        b = self._read(name)
        return hashlib.sha256(a).hexdigest() if a == b else ""

    def _marks(self) -> dict[str, tuple[int, str]]:
        marks: dict[str, tuple[int, str]] = {}
        try:
            text = (self.root / "synced").read_text(errors="replace")[: 1 << 20]
        except OSError:
            return marks
        for line in text.split("\n"):
            p = line.split()
            if len(p) == 3 and p[1].isdigit():
                marks[p[0]] = (int(p[1]), p[2])
        return marks

    def _current(self) -> str:
        try:
            return (self.root / "current").read_text(errors="replace")[:64].strip()
        except OSError:
            return ""

    def ls(self) -> Any:
        out = []
        try:
            names = sorted(os.listdir(self.games))  # every one: nothing is left unsaid
        except OSError:
            names = []
        for name in names:
            p = self.games / name
            if not p.is_file() or p.is_symlink():
                out.append((name, -1, "not a file"))
                continue
            size = p.stat().st_size
            digest = self._digest(name) if name.endswith(".kitapi") and size <= MAX_READ else ""
            out.append((name, size, digest))
        return (self._current(), out, self._marks())

    def sha(self, name: str, n: int) -> Any:
        data = self._read(name)[:n]
        return (hashlib.sha256(data).hexdigest(), len(data))

    def read(self, name: str, offset: int, n: int, progress: Callable[[int], None] | None = None) -> bytes:
        data = self._read(name)[offset : offset + n]
        if progress is not None:
            progress(len(data))
        return data

    def _write_marks(self, marks: dict[str, tuple[int, str]]) -> bool:
        path = self.root / "synced"
        tmp = self.root / "synced.tmp"
        try:
            with tmp.open("w") as f:
                for name in sorted(marks):
                    size, digest = marks[name]
                    f.write(f"{name} {size} {digest}\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
            os.sync()
        except OSError as e:
            with contextlib.suppress(OSError):
                tmp.unlink()
            if e.errno == errno.ENOSPC:  # as a box's flash over the serial port: the sync says so, and prunes
                raise FlashFull(f"{self.where}: the drive is full: no room to record what is synced") from None
            if not self.readonly_warned:
                self.readonly_warned = True
                self.warnings.append(
                    f"{self.where}: cannot write on the drive ({e.strerror}): the games are archived but not "
                    "marked synced (the drive is read-only while Kitapi may write; sync over the serial port, "
                    "or power the box on with * held)"
                )
            return False
        return True

    def mark(self, name: str, size: int, digest: str) -> bool:
        marks = self._marks()
        marks[name] = (size, digest)
        return self._write_marks(marks)

    def remove(self, name: str, size: int, digest: str, held: bool = False) -> bool:
        marks = self._marks()
        f = self._file(name)
        if (not held and marks.get(name) != (size, digest)) or self._current() == name:
            return False
        if not f.is_file() or f.stat().st_size != size or self._digest(name) != digest:
            return False
        try:
            f.unlink()
        except OSError:
            return False
        if marks.pop(name, None) is not None:
            self._write_marks(marks)
        return True

    def set_clock(self, seconds: int | None = None) -> int:
        return 0  # a drive has no clock

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        yield  # a drive does not wait for the PC

    def close(self, restart: bool = True) -> None:
        with contextlib.suppress(OSError):
            os.sync()
