# kitapi.hw.board_rp2's key loop (RP2Hardware.key) under MicroPython: the CPU in machine.lightsleep while no key
# is down, the display on or off, a key's edge ending the sleep; a burst of 10 keys 30 ms apart, each wake-up
# costing 5 ms and the app 20 ms a key, loses none.  The same code the Pico runs, on the unix port, with fake
# umachine (lightsleep), utime (a clock that moves only in the sleeps), ssd1306 and pins put in sys.modules
# before it is imported (tests/device/test_board_idle.py runs the same on CPython, with more cases).
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_board_idle_mp.py
import sys

from kitapi.keys import LAYOUT, event_of

passed = 0
failed = 0


def check(name, got, want):
    global passed, failed
    if got == want:
        passed += 1
    else:
        failed += 1
        print("FAIL %s: got %r, expected %r" % (name, got, want))


class Rig:
    """The clock, the matrix and the sleeps: ``presses`` are (down ms, up ms, key)."""

    def __init__(self, presses, wake=0):
        self.t = 0
        self.presses = presses
        self.wake = wake
        self.low = [False] * 4
        self.handlers = {}
        self.naps = []  # (kind, slept ms)

    def held(self):
        return [k for d, u, k in self.presses if d <= self.t < u]

    def lightsleep(self, ms):
        end = self.t + ms
        if self.handlers:  # a column falling (a press: every row rests low) ends it
            for p in self.presses:
                d = p[0]
                if self.t < d <= end:
                    end = d
        self.naps.append(("light", end - self.t))
        self.t = end + self.wake

    def sleep_ms(self, ms):
        self.naps.append(("sleep", ms))
        self.t += ms


class Row:
    def __init__(self, rig, r):
        self.rig = rig
        self.r = r

    def __call__(self, v):
        self.rig.low[self.r] = not v


class Col:
    IRQ_FALLING = 2

    def __init__(self, rig, c):
        self.rig = rig
        self.c = c

    def __call__(self):
        rig = self.rig
        for k in rig.held():
            i = LAYOUT.find(k)
            if i % 4 == self.c and rig.low[i // 4]:
                return 0
        return 1

    def irq(self, handler, trigger=0):
        if handler is None:
            self.rig.handlers.pop(self.c, None)
        else:
            self.rig.handlers[self.c] = handler


class Panel:
    def __init__(self, *args):
        self.buffer = bytearray(1024)

    def poweron(self):
        pass

    def poweroff(self):
        pass


class I2C:
    def scan(self):  # (what the board asked before issue 37)
        return [0x3C]


class NS:
    pass


def board(rig, usb=0):
    utime = NS()
    utime.ticks_ms = lambda: rig.t
    utime.ticks_add = lambda a, b: a + b
    utime.ticks_diff = lambda a, b: a - b
    utime.sleep_ms = rig.sleep_ms
    utime.gmtime = lambda t=0: (2000, 1, 1, 0, 0, 0, 5, 1)
    umachine = NS()
    umachine.lightsleep = rig.lightsleep
    drv = NS()
    drv.SSD1306_I2C = Panel
    sys.modules["utime"] = utime
    sys.modules["umachine"] = umachine
    sys.modules["ssd1306"] = drv
    sys.modules.pop("kitapi.hw.board_rp2", None)
    from kitapi.hw.board_rp2 import RP2Hardware

    return RP2Hardware(
        "pico", I2C(), 0x3C, [Row(rig, r) for r in range(4)], [Col(rig, c) for c in range(4)],
        vbus=lambda: usb, scan_ms=5, root="/tmp",
    )  # fmt: skip


for on in (True, False):
    rig = Rig([(1234, 1264, "5")])
    hw = board(rig)
    hw.long_keys = b""
    hw.display_power(on)
    check("asleep to the edge, display %d" % on, hw.key(None), event_of("5"))
    check("the event at the edge's scan, display %d" % on, rig.t, 1234)  # (the leading edge: it acts on its press)
    check("one lightsleep to the edge, display %d" % on, [k for k, _ in rig.naps], ["light"])
    rig.naps = []
    t0 = rig.t
    check("no key: -1 at the timeout", (hw.key(10000), rig.t - t0), (-1, 10000))
    check("the release debounced, then one lightsleep", [k for k, _ in rig.naps if k == "light"], ["light"])

    keys = "1234567890"
    rig = Rig([(500 + 30 * i, 515 + 30 * i, k) for i, k in enumerate(keys)], wake=5)
    hw = board(rig)
    hw.long_keys = b""
    hw.display_power(on)
    got = []
    while True:
        ev = hw.key(1000)
        if ev < 0:
            break
        got.append(ev)
        rig.t += 20  # the app's frame: no scan
    check("a burst of 10 keys 30 ms apart, display %d" % on, got, [event_of(k) for k in keys])
    check("none dropped", hw.keypad.dropped, 0)

rig = Rig([(100, 300, "7")])
hw = board(rig, usb=1)
hw.long_keys = b""
check("on USB power: the key still comes", hw.key(1000), event_of("7"))
check("on USB power: no lightsleep", "light" in [k for k, _ in rig.naps], False)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
