"""The box asleep whenever it waits for a key, as the Pico sleeps (issue 37, item 1): the simulated board's wait is
the Pico's ``lightsleep`` until the timeout or a key's edge (boards/sim.py), and the board counts its sleeps and the
ones a key ended (its answer ``S <sleeps> <woken by a key> <display on>`` to an ``s`` line)."""

from __future__ import annotations

import json
from pathlib import Path

from kitapi_host.sim.firmware import parse_script
from testkit import SETUP, Device, device_log, lines


def sleeps(dev: Device) -> tuple[int, int, int]:
    """The board's (sleeps, sleeps a key ended, display on), once every line sent before has been read."""
    seen = sum(1 for x in dev.output if x.startswith("S "))
    dev.fw.send("s\n")
    while sum(1 for x in dev.output if x.startswith("S ")) == seen:
        assert dev.fw.wait_ready(60), dev.output
    naps, woken, on = [x for x in dev.output if x.startswith("S ")][-1].split()[1:]
    return int(naps), int(woken), int(on)


def test_a_key_wakes_the_box_from_its_sleep_with_the_display_on_and_off(tmp_path: Path) -> None:
    dev = Device(tmp_path)
    dev.keys(SETUP)
    naps, woken, on = sleeps(dev)
    assert naps > 0 and on == 1  # at the home screen, the display on: asleep
    shown = dev.keys("1")
    assert lines(shown[-1])[0] == "Hand 1"
    naps2, woken2, on = sleeps(dev)
    assert woken2 == woken + 1 and naps2 > naps and on == 1  # the key ended a sleep, and the box sleeps again
    dev.keys("*")
    dev.keys("~61s")  # 60 s without a key: the display off, and the box asleep again
    assert not dev.fw.on
    naps3, woken3, on = sleeps(dev)
    assert naps3 > naps2 and woken3 == woken2 + 1 and on == 0
    dev.keys("1")  # the key wakes the box and the display (and is not acted on)
    naps4, woken4, on = sleeps(dev)
    assert dev.fw.on and on == 1 and woken4 == woken3 + 1 and naps4 > naps3
    dev.close()


def test_a_burst_of_ten_keys_30_ms_apart_loses_none(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP)
    _, woken, _ = sleeps(dev)
    burst = "".join(s.line for s in parse_script(" ~30 ".join("0#" * 5)))  # 5 passed-out hands, all sent at once
    frames = dev.fw.frames
    dev.fw.send(burst)
    _, woken2, _ = sleeps(dev)  # (read after the whole burst)
    assert woken2 == woken + 10  # each key ended a sleep
    assert dev.fw.frames >= frames + 10  # a screen for each
    assert lines(dev.fw.texts)[0] == "Hand 6"
    dev.close()
    log, _ = device_log(data, tmp_path)
    assert [json.loads(x) for x in log[1:]] == [{"dealer": i % 3, "pass": True} for i in range(5)]
