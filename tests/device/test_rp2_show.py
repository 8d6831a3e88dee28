"""RP2Hardware.show on CPython: the bytes it sends to an SSD1306 model, and the panel they leave.

The model reads each I2C transfer as the SSD1306 datasheet frames it (8.1.5.2: a control byte, Co=1 one byte
and then another control byte, Co=0 the rest; D/C# command or display data) and keeps the panel's RAM in
horizontal addressing (commands 0x21 and 0x22 set the window), as the pico-rig's model does.  Whatever frames
the app draws, after each ``show`` the panel is the frame, and only the columns that changed are sent.
"""

from __future__ import annotations

import binascii
import os
import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1}


class Panel:
    """An SSD1306 on the bus: its RAM, its window, and what it was sent."""

    def __init__(self) -> None:
        self.ram = bytearray(1024)
        self.on = False
        self.cols = (0, 127)
        self.pages = (0, 7)
        self.col = self.page = 0
        self.transfers: list[int] = []  # the bytes of each transfer (the address byte not counted)
        self.windows: list[tuple[tuple[int, int], tuple[int, int]]] = []  # (columns, pages) of each data run
        self.data = 0  # display data bytes received

    def transfer(self, b: bytes) -> None:
        self.transfers.append(len(b))
        cmd: list[int] = []
        i = 0
        while i < len(b):
            ctrl = b[i]
            i += 1
            run = b[i : i + 1] if ctrl & 0x80 else b[i:]
            i += len(run)
            if ctrl & 0x40 and run:
                self.windows.append((self.cols, self.pages))
            for x in run:
                if ctrl & 0x40:
                    self.write(x)
                else:
                    cmd.append(x)
                    if len(cmd) > ARGS.get(cmd[0], 0):
                        self.command(cmd)
                        cmd = []

    def command(self, c: list[int]) -> None:
        if c[0] == 0x21:
            self.cols = (c[1], c[2])
            self.col = c[1]
        elif c[0] == 0x22:
            self.pages = (c[1], c[2])
            self.page = c[1]
        elif c[0] in (0xAE, 0xAF):
            self.on = c[0] == 0xAF

    def write(self, x: int) -> None:
        self.data += 1
        self.ram[self.page * 128 + self.col] = x
        self.col += 1
        if self.col > self.cols[1]:
            self.col = self.cols[0]
            self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]


class I2C:
    def __init__(self, panel: Panel) -> None:
        self.panel = panel

    def writeto(self, addr: int, b: bytes) -> None:
        self.panel.transfer(bytes(b))

    def writevto(self, addr: int, bufs: list[bytes]) -> None:
        self.panel.transfer(b"".join(bytes(x) for x in bufs))


class Driver:
    """Kitapi's driver as the board sees it (firmware/drivers/ssd1306.py: LAZY, dark until the first frame)."""

    def __init__(self, width: int, height: int, i2c: I2C, addr: int) -> None:
        self.buffer = bytearray(width * height // 8)
        self.i2c = i2c
        self.addr = addr

    def poweron(self) -> None:
        self.i2c.writeto(self.addr, b"\x80\xaf")


@pytest.fixture
def hw(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[object]:
    utime = types.SimpleNamespace(ticks_ms=lambda: 0, ticks_add=lambda a, b: a + b, ticks_diff=lambda a, b: a - b)
    monkeypatch.setitem(sys.modules, "utime", utime)
    monkeypatch.setitem(sys.modules, "umachine", types.SimpleNamespace())
    monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(const=lambda x: x))
    monkeypatch.setitem(sys.modules, "ssd1306", types.SimpleNamespace(SSD1306_I2C=Driver, LAZY=1))
    monkeypatch.setitem(sys.modules, "ubinascii", binascii)
    monkeypatch.setitem(sys.modules, "uos", os)
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2", raising=False)
    from kitapi.hw.board_rp2 import RP2Hardware

    class Pin:
        IRQ_FALLING = 2

        def __call__(self, v: int = 1) -> int:
            return 1

        def irq(self, handler: object, trigger: int) -> None:
            pass

    panel = Panel()
    board = RP2Hardware(
        "pico", I2C(panel), 0x3C, [Pin() for _ in range(4)], [Pin() for _ in range(4)], root=str(tmp_path)
    )
    board.panel = panel  # type: ignore[attr-defined]
    yield board
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2", raising=False)


def text_row(buf: bytearray, rng: random.Random, page: int) -> None:
    """A row of text-like columns on ``page``: a run of random bytes somewhere, or the page cleared."""
    k = page * 128
    if rng.random() < 0.2:
        buf[k : k + 128] = bytes(128)
        return
    a = rng.randrange(128)
    z = rng.randrange(a, min(128, a + rng.choice((1, 8, 40, 128))))
    for x in range(a, z + 1):
        buf[k + x] = rng.randrange(256)


def test_the_panel_is_the_frame_after_every_show(hw) -> None:
    panel = hw.panel
    fb = hw.fb
    rng = random.Random(37)
    hw.show()  # the first frame: whole, then the panel on
    assert panel.on and panel.ram == fb.buffer and panel.data == 1024
    for _ in range(500):
        for _ in range(rng.choice((0, 1, 2, 3, 8))):
            text_row(fb.buffer, rng, rng.randrange(8))
        before = bytes(panel.ram)
        panel.windows.clear()
        hw.show()
        assert panel.ram == fb.buffer
        for (a, z), (p, q) in panel.windows:  # each window's first and last columns changed, in one of its pages
            assert any(before[k * 128 + a] != fb.buffer[k * 128 + a] for k in range(p, q + 1))
            assert any(before[k * 128 + z] != fb.buffer[k * 128 + z] for k in range(p, q + 1))


def test_only_the_columns_that_changed_each_window_in_one_transfer(hw) -> None:
    panel = hw.panel
    fb = hw.fb
    hw.show()
    panel.transfers.clear()
    panel.data = 0
    fb.buffer[1 * 128 + 2] = 0x7F  # page 1, column 2; page 2, columns 100-119: two windows, 1 and 20 bytes
    fb.buffer[2 * 128 + 100 : 2 * 128 + 120] = b"\x3c" * 20
    hw.show()
    assert panel.ram == fb.buffer
    assert panel.data == 21 and panel.transfers == [13 + 1, 13 + 20]  # (one window of both: 2 x 118 bytes)
    panel.transfers.clear()
    panel.data = 0
    for p in (3, 4, 5):  # three pages, much the same columns: one window
        fb.buffer[p * 128 + 10 : p * 128 + 60 + p] = bytes([p]) * (50 + p)
    hw.show()
    assert panel.ram == fb.buffer
    assert panel.transfers == [13 + 3 * 55] and panel.data == 3 * 55
    panel.transfers.clear()
    hw.show()  # nothing changed: nothing sent
    assert panel.transfers == []
