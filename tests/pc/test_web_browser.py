"""``kitapi serve`` in a real browser: headless Chromium (the system's, driven by Playwright) follows the links
from the home page to a game, to a player and back, switches the language and the period, and each page is
looked at on a desktop (1280 px) and a phone (390 px): no console error, no answer of 400 or more (the frames,
the style sheet and the icon included), no text wider than its box, no sideways scroll of the page.

The archive is tests/pc/web_archive.py's (every system, the examples, hostile names), served by the command
itself on a free port.  Each page's screenshots are saved in the test's folder, and the README's six
(``README_SHOTS``) in the folder ``KITAPI_WEB_SHOTS`` names if set (``KITAPI_WEB_SHOTS=docs/img`` makes
docs/img/web-*.png again).
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from kitapi_host.sheets import browser as chromium
from testkit import KITAPI, wait_until
from web_archive import HOSTILE, build

WIDTHS = {"desktop": 1280, "phone": 390}
# The screenshots the README shows (KITAPI_WEB_SHOTS=docs/img), of those every run takes.
README_SHOTS = ("home-desktop", "game-desktop", "player-desktop", "home-el-phone", "game-ru-phone", "stats-el-phone")

# Every element whose text is wider than its box (a box that scrolls on purpose, and what is in one, aside),
# and the page itself when it scrolls sideways.
OVERFLOW = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.scroll, pre, svg, iframe, select, option')) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'inline' || ['auto', 'scroll'].includes(cs.overflowX)) continue;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      bad.push(el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 40));
  }
  if (document.documentElement.scrollWidth > window.innerWidth)
    bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + window.innerWidth);
  return bad;
}"""


