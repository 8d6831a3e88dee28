"""kitapi.app.font on CPython, drawing on a small stand-in for MicroPython's framebuf.

The stand-in (FakeFrameBuffer below) keeps MONO_VLSB pixels in a bytearray, as
framebuf does, implements ``pixel``, ``fill`` and ``blit`` (with a transparent
key), and only records its ``text`` calls: ASCII drawing is framebuf's business.
tests/mp/test_font_mp.py checks the same module against the real framebuf.
"""

from __future__ import annotations

import importlib.util
import sys
import types
import unicodedata

import pytest

from kitapi.app import font
from testkit import ROOT

MONO_VLSB = 0


class FakeFrameBuffer:
    """framebuf.FrameBuffer, MONO_VLSB only: pixel, fill, blit; text calls are recorded."""

    def __init__(self, buf, width: int, height: int, fmt: int) -> None:
        assert fmt == MONO_VLSB
        assert len(buf) >= width * ((height + 7) // 8)
        self.buf, self.width, self.height = buf, width, height
        self.texts: list[tuple[str, int, int, int]] = []
        self.blits = 0

    def get(self, x: int, y: int) -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            return 0
        return self.buf[(y >> 3) * self.width + x] >> (y & 7) & 1

    def pixel(self, x: int, y: int, c: int | None = None) -> int | None:
        if c is None:
            return self.get(x, y)
        if 0 <= x < self.width and 0 <= y < self.height:
            i, bit = (y >> 3) * self.width + x, 1 << (y & 7)
            self.buf[i] = self.buf[i] | bit if c else self.buf[i] & ~bit
        return None

    def fill(self, c: int) -> None:
        self.buf[:] = (b"\xff" if c else b"\x00") * len(self.buf)

    def blit(self, src: FakeFrameBuffer, x: int, y: int, key: int = -1) -> None:
        self.blits += 1
        for sy in range(src.height):
            for sx in range(src.width):
                v = src.get(sx, sy)
                if v != key:
                    self.pixel(x + sx, y + sy, v)

    def text(self, s: str, x: int, y: int, c: int = 1) -> None:
        assert all(ord(ch) < 128 for ch in s), s
        self.texts.append((s, x, y, c))

    def lit(self) -> set[tuple[int, int]]:
        return {(x, y) for y in range(self.height) for x in range(self.width) if self.get(x, y)}

    def cell(self, x0: int, y0: int) -> bytes:
        """The 8 MONO_VLSB column bytes of the 8x8 cell at x0, y0."""
        return bytes(sum(self.get(x0 + x, y0 + y) << y for y in range(8)) for x in range(8))


@pytest.fixture(autouse=True)
def fake_framebuf(monkeypatch):
    module = types.ModuleType("framebuf")
    module.FrameBuffer = FakeFrameBuffer  # type: ignore[attr-defined]
    module.MONO_VLSB = MONO_VLSB  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "framebuf", module)
    monkeypatch.setattr(font, "_gfb", None)  # made again, from the fake


