"""Which pages of the 128x64 SSD1306 changed since they were sent: a CRC-32 of each 128-byte page.

The frame buffer is MONO_VLSB, so page p (pixel rows 8p to 8p+7) is the bytes
128p to 128p+127, and the SSD1306 takes a window of pages in its horizontal
addressing mode: columns 0-127 (command 0x21), pages p0-p1 (0x22), then the
window's bytes.  ``changed`` tells the board which pages to send; the board
keeps ``sums``, the CRC of each page as the panel last received it (8 ints, no
copy of the panel: 1 KB less heap than a shadow frame).  The CRC is
``binascii.crc32`` (C), masked to a small int, so nothing is allocated but the
memoryview slices; two different pages with one CRC (about 1 in 10**9) would
leave one page unsent.
"""

try:
    from ubinascii import crc32  # the built-in at once (docs/firmware.md, "Imports")
except ImportError:  # CPython
    from binascii import crc32


def changed(buf, sums):
    """A bit mask of the pages of frame ``buf`` whose CRC is not ``sums[page]``; ``sums`` takes the new ones."""
    mv = memoryview(buf)
    mask = 0
    for p in range(8):
        c = crc32(mv[p << 7 : (p + 1) << 7]) & 0x3FFFFFFF
        if c != sums[p]:
            sums[p] = c
            mask |= 1 << p
    return mask
