"""``kitapi simdevice``: the firmware in the MicroPython unix port as a device that mpremote talks to.

A Pico shows its REPL on a USB serial port; ``kitapi sync`` and ``deploy`` stop
the app with Ctrl-C, enter the raw REPL and run code there (mpremote's
transport).  This module gives the unix port the same face:

- the ``micropython`` process runs on a pseudo-terminal, in a folder that is
  the device's filesystem (``--fs``), with ``firmware/main.py`` and the board
  ``boards/simdev.py`` (``source``), or, after a ``kitapi deploy``, whatever
  was deployed into that folder (``flash``: ``main.py`` there, as a Pico
  boots it, or a bare REPL if there is none);
- the terminal is raw, with no signals: a Ctrl-C from the PC reaches the
  firmware as a byte, which the REPL reads and the board's ``hw.key()`` (and
  ``kitapi.link.serve``) turn into a KeyboardInterrupt at a safe point, as a
  Pico does; ``-i`` leaves the REPL open after it.  (A SIGINT would be raised
  by the unix port's signal handler wherever the interpreter is, even holding
  its qstr lock: the next name it makes then waits for ever, and the box's REPL
  is dead.  A sync on a box just started, its app still importing, hit that);
- the serial endpoint is a local TCP socket (``socket://127.0.0.1:PORT``, a
  pyserial URL) or a pseudo-terminal of its own (``/dev/pts/N``), bridged to
  the process;
- a soft reset ends the unix process; it is started again (printing ``MPY:
  soft reboot`` as a Pico does) and runs ``main.py`` again, so a device reset
  by ``sync`` or ``deploy`` comes back into its game.  The clock offset set by
  ``set_clock`` lives in a file outside the filesystem that survives a soft
  reset, like the RP2040's RTC.

``flash_blocks`` puts the data folder on a flash of its own: a littlefs image of
that many 4096-byte blocks (``flash``), mounted by the board at ``/flash`` as the
rp2 port mounts a Pico's, so that it fills as a Pico's does: a test's full
flash (``on_flash`` runs code on it while the box is off); ``cut_power_after(N)``
cuts the power of that flash after its N-th block written from the next power-on.

``cut_after`` drops the connection after that many bytes have gone to the PC:
a cable pulled in the middle of a sync, for the tests.  ``slow_after`` sends
everything after that many bytes one byte every ``slow_s`` seconds: a device
that answers, but too slowly to be of use.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if sys.platform != "win32":  # a pseudo-terminal: POSIX only (the other commands of kitapi run on Windows too)
    import pty
    import tty

from kitapi_host.mpy import compiled, compiled_core, micropython
from kitapi_host.resources import BOARDS, MAIN

BOARD = BOARDS / "simdev.py"
BOOT_LIMIT_S = 20.0  # the firmware is taken to be up after this long at the latest


class SimDevice:
    """A simulated Kitapi on a serial endpoint; ``start()`` returns the CONNECT string for mpremote.

    ``fs`` is the device's filesystem (created if missing); ``device_id`` its
    ``machine.unique_id()``; ``firmware`` ``"source"`` (this checkout's
    firmware, board ``simdev``) or ``"flash"`` (what is deployed in ``fs``).
    """

    def __init__(
        self,
        fs: Path,
        device_id: str = "e6614103e7000001",
        firmware: str = "source",
        port: int = 0,
        use_pty: bool = False,
        flash_blocks: int = 0,
    ) -> None:
        if firmware not in ("source", "flash"):
            raise ValueError(firmware)
        self.fs = Path(fs)
        self.fs.mkdir(parents=True, exist_ok=True)
        self.device_id = device_id
        self.firmware = firmware
        self.port = port
        self.use_pty = use_pty
        self.cut_after: int | None = None  # drop the PC after this many bytes sent to it
        self.slow_after: int | None = None  # after this many bytes sent to the PC, one byte every slow_s
        self.slow_s = 2.0
        # the next connection's bytes past this many are lost on the way to the firmware (a box still starting
        # that missed them); the one after it is heard whole
        self.deaf_after: int | None = None
        self._deaf_taken = False
        self._slow = bytearray()  # bytes for the PC, held back by slow_after
        self._slow_due = 0.0
        self.boots = 0  # processes started (power-on and soft resets)
        self.sent = 0  # bytes sent to the PC since the last connection
        self.received = 0  # bytes received from the PC since the last connection
        self.connections = 0
        self.url = ""
        self._state = Path(tempfile.mkdtemp(prefix="kitapi-simdev-"))
        self.flash: Path | None = None  # the littlefs image the data folder is on (flash_blocks)
        if flash_blocks:
            self.flash = self._state / "flash.img"
            self.flash.write_bytes(bytes(flash_blocks * 4096))
        self._cut = self._state / "cut"  # N: the flash's power cut after its N-th block written (boards/simdev.py)
        self._clock = self._state / "clock"
        self.screen = self._state / "screen"
        self.battery = self._state / "battery"  # the VSYS in mV the board reads, if written (boards/simdev.py)
        self._proc: subprocess.Popen[bytes] | None = None
        self._master = -1
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._listener: socket.socket | None = None
        self._pty_master = -1  # the PC's end, with use_pty
        self._pty_slave = -1
        self._client: socket.socket | None = None
        self._booting = False
        self._boot_out = bytearray()
        self._boot_deadline = 0.0
        self._pending = bytearray()  # from the PC while the firmware boots

    # --- the firmware's process ----------------------------------------------------

    def _command(self) -> tuple[list[str], dict[str, str]]:
        env = dict(
            os.environ,
            KITAPI_SIMDEV_ID=self.device_id,
            KITAPI_SIMDEV_CLOCK=str(self._clock),
            KITAPI_SIMDEV_SCREEN=str(self.screen),
            KITAPI_SIMDEV_BATTERY=str(self.battery),
        )
        if self.flash is not None:
            env["KITAPI_SIMDEV_FLASH"] = str(self.flash)
            if self._cut.exists():
                env["KITAPI_SIMDEV_CUT"] = str(self._cut)
        mp = micropython()
        if self.firmware == "source":
            boot = compiled("simdev", {"board.py": BOARD})
            env["MICROPYPATH"] = os.pathsep.join(["", str(boot), str(compiled_core())])
            return [mp, "-i", str(MAIN)], env
        env["MICROPYPATH"] = os.pathsep.join(["", "lib"])  # the Pico's sys.path: '', '/lib'
        if (self.fs / "main.py").exists():
            return [mp, "-i", "main.py"], env
        return [mp], env

    def _spawn(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.screen.unlink()
        master, slave = pty.openpty()
        tty.setraw(slave)  # (no ISIG: Ctrl-C is a byte, see the module's text)
        cmd, env = self._command()
        self._proc = subprocess.Popen(
            cmd,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=self.fs,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        self.boots += 1
        # Until the firmware runs, what the PC sends waits here, as a Pico reads
        # nothing from USB while it boots.
        self._booting = True
        self._boot_out = bytearray()
        self._boot_deadline = time.monotonic() + BOOT_LIMIT_S

    def _booted(self, out: bytes = b"") -> bool:
        """Whether the firmware is up: the app has drawn its first screen, or a REPL prompt is shown."""
        if self._booting:
            self._boot_out += out
            if self.screen.exists() or b">>> " in self._boot_out or time.monotonic() > self._boot_deadline:
                self._booting = False
                self._boot_out = bytearray()
        return not self._booting

    def _reap(self) -> None:
        if self._master >= 0:
            os.close(self._master)
            self._master = -1
        if self._proc is not None:
            with contextlib.suppress(ProcessLookupError):
                self._proc.kill()
            self._proc.wait()
            self._proc = None

    def cut_power_after(self, blocks: int | None) -> None:
        """From the next power-on, cut the power of the flash (``flash_blocks``) after ``blocks`` blocks written
        (None: never), as a box unplugged mid-write: nothing more reaches it till ``stop()``; the count starts
        afresh."""
        self._cut.with_name("cut.n").unlink(missing_ok=True)
        if blocks is None:
            self._cut.unlink(missing_ok=True)
        else:
            self._cut.write_text(str(blocks))

    def blocks_written(self) -> int:
        """Blocks written to the flash since ``cut_power_after`` (before the cut, if it came)."""
        try:
            return int(self._cut.with_name("cut.n").read_text())
        except (OSError, ValueError):
            return 0

    def on_flash(self, code: str) -> str:
        """Run MicroPython ``code`` with the flash (``flash_blocks``) mounted at /flash by the board, as the box
        mounts it, while the box is off: its output.  (One writer at a time: never while the box runs.)"""
        if self.flash is None or self._proc is not None:
            raise ValueError("on_flash: no flash of its own, or the box is on")
        env = dict(os.environ, KITAPI_SIMDEV_FLASH=str(self.flash), MICROPYPATH=str(BOARDS))
        got = subprocess.run(
            [micropython(), "-c", "import simdev\n" + code], capture_output=True, env=env, cwd=self._state, timeout=600
        )
        if got.returncode:
            raise RuntimeError(f"on_flash: {got.stderr.decode(errors='replace')[-400:]}")
        return got.stdout.decode(errors="replace")

    # --- the serial endpoint ----------------------------------------------------------

    def start(self) -> str:
        """Power on: start the firmware and the endpoint; return the CONNECT string."""
        with contextlib.suppress(FileNotFoundError):
            self._clock.unlink()  # the RTC is lost with the power
        self._spawn()
        if self.use_pty:
            self._pty_master, self._pty_slave = pty.openpty()
            tty.setraw(self._pty_slave)
            os.set_blocking(self._pty_master, False)
            self.url = os.ttyname(self._pty_slave)
        else:
            ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            ls.bind(("127.0.0.1", self.port))
            ls.listen(4)
            ls.setblocking(False)
            self._listener = ls
            self.url = f"socket://127.0.0.1:{ls.getsockname()[1]}"
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="simdevice", daemon=True)
        self._thread.start()
        return self.url

    def stop(self) -> None:
        """Power off."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        self._drop()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        for fd in (self._pty_master, self._pty_slave):
            if fd >= 0:
                os.close(fd)
        self._pty_master = self._pty_slave = -1
        self._reap()

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self._state, ignore_errors=True)

    def __enter__(self) -> SimDevice:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def power_cycle(self) -> str:
        """Unplug and plug in again (the clock is lost); the same endpoint if it was a socket."""
        if self._listener is not None:
            self.port = self._listener.getsockname()[1]
        self.stop()
        return self.start()

    def _client_state(self) -> str:
        """ "talking" (bytes wait to be read), "gone" (it hung up, nothing left) or "idle"."""
        c = self._client
        assert c is not None
        try:
            c.setblocking(False)
            return "talking" if c.recv(1, socket.MSG_PEEK) else "gone"
        except BlockingIOError:
            return "idle"
        except OSError:
            return "gone"
        finally:
            with contextlib.suppress(OSError):
                c.setblocking(True)

    def _drop(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def _to_pc(self, data: bytes) -> None:
        """Bytes from the firmware to the PC; dropped if nobody listens (a USB port with no host)."""
        if self.use_pty:
            with contextlib.suppress(BlockingIOError, OSError):
                os.write(self._pty_master, data)
            return
        if self._client is None:
            return
        if self._slow or (self.slow_after is not None and self.sent + len(data) > self.slow_after):
            now = max(0, (self.slow_after or 0) - self.sent) if not self._slow else 0
            if now:
                self._send(data[:now])
            if not self._slow:
                self._slow_due = time.monotonic() + self.slow_s
            self._slow += data[now:]
            return
        self._send(data)

    def _trickle(self) -> None:
        """One held-back byte to the PC when its time has come (slow_after)."""
        if self._slow and time.monotonic() >= self._slow_due:
            if self._client is None:
                self._slow.clear()
                return
            self._send(bytes(self._slow[:1]))
            del self._slow[:1]
            self._slow_due = time.monotonic() + self.slow_s

    def _send(self, data: bytes) -> None:
        if self._client is None:
            return
        if self.cut_after is not None and self.sent + len(data) >= self.cut_after:
            data = data[: max(0, self.cut_after - self.sent)]
            with contextlib.suppress(OSError):
                self._client.sendall(data)
            self.sent += len(data)
            self.cut_after = None
            self._drop()  # the cable is pulled
            return
        try:
            self._client.sendall(data)
            self.sent += len(data)
        except OSError:
            self._drop()

    def _to_device(self, data: bytes) -> None:
        if self.deaf_after is not None and data:
            heard = max(0, self.deaf_after - self.received)
            self.received += len(data)
            data = data[:heard]
            if not data:
                return
        else:
            self.received += len(data)
        if not self._booted():
            self._pending += data
            return
        if self._pending:
            data = bytes(self._pending) + data
            self._pending = bytearray()
        view = memoryview(data)
        while view and self._master >= 0:
            try:
                n = os.write(self._master, view)
                view = view[n:]
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                return

    def _accept(self, sel: selectors.BaseSelector) -> None:
        """A host calls: its connection taken (one host at a time, as a serial port)."""
        assert self._listener is not None
        if self._client is not None and self._client_state() == "talking":
            return  # its bytes first; the call waits in the backlog until the next round
        if self._client is not None and self._client_state() == "gone":
            with contextlib.suppress(KeyError, ValueError):
                sel.unregister(self._client)
            self._drop()
        try:
            conn, _addr = self._listener.accept()
        except BlockingIOError:
            return
        if self._client is not None:
            conn.close()  # one host at a time, as a serial port
            return
        if self.deaf_after is not None and self._deaf_taken:
            self.deaf_after = None
        self._deaf_taken = self.deaf_after is not None
        conn.setblocking(True)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._client = conn
        self.connections += 1
        self.sent = self.received = 0
        self._slow.clear()
        sel.register(conn, selectors.EVENT_READ, "client")

    def _from_firmware(self, sel: selectors.BaseSelector) -> None:
        """The firmware wrote: its bytes to the host; its end (a soft reset) starts it again."""
        try:
            data = os.read(self._master, 4096)
        except BlockingIOError:
            return
        except OSError:  # EIO: the process has ended (a soft reset)
            data = b""
        if data:
            self._booted(data)
            self._to_pc(data)
        else:
            sel.unregister(self._master)
            self._reap()
            self._to_pc(b"MPY: soft reboot\r\n")
            self._spawn()
            sel.register(self._master, selectors.EVENT_READ, "fw")

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        if self._listener is not None:
            sel.register(self._listener, selectors.EVENT_READ, "listen")
        if self._pty_master >= 0:
            sel.register(self._pty_master, selectors.EVENT_READ, "pc")
        sel.register(self._master, selectors.EVENT_READ, "fw")
        try:
            while not self._stop.is_set():
                # The old host's last bytes and its hang-up come before a new host's call: a PC that closes and
                # opens again at once must not find its new connection refused as a second host.
                for key, _ in sorted(sel.select(0.05), key=lambda e: e[0].data == "listen"):
                    what = key.data
                    if what == "listen":
                        self._accept(sel)
                    elif what == "client":
                        client = self._client
                        data = b""
                        if client is not None:
                            with contextlib.suppress(OSError):
                                data = client.recv(4096)
                        if not data:
                            with contextlib.suppress(KeyError, ValueError):
                                sel.unregister(key.fileobj)
                            self._drop()
                        else:
                            self._to_device(data)
                    elif what == "pc":
                        try:
                            data = os.read(self._pty_master, 4096)
                        except (BlockingIOError, OSError):
                            continue
                        self._to_device(data)
                    else:  # the firmware wrote
                        self._from_firmware(sel)
                self._trickle()
                if self._pending and self._booted():
                    self.received -= len(self._pending)
                    self._to_device(b"")
                if self._client is not None and self._client.fileno() < 0:
                    self._client = None
                # a client closed by _drop() is still registered: forget it
                for key in list(sel.get_map().values()):
                    if key.data == "client" and key.fileobj is not self._client:
                        sel.unregister(key.fileobj)
        finally:
            sel.close()


# --- kitapi simdevice -----------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simdevice",
        help="a simulated Kitapi on a local socket or pty, for kitapi sync/deploy without a Pico",
        description="Runs the firmware in the MicroPython unix port behind a serial endpoint that "
        "speaks MicroPython's raw REPL, as a Pico on USB does, until Ctrl-C.",
    )
    p.add_argument("--fs", type=Path, required=True, metavar="DIR", help="the device's filesystem (a folder)")
    p.add_argument("--id", default="e6614103e7000001", help="the device's unique id (hex)")
    p.add_argument("--port", type=int, default=0, help="TCP port on 127.0.0.1 (default: a free one)")
    p.add_argument("--pty", action="store_true", help="a pseudo-terminal instead of a socket")
    p.add_argument(
        "--flash", action="store_true", help="boot what `kitapi deploy` put in DIR instead of this kitapi's firmware"
    )
    p.add_argument(
        "--flash-blocks",
        type=int,
        default=0,
        metavar="N",
        help="the data folder on a littlefs flash of N blocks of 4 KB, as on a Pico (to try a full flash)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if sys.platform == "win32":
        print("kitapi simdevice: needs a POSIX system (it runs the firmware on a pseudo-terminal)", file=sys.stderr)
        return 2
    if args.flash_blocks and not 8 <= args.flash_blocks <= 65536:
        print("kitapi simdevice: --flash-blocks: a flash of 8 to 65536 blocks (0: none)", file=sys.stderr)
        return 2
    dev = SimDevice(
        args.fs,
        args.id,
        "flash" if args.flash else "source",
        port=args.port,
        use_pty=args.pty,
        flash_blocks=args.flash_blocks,
    )
    try:
        url = dev.start()
    except OSError as e:
        print(f"kitapi simdevice: {e}", file=sys.stderr)
        return 1
    print(f"simulated Kitapi {args.id} on {url}  (filesystem {args.fs}; Ctrl-C stops it)", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        dev.close()
    return 0
