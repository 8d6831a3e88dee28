"""A Kitapi on USB (or a simulated one): connect with mpremote's transport, run kitapi.link there.

``open_device(connect)`` takes anything mpremote accepts (``auto``, a port such
as ``/dev/ttyACM0`` or ``COM3``, ``socket://HOST:PORT``, ``rfc2217://...``),
stops the app with Ctrl-C and enters the raw REPL *without* a soft reset (so the
same code drives a Pico and the unix port, whose process a soft reset would
end).  Every failure is a ``DeviceError`` with one line for the user.

Everything the device answers is untrusted: each answer is bounded in size and
read with ``ast.literal_eval`` (literals only), then checked by the caller.
"""

from __future__ import annotations

import ast
import binascii
import contextlib
import errno
import io
import time
from collections.abc import Callable
from typing import Any

import serial  # type: ignore[import-untyped]  # pyserial, mpremote's own dependency
import serial.tools.list_ports  # type: ignore[import-untyped]
from mpremote.transport import TransportError, TransportExecError  # type: ignore[import-untyped]
from mpremote.transport_serial import SerialTransport  # type: ignore[import-untyped]

from kitapi.link import PROTOCOL

RASPBERRY_PI_VID = 0x2E8A  # USB vendor id of the Raspberry Pi Pico (MicroPython's rp2 port)
MAX_ANSWER = 1 << 20  # bytes: a longer answer is refused
RAW_REPL_TIMEOUT_S = 2
RAW_REPL_TRIES = 3


class DeviceError(Exception):
    """A device problem, said in one line."""


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
    """The raw REPL of a device with ``kitapi.link`` imported; ``where`` names it in messages."""

    def __init__(self, transport: Any, where: str) -> None:
        self.t = transport
        self.where = where
        self.uid = ""
        self.board = ""
        self.version = ""
        self.clock = 0
        self.has_hash = True  # the device computes sha256 (a CircuitPython build may lack hashlib)
        self.round_trips = 0  # code runs on the device (kitapi bench)

    # --- the raw REPL -------------------------------------------------------------------

    def run(self, code: str, consumer: Callable[[bytes], None] | None = None) -> bytes:
        """Execute ``code``; its output (bounded), or DeviceError with the device's error's last line."""
        got = bytearray()

        def keep(b: bytes) -> None:
            if len(got) + len(b) > MAX_ANSWER:
                raise DeviceError(f"{self.where}: the device's answer is too long (over {MAX_ANSWER} bytes)")
            got.extend(b)
            if consumer is not None:
                consumer(b)

        self.round_trips += 1
        try:
            self.t.exec(code, data_consumer=keep)
        except TransportExecError as e:
            last = (e.error_output.strip().splitlines() or ["?"])[-1]
            raise DeviceError(f"{self.where}: the device failed: {last}") from None
        except (TransportError, OSError, serial.SerialException) as e:
            raise DeviceError(f"{self.where}: the connection was lost ({e})") from None
        return bytes(got.replace(b"\x04", b""))

    def call(self, code: str) -> Any:
        """Run ``code`` (which prints one ``repr``) and return the value, literals only."""
        out = self.run(code).decode("utf-8", "replace").strip()
        try:
            return ast.literal_eval(out)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise DeviceError(f"{self.where}: the device gave an answer that is not understood: {out[:60]!r}") from None

    # --- kitapi.link ------------------------------------------------------------------

    def hello(self) -> None:
        """Check that the device runs Kitapi's firmware with this PC's link protocol."""
        try:
            self.run("import kitapi")
        except DeviceError as e:
            if "ImportError" in str(e) or "no module named" in str(e):
                raise DeviceError(
                    f"{self.where}: the device runs other firmware (no Kitapi on it): run `kitapi deploy`"
                ) from None
            raise
        try:
            self.run("import kitapi.link as L")
        except DeviceError as e:
            if "ImportError" in str(e) or "no module named" in str(e):
                old = self.call("print(repr(getattr(kitapi, 'VERSION', '?')))")
                raise DeviceError(
                    f"{self.where}: wrong firmware version: the device runs Kitapi {str(old)[:32]}, "
                    "which cannot sync: run `kitapi deploy`"
                ) from None
            raise
        v = self.call("L.hello()")
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

    def ls(self) -> Any:
        """``L.ls()``: (current game, [(name, size, sha256)], {name: (size, sha256)} marked synced), unchecked."""
        return self.call("L.ls()")

    def sha(self, name: str, n: int) -> Any:
        """(sha256 of the first ``n`` bytes of game ``name``, n), as the device computes it."""
        return self.call(f"L.sha({name!r},{n})")

    def mark(self, name: str, size: int, digest: str) -> bool:
        """Mark game ``name`` synced at ``size`` bytes and ``digest`` on the device."""
        return self.call(f"L.mark({name!r},{size},{digest!r})") is True

    def remove(self, name: str, size: int, digest: str) -> bool:
        """Delete game ``name`` if the device finds it marked synced at these bytes and not current."""
        return self.call(f"L.remove({name!r},{size},{digest!r})") is True

    def set_clock(self, seconds: int | None = None) -> int:
        """Set the device's clock to the PC's (UTC); returns what the device then reads."""
        now = int(time.time()) if seconds is None else seconds
        got = self.call(f"L.set_clock({now})")
        self.clock = got if isinstance(got, int) else 0
        return self.clock

    def read(self, name: str, offset: int, n: int, progress: Callable[[int], None] | None = None) -> bytes:
        """Bytes ``offset`` .. ``offset + n`` of game ``name`` (base64 on the wire)."""
        seen = [0]

        def count(b: bytes) -> None:
            seen[0] += b.count(b"\n")
            if progress is not None and b.endswith(b"\n"):
                progress(min(n, seen[0] * 384))

        out = self.run(f"L.send({name!r},{offset},{n})", count)
        data = bytearray()
        try:
            for line in out.split(b"\n"):
                line = line.strip()
                if line:
                    data += binascii.a2b_base64(line, strict_mode=True)
        except binascii.Error:
            raise DeviceError(f"{self.where}: {name}: the copy came garbled (not base64)") from None
        return bytes(data)

    # --- leaving -------------------------------------------------------------------------

    def close(self, restart: bool = True) -> None:
        """Leave the raw REPL and, with ``restart``, soft-reset so that ``main.py`` runs the app again.

        On a Pico, Ctrl-D at the normal REPL is a soft reset that runs main.py
        (from the raw REPL it would not); on the unix port it ends the process,
        which ``kitapi simdevice`` starts again.  Best effort: the data is
        already safe when this runs.
        """
        with contextlib.suppress(Exception):
            if restart:
                self.t.exit_raw_repl()
                self.t.serial.write(b"\x04")
                self.t.read_until(1, b"soft reboot\r\n", timeout=1, timeout_overall=3)
            else:
                self.t.exit_raw_repl()
        with contextlib.suppress(Exception):
            self.t.close()


def open_device(connect: str = "auto", check: bool = True) -> Device:
    """Connect to ``connect``, stop the app, enter the raw REPL and, with ``check``, check the firmware (``hello``)."""
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
    dev = Device(t, port)
    for attempt in range(RAW_REPL_TRIES):
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got on failure
                t.enter_raw_repl(soft_reset=False, timeout_overall=RAW_REPL_TIMEOUT_S)
            break
        except (TransportError, OSError, serial.SerialException):
            # A device still booting may miss the first Ctrl-C: try again.
            if attempt + 1 < RAW_REPL_TRIES:
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
    except BaseException:
        dev.close(restart=False)
        raise
    return dev
