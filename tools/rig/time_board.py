# The pico-rig's timing probe (tools/rig/latency.py puts it on the emulated Pico as /board.py, the real board
# file as /pico_board.py; never part of a deploy).  Where the time from a key's press to its frame goes:
# - GP22 (the rig's marker) toggles when hw.key returns the key's event (the scan and debounce done);
# - time.ticks_us() at: the event returned (0), Store.append's start and end (1, 2: a hand saved), the frame's
#   first fb.fill (3: the wizard's and core's work and the loop's gc.collect done, the drawing starts),
#   hw.show's start and end (4, 5: the changed pages found and sent over I2C);
# - when the app next waits for a key, one console line
#   T <n> <append start> <append end> <fill> <show start> <show end> <a gc.collect() now>
#   (microseconds from the event; -1 where it did not happen), the line printed after the frame.
import gc
import time

import pico_board as _b
from machine import Pin
from pico_board import *  # noqa: F401,F403  (ROOT, clock, ... for kitapi.link)

_t = [0] * 6
_n = [0]  # keys timed


def make():
    print("BOOT")
    hw = _b.make()
    mark = Pin(22, Pin.OUT, value=0)
    real_key = hw.key
    real_show = hw.show
    fb = hw.fb
    real_fill = fb.fill
    from kitapi.app import store

    real_append = store.Store.append
    us = time.ticks_us
    d = time.ticks_diff

    def key(ms):
        if _t[0]:
            t0 = _t[0]
            g = us()
            gc.collect()
            g = d(us(), g)
            _n[0] += 1
            print("T", _n[0], *[d(_t[i], t0) if _t[i] else -1 for i in range(1, 6)], g)
        for i in range(6):
            _t[i] = 0
        ev = real_key(ms)
        if ev >= 0:
            mark(1 - mark())
            _t[0] = us()
        return ev

    def show():
        _t[4] = us()
        real_show()
        _t[5] = us()

    def fill(c):
        if _t[0] and not _t[3]:
            _t[3] = us()
        real_fill(c)

    def append(self, op, number, payload):
        _t[1] = us()
        r = real_append(self, op, number, payload)
        _t[2] = us()
        return r

    hw.key = key
    hw.show = show
    fb.fill = fill
    store.Store.append = append
    return hw
