"""The score sheet in a real browser: a headless Chromium's screenshot of the HTML, and ``--format pdf``.

These tests need a Chromium-family browser (``make test`` installs Debian's
chromium first with tools/ensure-chromium.sh; KITAPI_CHROMIUM names another).
The screenshot is decoded here (zlib, struct) and looked at: its size, ink where
the sheet is, and the sheet's frame with one section per player; for Russian
Preferans the пуля's frame, its lines to the centre circle and the pen's values in
each of its places.
"""

from __future__ import annotations

import math
import os
import re
import struct
import subprocess
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest

from kitapi_host import sheets
from kitapi_host.families.preferans import sheet as export_preferans
from kitapi_host.logs import gen
from kitapi_host.sheets import browser as chromium
from testkit import KITAPI, ROOT, vector, vector_jsonl

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"


def kitapi(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*KITAPI, *args], capture_output=True, env=env)


@pytest.fixture(scope="module")
def browser() -> str:
    try:
        return chromium.find_browser()
    except chromium.BrowserError as e:
        pytest.fail(f"{e} (tools/ensure-chromium.sh installs one)")


# --- a PNG decoder, just enough for a browser's screenshot ---------------------------------


@dataclass
class Image:
    width: int
    height: int
    rows: list[bytes]  # RGB, 3 bytes a pixel

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        r, g, b = self.rows[y][3 * x : 3 * x + 3]
        return r, g, b

    def mask(self, test: str) -> list[list[bool]]:
        """Per pixel: ``dark`` ink (all channels below 100), ``red`` ink or ``blue`` ink."""
        out = []
        for row in self.rows:
            rgb = zip(row[0::3], row[1::3], row[2::3], strict=True)
            if test == "dark":
                out.append([max(p) < 100 for p in rgb])
            elif test == "blue":  # the Preferans sheet's pen
                out.append([b > 110 and r < 90 and g < 120 and b - r > 60 for r, g, b in rgb])
            else:
                out.append([r > 150 and g < 100 and b < 100 for r, g, b in rgb])
        return out


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def decode_png(data: bytes) -> Image:
    """An 8-bit RGB or RGBA, non-interlaced PNG as RGB rows (alpha laid over white)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])[0]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    assert len(raw) == height * (stride + 1)
    prev = bytearray(stride)
    rows: list[bytes] = []
    for y in range(height):
        start = y * (stride + 1)
        f, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        bpp = channels
        if f == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev, strict=True))
        elif f == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                upleft = prev[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + _paeth(left, prev[x], upleft)) & 255
        else:
            assert f == 0, f"filter {f}"
        prev = line
        if channels == 4:  # over white
            rgb = bytearray()
            for x in range(0, stride, 4):
                a = line[x + 3]
                rgb += bytes((line[x + k] * a + 255 * (255 - a)) // 255 for k in range(3))
            rows.append(bytes(rgb))
        else:
            rows.append(bytes(line))
    return Image(width, height, rows)


def runs(cells: list[bool]) -> list[tuple[int, int]]:
    """The runs of True in ``cells``: (start, end) with end exclusive."""
    out = []
    start = None
    for i, v in enumerate([*cells, False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            out.append((start, i))
            start = None
    return out


def vertical_lines(dark: list[list[bool]], min_length: int) -> list[tuple[int, int, int]]:
    """Dark vertical lines at least ``min_length`` pixels long: (x, top, bottom), one per line (its first column)."""
    found: list[tuple[int, int, int]] = []
    for x in range(len(dark[0])):
        for top, bottom in runs([row[x] for row in dark]):
            if bottom - top >= min_length:
                if found and found[-1][0] >= x - 3 and abs(found[-1][1] - top) <= 3:
                    continue  # the same line, a pixel or two wide
                found.append((x, top, bottom))
    return found


def sheet_frame(image: Image) -> list[tuple[int, int, int]]:
    """The topmost group of tall dark vertical lines that start at one height: the sheet's borders."""
    lines = vertical_lines(image.mask("dark"), 80)
    assert lines, "no vertical line at all"
    top = min(t for _, t, _ in lines)
    return sorted(line for line in lines if abs(line[1] - top) <= 4)


# --- the screenshot -------------------------------------------------------------------------


