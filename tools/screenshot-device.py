"""The README's pictures of the device's screens (docs/screenshots/*.png), from the simulator.

Run from the repository: ``.venv/bin/python tools/screenshot-device.py``.  Each picture is the last
screen of a key script (generated hands of kitapi_host.logs.gen, typed as kitapi_host.sim.typist types them).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from kitapi.game import new_game
from kitapi_host.logs import gen
from kitapi_host.sim import typist

OUT = Path("docs/screenshots")
NAMES = " ".join(typist.TYPED[:3])  # Ann Bob Cat


def prefa(hands: int) -> str:
    _, hs = gen.game(seed=11, hands=hands, pouch=100)
    return f"1 1 3 {NAMES} 100# # # # " + "".join(typist.keys_for(h, 3) for h in hs)


def sochi(hands: int) -> str:
    hdr = gen.preferans_header("sochi", 3, pool=20)
    hdr["players"] = list(gen.SHORT_NAMES[:3])
    _, hs = gen.preferans_game(5, hands, "sochi", 3, pool=20)
    g = new_game(hdr)
    keys = f"1 2 3 {NAMES} 20# # # # "
    for h in hs:
        d = typist.device_form(g, h)
        keys += typist.pref_keys_for(g, d)
        g.play(d)
    return keys


SHOTS = {
    "home.png": ("en", prefa(12) + " B B"),  # B B: the message gone, the columns named
    "home-el.png": ("el", prefa(12) + " B B"),
    "pref-home.png": ("en", sochi(10) + " B B"),
    "pref-words.png": ("en", sochi(10) + " 2 7 1"),
}


def shoot(name: str, lang: str, keys: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        (data / "settings").write_text(f"255 60 {lang}\n")
        shots = Path(tmp) / "shots"
        kitapi = Path(sys.executable).with_name("kitapi")
        cmd = [str(kitapi), "sim", "--data", str(data), "--heapsize", "96K", "--keys", keys, "--screenshot", str(shots)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        shutil.copy(sorted(shots.glob("*.png"))[-1], OUT / name)


if __name__ == "__main__":
    for name, (lang, keys) in SHOTS.items():
        shoot(name, lang, keys)
        print(OUT / name)
