"""Moving around the hands and mending them on the box (issue 16, items 6 and 8): one number per hand on
every screen, a deleted hand brought back, page keys and a jump in the hands list, * out of every screen,
names kept going back.  The real firmware in the simulator, on the MicroPython runtime."""

from __future__ import annotations

import json
from pathlib import Path

from kitapi.game import result_json
from kitapi_host import logs
from kitapi_host.sim.pick import rules_keys
from test_app import NAMES, SETUP, Device, device_log, home_standings, lines


def listed(texts: list[tuple[int, int, str]]) -> list[str]:
    """The lines of a screen but the title bar's right-hand text (the hands list's "row/of")."""
    return lines([t for t in texts if t[1] > 0 or t[0] == 0])


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
    shown = dev.keys("#")  # deleted: the list again, at hand 2, struck out
    rows = listed(shown[-1])
    assert rows[0] == "Hands" and rows[3].startswith(" x2 ") and "Deleted" in rows
    shown = dev.keys("*")
    assert lines(shown[-1])[0] == "Hand 5"
    shown = dev.keys("1")  # a new hand's wizard says the same number as the home screen and the list
    assert lines(shown[-1])[0] == "Hand 5"
    shown = dev.keys("L* A")
    rows = listed(shown[-1])
    assert rows[0] == "Hands"
    # the deleted hands are marked, not "4 -": their contents struck out, and the key hint says D restores
    assert rows[1].startswith(" x4 ") and len(rows[1]) > 6
    assert rows[3].startswith(" x2 ") and rows[2].startswith("  3 ") and not rows[2].startswith(" x3 ")
    assert "D:restore" in rows
    shown = dev.keys("8 8 D")  # hand 2 brought back: asked first, naming it
    assert lines(shown[-1])[0] == "Restore 2?"
    shown = dev.keys("#")  # restored: the list again at hand 2, no longer struck out
    rows = listed(shown[-1])
    assert rows[3].startswith("  2 ") and not rows[3].startswith(" x2 ") and "Restored" in rows
    assert "#edit D:delete" in rows
    shown = dev.keys("*")
    res_home = home_standings(shown[-1])
    assert lines(shown[-1])[0] == "Hand 5"
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
    assert listed(shown[-1])[1].startswith(" 20 ")  # the page with hand 18 on it: 16-20
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


def day(data: Path, k: int) -> str:
    """The day game ``k`` started, as the games list shows it: "21.11" (its header's ``started``, UTC)."""
    from kitapi.devlog import DevLogReader

    with (data / "games" / f"{k:04d}.kitapi").open("rb") as f:
        started = DevLogReader(f).header()["started"]
    return started[8:10] + "." + started[5:7]


