"""Drawing on the 128x64 screen: 16 columns x 8 rows of 8x8 cells.

Text goes through kitapi.app.font, which draws ASCII with framebuf's own font
and the Greek and Cyrillic letters from its bitmaps (on a Pico through
kitapi.app.rows, which keeps each row's last such text: the pack's boot puts
it here as ``font``).  On the simulator's board every text drawn is also reported
(``hw.trace_text``) for ``kitapi sim --text``.
"""

from kitapi.app import font

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

COLS = const(16)
ROWS = const(8)
_W = const(128)
_T_QUESTION = const(75)  # the language's question mark (kitapi.app.lang_xx.T)
# the settings' choices (kitapi.app.menus.Settings; the store keeps the chosen ones)
CONTRASTS = (16, 64, 128, 192, 255)
SLEEPS = (30, 60, 120, 300, 0)  # seconds; 0: never
LANGUAGES = ("en", "el", "ru")


class UI:
    def __init__(self, hw, lang):
        self.hw = hw
        self.fb = hw.fb
        self.t = lang  # the string table of the chosen language
        self.trace = getattr(hw, "trace_text", None)  # each text drawn reported (the simulator's), or None
        self.note = ""  # a refused key's words (kitapi.app.nokey): the hint row's, for one frame

    def clear(self):
        self.fb.fill(0)

    def text(self, s, x, y, inverse=False):
        """Draw ``s`` at pixel (x, y); inverse: light cells, dark letters.  Its "?" is the language's question
        mark (Greek ";")."""
        t = self.t
        if t and s.endswith("?") and s[-2:-1] != ":":  # (a question; "0:?" is a key's sign; ":?" would be a name)
            s = s[:-1] + t[_T_QUESTION]
        if self.trace:
            self.trace(x, y, s)
        fb = self.fb
        c = 1
        if inverse:
            fb.fill_rect(x, y, len(s) << 3, 8, 1)  # (font.width)
            c = 0
        try:  # ASCII, framebuf's own font, at once: font.text's first case without its call (50 us a text on
            if len(memoryview(s)) == len(s):  # the pico-rig, 9-18 texts a frame)
                fb.text(s, x, y, c)
                return x + (len(s) << 3)
        except TypeError:  # CPython: a str has no buffer
            pass
        return font.text(fb, s, x, y, c)

    def at(self, s, col, row, inverse=False):
        """Draw ``s`` in the cell grid."""
        return self.text(s, col * 8, row * 8, inverse)

    def right(self, s, x_end, row):
        """Draw ``s`` so that it ends at pixel column ``x_end``; returns ``x_end``."""
        return self.text(s, x_end - (len(s) << 3), row * 8)  # (font.width, without its call: 9 a home screen)

    def title(self, s, right=""):
        """Row 0: a light bar with ``s`` at the left and ``right`` at the right."""
        t = self.t
        if t and s.endswith("?"):
            s = s[:-1] + t[_T_QUESTION]
        self.fb.fill_rect(0, 0, _W, 8, 1)
        if self.trace:
            self.trace(0, 0, s)
        font.text(self.fb, s, 0, 0, 0)
        if right:
            if self.trace:
                self.trace(_W - font.width(right), 0, right)
            font.text(self.fb, right, _W - font.width(right), 0, 0)

    def hint(self, s, row=ROWS - 1):
        """The keys of the screen on the last row (or ``row``); the last row says a refused key's ``note``
        instead, light, for the frame after it."""
        if row == ROWS - 1 and self.note:
            return self.at(self.note, 0, row, True)
        self.at(s, 0, row)

    def battery(self, level):
        """A battery gauge at the right of the title bar; ``level`` 0-4, or -1 for none."""
        if level < 0:
            return
        fb = self.fb
        x = _W - 14
        fb.fill_rect(x, 1, 12, 6, 0)
        fb.rect(x, 1, 12, 6, 1)
        fb.fill_rect(x + 12, 3, 2, 2, 0)
        if level:
            fb.fill_rect(x + 2, 3, 2 * level, 2, 1)

    def show(self):
        self.hw.show()


def signed(v):
    """Chips as the sheet shows them: +12, -7, 0."""
    return "+%d" % v if v > 0 else str(v)


_FITS = []  # type: list[list]  # (cut) [the names as they were, {i << 8 | w: name i cut to w}]: the last two lists of names cut


def cut(names, i, w):
    """Name ``i`` in ``w`` letters, told apart from the others (kitapi.app.names imported only when cut), each
    name and width cut once while the names stay as they are (kitapi.app.names.fit: 0.25-0.7 ms on the pico-rig,
    at every frame)."""
    a = names[i]
    if len(a) <= w:
        return a
    if w <= 0:  # no room (a long game's figures): none of it (kitapi.app.names.fit's at 0), nothing imported
        return ""
    for c in _FITS:
        if c[0] == names:  # (by value: a list being typed, kitapi.app.newgame's, changes in place)
            break
    else:
        if len(_FITS) > 1:
            _FITS.pop(0)
        c = [names[:], {}]
        _FITS.append(c)
    c = c[1]
    k = i << 8 | w  # (w < len(a): a name is a line of the box, far shorter than 256)
    a = c.get(k)
    if a is None:
        if w < 3:  # (kitapi.app.names.fit's, too short to tell apart by a letter: the module not imported)
            a = c[k] = names[i][:w].rstrip()
        else:
            from kitapi.app.names import fit

            a = c[k] = fit(names, i, w)
    return a


def fitted(names, s, w):
    """A hand's line in ``w`` characters: its name, then its words cut, never a figure (kitapi.app.fitline,
    imported for the first such line of a frame; App.run lets it go once the frame is out)."""
    if len(s) <= w:
        return s
    from kitapi.app.fitline import fit_line

    return fit_line(names, s, w)


_T_SHARED = const(74)  # the lang tables' SHARED


def shared(app, t):
    """The rows (16 columns, broken at spaces) of the line that says the kasa or the pot left shared equally
    ("Kasa 2120 shared: 530 each"), by the family's draw_owes hook; none when nothing is left (who owes whom,
    kitapi.app.home.Home.draw_owes; the settlement, kitapi.app.menus.Settle)."""
    said = getattr(app.sys, "draw_owes", None)  # the kasa or the pot left, shared equally: said in words
    said = said(app) if said else None  # (its word, what is left, the players)
    if said:
        s, v, n = said  # a share no whole number in hundredths, marked ≈
        q = (200 * v + n) // (2 * n)  # (half up; the format's 11 characters: one of 10 or fewer is interned)
        said = t[_T_SHARED] % (s, v, "%s%d.%02d%s" % (chr(8776), q // 100, q % 100, "") if v % n else v // n)
    rows = []  # type: list[str]  # its rows, broken at spaces
    for word in (said or "").split():
        if rows and len(rows[-1]) + 1 + len(word) <= 16:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows
