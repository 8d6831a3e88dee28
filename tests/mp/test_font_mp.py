# kitapi.app.font under MicroPython, with the unix port's real framebuf.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_font_mp.py
# Checks: the tables are consistent; every covered character draws at least one
# pixel, only inside its 8x8 cell, exactly its stored glyph; letters that are
# Latin look-alikes draw exactly like framebuf's own letter; text() returns
# x + 8 * len(s) and puts every character in its cell, ASCII runs included,
# in both colours; characters the font lacks draw the box; drawing 1000
# strings leaves the heap as it was, and drawing text without ASCII allocates
# nothing at all.  Prints the heap cost of the import and "Καλημέρα Привет 123"
# as ASCII art, one line per failure, then "N passed, N failed"; exits 1 on any
# failure.
import gc
import sys

import framebuf

gc.collect()
_before = gc.mem_alloc()
try:
    from kitapi.app import font
except ImportError as e:
    print("FAIL cannot import kitapi.app.font: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)
gc.collect()
IMPORT_COST = gc.mem_alloc() - _before

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def canvas(w, h):
    return framebuf.FrameBuffer(bytearray(w * ((h + 7) // 8)), w, h, framebuf.MONO_VLSB)


def lit(fb, w, h):
    """The lit pixels of fb as a list of (x, y)."""
    return [(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y)]


def cell_columns(fb, x0, y0):
    """The 8 column bytes of the 8x8 cell at x0, y0."""
    out = bytearray(8)
    for x in range(8):
        b = 0
        for y in range(8):
            if fb.pixel(x0 + x, y0 + y):
                b |= 1 << y
        out[x] = b
    return bytes(out)


def hexs(b):
    return " ".join("%02x" % v for v in b)


# --- the tables ---------------------------------------------------------------------------
G = font.GLYPHS
n = len(G)
check(len(font._DATA) == 8 * (n + 1), "_DATA has %d bytes for %d glyphs and the box" % (len(font._DATA), n))
codes = [ord(ch) for ch in G]
check(all(codes[i] < codes[i + 1] for i in range(n - 1)), "GLYPHS not sorted or has repeats")
check(all(c >= 128 for c in codes), "GLYPHS has ASCII characters")
for ch in (
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρσςτυφχψω"
    "άέήίόύώΆΈΉΊΌΎΏϊϋΐΰ"
    "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюяЁё"
    "·—…←→↑↓✓•°"
    "è"  # misère
):
    check(G.find(ch) >= 0, "%s (U+%04X) not covered" % (ch, ord(ch)))
for i in range(n):
    check(font._find(codes[i]) == i, "_find(U+%04X)" % codes[i])
check(font._find(0x4E2D) == n and font._find(0x80) == n and font._find(0x10FFFF) == n, "_find of a missing one")

# --- every glyph: lit, inside its cell, exactly the stored columns --------------------------
W, H = 24, 24
fb = canvas(W, H)
for i in range(n):
    ch = G[i]
    fb.fill(0)
    end = font.text(fb, ch, 8, 8)
    pts = lit(fb, W, H)
    outside = [p for p in pts if not (8 <= p[0] < 16 and 8 <= p[1] < 16)]
    what = "%s (U+%04X)" % (ch, ord(ch))
    check(end == 16, what + ": text() returned %d, not 16" % end)
    check(len(pts) > 0, what + ": draws nothing")
    check(not outside, what + ": pixels outside its cell: %s" % outside[:4])
    got = cell_columns(fb, 8, 8)
    want = font._DATA[8 * i : 8 * i + 8]
    check(got == want, what + ": drew %s, stored %s" % (hexs(got), hexs(want)))

# --- look-alikes are framebuf's own letters ------------------------------------------------
SAME = "ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX οo νv υu АA ВB ЕE КK МM НH ОO РP СC ТT ХX аa еe оo рp сc уy хx ;;"
a = canvas(8, 8)
b = canvas(8, 8)
for pair in SAME.split():
    a.fill(0)
    b.fill(0)
    font.text(a, pair[0], 0, 0)
    b.text(pair[1], 0, 0, 1)
    check(cell_columns(a, 0, 0) == cell_columns(b, 0, 0), "%s differs from framebuf's %s" % (pair[0], pair[1]))
a.fill(0)
b.fill(0)
font.text(a, "\u037e", 0, 0)
b.text(";", 0, 0, 1)
check(cell_columns(a, 0, 0) == cell_columns(b, 0, 0), "U+037E differs from framebuf's ;")

# --- strings: return value and every character in its cell ---------------------------------
LINE_W = 160
line = canvas(LINE_W, 16)
one = canvas(8, 8)


def cell_of(ch, c):
    """What ch alone draws in a cell: framebuf's glyph for ASCII, else the font's."""
    one.fill(1 - c)
    if ord(ch) < 128:
        one.text(ch, 0, 0, c)
    else:
        font.text(one, ch, 0, 0, c)
    return cell_columns(one, 0, 0)


SAMPLES = (
    "Κώστας 24 +12",
    "Καλημέρα Привет 123",
    "Ёж ёлка «Щи» №5 ✓",
    "ΐΰ ϊϋ ς — … ← → ↑ ↓",
    "abc",
    "",
    "x→y",
    "Σ",
    "中文 ą ß",
    "Ш",
)
for s in SAMPLES:
    for c in (1, 0):
        line.fill(1 - c)
        end = font.text(line, s, 4, 4, c)
        check(end == 4 + 8 * len(s), "text(%r) returned %d, not %d" % (s, end, 4 + 8 * len(s)))
        check(font.width(s) == 8 * len(s), "width(%r)" % s)
        for k in range(len(s)):
            got = cell_columns(line, 4 + 8 * k, 4)
            want = cell_of(s[k], c)
            check(got == want, "text(%r, c=%d): cell %d (%r) drew %s, want %s" % (s, c, k, s[k], hexs(got), hexs(want)))
        # nothing drawn left of x, right of the end, above y or below y + 8
        bg = 1 - c
        stray = [
            (x, y)
            for y in range(16)
            for x in range(LINE_W)
            if line.pixel(x, y) != bg and not (4 <= x < 4 + 8 * len(s) and 4 <= y < 12)
        ]
        check(not stray, "text(%r, c=%d) drew outside its cells: %s" % (s, c, stray[:4]))

# a missing character is the box
box = font._DATA[8 * n : 8 * n + 8]
for s in ("中", "ą", "\u0301"):
    a.fill(0)
    font.text(a, s, 0, 0)
    check(cell_columns(a, 0, 0) == box, "U+%04X is not drawn as the box" % ord(s))

# transparent background: a glyph drawn over lit pixels keeps them (like fb.text)
a.fill(1)
font.text(a, "Ж", 0, 0, 1)
check(cell_columns(a, 0, 0) == b"\xff" * 8, "c=1 over a lit cell is not transparent")
a.fill(0)
font.text(a, "Ж", 0, 0, 0)
check(cell_columns(a, 0, 0) == b"\x00" * 8, "c=0 over a dark cell is not transparent")

# clipped at the edges of the frame buffer, without error
a.fill(0)
try:
    font.text(a, "ЖωA", -4, -3)
    font.text(a, "ЖωA", 6, 5, 1)
    font.text(a, "ЖωA", 200, 200)
    check(True, "")
except Exception as e:
    check(False, "drawing across the edges raised %r" % e)

# --- memory -------------------------------------------------------------------------------
STRINGS = ("Καλημέρα Привет 123", "Κώστας 24 +12", "ΆΈΉΊΌΎΏ άέήίόύώ", "Ёж ёлка «Щи» №5", "plain ASCII 42")
screen = canvas(128, 64)


def draw_1000():
    for k in range(1000):
        s = STRINGS[k % len(STRINGS)]
        font.text(screen, s, 0, (k & 7) << 3, k & 1)


def heap_growth():
    """The heap after gc.collect(), after 1000 strings less before them (in a function, so
    that no new global of this script counts)."""
    gc.collect()
    m0 = gc.mem_alloc()
    draw_1000()
    gc.collect()
    return gc.mem_alloc() - m0


draw_1000()  # warm up: the glyph FrameBuffer is made on first use
growth = heap_growth()
check(abs(growth) <= 32, "the heap grew by %d bytes over 1000 strings" % growth)


# ASCII text allocates one small object a call (the memoryview that measures its UTF-8: iterating a
# str instead would intern every character for good); other text one copy of its UTF-8 (one small
# bytes object a call), never an object per character
def allocated(s, calls=200):
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    for _k in range(calls):
        font.text(screen, s, 0, 0, 1)
    m1 = gc.mem_alloc()
    gc.enable()
    return (m1 - m0) // calls


ascii_cost = allocated("0123456789 Hand 12")
check(ascii_cost <= 48, "text() of ASCII allocated %d bytes a call" % ascii_cost)  # one memoryview
for s in ("ΆΈΉΊΌΎΏάέήίόύώЁЖЩЫЮ", "Προσθήκη", "Κώστας 24 +12"):
    per_call = allocated(s)
    # an object per character would take at least 16 bytes (one heap block) each
    check(per_call < 16 * len(s), "text(%r) allocated %d bytes a call" % (s, per_call))

# --- for a human ----------------------------------------------------------------------------
print("heap cost of importing kitapi.app.font (from %s): %d bytes" % (font.__file__, IMPORT_COST))
s = "Καλημέρα Привет 123"
art = canvas(8 * len(s), 8)
font.text(art, s, 0, 0)
for y in range(8):
    print("".join("#" if art.pixel(x, y) else "." for x in range(8 * len(s))))

print("%d passed, %d failed" % (passed, failed))
if failed:
    sys.exit(1)
