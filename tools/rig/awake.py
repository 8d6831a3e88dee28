"""The CPU's awake fraction on the pico-rig: the emulated time it spent executing rather than waiting in WFI/WFE,
over windows of emulated time (hardware/power.md, "Measured on the pico-rig").  Not part of the product.

Needs the rig running with the firmware deployed (``kitapi deploy --device socket://127.0.0.1:PORT``; the ports:
RIG_PORT and RIG_CTL_PORT, as tools/rig/rig.py reads them).  Puts a generated Prefa game of HANDS hands on it as its
game and a settings file whose display timeout is SLEEP_S seconds (the box's default is 60: only the wait before
the display-off windows depends on it), boots it, then measures, each over WINDOWS windows:

- ``home``: the game's screen, the display on, nobody typing (the windows start 1 s after the boot's first frame);
- ``off``: the display turned off by the timeout;
- ``typing``: one window a hand (the display woken first): the next hand's keys, a press (80 ms) every KEY_MS ms,
  the window ending KEY_MS after the last key.  Also the CPU's time a key (the window's executing time
  less the idle fraction of ``home`` over the window, per key), each key's press to pixels (the end of the first
  I2C transfer after the press) and, WINDOWS times, a key's press to the display's power-on command when the
  display was off.

Prints each window and, per state, the mean and the spread (lowest, highest) of the fraction; ``--json`` one
object.  The rig's clock is fixed at 125 MHz and it has no current model: the fractions are of the CPU's time,
converted to power in hardware/power.md with the datasheet's figures.

    .venv/bin/python tools/rig/awake.py [--windows 5] [--window-ms 4000] [--sleep-s 30] [--key-ms 2000]
"""

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rig  # noqa: E402

HANDS = 20  # the game's hands before the typed ones (a game the box opens at once)


def speed(r):
    """(emulated seconds this boot, emulated seconds spent executing) from the rig's ``speed``."""
    s = json.loads(r.cmd("speed")[0])
    return s["emulated_s_this_boot"], s["executing_emulated_s"]


def window(r, ms):
    """The awake fraction over ``ms`` ms of emulated time, and the window's (emulated s, executing s)."""
    e0, x0 = speed(r)
    r.cmd(f"wait {ms}")
    e1, x1 = speed(r)
    return (x1 - x0) / (e1 - e0), e1 - e0, x1 - x0


def press(r, k):
    """Press ``k`` (80 ms); the time of the press (us) and of the end of the first I2C transfer after it: the
    frame of its pixels, or the display's power-on command when the key woke it (the rig README's key to pixels)."""
    down = float(r.cmd(f"key {k} 80")[0].split()[3])
    r.cmd("wait 300")
    after = [t for t in (json.loads(x) for x in r.cmd("transfers 40")) if t["t0_us"] >= down]
    return down, min((t["t1_us"] for t in after), default=None)


def display_on(r):
    return json.loads(r.cmd("oled")[0])["displayOn"]


def summary(xs):
    return {"mean": statistics.mean(xs), "low": min(xs), "high": max(xs), "n": len(xs)}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--windows", type=int, default=5)
    ap.add_argument("--window-ms", type=int, default=4000)
    ap.add_argument("--sleep-s", type=int, default=30, help="the display timeout set for the run")
    ap.add_argument("--key-ms", type=int, default=2000, help="from one key press to the next while typing")
    ap.add_argument("--no-setup", action="store_true", help="keep the rig's game and settings; boot only")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = rig.Rig()
    hdr, hs, keys = rig.game(rig.systems()[0], HANDS + a.windows)
    if not a.no_setup:
        with tempfile.TemporaryDirectory() as d:
            st = Path(d) / "settings"
            st.write_text(f"255 {a.sleep_s} en\n")
            rig.put_game(r, hdr, hs[:HANDS], "+", "fs", "cp", str(st), ":/data/settings")
    r.cmd("reset")
    r.cmd("waitframe 20000")
    r.cmd("wait 1000")
    out = {"home": [], "off": [], "typing": [], "ms_a_key": [], "wake_ms": [], "key_to_pixels_ms": []}

    def show(state, f, de, dx, extra=""):
        if not a.json:
            print(f"{state:7} {de:7.3f} s emulated  {dx * 1000:8.2f} ms executing  awake {f * 100:7.3f} %{extra}")

    for _ in range(a.windows):
        f, de, dx = window(r, a.window_ms)
        out["home"].append(f)
        show("home", f, de, dx)
    if not display_on(r):
        raise SystemExit("the display went off during the home windows: a longer --sleep-s")
    r.cmd(f"wait {a.sleep_s * 1000}")
    if display_on(r):
        raise SystemExit("the display is still on after --sleep-s")
    r.cmd("wait 1000")
    for _ in range(a.windows):
        f, de, dx = window(r, a.window_ms)
        out["off"].append(f)
        show("off", f, de, dx)
    idle = statistics.mean(out["home"])
    for h in range(HANDS, HANDS + a.windows):
        if not display_on(r):
            down, up = press(r, "C")  # the key that wakes the display is not acted on
            out["wake_ms"].append((up - down) / 1000)
            r.cmd("wait 1000")
        typed = keys[h]
        e0, x0 = speed(r)
        for k in typed:
            down, up = press(r, k)
            if up is not None:
                out["key_to_pixels_ms"].append((up - down) / 1000)
            r.cmd(f"wait {a.key_ms - 300}")
        e1, x1 = speed(r)
        de, dx = e1 - e0, x1 - x0
        per = (dx - idle * de) / len(typed)
        out["typing"].append(dx / de)
        out["ms_a_key"].append(per * 1000)
        show("typing", dx / de, de, dx, f"  {len(typed)} keys, {per * 1000:.1f} ms a key")
    if len(out["wake_ms"]) < a.windows:  # more wake-ups: the display off again, then a key
        for _ in range(a.windows - len(out["wake_ms"])):
            r.cmd(f"wait {a.sleep_s * 1000 + 1000}")
            down, up = press(r, "C")
            out["wake_ms"].append((up - down) / 1000)
    res = {k: summary(v) for k, v in out.items()}
    res["setup"] = {"windows": a.windows, "window_ms": a.window_ms, "sleep_s": a.sleep_s, "key_ms": a.key_ms}
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            if k != "setup":
                print(f"{k:16} mean {v['mean']:.5f}  low {v['low']:.5f}  high {v['high']:.5f}  ({v['n']})")


if __name__ == "__main__":
    main(sys.argv[1:])
