"""Issue 16, item 10: no sequence of games and restarts ends in a MemoryError at the simulator's 64 KB.

A game's modules are let go when another system's game starts, but their interned
names stay in the heap for good: a Sochi game started after a Prefa one ran out of
memory at the pool step.  The new-game wizard now always starts on a heap that has
held no game (``kitapi.app.menus.new_game``: a soft reset first, invisible but for a frame).
"""

from __future__ import annotations

from pathlib import Path

from kitapi.game import new_game
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from test_app import SETUP, Device, home_standings, lines

# Sochi, 3 players: two new names typed (Dan, Eve) and Ann from the names used before, pool 10.
SOCHI_FROM_MENU = "C 1 # 2 3 0 3~1500 2~1500 66# 0 33~1500 888~1500 33# 1 10# # # #"


def test_a_sochi_game_after_a_prefa_game_fits_in_64k(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + " 1 6 1 4 #")
    before = dev.fw.resets
    shown = dev.keys("C 1 #")  # (asked first: the Prefa game stays open)
    assert lines(shown[-1])[0] == "New game" and dev.fw.resets == before + 1  # the wizard, on a fresh heap
    dev.keys(SOCHI_FROM_MENU[len("C 1 # ") :])
    hdr = gen.preferans_header("sochi", 3, pool=10)
    hdr["players"] = ["Dan", "Eve", "Ann"]
    _, hands = gen.preferans_game(7, 12, "sochi", 3, pool=10)
    g = new_game(hdr)
    for h in hands:
        if g.over:
            break
        d = typist.device_form(g, h)
        shown = dev.keys(typist.pref_keys_for(g, d))
        g.play(d)
    assert not (dev.data / "crash.log").exists(), (dev.data / "crash.log").read_text()
    assert len(list((dev.data / "games").glob("*.kitapi"))) == 2
    dev.close()


def test_leaving_the_wizard_after_the_reset_goes_back_to_the_game(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + " 1 6 1 4 #")
    before = dev.fw.resets
    shown = dev.keys("C 1 # *")
    assert lines(shown[-1])[0] == "Hand 2"  # the Prefa game's home, its hand kept
    assert dev.fw.resets == before + 1
    shown = dev.keys("A")  # and its hands list opens (a restart, then A, ran out of memory once)
    assert lines(shown[-1])[0] == "Hands"
    dev.close()


def test_a_new_game_starts_on_a_fresh_heap(tmp_path: Path) -> None:
    """The new game on flash, the box resets softly and opens it: the wizard's names and pieces are gone."""
    dev = Device(tmp_path / "data", heapsize="64K")
    shown = dev.keys(SETUP[:-2])  # the wizard's last step: no reset yet
    assert dev.fw.resets == 0
    shown = dev.keys("#")
    assert dev.fw.resets == 1 and lines(shown[-1])[0] == "Hand 1"
    assert home_standings(shown[-1]) == [("Ann", 100, 0), ("Bob", 100, 0), ("Cat", 100, 0)]
    dev.close()


def test_an_unexpected_error_restarts_on_a_fresh_heap(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + " 1 6 1 4 #")
    before = dev.fw.resets  # (the new game's start was one)
    dev.fw.send("x\n")  # a fault: the crash screen, then a soft reset into the game
    assert dev.fw.wait_ready(60)
    assert lines(dev.fw.texts) == ["Error", "RuntimeError", "restarting..."]
    shown = dev.keys("#")
    assert dev.fw.resets == before + 1 and lines(shown[-1])[0] == "Hand 2"
    (dev.data / "crash.log").unlink()  # (the fault's, expected)
    dev.close()


def test_a_fresh_game_then_a_restart_then_the_hands_list(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP)
    dev.close()
    dev = Device(data, heapsize="64K")
    shown = dev.keys("A")
    assert lines(shown[-1])[0] == "Hands"
    dev.close()
