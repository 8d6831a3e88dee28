# kitapi.hw.board_rp2's RP2Hardware.show under MicroPython: the spans found in native code (kitapi.hw.fast, viper:
# the unix port compiles native/kitapi/hw/fast.py for its own arch) and by the bytecode search send the same
# transfers, byte for byte,
# for the same frames, with Kitapi's display driver (the first frame sent whole) and micropython-lib's (a blank
# frame sent first); after each show the panel's copy is the frame.  Frames: every subset of a page's 4 blocks of
# 32 columns changed (each where a split may or may not fall), whole frames, one byte at each end, and random
# rows of text.  Prints "native N" (1: the native search ran) and "transfers SHA256" of every transfer of both
# drivers' runs; tests/device/test_rp2_fast.py runs it so under CPython (bytecode alone) and MicroPython with the
# module deployed for this arch or another's.  An argument "bytecode" expects the bytecode search alone.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_rp2_show_mp.py
import binascii
import hashlib
import os
import sys

passed = 0
failed = 0


def check(name, got, want):
    global passed, failed
    if got == want:
        passed += 1
    else:
        failed += 1
        print("FAIL %s: got %r, expected %r" % (name, got, want))


class NS:
    pass


class I2C:
    def __init__(self):
        self.log = []  # every transfer's bytes

    def writeto(self, addr, b):
        self.log.append(bytes(b))

    def writevto(self, addr, bufs):
        self.log.append(b"".join([bytes(x) for x in bufs]))


LAZY = [1]


class Driver:
    """Kitapi's driver as the board sees it (LAZY: dark until the first frame), or micropython-lib's (a blank
    frame sent, the panel on)."""

    def __init__(self, width, height, i2c, addr):
        self.buffer = bytearray(width * height // 8)
        self.i2c = i2c
        self.addr = addr
        if not LAZY[0]:
            i2c.writevto(addr, [b"\x00\x21\x00\x7f\x22\x00\x07", b""])
            i2c.writevto(addr, [b"\x40", self.buffer])


def fakes():
    utime = NS()
    utime.ticks_ms = lambda: 0
    utime.ticks_add = lambda a, b: a + b
    utime.ticks_diff = lambda a, b: a - b
    drv = NS()
    drv.SSD1306_I2C = Driver
    drv.LAZY = LAZY[0]
    sys.modules["utime"] = utime
    sys.modules["umachine"] = NS()
    sys.modules["ssd1306"] = drv
    if sys.implementation.name != "micropython":  # (CPython: MicroPython's names of its modules)
        mp = NS()
        mp.const = lambda x: x
        sys.modules["micropython"] = mp
        sys.modules["ubinascii"] = binascii
        sys.modules["uos"] = os


fakes()
import kitapi.hw.board_rp2 as board_rp2  # noqa: E402

board_rp2._native()  # (as the first key, or the second frame, loads it)
if board_rp2._spans is None and sys.implementation.name == "micropython" and sys.argv[1:2] != ["bytecode"]:
    try:  # not deployed here (a .mpy of another arch: its ValueError, as on a box, and the bytecode search)
        import kitapi.hw.fast  # noqa: F401
    except ImportError:  # its source, native/ beside firmware/ (never bytecode): the unix port compiles its viper
        ns = {}
        with open(sys.argv[0].replace("tests/mp/test_rp2_show_mp.py", "") + "native/kitapi/hw/fast.py") as f:
            exec(f.read(), ns)
        board_rp2._spans = ns["spans"]
        board_rp2._take = ns["take"]
    except ValueError:
        pass
native = board_rp2._spans is not None


class Pin:
    IRQ_FALLING = 2

    def __call__(self, v=1):
        return 1

    def irq(self, handler, trigger=0):
        pass


seed = [37]


def rand(n):
    """A number below ``n`` (an LCG: the same on CPython and MicroPython)."""
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (seed[0] >> 8) % n


def frames():
    """The frames, each a change made to the last (yielded after the change)."""
    buf = bytearray(1024)
    yield buf
    for p in range(8):  # every subset of a page's blocks changed, at a random column of each
        for m in range(1, 16):
            for b in range(4):
                if m >> b & 1:
                    x = p * 128 + b * 32 + rand(32)
                    buf[x] = (buf[x] + 1 + rand(255)) & 255
            yield buf
    for x in (0, 127, 128, 1023, 896, 31, 32, 63, 64, 95, 96):  # one byte, at a block's ends
        buf[x] ^= 0x5A
        yield buf
    for v in (0xFF, 0, 0x81):  # whole frames
        for i in range(1024):
            buf[i] = v
        yield buf
    for _ in range(300):  # rows of text
        for _ in range((0, 1, 2, 3, 8)[rand(5)]):
            k = rand(8) * 128
            if rand(5) == 0:
                for i in range(k, k + 128):
                    buf[i] = 0
                continue
            a = rand(128)
            z = a + rand((1, 8, 40, 128)[rand(4)])
            if z > 127:
                z = 127
            for x in range(a, z + 1):
                buf[k + x] = rand(256)
        yield buf


def run(use_native):
    """Every frame shown on a new board, both drivers: every transfer, in order."""
    board_rp2._spans = spans if use_native else None
    out = []
    for lazy in (1, 0):
        LAZY[0] = lazy
        fakes()
        seed[0] = 37
        i2c = I2C()
        hw = board_rp2.RP2Hardware("pico", i2c, 0x3C, [Pin() for _ in range(4)], [Pin() for _ in range(4)], root="/tmp")
        for f in frames():
            hw.fb.buffer[:] = f
            hw.show()
            if hw._panel != hw.fb.buffer:
                check("the panel's copy is the frame (native %d, driver %d)" % (use_native, lazy), 0, 1)
                break
        out += i2c.log
    return out


spans = board_rp2._spans
take = board_rp2._take
sent = run(native)
h = hashlib.sha256()
for t in sent:
    h.update(b"%d:" % len(t) + t)
print("native %d" % native)
print("transfers %s" % binascii.hexlify(h.digest()).decode())
check("the native search loaded", native, (sys.argv[1:] or ["native"])[0] == "native")
if native:
    check("the native search and the bytecode search send the same", run(True) == run(False), True)
check("transfers", len(sent) > 900, True)
if native:  # buffers that do not start on a word: compared and copied a byte at a time, the same spans and bytes
    find = spans

    a = bytearray(1025)
    b = bytearray(1026)
    fa = memoryview(a)[1:]
    fb = memoryview(b)[2:]
    w = bytearray(50)
    u = bytearray(50)
    last = bytearray(1024)
    same = count = 0
    for f in frames():
        count += 1
        fa[:] = f
        fb[:] = last
        if find(fa, fb, u) == find(f, last, w) and u == w:
            t = bytearray(135)
            k = take(fa, fb, u, t)
            while k:
                if t[7:k] != f[(u[u[49] - 3] << 7) + u[u[49] - 2] :][: k - 7]:
                    break
                k = take(fa, fb, u, t)
            if not k and fb == f:
                same += 1
        last[:] = f
    check("a byte at a time: the same spans", (same, count > 400), (count, True))

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
