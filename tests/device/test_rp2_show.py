"""RP2Hardware.show on CPython: the bytes it sends to an SSD1306 model, and the panel they leave.

The model reads each I2C transfer as the SSD1306 datasheet frames it (8.1.5.2: a control byte, Co=1 one byte
and then another control byte, Co=0 the rest; D/C# command or display data) and keeps the panel's RAM in the
addressing mode set (10.1.3; 0x20: horizontal, 0x21 and 0x22 its window, after reset; page, 0xB0-0xB7 the
page, 0x00-0x0F and 0x10-0x1F the column's nibbles, each command only in its own mode), as the pico-rig's model
does.  Whatever frames the app draws, after each ``show`` the panel is the frame, and only the columns that
changed are sent.
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
    """An SSD1306 on the bus: its RAM, its addressing, and what it was sent."""

    def __init__(self) -> None:
        self.ram = bytearray(1024)
        self.on = False
        self.mode = 0  # horizontal addressing (the drivers' setup sends 0x20 0x00)
        self.cols = (0, 127)
        self.pages = (0, 7)
        self.col = self.page = 0
        self.transfers: list[int] = []  # the bytes of each transfer (the address byte not counted)
        self.runs: list[tuple[int, int, int]] = []  # each run of display data: (first page, first column, bytes)
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
                self.runs.append((self.page, self.col, len(run)))
            for x in run:
                if ctrl & 0x40:
                    self.write(x)
                else:
                    cmd.append(x)
                    if len(cmd) > ARGS.get(cmd[0], 0):
                        self.command(cmd)
                        cmd = []

    def command(self, c: list[int]) -> None:
        if c[0] == 0x20:
            self.mode = c[1] & 3
        elif c[0] == 0x21 and self.mode == 0:
            self.cols = (c[1], c[2])
            self.col = c[1]
        elif c[0] == 0x22 and self.mode == 0:
            self.pages = (c[1], c[2])
            self.page = c[1]
        elif 0xB0 <= c[0] <= 0xB7 and self.mode == 2:
            self.page = c[0] & 7
        elif c[0] <= 0x0F and self.mode == 2:
            self.col = self.col & 0x70 | c[0]
        elif 0x10 <= c[0] <= 0x17 and self.mode == 2:
            self.col = (c[0] & 7) << 4 | self.col & 0x0F
        elif c[0] in (0xAE, 0xAF):
            self.on = c[0] == 0xAF

    def write(self, x: int) -> None:
        self.data += 1
        self.ram[self.page * 128 + self.col] = x
        self.col += 1
        if self.mode == 2:  # page addressing: the page stays (a span never runs past its column 127 here)
            assert self.col <= 128
            self.col &= 127
        elif self.col > self.cols[1]:
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
    """Kitapi's driver as the board sees it (firmware/drivers/ssd1306.py: LAZY, dark until the first frame), or
    micropython-lib's (``lazy`` 0: a blank frame sent in horizontal addressing, the panel on)."""

    lazy = 1

    def __init__(self, width: int, height: int, i2c: I2C, addr: int) -> None:
        self.buffer = bytearray(width * height // 8)
        self.i2c = i2c
        self.addr = addr
        if not self.lazy:
            i2c.writevto(addr, [b"\x00\x21\x00\x7f\x22\x00\x07", b""])
            i2c.writevto(addr, [b"\x40", self.buffer])
            i2c.writeto(addr, b"\x80\xaf")

    def poweron(self) -> None:
        self.i2c.writeto(self.addr, b"\x80\xaf")


@pytest.fixture(params=[1, 0], ids=["kitapi-driver", "micropython-lib-driver"])
def hw(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[object]:
    utime = types.SimpleNamespace(ticks_ms=lambda: 0, ticks_add=lambda a, b: a + b, ticks_diff=lambda a, b: a - b)
    monkeypatch.setitem(sys.modules, "utime", utime)
    monkeypatch.setitem(sys.modules, "umachine", types.SimpleNamespace())
    monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(const=lambda x: x))
    monkeypatch.setattr(Driver, "lazy", request.param)
    monkeypatch.setitem(sys.modules, "ssd1306", types.SimpleNamespace(SSD1306_I2C=Driver, LAZY=request.param))
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


def first_frame(hw) -> None:
    """The first ``show``: Kitapi's driver sends it whole (horizontal addressing), then page addressing and the
    panel on; micropython-lib's has sent a blank one, so only what differs, page addressing set first."""
    panel = hw.panel
    fb = hw.fb
    fb.buffer[0:8] = b"\xff" * 8
    panel.transfers.clear()
    hw.show()
    assert panel.on and panel.ram == fb.buffer and panel.mode == 2
    if hw.fb.lazy:
        assert panel.transfers == [13 + 1024, 6]  # (the window 0x21 0 127, 0x22 0 7; 0x20 2 and 0xAF)
    else:
        assert panel.transfers == [4, 7 + 8]  # (0x20 2; page 0's first 8 columns)


def test_the_panel_is_the_frame_after_every_show(hw) -> None:
    panel = hw.panel
    fb = hw.fb
    rng = random.Random(37)
    first_frame(hw)
    for _ in range(500):
        for _ in range(rng.choice((0, 1, 2, 3, 8))):
            text_row(fb.buffer, rng, rng.randrange(8))
        before = bytes(panel.ram)
        panel.runs.clear()
        hw.show()
        assert panel.ram == fb.buffer
        spans: dict[int, list[tuple[int, int]]] = {}
        for p, a, n in panel.runs:  # each span's first and last columns changed, in its page
            z = a + n - 1
            assert a + n <= 128
            assert before[p * 128 + a] != fb.buffer[p * 128 + a] and before[p * 128 + z] != fb.buffer[p * 128 + z]
            spans.setdefault(p, []).append((a, z))
        for p in range(8):  # every change sent; a block of 32 columns unchanged between two changes splits them
            k = p * 128
            changed = [x for x in range(128) if before[k + x] != fb.buffer[k + x]]
            sent = spans.get(p, [])
            assert all(any(a <= x <= z for a, z in sent) for x in changed)
            for a, z in sent:
                for b in range(a // 32 + 1, z // 32):
                    assert before[k + 32 * b : k + 32 * b + 32] != fb.buffer[k + 32 * b : k + 32 * b + 32]


def test_only_the_columns_that_changed_each_span_in_one_transfer(hw) -> None:
    panel = hw.panel
    fb = hw.fb
    first_frame(hw)
    panel.transfers.clear()
    panel.data = 0
    fb.buffer[1 * 128 + 2] = 0x7F  # page 1, column 2; page 2, columns 100-119: two spans, 1 and 20 bytes
    fb.buffer[2 * 128 + 100 : 2 * 128 + 120] = b"\x3c" * 20
    hw.show()
    assert panel.ram == fb.buffer
    assert panel.data == 21 and panel.transfers == [7 + 1, 7 + 20]  # (page addressing: 3 commands a span)
    panel.transfers.clear()
    panel.data = 0
    for p in (3, 4, 5):  # three pages: a span each
        fb.buffer[p * 128 + 10 : p * 128 + 60 + p] = bytes([p]) * (50 + p)
    hw.show()
    assert panel.ram == fb.buffer
    assert panel.transfers == [7 + 53, 7 + 54, 7 + 55] and panel.data == 53 + 54 + 55
    panel.transfers.clear()
    hw.show()  # nothing changed: nothing sent
    assert panel.transfers == []


def test_a_page_changed_at_both_ends_sends_two_spans(hw) -> None:
    """Columns 3-20 and 90-99 of page 6: columns 32-63 (a block of 4 cells) unchanged between them, two spans
    (18 + 10 bytes, where one would be 97); 3-20 and 40-50, no whole block between: one span."""
    panel = hw.panel
    fb = hw.fb
    first_frame(hw)
    k = 6 * 128

    def sent(*changes: tuple[int, int, bytes]) -> tuple[list[tuple[int, int, int]], list[int]]:
        """The spans and transfers of a frame that changes page 6 at each (first column, last column + 1, byte)."""
        panel.transfers.clear()
        panel.runs.clear()
        for a, z, b in changes:
            fb.buffer[k + a : k + z] = b * (z - a)
        hw.show()
        assert panel.ram == fb.buffer
        return panel.runs, panel.transfers

    runs, transfers = sent((3, 21, b"\x11"), (90, 100, b"\x22"))
    assert runs == [(6, 3, 18), (6, 90, 10)] and transfers == [7 + 18, 7 + 10]
    runs, transfers = sent((3, 21, b"\x33"), (40, 51, b"\x44"))
    assert runs == [(6, 3, 48)] and transfers == [7 + 48]


def test_the_first_frame_makes_no_views_and_loads_no_native_search(hw) -> None:
    """Kitapi's driver: the boot's first frame is sent whole and nothing else is made (the bytecode search's
    memoryviews took 5.5 ms of it on the pico-rig); kitapi.hw.fast is tried once, by the first key or the second
    frame (here: CPython, no viper, the bytecode search and its views)."""
    board_rp2 = sys.modules["kitapi.hw.board_rp2"]
    hw.fb.buffer[0] = 1
    hw.show()
    if hw.fb.lazy:
        assert hw._mv is None and hw._pv is None and not board_rp2._tried
    hw.fb.buffer[0] = 2
    hw.show()
    assert board_rp2._tried and board_rp2._spans is None and hw._pv is not None
    assert hw.panel.ram == hw.fb.buffer


def test_the_first_key_makes_the_search_ready_before_the_second_frame(hw) -> None:
    """The first ``key`` (after the boot's frame, before a key is pressed) loads kitapi.hw.fast or makes the bytecode
    search's views: the first key's frame does not pay for them (on CPython: no viper, the views)."""
    board_rp2 = sys.modules["kitapi.hw.board_rp2"]
    first_frame(hw)
    assert hw.key(0) == -1  # (no key down: -1 at once)
    assert board_rp2._tried and hw._pv is not None
    views = hw._pv
    hw.fb.buffer[200] = 9
    hw.show()
    assert hw._pv is views and hw.panel.ram == hw.fb.buffer
