# Board "simdev": the MicroPython unix port as a device behind a serial endpoint,
# run by `kitapi simdevice` (host_tools/kitapi_host/sim/device.py, docs/sync.md) so that
# `kitapi sync` and `kitapi deploy` talk to it through mpremote exactly as to a Pico.
#
# No wiring.  The serial line is the REPL, as on a Pico's USB: the app writes
# nothing to it.  Nobody types: hw.key() sleeps in real time and returns -1 (the
# app idles, as a box nobody touches), in lightsleep() as a Pico on batteries
# does: the process blocked until the time passes or a byte comes.  A Ctrl-C from
# the PC is a byte on stdin (the terminal sends no SIGINT: the unix port raises it
# at once from its signal handler, which can leave a lock of the interpreter taken
# and the REPL dead): it ends the sleep, and hw.key() raises KeyboardInterrupt, as
# a Pico raises it at the next bytecode once its USB has seen the byte.  What came
# before it is dropped, as the Pico's USB drops it.  The process's working
# folder is the device's filesystem (what mpremote sees); the app's files are in
# ROOT below it.
#
# Settings from the environment (set by `kitapi simdevice`):
#   KITAPI_SIMDEV_ID      device_id(), the device's name in the archive; required
#   KITAPI_SIMDEV_CLOCK   a file outside the device's filesystem holding the
#                         offset that set_clock() gives the clock.  The harness
#                         keeps it across a soft reset and deletes it at power-on,
#                         as a Pico's RTC runs on until the power goes.
#   KITAPI_SIMDEV_SCREEN  if set, hw.show() writes the 1024 frame bytes there
#   KITAPI_SIMDEV_BATTERY if set, a file: the VSYS in mV that hw.battery_mv() reads
#                         (a test's battery); none there: no battery reading
#   KITAPI_SIMDEV_FLASH   if set, a file: the image of a littlefs flash of 4096-byte
#                         blocks, mounted at /flash as the rp2 port mounts the Pico's
#                         (formatted if it holds none); ROOT is then /flash/data.  A
#                         flash of a few blocks fills as a Pico's does (a test's full
#                         flash); each block written reaches the file at once, so a
#                         process killed is a power cut
#   KITAPI_SIMDEV_CUT     with KITAPI_SIMDEV_FLASH, a file holding N: the power of
#                         the flash is cut after its N-th block written (counted in
#                         the file CUT.n, across soft resets): no block more reaches
#                         it till the harness powers the box off (a test's power cut)

import os
import select
import sys
import time

import framebuf
from micropython import const

NAME = "simdev"
_BLOCK = const(4096)


class _Blocks:
    """A block device on the file ``path`` (littlefs's extended interface: offsets within a block)."""

    def __init__(self, path, cut=None):
        self.f = open(path, "r+b")
        self.n = self.f.seek(0, 2) // _BLOCK
        self.cut = -1  # blocks written after which the power is cut; -1: never
        self.writes = 0
        if cut:
            with open(cut) as f:
                self.cut = int(f.read())
            self.count = cut + ".n"
            try:
                with open(self.count) as f:
                    self.writes = int(f.read())
            except OSError:  # none yet
                pass

    def readblocks(self, n, buf, off=0):
        self.f.seek(n * _BLOCK + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=0):
        if self.cut >= 0:
            if self.writes >= self.cut:
                return  # the power is cut: nothing more reaches the flash
            self.writes += 1
            with open(self.count + ".w", "w") as f:  # (then renamed: a box killed mid-write leaves the last count,
                f.write("%d" % self.writes)  # never an empty file the harness would read as none)
            os.rename(self.count + ".w", self.count)
        self.f.seek(n * _BLOCK + off)
        self.f.write(buf)
        self.f.flush()

    def ioctl(self, op, arg):
        if op == 4:  # the number of blocks
            return self.n
        if op == 5:  # the block's size
            return _BLOCK
        return 0  # init, deinit, sync, erase: nothing to do on a file


def _mount(path):
    import vfs

    bdev = _Blocks(path, os.getenv("KITAPI_SIMDEV_CUT"))
    try:
        fs = vfs.VfsLfs2(bdev, progsize=256)
    except OSError:  # no littlefs on it yet: formatted, as the rp2 port's _boot.py does
        vfs.VfsLfs2.mkfs(bdev)
        fs = vfs.VfsLfs2(bdev, progsize=256)
    try:
        vfs.mount(fs, "/flash")
    except OSError:  # mounted already: this module imported again
        pass


