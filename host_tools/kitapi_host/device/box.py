"""A Kitapi on USB (or a simulated one): connect with mpremote's transport, run kitapi.link there.

``open_device(connect)`` takes anything mpremote accepts (``auto``, a port such
as ``/dev/ttyACM0`` or ``COM3``, ``socket://HOST:PORT``, ``rfc2217://...``),
stops the app with Ctrl-C and enters the raw REPL *without* a soft reset (so the
same code drives a Pico and the unix port, whose process a soft reset would
end).  ``hello`` then starts ``kitapi.link.serve`` there, a command loop: one
command a line, answers in lines (docs/sync.md).  Every failure is a
``DeviceError`` with one line for the user.

Everything the device answers is untrusted: each line is bounded in size and
must come within ``LINE_S`` of the one before it, values are read with
``ast.literal_eval`` (literals only) and checked by the caller.  Nothing read
from the port waits for ever.  ``kitapi deploy`` does not start the loop: it
runs code on the raw REPL (``run``), bounded in size and time.
"""

from __future__ import annotations

import ast
import binascii
import contextlib
import errno
import io
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import serial  # type: ignore[import-untyped]  # pyserial, mpremote's own dependency
import serial.tools.list_ports  # type: ignore[import-untyped]
from mpremote.transport import TransportError, TransportExecError  # type: ignore[import-untyped]
from mpremote.transport_serial import SerialTransport  # type: ignore[import-untyped]

from kitapi.link import PROTOCOL

# kitapi's own URL handlers first (kitapi_host.device.serialurl: socket:// closes without pyserial's 0.3 s sleep).
if "kitapi_host.device.serialurl" not in serial.protocol_handler_packages:
    serial.protocol_handler_packages.insert(0, "kitapi_host.device.serialurl")

