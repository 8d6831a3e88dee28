# A stand-in app for the simulator's tests (tests/pc/test_sim.py), run by
# `kitapi sim --main tests/pc/simdemo/main.py`.  It draws the number of keys, the last
# key and the number of timeouts; a long press of D makes it crash on purpose, and
# a long press of C turns the display off (any other key turns it back on).
import board

WAIT_MS = 5000
KEYS = "0123456789ABCD*#"


class Demo:
    def __init__(self, hw):
        self.hw = hw
        self.count = 0
        self.last = -1
        self.timeouts = 0

    def text(self, s, x, y):
        self.hw.fb.text(s, x, y, 1)
        trace = getattr(self.hw, "trace_text", None)
        if trace:
            trace(x, y, s)

    def draw(self):
        fb = self.hw.fb
        fb.fill(0)
        self.text("keys " + str(self.count), 0, 0)
        if self.last >= 0:
            name = ("L" if self.last >= 16 else "") + KEYS[self.last & 15]
            self.text("last " + name, 0, 16)
        self.text("timeouts " + str(self.timeouts), 0, 32)
        self.text("bat " + str(self.hw.battery_mv()), 64, 48)
        self.text("t " + str(self.hw.ticks_ms() // 1000), 0, 48)
        self.hw.show()

    def run(self):
        self.draw()
        while True:
            k = self.hw.key(WAIT_MS)
            if k < 0:
                self.timeouts += 1
            else:
                self.count += 1
                self.last = k
                if k == 16 + 13:
                    raise ValueError("demo crash on long D")
                self.hw.display_power(k != 16 + 12)
            self.draw()


Demo(board.make()).run()