def screenshot(game: Path, width: int, height: int, browser: str) -> Image:
    html = sheets.export(sheets.load(game), "html")
    png = chromium.to_png(html, width, height, browser)
    return decode_png(png)


@pytest.mark.parametrize("players", [3, 4])
def test_the_sheet_in_a_browser(tmp_path: Path, browser: str, players: int) -> None:
    """What a reader sees: a white page with ink, the sheet's frame with one equal section per player."""
    if players == 3:
        game = SAMPLE
        width, height = 900, 1000
    else:
        hdr, hands = gen.generate("prefa", 5, 12, 4)
        game = tmp_path / "four.jsonl"
        gen.write_jsonl(game, hdr, hands)
        width, height = 1200, 1000
    image = screenshot(game, width, height, browser)
    assert (image.width, image.height) == (width, height)
    for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert image.pixel(x, y) == (255, 255, 255)  # the page is white, no scroll bars
    dark = image.mask("dark")
    ink = sum(map(sum, dark))
    assert ink > 0.01 * width * height, f"{ink} dark pixels: a blank page?"
    red = sum(map(sum, image.mask("red")))
    assert red > 100, "no red ink: the crossed-out values and the debts are red"

    # The sheet: a frame split into one section per player, each as wide as the others,
    # with ink (the values) in each.
    frame = sheet_frame(image)
    assert len(frame) == players + 1, frame
    xs = [x for x, _, _ in frame]
    widths = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert max(widths) - min(widths) <= 3, widths
    assert xs[-1] - xs[0] > 0.7 * min(width, 1100)  # the sheet spans the page's width
    top, bottom = frame[0][1], frame[0][2]
    assert bottom - top > 100
    for a, b in zip(xs, xs[1:], strict=False):
        inside = sum(sum(row[a + 4 : b - 3]) for row in dark[top + 4 : bottom - 3])
        assert inside > 200, f"section {a}-{b} is empty"
    # Above it the title (the players' names in bold); below it the running columns, a rule
    # left of each player's pair of columns, from the head to the last hand.
    assert sum(map(sum, dark[:top])) > 500
    below = [line for line in vertical_lines(dark, 80) if line[1] > bottom]
    assert below, "no running columns"
    head = min(t for _, t, _ in below)
    running = [line for line in below if abs(line[1] - head) <= 4]
    assert len(running) == players, running
    assert running[0][2] - head > 20 * 11  # the start row and the hands, about 20 pixels each


def test_the_readme_picture_is_the_sample_sheet(browser: str) -> None:
    """docs/img/score-sheet.png is tools/screenshot-sheet.sh's picture of the sample game, with its sheet."""
    picture = ROOT / "docs" / "img" / "score-sheet.png"
    image = decode_png(picture.read_bytes())
    assert (image.width, image.height) == (860, 880)
    assert len(sheet_frame(image)) == 4


# --- the Preferans sheet (пуля) ---------------------------------------------------------------


def pulya_frame(image: Image, min_length: int) -> tuple[int, int, int, int]:
    """The sheet's outer frame (left, top, right, bottom): the topmost pair of long dark vertical lines."""
    lines = vertical_lines(image.mask("dark"), min_length)
    assert lines, "no long vertical line"
    top = min(t for _, t, _ in lines)
    group = sorted(line for line in lines if abs(line[1] - top) <= 4)
    assert len(group) == 2, group  # the frame's two sides; nothing else that long starts there
    (left, _, bottom), (right, _, _) = group
    return left, top, right, bottom


def inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) is inside the polygon (ray casting)."""
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def near_ink(mask: list[list[bool]], x: float, y: float, r: int = 2) -> bool:
    return any(mask[int(y) + dy][int(x) + dx] for dy in range(-r, r + 1) for dx in range(-r, r + 1))


@pytest.mark.parametrize(("players", "rules", "seed"), [(3, "sochi", 9), (4, "leningrad", 27)])
def test_the_preferans_sheet_in_a_browser(tmp_path: Path, browser: str, players: int, rules: str, seed: int) -> None:
    """The пуля as a reader sees it: the frame with the sheet's proportions, the lines from the corners to
    the centre circle, the pool size in the circle, and the pen's values in each place that has any, the
    side sectors' written along their edge (turned a quarter)."""
    hdr, hands = gen.generate(rules, seed, 60, players, stake="0.10")
    game = tmp_path / "game.jsonl"
    gen.write_jsonl(game, hdr, hands)
    width, height = (900, 1000) if players == 3 else (1200, 1100)
    image = screenshot(game, width, height, browser)
    assert (image.width, image.height) == (width, height)
    for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert image.pixel(x, y) == (255, 255, 255)
    dark, blue = image.mask("dark"), image.mask("blue")
    lay = export_preferans.layout(players)

    # the frame, as wide as the page, with the sheet's proportions
    left, top, right, bottom = pulya_frame(image, 300)
    scale = (right - left) / lay.width
    assert right - left > 0.75 * min(width, 1100)
    assert abs((bottom - top) - lay.height * scale) <= 4, (bottom - top, lay.height * scale)

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return left + 1 + p[0] * scale, top + 1 + p[1] * scale

    # the lines from the corners (and, with three, the bottom's middle) to the circle, and the circle
    radials = [(a, b) for a, b, cls in lay.lines if cls == "radial"]
    assert len(radials) == (3 if players == 3 else 4)
    for a, b in radials:
        for t in (0.1, 0.3, 0.5, 0.7, 0.9):
            x, y = px((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
            assert near_ink(dark, x, y), f"no line at {x:.0f},{y:.0f} on {a}-{b}"
    cx, cy = px(lay.centre)
    r = lay.radius * scale
    for k in range(16):
        angle = 2 * math.pi * k / 16
        assert near_ink(dark, cx + r * math.cos(angle), cy + r * math.sin(angle)), f"circle at {k}"
    in_circle = sum(
        dark[y][x] for y in range(int(cy - r / 2), int(cy + r / 2)) for x in range(int(cx - r / 2), int(cx + r / 2))
    )
    assert in_circle > 40, "no pool size in the circle"

    # the pen: ink in each place that holds values, none in a place that holds none
    page = sheets.export(sheets.load(game), "html").decode()
    values = {
        (int(m[1]), m[2], int(m[3]) if m[3] else None): m[4]
        for m in re.finditer(r'data-seat="(\d)" data-kind="(\w+)"(?: data-against="(\d)")? data-values="([^"]*)"', page)
    }
    assert len(values) == len(lay.fields) == players * (players + 1)
    turned = along = 0
    for f in lay.fields:
        poly = [px(p) for p in f.poly]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        pts = [
            (x, y)
            for y in range(int(min(ys)) + 2, int(max(ys)) - 1)
            for x in range(int(min(xs)) + 2, int(max(xs)) - 1)
            if blue[y][x] and inside(poly, x, y)
        ]
        dotted = values[(f.seat, f.kind, f.against)]
        if not dotted:
            assert not pts, f"ink in the empty {f}"
            continue
        assert len(pts) > 25, f"no values written in {f}: {dotted}"
        if len(dotted) >= 4:  # written along the field: a side sector's turned a quarter
            w = max(x for x, _ in pts) - min(x for x, _ in pts)
            h = max(y for _, y in pts) - min(y for _, y in pts)
            assert (h > w) if f.angle else (w > h), (f, dotted, w, h)
            turned += bool(f.angle)
            along += 1
    assert along > players and turned >= 1  # the generated game wrote a good deal, some along a side
    # the names: above the frame, and below it
    assert sum(map(sum, dark[top - 30 : top - 4])) > 100
    assert sum(map(sum, dark[bottom + 4 : bottom + 40])) > 100


def test_the_readme_preferans_picture(browser: str) -> None:
    """docs/img/preferans-sheet.png is tools/screenshot-preferans-sheet.sh's picture: a three-player пуля."""
    image = decode_png((ROOT / "docs" / "img" / "preferans-sheet.png").read_bytes())
    assert (image.width, image.height) == (860, 800)
    left, top, right, bottom = pulya_frame(image, 300)
    lay = export_preferans.layout(3)
    assert abs((bottom - top) / (right - left) - lay.height / lay.width) < 0.01
    assert sum(map(sum, image.mask("blue"))) > 2000  # a game's worth of values


# --- PDF --------------------------------------------------------------------------------------


def pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The size in points of each page of a PDF (as Chromium writes them: uncompressed page objects)."""
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)
    boxes = [
        (float(m[2]) - float(m[0]), float(m[3]) - float(m[1]))
        for m in re.findall(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf)
    ]
    assert len(boxes) == len(pages)
    return boxes


def is_a4(box: tuple[float, float], landscape: bool = False) -> bool:
    w, h = (842, 595) if landscape else (595, 842)
    return abs(box[0] - w) < 2 and abs(box[1] - h) < 2


def test_pdf_is_one_a4_page(tmp_path: Path, browser: str) -> None:
    out = tmp_path / "sheet.pdf"
    p = kitapi("export", str(SAMPLE), "--format", "pdf", "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert p.stdout == b"" and p.stderr == b""
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF-")
    pages = pdf_pages(pdf)
    assert len(pages) == 1 and is_a4(pages[0]), pages
    assert not list(tmp_path.glob(".kitapi-*"))  # no temporary file left


def test_pdf_of_a_long_game_runs_on_a4(tmp_path: Path, browser: str) -> None:
    """A long game (4 players: A4 landscape) goes on over more pages, every one A4."""
    hdr, hands = gen.generate("prefa", 5, 120, 4)
    src = tmp_path / "long.jsonl"
    gen.write_jsonl(src, hdr, hands)
    out = tmp_path / "long.pdf"
    p = kitapi("export", str(src), "--format", "pdf", "-o", str(out))
    assert p.returncode == 0, p.stderr
    pages = pdf_pages(out.read_bytes())
    assert len(pages) >= 2 and all(is_a4(b, landscape=True) for b in pages), pages


def test_pdf_of_an_archived_game_names_its_players_as_the_archive_does_now(tmp_path: Path, browser: str) -> None:
    """``kitapi export ID -f pdf``: the current names (a rename; names another program wrote that no log or
    rename could hold) printed as text, whole; the names of the log nowhere."""
    import sqlite3

    import pypdf

    db = tmp_path / "archive.sqlite3"
    assert kitapi("archive", "add", "--db", str(db), str(SAMPLE)).returncode == 0
    assert kitapi("players", "rename", "Anna", "Zoë", "--db", str(db)).returncode == 0
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE players SET name = ? WHERE name = 'Babis'", ("<script>alert(1)</script>",))
        con.execute("UPDATE players SET name = ? WHERE name = 'Costas'", ("W" * 200,))
    con.close()
    out = tmp_path / "sheet.pdf"
    p = kitapi("export", "1", "--db", str(db), "-f", "pdf", "-o", str(out))
    assert p.returncode == 0 and p.stderr == b"", p.stderr
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "Zoë" in text and "<script>alert(1)</script>" in text and "W" * 200 in "".join(text.split())
    assert "Anna" not in text and "Babis" not in text and "Costas" not in text


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for k, v in changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


def test_no_browser_is_one_line_and_status_2(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    missing = tmp_path / "no-such-chromium"
    p = kitapi("export", str(SAMPLE), "-f", "pdf", "-o", str(out), env=_env(KITAPI_CHROMIUM=str(missing)))
    assert p.returncode == 2 and p.stdout == b""
    assert (
        p.stderr.decode()
        == f"kitapi export: KITAPI_CHROMIUM={missing}: no such executable (a Chromium-family browser)\n"
    )
    assert not out.exists()

    if any(os.path.isfile(b) for b in chromium.BROWSER_PATHS):
        pytest.skip("a browser is installed in its usual place, off PATH")
    empty = tmp_path / "bin"
    empty.mkdir()
    p = kitapi("export", str(SAMPLE), "-f", "pdf", "-o", str(out), env=_env(KITAPI_CHROMIUM=None, PATH=str(empty)))
    assert p.returncode == 2 and p.stdout == b""
    line = p.stderr.decode()
    assert line.count("\n") == 1 and line.startswith("kitapi export: no Chromium-family browser found"), line
    assert "KITAPI_CHROMIUM" in line
    assert not out.exists()
    # the other formats need no browser
    assert kitapi("export", str(SAMPLE), "-f", "html", env=_env(KITAPI_CHROMIUM=None, PATH=str(empty))).returncode == 0


def fake_browser(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "fake-chromium"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(0o755)
    return script


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for the browser")
def test_a_browser_that_fails_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"an older file")
    # it writes something that is not a PDF where it was asked to print
    bad = fake_browser(
        tmp_path, 'for a; do case "$a" in --print-to-pdf=*) echo hello > "${a#--print-to-pdf=}";; esac; done\n'
    )
    p = kitapi("export", str(SAMPLE), "-f", "pdf", "-o", str(out), env=_env(KITAPI_CHROMIUM=str(bad)))
    assert p.returncode == 1, p.stderr
    assert p.stderr.decode() == f"kitapi export: {bad}: the browser's output is not a PDF\n"
    # it fails
    bad = fake_browser(tmp_path, "echo 'ERROR: it broke' >&2\nexit 3\n")
    p = kitapi("export", str(SAMPLE), "-f", "pdf", "-o", str(out), env=_env(KITAPI_CHROMIUM=str(bad)))
    assert p.returncode == 1
    assert p.stderr.decode() == f"kitapi export: {bad}: the browser made no PDF (exit status 3): ERROR: it broke\n"
    assert out.read_bytes() == b"an older file"
    assert not list(tmp_path.glob(".kitapi-*"))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="looks at /proc")
def test_a_browser_that_hangs_is_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After the timeout the browser and what it started are killed, and the export fails."""
    pids = tmp_path / "pids"
    hang = fake_browser(tmp_path, f"sleep 300 &\necho $$ $! > {pids}\nwait\n")
    monkeypatch.setattr(chromium, "BROWSER_TIMEOUT", 1.0)
    t0 = time.monotonic()
    with pytest.raises(chromium.BrowserError, match=r"no PDF after 1 s, the browser was stopped"):
        chromium.to_pdf(b"<p>x</p>", browser=str(hang))
    assert time.monotonic() - t0 < 30
    for pid in pids.read_text().split():
        stat = Path(f"/proc/{pid}/stat")
        for _ in range(50):  # a killed process may be a zombie for a moment, waiting for its reaper
            if not stat.exists() or stat.read_text().split(") ")[1][0] in "ZX":
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"process {pid} still runs")


# --- Balkan Preferans and Prefa with a common kasa ----------------------------------------------


def test_the_balkan_sheet_in_a_browser(tmp_path: Path, browser: str) -> None:
    """A Balkan game is drawn on the пуля: the frame with the sheet's proportions, the circle, the pen's values."""
    from testkit import balkan_kasa_game

    hdr, hands = balkan_kasa_game("balkan", 3, 40, 3, stake="0.25")
    game = tmp_path / "balkan.jsonl"
    gen.write_jsonl(game, hdr, hands)
    width, height = 900, 1000
    image = screenshot(game, width, height, browser)
    assert image.pixel(0, 0) == (255, 255, 255) and image.pixel(width - 1, height - 1) == (255, 255, 255)
    lay = export_preferans.layout(3)
    left, top, right, bottom = pulya_frame(image, 300)
    scale = (right - left) / lay.width
    assert right - left > 0.75 * width
    assert abs((bottom - top) - lay.height * scale) <= 4
    dark, blue = image.mask("dark"), image.mask("blue")
    cx, cy = left + 1 + lay.centre[0] * scale, top + 1 + lay.centre[1] * scale
    r = lay.radius * scale
    for k in range(8):
        angle = 2 * math.pi * k / 8
        assert near_ink(dark, cx + r * math.cos(angle), cy + r * math.sin(angle)), f"circle at {k}"
    pen = sum(sum(row[left:right]) for row in blue[top:bottom])
    assert pen > 500, "no values written on the sheet"


def test_the_kasa_sheet_in_a_browser(tmp_path: Path, browser: str) -> None:
    """The kasa sheet as a reader sees it: a frame of one section for the kasa and one per player, equal, each
    with its column of values; red ink (the nets in debt, the crossed-out values); the running columns below."""
    from testkit import balkan_kasa_game

    hdr, hands = balkan_kasa_game("prefa_kasa", 2, 14, 3, kasa=100)
    game = tmp_path / "kasa.jsonl"
    gen.write_jsonl(game, hdr, hands)
    width, height = 900, 1100
    image = screenshot(game, width, height, browser)
    for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert image.pixel(x, y) == (255, 255, 255)
    dark = image.mask("dark")
    assert sum(map(sum, image.mask("red"))) > 100
    frame = sheet_frame(image)
    assert len(frame) == 3 + 2, frame  # the kasa's section and three players': five borders
    xs = [x for x, _, _ in frame]
    widths = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert max(widths) - min(widths) <= 3, widths
    assert xs[-1] - xs[0] > 0.7 * width
    top, bottom = frame[0][1], frame[0][2]
    for a, b in zip(xs, xs[1:], strict=False):
        assert sum(sum(row[a + 4 : b - 3]) for row in dark[top + 4 : bottom - 3]) > 200, f"section {a}-{b} is empty"
    below = [line for line in vertical_lines(dark, 80) if line[1] > bottom]
    assert below, "no running columns"


def family_game(tmp_path: Path, name: str) -> Path:
    """A game of tests/core/vectors/preference_*_main.json or priffe_main.json, as its JSON Lines log."""
    path = tmp_path / f"{name}.jsonl"
    files = [f"{rules}_main.json" for rules in ("preference_at", "preference_illustrated", "preference_us", "priffe")]
    path.write_text(vector_jsonl(vector(name, *files)))
    return path


def test_the_pot_sheet_in_a_browser(tmp_path: Path, browser: str) -> None:
    """The pot sheet as a reader sees it: a frame of one section for the pot and one per player, equal, each
    with its column of values; red ink (the chips lost, the crossed-out values); the running columns below."""
    game = family_game(tmp_path, "at-game-to-the-end")
    width, height = 900, 1000
    image = screenshot(game, width, height, browser)
    for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert image.pixel(x, y) == (255, 255, 255)
    dark = image.mask("dark")
    assert sum(map(sum, image.mask("red"))) > 100
    frame = sheet_frame(image)
    assert len(frame) == 3 + 2, frame  # the pot's section and three players': five borders
    xs = [x for x, _, _ in frame]
    widths = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert max(widths) - min(widths) <= 3, widths
    assert xs[-1] - xs[0] > 0.7 * width
    top, bottom = frame[0][1], frame[0][2]
    for a, b in zip(xs, xs[1:], strict=False):
        assert sum(sum(row[a + 4 : b - 3]) for row in dark[top + 4 : bottom - 3]) > 200, f"section {a}-{b} is empty"
    below = [line for line in vertical_lines(dark, 80) if line[1] > bottom]
    assert below, "no running columns"


def test_the_priffe_sheet_in_a_browser(tmp_path: Path, browser: str) -> None:
    """The rubber sheet as a reader sees it: two rubbers side by side, each a frame split down the middle
    between the partnerships, of one height; something written in both halves; the line under the bonuses."""
    game = family_game(tmp_path, "two-rubbers-individual")
    width, height = 900, 1000
    image = screenshot(game, width, height, browser)
    for x, y in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert image.pixel(x, y) == (255, 255, 255)
    dark = image.mask("dark")
    assert sum(map(sum, image.mask("red"))) > 50  # the individual points below zero
    frame = sheet_frame(image)
    outer = [line for line in frame if line[2] - line[1] > 200]
    assert len(outer) == 4, frame  # the two rubbers' left and right borders
    (l1, t1, b1), (r1, _, _), (l2, t2, b2), (r2, _, _) = outer
    assert abs(t1 - t2) <= 2 and abs(b1 - b2) <= 2  # one row, one height
    assert abs((r1 - l1) - (r2 - l2)) <= 3 and r1 < l2
    for left, right in ((l1, r1), (l2, r2)):
        middle = [x for x, t, b in vertical_lines(dark, 60) if left + 20 < x < right - 20 and t1 < t < b1]
        assert middle, "no line between the partnerships"
        m = middle[0]
        assert abs(m - (left + right) / 2) < 0.1 * (right - left)
        for a, b in ((left, m), (m, right)):
            assert sum(sum(row[a + 4 : b - 3]) for row in dark[t1 + 30 : b1 - 30]) > 100, f"half {a}-{b} is empty"
        # the line under the bonuses: a long dark horizontal run across the rubber
        rows = [y for y in range(t1 + 20, b1 - 20) if sum(dark[y][left + 10 : right - 10]) > 0.8 * (right - left)]
        assert rows, "no line across the rubber"
