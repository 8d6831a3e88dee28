# Board "sim": the MicroPython unix port, driven by `kitapi sim` on the PC.
#
# No wiring: the display and the keypad are lines of text on stdin and stdout
# (docs/firmware.md, "The simulator's board"; docs/simulator.md):
#
#   sim -> PC   W <p0> <p1>           before F: a window of pages p0-p1 sent to the panel, as on
#                                     the device (kitapi.hw.oled: only the pages that changed), its
#                                     128 bytes a page following the line as they are
#               F                     a frame: the 1024 bytes of hw.fb (hw.show()) follow the line
#               P 0 / P 1             the display went off / on
#               C <v>                 the contrast changed
#               X <x> <y> <text>      with KITAPI_SIM_TEXT=1: a text drawn, as it is drawn
#                                     (the PC gathers them until the next F)
#               R                     hw.key() is asleep (lightsleep, as on the Pico) and about to read a
#                                     line: the app is idle
#               S <n> <k> <on>        the answer to s: lightsleeps so far, those a key ended, display on
#               Z <ms>                hw.reset(): the process ends, and the PC starts it again
#                                     (a soft reset: a fresh heap) with the virtual clock at <ms>
#   PC -> sim   k <event>             a key event (0-15, + 16 for a long press)
#   PC -> sim   t <ms>                time passes with no key (the virtual clock)
#   PC -> sim   q                     hw.key() raises SystemExit (so does end of input)
#   PC -> sim   m                     collect garbage, answer M <bytes allocated> <bytes free>
#   PC -> sim   s                     answer S (the sleeps, for the tests)
#   PC -> sim   x                     hw.key() raises RuntimeError: a fault, to test the crash handling
#
# Settings from the environment (set by `kitapi sim`):
#   KITAPI_SIM_DATA      the folder for the app's files (hw.root); required
#   KITAPI_SIM_BATTERY   hw.battery_mv(), default 4000
#   KITAPI_SIM_TEXT      "1": the board has hw.trace_text() and sends X lines
#   KITAPI_SIM_NOW       the virtual clock at the start, in ms (after a hw.reset()), default 0

import os
import sys
from binascii import crc32

import framebuf
from micropython import const

WIDTH = const(128)
HEIGHT = const(64)
FB_BYTES = const(1024)  # WIDTH * HEIGHT // 8, MONO_VLSB
TICKS_MASK = const(0x3FFFFFFF)  # time.ticks_ms() wraps at 2**30 on MicroPython
# hw.time() at virtual time 0: 2026-11-21 20:00:00 UTC (a Saturday evening)
START_EPOCH = 1795291200
BATTERY_MV = 4000

_HEX = b"0123456789abcdef"  # (the hex digits the frames went out in: kept with SimHW._hex, the heap as measured)
_K = const(107)  # ord("k")
_T = const(116)  # ord("t")
_Q = const(113)  # ord("q")
_M = const(109)  # ord("m")
_X = const(120)  # ord("x")
_H = const(104)  # ord("h")
_I = const(105)  # ord("i")
_S = const(115)  # ord("s")
_LONGEST_MS = const(600000)  # the longest lightsleep, as kitapi.hw.board_rp2's: a wait without a limit wakes
# every 10 minutes (of the virtual clock)


def _num(line):
    # the number after "k " or "t ", without allocating
    n = 0
    for i in range(2, len(line)):
        c = line[i]
        if 48 <= c <= 57:
            n = n * 10 + c - 48
        elif c != 13 and c != 10 and c != 32:
            raise ValueError("sim: bad input line")
    return n


