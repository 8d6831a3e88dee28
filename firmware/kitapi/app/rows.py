"""Each row's last text kept from frame to frame (kitapi.app.ui's ``font`` on a Pico).

kitapi.app.ui.UI.text draws ASCII with framebuf's font itself; a text with other characters (0.5-2 ms on the
pico-rig: a hand's line, a trump step's suits, a Greek or Russian box's every text) goes through ``font``, and
so does the title bar's (``UI.title``: dark on its lit row, "Hand 21" through a whole wizard).  Here such a
text at a row's start (x 0), on cells still blank (lit for a dark text), is its bytes as last drawn on that row,
copied back; one that begins with the text kept (a hand's line as it grows), those bytes, then the rest drawn
after them.  On cells all blank (all lit) a text's bytes are its own, and its cells all it touches (a character
a cell, kitapi.app.font), so a frame is the same byte for byte (tests/mp/test_ui_rows_mp.py,
tests/device/test_kept_rows.py).  A box booted from the pack (a Pico: kitapi_pack.boot) installs it
(``install``) once the app has drawn its first frame: some 2 KB kept and this module's code, which a Pico's heap
has room for and the simulator's 64 KB would not.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_W = const(128)


class Rows:
    """kitapi.app.font's ``text`` and ``width`` for kitapi.app.ui, with each row's text kept."""

    def __init__(self, fb, f):
        self.fb = fb  # the frame
        self.mv = memoryview(fb)  # its bytes (MONO_VLSB: row r is bytes 128 r to 128 r + 127)
        self.font = f  # kitapi.app.font
        self.width = f.width
        self.kept = [None] * 8  # type: list[Any]  # each row's last text so drawn: [text, its bytes, colour]
        self.blank = memoryview(bytes(_W))  # a blank row's: compared in C, nothing made
        self.lit = memoryview(b"\xff" * _W)  # a lit row's (the title bar's)

    def text(self, fb, s, x, y, c=1):
        """Draw ``s`` at (x, y) on ``fb`` in colour ``c`` (kitapi.app.font.text's); the x after it."""
        if x or fb is not self.fb or y & 7 or not 0 <= y < 64:  # (a text not at a row's start: a figure in its
            # column, a home screen's, the bar's right text, drawn at once; another frame)
            return self.font.text(fb, s, x, y, c)
        w = len(s) << 3  # (font.width)
        if w > _W:
            return self.font.text(fb, s, 0, y, c)
        r = y >> 3
        a = r << 7
        m = self.mv[a : a + w]
        if m != (self.blank if c else self.lit)[0:w]:  # its cells drawn on already: drawn over them
            return self.font.text(fb, s, 0, y, c)
        k = self.kept
        e = k[r]
        if e is not None and e[2] == c and s.startswith(e[0]):
            d = e[1]
            if len(d) == w:  # (the same text)
                m[0:w] = d
                return w
            m[0 : len(d)] = d  # the text kept, then the rest
            self.font.text(fb, s[len(e[0]) :], len(d), y, c)
        else:
            self.font.text(fb, s, 0, y, c)
        k[r] = [s, bytes(m), c]
        return w


def install(fb):
    """Draw kitapi.app.ui's texts on the frame ``fb`` (a FrameBuffer that lends its bytes) through a ``Rows``,
    once kitapi.app.ui is loaded (its module's ``font``; kitapi_pack.boot's, at the rp2 board's first ``hw.key``,
    after the boot's first frame: a Pico's heap has the room, a 64 KB one would not)."""
    import sys

    m = sys.modules.get("kitapi.app.ui")  # type: Any
    if m is not None and type(m.font) is not Rows:
        try:
            m.font = Rows(fb, m.font)
        except TypeError:  # a FrameBuffer that lends no bytes (CPython's tests): kitapi.app.font's alone
            pass
