# kitapi.app.ui's rows kept from the last frame, under MicroPython with the unix port's real framebuf.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_ui_rows_mp.py
# Checks: with kitapi.app.rows installed, UI.title's bar text, drawn as the last frame's was, is copied back and
# not drawn (no font.text); after every title of a sequence (the same, another text, another right text, a
# question, a frame scribbled on or cleared before it, the battery drawn after it) the frame is byte for byte
# what a fresh UI without it draws on a fresh frame that went through the same; a FrameBuffer that lends no
# bytes is not given the rows, and draws every time.  The same for a row's text kept (a text with other
# characters than ASCII): drawn again as it was, it is not drawn (no font.text); every frame of a sequence
# (the text the same, grown, changed, moved, its row drawn on before it, the hint changed or a question, texts
# across two rows or past the edge, light ones) is what a fresh UI draws.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import sys

import framebuf

try:
    from kitapi.app import font, rows, ui
except ImportError as e:
    print("FAIL cannot import kitapi.app.ui: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

passed = 0
failed = 0
T = ["?"] * 80
T[75] = ";"  # (ui._T_QUESTION: the Greek question mark, as a Greek box's table has it)


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


class HW:
    def __init__(self):
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)


def frame(steps, t=None, kept=True):
    """The frames a UI draws for ``steps`` (before, title, right, battery level), each on the frame as the last
    left it (``before``: "clear", "scribble" or ""): with one UI and its rows kept all along (``kept``), else
    each title drawn by a new UI without the rows (nothing kept from the frame before): [bytes of each frame]."""
    hw = HW()
    u = ui.UI(hw, t)
    if kept:
        ui.font = rows.Rows(hw.fb, font)
    out = []
    try:
        for before, s, right, level in steps:
            if not kept:
                u = ui.UI(hw, t)
            if before == "clear":
                u.clear()
            elif before == "scribble":
                hw.fb.fill_rect(0, 0, 128, 16, 1)
                hw.fb.text("XXXXXXXXXXXXXXXX", 0, 0, 0)
            u.title(s, right)
            u.battery(level)
            out.append(bytes(hw.buf))
    finally:
        ui.font = font
    return out


def counting():
    """kitapi.app.font.text replaced by one that counts its calls: (the real one, to put back; [the count])."""
    real = font.text
    n = [0]

    def counted(*a):
        n[0] += 1
        return real(*a)

    font.text = counted
    return real, n


def test_a_kept_bar_is_not_drawn():
    hw = HW()
    u = ui.UI(hw, None)
    real, n = counting()  # (UI.title draws its texts through kitapi.app.rows, which draws through font.text)
    ui.font = rows.Rows(hw.fb, font)
    try:
        u.title("Hand 21", "3")
        check(n[0] == 2, "the first bar is drawn: %d texts" % n[0])
        first = bytes(hw.buf[:128])
        hw.fb.fill(0)
        n[0] = 0
        u.title("Hand 21", "3")
        check(n[0] == 1, "the same bar drawn again: %d texts (its right one alone)" % n[0])
        check(bytes(hw.buf[:128]) == first, "the kept bar is in the frame")
        n[0] = 0
        u.title("Hand 22", "3")
        check(n[0] == 2, "a new bar is drawn: %d texts" % n[0])
    finally:
        font.text = real
        ui.font = font


def test_every_frame_is_what_a_fresh_ui_draws():
    steps = [
        ("clear", "Hand 21", "", -1),
        ("clear", "Hand 21", "", -1),  # the same: kept
        ("clear", "Hand 21", "", 3),  # the battery drawn over the kept bar
        ("clear", "Hand 21", "", -1),  # and gone from the next frame's
        ("clear", "Hand 22", "", -1),  # another text: drawn
        ("clear", "Hand 22", "A", -1),  # another right text
        ("clear", "Hand 22", "B", -1),
        ("clear", "Hand 22", "", -1),
        ("scribble", "Hand 22", "", -1),  # the row drawn over before the bar: the bar covers it whole
        ("", "Hand 22", "", 0),  # not cleared
        ("clear", "Hand 2", "", -1),  # a shorter text: no letter of the longer one left
        ("clear", "\u03a0\u03b1\u03c1\u03c4\u03af\u03b4\u03b1 2", "", -1),  # Greek: font.text's own glyphs
        ("clear", "\u03a0\u03b1\u03c1\u03c4\u03af\u03b4\u03b1 2", "\u2191", -1),
        ("clear", "Who?", "", -1),  # a question: its language's mark
        ("clear", "Who?", "", -1),
        ("clear", "Hand 21", "", -1),
    ]
    for t in (None, T):
        a = frame(steps, t)
        b = frame(steps, t, kept=False)
        for i in range(len(steps)):
            what = (i, steps[i][1], steps[i][2], t is not None)
            check(a[i] == b[i], "frame %d (%s, %s, table %s) differs from a fresh UI's" % what)


def test_a_framebuffer_without_bytes_draws_every_time():
    class Plain:  # no buffer to lend (CircuitPython's framebuf.py)
        def __init__(self, fb):
            self.fb = fb

        def fill_rect(self, *a):
            self.fb.fill_rect(*a)

        def text(self, *a):
            self.fb.text(*a)

        def blit(self, *a):
            self.fb.blit(*a)

    hw = HW()
    p = Plain(hw.fb)
    hw.fb = p
    u = ui.UI(hw, None)
    rows.install(p)
    check(ui.font is font, "a FrameBuffer without bytes is given no rows kept")
    u.title("Hand 21")
    first = bytes(hw.buf)
    hw.buf[:] = bytes(1024)
    u.title("Hand 21")
    check(bytes(hw.buf) == first, "a FrameBuffer without bytes: the bar drawn again")
    u.at("Ann 6\u2660", 0, 1)
    u.hint("#=ok")
    check(bytes(hw.buf[128:136]) != bytes(8), "a FrameBuffer without bytes: its texts drawn")