# On the statistics page (whose tables are in boxes that may scroll, which OVERFLOW leaves aside): each box
# that scrolls sideways, each figure or head wider than its cell.
CUT_STATS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('.scroll:has(table.stats), table.stats td, table.stats caption'))
    if (el.scrollWidth > el.clientWidth + 1) bad.push(el.tagName + ': ' + el.textContent.trim().slice(0, 40));
  return bad;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """``kitapi serve`` over the test archive: its URL and what web_archive.build told of the archive."""
    db = tmp_path_factory.mktemp("webb") / "archive.db"
    info = build(db)
    p = subprocess.Popen(
        [*KITAPI, "serve", "--db", str(db), "--port", "0", "--no-browser"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert p.stdout is not None
        m = re.match(r"kitapi serve: (http://\S+/) ", p.stdout.readline())
        assert m
        yield m.group(1), info
    finally:
        p.terminate()
        assert wait_until(lambda: p.poll() is not None)
        p.communicate()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        exe = chromium.find_browser()
    except chromium.BrowserError as e:
        pytest.fail(f"{e} (tools/ensure-chromium.sh installs one)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        yield b
        b.close()


class Tab:
    """A page of one width, recording every console error and every answer of 400 or more."""

    def __init__(self, browser: Any, width: int, shots: Path) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.width = width
        self.shots = shots
        self.errors: list[str] = []
        self.page.on(
            "console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None
        )
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on("response", lambda r: self.errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)

    def look(self, name: str | None = None) -> None:
        """The page loaded whole: no error so far, nothing overflowing; its screenshot as ``name``."""
        self.page.wait_for_load_state("load")
        assert self.errors == [], (self.page.url, self.errors)
        bad = self.page.evaluate(OVERFLOW)
        assert bad == [], (self.page.url, self.width, bad)
        if name:
            tag = "desktop" if self.width > 600 else "phone"
            shot = self.page.screenshot()  # (the first screenful: small files)
            (self.shots / f"web-{name}-{tag}.png").write_bytes(shot)
            if os.environ.get("KITAPI_WEB_SHOTS") and f"{name}-{tag}" in README_SHOTS:
                Path(os.environ["KITAPI_WEB_SHOTS"], f"web-{name}-{tag}.png").write_bytes(shot)

    def close(self) -> None:
        self.page.close()


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_home_to_a_game_to_a_player_and_back(
    site: tuple[str, dict[str, Any]], browser: Any, width: int, tmp_path: Path
) -> None:
    url, _info = site
    tab = Tab(browser, width, tmp_path)
    try:
        p = tab.page
        p.goto(url)
        tab.look("home")
        assert p.locator("table.standings").count() >= 10  # this month: every system has a game
        p.locator("table.games a[href^='/game/']").first.click()
        p.wait_for_url(re.compile(r"/game/\d+$"))
        assert p.locator("figure.chart polyline").count() >= 3 and p.locator("table.hands tbody tr").count() > 0
        assert p.frame_locator("iframe.sheet").locator("h1").count() == 1  # the sheet, in its frame
        tab.look("game")
        name = p.locator("table.standings a.name").first.inner_text()
        p.locator("table.standings a.name").first.click()
        p.wait_for_url(re.compile(r"/player/"))
        assert p.locator("h1").inner_text() == name
        tab.look("player")
        p.locator("a.stats").click()
        p.wait_for_url(re.compile(r"/stats/"))
        figures = p.locator("table.stats tbody").all_inner_texts()
        assert figures and all(f.strip() for f in figures)
        tab.look("stats")
        for lang, label in (("el", "Ελληνικά"), ("ru", "Русский"), ("en", "English")):  # his tables in each
            p.locator("nav.langs a", has_text=label).click()
            p.wait_for_url(re.compile(f"lang={lang}"))
            assert p.locator("html").get_attribute("lang") == lang
            assert p.locator("table.stats tbody").all_inner_texts() == figures  # the same figures
            heads = " ".join(p.locator("table.stats th").all_inner_texts())
            assert (re.search("[A-Za-z]", heads) is None) == (lang != "en"), heads  # no English head in el, ru
            tab.look(f"stats-{lang}" if lang != "en" else None)
            if width < 600:  # a phone: each figure under its head, the whole of both in view (the box scrolls not)
                assert p.evaluate(CUT_STATS) == [], lang
        p.locator("nav a", has_text="Home").click()
        p.wait_for_url(url)
        tab.look()
    finally:
        tab.close()


def test_language_and_period_switches(site: tuple[str, dict[str, Any]], browser: Any, tmp_path: Path) -> None:
    url, info = site
    tab = Tab(browser, WIDTHS["phone"], tmp_path)
    try:
        p = tab.page
        p.goto(url)
        p.locator("nav.langs a", has_text="Ελληνικά").click()
        p.wait_for_url(re.compile(r"lang=el"))
        assert p.locator("html").get_attribute("lang") == "el"
        tab.look("home-el")
        p.locator("a.period", has_text="Προηγούμενος μήνας").click()  # last month: the cafe-b games
        p.wait_for_url(re.compile(r"from=\d{4}-\d{2}-01"))
        assert p.locator("html").get_attribute("lang") == "el"  # (the cookie keeps it)
        assert f"({len(info['last'])} παρτίδες)" in p.locator("h2").first.inner_text()
        tab.look()
        p.locator("nav.langs a", has_text="Русский").click()
        p.wait_for_url(re.compile(r"lang=ru"))
        assert "Турнирная таблица" in p.locator("h2").first.inner_text()
        p.locator("table.games a[href^='/game/']").first.click()
        assert p.locator("html").get_attribute("lang") == "ru"
        tab.look("game-ru")
    finally:
        tab.close()


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
def test_hostile_names_keep_the_layout(
    site: tuple[str, dict[str, Any]], browser: Any, width: int, tmp_path: Path
) -> None:
    """The hostile game, the 200-character player and the players' list: nothing runs, nothing overflows."""
    url, info = site
    tab = Tab(browser, width, tmp_path)
    try:
        p = tab.page
        dialogs: list[str] = []
        p.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        p.goto(f"{url}game/{info['hostile']}")
        tab.look()
        assert HOSTILE[0] in p.locator("table.standings").inner_text()
        p.locator("a.name", has_text="<script>").first.click()
        p.wait_for_url(re.compile(r"/player/"))
        assert p.locator("h1").inner_text() == HOSTILE[0]
        tab.look()
        p.goto(f"{url}players")
        tab.look()
        p.locator("a.name", has_text="W" * 200).click()
        p.wait_for_url(re.compile(r"/player/W+$"))
        tab.look()
        assert dialogs == []
    finally:
        tab.close()


def test_the_checks_see_an_error_and_an_overflow(
    site: tuple[str, dict[str, Any]], browser: Any, tmp_path: Path
) -> None:
    """The instrument itself: a page that is not there is an error, a word wider than its box an overflow, a
    statistics table wider than the phone a box that scrolls."""
    url, _info = site
    tab = Tab(browser, WIDTHS["phone"], tmp_path)
    try:
        tab.page.goto(f"{url}game/999999")
        assert any(e.startswith("404 ") for e in tab.errors)
        tab.page.set_content('<body><p style="width: 50px">' + "W" * 40 + "</p></body>")
        assert len(tab.page.evaluate(OVERFLOW)) == 2  # the paragraph, and so the page
        wide = '<div class="scroll" style="overflow-x: auto"><table class="stats"><tr><td>' + "W" * 80 + "</td></tr>"
        tab.page.set_content(f"<body>{wide}</table></div></body>")
        assert len(tab.page.evaluate(CUT_STATS)) == 1  # the box that scrolls (a cell as wide as its text)
    finally:
        tab.close()