_FLASH = os.getenv("KITAPI_SIMDEV_FLASH")
if _FLASH:
    _mount(_FLASH)
ROOT = "/flash/data" if _FLASH else "data"  # relative: the working folder is the device's filesystem
WIDTH = const(128)
HEIGHT = const(64)
FB_BYTES = const(1024)
_LONGEST_MS = const(600000)  # the longest lightsleep, as kitapi.hw.board_rp2's


def device_id():
    uid = os.getenv("KITAPI_SIMDEV_ID")
    if not uid:
        raise OSError("simdev: KITAPI_SIMDEV_ID is not set (run it with `kitapi simdevice`)")
    return uid


def _offset():
    path = os.getenv("KITAPI_SIMDEV_CLOCK")
    if not path:
        return None
    try:
        with open(path) as f:
            return int(f.read())
    except (OSError, ValueError):
        return None


def clock():
    """Seconds since 1970, or 0 until set_clock(): a Pico's RTC after power-on."""
    off = _offset()
    return 0 if off is None else int(time.time()) + off


def set_clock(seconds):
    path = os.getenv("KITAPI_SIMDEV_CLOCK")
    if not path:
        raise OSError("simdev: KITAPI_SIMDEV_CLOCK is not set")
    with open(path, "w") as f:
        f.write("%d" % (seconds - int(time.time())))


class SimDevHW:
    name = NAME

    def __init__(self, root):
        self.root = root
        self._buf = bytearray(FB_BYTES)
        self.fb = framebuf.FrameBuffer(self._buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self._screen = os.getenv("KITAPI_SIMDEV_SCREEN")
        self.ticks_ms = time.ticks_ms
        try:
            os.mkdir(root)
        except OSError:  # it exists
            pass

    def show(self):
        if self._screen:
            with open(self._screen, "wb") as f:
                f.write(self._buf)

    def display_power(self, on):
        pass

    def contrast(self, v):
        pass

    def key(self, timeout_ms):
        # Nobody types: the box asleep as a Pico on batteries with no key down (kitapi.hw.board_rp2,
        # RP2Hardware.key): in lightsleep until the timeout or a wake-up, looking again after each.
        # None or < 0: for ever (in sleeps of at most _LONGEST_MS, as on the Pico).
        forever = timeout_ms is None or timeout_ms < 0
        start = time.ticks_ms()
        while True:
            _ctrl_c()
            left = _LONGEST_MS
            if not forever:
                left = timeout_ms - time.ticks_diff(time.ticks_ms(), start)
                if left <= 0:
                    return -1
            lightsleep(left if left < _LONGEST_MS else _LONGEST_MS)

    def time(self):
        return clock()

    def battery_mv(self):
        path = os.getenv("KITAPI_SIMDEV_BATTERY")
        try:
            with open(path) as f:
                return int(f.read())
        except (OSError, TypeError, ValueError):  # none set (TypeError: no path), or not a number
            return -1


_stdin = select.poll()
_stdin.register(sys.stdin, select.POLLIN)
_read = getattr(sys.stdin, "buffer", sys.stdin).read


def lightsleep(ms):
    """machine.lightsleep(ms) as the Pico sleeps in it: the process blocked (no CPU time) until ``ms`` pass or a
    byte from the PC wakes it; a Ctrl-C raises KeyboardInterrupt at once, as on the Pico."""
    if _stdin.poll(ms) and _ctrl_c():  # the PC's end: nothing will wake it, the time is slept out
        time.sleep_ms(ms)


def _ctrl_c():
    """KeyboardInterrupt if the PC has sent Ctrl-C; the bytes before it are dropped, those after it are the
    REPL's.  1 if the input has ended."""
    while _stdin.poll(0):
        c = _read(1)
        if not c:  # (no PC end: nothing more to read)
            return 1
        if c == b"\x03":
            raise KeyboardInterrupt
    return 0


def make():
    device_id()  # fail at once without an id
    return SimDevHW(ROOT)
