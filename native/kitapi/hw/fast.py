"""``RP2Hardware.show``'s search for what changed, in native code (viper): the one module of the firmware that is
not bytecode.

``kitapi deploy`` compiles it for the box's own arch (``sys.implementation._mpy >> 10``: armv6m on a Pico) with
``mpy-cross -march``, every other module as bytecode; ``kitapi image`` for the board's (a Pico's RP2040).  Where it
cannot load (a .mpy of another arch: ValueError at its import; CPython, which has no viper; a box deployed
without it) ``kitapi.hw.board_rp2`` does the same search in bytecode, as before, and sends the same bytes.  On
the pico-rig ``spans`` takes 0.12 ms for a frame whose 8 pages changed, 0.26 ms for one unchanged, ``take`` some
15 us a span and 0.4 us a byte (a call from bytecode costs 10-15 us there): ``hw.show`` spent 0.6 ms of a key's
frame beside the bus, 1.6 in bytecode (medians over the families' typed hands, tools/rig/latency.py).  Its code
takes 3 KB of the heap once loaded (a 2.2 KB .mpy), the bytecode search's memoryviews 6.6 KB more than its state.
"""

import micropython


@micropython.viper
def spans(f: ptr8, o: ptr8, w: ptr8) -> int:  # noqa: F821  (ptr8: viper's own type, a buffer's bytes)
    """The spans of frame ``f`` (128x64: 8 pages of 128 columns) that differ from ``o`` (the panel's copy), written
    into ``w`` (50 bytes) as (page, first column, last column) each, in order; their bytes (3 a span, 0: nothing
    changed) returned and kept in ``w[48]``, ``take``'s place ``w[49]`` set to the first.  Of each page that
    changed, its first and last changed columns, split into two spans where a block of 32 columns aligned
    (columns 0-31, 32-63, ...) did not change between two that did (``RP2Hardware.show`` gives why).  Where both
    buffers start on a word, the pages are compared a word at a time (the Cortex-M0+ cannot read a word that
    does not: a byte at a time then)."""
    f4 = ptr32(f)  # noqa: F821
    o4 = ptr32(o)  # noqa: F821
    words = ((int(f) | int(o)) & 3) == 0
    n = 0
    p = 0
    while p < 8:
        k = p << 7
        e = k + 128
        x = k  # the page's first changed byte
        if words:
            i = k >> 2
            while i < e >> 2 and f4[i] == o4[i]:
                i += 1
            x = i << 2
        while x < e and f[x] == o[x]:
            x += 1
        if x < e:
            y = e - 1  # its last
            if words:
                i = (e >> 2) - 1
                while f4[i] == o4[i]:
                    i -= 1
                y = (i << 2) + 3
            while f[y] == o[y]:
                y -= 1
            q = (y - k) >> 5  # the block of the last change
            while True:  # a span from x: to y, or to the last change before a block of 32 columns unchanged
                z = y
                b = ((x - k) >> 5) + 1
                while b < q:
                    a = k + (b << 5)
                    c = a
                    while c < a + 32 and f[c] == o[c]:
                        c += 1
                    if c == a + 32:  # block b unchanged: the span ends before it
                        z = a - 1
                        while f[z] == o[z]:
                            z -= 1
                        break
                    b += 1
                w[n] = p
                w[n + 1] = x - k
                w[n + 2] = z - k
                n += 3
                if z == y:
                    break
                x = k + ((b + 1) << 5)  # the next span: its first change after the unchanged block
                while f[x] == o[x]:
                    x += 1
        p += 1
    w[48] = n
    w[49] = 0
    return n


@micropython.viper
def take(f: ptr8, o: ptr8, w: ptr8, t: ptr8) -> int:  # noqa: F821
    """The next span of ``w`` (``spans``') as one I2C transfer into ``t`` (135 bytes): its 3 commands in page
    addressing, each after a control byte 0x80, then 0x40 and its bytes; its length returned, 0 after the last.
    The span before it, sent by now, is copied into the panel's copy ``o`` first: a transfer that fails leaves
    ``o`` as the panel was."""
    j = w[49]
    if j:  # (a word at a time where both buffers start on a word, as in spans)
        p = w[j - 3] << 7
        x = p + w[j - 2]
        y = p + w[j - 1] + 1
        if ((int(f) | int(o)) & 3) == 0:
            f4 = ptr32(f)  # noqa: F821
            o4 = ptr32(o)  # noqa: F821
            while x < y and x & 3:
                o[x] = f[x]
                x += 1
            while x + 4 <= y:
                o4[x >> 2] = f4[x >> 2]
                x += 4
        while x < y:
            o[x] = f[x]
            x += 1
    if j >= w[48]:
        return 0
    c = w[j + 1]
    t[0] = 0x80
    t[1] = 0xB0 | w[j]  # the page, the column's low nibble, its high nibble (SSD1306 datasheet 10.1.3)
    t[2] = 0x80
    t[3] = c & 15
    t[4] = 0x80
    t[5] = 0x10 | c >> 4
    t[6] = 0x40
    x = (w[j] << 7) + c
    y = (w[j] << 7) + w[j + 2]
    i = 7
    while x <= y:
        t[i] = f[x]
        i += 1
        x += 1
    w[49] = j + 3
    return i
