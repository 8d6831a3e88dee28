"""Issue 37, item 4: every system starts and takes a typed game at the simulator's 64 KB heap in every language
the box speaks (kitapi.registry x en/el/ru); a Greek or Russian Balkan game once dropped back to "No game" at
"#start" with nothing said and no log written (the new-game wizard had cut the heap up: its header is now
checked and written on a fresh heap, App.start_game).  Each game's heap left is said (-s shows it): the
interned names of a game stay under the unix port's sixth pool (docs/figures.md), which alone costs 7.7 KB."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kitapi.registry import rows
from kitapi_host.sim import typist
from testkit import Device, device_log, lines

IDS = [r[0] for r in rows()]
CODES = ("en", "el", "ru")
HANDS = 4
NO_GAME = {"en": "No game", "el": "Καμία παρτίδα", "ru": "Нет игры"}
# the unix port's interned names' pools (20, 40, 80, 160, 320, then 640 names): the sixth begins past 620
SIXTH_POOL = 620


def device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="64K")


def names(dev: Device) -> int:
    """The interned names (qstrs) the box holds now (the simulator's "i": micropython.qstr_info())."""
    n = len(dev.output)
    dev.fw.send("i\n")
    assert dev.fw.wait_ready(60)
    m = re.search(r"n_qstr=(\d+)", " ".join(dev.output[n:]))
    assert m, dev.output[n:]
    return int(m.group(1))


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("rules", IDS)
def test_every_system_starts_and_takes_a_typed_game_at_64k(tmp_path: Path, rules: str, code: str) -> None:
    dev = device(tmp_path, code)
    setup, hands = typist.script(rules, 1, HANDS)
    home = lines(dev.keys(setup)[-1])
    assert not any(NO_GAME[code] in s for s in home), home  # the game's home screen, not the start menu
    for keys in hands:
        dev.keys(keys)
    heap = dev.heap()
    listed = dev.keys("A")[-1]  # the hands list and its legend: the game's highest heap
    assert listed and dev.keys("0")[-1] != listed
    most, held = dev.heap(), names(dev)
    print(f"{rules} {code}: {65536 - heap} bytes free after {HANDS} hands, {65536 - most} at the legend, {held} names")
    assert held < SIXTH_POOL, held
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == rules
    assert len(log) == 1 + len(hands), log


def held(dev: Device, free: int) -> None:
    """The simulator's "h N": the heap held until ``free`` bytes are left, till the next reset (an evening
    that has cut the heap up)."""
    dev.fw.send(f"h {free}\n")
    assert dev.fw.wait_ready(60)


@pytest.mark.parametrize("code", CODES)
def test_a_new_game_starts_from_a_wizard_short_of_heap(tmp_path: Path, code: str) -> None:
    """The heap held, cut up, as "#start" is pressed: the header is put on flash a piece at a time, and the
    game is checked, written and opened after a soft reset, on a fresh heap (before: "No game", no log)."""
    dev = device(tmp_path, code)
    setup, hands = typist.script("balkan", 1, 2)
    dev.keys(setup[: setup.rindex("#")])  # up to the start step
    held(dev, 1500)
    home = lines(dev.keys("#")[-1])
    assert not any(NO_GAME[code] in s for s in home), home
    for keys in hands:
        dev.keys(keys)
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == "balkan" and len(log) == 1 + len(hands)


# what the box says after it ran out of heap: the title, the start of its words (kitapi.app.refusal.WORDS)
OUT = {
    "en": ("Out of memory", "The box ran out"),
    "el": ("Χωρίς μνήμη", "Η μνήμη τελείωσε"),
    "ru": ("Нет памяти", "Не хватило"),
}
OK = {"en": "#ok", "el": "#εντάξει", "ru": "#ок"}  # its key, on the last row: its words in 6 rows at most


@pytest.mark.parametrize("code", CODES)
def test_a_box_short_of_heap_says_so_and_keeps_the_game(tmp_path: Path, code: str) -> None:
    """The heap held, cut up, at a game's home screen: the hands list has no room.  The box resets softly (as
    before), and now says so in the player's language, not a silent home screen; # then the game, every hand
    typed kept, and no crash (before: the home screen again, as if nothing had been pressed)."""
    dev = device(tmp_path, code)
    setup, hands = typist.script("sochi", 1, 2)
    dev.keys(setup)
    for keys in hands:
        dev.keys(keys)
    home = lines(dev.fw.texts)
    before = dev.fw.resets
    held(dev, 200)
    said = lines(dev.keys("A")[-1])
    assert dev.fw.resets == before + 1
    assert said[0] == OUT[code][0] and " ".join(said[1:-1]).startswith(OUT[code][1]) and said[-1] == OK[code], said
    back = lines(dev.keys("#")[-1])
    assert back[0] == home[0] and back[2:] == home[2:], (back, home)  # the same game's home, hand 3 next
    assert not (dev.data / "next").exists()
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert len(log) == 1 + len(hands)
