"""The 128x64 OLED's frame on the PC: as a PNG file and as terminal text.

Terminal text comes in three sizes, each showing every pixel: half blocks
(128x32 characters, a character two rows), quadrant blocks (64x32, a
character 2x2 pixels) and Braille (64x16, a character 2x4 pixels).

A frame is the 1024 bytes of the firmware's ``framebuf.FrameBuffer`` in
``MONO_VLSB`` order: 8 pages of 8 rows; in a page, byte ``x`` holds the 8
pixels of column ``x``, the least significant bit at the top.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

WIDTH = 128
HEIGHT = 64
FRAME_BYTES = WIDTH * HEIGHT // 8

# The OLED's colours: a lit pixel and the dark glass.
LIT = (0xE8, 0xF4, 0xFF)
DARK = (0x05, 0x07, 0x0A)

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _check(data: bytes) -> None:
    if len(data) != FRAME_BYTES:
        raise ValueError(f"a frame is {FRAME_BYTES} bytes, not {len(data)}")


def pixel(data: bytes, x: int, y: int) -> bool:
    """Whether the pixel at column ``x``, row ``y`` is lit."""
    return bool(data[(y >> 3) * WIDTH + x] >> (y & 7) & 1)


def rows(data: bytes) -> list[list[bool]]:
    """The frame as 64 rows of 128 pixels."""
    _check(data)
    return [[pixel(data, x, y) for x in range(WIDTH)] for y in range(HEIGHT)]


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def frame_to_png_bytes(data: bytes, scale: int = 4) -> bytes:
    """The frame as a PNG image scaled ``scale`` times: 2 colours, 1 bit a pixel, with a palette."""
    if scale < 1:
        raise ValueError("scale must be 1 or more")
    width = WIDTH * scale
    raw = bytearray()
    for row in rows(data):
        bits = 0
        line = bytearray([0])  # filter type 0 (none)
        n = 0
        for lit in row:
            for _ in range(scale):
                bits = bits << 1 | lit
                n += 1
                if n == 8:
                    line.append(bits)
                    bits = n = 0
        if n:
            line.append(bits << (8 - n))
        raw += bytes(line) * scale
    header = struct.pack(">IIBBBBB", width, HEIGHT * scale, 1, 3, 0, 0, 0)  # 1 bit, palette
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(DARK + LIT)),
            _chunk(b"IDAT", zlib.compress(bytes(raw), 9)),
            _chunk(b"IEND", b""),
        )
    )


def frame_to_png(data: bytes, path: str | Path, scale: int = 4) -> None:
    """Write the frame as a PNG file: 128x64 scaled ``scale`` times (512x256 by default)."""
    Path(path).write_bytes(frame_to_png_bytes(data, scale))


_HALF_BLOCKS = (" ", "\u2580", "\u2584", "\u2588")  # none, upper, lower, both


def frame_to_halfblocks(data: bytes) -> list[str]:
    """The frame as 32 lines of 128 characters: each character shows two rows with ▀ ▄ █ or a space."""
    _check(data)
    lines = []
    for y in range(0, HEIGHT, 2):
        top = (data[(y >> 3) * WIDTH + x] >> (y & 7) & 1 for x in range(WIDTH))
        bottom = (data[(y >> 3) * WIDTH + x] >> ((y + 1) & 7) & 1 for x in range(WIDTH))
        lines.append("".join(_HALF_BLOCKS[t | b << 1] for t, b in zip(top, bottom, strict=True)))
    return lines


# Quadrant blocks by their lit quarters: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right.
_QUADRANTS = " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"


def frame_to_quadrants(data: bytes) -> list[str]:
    """The frame as 32 lines of 64 characters: each character shows 2x2 pixels with a quadrant block."""
    _check(data)
    lines = []
    for y in range(0, HEIGHT, 2):
        page = (y >> 3) * WIDTH
        top = y & 7
        chars = []
        for x in range(0, WIDTH, 2):
            a = data[page + x]
            b = data[page + x + 1]
            bits = (a >> top & 1) | (b >> top & 1) << 1 | (a >> (top + 1) & 1) << 2 | (b >> (top + 1) & 1) << 3
            chars.append(_QUADRANTS[bits])
        lines.append("".join(chars))
    return lines


# Braille dots by pixel (dx, dy) in a 2x4 cell: the bit of U+2800's pattern.
_BRAILLE_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def frame_to_braille(data: bytes) -> list[str]:
    """The frame as 16 lines of 64 characters: each character shows 2x4 pixels as Braille dots."""
    _check(data)
    lines = []
    for y in range(0, HEIGHT, 4):
        page = (y >> 3) * WIDTH
        shift = y & 7  # 0 or 4: a cell's four rows lie in one page
        chars = []
        for x in range(0, WIDTH, 2):
            bits = 0
            for dx in (0, 1):
                column = data[page + x + dx] >> shift
                for dy in range(4):
                    if column >> dy & 1:
                        bits |= _BRAILLE_DOTS[dy][dx]
            chars.append(chr(0x2800 + bits))
        lines.append("".join(chars))
    return lines
