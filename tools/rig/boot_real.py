"""The boot of the real main.py on the pico-rig, to the home screen's last byte on the I2C bus (the emulated time
from the power-on): the game on the rig as it is (tools/rig/boot.py --hands N leaves one).  boot.py times main.py's
steps with a stand-in main.py (tools/rig/boot_main.py), whose own compile and prints differ from the real one's;
this measures the real one, with nothing added.

Each boot's first whole frame (the home frame kept for the boot, kitapi.app.kept, where it is shown; else the
app's own first frame) and the last data byte of the boot's first 2 s (the app's own first frame sends only what
differs from the kept one: nothing if it is the same, and then the last byte is the kept frame's).  With ``--key
K``, a boot more with key K held from the power-on for 1.5 s: when its answer's last byte is out, the first key the
box takes after the boot (the transfers after those of a boot without the key).

    .venv/bin/python tools/rig/boot_real.py [BOOTS] [--key K]
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rig  # noqa: E402


def boot(r, key=None):
    """The data transfers to the OLED in the first 2 s after a power cycle: [(start, end, data bytes)] (ms)."""
    r.cmd("i2cstats clear")
    r.cmd("reset")
    if key:
        r.cmd(f"key {key} 1500")
    r.cmd("wait 3000")
    out = []
    for line in r.cmd("transfers 400"):
        t = json.loads(line)
        if t["kind"] == "data" and t["t1_us"] < 2_000_000:
            out.append((t["t0_us"] / 1000, t["t1_us"] / 1000, t["data"]))
    return sorted(out)


def main(argv):
    key = None
    if "--key" in argv:
        i = argv.index("--key")
        key = argv[i + 1]
        argv = argv[:i] + argv[i + 2 :]
    boots = int(argv[0]) if argv else 3
    r = rig.Rig()
    last = 0.0
    for _ in range(boots):
        got = boot(r)
        whole = [t for t in got if t[2] == 1024]
        last = max((t[1] for t in got), default=0.0)
        after = sum(t[2] for t in got if whole and t[0] > whole[0][1])
        first = whole[0][1] if whole else 0.0
        print(
            f"the first whole frame's last byte at {first:.1f} ms; the boot's last byte at {last:.1f} ms"
            f" ({after} data bytes after the first frame)"
        )
    if key:
        got = [t for t in boot(r, key) if t[0] > last]
        a, b = got[0][0] if got else 0.0, max((t[1] for t in got), default=0.0)
        print(f"key {key} held from the power-on: its answer {a:.1f}-{b:.1f} ms ({sum(t[2] for t in got)} data bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
