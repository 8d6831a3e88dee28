"""Issue 37, item 4: every system starts and takes a typed game at the simulator's 64 KB heap in every
language the box speaks (kitapi.registry × en/el/ru); a Russian Sochi game once dropped back to "Нет игры"
at "#начать" with nothing said and no log written (the language's tables held the heap it needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitapi.registry import rows
from kitapi_host.sim import typist
from testkit import Device, device_log, lines

IDS = [r[0] for r in rows()]
HANDS = 4
NO_GAME = {"en": "No game", "el": "Καμία παρτίδα", "ru": "Нет игры"}


def device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="64K")


@pytest.mark.parametrize("code", ["en", "el", "ru"])
@pytest.mark.parametrize("rules", IDS)
def test_every_system_starts_and_takes_a_typed_game_at_64k(tmp_path: Path, rules: str, code: str) -> None:
    dev = device(tmp_path, code)
    setup, hands = typist.script(rules, 1, HANDS)
    home = lines(dev.keys(setup)[-1])
    assert not any(NO_GAME[code] in s for s in home), home  # the game's home screen, not the start menu
    for keys in hands:
        home = lines(dev.keys(keys)[-1])
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == rules
    assert len(log) == 1 + len(hands), log


# what the box says, short of heap: the refusal screen's title and the start of message 112 (kitapi.messages)
OUT = {
    "en": ("Not started", "Out of memory", "not enough memory"),
    "el": ("Δεν ξεκίνησε", "Χωρίς μνήμη", "δεν φτάνει η μνήμη"),
    "ru": ("Не начата", "Нет памяти", "не хватает памяти"),
}


def held(dev: Device, free: int) -> None:
    """The simulator's "h N": the heap held until ``free`` bytes are left, till the next reset (an evening
    that has cut the heap up)."""
    dev.fw.send(f"h {free}\n")
    assert dev.fw.wait_ready(60)


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_a_new_game_short_of_heap_says_so_and_opens_the_wizard_again(tmp_path: Path, code: str) -> None:
    """The heap held as "#start" is pressed: not a silent start menu, but "Not started", not enough memory,
    in the player's language; # then the new-game wizard again, on a fresh heap, and the game starts there."""
    dev = device(tmp_path, code)
    setup, hands = typist.script("balkan", 1, 2)
    first = dev.keys(setup[: setup.rindex("#")])  # up to the start screen
    held(dev, 300)
    said = lines(dev.keys("#")[-1])
    assert said[0] == OUT[code][0] and " ".join(said[1:]).startswith(OUT[code][2]), said  # "Not started"
    assert not (dev.data / "games").exists() or not list((dev.data / "games").glob("*.kitapi"))
    shown = lines(dev.keys("#")[-1])  # the wizard again, at its first step (its rules)
    assert shown[:3] == lines(first[0])[:3], (shown, first)
    dev.keys(setup[2:])  # (the wizard's keys, its "1" from the start menu left out)
    for keys in hands:
        dev.keys(keys)
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == "balkan" and len(log) == 1 + len(hands)


def test_the_bench_tables_the_core_on_the_box_and_the_lowest_free_heap() -> None:
    """``kitapi bench``'s figures for the README's table: the .mpy bytes of kitapi.game and of every rules
    module the registry names, and a typed game's lowest free heap at 64 KB (a few hands here)."""
    from kitapi_host.bench.device import core_sizes, lowest_free

    sizes = dict(core_sizes())
    assert sizes["kitapi.game"] > 1000
    assert {f"kitapi.rules.{r[2]}" for r in rows()} <= set(sizes), sizes
    free = lowest_free("balkan", 3)
    assert 0 < free < 64 * 1024


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_a_menu_short_of_heap_says_so_and_goes_back_to_the_game(tmp_path: Path, code: str) -> None:
    """A game open, the heap held short as its menu is asked for (C): the box resets softly and says "Out of
    memory" in the player's language, not a silent home screen; # then the game, its hands kept."""
    dev = device(tmp_path, code)
    setup, hands = typist.script("prefa", 1, 2)
    dev.keys(setup)
    home = lines(dev.keys(hands[0])[-1])
    before = dev.fw.resets
    held(dev, 100)
    said = lines(dev.keys("C")[-1])
    assert dev.fw.resets == before + 1
    assert said[0] == OUT[code][1] and " ".join(said[1:]).startswith(OUT[code][2]), said
    after = lines(dev.keys("#")[-1])
    assert after[0] == home[0] and after[2:] == home[2:], (after, home)  # hand 2's home (row 1: a message)
    dev.keys(hands[1])
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert len(log) == 1 + len(hands)
