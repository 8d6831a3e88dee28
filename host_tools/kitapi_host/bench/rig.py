"""``kitapi bench --part rig``: the box on the emulated Pico (../shared/pico-rig): the CPU's awake fractions and
the hours they give, key press to the last pixel (a typed game of every family), and where the boot's time goes.

Runs the repository's rig tools (tools/rig/: ``awake.py``, ``latency.py``, ``boot.py``; not installed with the
package) against a rig that is running with the firmware deployed (``kitapi deploy --device
socket://127.0.0.1:PORT``; the ports in RIG_PORT and RIG_CTL_PORT, as tools/rig/rig.py reads them).  The hours
are hardware/power.md's budget at its usage profile, with its datasheet figures: the rig has no current model.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

# hardware/power.md, sections 1-3 (mW at VSYS, the cells' mAh and VSYS)
RUN_MW = 106.0  # running at 125 MHz
SLEEP_MS_MW = 94.0  # time.sleep_ms at 125 MHz: while a key is down, scans every 5 ms
LIGHT_MW = 6.5  # machine.lightsleep
DISPLAY_ON_MW = 19.4
DISPLAY_OFF_MW = 0.08
VSYS_V = 3.35
NIMH_MAH = 1900.0
ALKALINE_MAH = 2500.0
# the profile: a hand every 240 s, the display on 90 s of it (30 s typing, the 60 s timeout), 15 keys
CYCLE_S = 240.0
ON_S = 90.0
KEYS = 15
HELD_S = 0.09  # a key down and its release debounced: scanned every 5 ms in time.sleep_ms


def evening(home: float, off: float, ms_a_key: float) -> dict[str, float]:
    """The evening's power (mW at VSYS), current (mA) and hours on three NiMH and alkaline cells, from the awake
    fractions at the home screen with the display ``on`` and ``off`` and the CPU's ms a key (tools/rig/awake.py),
    for a firmware that lightsleeps while it waits (hardware/power.md, section 2)."""
    key_s = KEYS * ms_a_key / 1000
    held = KEYS * HELD_S
    wait_on = ON_S - key_s - held
    mj = key_s * RUN_MW + held * SLEEP_MS_MW + wait_on * (LIGHT_MW + home * (RUN_MW - LIGHT_MW))
    mj += (CYCLE_S - ON_S) * (LIGHT_MW + off * (RUN_MW - LIGHT_MW))
    mj += ON_S * DISPLAY_ON_MW + (CYCLE_S - ON_S) * DISPLAY_OFF_MW
    mw = mj / CYCLE_S
    ma = mw / VSYS_V
    return {"mw": mw, "ma": ma, "nimh_h": NIMH_MAH / ma, "alkaline_h": ALKALINE_MAH / ma}


def families(out: str) -> list[str]:
    """The key-to-pixels lines of ``tools/rig/latency.py --system all``'s output: the median and the worst per
    system (a system of every family, 2 typed hands each) and over all the keys, press to the frame's last byte."""
    part = out.partition("== every family")[2]
    return [
        f"key press to the last pixel, {m.group(1)} ({m.group(2)} keys): median {m.group(3)} ms, worst {m.group(4)} ms"
        for m in re.finditer(r"^(\w+): n (\d+)\s+median ([\d.]+)\s+worst ([\d.]+)", part, re.M)
    ]


def _tool(tools: Path, name: str, *args: str) -> str:
    p = subprocess.run(
        [sys.executable, str(tools / name), *args], capture_output=True, text=True, timeout=3600, env=os.environ
    )
    if p.returncode:
        raise RuntimeError(f"{name}: {p.stdout[-500:]}{p.stderr[-1500:]}")
    return p.stdout


def run(tools: Path | None = None) -> int:
    """Measure on the running rig and print the figures; 1 with a message if the rig tools or the rig are missing."""
    tools = tools or Path(__file__).resolve().parents[3] / "tools" / "rig"
    if not (tools / "awake.py").is_file():
        print("kitapi bench --part rig: needs the repository's tools/rig/ (run it from a clone)", file=sys.stderr)
        return 1
    try:
        aw = json.loads(_tool(tools, "awake.py", "--json").strip().splitlines()[-1])
        lat = _tool(tools, "latency.py", "--system", "all", "2")
        boot = _tool(tools, "boot.py", "3")
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as err:
        print(f"kitapi bench --part rig: {err} (is the rig running, the firmware deployed?)", file=sys.stderr)
        return 1
    home, off, typing = (aw[k]["mean"] for k in ("home", "off", "typing"))
    e = evening(home, off, aw["ms_a_key"]["mean"])
    print("== the box on the pico-rig (hardware/power.md's profile: 90 s on, 150 s off per 240 s, 15 keys a hand)")
    print(f"awake: home, display on {home * 100:.3f} %; display off {off * 100:.3f} %; typing {typing * 100:.2f} %")
    print(f"CPU a key {aw['ms_a_key']['mean']:.1f} ms")
    hours = f"{e['nimh_h']:.0f} h on NiMH cells, {e['alkaline_h']:.0f} h alkaline"
    print(f"evening {e['mw']:.1f} mW at VSYS, {e['ma']:.2f} mA: {hours}")
    for line in families(lat):
        print(line)
    for line in boot.splitlines():
        if line.startswith("BT "):
            print("boot: " + line[3:])
    return 0
