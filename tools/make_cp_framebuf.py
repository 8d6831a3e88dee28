"""Write firmware/circuitpython/framebuf.py: MicroPython's ``framebuf`` for CircuitPython, the part Kitapi uses.

CircuitPython has no ``framebuf`` module.  Kitapi's screens draw with
MicroPython's ``FrameBuffer`` (MONO_VLSB: ``fill``, ``fill_rect``, ``rect``,
``pixel``, ``text`` in its 8x8 font, ``blit``), so on CircuitPython the firmware
brings this small pure-Python one, which draws the same pixels.  The 8x8 ASCII
glyphs (32-126) are read here from the MicroPython unix port itself, by drawing
each character with its ``FrameBuffer.text`` (MicroPython's font_petme128_8x8,
MIT licence, Copyright (c) 2013, 2014 Damien P. George).

    .venv/bin/python tools/make_cp_framebuf.py     (then commit the result)
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "firmware" / "circuitpython" / "framebuf.py"
TEMPLATE = ROOT / "tools" / "cp_framebuf_template.py"

_DUMP = """import framebuf
buf = bytearray(8)
fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
out = []
for c in range(32, 127):
    fb.fill(0)
    fb.text(chr(c), 0, 0, 1)
    out.append(bytes(buf).hex())
print("".join(out))
"""


def main() -> None:
    mp = ROOT / ".venv" / "bin" / "micropython"
    hexdata = subprocess.run([str(mp), "-c", _DUMP], capture_output=True, text=True, check=True).stdout.strip()
    assert len(hexdata) == 95 * 16, len(hexdata)
    lines = []
    for i in range(0, len(hexdata), 64):
        chunk = bytes.fromhex(hexdata[i : i + 64])
        lines.append('    b"' + "".join(f"\\x{b:02x}" for b in chunk) + '"')
    text = TEMPLATE.read_text().replace("    # GLYPHS\n", "\n".join(lines) + "\n")
    OUT.write_text(text)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