class SimHW:
    name = "sim"

    def __init__(self, root, battery_mv):
        self.root = root
        self._battery = battery_mv
        self._buf = bytearray(FB_BYTES)
        self.fb = framebuf.FrameBuffer(self._buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        # The 256 bytes that held a page's hex digits when the frames went out as hex (the device has no such
        # buffer): kept, so that the app's heap in the tests and the bench is the one measured with them
        self._hex = bytearray(256)
        self.state = [-1] * 8  # the CRC of each page as the panel has it (kitapi.hw.oled; a name interned anyway)
        self._now = int(os.getenv("KITAPI_SIM_NOW") or 0)  # virtual milliseconds since the first boot
        self._pending = 0  # time from a "t" line not yet spent by a sleep; < 0: -1 - the key that ended the last
        # sleep, not yet taken by key() (the keypad's; one attribute less: the 32 KB boot tests' heap)
        self.count = 0  # lightsleeps (each R line is written from one), + 1 << 24 for each a key ended
        self._on = True
        self._contrast = 255
        # (the unix port's sys.stdout.buffer is unbuffered: each write is out at once, no flush needed; a bound
        # flush here took the heap the lightsleep below costs)
        self._write = sys.stdout.buffer.write
        self._readline = sys.stdin.buffer.readline

    def _page(self, p):
        # page p of the frame, out as it is (as hex digits, made a byte at a time, the frames were most of the
        # simulated box's time for each key)
        self._write(memoryview(self._buf)[p << 7 : (p + 1) << 7])

    def show(self):
        # before the frame, the windows the device would send (kitapi.hw.board_rp2's show): which pages
        # changed is kitapi.hw.oled.changed's answer, written out here (a module costs the heap ~0.5 KB)
        sums = self.state
        mv = memoryview(self._buf)
        m = 0
        for p in range(8):
            c = crc32(mv[p << 7 : (p + 1) << 7]) & 0x3FFFFFFF
            if c != sums[p]:
                sums[p] = c
                m |= 1 << p
        write = self._write
        p = 0
        while m:
            if m & 1:
                q = p
                while m & 2:
                    m >>= 1
                    q += 1
                write(b"W %d %d\n" % (p, q))  # (the window's bytes follow the line)
                for k in range(p, q + 1):
                    self._page(k)
                p = q
            m >>= 1
            p += 1
        write(b"F\n")  # (the frame's bytes follow the line)
        for k in range(8):
            self._page(k)

    def display_power(self, on):
        on = bool(on)
        if on != self._on:
            self._on = on
            self._write(b"P 1\n" if on else b"P 0\n")

    def contrast(self, v):
        v = max(0, min(255, int(v)))
        if v != self._contrast:
            self._contrast = v
            self._write(b"C %d\n" % v)

    def key(self, timeout_ms):
        # The Pico's wait (kitapi.hw.board_rp2, RP2Hardware.key on batteries with no key down): asleep in
        # lightsleep until the timeout or a key's edge, and the key looked at after each wake-up.
        # timeout_ms 0 is a poll: the PC sends nothing while the app is busy, so no key
        # is ever queued.  None or < 0: no timeout.
        forever = timeout_ms is None or timeout_ms < 0
        start = self._now
        while True:
            ev = self._pending
            if ev < 0:
                self._pending = 0
                return -1 - ev
            left = _LONGEST_MS
            if not forever:
                left = int(timeout_ms) - (self._now - start)
                if left <= 0:
                    return -1
            self.lightsleep(left if left < _LONGEST_MS else _LONGEST_MS)

    def lightsleep(self, ms):
        # machine.lightsleep(ms) as the Pico sleeps in it: the CPU stopped (here blocked reading stdin: no CPU time)
        # until ms pass on the virtual clock ("t" lines) or a key's edge wakes it (a "k" line: the key is then
        # the keypad's, in self._pending).  Counted: the sleeps, and those a key ended (the "s" line's answer).
        self.count += 1
        pending = self._pending
        if pending > 0:
            # a "t" line that outlasted the previous sleep goes on passing
            if pending >= ms:
                self._now += ms
                self._pending = pending - ms
                return
            self._now += pending
            self._pending = 0
            ms -= pending
        write = self._write
        readline = self._readline
        while True:
            write(b"R\n")
            line = readline()
            if not line:
                raise SystemExit
            c = line[0]
            if c == _K:
                self._pending = -1 - _num(line)
                self.count += 1 << 24
                return
            if c == _T:
                t = _num(line)
                if t < ms:
                    self._now += t
                    ms -= t
                else:
                    self._now += ms
                    self._pending = t - ms
                    return
            elif c == _S:  # "s": the sleeps, those a key ended, the display on (1) or off, for the tests
                n = self.count
                write(b"S %d %d %d\n" % (n & 0xFFFFFF, n >> 24, self._on))
            elif c == _Q:
                raise SystemExit
            elif c == _X:  # a fault injected by the PC: the crash handling's test
                raise RuntimeError("sim: a fault injected by the PC")
            elif c == _M:  # the heap after a collection, for the memory tests and kitapi bench
                import gc

                gc.collect()
                write(b"M %d %d\n" % (gc.mem_alloc(), gc.mem_free()))
            elif c == _I:  # "i": the heap's blocks and the interned names (their count; "i 1": each one), for
                import micropython  # the heap tests and for finding where the heap goes (docs/figures.md)

                micropython.mem_info()
                micropython.qstr_info(_num(line) if len(line) > 2 else 0)
            elif c == _H:  # "h N": the heap held until N bytes are left free, till the next reset: a heap a
                import gc  # long evening has cut up, for the tests of what the box does short of heap

                gc.collect()
                n = _num(line)
                held = None
                for size in (1024, 128, 16):  # big pieces, then the gaps between them (a chain: no list to grow)
                    try:
                        while gc.mem_free() > n + size:
                            held = (held, bytearray(size))
                    except MemoryError:
                        pass
                self._held = held
            elif c != 10 and c != 13:
                raise ValueError("sim: bad input line")

    def ticks_ms(self):
        return self._now & TICKS_MASK

    def reset(self):
        # a soft reset (machine.soft_reset() on a Pico): the PC starts the process again
        self._write(b"Z %d\n" % self._now)
        raise SystemExit

    def time(self):
        return START_EPOCH + self._now // 1000

    def battery_mv(self):
        return self._battery


class SimTextHW(SimHW):
    # With KITAPI_SIM_TEXT=1 (kitapi sim --text): the app's text helper reports each
    # text it draws, sent at once as a line "X <x> <y> <text>"; the PC gathers them
    # until the frame.  Nothing is kept here: the device's heap stays as it would be.

    def trace_text(self, x, y, s):
        self._write(b"X %d %d " % (x, y))
        self._write(s.encode())
        self._write(b"\n")


def make():
    root = os.getenv("KITAPI_SIM_DATA")
    if not root:
        raise OSError("sim: KITAPI_SIM_DATA is not set (run the simulator with `kitapi sim`)")
    battery = os.getenv("KITAPI_SIM_BATTERY")
    battery = int(battery) if battery else BATTERY_MV
    cls = SimTextHW if os.getenv("KITAPI_SIM_TEXT") == "1" else SimHW
    return cls(root, battery)
