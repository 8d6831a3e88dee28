# kitapi.app.ui.UI.hint's kept rows under MicroPython, on Kitapi's display driver (the RP2 board's frame, over
# its buffer) with the unix port's real framebuf.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_ui_kept_mp.py
# Checks: a kept hint (the home screen's keys) leaves the frame as the same text drawn leaves a plain
# FrameBuffer, in every language, on a blank row and on one drawn on before, after other hints and a refused
# key's note; drawn again it is blitted from its kept cells, with no text drawn; the simulator's kind of board
# (its texts traced) keeps nothing.  Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import sys

import framebuf

sys.path.insert(0, "firmware/drivers")
import ssd1306  # noqa: E402

from kitapi.app import lang_el, lang_en, lang_ru  # noqa: E402
from kitapi.app.ui import UI  # noqa: E402

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


class I2C:
    def writeto(self, addr, b):
        pass

    def writevto(self, addr, v):
        pass


texts = [0]  # the texts framebuf drew on the driver's frame


class Driver(ssd1306.SSD1306_I2C):
    def text(self, s, x, y, c=1):
        texts[0] += 1
        super().text(s, x, y, c)


class Hw:
    def __init__(self, fb):
        self.fb = fb


class Traced(Hw):
    def trace_text(self, x, y, s):
        pass


d = Driver(128, 64, I2C())
ref = bytearray(1024)
plain = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
check(UI(Traced(d), lang_en.T).kept is None, "a board whose texts are traced keeps no row")
check(UI(Hw(plain), lang_en.T).kept is None, "a frame with no buffer keeps no row")

for lang in (lang_en.T, lang_el.T, lang_ru.T):
    ui = UI(Hw(d), lang)
    pu = UI(Hw(plain), lang)
    home = lang[4]  # HINT_HOME2: "A:log B:owe C:≡"
    for frame in range(8):
        for u in (ui, pu):
            u.fb.fill(0)
            if frame & 1:  # the row drawn on before the hint: its pixels stay, as under a text
                u.fb.fill_rect(3, 57, 100, 3, 1)
                u.fb.text("#", 8, 56, 1)
            if frame == 5:
                u.note = "no"
            if frame == 3:
                u.hint(lang[5])  # another screen's hint between (not kept)
            texts[0] = 0
            if frame == 6:
                u.hint(home, 7)  # not kept: drawn
            else:
                u.hint(home, 7, 1)
            u.note = ""
            if u is ui:
                drew = texts[0]
        check(bytes(d.buffer) == bytes(ref), "frame %d of %s: the kept hint as drawn" % (frame, home))
        if frame in (1, 2, 4, 7):
            check(drew == 0, "frame %d of %s: the kept hint drawn again (%d texts)" % (frame, home, drew))
        if frame == 0:
            check(ui.kept[7] is not None, "%s: its cells kept" % home)
        if frame == 6:
            check(drew > 0, "frame %d of %s: drawn" % (frame, home))
    # the same text at another row keeps its own cells
    for u in (ui, pu):
        u.fb.fill(0)
        u.hint(home, 6, 1)
        u.hint(home, 7, 1)
    check(bytes(d.buffer) == bytes(ref), "%s on two rows" % home)
print("%d passed, %d failed" % (passed, failed))
if failed:
    sys.exit(1)
