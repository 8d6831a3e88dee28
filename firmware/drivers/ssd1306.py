"""The SSD1306 OLED driver that ``kitapi deploy`` and ``kitapi image`` put on a box (``lib/ssd1306.mpy``).

Kitapi's own, shipped inside the ``kitapi`` package so that neither command needs
a network (docs/image.md, "The display driver").  It keeps the interface of
micropython-lib's ``ssd1306`` (micropython/drivers/display/ssd1306, which
``kitapi deploy --index URL`` still installs with mip), the part of it that
``kitapi.hw.board_rp2`` uses: ``SSD1306_I2C(width, height, i2c, addr)`` is a
``framebuf.FrameBuffer`` (MONO_VLSB) over ``buffer``; ``write_cmd(c)`` sends one
command byte, ``write_data(buf)`` display data; ``show``, ``poweron``,
``poweroff``, ``contrast``, ``invert``.  I2C only: the box has no SPI display.

The commands are the SSD1306 datasheet's (Solomon Systech, rev 1.1, section 10
and the "Software Configuration" flow chart); the I2C framing is its 8.1.5: a
control byte 0x80 before a command, 0x00 before a run of commands (one transfer:
the setup, a window), 0x40 before data.
"""

import framebuf
from micropython import const

_CONTRAST = const(0x81)
_DISPLAY = const(0xAE)  # | 1: on
_NORMAL = const(0xA6)  # | 1: inverted
_COLUMNS = const(0x21)
_PAGES = const(0x22)

# Power-on setup, in the datasheet's order, for the panel with its own charge pump; the bytes that depend on the
# panel's size or its supply are patched in by _setup: multiplex ratio (index 6), COM pins (11), precharge (15),
# charge pump (23).
_SETUP = (
    b"\xae"  # display off
    b"\x20\x00"  # horizontal addressing: show() sends the buffer as one run
    b"\x40"  # start line 0
    b"\xa1"  # column 127 is SEG0 (the panel mounted as the modules are)
    b"\xa8\x3f"  # multiplex ratio: height - 1
    b"\xc8"  # COM scan from COM[N-1] to COM0
    b"\xd3\x00"  # no vertical offset
    b"\xda\x12"  # COM pins: alternative (0x02 for a 128x32 panel)
    b"\xd5\x80"  # clock divide and oscillator: the reset value
    b"\xd9\xf1"  # precharge (0x22 with an external supply)
    b"\xdb\x30"  # VCOMH deselect level
    b"\x81\xff"  # contrast
    b"\xa4"  # the display follows the RAM
    b"\xa6"  # not inverted
    b"\x8d\x14"  # charge pump on (0x10 with an external supply)
    b"\xaf"  # display on
)


# Kitapi's own: the panel is set up dark and its RAM left as it is, until the first frame (``show``, or the
# board's own: kitapi.hw.board_rp2) sends it whole and turns it on; micropython-lib's sends a blank frame and turns
# it on at once (23 ms of the boot on a bus at 400 kHz).
LAZY = 1


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        self._blank = bytes(len(self.buffer))  # (fill)
        self.i2c = i2c
        self.addr = addr
        self.external_vcc = external_vcc
        self._cmd = bytearray(2)
        self._cmd[0] = 0x80  # Co=1, D/C#=0: one command byte follows
        self._data = [b"\x40", None]  # Co=0, D/C#=1: the rest is display data (one writevto, no copy)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.init_display()

    def init_display(self):
        setup = bytearray(_SETUP)
        setup[6] = self.height - 1
        setup[11] = 0x02 if self.width > 2 * self.height else 0x12
        setup[15] = 0x22 if self.external_vcc else 0xF1
        setup[23] = 0x10 if self.external_vcc else 0x14
        self.i2c.writeto(self.addr, b"\x00" + setup[:-1])  # Co=0, D/C#=0: commands (8.1.5.2); not yet "on"
        self._dark = True  # on at the first show (LAZY)

    def fill(self, c):
        """The whole buffer in colour ``c``; blank (every frame of the box starts so) as a copy of ``_blank`` in C:
        35 us on the pico-rig, where framebuf's own fill sets the buffer a pixel row at a time (0.84 ms) and a
        blank made anew costs its allocation (0.53 ms)."""
        if c:
            super().fill(c)
        else:
            self.buffer[:] = self._blank

    def write_cmd(self, cmd):
        self._cmd[1] = cmd
        self.i2c.writeto(self.addr, self._cmd)

    def write_data(self, buf):
        self._data[1] = buf
        self.i2c.writevto(self.addr, self._data)

    def poweroff(self):
        self.write_cmd(_DISPLAY)

    def poweron(self):
        self.write_cmd(_DISPLAY | 1)

    def contrast(self, contrast):
        self.write_cmd(_CONTRAST)
        self.write_cmd(contrast)

    def invert(self, invert):
        self.write_cmd(_NORMAL | (invert & 1))

    def show(self):
        x0 = (128 - self.width) // 2  # a narrower panel sits in the controller's middle columns
        self.i2c.writeto(self.addr, bytes((0, _COLUMNS, x0, x0 + self.width - 1, _PAGES, 0, self.pages - 1)))
        self.write_data(self.buffer)
        if self._dark:
            self._dark = False
            self.poweron()
