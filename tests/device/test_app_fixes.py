"""Closing a game, as the box says it (issue 24, item 10): the real firmware in the simulator, in English, Greek
and Russian.

- The end of a game asks "Close the game and settle?" above its keys; a finished game's new-game prompt
  says what becomes of it (it stays open: settled later from Games), not that "menu 5 resumes it" to play on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitapi.app import ask as ask_words
from kitapi.app import menus
from lang_table import table
from test_app_preferans import setup_keys
from test_app_screens import problems, vocabulary
from testkit import SETUP, Device, device_log, lines

Screen = list[tuple[int, int, str]]
LANGUAGES = ("en", "el", "ru")
# Prefa, 3 players, pouch 100: Ann 6 spades, Bob 7 spades, all passed (names typed: other letters in el, ru)
THREE = SETUP + "161#### 271#### 0#"
# Sochi, 3 players, pools of 2: three sixes made fill them, the game over
SOCHI_OVER = setup_keys("sochi", 3, 2) + " 2 6 1 2 # #  3 6 1 2 # #  1 6 1 2 # #"


def _device(tmp_path: Path, code: str, heapsize: str = "64K") -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize=heapsize)


def _clean(screens: list[Screen]) -> None:
    """Every screen whole: nothing cut, outside or on another text, and its keys named."""
    words = vocabulary()
    for s in screens:
        assert not problems(s, words), (problems(s, words), lines(s))


# --- item 10: closing is said ----------------------------------------------------------------------------


def _question(code: str) -> list[str]:
    return menus.WORDS[LANGUAGES.index(code)].split("|")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_finished_games_seat_key_asks_to_close_the_game_and_settle(tmp_path: Path, code: str) -> None:
    t = table(code)
    q = _question(code)
    dev = _device(tmp_path, code, heapsize="96K")
    last = dev.keys(SOCHI_OVER)  # the hand that fills the pools: the settlement, asked
    shown = lines(last[-1])
    assert shown[0] == t.SETTLE and shown[-3:] == [q[0], q[1], t.CONFIRM], shown
    home = dev.keys("*")
    assert lines(home[-1])[0] == t.GAME_OVER
    again = dev.keys("2")  # any seat key on the finished game: the same question
    assert again[-1] == last[-1]
    _clean([last[-1]] + again)
    closed = lines(dev.keys("#")[-1])
    assert t.CLOSED in closed and closed[0] == t.NO_GAME
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[-1]) == {"end": True}


@pytest.mark.parametrize("code", LANGUAGES)
def test_three_payments_of_two_rows_leave_the_question_its_short_form_in_the_title(tmp_path: Path, code: str) -> None:
    """Sochi, 4 players, 0.50 a whist (tests/device/test_app_settle.py): Bob owes all three, each payment on two
    rows; rows 1-6 are theirs, so the question is the title, whole, in one row."""
    t = table(code)
    q = _question(code)
    dev = _device(tmp_path, code, heapsize="96K")
    typed = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8# 0 3~1500 2~1500 66#"
    dev.keys("1 2 4 " + typed + " 10 A 0 B 5 # # # #  2 8 1 # 4 #")
    end = dev.keys("C 3 #")  # End game? yes: the settlement
    shown = lines(end[-1])
    assert shown[0] == q[2] and shown[-1] == t.CONFIRM and len([s for s in shown if "=" in s]) == 3, shown
    _clean(end)
    dev.keys("*")
    dev.close()


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_finished_games_new_game_prompt_says_it_stays_open_to_be_settled(tmp_path: Path, code: str) -> None:
    t = table(code)
    w = ask_words.WORDS[LANGUAGES.index(code)]
    dev = _device(tmp_path, code, heapsize="96K")
    dev.keys(setup_keys("sochi", 3, 2))
    open_prompt = dev.keys("C 1")  # a game still open: it resumes from menu 5
    assert lines(open_prompt[-1])[:4] == [f"{t.NEW_GAME}?", *w[0]]
    dev.keys("* * 2 6 1 2 # #  3 6 1 2 # #  1 6 1 2 # # *")  # the pools full: over
    over_prompt = dev.keys("C 1")
    assert lines(over_prompt[-1]) == [f"{t.NEW_GAME}?", *w[3], t.CONFIRM]
    _clean(open_prompt + over_prompt)
    dev.close()


def test_what_the_finished_games_prompt_says_is_what_happens(tmp_path: Path) -> None:
    """It stays open: a new game started, the finished one is in Games, open (+); resumed, its seat key asks to
    close and settle it, and # closes it."""
    dev = _device(tmp_path, "en", heapsize="96K")
    dev.keys(SOCHI_OVER + " * C 1 #")
    dev.keys("1 # 1 3 1 2 3 100# # # #")  # a new Prefa game, the names picked from those used before
    games = lines(dev.keys("C 5")[-1])
    i = games.index(next(s for s in games if s.startswith("2 Sochi")))
    assert games[0] == "Games" and games[i + 1] == "+", games  # the first game, 2 on the page: open
    resumed = lines(dev.keys("2 #")[-1])
    assert resumed[0] == "Game over"
    assert lines(dev.keys("1")[-1])[-3:] == [*_question("en")[:2], "#yes *no"]
    assert "Game closed" in lines(dev.keys("#")[-1])
    dev.close()
    (first, second) = sorted((dev.data / "games").glob("*.kitapi"))
    assert first.read_bytes()[-8] >> 5 == 3  # its end record (kitapi.game.OP_END)
