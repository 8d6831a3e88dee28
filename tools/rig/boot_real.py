"""The boot of the real main.py on the pico-rig, to the home screen's last byte on the I2C bus (the emulated time
from the power-on): the game on the rig as it is (tools/rig/boot.py --hands N leaves one).  boot.py times main.py's
steps with a stand-in main.py (tools/rig/boot_main.py), whose own compile and prints differ from the real one's;
this measures the real one, with nothing added.

    .venv/bin/python tools/rig/boot_real.py [BOOTS]
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rig  # noqa: E402


def boot(r):
    """The end of the last data transfer to the OLED in the first 2 s after a power cycle (ms)."""
    r.cmd("i2cstats clear")
    r.cmd("reset")
    r.cmd("wait 3000")
    ends = []
    for line in r.cmd("transfers 400"):
        t = json.loads(line)
        if t["kind"] == "data" and t["t1_us"] < 2_000_000:
            ends.append(t["t1_us"])
    return max(ends) / 1000 if ends else 0.0


def main(argv):
    boots = int(argv[0]) if argv else 3
    r = rig.Rig()
    got = [boot(r) for _ in range(boots)]
    print("the home screen's last byte at " + ", ".join("%.1f" % t for t in got) + " ms")


if __name__ == "__main__":
    main(sys.argv[1:])