RASPBERRY_PI_VID = 0x2E8A  # USB vendor id of the Raspberry Pi Pico (MicroPython's rp2 port)
MAX_ANSWER = 1 << 20  # bytes: a longer answer to code run on the REPL is refused
RUN_S = 60  # seconds: code run on the REPL (deploy) must have answered by then
IDLE_S = 10  # seconds without a command after which the device runs its app again (kitapi.link.serve)
LINE_S = 10.0  # seconds: each line of the link's answer must come within this long (KITAPI_LINE_S: line_wait)
POLL_S = 0.2  # seconds: how long one read of the port waits
MAX_LINE = 4096  # bytes: a longer line from the link is refused
MAX_PROGRESS = 4096  # "still working" lines in a row (4096 x 64 KB hashed = 256 MB)
READ_CHUNK = 96 * 1024  # bytes of a log asked for in one command (256 lines of base64)
_NAME = re.compile(r"[0-9A-Za-z._-]{1,64}")  # what the PC puts into a command
RAW_REPL_TIMEOUT_S = 2
# Run before importing the firmware on the REPL: its modules are in kitapi.pack, mounted by main.py
# (firmware/kitapi_pack.py); after a reset into the raw REPL main.py has not run, so mount it here.
# The loader is imported only once its crc32 holds (firmware/main.py: a cut .mpy can hang the device's loader), and
# afresh (after a deploy, the one main.py imported is the old one).
MOUNT_PACK = (
    "import sys\nif '/pack' not in sys.path:\n try:\n  f=open('kitapi_pack.mpy','rb')\n  b=f.read()\n  f.close()\n"
    "  from binascii import crc32\n"
    "  if b[-4:]==b'KPL2' and crc32(memoryview(b)[:-8])==int.from_bytes(b[-8:-4],'little'):\n"
    "   sys.modules.pop('kitapi_pack', None)\n   import kitapi_pack\n   kitapi_pack.mount()\n"
    " except OSError:\n  pass\n"
)
# What is wrong with the firmware on the device, checked by this code of the PC's own (the device's may be what is
# damaged): None with no pack (an older deploy), "" if kitapi_pack.mpy, kitapi.pack and kitapi_pack_bak.mpy (the
# loader's second copy) are whole, else the file and the damage.  Every byte of them is read: 54 ms on the pico-rig
# before the second copy (kitapi_host.device.pack gives the layout).
CHECK_PACK = """def _k():
    from binascii import crc32
    mv = memoryview(bytearray(512))
    def crc(f, n):
        c = 0
        while n:
            k = f.readinto(mv[:min(n, 512)])
            if not k:
                return -1
            c = crc32(mv[:k], c)
            n -= k
        return c
    def loader(name):
        try:
            f = open(name, 'rb')
        except OSError:
            return name + ' is missing'
        with f:
            b = f.read()
        if b[-4:] != b'KPL2':
            return name + ' is cut short, or of an older kitapi'
        if crc32(memoryview(b)[:-8]) != int.from_bytes(b[-8:-4], 'little'):
            return name + ' is garbled'
        return ''
    try:
        open('kitapi_pack.mpy', 'rb').close()
    except OSError:
        return None
    w = loader('kitapi_pack.mpy')
    if w:
        return w
    try:
        f = open('kitapi.pack', 'rb')
    except OSError:
        return 'kitapi.pack is missing'
    with f:
        h = f.read(24)
        size = f.seek(0, 2)
        u = lambda i: int.from_bytes(h[i:i + 4], 'little')
        if h[:4] == b'KPK1':
            return 'kitapi.pack is of an older kitapi'
        if len(h) < 24 or h[:4] != b'KPK3' or crc32(h[:20]) != u(20):
            return "kitapi.pack's header is garbled"
        if size != 48 + 2 * u(4) + u(12):
            return 'kitapi.pack has the wrong length'
        f.seek(24)
        if crc(f, u(4)) != u(8):
            return "kitapi.pack's index is garbled"
        if crc(f, u(12)) != u(16):
            return "kitapi.pack's modules are garbled"
        if crc(f, u(4)) != u(8):
            return "kitapi.pack's index is garbled"
        if f.read(24) != h:
            return "kitapi.pack's second header is garbled"
    return loader('kitapi_pack_bak.mpy')
print(repr(_k()))
del _k
"""
# With the firmware damaged, the link is started from the PC's own compiled modules: kept in the device's RAM in a
# read-only file system at /rescue, first on sys.path (the pack let go); board.py is compiled from its source.
_RESCUE = """import sys, vfs, io
try:
    vfs.umount('/pack')
except OSError:
    pass
for _p in ('/pack', '/rescue'):
    while _p in sys.path:
        sys.path.remove(_p)
for _p in list(sys.modules):
    if _p in ('board', 'kitapi') or _p.startswith('kitapi.'):
        del sys.modules[_p]
class _Rescue:
    def __init__(self):
        self.d = {}
    def mount(self, readonly, mkfs):
        pass
    def umount(self):
        pass
    def stat(self, path):
        p = path[1:]
        if p in self.d:
            return (0x8000, 0, 0, 0, 0, 0, len(self.d[p]), 0, 0, 0)
        for k in self.d:
            if not p or k.startswith(p + '/'):
                return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(2)
    def open(self, path, mode):
        if path[1:] not in self.d:
            raise OSError(2)
        return io.BytesIO(self.d[path[1:]])
_rescue = _Rescue()
vfs.mount(_rescue, '/rescue')
sys.path.insert(0, '/rescue')
"""
RAW_REPL_TRIES = 3


class DeviceError(Exception):
    """A device problem, said in one line."""


class FlashFull(DeviceError):
    """The device's flash has no room for its record of what is synced (``kitapi.link`` answers "full")."""


def _ports() -> list[str]:
    """Serial ports that look like a USB MicroPython board, a Raspberry Pi one first (as ``mpremote`` ``auto``)."""
    found = [p for p in sorted(serial.tools.list_ports.comports()) if p.vid is not None and p.pid is not None]
    found.sort(key=lambda p: p.vid != RASPBERRY_PI_VID)
    return [p.device for p in found]


def _probe(port: str) -> None:
    """Open and close ``port`` once, to tell "no such device" and "busy" apart before mpremote opens it."""
    try:
        s = serial.serial_for_url(port, do_not_open=True, baudrate=115200, timeout=1, exclusive=True)
        s.open()
        s.close()
    except (serial.SerialException, OSError, ValueError) as e:
        text = str(e)
        code = getattr(e, "errno", None)
        if code in (errno.EAGAIN, errno.EBUSY) or "exclusively lock" in text or "busy" in text.lower():
            raise DeviceError(f"device busy: {port} is in use by another program (close it and try again)") from None
        if code == errno.EACCES or "ermission" in text:
            raise DeviceError(f"cannot open {port}: permission denied (on Linux, join the dialout group)") from None
        if "refused" in text or code == errno.ECONNREFUSED:
            raise DeviceError(f"no device found at {port} (connection refused)") from None
        raise DeviceError(f"no device found at {port} ({text or type(e).__name__})") from None


