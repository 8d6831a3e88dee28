"""The simulated box's MicroPython, started for the tests without starting Python each time.

The firmware in the simulator (kitapi_host.sim.firmware) runs in a process of its own: a Python that maps the
ROMFS image and runs the unix port inside it (kitapi_host.mpy's launcher).  Most of that process's start was
Python's own, and the device tests start the firmware some thousands of times (each soft reset is a start).
Here a small server process (one for each test process, started at its first firmware) has imported the unix
port and maps each image once; for each start it forks a child that does what the launcher does (the image's
address written into the code, the same arguments to ``micropython_run.run_main``) in a process of its own:
its stdin, stdout and stderr are the test's pipes, its folder, environment and session its own, its exit
status told back.  The firmware, its heap and the lines it writes are as they were; only Python's start is left
out.  (Forked from the test's own process instead, each child made the test pay for the pages it then wrote.)
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

from kitapi_host.mpy import _ROMFS_LAUNCHER
from kitapi_host.sim.firmware import Firmware

_SERVER = r"""
import ctypes, gc, json, mmap, os, signal, socket, sys, traceback
from micropython_run import run_main
gc.disable()
gc.freeze()
signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # (its children, the waiters below, reaped by the kernel)
sock = socket.socket(fileno=int(sys.argv[1]))
maps = {}
while True:
    msg, fds, _, _ = socket.recv_fds(sock, 1 << 20, 4)
    if not msg:
        break
    r = json.loads(msg)
    st = os.stat(r["image"])
    key = (r["image"], st.st_mtime_ns, st.st_size)
    if key not in maps:  # (kept: a child still running may use an older one)
        image = open(r["image"], "rb").read()
        rom = mmap.mmap(-1, len(image))
        rom.write(image)
        maps[key] = (rom, ctypes.addressof(ctypes.c_char.from_buffer(rom)), len(image))
    _, address, size = maps[key]
    argv = r["argv"]
    i = argv.index("-c")
    argv[i + 1] = argv[i + 1].replace("ROM_AT", str(address), 1).replace("ROM_SIZE", str(size), 1)
    if os.fork() == 0:  # the waiter: starts the firmware, tells its pid and then its exit status
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        pid = os.fork()
        if pid == 0:  # the firmware's own process from here on, a session of its own
            rc = 1
            try:
                os.setsid()
                for fd, std in zip(fds, (0, 1, 2)):
                    os.dup2(fd, std)
                os.closerange(3, os.sysconf("SC_OPEN_MAX"))
                os.chdir(r["cwd"])
                os.environ.clear()
                os.environ.update(r["env"])
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                rc = run_main(argv)
            except BaseException:
                os.write(2, traceback.format_exc().encode())
            os._exit(rc)
        os.write(fds[3], b"%d\n" % pid)
        for fd in fds[:3]:
            os.close(fd)
        _, status = os.waitpid(pid, 0)
        os.write(fds[3], b"%d\n" % status)
        os._exit(0)
    for fd in fds:
        os.close(fd)
"""


class _Server:
    """The server process and the socket to it."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.proc = subprocess.Popen([sys.executable, "-c", _SERVER, str(theirs.fileno())], pass_fds=[theirs.fileno()])
        theirs.close()
        self.sock = ours
        atexit.register(self.close)

    def close(self) -> None:
        self.sock.close()  # (the server ends at the end of its input)
        self.proc.wait()


_server: _Server | None = None
_lock = threading.Lock()


class Forked:
    """The firmware's forked process, with what Firmware uses of ``subprocess.Popen``."""

    def __init__(self, image: str, argv: list[str], env: dict[str, str], cwd: Path) -> None:
        global _server
        pipes = [os.pipe() for _ in range(4)]  # stdin, stdout, stderr, the waiter's answers
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1], pipes[3][1]]
        with _lock:
            if _server is None or _server.proc.poll() is not None:
                _server = _Server()
            msg = json.dumps({"image": image, "argv": argv, "env": env, "cwd": str(cwd)}).encode()
            socket.send_fds(_server.sock, [msg], theirs)
        for fd in theirs:
            os.close(fd)
        self._status = os.fdopen(pipes[3][0], "rb")
        first = self._status.readline()
        if not first:
            raise RuntimeError("tests/mpfork.py: the server did not start the firmware")
        self.pid = int(first)
        self.returncode: int | None = None
        self.stdin: IO[bytes] = open(pipes[0][1], "wb")  # noqa: SIM115 (closed by Firmware)
        self.stdout: IO[bytes] = open(pipes[1][0], "rb")  # noqa: SIM115
        self.stderr: IO[bytes] = open(pipes[2][0], "rb")  # noqa: SIM115

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._status], [], [], 0)[0]:
            return self.wait()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            line = self._status.readline()
            self._status.close()
            self.returncode = os.waitstatus_to_exitcode(int(line)) if line else -signal.SIGKILL
        return self.returncode

    def kill(self) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class ForkedFirmware(Firmware):
    """Firmware whose process (and each after a soft reset) the server forks (ROMFS launches; others as ever)."""

    def _spawn(self, env: dict[str, str]) -> subprocess.Popen[bytes]:
        cmd = self._cmd
        if cmd[:3] != [sys.executable, "-c", _ROMFS_LAUNCHER]:
            return super()._spawn(env)
        return Forked(cmd[3], ["micropython", *cmd[4:]], env, self._cwd)  # type: ignore[return-value]
