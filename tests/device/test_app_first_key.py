"""Issue 37, item 2: a game's first hand after a boot draws its first step as fast as the next hands' (the pico-rig:
Sochi's, Balkan's and Priffe's first key 28-29 ms, was 36-39).  The family's texts (App.pt) are imported once the
boot's first frame is out, with its hand wizard (App.run's warm-up), not at the first key: importing them interns
each of their short strings, a search of the interned ones each (10 ms on the pico-rig)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kitapi_host.sim import typist
from testkit import Device, lines


def interned(dev: Device) -> set[str]:
    """The interned names (qstrs) the box holds now (the simulator's "i 1": each one; its code is in ROMFS, whose
    modules' own strings are not among them, their names are)."""
    n = len(dev.output)
    dev.fw.send("i 1\n")
    assert dev.fw.wait_ready(60)
    return set(re.findall(r"Q\((.*)\)$", "\n".join(dev.output[n:]), re.M))


@pytest.mark.parametrize(
    ("rules", "family", "text", "step"),
    [("sochi", "preferans", "Soloist?", "D"), ("priffe", "priffe", "Contract?", "1")],
)
def test_the_familys_texts_are_ready_before_the_first_key(
    tmp_path: Path, rules: str, family: str, text: str, step: str
) -> None:
    """Where the heap has room to spare (a Pico's 240 KB); in 64 KB they wait for the first hand, as before: kept from
    the boot they cost the whole game's heap (a Preferans game's random walk ran short of it over and over)."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    setup, hands = typist.script(rules, 1, 1)
    dev.keys(setup + hands[0])  # a game started and a hand saved
    dev.close()
    for heap, warmed in (("240K", True), ("64K", False)):
        dev = Device(data, heapsize=heap)  # the boot: the game's first frame, then the warm-up; no key yet
        name = f"kitapi.app.systems.{family}.lang_en"
        assert (name in interned(dev)) == warmed, heap  # (a module's name is interned as it loads)
        assert text in lines(dev.keys(step)[-1])  # its first step, in those words
        dev.close()