class Device:
    """A device running ``kitapi.link``'s command loop (``hello`` starts it); ``where`` names it in messages.

    Before ``hello`` (and for ``kitapi deploy``, which never starts the loop) ``run``
    and ``call`` execute code on the raw REPL as mpremote does.
    """

    def __init__(self, transport: Any, where: str, idle_s: int = IDLE_S, line_s: float = LINE_S) -> None:
        self.t = transport
        self.where = where
        self.uid = ""
        self.board = ""
        self.version = ""
        self.clock = 0
        self.has_hash = True  # the device computes sha256 (a CircuitPython build may lack hashlib)
        self.round_trips = 0  # commands run on the device (kitapi bench)
        self.idle_s = idle_s  # the device runs its app again after this long without a command
        self.line_s = line_s  # every line of an answer must come within this long
        self.serving = False  # kitapi.link.serve() runs
        self.damaged = ""  # what is wrong with the firmware on the device (check_pack), "" if nothing
        self.broken = False  # an exchange failed half-way: the next line cannot be trusted
        self._rx = bytearray()
        self._lock = threading.Lock()
        self._wait = -1.0  # the serial port's timeout as last set here

    # --- the raw REPL -------------------------------------------------------------------

    def run(self, code: str, consumer: Callable[[bytes], None] | None = None) -> bytes:
        """Execute ``code``; its output (bounded in size and time), or DeviceError with the device's error's line."""
        got = bytearray()
        deadline = time.monotonic() + RUN_S

        def keep(b: bytes) -> None:
            if len(got) + len(b) > MAX_ANSWER:
                raise DeviceError(f"{self.where}: the device's answer is too long (over {MAX_ANSWER} bytes)")
            if time.monotonic() > deadline:
                raise DeviceError(f"{self.where}: the device answers too slowly (no whole answer in {RUN_S} s)")
            got.extend(b)
            if consumer is not None:
                consumer(b)

        self.round_trips += 1
        try:
            self._timeout(self.line_s)  # mpremote's reads: bounded, and long enough for its handshakes
            self.t.exec(code, data_consumer=keep)
        except TransportExecError as e:
            last = (e.error_output.strip().splitlines() or ["?"])[-1]
            raise DeviceError(f"{self.where}: the device failed: {last}") from None
        except (TransportError, OSError, serial.SerialException) as e:
            raise DeviceError(f"{self.where}: the connection was lost ({e})") from None
        return bytes(got.replace(b"\x04", b""))

    def call(self, code: str) -> Any:
        """Run ``code`` (which prints one ``repr``) and return the value, literals only."""
        return self._literal(self.run(code).decode("utf-8", "replace").strip())

    def _literal(self, text: str) -> Any:
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise DeviceError(
                f"{self.where}: the device gave an answer that is not understood: {text[:60]!r}"
            ) from None

    # --- lines from the device, each within its deadline ----------------------------------

    def _timeout(self, s: float) -> None:
        if s != self._wait:
            self.t.serial.timeout = s
            self._wait = s

    def _fill(self, deadline: float, what: str) -> None:
        """More bytes from the device into ``_rx``, or DeviceError once ``deadline`` has passed."""
        left = deadline - time.monotonic()
        if left <= 0:
            self.broken = True
            got = f"; {len(self._rx)} bytes of it came" if self._rx else ""
            raise DeviceError(
                f"{self.where}: the device answers too slowly: no whole line of its answer to {what} "
                f"in {self.line_s:g} s{got}"
            )
        try:
            self._timeout(min(left, POLL_S))
            b = self.t.serial.read(1)
            if b:
                self._rx += b
                self._timeout(0)
                self._rx += self.t.serial.read(1 << 16)
        except (OSError, serial.SerialException) as e:
            self.broken = True
            raise DeviceError(f"{self.where}: the connection was lost ({e})") from None

    def _line(self, what: str) -> bytes:
        """The next line from the device (without its line end); it must come within ``line_s``."""
        deadline = time.monotonic() + self.line_s
        start = 0
        while True:
            i = self._rx.find(b"\n", start)
            if i >= 0:
                line = bytes(self._rx[:i]).rstrip(b"\r")
                del self._rx[: i + 1]
                return line
            start = len(self._rx)
            if start > MAX_LINE:
                self.broken = True
                raise DeviceError(f"{self.where}: the device's answer to {what} has a line over {MAX_LINE} bytes")
            self._fill(deadline, what)

    def _until(self, token: bytes, what: str) -> bytes:
        """Bytes up to and including ``token`` (at most MAX_LINE of them), within ``line_s``."""
        deadline = time.monotonic() + self.line_s
        while True:
            i = self._rx.find(token)
            if i >= 0:
                out = bytes(self._rx[: i + len(token)])
                del self._rx[: i + len(token)]
                return out
            if len(self._rx) > MAX_LINE:
                self.broken = True
                raise DeviceError(f"{self.where}: the device does not answer {what} as expected")
            self._fill(deadline, what)

    def _write(self, data: bytes) -> None:
        try:
            self.t.serial.write(data)
        except (OSError, serial.SerialException) as e:
            self.broken = True
            raise DeviceError(f"{self.where}: the connection was lost ({e})") from None

    def command(self, line: str, on_line: Callable[[bytes], None] | None = None) -> Any:
        """Send one command to ``kitapi.link.serve`` and return its R value; D, F, M, P lines go to ``on_line``.

        Each line must come within ``line_s``; a device that keeps saying it is
        working (P) without an answer is given up after MAX_PROGRESS such lines.
        """
        what = repr(line.split(" ", 1)[0])
        with self._lock:
            if self.broken:
                raise DeviceError(f"{self.where}: the connection is in an unknown state")
            self.round_trips += 1
            done = False
            try:
                value = self._exchange(line, what, on_line)
                done = True
                return value
            finally:
                if not done and not isinstance(sys.exc_info()[1], DeviceError):
                    self.broken = True  # interrupted half-way (Ctrl-C): the rest of the answer is still coming

    def _exchange(self, line: str, what: str, on_line: Callable[[bytes], None] | None) -> Any:
        self._write(line.encode() + b"\n")
        working = 0
        while True:
            got = self._line(what)
            kind = got[:1]
            if kind == b"R":
                return self._literal(got[1:].decode("utf-8", "replace"))
            if kind == b"E":
                text = got[1:].decode("utf-8", "replace")[:100]
                raise DeviceError(f"{self.where}: the device failed: {text!r}")
            if kind == b"P":
                working += 1
                if working > MAX_PROGRESS:
                    self.broken = True
                    raise DeviceError(f"{self.where}: the device keeps working on {what} without an answer")
            else:
                working = 0
            if kind in (b"D", b"F", b"M") and on_line is not None:
                on_line(got)
            elif kind not in (b"D", b"F", b"M", b"P"):
                self.broken = True
                raise DeviceError(f"{self.where}: the device gave an answer that is not understood: {got[:60]!r}")

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """While the PC works on its own (the archive), tell the device every few seconds that it is there."""
        if not self.serving:
            yield
            return
        stop = threading.Event()

        def ping() -> None:
            while not stop.wait(max(self.idle_s / 3, 0.2)):
                try:
                    self.command("p")
                except DeviceError:
                    return

        th = threading.Thread(target=ping, name="kitapi-keepalive", daemon=True)
        th.start()
        try:
            yield
        finally:
            stop.set()
            th.join()

    # --- kitapi.link ------------------------------------------------------------------

    def _start(self) -> tuple[str | None, bytes]:
        """Start ``kitapi.link.serve`` on the raw REPL: (None, its first line: hello's answer), or (the error
        the device gave, b"") if the code ended at once (the raw REPL is back)."""
        self._until(b">", "the raw REPL")
        mount = "" if self.damaged else MOUNT_PACK  # (damaged: the modules at /rescue)
        self._write(f"{mount}import kitapi.link as L\nL.serve({int(self.idle_s)})".encode() + b"\x04")
        self._until(b"OK", "the raw REPL")
        self.round_trips += 1
        first = self._line("hello")
        if first.startswith(b"\x04"):  # the code ended at once: the error follows, up to the next Ctrl-D
            err = first[1:] + b"\n" + self._until(b"\x04", "hello")
            self._until(b">", "the raw REPL")
            return err.decode("utf-8", "replace"), b""
        self.serving = True
        return None, first

    def _diagnose(self, err: str) -> None:
        """Why ``serve`` did not start (the firmware is not Kitapi's, or not this version): raise it in one line."""
        self._rx.clear()  # and the raw REPL afresh, its prompt left for mpremote
        try:
            self._timeout(self.line_s)
            with contextlib.redirect_stdout(io.StringIO()):
                self.t.enter_raw_repl(soft_reset=False, timeout_overall=RAW_REPL_TIMEOUT_S)
        except (TransportError, OSError, serial.SerialException) as e:
            raise DeviceError(f"{self.where}: the connection was lost ({e})") from None
        try:
            self.run(MOUNT_PACK + "import kitapi")
        except DeviceError as e:
            if "ImportError" in str(e) or "no module named" in str(e):
                raise DeviceError(
                    f"{self.where}: the device runs other firmware (no Kitapi on it): run `kitapi deploy`"
                ) from None
            raise
        v = self.call(
            "try:\n import kitapi.link as L\n p=L.PROTOCOL\nexcept Exception:\n p=None\n"
            "print(repr((p, getattr(kitapi, 'VERSION', '?'))))"
        )
        if isinstance(v, tuple) and len(v) == 2 and v[0] != PROTOCOL:
            protocol = "" if v[0] is None else f" (link protocol {str(v[0])[:8]})"
            raise DeviceError(
                f"{self.where}: wrong firmware version: the device runs Kitapi {str(v[1])[:32]}{protocol}, "
                f"this kitapi needs protocol {PROTOCOL}: run `kitapi deploy`"
            )
        last = (err.replace("\x04", "").strip().splitlines() or ["?"])[-1]
        raise DeviceError(f"{self.where}: the device failed: {last[:100]}")

    def check_pack(self) -> None:
        """Check the firmware on the device (``CHECK_PACK``): ``damaged`` says what is wrong, "" if nothing."""
        got = self.call(CHECK_PACK)
        self.damaged = "".join(c if c.isprintable() else "?" for c in got[:80]) if isinstance(got, str) else ""

    def _rescue(self) -> None:
        """Put the PC's own modules of the link into the device's RAM at /rescue (``_RESCUE``), for ``_start``."""
        from kitapi_host.device.pack import rescue_modules
        from kitapi_host.mpy import CompileError

        try:
            modules = rescue_modules()
        except CompileError as e:
            raise DeviceError(f"mpy-cross refused {e}") from None
        self.run(_RESCUE)
        for path, data in modules.items():
            self.run(f"_rescue.d[{path!r}] = b''")
            for i in range(0, len(data), 1024):
                self.run(f"_rescue.d[{path!r}] += {data[i : i + 1024]!r}")

    def hello(self) -> None:
        """Check that the device runs Kitapi's firmware with this PC's link protocol, and start the link.

        A device whose firmware is damaged (``check_pack``) gets the link from the PC's own modules: the
        sync gets the games off it all the same, and says "run kitapi deploy".
        """
        self.check_pack()
        if self.damaged:
            self._rescue()
        err, first = self._start()
        if err is not None:
            self._diagnose(err)
        if first[:1] != b"R":
            self.broken = True
            raise DeviceError(f"{self.where}: the device gave an answer that is not understood: {first[:60]!r}")
        v = self._literal(first[1:].decode("utf-8", "replace"))
        if not (isinstance(v, tuple) and len(v) >= 5 and isinstance(v[0], int)):
            raise DeviceError(f"{self.where}: the device's Kitapi firmware does not say who it is: run `kitapi deploy`")
        protocol, version, uid, board, clock = v[:5]
        if protocol != PROTOCOL:
            raise DeviceError(
                f"{self.where}: wrong firmware version: the device runs Kitapi {version} (link protocol {protocol}), "
                f"this kitapi needs protocol {PROTOCOL}: run `kitapi deploy`"
            )
        if not (isinstance(uid, str) and uid.isalnum() and len(uid) <= 32):
            raise DeviceError(f"{self.where}: the device gave no usable id ({uid!r})")
        self.uid, self.board, self.version = uid, str(board)[:32], str(version)[:32]
        self.clock = clock if isinstance(clock, int) else 0
        self.has_hash = bool(v[5]) if len(v) > 5 else True

    def _name(self, name: str) -> str:
        if not _NAME.fullmatch(name):
            raise DeviceError(f"{self.where}: {name[:40]!r} is not a name the sync sends to the device")
        return name

    def ls(self) -> Any:
        """(current game, [(name, size, sha256 or why not)], {name: (size, sha256)} marked synced), unchecked.

        The device sends one entry a line, however many there are.
        """
        entries: list[Any] = []
        marks: dict[str, tuple[int, str]] = {}

        def take(line: bytes) -> None:
            if line[:1] == b"F":
                text = line[1:].decode("utf-8", "replace")
                try:
                    entries.append(self._literal(text))
                except DeviceError:  # said by the sync, as an entry not understood
                    entries.append(text[:60])
            elif line[:1] == b"M":
                p = line[1:].decode("utf-8", "replace").split()
                if len(p) == 3 and p[1].isdigit() and len(p[1]) < 12:
                    marks[p[0]] = (int(p[1]), p[2])

        current = self.command("l", take)
        return (current, entries, marks)

    def sha(self, name: str, n: int) -> Any:
        """(sha256 of the first ``n`` bytes of game ``name``, n), as the device computes it."""
        return self.command(f"s {self._name(name)} {int(n)}")

    def mark(self, name: str, size: int, digest: str) -> bool:
        """Mark game ``name`` synced at ``size`` bytes and ``digest`` on the device; FlashFull if its flash has
        no room for the record (the device has removed its temp file: the record is as it was)."""
        got = self.command(f"m {self._name(name)} {int(size)} {self._name(digest)}")
        if got == "full":
            raise FlashFull(f"{self.where}: the device's flash is full: no room to record what is synced")
        return got is True

    def remove(self, name: str, size: int, digest: str, held: bool = False) -> bool:
        """Delete game ``name`` if the device finds it not current, at these bytes, and marked synced at them or,
        with ``held``, held by the archive (the caller has checked that the archive holds these very bytes)."""
        more = " held" if held else ""
        return self.command(f"r {self._name(name)} {int(size)} {self._name(digest)}{more}") is True

    def set_clock(self, seconds: int | None = None) -> int:
        """Set the device's clock to the PC's (UTC); returns what the device then reads."""
        now = int(time.time()) if seconds is None else seconds
        got = self.command(f"c {int(now)}")
        self.clock = got if isinstance(got, int) else 0
        return self.clock

    def read(self, name: str, offset: int, n: int, progress: Callable[[int], None] | None = None) -> bytes:
        """Bytes ``offset`` .. ``offset + n`` of game ``name``, in chunks of READ_CHUNK (base64 lines on the wire).

        Fewer bytes if the file is shorter (the caller checks size and hash).
        """
        self._name(name)
        data = bytearray()

        def take(line: bytes) -> None:
            if line[:1] != b"D":
                return
            try:
                data.extend(binascii.a2b_base64(line[1:], strict_mode=True))
            except binascii.Error:
                self.broken = True
                raise DeviceError(f"{self.where}: {name}: the copy came garbled (not base64)") from None
            if len(data) > n:
                self.broken = True
                raise DeviceError(f"{self.where}: {name}: the device sent more than was asked")
            if progress is not None:
                progress(len(data))

        while len(data) < n:
            want = min(READ_CHUNK, n - len(data))
            before = len(data)
            sent = self.command(f"d {name} {offset + before} {want}", take)
            if sent != len(data) - before:
                self.broken = True
                raise DeviceError(f"{self.where}: {name}: the device's count of bytes sent is wrong")
            if sent < want:
                break  # the end of the file
        return bytes(data)

    # --- leaving -------------------------------------------------------------------------

    def close(self, restart: bool = True) -> None:
        """End the link and, with ``restart``, soft-reset so that ``main.py`` runs the app again.

        On a Pico, Ctrl-D at the normal REPL is a soft reset that runs main.py
        (from the raw REPL it would not); on the unix port it ends the process,
        which ``kitapi simdevice`` starts again.  After a failed or interrupted
        exchange the PC just lets go, as after a crash of the PC: the device
        runs its app again by itself once ``idle_s`` has passed without a
        command.  Best effort: the data is already safe.
        """
        if self.serving and not self.broken:
            try:
                self.line_s = min(self.line_s, 3.0)
                self.command("q")
                self._until(b"\x04", "q")  # the end of the code's output, and of its errors
                self._until(b"\x04", "q")
                self.serving = False
            except DeviceError:
                self.broken = True
        if not self.broken:
            with contextlib.suppress(Exception):
                self._timeout(1)
                if restart:
                    self.t.exit_raw_repl()
                    self.t.serial.write(b"\x04")
                    self.t.read_until(1, b"soft reboot\r\n", timeout=1, timeout_overall=3)
                else:
                    self.t.exit_raw_repl()
        with contextlib.suppress(Exception):
            self.t.close()