def test_a_closed_games_settlement_standings_and_hands_stay_viewable(tmp_path: Path) -> None:
    """Issue 16, item 3: ending early says what is dropped; after "Game closed" the game is still on the box
    (menu Games): its settlement, standings and hands, read only; * comes back."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271#### ")
    shown = dev.keys("C 3")  # End game, early: what stays in the pouches is said
    assert lines(shown[-1])[:5] == ["End game?", "Still in pouches", "Ann 98", "Bob 93", "Cat 100"]
    dev.keys("#")  # the settlement ...
    shown = dev.keys("#")  # ... closes the game
    assert "Game closed" in lines(shown[-1]) and "3 Games" in lines(shown[-1])
    shown = dev.keys("3")
    assert lines(shown[-1])[:4] == ["Games", "1", f"1 Prefa {day(data, 1)}", "Ann Bob Cat"]  # closed: no + mark
    shown = dev.keys("1")  # viewed: its settlement first
    rows = listed(shown[-1])
    assert rows[0] == "Game over" and rows[1] == "1 Game closed" and "Who owes whom" in rows
    settled = rows
    _, res = device_log(data, tmp_path)
    shown = dev.keys("B")  # its standings
    assert home_standings(shown[-1]) == list(zip(NAMES, res["pouch"], res["chips"], strict=True))
    shown = dev.keys("A")  # its hands, read only: D deletes nothing, it says the game is closed
    rows = listed(shown[-1])
    assert rows[1].startswith("  2 Bob") and rows[2].startswith("  1 Ann") and "#edit D:delete" not in rows
    assert rows[-1] == "#view *back" and listed(dev.keys("D")[-1]) == ["Game closed", *rows[1:]]  # said in the title
    shown = dev.keys("#")  # hand 2, the cursor's: its summary, read only (test_app_view has more)
    assert lines(shown[-1])[0] == "Hand 2" and lines(shown[-1])[-1] == "Read only *back"
    assert listed(dev.keys("*")[-1]) == rows
    shown = dev.keys("* B")
    assert lines(shown[-1]) == settled
    shown = dev.keys("*  *")  # back to where the box was: no game being played
    assert lines(shown[-1])[0] == "No game"
    dev.close()
    log, res2 = device_log(data, tmp_path)
    assert res2 == res and json.loads(log[-1]) == {"end": True}  # nothing written while viewing


def test_a_new_game_asks_first_and_an_open_game_is_resumed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### ")
    shown = dev.keys("C 1")  # a new game while this one is open: asked first
    assert lines(shown[-1])[:2] == ["New game?", "This game stays"]
    shown = dev.keys("*")
    assert lines(shown[-1])[0] == "Menu"
    dev.keys(
        "1 # " + rules_keys("prefa") + " 3 1 2 3 100# # # #"
    )  # yes: a second game, the names picked from those used before
    shown = dev.keys("271#### C 5")  # Bob 7S in it; the games kept: the second being played, the first open
    assert [s for x, _, s in sorted(shown[-1], key=lambda t: t[1]) if x in (0, 8)][:5] == [
        "Games", f"1 Prefa {day(data, 2)}", "Ann Bob Cat", f"2 Prefa {day(data, 1)}", "Ann Bob Cat"]  # fmt: skip
    assert [s for x, y, s in shown[-1] if x == 120] == [">", "+"]
    shown = dev.keys("2")
    assert lines(shown[-1])[0] == "Resume game 1?"
    shown = dev.keys("#")  # the first game again, where it was
    assert lines(shown[-1])[0] == "Hand 2"
    assert home_standings(shown[-1]) == [("Ann", 98, -8), ("Bob", 100, 4), ("Cat", 100, 4)]
    dev.keys("361#### ")  # a hand in it: Cat 6S
    shown = dev.keys("C 5 1 #")  # and back to the second (now the one left open, first in the list)
    second = home_standings(shown[-1])
    dev.close()
    assert (data / "current").read_text().strip() == "0002.kitapi"
    first = [json.loads(x) for x in _jsonl(data / "games" / "0001.kitapi", tmp_path)]
    assert len(first) == 3 and first[2]["bidder"] == 2
    g, _ = logs.replay_file(data / "games" / "0002.kitapi")
    res = json.loads(result_json(g))
    assert res["hands"] == 1 and second == list(zip(NAMES, res["pouch"], res["chips"], strict=True))


def _jsonl(game: Path, tmp: Path) -> list[str]:
    out = tmp / (game.stem + ".jsonl")
    logs.convert(game, out)
    return out.read_text().splitlines()


def test_a_closed_games_title_is_whole_in_every_language(tmp_path: Path) -> None:
    """Issue 24, item 3: the viewed closed game's row 1 in Greek read "1 Παρτίδα κλειστ" (cut at 16); now a
    word was shortened with a dot ("1 Παρτί. κλειστή", issue 36, item 4); now less is said, in whole words."""
    for code, want in (("en", "1 Game closed"), ("el", "1 κλειστή"), ("ru", "1 Игра закрыта")):
        data = tmp_path / code / "data"
        data.mkdir(parents=True)
        (data / "settings").write_text(f"255 60 {code}\n")
        dev = Device(data)
        dev.keys(SETUP + "161#### C 3 # #")  # a hand, End game, settled: closed
        shown = lines(dev.keys("3 1")[-1])  # Games, the first: viewed
        dev.close()
        assert shown[1] == want, shown
