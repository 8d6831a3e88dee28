"""Editing a past hand on the device (issue 16, items 1 and 2): the real firmware in the simulator.

A hand opened from the hands list is previewed against the game as it stood before that hand
(Game.preview on the game replayed up to it), so its summary is the one it showed when it was new,
in every system; a correction in a game that has ended is previewed like any other, and the
game's end is recomputed from the corrected log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kitapi.game import new_game
from kitapi.registry import rows
from kitapi.rules import load
from kitapi_host.families import family_name
from kitapi_host.families.pot import suit_or_chips
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from test_app_preferans import NAMES, setup_keys
from testkit import SETUP, Device, balkan_turns, device_log, lines, new_game_keys

Screen = list[tuple[int, int, str]]

# Prefa, Ann Bob Cat, pouch 5 (the issue's example)
SETUP5 = SETUP.replace(" 100# ", " 5# ")


def test_the_issues_prefa_example_previews_hand_1_as_it_was(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    dev.keys(SETUP5)
    new = dev.keys("1 6 1 4")[-1]  # Ann 6 spades, both defenders out: the summary before the save
    assert lines(new) == ["Hand 1", "Ann 6♠ ✓", "Ann pouch", "-2", "#save *back"]
    dev.keys("#  2 6 1 1 # # #  1 6 3 4 #")
    edit = dev.keys("A 8 8 #")[-1]  # the hands list, down to hand 1, edit it
    assert edit == new  # not "Cat->Ann 20, Cat pouch -2" (the preview against today's standings)
    dev.keys("* * * * *")  # back out of the wizard: nothing saved
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert len(log) == 4 and res["hands"] == 3


def test_a_sochi_edit_previews_the_hand_against_the_pools_before_it(tmp_path: Path) -> None:
    hdr = {"kitapi": 1, "rules": "sochi", "players": NAMES[:3], "options": {"pool": 4}, "dealer": 0}
    hands = [  # Bob's six twice fills his pool of 4; then Ann's six
        {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "pass"], "open": False, "tricks": [0, 6, 4]},
        {"dealer": 1, "soloist": 1, "contract": "6S", "whist": ["whist", "pass"], "open": False, "tricks": [0, 6, 4]},
        {"dealer": 2, "soloist": 0, "contract": "6S", "whist": ["whist", "pass"], "open": False, "tricks": [6, 4, 0]},
    ]
    g = new_game(hdr)
    keys = []
    for h in hands:
        keys.append(typist.hand_keys(g, h).rstrip())
        g.play(h)
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys("sochi", 3, 4))
    new = dev.keys(keys[0][:-1])[-1]
    assert lines(new)[1:5] == ["0:?", "Bob 6♠ w- =", "Bob P+2", "Cat W+8"], lines(new)  # (0:? the legend key)
    dev.keys("# " + " ".join(keys[1:]))
    edit = dev.keys("A 8 8 #")[-1]
    # against today's pools Bob's is full: his 2 would go to Ann's pool and be written on him
    assert edit == new, lines(edit)
    changed = dev.keys("* 5")[-1]  # Bob took 5: one short, against the same standings
    assert lines(changed)[2:6] == ["Bob 6♠ w- -1", "Ann W+2", "Bob H+2", "Cat W+12"], lines(changed)
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert [json.loads(x) for x in log[1:]] == hands and res["pool"] == [2, 4, 0]


# Each system's game is small enough to end within a few hands (pouch, pool, kasa, chips, rubbers),
# so that what a hand changes depends on the standings before it (an emptied pouch or kasa, a full
# pool, a stock that runs out, the rubber's score), and the game is over when its hands are edited.
HANDS = 40


def _prefa() -> tuple[str, list[str]]:
    hdr, hs = gen.generate("prefa", 3, HANDS, pouch=10)
    return SETUP.replace(" 100# ", " 10# "), typist.game_keys(hdr, hs)


def _preferans(rules: str) -> tuple[str, list[str]]:
    hdr, hs = gen.generate(rules, 4, HANDS, 3, pool=10)
    hdr["players"] = NAMES[:3]
    g = new_game(hdr)
    keys = []
    for h in hs:
        d = typist.device_form(g, h)
        keys.append(typist.hand_keys(g, d))
        g.play(d)
    return setup_keys(rules, 3, 10), keys


def _balkan() -> tuple[str, list[str]]:
    """Balkan hands (testkit.balkan_turns, pool 10) and their keys."""
    hdr, hs = balkan_turns(HANDS, 10)
    g = new_game(hdr)
    keys = []
    for h in hs:
        keys.append(typist.hand_keys(g, h))
        g.play(h)
    return new_game_keys("balkan") + " 3 " + " ".join(typist.TYPED[:3]) + " 10# # # #", keys


def _script(system: str) -> tuple[str, list[str]]:
    """A small game of ``system``, by its family (the registry's column) and what its class says it is."""
    family = family_name(system)
    if family == "prefa":
        return _prefa()
    if family == "preferans":  # a contract a level and a suit (Sochi, Leningrad, Rostov), or a number (Balkan)
        return _balkan() if load(system).NUMBERED else _preferans(system)
    if family == "kasa":
        hdr, hs = gen.generate(system, 6, HANDS, 3, kasa=60)
        return new_game_keys(system) + " 3 " + " ".join(typist.TYPED[:3]) + " 60# # # #", typist.game_keys(hdr, hs)
    if family == "priffe":
        hdr, hs = gen.generate(system, 7, HANDS, rubbers=1)
        return typist.setup_keys(system, 4, 1), typist.game_keys(hdr, hs)
    chips = 150 if suit_or_chips(load(system)) else 60  # (American: a bid of chips wants a deeper stock)
    hdr, hs = gen.generate(system, 8, HANDS, chips=chips)
    return typist.setup_keys(system, 3, chips), typist.game_keys(hdr, hs)


SYSTEMS = [r[0] for r in rows()]


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_edited_hand_shows_what_it_showed_when_it_was_new(tmp_path: Path, system: str) -> None:
    setup, keys = _script(system)
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup)
    summaries: list[Screen] = []
    shown: Screen = []
    for k in keys:
        k = k.rstrip()
        assert k.endswith("#")
        summaries.append(dev.keys(k[:-1])[-1])  # the summary, before the save
        shown = dev.keys("#")[-1]
    assert lines(shown)[0] == "Settle up", lines(shown)  # the last hand ended the game
    assert lines(dev.keys("*")[-1])[0] == "Game over"
    seq = len(keys)
    assert seq >= 3
    for number in sorted({1, 2, seq // 2, seq - 1, seq}):
        shown = dev.keys("A" + "8" * (seq - number) + "#")[-1]
        assert lines(shown)[0] == f"Hand {number}"
        assert shown == summaries[number - 1], (number, lines(shown), lines(summaries[number - 1]))
        dev.keys("*" * 9)  # back out, step by step, to the home screen: nothing saved
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert len(log) == 1 + seq and res["over"]  # no correction was written


def test_a_correction_in_an_ended_sochi_game_is_previewed_and_reopens_the_game(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys("sochi", 3, 2))  # pools of 2: three made sixes fill them
    new = dev.keys("2 6 1 2 #")[-1]
    dev.keys("#  3 6 1 2 # #")
    shown = dev.keys("1 6 1 2 # #")[-1]
    assert lines(shown)[0] == "Settle up"  # the pools are full: the game is over
    shown = dev.keys("*")[-1]
    assert lines(shown)[0] == "Game over"
    edit = dev.keys("A 8 8 #")[-1]  # hand 1, Bob's six
    assert edit == new  # not "the game is over : no hand can fo"
    changed = dev.keys("* 5")[-1]  # Bob took 5: one short
    assert lines(changed) == ["Hand 1", "0:?", "Bob 6♠ w- -1", "Ann W+2", "Bob H+2", "Cat W+12", "#save A:open"]
    shown = dev.keys("#")[-1]  # saved: the end recomputed from the corrected log, said on the hands list
    assert lines(shown)[:2] == ["Reopened", "1/3 0:?"] and lines(shown)[-2] == "Saved", lines(shown)
    assert lines(dev.keys("*")[-1])[0] == "Hand 4"
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[-1]) == {"replace": 1, "dealer": 0, "soloist": 1, "contract": "6S",
                                   "whist": ["whist", "pass"], "open": False, "tricks": [0, 5, 5]}  # fmt: skip
    assert not res["over"] and res["pool"] == [2, 0, 2]


def test_a_correction_that_ends_a_game_again_says_so(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys("sochi", 3, 2))
    dev.keys("2 6 1 2 # #  3 6 1 2 # #  1 6 1 2 # # *")  # the pools full: over
    dev.keys("A 8 8 # * 5 #")  # hand 1 corrected to a failed six: reopened
    shown = dev.keys("# * 6 #")[-1]  # and, from the list still at it, back to the six made: over again
    assert lines(shown)[:2] == ["Game over", "0:?"] and lines(shown)[-2] == "Saved", lines(shown)
    assert lines(dev.keys("*")[-1])[0] == "Game over"
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    assert res["over"] and res["pool"] == [2, 2, 2]


@pytest.mark.parametrize("system", ["prefa", "sochi"])
def test_editing_a_hand_holds_one_game_in_the_heap(tmp_path: Path, system: str) -> None:
    """The game being played is let go while a hand is edited against the game before it (and replayed
    when the wizard is left): the live heap at the edit's summary stays within a small margin of the home
    screen's, as it did when the edit previewed against the game being played (the hands list's page, the
    wizard, the preview's buffer: 1.5 KB, 1.7 KB for Sochi since its screens abbreviate names and the
    edit's absolute peak fell by 2.6 KB with the systems' plug-ins), not one game more."""
    setup, keys = _prefa() if system == "prefa" else _preferans("sochi")
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup + " " + " ".join(k.rstrip() for k in keys[:-1]))  # all but the hand that ends the game
    home = dev.heap()
    seq = len(keys) - 1
    shown = dev.keys("A" + "8" * (seq // 2) + "#")[-1]
    assert lines(shown)[0] == f"Hand {seq - seq // 2}"
    edit = dev.heap()
    shown = dev.keys("*" * 9)[-1]
    assert lines(shown)[0] == f"Hand {seq + 1}"  # back home: the game replayed
    after = dev.heap()
    dev.close()
    assert edit - home <= 2048, (home, edit)
    assert after - home <= 1024, (home, after)
