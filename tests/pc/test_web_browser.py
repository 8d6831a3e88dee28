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
from urllib.parse import quote

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from kitapi.registry import rows
from kitapi_host.sheets import browser as chromium
from testkit import KITAPI, wait_until
from web_archive import HOSTILE, add_tournament, build

WIDTHS = {"desktop": 1280, "phone": 390}
# The screenshots the README shows (KITAPI_WEB_SHOTS=docs/img), of those every run takes.
README_SHOTS = (
    "home-desktop",
    "game-desktop",
    "player-desktop",
    "home-el-phone",
    "game-ru-phone",
    "game-el-phone",
    "stats-el-phone",
    "evening-el-phone",
    "evening-ru-phone",
)

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


# Every pair of text boxes that overlap: each text's lines (a Range's rectangles, cut to the box that clips
# it: a cell that hides its overflow, a box that scrolls), compared with every other text's.
OVERLAPS = """() => {
  const boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('title, style, script, option, select')) continue;
    let clip = null;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.visibility === 'hidden' || cs.display === 'none') { clip = 'none'; break; }
      if (cs.overflowX !== 'visible' && !(a instanceof SVGElement && a.tagName !== 'svg')) {
        const r = a.getBoundingClientRect();
        clip = clip === null ? r : clip;
        if (clip !== 'none') clip = {left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right),
          top: Math.max(clip.top, r.top), bottom: Math.min(clip.bottom, r.bottom)};
      }
    }
    if (clip === 'none') continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      let b = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
      if (clip) b = {left: Math.max(b.left, clip.left), right: Math.min(b.right, clip.right),
        top: Math.max(b.top, clip.top), bottom: Math.min(b.bottom, clip.bottom)};
      if (b.right - b.left > 1 && b.bottom - b.top > 1) boxes.push([b, n, n.textContent.trim().slice(0, 30)]);
    }
  }
  const bad = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, na, ta] = boxes[i], [b, nb, tb] = boxes[j];
      if (na === nb) continue;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 2) bad.push(`"${ta}" over "${tb}"`);
      if (bad.length > 10) return bad;
    }
  return bad;
}"""

# The page wider than its window (the frame's document: its frame).
WIDE = (
    "() => document.documentElement.scrollWidth > window.innerWidth ?"
    " `${document.documentElement.scrollWidth} > ${window.innerWidth}` : null"
)

# Each chart label drawn smaller than 11 CSS px or (partly) outside its chart.
CHART_LABELS = """() => {
  const bad = [];
  for (const t of document.querySelectorAll('figure.chart text')) {
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.abs(t.getScreenCTM().d);
    const r = t.getBoundingClientRect(), c = t.closest('figure.chart').getBoundingClientRect();
    const s = t.closest('svg').getBoundingClientRect();
    if (size < 10.95) bad.push(`"${t.textContent}" ${size.toFixed(1)} px`);
    if (r.left < Math.max(c.left, s.left) - 0.5 || r.right > Math.min(c.right, s.right) + 0.5 ||
        r.top < Math.max(c.top, s.top) - 0.5 || r.bottom > Math.min(c.bottom, s.bottom) + 0.5)
      bad.push(`"${t.textContent}" outside the chart`);
  }
  return bad;
}"""

# CHART_LABELS's findings, and how many chart labels it looked at.
CHART_LABELS_SEEN = "() => [(" + CHART_LABELS + ")(), document.querySelectorAll('figure.chart text').length]"

