"""``kitapi serve`` on a venue's network, through real sockets against the command itself: 300 slow clients
trickling a request's head (a normal client is still served), twelve PDFs asked at once (the pages still
answer, the printing waits or says 503, HEAD prints nothing, a PDF printed is kept until the sheet changes),
the Host names served on each kind of bind, the admin link's secret, and a DNS rebinding page in the real
Chromium.

The archive is tests/pc/web_archive.py's.  A test that times something times what the issue bounds (2 s for
a page among slow clients, 1 s for a page while printing), with the server on the same loaded machine."""

from __future__ import annotations

import http.client
import os
import re
import resource
import select
import selectors
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from kitapi_host.archive.db import Archive
from kitapi_host.sheets import browser as chromium
from testkit import KITAPI, wait_until
from web_archive import build

HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: "  # a request's head, never finished


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    db = tmp_path_factory.mktemp("webs") / "archive.db"
    return db, build(db)


class Served:
    """A running ``kitapi serve``: its port and the lines it printed."""

    def __init__(self, port: int, lines: list[str]) -> None:
        self.port = port
        self.lines = lines

    def ask(
        self, path: str, host: str | None = None, method: str = "GET", headers: dict[str, str] | None = None,
        body: str | None = None,
    ) -> tuple[int, http.client.HTTPMessage, bytes, float]:  # fmt: skip
        """``method path`` on a fresh connection to 127.0.0.1 (Host ``host``): status, headers, body, seconds."""
        t = time.monotonic()
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            c.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            c.putheader("Host", host or f"127.0.0.1:{self.port}")
            for k, v in (headers or {}).items():
                c.putheader(k, v)
            data = body.encode() if body is not None else None
            if data is not None:
                c.putheader("Content-Type", "application/x-www-form-urlencoded")
                c.putheader("Content-Length", str(len(data)))
            c.endheaders(data)
            r = c.getresponse()
            got = r.read()
            return r.status, r.headers, got, time.monotonic() - t
        finally:
            c.close()


