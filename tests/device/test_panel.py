"""Only the pages that changed go to the display, and the panel always shows the whole frame.

The simulator's board sends, before each frame, the windows of pages the device would send
(``W`` lines, kitapi.hw.oled); the PC keeps the panel's own copy from them alone
(``Firmware.panel``).  After every key of a long random session, on the MicroPython runtime,
that copy must be the frame the app drew (a full redraw), pixel for pixel.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kitapi.hw.oled import changed
from kitapi_host.sim.firmware import PANEL_WINDOW_BYTES, parse_script
from testkit import SETUP, Device

FULL = 1024


def session(seed: int, n: int) -> str:
    """``n`` random key steps: every key, a few long presses and pauses (the display sleeps, wakes)."""
    rng = random.Random(seed)
    steps = []
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            steps.append("L" + rng.choice("0123456789ABCD*#"))
        elif r < 0.04:
            steps.append(f"~{rng.choice((1600, 70_000))} ")
        else:
            steps.append(rng.choice("0123456789ABCD*#"))
    return "".join(steps)


def test_the_panel_equals_a_full_redraw_after_every_key(tmp_path: Path) -> None:
    dev = Device(tmp_path, heapsize="96K")  # a random session goes everywhere (as test_app's fuzz test)
    fw = dev.fw
    steps = parse_script(SETUP) + parse_script(session(7, 2000))
    keys = frames = partial = 0
    sizes = []
    for step in steps:
        before_bytes, before_frames = fw.panel_bytes, fw.frames
        fw.send(step.line)
        assert fw.wait_ready(60), dev.output
        assert fw.panel == fw.frame, f"step {keys}: the panel differs from the frame drawn"
        if fw.frames > before_frames:
            frames += fw.frames - before_frames
            sent = fw.panel_bytes - before_bytes
            sizes.append(sent)
            partial += sent < FULL
        keys += 1
    dev.close()
    sizes.sort()
    print(
        f"bytes to the panel per frame: median {sizes[len(sizes) // 2]}, mean {sum(sizes) / len(sizes):.0f}, "
        f"max {sizes[-1]} (a whole frame {FULL + PANEL_WINDOW_BYTES}); {frames} frames"
    )
    assert keys > 2000 and frames > 1500
    assert partial > frames // 2, "most keys should send less than the whole frame"
    assert sum(sizes) < frames * FULL // 2, sum(sizes) / frames


def test_changed_pages() -> None:
    sums = [-1] * 8
    buf = bytearray(FULL)
    assert changed(buf, sums) == 0xFF  # the first frame: every page
    assert changed(buf, sums) == 0  # nothing drawn differently: nothing
    buf[3 * 128 + 5] = 1
    buf[7 * 128 + 127] = 0x80
    assert changed(buf, sums) == (1 << 3) | (1 << 7)
    buf[3 * 128 + 5] = 0
    assert changed(buf, sums) == 1 << 3
    for p in range(8):  # every byte of every page is seen
        for i in (0, 64, 127):
            buf[p * 128 + i] ^= 0x10
            assert changed(buf, sums) == 1 << p
    assert PANEL_WINDOW_BYTES == 13


WINDOW = 13  # a window's commands, each after its control byte (Co=1), and the data's control byte
SPAN = 7  # a span's in page addressing: the page, the column's two nibbles


class FakeSSD1306:
    """micropython-lib's SSD1306_I2C as RP2Hardware uses it, over a model of the controller's RAM (SSD1306 datasheet
    10.1.3): horizontal addressing, the column (0x21) and page (0x22) window, the pointer wrapping in it; page
    addressing (0x20 2), the page (0xB0-0xB7) and the column's nibbles (0x00-0x0F, 0x10-0x17); 0xAE/0xAF."""

    ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1}

    def __init__(self, width: int, height: int, i2c: object, addr: int) -> None:
        self.buffer = bytearray(FULL)
        self.ram = bytearray(FULL)
        self.args: list[int] = []
        self.cmd = -1
        self.mode = 0  # horizontal addressing (the drivers' setup)
        self.window = [0, 127, 0, 7]
        self.col = self.page = 0
        self.bytes = 0
        self.i2c = self  # the bus, as RP2Hardware.show uses it (one transfer a span: its commands, then its data)
        self.addr = addr
        self.on = True  # micropython-lib's: on, a blank frame sent (Kitapi's, LAZY: dark, the RAM as it was)

    def poweron(self) -> None:
        self.on = True

    def writeto(self, addr: int, buf: bytes) -> None:
        self.writevto(addr, [buf])

    def writevto(self, addr: int, bufs: list) -> None:
        """One I2C transfer (SSD1306 datasheet 8.1.5.2): a control byte, then with Co=1 one byte and another control
        byte, with Co=0 the rest; D/C# says commands or display data."""
        assert addr == self.addr
        b = b"".join(bytes(x) for x in bufs)
        self.bytes += len(b)
        i = 0
        while i < len(b):
            ctrl = b[i]
            run = b[i + 1 : i + 2] if ctrl & 0x80 else b[i + 1 :]
            i += 1 + len(run)
            if ctrl & 0x40:
                self.write_data(run)
            else:
                for c in run:
                    self.write_cmd(c)

    def write_cmd(self, c: int) -> None:
        if self.cmd < 0:
            self.cmd, self.args = c, []
        else:
            self.args.append(c)
        if len(self.args) < self.ARGS.get(self.cmd, 0):
            return
        c, a = self.cmd, self.args
        self.cmd = -1
        if c == 0x20:
            self.mode = a[0] & 3
        elif c == 0x21 and self.mode == 0:
            self.window[0:2] = a
            self.col = a[0]
        elif c == 0x22 and self.mode == 0:
            self.window[2:4] = a
            self.page = a[0]
        elif 0xB0 <= c <= 0xB7 and self.mode == 2:
            self.page = c & 7
        elif c <= 0x0F and self.mode == 2:
            self.col = self.col & 0x70 | c
        elif 0x10 <= c <= 0x17 and self.mode == 2:
            self.col = (c & 7) << 4 | self.col & 0x0F
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF

    def write_data(self, buf: bytes) -> None:
        c0, c1, p0, p1 = self.window
        for b in bytes(buf):
            self.ram[self.page * 128 + self.col] = b
            self.col += 1
            if self.mode == 2:  # page addressing: the page stays (a span never runs past column 127)
                assert self.col <= 128
                self.col &= 127
            elif self.col > c1:
                self.col = c0
                self.page = p0 if self.page >= p1 else self.page + 1


