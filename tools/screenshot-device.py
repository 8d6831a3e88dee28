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
from kitapi_host.sim.pick import rules_keys

OUT = Path("docs/screenshots")
NAMES = " ".join(typist.TYPED[:3])  # Ann Bob Cat


def prefa(hands: int) -> str:
    hdr, hs = gen.generate("prefa", 11, hands, pouch=100)
    return f"1 {rules_keys('prefa')} 3 {NAMES} 100# # # # " + "".join(typist.game_keys(hdr, hs))


def _sochi_keys(hands: int) -> list[str]:
    """The keys of a generated Sochi game's ``hands`` hands, each typed in full."""
    hdr = gen.header("sochi", 3, pool=20)
    hdr["players"] = list(gen.SHORT_NAMES[:3])
    _, hs = gen.generate("sochi", 5, hands, 3, pool=20)
    g = new_game(hdr)
    keys = []
    for h in hs:
        d = typist.device_form(g, h)
        keys.append(typist.hand_keys(g, d))
        g.play(d)
    return keys


def sochi(hands: int) -> str:
    return f"1 {rules_keys('sochi')} 3 {NAMES} 20# # # # " + "".join(_sochi_keys(hands))


def prefa_next(hands: int) -> str:
    """The keys of Prefa's next hand after ``hands``, up to its summary (the last # not pressed)."""
    hdr, hs = gen.generate("prefa", 11, hands + 1, pouch=100)
    return typist.game_keys(hdr, hs)[-1].rstrip().removesuffix("#")


def sochi_next(hands: int) -> str:
    """The keys of Sochi's next hand after ``hands``, up to its summary."""
    return _sochi_keys(hands + 1)[-1].rstrip().removesuffix("#")


# a Prefa game at pouches of 2 that four hands end (tests/device/test_refusal.py): hand 1 cannot be deleted
REFUSED = f"1 {rules_keys('prefa')} 3 {NAMES} 2# # # #  1 6 1 1 5 # #  1 6 1 4 #  2 6 1 4 #  3 6 1 4 #  1 6 1 4 # *"


def scripted(setup: str, hands: list[str]) -> str:
    return setup + " " + " ".join(hands)


def kasa(hands: int) -> str:
    """A kasa game as a table plays it: 300 each in the kasa."""
    hdr, hs = gen.generate("prefa_kasa", 23, hands, 3, kasa=300)
    return f"1 {rules_keys('prefa_kasa')} 3 {NAMES} 300# # # # " + " ".join(typist.game_keys(hdr, hs))


SHOTS = {
    "home.png": ("en", prefa(12) + " B B"),  # B B: the message gone, the columns named
    "summary.png": ("en", prefa(12) + " B B " + prefa_next(12)),
    "owes.png": ("en", prefa(12) + " B"),
    "history.png": ("en", prefa(12) + " A"),
    "home-el.png": ("el", prefa(12) + " B B"),
    "summary-el.png": ("el", prefa(12) + " B B " + prefa_next(12)),
    "pref-home.png": ("en", sochi(10) + " B B"),
    "pref-words.png": ("en", sochi(10) + " 2 7 1"),
    "pref-summary.png": ("en", sochi(10) + " B B " + sochi_next(10)),
    "kasa-home.png": ("en", kasa(10) + " B B"),
    "pot-home.png": ("en", scripted(*typist.script("preference_at", 3, 10)) + " B B"),
    "priffe-home.png": ("en", scripted(*typist.script("priffe", 3, 10)) + " B B"),
    # the games kept on the box, and a closed one viewed (menu Games): its settlement
    "games.png": ("en", prefa(6) + " C 3 # # " + sochi(4) + " B B C 5"),
    "closed.png": ("en", prefa(6) + " C 3 # # " + sochi(4) + " B B C 5 2"),
    # issue 24: what the box says
    "closed-hand.png": ("en", prefa(6) + " C 3 # # " + sochi(4) + " B B C 5 2 A #"),  # a closed game's hand, read only
    "close.png": ("en", prefa(6) + " C 3 #"),  # End game: who owes whom, and the question # answers
    # two hands fixed in a row: an edit opens on its summary, # saves it, the list comes back at it, "Saved"
    "saved.png": ("en", prefa(12) + " A # # 8 # #"),
    "refusal-el.png": ("el", REFUSED + " A 8 8 8 8 D #"),  # a deletion refused, said whole with what to do
    "pref-legend.png": ("en", sochi(10) + " B B " + sochi_next(10) + " 0"),  # the summary's codes spelled out
    "nokey.png": ("en", sochi(10) + " B B 2 7 1 9"),  # a key that does nothing says so
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