@contextmanager
def serve(
    db: Path, *args: str, lines: int = 1, env: dict[str, str] | None = None, files: int | None = None
) -> Iterator[Served]:
    """``kitapi serve --db db --port 0 --no-browser *args``, its first ``lines`` lines read; ``files``: its
    open-file limit (soft and hard)."""

    def limit() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    p = subprocess.Popen(
        [*KITAPI, "serve", "--db", str(db), "--port", "0", "--no-browser", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
        preexec_fn=limit,
    )
    try:
        said: list[str] = []
        reader = threading.Thread(target=lambda: said.extend(p.stdout.readline() for _ in range(lines)))  # type: ignore[union-attr]
        reader.start()
        reader.join(60)  # (a server that prints fewer lines: the test fails, it does not hang)
        assert not reader.is_alive() and said and all(said), said
        m = re.match(r"kitapi serve: http://\S+:(\d+)/ ", said[0])
        assert m, said
        yield Served(int(m.group(1)), said)
    finally:
        p.terminate()
        assert wait_until(lambda: p.poll() is not None)
        _, err = p.communicate()
        assert "Traceback" not in err, err


def _more_files(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < n:
        if hard != resource.RLIM_INFINITY and hard < n:
            pytest.skip(f"this test needs {n} open files (ulimit -Hn is {hard})")
        resource.setrlimit(resource.RLIMIT_NOFILE, (n, hard))


# --- slow clients -----------------------------------------------------------------------------------------


class Trickler:
    """``n`` connections, each from one of ``sources``, each sending HEAD then a byte every half second,
    opened again whenever the server closes one (as an attacker would): ``closed`` counts those."""

    def __init__(self, port: int, n: int, sources: list[str]) -> None:
        self.port, self.sources = port, sources
        self.sel = selectors.DefaultSelector()
        self.closed = 0
        self.stop = threading.Event()
        for i in range(n):
            self.open(i)
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def open(self, i: int) -> None:
        s = socket.socket()
        s.bind((self.sources[i % len(self.sources)], 0))
        s.connect(("127.0.0.1", self.port))  # (the kernel's queue takes it even while the server does not)
        s.sendall(HEAD)
        self.sel.register(s, selectors.EVENT_READ, i)

    def run(self) -> None:
        while not self.stop.wait(0.5):
            for key, _ in self.sel.select(0):  # the server closed it (or answered: it never should)
                self.sel.unregister(key.fileobj)
                key.fileobj.close()  # type: ignore[union-attr]
                self.closed += 1
                self.open(key.data)
            for key in list(self.sel.get_map().values()):
                try:
                    key.fileobj.send(b"a")  # type: ignore[union-attr]
                except OSError:
                    pass  # (the select above finds it)

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        for key in list(self.sel.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        self.sel.close()


@pytest.mark.parametrize("spread", ["one-address", "many-addresses"])
def test_300_slow_clients_lock_no_one_out(built: tuple[Path, dict[str, Any]], spread: str) -> None:
    """300 connections trickling a request's head (from one address, or 3 from each of 100 loopback
    addresses) are held ~5 s against a server allowed 256 open files: meanwhile a normal client gets ``/``
    and a game page, each within 2 s, three times; the server closed some of the slow ones to make room."""
    _more_files(1024)
    sources = ["127.0.0.1"] if spread == "one-address" else [f"127.0.0.{i}" for i in range(2, 102)]
    try:
        socket.create_server((sources[-1], 0)).close()
    except OSError:
        pytest.skip(f"{sources[-1]} is no loopback address here (Linux has all of 127.0.0.0/8)")
    db, info = built
    with serve(db, files=256) as site:
        gid = info["this"][0]
        attack = Trickler(site.port, 300, sources)
        try:
            for _ in range(3):
                time.sleep(1.5)
                for path in ("/", f"/game/{gid}"):
                    status, _, body, took = site.ask(path)
                    assert status == 200 and b"Kitapi" in body, (path, status)
                    assert took < 2.0, (path, took)
            assert attack.closed > 0
        finally:
            attack.close()


def test_a_request_must_arrive_whole_within_10_s(built: tuple[Path, dict[str, Any]]) -> None:
    """A connection trickling its head a byte every half second, and one sending blank lines (each an empty
    request to waitress), alone (no limit of connections applies), are closed 10 s after their first byte,
    though neither falls silent."""
    with serve(built[0]) as site:
        start = time.monotonic()
        conns = {b"a": socket.create_connection(("127.0.0.1", site.port)), b"\r\n": socket.create_connection(
            ("127.0.0.1", site.port))}  # fmt: skip
        conns[b"a"].sendall(HEAD)
        took: dict[bytes, float] = {}
        while conns and time.monotonic() - start < 30:
            time.sleep(0.5)
            for byte, s in list(conns.items()):
                try:
                    if select.select([s], [], [], 0)[0] and not s.recv(100):
                        raise ConnectionResetError  # closed by the server
                    s.send(byte)
                except OSError:
                    took[byte] = time.monotonic() - start
                    del conns[byte]
                    s.close()
        for s in conns.values():
            s.close()
        assert sorted(took) == [b"\r\n", b"a"] and all(9.5 <= t < 20 for t in took.values()), took


# --- printing ---------------------------------------------------------------------------------------------


@pytest.fixture
def printer(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """KITAPI_CHROMIUM naming a script that runs the real Chromium and writes "+" to its log as it starts and
    "-" as it ends: how many printed, and how many at once."""
    try:
        exe = chromium.find_browser()
    except chromium.BrowserError as e:
        pytest.fail(f"{e} (tools/ensure-chromium.sh installs one)")
    log = tmp_path / "prints.log"
    log.write_text("")
    script = tmp_path / "chromium"
    script.write_text(f'#!/bin/sh\necho + >> "{log}"\n"{exe}" "$@"\nrc=$?\necho - >> "{log}"\nexit $rc\n')
    script.chmod(0o755)
    return {"KITAPI_CHROMIUM": str(script)}, log


def _prints(log: Path) -> tuple[int, int]:
    """How many prints began, and the most at once."""
    now = most = 0
    for c in log.read_text().split():
        now += 1 if c == "+" else -1
        most = max(most, now)
    return log.read_text().count("+"), most


def test_printing_does_not_starve_the_pages(
    built: tuple[Path, dict[str, Any]], printer: tuple[dict[str, str], Path], tmp_path: Path
) -> None:
    """HEAD prints nothing; while twelve PDFs of twelve games are asked at once, ``/``, ``/players`` and a game
    page each answer within 1 s, one Chromium prints at a time, and what cannot wait gets 503 with
    Retry-After; a PDF printed is served again from the cache (the same bytes, no Chromium), until a rename
    changes its sheet."""
    import shutil

    db = tmp_path / "print.db"
    shutil.copy(built[0], db)
    info = built[1]
    env, log = printer
    games = [*info["this"], *info["last"]][:12]
    assert len(games) == 12
    with serve(db, env=env) as site:
        status, headers, body, _ = site.ask(f"/game/{games[0]}/download/pdf", method="HEAD")
        assert status == 200 and headers["Content-Type"] == "application/pdf" and body == b""
        assert _prints(log) == (0, 0)  # HEAD started no browser

        answers: dict[int, tuple[int, http.client.HTTPMessage, bytes, float]] = {}

        def pdf(gid: int) -> None:
            answers[gid] = site.ask(f"/game/{gid}/download/pdf")

        asking = [threading.Thread(target=pdf, args=(gid,)) for gid in games]
        for t in asking:
            t.start()
        pages = 0
        while any(t.is_alive() for t in asking) or pages < 6:
            for path in ("/", "/players", f"/game/{games[5]}"):
                status, _, _, took = site.ask(path)
                assert status == 200 and took < 1.0, (path, took)
                pages += 1
        for t in asking:
            t.join()
        printed = {g: a[2] for g, a in answers.items() if a[0] == 200}
        busy = [a for a in answers.values() if a[0] == 503]
        assert len(printed) + len(busy) == 12 and printed and busy, [a[0] for a in answers.values()]
        assert all(p.startswith(b"%PDF-") for p in printed.values())
        assert all(int(a[1]["Retry-After"]) > 0 for a in busy)
        count, most = _prints(log)
        assert most == 1 and count == len(printed)

        gid, first = next(iter(printed.items()))
        status, _, again, took = site.ask(f"/game/{gid}/download/pdf")
        assert status == 200 and again == first and _prints(log)[0] == count  # the cache: no Chromium
        status, headers, _, _ = site.ask(f"/game/{gid}/download/pdf", method="HEAD")
        assert status == 200 and int(headers["Content-Length"]) == len(first)

        with Archive(db) as a:
            old = a.seats(gid)[-1]
            a.rename_player(old, "Zeno")
        status, _, renamed, _ = site.ask(f"/game/{gid}/download/pdf")
        assert status == 200 and renamed.startswith(b"%PDF-") and renamed != first
        assert _prints(log)[0] == count + 1  # printed again: the sheet names Zeno now
        from test_web import pdf_text

        assert "Zeno" in pdf_text(renamed) and "Zeno" not in pdf_text(first)


def test_threads_look_up_the_rules_at_once() -> None:
    """kitapi.registry lets itself go after each look-up on the box (its heap); on the PC, where the server's
    threads replay games at once, it stays: one thread letting it go while another imported it made that
    import fail (KeyError, a 500 among twelve PDFs).  Eight threads, the interpreter switching between them
    as often as it can."""
    import sys

    from kitapi import rules
    from kitapi.registry import rows

    names = [r[0] for r in rows() if r[0] != "prefa"]
    errors: list[str] = []

    def look() -> None:
        try:
            for i in range(300):
                assert rules.load(names[i % len(names)]) is not None
        except Exception as e:  # noqa: BLE001 (any of them is the failure)
            errors.append(repr(e))

    every = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=look) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(every)
    assert errors == []


# --- Host names and the admin secret ----------------------------------------------------------------------


def test_a_loopback_bind_serves_the_loopback_names_only(built: tuple[Path, dict[str, Any]]) -> None:
    """Bound to 127.0.0.2 or 127.1 (loopback addresses other than 127.0.0.1), a foreign Host gets 400 in the
    page's language; the loopback's names and the address bound are served."""
    for bind, names in (("127.0.0.2", ["127.0.0.2", "localhost", "127.0.0.1"]), ("127.1", ["127.1", "LOCALHOST."])):
        with serve(built[0], "--host", bind) as site:
            ip = socket.gethostbyname(bind)
            for name in names:
                assert _ask_at(ip, site.port, "/", name)[0] == 200, (bind, name)
            for name in ("evil.example", "evil.example:80", "127.0.0.2.evil.example", socket.gethostname() + ".x"):
                status, body = _ask_at(ip, site.port, "/", name, {"Accept-Language": "ru"})
                assert status == 400 and "Этот сервер не отвечает на это имя" in body, (bind, name)


def _ask_at(ip: str, port: int, path: str, host: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    c = http.client.HTTPConnection(ip, port, timeout=60)
    try:
        c.request("GET", path, headers={"Host": host, **(headers or {})})
        r = c.getresponse()
        return r.status, r.read().decode()
    finally:
        c.close()


def test_a_network_bind_serves_the_machines_names_and_allowed_ones(built: tuple[Path, dict[str, Any]]) -> None:
    """Bound to 0.0.0.0: the machine's name (and NAME.local), the address connected to and ``--allow-host``'s
    names are served (any case, a final dot); any other name gets 400 (a DNS rebinding page's)."""
    me = socket.gethostname()
    with serve(built[0], "--host", "0.0.0.0", "--allow-host", "club.example", lines=2) as site:
        assert f"http://{me}:{site.port}/" in site.lines[1]
        for name in (
            me,
            f"{me}:{site.port}",
            f"{me.split('.')[0]}.local",
            "127.0.0.1",
            "club.example",
            "CLUB.example.",
        ):
            assert site.ask("/", host=name)[0] == 200, name
        for name in ("evil.example", f"evil.example:{site.port}", "club.example.evil", "10.1.2.3"):
            status, _, body, _ = site.ask("/", host=name, headers={"Accept-Language": "el"})
            assert status == 400 and "δεν απαντά σε αυτό το όνομα" in body.decode(), name


def test_allow_host_wants_a_name_not_a_url(built: tuple[Path, dict[str, Any]]) -> None:
    import forkrun

    for bad in ("https://club.example/", "", "a b", "me@club.example"):
        r = forkrun.run(["serve", "--db", str(built[0]), "--no-browser", "--allow-host", bad])
        err = r.stderr.decode()
        assert r.returncode == 2 and r.stdout == b"" and err.count("\n") == 1 and "a host name" in err, bad


def _cookie(headers: http.client.HTTPMessage, jar: dict[str, str]) -> None:
    for line in headers.get_all("Set-Cookie") or []:
        k, _, v = line.split(";")[0].partition("=")
        jar[k.strip()] = v


def _jar(jar: dict[str, str]) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())}


def test_admin_off_the_loopback_needs_the_printed_link(built: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """``--admin`` bound to 0.0.0.0 prints a link with a secret; without it the players' page has no forms and
    a rename (even with this site's Origin) gets 403; a wrong secret 403; the link sets an HttpOnly,
    SameSite=Strict cookie and sends the browser to the address without the secret, after which the forms
    work."""
    import shutil

    db = tmp_path / "admin.db"
    shutil.copy(built[0], db)
    with serve(db, "--host", "0.0.0.0", "--admin", lines=3) as site:
        m = re.search(r"http://\S+(/\?admin=(\S+))", site.lines[2])
        assert m, site.lines
        link, secret = m.group(1), m.group(2)
        here = {"Origin": f"http://127.0.0.1:{site.port}"}
        status, _, page, _ = site.ask("/players")
        assert status == 200 and b'method="post"' not in page and b"csrf" not in page
        status, _, page, _ = site.ask("/players/rename", method="POST", headers=here, body="old=Anna&new=Hanna")
        assert status == 403 and b"admin link" in page
        assert site.ask("/?admin=" + "x" * len(secret))[0] == 403
        jar: dict[str, str] = {}
        status, headers, _, _ = site.ask(link)
        assert status == 303 and headers["Location"].endswith("/") and secret not in headers["Location"]
        cookie = headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        _cookie(headers, jar)
        status, headers, page, _ = site.ask("/players", headers=_jar(jar))
        _cookie(headers, jar)
        token = re.search(rb'name="csrf" value="([^"]+)"', page)
        assert status == 200 and token
        form = f"old=Anna&new=Hanna&csrf={token.group(1).decode()}"
        assert site.ask("/players/rename", method="POST", headers={**here, **_jar(jar)}, body=form)[0] == 303
    with Archive(db) as a:
        assert "Hanna" in a.players() and "Anna" not in a.players()


def test_admin_on_the_loopback_needs_no_link_unless_another_name_is_allowed(
    built: tuple[Path, dict[str, Any]],
) -> None:
    """Bound to the loopback, ``--admin`` shows its forms at once (this PC only); with ``--allow-host`` (a
    reverse proxy brings others) it prints the link and wants it."""
    with serve(built[0], "--admin") as site:
        assert b'method="post"' in site.ask("/players")[2]
    with serve(built[0], "--admin", "--allow-host", "club.example", lines=2) as site:
        assert "?admin=" in site.lines[1] and b'method="post"' not in site.ask("/players")[2]


def test_dns_rebinding_in_chromium(built: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """The real Chromium, evil.example resolving to the server (``--host-resolver-rules``): a page of
    evil.example (its script: CSP bypassed as an attacker's own page would have it) can read nothing and
    rename no one (400), though the organiser's browser holds the admin cookie; the organiser's own page, by
    the link, renames."""
    import shutil

    from playwright.sync_api import sync_playwright

    db = tmp_path / "rebind.db"
    shutil.copy(built[0], db)
    with serve(db, "--host", "0.0.0.0", "--admin", lines=3) as site, sync_playwright() as pw:
        link = re.search(r"http://\S+", site.lines[2])
        assert link
        b = pw.chromium.launch(
            executable_path=chromium.find_browser(),
            args=["--no-sandbox", "--host-resolver-rules=MAP evil.example 127.0.0.1"],
        )
        try:
            ctx = b.new_context(bypass_csp=True)
            page = ctx.new_page()
            page.goto(link.group(0))  # the organiser opens the link: the cookie, and no secret in the address
            assert page.url == f"http://127.0.0.1:{site.port}/"
            evil = ctx.new_page()
            r = evil.goto(f"http://evil.example:{site.port}/players")
            assert r is not None and r.status == 400 and "csrf" not in evil.content()
            got = evil.evaluate(
                """async () => {
                  const p = await fetch('/players');
                  const q = await fetch('/players/rename', {method: 'POST',
                    headers: {'Content-Type': 'application/x-www-form-urlencoded'}, body: 'old=Anna&new=Evil'});
                  return [p.status, (await p.text()).includes('csrf'), q.status];
                }"""
            )
            assert got == [400, False, 400]
            with Archive(db) as a:
                assert "Anna" in a.players() and "Evil" not in a.players()
            page.goto(f"http://127.0.0.1:{site.port}/players")
            page.select_option("select[name=old]", "Anna")
            page.fill("input[name=new]", "Hanna")
            page.click("form[action$=rename] button")
            page.wait_for_load_state("load")
            assert "done=1" in page.url
        finally:
            b.close()
    with Archive(db) as a:
        assert "Hanna" in a.players() and "Anna" not in a.players()
