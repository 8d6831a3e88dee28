"""The ``kitapi`` command for the tests, run as a process of its own but without starting Python each time.

`make test` runs the kitapi command some 600 times.  Each run as ``python -m kitapi_host.cli`` spends some 80 ms
of CPU starting Python and importing what every command imports, before it does its own work; on 2 cores that
was some 25 s of make test.  Here a server process (one for each pytest worker, started at its first run) has
imported them once, and forks a child for each run: the child is a process of its own as the command's is (its
own stdin, stdout and stderr files, working folder, environment, exit status; Python's own exit: atexit, the
flush of its streams), and it runs ``kitapi_host.cli.main`` as ``python -m kitapi_host.cli`` does.

What Python reads as it starts (``PYTHON*``, ``LC_*``, ``LANG``: its streams' encodings, its module path) is the
server's own: a run whose environment differs there goes to a server started with it.  A run with a ``timeout``
is run the old way, by ``subprocess.run`` (``KITAPI``).  Tests that signal the command, or talk to it while it
runs, use ``subprocess`` themselves.
"""

from __future__ import annotations

import atexit
import json
import locale
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from testkit import KITAPI  # (the command as a user runs it: what a run falls back to, and its args)

# What the server imports before its first fork: what every command imports, and the modules of the commands
# the tests run most (kitapi_host.cli.COMMANDS).  Not more: each module loaded makes every child dearer (its exit
# tears down every module, copying their pages), so with sync's mpremote and psycopg a replay took 35 ms, not 20.
# A run on an archive at a postgresql:// URL goes to a second server that has psycopg too (170 ms an import).
_PRELOAD = (
    "kitapi_host.cli",
    "kitapi_host.logs.cli",
    "kitapi_host.archive.cli",
    "kitapi_host.sheets.cli",
)

_PRELOAD_PG = (*_PRELOAD, "psycopg", "kitapi_host.archive.pg")

_SERVER = r"""
import importlib, json, os, sys
for m in sys.argv[3:]:
    importlib.import_module(m)
import gc
gc.freeze()  # (what is loaded stays out of the collector's walks: a child copies fewer pages; a run 33 -> 20 ms)
requests = os.fdopen(int(sys.argv[1]), "r")
answers = os.fdopen(int(sys.argv[2]), "w")
for line in requests:
    r = json.loads(line)
    pid = os.fork()
    if pid == 0:  # the child: the command's own process from here on
        requests.close()
        answers.close()
        for fd, name, flags in ((0, "in", os.O_RDONLY), (1, "out", os.O_WRONLY), (2, "err", os.O_WRONLY)):
            f = os.open(r[name], flags)
            os.dup2(f, fd)
            os.close(f)
        os.chdir(r["cwd"])
        os.environ.clear()
        os.environ.update(r["env"])
        import kitapi_host.cli
        sys.argv = [kitapi_host.cli.__file__, *r["args"]]  # (as python -m sets it)
        raise SystemExit(kitapi_host.cli.main())  # (Python's own exit: errors printed, atexit run, flushed)
    _, status = os.waitpid(pid, 0)
    answers.write("%d\n" % os.waitstatus_to_exitcode(status))
    answers.flush()
"""


class _Server:
    def __init__(self, preload: tuple[str, ...], env: dict[str, str]) -> None:
        self.env = env
        self.dir = Path(tempfile.mkdtemp(prefix="kitapi-forkrun-"))
        req_r, self._req_w = os.pipe()
        self._ans_r, ans_w = os.pipe()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _SERVER, str(req_r), str(ans_w), *preload],
            pass_fds=(req_r, ans_w),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # (the children's streams are made for a file or pipe, as captured ones are)
            stderr=subprocess.DEVNULL,
            env=self.env,
        )
        os.close(req_r)
        os.close(ans_w)
        self.requests = os.fdopen(self._req_w, "w")
        self.answers = os.fdopen(self._ans_r, "r")
        self.n = 0

    def run(self, args: list[str], stdin: bytes | None, cwd: str, env: dict[str, str]) -> tuple[int, bytes, bytes]:
        self.n += 1
        files = {k: self.dir / f"{self.n}.{k}" for k in ("in", "out", "err")}
        files["in"].write_bytes(stdin or b"")
        files["out"].write_bytes(b"")
        files["err"].write_bytes(b"")
        r = {k: str(v) for k, v in files.items()}
        r.update(cwd=cwd, args=args, env=env)
        self.requests.write(json.dumps(r) + "\n")
        self.requests.flush()
        line = self.answers.readline()
        if not line:
            raise RuntimeError(f"tests/forkrun.py: the server ended ({self.proc.poll()})")
        out, err = files["out"].read_bytes(), files["err"].read_bytes()
        for f in files.values():
            f.unlink()
        return int(line), out, err

    def close(self) -> None:
        self.requests.close()
        self.proc.wait(10)
        self.answers.close()
        for f in self.dir.iterdir():
            f.unlink()
        self.dir.rmdir()


_servers: dict[tuple[object, ...], _Server] = {}  # by what they preload, and what their Python read as it started
_lock = threading.Lock()  # (one run at a time through the server)


def run(
    args: list[str | Path],
    *,
    input: bytes | str | None = None,  # noqa: A002 - subprocess.run's name
    cwd: str | Path | None = None,
    env: dict[str, str] | None = None,
    text: bool = False,
    encoding: str | None = None,
    errors: str | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run([*KITAPI, *args], capture_output=True, ...)``: the same result, in a forked child."""
    argv = [str(a) for a in args]
    decode = text or encoding is not None or errors is not None
    preload = _PRELOAD_PG if any(a.startswith(("postgresql://", "postgres://")) for a in argv) else _PRELOAD
    env = dict(os.environ if env is None else env)
    if timeout is not None:
        return subprocess.run(
            [*KITAPI, *argv], capture_output=True, input=input, cwd=cwd, env=env, text=text, encoding=encoding,
            errors=errors, timeout=timeout,
        )  # fmt: skip
    enc = encoding or locale.getpreferredencoding(False)  # (what subprocess.run's text mode decodes with)
    data = input.encode(enc, errors or "strict") if isinstance(input, str) else input
    key = (preload, *sorted(_startup(env).items()))
    with _lock:
        server = _servers.get(key)
        if server is None:
            server = _servers[key] = _Server(preload, env)
            atexit.register(server.close)
        rc, out, err = server.run(argv, data, str(Path(cwd or os.getcwd()).resolve()), env)
    if decode:
        return subprocess.CompletedProcess(
            [*KITAPI, *argv], rc, _universal(out.decode(enc, errors or "strict")),
            _universal(err.decode(enc, errors or "strict")),
        )  # fmt: skip
    return subprocess.CompletedProcess([*KITAPI, *argv], rc, out, err)


def _startup(env: dict[str, str]) -> dict[str, str]:
    """What of ``env`` Python reads as it starts (its streams' encodings among it): the server's must be the
    same; the rest the child takes as its environment."""
    return {k: v for k, v in env.items() if k.startswith(("PYTHON", "LC_", "LANG"))}


def _universal(s: str) -> str:
    """Text mode's newlines, as subprocess.run(text=True) gives them."""
    return s.replace("\r\n", "\n").replace("\r", "\n")