def screen(w: int = 128, h: int = 64) -> FakeFrameBuffer:
    return FakeFrameBuffer(bytearray(w * ((h + 7) // 8)), w, h, MONO_VLSB)


def data_of(ch: str) -> bytes:
    i = font.GLYPHS.find(ch)
    assert i >= 0, ch
    return font._DATA[8 * i : 8 * i + 8]


BOX = font._DATA[-8:]


@pytest.fixture(scope="module")
def make_font():
    spec = importlib.util.spec_from_file_location("make_font", ROOT / "tools" / "make_font.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the tables ---------------------------------------------------------------------------


def test_tables_are_consistent():
    codes = [ord(ch) for ch in font.GLYPHS]
    assert codes == sorted(set(codes)), "GLYPHS must be sorted, without repeats"
    assert min(codes) >= 128, "framebuf draws ASCII itself"
    assert len(font._DATA) == 8 * (len(font.GLYPHS) + 1)
    assert font._COUNT == len(font.GLYPHS)
    assert isinstance(font._DATA, bytes) and isinstance(font.GLYPHS, str)


def test_glyphs_survive_normalization():
    # an editor or tool that normalizes the file must not change what is covered: characters
    # that NFC replaces (U+037E, U+0387) are written as escapes
    src = (ROOT / "firmware" / "kitapi" / "app" / "font.py").read_text(encoding="utf-8")
    start = src.index("GLYPHS = (")
    block = src[start : src.index(")", start)]
    assert unicodedata.normalize("NFC", block) == block


REQUIRED = (
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψω"
    "άέήίόύώΆΈΉΊΌΎΏϊϋΐΰ"
    "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюяЁё"
    "·—…←→↑↓✓•°"
    "è"  # misère
)


@pytest.mark.parametrize("ch", REQUIRED)
def test_required_characters_are_covered(ch):
    assert ch in font.GLYPHS


def test_find_every_glyph_and_the_box():
    for i, ch in enumerate(font.GLYPHS):
        assert font._find(ord(ch)) == i
    for missing in (0x80, 0x3A2, 0x4E2D, 0x10FFFF, ord(font.GLYPHS[0]) - 1, ord(font.GLYPHS[-1]) + 1):
        assert font._find(missing) == font._COUNT


def test_font_py_is_generated_from_the_pictures(make_font):
    glyphs = make_font.build()
    assert "".join(glyphs) == font.GLYPHS
    assert b"".join(glyphs.values()) + font._DATA[-8:] == font._DATA
    src = (ROOT / "firmware" / "kitapi" / "app" / "font.py").read_text(encoding="utf-8")
    assert make_font.rewrite(src, make_font.generated_block(glyphs)) == src, "run python3 tools/make_font.py"


def test_latin_look_alikes_are_framebufs_letters(make_font):
    for ch, other in make_font.SAME_AS.items():
        if ord(other) < 128:
            assert data_of(ch) == make_font.ascii_glyph(other), ch


def test_e_grave_is_framebufs_e_with_the_tonos_mirrored(make_font):
    """è (misère): framebuf's e on rows 2-7, and above it the Greek tonos's two pixels mirrored."""
    e, grave, tonos = make_font.ascii_glyph("e"), data_of("è"), data_of("έ")
    assert [c & ~0b11 for c in grave] == list(e)
    assert [c & 0b11 for c in grave] == [c & 0b11 for c in reversed(tonos)]
    assert [c & 0b11 for c in grave] != [c & 0b11 for c in tonos]


def test_every_glyph_has_pixels_and_letters_keep_apart():
    for ch in font.GLYPHS:
        cols = data_of(ch)
        assert any(cols), ch
    # a letter may use column 7 (M, Ш) but then not also column 0, which keeps letters apart;
    # only the capitals with tonos (the tick on column 0) and three wide symbols use both
    for ch in font.GLYPHS:
        cols = data_of(ch)
        if ch not in "ΆΈΉΊΌΎΏ…—№":
            assert not (cols[0] and cols[7]), ch


# --- drawing ------------------------------------------------------------------------------


def test_ascii_only_is_one_text_call_with_the_string_itself():
    fb = screen()
    s = "Anna 24 +12"
    assert font.text(fb, s, 3, 5) == 3 + 8 * len(s)
    assert fb.texts == [(s, 3, 5, 1)]
    assert fb.texts[0][0] is s  # no copy
    assert fb.blits == 0


def test_mixed_text_runs_and_cells():
    fb = screen()
    s = "Κώστας 24 +12"
    assert font.text(fb, s, 0, 8) == 8 * len(s)
    assert fb.texts == [(" 24 +12", 48, 8, 1)]
    for k, ch in enumerate("Κώστας"):
        assert fb.cell(8 * k, 8) == data_of(ch), ch
    assert all(8 <= y < 16 and x < 48 for x, y in fb.lit())


def test_runs_at_both_ends_and_between():
    fb = screen(200, 16)
    s = "ab Ж cd Ю ef"
    assert font.text(fb, s, 10, 0, 1) == 10 + 8 * len(s)
    assert fb.texts == [("ab ", 10, 0, 1), (" cd ", 10 + 32, 0, 1), (" ef", 10 + 72, 0, 1)]
    assert fb.cell(10 + 24, 0) == data_of("Ж")
    assert fb.cell(10 + 64, 0) == data_of("Ю")
    assert fb.blits == 2


@pytest.mark.parametrize(
    "s, texts",
    [
        ("A:log B:owe C:≡", [("A:log B:owe C:", 3, 5, 1)]),  # all but the last ASCII: one text, one glyph
        ("≈+12", [("+12", 3 + 8, 5, 1)]),  # all but the first: one glyph, then the rest at once
        ("≈", []),
        ("ab≈", [("ab", 3, 5, 1)]),
        ("♠10 ♥", [("10 ", 3 + 8, 5, 1)]),  # a glyph at each end: walked as before
        ("Ж≈ok", [("ok", 3 + 16, 5, 1)]),
    ],
)
def test_a_glyph_at_an_end_of_ascii(s: str, texts: list[tuple[str, int, int, int]]) -> None:
    """A text ASCII but for one character at an end (a key's sign, a rounded figure) draws its ASCII part as
    one fb.text and its glyph in its cell, in both colours."""
    for c in (1, 0):
        fb = screen(200, 16)
        fb.fill(1 - c)
        assert font.text(fb, s, 3, 5, c) == 3 + 8 * len(s)
        assert fb.texts == [(t, x, y, c) for t, x, y, _ in texts]
        for k, ch in enumerate(s):
            if ord(ch) >= 0x80:
                got = fb.cell(3 + 8 * k, 5)
                assert got == (data_of(ch) if c else bytes(b ^ 0xFF for b in data_of(ch))), (s, ch)


def test_empty_and_width():
    fb = screen()
    assert font.text(fb, "", 7, 7) == 7
    assert fb.texts == [] and fb.blits == 0
    for s in ("", "abc", "Καλημέρα Привет 123", "✓…"):
        assert font.width(s) == 8 * len(s)


def test_colour_zero_clears_the_glyph_only():
    fb = screen(16, 8)
    fb.fill(1)
    font.text(fb, "Ж", 0, 0, 0)
    assert fb.cell(0, 0) == bytes(b ^ 0xFF for b in data_of("Ж"))
    assert fb.cell(8, 0) == b"\xff" * 8


def test_background_is_transparent():
    fb = screen(8, 8)
    fb.fill(1)
    font.text(fb, "ω", 0, 0, 1)
    assert fb.cell(0, 0) == b"\xff" * 8
    fb.fill(0)
    font.text(fb, "ω", 0, 0, 0)
    assert fb.cell(0, 0) == b"\x00" * 8


@pytest.mark.parametrize("ch", ["中", "ą", "ß", "\u0301", "\u03a2", "\u2715"])
def test_missing_characters_draw_the_box(ch):
    fb = screen(8, 8)
    font.text(fb, ch, 0, 0)
    assert fb.cell(0, 0) == BOX


def test_every_glyph_stays_in_its_cell():
    fb = screen(24, 24)
    for ch in font.GLYPHS:
        fb.fill(0)
        assert font.text(fb, ch, 8, 8) == 16
        pts = fb.lit()
        assert pts, ch
        assert all(8 <= x < 16 and 8 <= y < 16 for x, y in pts), ch
        assert fb.cell(8, 8) == data_of(ch)


def test_a_run_of_glyphs_is_one_blit_and_a_glyph_alone_has_its_framebuffer_made_once():
    made = []

    class Counting(FakeFrameBuffer):
        def __init__(self, *args):
            made.append(args[1:3])
            super().__init__(*args)

    sys.modules["framebuf"].FrameBuffer = Counting  # type: ignore[attr-defined]
    fb = screen()
    for _ in range(3):
        font.text(fb, "Ωω Жж", 0, 0)
        font.text(fb, "Ωω Жж", 0, 8, 0)
    assert fb.blits == 12  # a blit a run: two a text (each glyph's own were four)
    assert made == [(8, 8)] + [(16, 8)] * 12  # (the 8x8 one made first, once)
    font.text(fb, "1♠ 2♣", 0, 16)
    font.text(fb, "3♦ 4♥", 0, 24)
    assert made.count((8, 8)) == 1  # a glyph alone: its FrameBuffer made once
    long = "Ж" * 20  # longer than the run's buffer: runs of 8 at most
    fb = screen(200, 8)
    assert font.text(fb, long, 0, 0) == 160
    assert fb.blits == 3 and all(fb.cell(8 * k, 0) == data_of("Ж") for k in range(20))
    fb = screen(200, 8)
    fb.fill(1)
    font.text(fb, long, 0, 0, 0)
    assert all(fb.cell(8 * k, 0) == bytes(b ^ 0xFF for b in data_of("Ж")) for k in range(20))


class Counting(bytes):
    """_CODES, counting its reads."""

    reads = 0

    def __getitem__(self, i):  # type: ignore[override]
        Counting.reads += 1
        return super().__getitem__(i)


def test_a_greek_or_cyrillic_letter_is_found_at_the_first_look(monkeypatch):
    """Their runs in code point order: the index guessed is checked (2 reads), no binary search (8 steps,
    0.12 ms on the pico-rig, at every letter of an el or ru screen)."""
    monkeypatch.setattr(font, "_CODES", Counting(font._CODES))
    letters = [ch for ch in font.GLYPHS if "\u0391" <= ch <= "\u03ce" or "\u0410" <= ch <= "\u044f"]
    assert len(letters) == 17 + 44 + 64
    for ch in letters:
        Counting.reads = 0
        assert font._find(ord(ch)) == font.GLYPHS.index(ch), ch
        assert Counting.reads == 2, ch
    for ch in font.GLYPHS:  # the others by the search, as before
        assert font._find(ord(ch)) == font.GLYPHS.index(ch), ch
    for missing in (0x3A2, 0x40F, 0x450, 0x38B, 0x3CF, 0x2664):
        assert font._find(missing) == font._COUNT


def test_make_font_show(make_font):
    art = make_font.show(make_font.build(), "Ж")
    assert art.splitlines() == make_font._columns_art(data_of("Ж"))


def test_a_symbol_is_found_among_the_symbols_alone(monkeypatch):
    """The suits, arrows, ≡ and ≈ (U+2013 on, GLYPHS' last 22): a binary search of 5 steps over them (10 reads),
    where one over all 165 took 8 (0.18 ms on the pico-rig, at each suit of a hand's line)."""
    assert font.GLYPHS[font._SYM] == "\u2013" and font.GLYPHS[font._SYM - 1] < "\u2013"
    monkeypatch.setattr(font, "_CODES", Counting(font._CODES))
    symbols = [ch for ch in font.GLYPHS if ch >= "\u2013"]
    assert len(symbols) == 22
    for ch in symbols + ["\u2715", "\U0001f600"]:
        Counting.reads = 0
        assert font._find(ord(ch)) == (font.GLYPHS.index(ch) if ch in font.GLYPHS else len(font.GLYPHS)), ch
        assert Counting.reads <= 10, ch