# Each link or button (shown) shorter than a finger: 44 CSS px.
SHORT = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('a, button')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height < 43.5)
      bad.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${r.height.toFixed(1)} px`);
  }
  return bad;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Any]]]:
    """``kitapi serve`` over the test archive: its URL and what web_archive.build told of the archive."""
    db = tmp_path_factory.mktemp("webb") / "archive.db"
    info = build(db)
    info["tournament"] = add_tournament(db)
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
            shot = self.shot()
            (self.shots / f"web-{name}-{tag}.png").write_bytes(shot)
            if os.environ.get("KITAPI_WEB_SHOTS") and f"{name}-{tag}" in README_SHOTS:
                Path(os.environ["KITAPI_WEB_SHOTS"], f"web-{name}-{tag}.png").write_bytes(shot)

    def shot(self) -> bytes:
        """The first screenful (small files), once the page has painted a frame.  Headless Chromium may refuse a
        capture ("Unable to capture screenshot", the first after a cold start most often: seen once in a fresh
        clone's make test) and take the same one asked again: asked once more then, on that refusal alone."""
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        try:
            return self.page.screenshot()
        except PlaywrightError as e:
            if "Unable to capture screenshot" not in str(e):
                raise
        self.page.wait_for_timeout(250)
        return self.page.screenshot()

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
        p.goto(p.url.split("?")[0] + "?lang=el")  # the same game in Greek: its result and who pays whom
        assert p.locator("html").get_attribute("lang") == "el"
        tab.look("game-el")
    finally:
        tab.close()


def test_tonight_from_the_home_page(site: tuple[str, dict[str, Any]], browser: Any, tmp_path: Path) -> None:
    """The home page's "Tonight" (Απόψε, Сегодня) opens the evening page; an evening of every system at one venue
    on a phone in Greek and Russian: its tables, totals and settlements."""
    url, info = site
    tab = Tab(browser, WIDTHS["phone"], tmp_path)
    try:
        p = tab.page
        p.goto(f"{url}?lang=el")
        p.locator("a.tonight", has_text="Απόψε").click()
        p.wait_for_url(re.compile(r"/evening$"))
        tab.look()
        first = info["now"].replace(day=1).date().isoformat()
        for lang in ("el", "ru"):
            p.goto(f"{url}evening?date={first}&venue=cafe-a&lang={lang}")
            assert p.locator("div.evening-system").count() == len(rows())  # (every system played there that day)
            assert p.locator("ul.pays li").count() > 0
            tab.look(f"evening-{lang}")
    finally:
        tab.close()


def test_the_evening_reloads_itself_under_the_pages_csp(site: tuple[str, dict[str, Any]], browser: Any) -> None:
    """The evening page with games in play, as served (its Content-Security-Policy header too), its meta refresh
    shortened from 60 s to 1 s: Chromium reloads it, with no console error (no CSP directive stops it)."""
    url, info = site
    first = info["now"].replace(day=1).date().isoformat()
    loads: list[str] = []
    errors: list[str] = []

    def shorter(route: Any) -> None:
        r = route.fetch()
        loads.append(r.headers["content-security-policy"])
        body = r.text().replace('content="60"', 'content="1"')
        route.fulfill(response=r, body=body)

    page = browser.new_page()
    try:
        page.on("console", lambda m: errors.append(m.text))
        page.route(re.compile(r".*/evening\?.*"), shorter)
        page.goto(f"{url}evening?date={first}&venue=cafe-a")
        for _ in range(120):  # (Playwright's own wait: its events come only while it runs; at most 60 s)
            if len(loads) >= 3:
                break
            page.wait_for_timeout(500)
        assert len(loads) >= 3, loads
        assert "default-src 'none'" in loads[0] and errors == []
    finally:
        page.close()


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
    statistics table wider than the phone a box that scrolls; a text over another, a page wider than the
    window, a link shorter than a finger, a chart label too small or off the chart each seen."""
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
        tab.page.goto("about:blank")  # (no page of the site's: its CSP would refuse these style attributes)
        tab.page.set_content(
            '<body><p style="margin: 0">Anna</p><p style="margin: -1em 0 0 1em">+49</p>'  # a text over another
            '<div style="width: 40px; overflow: hidden; white-space: nowrap">hidden beyond its box</div>'
            '<p style="margin: 0 0 0 40px">cut off</p></body>'  # (what its box hides covers nothing)
        )
        assert tab.page.evaluate(OVERLAPS) == ['"Anna" over "+49"']
        assert tab.page.evaluate(WIDE) is None
        tab.page.set_content('<body><p style="width: 500px">wide</p><a href="#">a link</a><button>b</button></body>')
        assert tab.page.evaluate(WIDE) == "508 > 390"  # (the body's margin of 8 px)
        assert len(tab.page.evaluate(SHORT)) == 2  # the link and the button, of one line each
        chart = (
            '<figure class="chart"><svg viewBox="0 0 640 240" style="width: 100%">'
            '<text x="50" y="20" font-size="11">+6</text>'  # 11 units, the chart 294 px wide: 5 px
            '<text x="-30" y="60" font-size="40">+2280.67</text></svg></figure>'  # off the left edge
        )
        tab.page.set_content(f"<body>{chart}</body>")
        bad = tab.page.evaluate(CHART_LABELS)
        assert bad[0].startswith('"+6" 5.') and bad[1:] == ['"+2280.67" outside the chart'], bad
    finally:
        tab.close()


# Every kind of page (web_archive's games: one of each family, its sheet on the page and on its own), looked at in
# each language: (path, the answer's status when not 200).
FAMILIES = {"prefa": 1, "sochi": 3, "prefa_kasa": 11, "preference_at": 13, "priffe": 19}
LANGS = ("en", "el", "ru")
VIEWPORTS = {"desktop": (1280, 900), "phone": (390, 844)}


def page_kinds(info: dict[str, Any]) -> list[tuple[str, int]]:
    pages = [("", 200), ("players", 200), ("players?q=an", 200), ("player/Anna", 200), ("stats/Anna", 200)]
    pages += [("?page=2&from=2000-01-01", 200), ("stats/Anna?from=2000-01-01", 200)]
    for rules, gid in FAMILIES.items():
        assert gid in info["this"], rules  # (web_archive's first game of each system, in registry order)
        pages += [(f"game/{gid}", 200), (f"game/{gid}/sheet", 200)]
    for gid in info["four"].values():  # (the sheets of four)
        pages += [(f"game/{gid}", 200), (f"game/{gid}/sheet", 200)]
    name = quote(str(info["tournament"]))
    pages += [("tournaments", 200), (f"tournament/{name}", 200), (f"tournament/{name}?round=2", 200)]
    pages += [("game/999999", 404), ("player/Nobody", 404), ("?from=2026-13-01", 400)]
    first = info["now"].replace(day=1).date().isoformat()  # (web_archive's games of every system, at cafe-a)
    pages += [(f"evening?date={first}&venue=cafe-a", 200), ("evening?date=2026-02-30", 400)]
    return pages


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_kind_in_every_language(site: tuple[str, dict[str, Any]], browser: Any, lang: str) -> None:
    """Each page kind in en, el and ru, on a desktop and on a phone: no page (nor the sheet in its frame) wider
    than the window, no text over another, no console error, every chart label 11 CSS px or more and inside its
    chart, and on a phone every link and button 44 px tall.  Each page is loaded once and looked at in both
    windows, the window resized between (a load is most of a look's time): in Greek it is loaded in the
    desktop's window, in English and Russian in the phone's."""
    url, info = site
    sizes = list(VIEWPORTS.values())
    if lang != "el":
        sizes.reverse()
    context = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    bad: list[str] = []
    charts = 0
    try:
        for path, status in page_kinds(info):
            where = f"{url}{path}{'&' if '?' in path else '?'}lang={lang}"
            errors.clear()
            page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
            answer = page.goto(where, wait_until="load")
            assert answer is not None and answer.status == status, (where, answer and answer.status)
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                at = f"{where} ({width} px)"
                for frame in page.frames:  # the page, and the sheet in its frame
                    name = at if frame is page.main_frame else f"{at} (the sheet's frame)"
                    wide = frame.evaluate(WIDE)
                    if wide:
                        bad.append(f"{name}: the page scrolls sideways, {wide}")
                    bad += [f"{name}: {o}" for o in frame.evaluate(OVERLAPS)]
                labels, seen = page.evaluate(CHART_LABELS_SEEN)
                bad += [f"{at}: {c}" for c in labels]
                charts += seen
                if width < 600:
                    bad += [f"{at}: {c}" for c in page.evaluate(SHORT)]
            if status != 200:  # (the page's own answer: the one error there is)
                errors[:] = [e for e in errors if not (e.startswith(f"{status} ") or "status of" in e)]
            bad += [f"{where}: {e}" for e in errors]
        assert bad == [], "\n".join(bad)
        assert charts > 50  # (the walk saw the charts it checks)
    finally:
        context.close()


def test_a_tournament_prints_without_the_site_s_links(site: tuple[str, dict[str, Any]], browser: Any) -> None:
    """The tournament's page as printed (the print media): no site header, no rounds' links, no footer; every
    round's cards, the standings and the draw there, none wider than the paper's width (A4 at 96 dpi less its
    margins: 700 px)."""
    url, info = site
    page = browser.new_page(viewport={"width": 700, "height": 900})
    try:
        page.goto(f"{url}tournament/{quote(str(info['tournament']))}?lang=el", wait_until="load")
        page.emulate_media(media="print")
        hidden = "s => [...document.querySelectorAll(s)].map(e => getComputedStyle(e).display)"
        assert page.evaluate(hidden, "header.top, nav.rounds, footer") == ["none"] * 3
        assert page.locator("table.seats").count() == 6 and page.locator("#standings tbody tr").count() == 6
        assert page.evaluate(WIDE) is None
        page.emulate_media(media="screen")
        assert "none" not in page.evaluate(hidden, "header.top, nav.rounds, footer")
    finally:
        page.close()


def test_the_standings_and_the_evening_print_as_their_figures(site: tuple[str, dict[str, Any]], browser: Any) -> None:
    """The home page's standings and the evening page as printed (the print media): no site header, menus,
    forms, filters or pager; black on white; the standings' tables shown and none wider than the paper (A4 at
    96 dpi less its margins: 700 px)."""
    url, info = site
    page = browser.new_page(viewport={"width": 700, "height": 900})
    hidden = "s => [...document.querySelectorAll(s)].map(e => getComputedStyle(e).display)"
    colour = "s => [...document.querySelectorAll(s)].map(e => getComputedStyle(e).color)"
    first = info["now"].replace(day=1).date().isoformat()
    try:
        for path in ("?from=2000-01-01", f"evening?date={first}&venue=cafe-a"):
            page.goto(f"{url}{path}", wait_until="load")
            page.emulate_media(media="print")
            shown = page.evaluate(hidden, "header.top, nav, form, footer, nav.pager, p.quick")
            assert shown and set(shown) == {"none"}, (path, shown)
            assert set(page.evaluate(colour, "main, main td, main a, main small")) == {"rgb(0, 0, 0)"}, path
            assert page.evaluate("getComputedStyle(document.body).backgroundColor") in ("rgb(255, 255, 255)",)
            assert page.locator("main table").count() > 0 and page.evaluate(WIDE) is None, path
            page.emulate_media(media="screen")
            assert "none" not in page.evaluate(hidden, "header.top, footer"), path
    finally:
        page.close()
