"""The box's navigation stack (issue 14, item 3: App.go and App.back): * on a screen comes back to the
screen that opened it, from every screen that opens another, and the stack empties at the home screen and
the start menu, so that no screen left behind stays in the heap.  The real firmware in the simulator, on
the MicroPython runtime."""

from __future__ import annotations

from pathlib import Path

from testkit import SETUP, Device, lines

_HANDS = "161#### 271#### 0#"  # Ann 6S, Bob 7S, all passed


def titles(dev: Device, script: str) -> list[str]:
    """The first line of the screen after each key of ``script`` (keys apart by spaces)."""
    return [lines(dev.keys(k)[-1])[0] for k in script.split()]


def test_star_comes_back_to_the_screen_that_opened_this_one(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    assert titles(dev, "2 * ") == ["Settings", "No game"]  # the start menu's settings
    dev.keys(SETUP + _HANDS)
    assert titles(dev, "C 4 * *") == ["Menu", "Settings", "Menu", "Hand 4"]
    assert titles(dev, "A 8 D * *") == ["Hands", "Hands", "Delete hand 2?", "Hands", "Hand 4"]
    assert titles(dev, "C 3 * *") == ["Menu", "End game?", "Menu", "Hand 4"]
    assert titles(dev, "C 1 * *") == ["Menu", "New game?", "Menu", "Hand 4"]
    assert titles(dev, "L* *") == ["Undo hand 3?", "Hand 4"]
    assert titles(dev, "C 2 *") == ["Menu", "Hands", "Hand 4"]  # the menu's hands: * home, as from the home screen
    dev.close()


def test_a_closed_games_hands_come_back_to_its_home_screen(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    dev.keys(SETUP + _HANDS + " C 3 # #")  # the game ended, closed
    assert titles(dev, "3") == ["Games"]  # the start menu's games
    viewed = lines(dev.keys("1")[-1])  # the closed one, viewed: its home screen
    assert "1 Game closed" in viewed
    assert titles(dev, "A") == ["Hands"]
    assert lines(dev.keys("*")[-1]) == viewed  # its own home screen, read only
    dev.close()


def test_the_stack_keeps_no_screen_once_home(tmp_path: Path) -> None:
    """The heap at the home screen is the same after a walk through menus, settings, questions and the hands
    list as before it (the walk done once before, so that its interned names are in the heap already; twice: the
    first writes the settings, and the boot it ends in keeps the home frame for them, kitapi.app.kept, which the
    boots after show)."""
    walk = "C 4 * 3 * * A D * * C 5 *"
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + _HANDS)
    dev.keys(walk)
    dev.keys(walk)
    before = dev.heap()
    dev.keys(walk)
    assert dev.heap() == before
    dev.close()
