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

    def __init__(self, presses: list[tuple[int, int, str]] = (), wake: int = 0) -> None:  # type: ignore[assignment]
        self.t = 0
        self.wake = wake  # the CPU time a lightsleep's wake-up takes (ms)
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
        self.t = end + self.wake

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


def test_the_keypad_is_made_by_the_first_key_asked_for_not_by_the_boot(board, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's ``hw`` (made before the boot's first frame) imports no keypad module and drives no row: the
    first ``key`` makes the keypad (kitapi.hw.keypad and kitapi.keys: 6-10 ms of the boot on the pico-rig, after
    the first frame now); a key already down then is seen by its first scan, and the rows rest low after it."""
    monkeypatch.delitem(sys.modules, "kitapi.hw.keypad", raising=False)
    rig = Rig([(0, 100, "7")])
    hw = board(rig)
    assert hw.keypad is None and "kitapi.hw.keypad" not in sys.modules and not any(rig.low)
    hw.long_keys = b""
    assert hw.key(1_000) == event_of("7")
    assert hw.keypad is not None and "kitapi.hw.keypad" in sys.modules and all(rig.low)
    assert hw.key(1_000) == -1


@pytest.mark.parametrize("on", [True, False])
def test_on_batteries_the_cpu_lightsleeps_while_no_key_is_down_with_the_display_on_or_off(board, on: bool) -> None:
    """No key down and no USB: one lightsleep to the timeout, the keypad read once before and once after it (no
    scan at a fixed rate), whether the display is on or off; a wait without a limit wakes every 10 minutes."""
    rig = Rig()
    hw = board(rig)
    assert sorted(rig.handlers) == [0, 1, 2, 3]  # a key's edge ends the sleep, the display on or off
    hw.display_power(on)
    assert hw.key(10_000) == -1 and rig.t == 10_000
    assert rig.naps == [("light", 10_000, 10_000)], rig.naps
    assert rig.scans <= 3, rig.scans
    rig.naps.clear()
    assert hw.key(3_600_000) == -1 and rig.t == 3_610_000
    assert [n[0] for n in rig.naps] == ["light"] * 6 and rig.scans <= 20, (rig.naps, rig.scans)


def test_on_usb_power_the_keypad_is_scanned_every_5_ms_in_sleep_ms(board) -> None:
    """USB power seen (a sync, a deploy, kitapi doctor): lightsleep stays away from the link, the display on or off."""
    rig = Rig()
    hw = board(rig, usb=1)
    for on in (True, False):
        hw.display_power(on)
        rig.naps.clear()
        rig.scans = 0
        assert hw.key(1_000) == -1
        assert {k for k, _, _ in rig.naps} == {"sleep"} and 199 <= rig.scans <= 201, rig.scans


@pytest.mark.parametrize("on", [True, False])
@pytest.mark.parametrize("down", [1, 249, 250, 1234, 5003])
def test_a_short_tap_ends_the_lightsleep_and_is_seen(board, down: int, on: bool) -> None:
    """A 30 ms tap: its edge ends the lightsleep (the display on or off), the keypad is scanned at once, and the
    key's event comes from that scan (the leading edge: it acts on its press); then one lightsleep again."""
    rig = Rig([(down, down + 30, "5")])
    hw = board(rig)
    hw.long_keys = b""  # (as the app sets it: no key of this screen has a long meaning, each acts on its press)
    hw.display_power(on)
    assert hw.key(None) == event_of("5")
    assert rig.t == down, rig.t
    assert [n[0] for n in rig.naps].count("light") == 1, rig.naps  # slept to the edge
    rig.naps.clear()
    assert hw.key(2_000) == -1  # the release debounced (5 ms naps), then asleep to the timeout
    assert [n[0] for n in rig.naps][-1] == "light" and len(rig.naps) <= 30 // 5 + 4, rig.naps


def test_a_key_held_across_the_wake_is_one_event_and_the_next_key_too(board) -> None:
    """A key already down at the wake is debounced at the 5 ms period; a second key after its release is its
    own event (nothing lost, nothing doubled)."""
    rig = Rig([(600, 800, "8"), (900, 950, "#")])
    hw = board(rig)
    hw.long_keys = b""
    hw.display_power(False)
    assert hw.key(None) == event_of("8")
    assert hw.key(None) == event_of("#")
    assert rig.t == 900  # (the scan at its edge)
    # a lightsleep to the first edge, 5 ms naps while "8" is down and its release is debounced (about 42), one
    # to the next edge (5 ms naps all along would be 180)
    assert len(rig.naps) <= 2 + 45 + 2, len(rig.naps)
    assert hw.key(1_000) == -1


@pytest.mark.parametrize("wake", [0, 1, 2])
def test_a_bouncing_tap_is_one_event_at_its_first_edge(board, wake: int) -> None:
    """A contact that bounces for 4 ms at its press and at its release (each bounce an edge that ends a lightsleep,
    each wake-up costing ``wake`` ms): one event, from the scan right after the first edge, then none until the
    next key, which counts at its own first edge."""
    bounces = [(100, 101, "5"), (102, 103, "5"), (104, 160, "5"), (161, 162, "5"), (163, 164, "5")]
    rig = Rig([*bounces, (300, 340, "6"), (341, 342, "6")], wake=wake)
    hw = board(rig)
    hw.long_keys = b""
    assert hw.key(None) == event_of("5")
    assert 100 + wake <= rig.t <= 104 + wake, rig.t  # (a wake-up that ends in a bounce's open contact: the next)
    assert hw.key(None) == event_of("6")
    assert rig.t == 300 + wake, rig.t
    assert hw.key(1_000) == -1 and hw.keypad.dropped == 0


@pytest.mark.parametrize("on", [True, False])
def test_a_burst_of_10_keys_30_ms_apart_loses_none(board, on: bool) -> None:
    """Keys faster than the wake-up: 10 presses of 15 ms, 30 ms apart, each lightsleep's wake-up costing 5 ms (the
    rig's worst) and the app 20 ms a key (its frame): every key comes, in order, once."""
    keys = "1234567890"
    rig = Rig([(500 + 30 * i, 515 + 30 * i, k) for i, k in enumerate(keys)], wake=5)
    hw = board(rig)
    hw.long_keys = b""
    hw.display_power(on)
    got = []
    while True:
        ev = hw.key(1_000)
        if ev < 0:
            break
        got.append(ev)
        rig.t += 20  # the app at work: no scan
    assert got == [event_of(k) for k in keys] and hw.keypad.dropped == 0
    assert [n[0] for n in rig.naps][-1] == "light"


def test_a_long_press_and_its_release_on_batteries(board) -> None:
    """A key with a long meaning held 700 ms: its long event at 600 ms (scans every 5 ms while it is down), nothing
    at the release, then asleep again."""
    rig = Rig([(100, 800, "*")])
    hw = board(rig)
    hw.long_keys = bytes([event_of("*")])
    assert hw.key(None) == event_of("*") | 16
    assert 700 <= rig.t <= 710, rig.t
    rig.naps.clear()
    assert hw.key(2_000) == -1
    assert [n[0] for n in rig.naps][-1] == "light"
