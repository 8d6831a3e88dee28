# Kitapi's display driver (firmware/drivers/ssd1306.py) under MicroPython: its fill, a copy in C, leaves the
# buffer as framebuf's own fill does, whatever was drawn before, in both colours.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_ssd1306_mp.py
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import sys

import framebuf

sys.path.insert(0, "firmware/drivers")
import ssd1306  # noqa: E402


class I2C:
    def writeto(self, addr, b):
        pass

    def writevto(self, addr, v):
        pass


passed = 0
failed = 0
d = ssd1306.SSD1306_I2C(128, 64, I2C())
ref = bytearray(1024)
fb = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
seed = 37
for i in range(20):
    for target in (d, fb):  # the same drawing on both, then each filled its own way
        target.fill_rect(i * 5 % 128, i * 3 % 64, 20, 9, 1)
        target.text("Hand %d" % i, i, i * 2 % 60, 1)
    c = i & 1
    d.fill(c)
    fb.fill(c)
    if bytes(d.buffer) == bytes(ref) and len(d.buffer) == 1024:
        passed += 1
    else:
        failed += 1
        print("FAIL fill(%d) after drawing %d" % (c, i))
print("%d passed, %d failed" % (passed, failed))
if failed:
    sys.exit(1)
