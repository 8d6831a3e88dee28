# kitapi.app.ui's rows kept from the last frame, under MicroPython with the unix port's real framebuf.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_ui_rows_mp.py
# Checks: UI.title's bar, drawn as the last frame's was, is copied back and not drawn (no font.text); after
# every title of a sequence (the same, another text, another right text, a question, a frame scribbled on or
# cleared before it, the battery drawn after it) the frame is byte for byte what a fresh UI draws on a fresh
# frame that went through the same; a FrameBuffer that lends no bytes draws every time.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import sys

import framebuf

try:
    from kitapi.app import font, ui
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


def frame(steps, t=None):
    """The frames a UI draws for ``steps`` (before, title, right, battery level), each on the frame as the last
    left it (``before``: "clear", "scribble" or ""), with one UI all along: [bytes of each frame]."""
    hw = HW()
    u = ui.UI(hw, t)
    out = []
    for before, s, right, level in steps:
        if before == "clear":
            u.clear()
        elif before == "scribble":
            hw.fb.fill_rect(0, 0, 128, 16, 1)
            hw.fb.text("XXXXXXXXXXXXXXXX", 0, 0, 0)
        u.title(s, right)
        u.battery(level)
        out.append(bytes(hw.buf))
    return out


def fresh(steps, t=None):
    """The same frames, each title drawn by a new UI (nothing kept from the frame before)."""
    hw = HW()
    out = []
    for before, s, right, level in steps:
        u = ui.UI(hw, t)
        if before == "clear":
            u.clear()
        elif before == "scribble":
            hw.fb.fill_rect(0, 0, 128, 16, 1)
            hw.fb.text("XXXXXXXXXXXXXXXX", 0, 0, 0)
        u.title(s, right)
        u.battery(level)
        out.append(bytes(hw.buf))
    return out


def test_a_kept_bar_is_not_drawn():
    hw = HW()
    u = ui.UI(hw, None)
    real = font.text
    n = [0]

    def counted(*a):
        n[0] += 1
        return real(*a)

    font.text = counted  # (UI.title draws its texts through it)
    try:
        u.title("Hand 21", "3")
        check(n[0] == 2, "the first bar is drawn: %d texts" % n[0])
        hw.fb.fill(0)
        n[0] = 0
        u.title("Hand 21", "3")
        check(n[0] == 0, "the same bar drawn again: %d texts" % n[0])
        check(bytes(hw.buf[:128]) != bytes(128), "the kept bar is in the frame")
        u.title("Hand 22", "3")
        check(n[0] == 2, "a new bar is drawn: %d texts" % n[0])
    finally:
        font.text = real


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
        b = fresh(steps, t)
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
    u.title("Hand 21")
    first = bytes(hw.buf)
    hw.buf[:] = bytes(1024)
    u.title("Hand 21")
    check(bytes(hw.buf) == first and u.bar is None, "a FrameBuffer without bytes: the bar drawn again")


def main():
    test_a_kept_bar_is_not_drawn()
    test_every_frame_is_what_a_fresh_ui_draws()
    test_a_framebuffer_without_bytes_draws_every_time()
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