def line_wait() -> float:
    """How long each line of the device's answer may take: ``LINE_S``, or the seconds in the environment's
    ``KITAPI_LINE_S`` (a positive number; the tests set it: a simulated box on a busy PC is slower than any real
    one, and a test sets its own deadlines)."""
    try:
        s = float(os.environ.get("KITAPI_LINE_S", ""))
    except ValueError:
        return LINE_S
    return s if 0 < s < 86400 else LINE_S


def open_device(
    connect: str = "auto", check: bool = True, idle_s: int = IDLE_S, line_s: float | None = None, again: bool = True
) -> Device:
    """Connect to ``connect``, stop the app, enter the raw REPL and, with ``check``, check the firmware (``hello``).
    ``line_s``: how long each line of an answer may take (``line_wait()`` if not given); ``again``: a first
    exchange lost is tried once more."""
    line_s = line_wait() if line_s is None else line_s
    if connect == "auto":
        ports = _ports()
        if not ports:
            raise DeviceError("no device found: plug the Kitapi in by USB, or name it with --device")
        port = ports[0]
    else:
        port = connect[len("port:") :] if connect.startswith("port:") else connect
    if "://" not in port:  # a serial port (a URL is opened once, by mpremote: a socket has one host at a time)
        _probe(port)
    try:
        t = SerialTransport(port, baudrate=115200)
    except TransportError:
        if "://" in port:
            raise DeviceError(f"no device found at {port} (no answer there)") from None
        raise DeviceError(f"device busy: cannot open {port} (is another program using it?)") from None
    t.serial.timeout = line_s  # no read of mpremote's waits for ever on a silent device
    dev = Device(t, port, idle_s, line_s)
    # A device still booting may miss the first Ctrl-C: send it again every RAW_REPL_TIMEOUT_S, at least
    # RAW_REPL_TRIES times and for as long as an answer's line may take (line_wait(): the tests' simulated box on
    # a busy PC gets their own deadline, not a real Pico's two seconds).
    deadline = time.monotonic() + line_wait()
    attempt = 0
    while True:
        attempt += 1
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got on failure
                t.enter_raw_repl(soft_reset=False, timeout_overall=RAW_REPL_TIMEOUT_S)
            break
        except (TransportError, OSError, serial.SerialException):
            if attempt < RAW_REPL_TRIES or time.monotonic() < deadline:
                time.sleep(0.2)  # a port that fails at once is not asked in a busy loop
                continue
            with contextlib.suppress(Exception):
                t.close()
            raise DeviceError(
                f"{port}: the device does not answer as MicroPython's REPL (busy, or running other firmware)"
            ) from None
    if not check:
        return dev
    try:
        dev.hello()
    except DeviceError as e:
        dev.close(restart=False)
        # The first code sent after entering the raw REPL can be lost with a box just started, its app stopping
        # as the bytes come (a byte of the handshake lost is what the test of it plays; the stalls `make test`
        # met were the simulator's, docs/sync.md, "kitapi simdevice").  One more try from the start, which finds
        # the box's REPL again; any other failure is said at once.
        if again and dev.round_trips <= 1 and "connection was lost" in str(e):
            return open_device(connect, check, idle_s, line_s, again=False)
        raise
    except BaseException:
        dev.close(restart=False)
        raise
    return dev
