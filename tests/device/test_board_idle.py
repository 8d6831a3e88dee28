"""RP2Hardware.key on CPython: how often the keypad is scanned and how the CPU sleeps between scans, on a fake clock.

The fakes: ``utime`` counts milliseconds that pass only in ``sleep_ms`` and ``machine.lightsleep``; a lightsleep
ends early when a key goes down while a column has an interrupt handler (as on rp2: micropython#7035; seen on the
pico-rig, hardware/power.md); ``time.sleep_ms`` does not (mp_hal_delay_ms sleeps on to its time).  The keypad is
a 4x4 matrix whose keys are held over scripted intervals.  The timings are the pico-rig's (tools/rig/awake.py).
"""

from __future__ import annotations

import binascii
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from kitapi.keys import LAYOUT, event_of


class Rig:
    """The fake clock, matrix and sleeps: ``presses`` are (down ms, up ms, key)."""

    def __init__(self, presses: list[tuple[int, int, str]] = ()) -> None:  # type: ignore[assignment]
        self.t = 0
        self.presses = list(presses)
        self.low = [False] * 4  # the rows driven low
        self.handlers: dict[int, object] = {}  # column -> its interrupt handler (display_power)
        self.naps: list[tuple[str, int, int]] = []  # (kind, asked ms, slept ms)
        self.scans = 0  # idle scans: column 0 read with every row low

    def held(self) -> set[str]:
        return {k for d, u, k in self.presses if d <= self.t < u}

    def column_low(self, c: int) -> bool:
        return any(self.low[i // 4] for i, ch in enumerate(LAYOUT) if i % 4 == c and ch in self.held())

    def lightsleep(self, ms: int) -> None:
        end = self.t + ms
        if self.handlers:  # a falling column ends it: the first press inside the sleep
            downs = [d for d, _, _ in self.presses if self.t < d <= end]
            if downs:
                end = min(downs)
        self.naps.append(("light", ms, end - self.t))
        self.t = end

    def sleep_ms(self, ms: int) -> None:
        self.naps.append(("sleep", ms, ms))
        self.t += ms


class Row:
    def __init__(self, rig: Rig, r: int) -> None:
        self.rig, self.r = rig, r

    def __call__(self, v: int) -> None:
        self.rig.low[self.r] = not v


class Col:
    IRQ_FALLING = 2

    def __init__(self, rig: Rig, c: int) -> None:
        self.rig, self.c = rig, c

    def __call__(self) -> int:
        if self.c == 0 and all(self.rig.low):
            self.rig.scans += 1
        return 0 if self.rig.column_low(self.c) else 1

    def irq(self, handler: object, trigger: int = 0) -> None:
        if handler is None:
            self.rig.handlers.pop(self.c, None)
        else:
            assert trigger == self.IRQ_FALLING
            self.rig.handlers[self.c] = handler


class Panel:
    def __init__(self, *args: object) -> None:
        self.buffer = bytearray(1024)
        self.on = True

    def poweron(self) -> None:
        self.on = True

    def poweroff(self) -> None:
        self.on = False


class I2C:
    def scan(self) -> list[int]:
        return [0x3C]


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[object]:
    """A maker of RP2Hardware objects on a Rig: ``board(rig, usb)``."""

    def make(rig: Rig, usb: int = 0) -> object:
        utime = types.SimpleNamespace(
            ticks_ms=lambda: rig.t,
            ticks_add=lambda a, b: a + b,
            ticks_diff=lambda a, b: a - b,
            sleep_ms=rig.sleep_ms,
        )
        monkeypatch.setitem(sys.modules, "utime", utime)
        monkeypatch.setitem(sys.modules, "umachine", types.SimpleNamespace(lightsleep=rig.lightsleep))
        monkeypatch.setitem(sys.modules, "micropython", types.SimpleNamespace(const=lambda x: x))
        monkeypatch.setitem(sys.modules, "ssd1306", types.SimpleNamespace(SSD1306_I2C=Panel))
        monkeypatch.setitem(sys.modules, "ubinascii", binascii)
        monkeypatch.setitem(sys.modules, "uos", os)
        monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2", raising=False)
        from kitapi.hw.board_rp2 import RP2Hardware

        rows = [Row(rig, r) for r in range(4)]
        cols = [Col(rig, c) for c in range(4)]
        return RP2Hardware("pico", I2C(), 0x3C, rows, cols, vbus=lambda: usb, scan_ms=5, root=str(tmp_path))

    yield make
    monkeypatch.delitem(sys.modules, "kitapi.hw.board_rp2", raising=False)


def test_with_the_display_off_on_batteries_the_keypad_is_scanned_four_times_a_second_in_lightsleep(board) -> None:
    """The display off and no USB: lightsleeps of 250 ms (each one's wake-up cost 1.35 ms of CPU on the rig, so
    5 ms apart kept the CPU awake half the time); display on, or USB power seen: sleep_ms, a scan every 5 ms."""
    rig = Rig()
    hw = board(rig)
    hw.display_power(False)
    assert hw.key(10_000) == -1 and rig.t == 10_000
    assert {k for k, _, _ in rig.naps} == {"light"}
    assert 39 <= len(rig.naps) <= 41 and 39 <= rig.scans <= 42, (len(rig.naps), rig.scans)
    assert sorted(rig.handlers) == [0, 1, 2, 3]  # a key's edge ends the sleep
    hw.display_power(True)
    assert rig.handlers == {}
    rig.naps.clear()
    rig.scans = 0
    assert hw.key(1_000) == -1
    assert {k for k, _, _ in rig.naps} == {"sleep"} and 199 <= rig.scans <= 201, rig.scans
    rig = Rig()
    hw = board(rig, usb=1)  # on USB: lightsleep stays away from the link, and sleep_ms is not ended by an edge
    hw.display_power(False)
    assert hw.key(1_000) == -1
    assert {k for k, _, _ in rig.naps} == {"sleep"} and 199 <= rig.scans <= 201, rig.scans


@pytest.mark.parametrize("down", [1, 249, 250, 1234, 5003])
def test_a_short_tap_while_the_display_is_off_ends_the_lightsleep_and_is_seen(board, down: int) -> None:
    """A 30 ms tap, much shorter than the 250 ms between scans: its edge ends the lightsleep, the keypad is
    scanned at once and 5 ms later, and the key's event comes within 10 ms of the press; then 250 ms again."""
    rig = Rig([(down, down + 30, "5")])
    hw = board(rig)
    hw.long_keys = b""  # (as the app sets it: no key of this screen has a long meaning, each acts on its press)
    hw.display_power(False)
    assert hw.key(None) == event_of("5")
    assert down + 5 <= rig.t <= down + 10, rig.t
    light = [n for n in rig.naps if n[0] == "light"]
    assert len(light) <= down // 250 + 3  # slept in 250 ms naps until the edge, not 5 ms ones
    rig.naps.clear()
    assert hw.key(2_000) == -1  # the release debounced, then back to the slow scans
    assert len(rig.naps) <= 2_000 // 250 + 8, rig.naps


def test_a_key_held_across_the_wake_is_one_event_and_the_next_key_too(board) -> None:
    """A key already down at the wake is debounced at the 5 ms period; a second key after its release is its
    own event (nothing lost, nothing doubled)."""
    rig = Rig([(600, 800, "8"), (900, 950, "#")])
    hw = board(rig)
    hw.long_keys = b""
    hw.display_power(False)
    assert hw.key(None) == event_of("8")
    assert hw.key(None) == event_of("#")
    assert 905 <= rig.t <= 910
    # 250 ms naps to the first edge, 5 ms ones while "8" is down and its release is debounced (about 42), one
    # to the next edge (5 ms naps all along would be 180)
    assert len(rig.naps) <= 3 + 45 + 2, len(rig.naps)
    assert hw.key(1_000) == -1
