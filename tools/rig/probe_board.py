# The pico-rig's heap probe (tools/rig/heap.py puts it on the emulated Pico as /board.py, the real
# board file as /pico_board.py; never part of a deploy).  It wraps hw.key: each time the app waits
# for a key (the previous key's work done), a gc.collect() and one console line
#   HEAP <n> <free after the collect> <lowest free sampled since the last line>
# The samples: a 50 ms timer reads gc.mem_free() (no allocation; about 9 ms of CPU on the rig), with
# gc.threshold(4096) so that garbage stays under about 4 KB: the lowest sample is within about 4 KB below the
# live data's low.
import gc

import machine
import pico_board as _b
from pico_board import *  # noqa: F401,F403  (ROOT, clock, ... for kitapi.link)

_low = [1 << 29, 0]


def _tick(t):
    f = gc.mem_free()
    if f < _low[0]:
        _low[0] = f


def make():
    print("BOOT")
    hw = _b.make()
    real = hw.key

    def key(ms):
        gc.collect()
        _low[1] += 1
        print("HEAP", _low[1], gc.mem_free(), _low[0])
        _low[0] = 1 << 29
        return real(ms)

    hw.key = key
    gc.threshold(4096)
    _b.TIMER = machine.Timer(period=50, callback=_tick)
    return hw
