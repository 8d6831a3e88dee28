"""PDF (and PNG): a score sheet printed by a headless Chromium-family browser found on this PC.

``to_pdf(html)`` prints it to PDF (A4) with ``find_browser``'s browser;
``to_png(html, width, height)`` takes a screenshot of it the same way (the
tests, the README's picture).  No browser engine is bundled: ``BrowserError``
says what is missing.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

BROWSER_ENV = "KITAPI_CHROMIUM"
# Looked up on PATH, in this order: first Chromium's headless shell (Debian's chromium-headless-shell, Google's
# chrome-headless-shell), the browser without its window made for printing and screenshots: on 2 cores it loads a
# page for about half the CPU of the whole browser.
BROWSER_NAMES = (
    "chromium-headless-shell",
    "chrome-headless-shell",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "microsoft-edge",
    "msedge",
)
# Where the installers put them off PATH (macOS, Windows); tried after PATH.
BROWSER_PATHS = (
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Google\Chrome\Application\chrome.exe",
    r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Microsoft\Edge\Application\msedge.exe",
)
BROWSER_TIMEOUT = 60.0  # seconds; the browser is stopped after that
# A throwaway profile (--user-data-dir, added per run), nothing fetched from the network.
_BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
)
# No date, file name and page number on the page: Chromium 111 and later take
# --no-pdf-header-footer (and ignore the older flag), older ones --print-to-pdf-no-header.
_NO_HEADER_FOOTER = ("--no-pdf-header-footer", "--print-to-pdf-no-header")
_NO_BROWSER = (
    "no Chromium-family browser found for the PDF (looked for " + ", ".join(BROWSER_NAMES) + " on PATH):"
    f" install Chromium, Google Chrome or Microsoft Edge, or set {BROWSER_ENV} to one"
)


class BrowserError(Exception):
    """No browser to print with (``missing``), or it failed: ``str()`` is the one line to show."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def find_browser() -> str:
    """The headless browser to use: ``$KITAPI_CHROMIUM`` (a path or a name on PATH) if set, else the first found.

    BrowserError(missing=True) if there is none, or ``$KITAPI_CHROMIUM`` names none.
    """
    named = os.environ.get(BROWSER_ENV, "")
    if named:
        found = shutil.which(named)
        if found is None:
            raise BrowserError(f"{BROWSER_ENV}={named}: no such executable (a Chromium-family browser)", missing=True)
        return found
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    for path in BROWSER_PATHS:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise BrowserError(_NO_BROWSER, missing=True)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill the browser and every process it started (its own session), then reap it."""
    if os.name == "posix":
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:  # gone already
            pass
    else:
        proc.kill()
    proc.wait()


def _run_browser(exe: str, html: bytes, what: str, output_flag: str, extra: Sequence[str]) -> bytes:
    """Load ``html`` from a temporary file in the headless browser ``exe``, which writes ``output_flag=FILE``.

    FILE's bytes, or BrowserError.  The temporary folder (the page, the output, a
    fresh profile) is in ``tempfile``'s place ($TMPDIR).
    """
    with tempfile.TemporaryDirectory(prefix="kitapi-browser-", ignore_cleanup_errors=True) as tmp:
        page = Path(tmp) / "sheet.html"
        page.write_bytes(html)
        out = Path(tmp) / f"sheet.{what.lower()}"
        cmd = [
            exe,
            *_BROWSER_FLAGS,
            f"--user-data-dir={Path(tmp) / 'profile'}",
            *extra,
            f"{output_flag}={out}",
            page.as_uri(),
        ]
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
            )
        except OSError as e:
            raise BrowserError(f"{exe}: cannot start the browser ({e.strerror})") from None
        try:
            _, err = proc.communicate(timeout=BROWSER_TIMEOUT)
        except subprocess.TimeoutExpired:
            _stop(proc)
            raise BrowserError(f"{exe}: no {what} after {BROWSER_TIMEOUT:g} s, the browser was stopped") from None
        except BaseException:  # ^C: no browser left behind
            _stop(proc)
            raise
        data = out.read_bytes() if out.is_file() else b""
    if not data:
        said = [line for line in err.decode("utf-8", "replace").splitlines() if line.strip()]
        why = f": {said[-1].strip()[:200]}" if said else ""
        raise BrowserError(f"{exe}: the browser made no {what} (exit status {proc.returncode}){why}")
    return data


def to_pdf(html: bytes, browser: str | None = None) -> bytes:
    """The score sheet ``html`` printed to PDF (the page size of its CSS, A4) by ``browser`` or ``find_browser()``.

    BrowserError if there is no browser, or it fails or makes something that is not a PDF.
    """
    exe = browser or find_browser()
    data = _run_browser(exe, html, "PDF", "--print-to-pdf", _NO_HEADER_FOOTER)
    if not data.startswith(b"%PDF-"):
        raise BrowserError(f"{exe}: the browser's output is not a PDF")
    return data


def to_png(html: bytes, width: int, height: int, browser: str | None = None) -> bytes:
    """A screenshot (PNG, ``width`` x ``height`` pixels) of ``html`` as the browser shows it on a screen."""
    exe = browser or find_browser()
    data = _run_browser(exe, html, "PNG", "--screenshot", [f"--window-size={width},{height}"])
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise BrowserError(f"{exe}: the browser's screenshot is not a PNG")
    return data
