"""Moving around the hands and mending them on the box (issue 16, items 6 and 8): one number per hand on
every screen, a deleted hand brought back, page keys and a jump in the hands list, * out of every screen,
names kept going back.  The real firmware in the simulator, on the MicroPython runtime."""

from __future__ import annotations

import json
from pathlib import Path

from test_app import NAMES, SETUP, Device, device_log, home_standings, lines

_HANDS = "161#### 271#### 0# 361#### "  # Ann 6S, Bob 7S, all passed, Cat 6S


def cursor(dev: Device) -> int:
    """The hand under the hands list's cursor, as D's confirmation names it (then * back to the list)."""
    question = lines(dev.keys("D")[-1])[0]
    dev.keys("*")
    return int(question.rstrip("?").split()[-1])


def test_a_hand_keeps_its_number_on_every_screen_after_undo_and_delete_and_comes_back(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + _HANDS)
    shown = dev.keys("L*")  # undo: the confirmation names the hand it acts on
    assert lines(shown[-1])[0] == "Undo hand 4?"
    shown = dev.keys("#")
    assert lines(shown[-1])[0] == "Hand 5"  # the log's next number: hand 4 stays hand 4, deleted
    shown = dev.keys("A 8 8 D")  # the hands list, hand 2: delete asks, naming it
    assert lines(shown[-1])[0] == "Delete hand 2?"
    shown = dev.keys("#")
    assert lines(shown[-1])[0] == "Hand 5"
    shown = dev.keys("1")  # a new hand's wizard says the same number as the home screen and the list
    assert lines(shown[-1])[0] == "Hand 5"
    shown = dev.keys("L* A")
    rows = lines(shown[-1])
    assert rows[0] == "Hands"
    # the deleted hands are marked, not "4 -": their contents struck out, and the key hint says D restores
    assert rows[1].startswith("  4 x") and len(rows[1]) > 6
    assert rows[3].startswith("  2 x") and rows[2].startswith("  3 ") and not rows[2].startswith("  3 x")
    assert "D:restore" in rows
    shown = dev.keys("8 8 D")  # hand 2 brought back: asked first, naming it
    assert lines(shown[-1])[0] == "Restore 2?"
    shown = dev.keys("#")
    res_home = home_standings(shown[-1])
    assert lines(shown[-1])[0] == "Hand 5"
    shown = dev.keys("A 8 8")
    rows = lines(shown[-1])
    assert rows[3].startswith("  2 ") and not rows[3].startswith("  2 x") and "#edit D:delete" in rows
    dev.keys("*")
    dev.close()
    log, res = device_log(data, tmp_path)
    ops = [json.loads(x) for x in log[1:]]
    assert ops[4] == {"delete": 4} and ops[5] == {"delete": 2}
    assert ops[6] == dict(ops[1], replace=2)  # the restore is a correction record: hand 2 as it was
    assert res["hands"] == 3  # hands 1-3 scored, hand 4 deleted
    assert res_home == list(zip(NAMES, res["pouch"], res["chips"], strict=True))


def test_the_hands_list_pages_and_jumps_by_number(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    dev.keys(SETUP + "0# " * 23)  # 23 passed-out hands
    shown = dev.keys("A")
    assert cursor(dev) == 23 and "A/B:page C:go to" in lines(shown[-1])
    shown = dev.keys("B")  # a page down: five hands older
    assert cursor(dev) == 18
    assert lines(shown[-1])[1].startswith(" 20 ")  # the page with hand 18 on it: 16-20
    shown = dev.keys("B B B")
    assert cursor(dev) == 3
    shown = dev.keys("B")  # no further than hand 1
    assert cursor(dev) == 1
    shown = dev.keys("A")
    assert cursor(dev) == 6
    shown = dev.keys("C 1")  # go to: the number typed shows in the title
    assert lines(shown[-1])[0] == "Go to 1_"
    shown = dev.keys("7 #")
    assert cursor(dev) == 17
    assert [s for x, y, s in shown[-1] if y == 8 * 4][0].startswith(" 17 ")  # on its page: 20, 19, 18, 17
    shown = dev.keys("C 9 9 #")  # past the last hand: the last
    assert cursor(dev) == 23
    shown = dev.keys("C 5 *")  # * gives up going
    assert cursor(dev) == 23
    shown = dev.keys("*")
    assert lines(shown[-1])[0] == "Hand 24"
    dev.close()


def test_star_leaves_who_owes_whom(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    dev.keys(SETUP + "161#### ")
    shown = dev.keys("B")
    assert "Who owes whom" in lines(shown[-1])
    shown = dev.keys("*")
    assert "Who owes whom" not in lines(shown[-1])
    assert home_standings(shown[-1]) == [("Ann", 98, -8), ("Bob", 100, 4), ("Cat", 100, 4)]
    dev.close()


def test_going_back_from_the_pouch_step_keeps_the_typed_names(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    at_pouch = SETUP[: SETUP.index("100#")]
    shown = dev.keys(at_pouch)
    assert "Pouch?" in lines(shown[-1])
    shown = dev.keys("*")  # back: the last name typed is there to pick again, first in the list
    assert "1 Cat" in lines(shown[-1])
    shown = dev.keys("*")  # and back once more: Bob too
    assert "1 Bob" in lines(shown[-1]) and "2 Cat" in lines(shown[-1])
    dev.keys("1 2 100# # # #")  # Bob, Cat picked again
    dev.close()
    log, _ = device_log(data, tmp_path)
    assert json.loads(log[0])["players"] == NAMES
