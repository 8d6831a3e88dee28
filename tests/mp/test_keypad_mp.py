# kitapi.hw.keypad under MicroPython: the timelines of tests/device/test_keypad.py on a fake
# 4x4 matrix, the ticks counter wrapping around, and no allocation in scan().
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_keypad_mp.py
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
# Uses only gc, sys and time.  The fake pins allocate nothing either (bytearrays and
# small ints), so every byte the allocation checks see would be the keypad's.
import gc
import sys
import time

try:
    from kitapi.hw.keypad import LONG_MS, QUEUE, Keypad
    from kitapi.keys import LAYOUT, LONG, event_of
except ImportError as e:
    print("FAIL cannot import kitapi.hw.keypad: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

PERIOD = 20  # ms between scans

passed = 0
failed = 0


def fail(why):
    global failed
    failed += 1
    print("FAIL " + why)


def check(name, got, want):
    global passed
    if got == want:
        passed += 1
    else:
        fail("%s: got %r, expected %r" % (name, got, want))


class Matrix:
    """A 4x4 key matrix: a column reads 0 when a pressed key joins it to a row driven low."""

    def __init__(self):
        self.low = bytearray(4)  # 1: the row is driven low
        self.down = bytearray(16)  # 1: the key (row * 4 + column) is pressed

    def press(self, chars):
        for i in range(16):
            self.down[i] = 0
        for ch in chars:
            self.down[LAYOUT.find(ch)] = 1


class Row:
    def __init__(self, m, r):
        self.m = m
        self.r = r

    def value(self, v):
        self.m.low[self.r] = 0 if v else 1


class Col:
    def __init__(self, m, c):
        self.m = m
        self.c = c

    def value(self):
        m = self.m
        for r in range(4):
            if m.low[r] and m.down[r * 4 + self.c]:
                return 0
        return 1


def make(long_ms=LONG_MS):
    m = Matrix()
    return m, Keypad([Row(m, r) for r in range(4)], [Col(m, c) for c in range(4)], long_ms)


def run(script, end, kp=None, m=None, drain=True, t0=0):
    """Scan every PERIOD ms from ``t0`` for ``end`` ms; ``script`` maps a time (from t0) to the keys held.

    Returns [(time from t0, event)], each event with the time of the scan that sent it.
    """
    if kp is None:
        m, kp = make()
    out = []
    for t in range(0, end + 1, PERIOD):
        if t in script:
            m.press(script[t])
        kp.scan(time.ticks_add(t0, t))
        while drain:
            ev = kp.get()
            if ev < 0:
                break
            out.append((t, ev))
    return out


def drain(kp):
    got = []
    while True:
        ev = kp.get()
        if ev < 0:
            return got
        got.append(ev)


def timelines():
    check("constants", (LONG, LONG_MS, QUEUE), (16, 600, 16))
    check("one press", run({0: "5", 200: ""}, 1000), [(220, 5)])
    check("every key", [run({100: ch, 200: ""}, 600) for ch in LAYOUT], [[(220, event_of(ch))] for ch in LAYOUT])
    check("idle", run({}, 2000), [])
    check("glitch", run({100: "7", 120: ""}, 1000), [])
    check("bounce on press", run({100: "3", 120: "", 140: "3", 300: ""}, 1000), [(320, 3)])
    check("bounce on release", run({100: "8", 300: "", 320: "8", 340: "", 360: "8", 380: ""}, 1000), [(400, 8)])
    check("two presses", run({0: "1", 100: "", 200: "#", 300: ""}, 600), [(120, 1), (320, 15)])
    check("long", run({0: "*", 2000: ""}, 3000), [(600, 14 | LONG)])
    check("long from first sight", run({100: "A", 1000: ""}, 1200), [(700, 10 | LONG)])
    check("just under long", run({0: "0", 600: ""}, 1000), [(620, 0)])
    check("just long", run({0: "0", 620: ""}, 1000), [(600, LONG)])
    check("bounce in a hold", run({0: "6", 300: "", 320: "6", 1500: ""}, 2000), [(600, 6 | LONG)])
    check("bounce at long time", run({0: "6", 600: "", 620: "6", 1500: ""}, 2000), [(620, 6 | LONG)])
    check("long twice", run({0: "2", 700: "", 1000: "2", 1700: ""}, 2000), [(600, 2 | LONG), (1600, 2 | LONG)])
    check("chord", run({100: "14", 300: ""}, 1000), [])
    check("chord held", run({100: "58", 1500: ""}, 2000), [])
    check("roll-over", run({100: "1", 200: "12", 300: "2", 400: ""}, 1000), [])
    check("roll-over held", run({100: "1", 200: "12", 300: "2", 1500: ""}, 2000), [])
    check("chord glitch", run({100: "4", 200: "47", 220: "4", 300: ""}, 1000), [(320, 4)])
    check("key replaced: a new press", run({100: "3", 200: "6", 300: ""}, 1000), [(220, 3), (320, 6)])
    check("after a chord", run({100: "12", 200: "", 300: "9", 400: ""}, 1000), [(420, 9)])
    check("long then chord", run({0: "B", 700: "BC", 800: "C", 900: ""}, 1200), [(600, 11 | LONG)])

    m, kp = make(1000)
    check("long_ms 1000, short", run({0: "5", 800: ""}, 1000, kp, m), [(820, 5)])
    check("long_ms 1000, long", run({0: "5", 1100: ""}, 1200, kp, m), [(1000, 5 | LONG)])

    # callables instead of objects with .value
    m = Matrix()
    kp = Keypad([Row(m, r).value for r in range(4)], [Col(m, c).value for c in range(4)])
    check("callable pins", run({0: "C", 100: ""}, 200, kp, m), [(120, 12)])

    try:
        Keypad([Row(m, r) for r in range(3)], [Col(m, c) for c in range(4)])
        fail("3x4 pins for 16 keys: no ValueError")
    except ValueError:
        check("size mismatch", True, True)


def queue():
    m, kp = make()
    script = {}
    presses = [LAYOUT[i % 16] for i in range(QUEUE + 4)]
    for i in range(len(presses)):
        script[100 * i] = presses[i]
        script[100 * i + 40] = ""
    run(script, 100 * len(presses), kp, m, drain=False)
    check("full queue keeps the oldest", drain(kp), [event_of(ch) for ch in presses[:QUEUE]])
    check("full queue counts the dropped", kp.dropped, 4)
    check("queue after overflow", run({0: "D", 100: ""}, 300, kp, m), [(120, 13)])

    m, kp = make()
    t = 0
    seen = []
    n = 3 * QUEUE + 5
    for i in range(n):
        ch = LAYOUT[i % 16]
        for held in (ch, ch, "", ""):
            m.press(held)
            kp.scan(t)
            t += PERIOD
        if i % 3 == 2:
            seen += drain(kp)
    seen += drain(kp)
    check("queue wraps around", seen, [event_of(LAYOUT[i % 16]) for i in range(n)])

    run({0: "1", 100: "", 200: "2", 300: ""}, 400, kp, m, drain=False)
    kp.clear()
    check("clear", (kp.get(), run({0: "3", 100: ""}, 200, kp, m)), (-1, [(120, 3)]))


def wrap():
    # ticks_ms values just before the counter wraps: the hold time still counts right
    t0 = time.ticks_add(0, -300)
    check("press across the wrap", run({0: "4", 500: ""}, 800, t0=t0), [(520, 4)])
    check("long across the wrap", run({0: "4", 1000: ""}, 1200, t0=t0), [(600, 4 | LONG)])
    m, kp = make()
    kp.long_keys = b""  # acting on the press: the first scan that sees a key, across the wrap too
    check("press across the wrap", run({0: "1", 100: "", 300: "2", 400: ""}, 600, kp, m, t0=t0), [(0, 1), (300, 2)])


def step(kp, m, i, t):
    """Scan ``i`` of a busy script: every 97 scans a short press with a bounce, a chord, a long press."""
    k = i % 97
    down = m.down
    if k == 3 or k == 6 or k == 60:
        down[5] = 1  # "5" down (at 6: back down after a one-scan bounce)
    elif k == 5 or k == 10 or k == 95:
        down[5] = 0  # the bounce; the short press released; the long press released
    elif k == 20:
        down[9] = 1
    elif k == 22:
        down[10] = 1  # "8" and "9": a chord
    elif k == 25:
        down[9] = 0
        down[10] = 0
    kp.scan(t)
    return time.ticks_add(t, PERIOD)


def busy(kp, m, n, t):
    """``n`` scans of the busy script from ``t``, reading (and dropping) the events."""
    for i in range(n):
        t = step(kp, m, i, t)
        kp.get()
    return t


def allocation():
    m, kp = make()
    t = time.ticks_add(0, -50000)  # the 10,000 scans cross the ticks wrap
    t = busy(kp, m, 200, t)  # warm up
    kp.dropped = 0
    # As the brief words it: after gc.collect(), the heap in use does not grow.
    gc.collect()
    before = gc.mem_alloc()
    t = busy(kp, m, 10000, t)
    gc.collect()
    check("heap in use after 10,000 scans (collected)", gc.mem_alloc() - before, 0)
    # Stricter: with the collector off, not one byte is allocated, garbage included.
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        t = busy(kp, m, 10000, t)
        after = gc.mem_alloc()
    finally:
        gc.enable()
    check("bytes allocated by 10,000 scans", after - before, 0)
    # the busy script does produce events: each turn a short press and a long one
    m, kp = make()
    events = []
    t = 0
    for i in range(2 * 97):
        t = step(kp, m, i, t)
        ev = kp.get()
        if ev >= 0:
            events.append(ev)
    check("busy script events", events, [5, 5 | LONG] * 2)


def main():
    for part in (timelines, queue, wrap, allocation):
        try:
            part()
        except Exception as e:
            fail("%s: crash: %s: %s" % (part.__name__, type(e).__name__, e))
    print("%d passed, %d failed" % (passed, failed))
    if failed or not passed:
        sys.exit(1)


main()