def test_no_display_at_the_address_is_said(monkeypatch) -> None:
    """The driver's first transfer not acknowledged (its OSError): the board says which address had no display."""
    import sys
    import types

    def absent(*args: object) -> None:
        raise OSError(19)  # ENODEV, as rp2's I2C raises it

    monkeypatch.setitem(sys.modules, "umachine", types.ModuleType("umachine"))
    monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(const=lambda x: x))
    monkeypatch.setitem(sys.modules, "ssd1306", types.SimpleNamespace(SSD1306_I2C=absent))
    import binascii
    import os
    import time

    for u, m in (("ubinascii", binascii), ("uos", os), ("utime", time)):
        monkeypatch.setitem(sys.modules, u, m)
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2", raising=False)
    from kitapi.hw.board_rp2 import RP2Hardware

    with pytest.raises(OSError, match="no display at I2C address 0x3c"):
        RP2Hardware("pico", object(), 0x3C, [], [], root=".")
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2")


@pytest.mark.parametrize("lazy", [False, True])
def test_the_pico_board_sends_the_changed_pages_and_columns_as_windows(monkeypatch, lazy: bool) -> None:
    """RP2Hardware.show over a fake ssd1306 driver: the controller's RAM is the frame after every show, and no more
    is sent than a span of the columns from the first to the last that changed in each changed page, in page
    addressing (split where a block of 32 columns between changes is unchanged: tests/device/test_rp2_show.py).
    With Kitapi's driver (``LAZY``: no blank frame at its start, the panel dark, its RAM what it was) the first frame
    is sent whole in horizontal addressing, then page addressing set and the panel turned on."""
    import sys
    import types

    class I2C:
        def scan(self) -> list[int]:
            return [0x3C]

    class Pin:
        def __init__(self) -> None:
            self.v = 1

        def __call__(self, v: int | None = None) -> int:
            if v is not None:
                self.v = v
            return self.v

        IRQ_FALLING = 2

        def irq(self, handler: object, trigger: int = 0) -> None:  # (a column's edge wakes the CPU: RP2Hardware.key)
            pass

    monkeypatch.setitem(sys.modules, "umachine", types.ModuleType("umachine"))  # (board_rp2 imports it by its u name)
    monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(const=lambda x: x))
    driver = types.SimpleNamespace(SSD1306_I2C=FakeSSD1306, **({"LAZY": 1} if lazy else {}))
    monkeypatch.setitem(sys.modules, "ssd1306", driver)
    import binascii
    import os
    import time

    for u, m in (("ubinascii", binascii), ("uos", os), ("utime", time)):  # MicroPython's names for the built-ins
        monkeypatch.setitem(sys.modules, u, m)
    for name in ("ticks_ms", "ticks_add", "ticks_diff"):
        monkeypatch.setattr(time, name, {"ticks_ms": lambda: 0, "ticks_add": lambda a, b: a + b,
                                         "ticks_diff": lambda a, b: a - b}[name], raising=False)  # fmt: skip
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2", raising=False)
    from kitapi.hw.board_rp2 import RP2Hardware

    hw = RP2Hardware("pico", I2C(), 0x3C, [Pin() for _ in range(4)], [Pin() for _ in range(4)], root=".")
    fb = hw.fb
    rng = random.Random(3)
    if lazy:
        fb.ram[:] = bytes(rng.randrange(256) for _ in range(FULL))  # what the panel's RAM held at power-on
        fb.on = False
        fb.buffer[2 * 128 + 9] = 1
        hw.show()  # the first frame: whole, in one window, then page addressing and the panel on (6 bytes)
        assert fb.ram == fb.buffer and fb.bytes == WINDOW + FULL + 6 and fb.on and fb.mode == 2
    else:
        hw.show()  # the driver sent a blank frame at its start: a blank frame sends nothing
        assert fb.ram == fb.buffer and fb.bytes == 0
        fb.buffer[2 * 128 + 9] = 1  # the first frame of the app: its pages that are not blank
        fb.buffer[5 * 128 + 9] = 1
        hw.show()
        assert fb.ram == fb.buffer and fb.mode == 2
        assert fb.bytes == 4 + 2 * (SPAN + 1)  # page addressing set (4 bytes), two spans of one column each
    for _ in range(300):
        for _ in range(rng.choice((0, 1, 2, 5, 40))):
            fb.buffer[rng.randrange(FULL)] = rng.randrange(256)
        fb.bytes = 0
        ram = bytes(fb.ram)
        touched = [p for p in range(8) if ram[p * 128 : p * 128 + 128] != fb.buffer[p * 128 : p * 128 + 128]]
        want = 0
        for p in touched:
            cols = [c for c in range(128) if ram[p * 128 + c] != fb.buffer[p * 128 + c]]
            want += SPAN + max(cols) - min(cols) + 1  # one transfer: commands, data
        hw.show()
        assert fb.ram == fb.buffer
        assert fb.bytes <= want
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2")