SUITS = "1\u2660 2\u2663 3\u2666 4\u2665 5NT"


def kept(hw):
    """The rows kept for ``hw``'s frame (kitapi.app.rows), as kitapi_pack.boot installs them."""
    return rows.Rows(hw.fb, font)


def draw(u, ops):
    for op in ops:
        getattr(u, op[0])(*op[1:])


def test_a_kept_text_is_not_drawn():
    hw = HW()
    u = ui.UI(hw, None)
    real, n = counting()  # (kitapi.app.rows draws through font.text)
    ui.font = kept(hw)  # (as App.run puts it there)
    try:
        for i in range(3):
            u.clear()
            n[0] = 0
            u.at("Ann 6\u2660", 0, 1)
            u.text(SUITS, 0, 32)
            u.hint("#=ok *=back")
            check(n[0] == (2 if i == 0 else 0), "frame %d: %d texts drawn (2 the first time, then none)" % (i, n[0]))
        u.clear()
        n[0] = 0
        u.at("Ann 6\u2660 =", 0, 1)  # grown: the rest alone drawn
        check(n[0] == 1, "a grown line: %d texts drawn" % n[0])
        u.clear()
        n[0] = 0
        u.at("Ann 6\u2660 =", 8, 1)  # moved: drawn
        check(n[0] == 1 and bytes(hw.buf[128 + 64 : 128 + 72]) != bytes(8), "the moved line is drawn (cell 8)")
        other = HW()
        v = ui.UI(other, None)
        v.clear()
        v.at("Ann 6\u2660 =", 8, 1)  # another frame: drawn there, not in the rows' own
        check(bytes(other.buf) == bytes(hw.buf), "another frame's text drawn in it")
    finally:
        font.text = real
        ui.font = font


def test_every_frame_with_kept_rows_is_what_a_fresh_ui_draws():
    a = "Ann 6\u2660"
    frames = [
        [("title", "Hand 21"), ("at", "Ann", 0, 1), ("at", "Who bid?", 0, 2), ("hint", "#=ok *=back")],
        [("title", "Hand 21"), ("at", a, 0, 1), ("text", SUITS, 0, 32), ("hint", "#=ok *=back")],
        [("title", "Hand 21"), ("at", a, 0, 1), ("text", SUITS, 0, 32), ("hint", "#=ok *=back")],
        [("title", "Hand 21"), ("at", a + " =", 0, 1), ("at", "1 both", 0, 3, True), ("hint", "#=ok *=back")],
        [("title", "Hand 21"), ("at", a + " =", 0, 1), ("hint", "#=ok *=back")],
        [("title", "Hand 21"), ("at", a + " -1", 0, 1), ("hint", "#=ok *=back")],  # the same start, then other
        [("title", "Hand 21"), ("at", a, 0, 1), ("hint", "#=ok *=back")],  # shorter than the kept one
        [("at", "XX", 0, 1), ("at", a, 0, 1), ("text", "A", 8, 36), ("text", SUITS, 0, 32)],  # its row drawn on
        [("at", a, 0, 1), ("text", SUITS, 0, 32), ("hint", "#=ok *=back")],  # kept again
        [("at", a, 0, 1), ("text", SUITS, 0, 33), ("hint", "Who?")],  # across two rows; a question
        [("at", a, 0, 1), ("text", SUITS, 0, 32), ("hint", "Who?")],
        [("at", a, 1, 1), ("text", SUITS, 24, 32), ("hint", "")],  # moved; past the edge
        [("at", a, 0, 1, True), ("text", SUITS, 0, 32), ("hint", "#=ok *=back")],  # light
        [("at", a, 0, 1), ("text", SUITS, 0, 32), ("hint", "#=ok *=back", 6), ("hint", "#=ok *=back")],
        [("hint", "#=ok *=back", 6), ("at", "\u03a0\u03b1\u03c3\u03bf", 0, 6)],  # drawn over a kept text
        [("right", "\u2248+12", 128, 5), ("right", "\u2248+12", 128, 5), ("hint", "#=ok *=back")],
        [("right", "\u2248+12", 128, 5), ("at", "Ann", 0, 5), ("hint", "#=ok *=back")],
    ]
    for t in (None, T):
        hw = HW()
        u = ui.UI(hw, t)
        r = kept(hw)
        f = HW()
        try:
            for i in range(len(frames)):
                ui.font = r  # (u's frame: its rows kept)
                u.clear()
                draw(u, frames[i])
                ui.font = font
                v = ui.UI(f, t)
                v.clear()
                draw(v, frames[i])
                what = (i, t is not None)
                check(bytes(hw.buf) == bytes(f.buf), "frame %d (table %s) differs from a fresh UI's" % what)
            for i in range(len(frames)):  # not cleared between frames: nothing kept is used
                ui.font = r
                draw(u, frames[i])
                ui.font = font
                draw(v, frames[i])
                check(bytes(hw.buf) == bytes(f.buf), "frame %d not cleared (table %s) differs" % (i, t is not None))
        finally:
            ui.font = font


def main():
    test_a_kept_bar_is_not_drawn()
    test_every_frame_is_what_a_fresh_ui_draws()
    test_a_framebuffer_without_bytes_draws_every_time()
    test_a_kept_text_is_not_drawn()
    test_every_frame_with_kept_rows_is_what_a_fresh_ui_draws()
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
