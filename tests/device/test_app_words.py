"""What the box says, in the player's language, through the simulator: a hand's summary says when the hand
ends the game (issue 24, item 10); the option screens and the Preferans summary use the players' words, and
a key on the summary spells out its codes (issue 24, item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import Device, lines

# multi-tap names: Ann, Bob, Cat
_TYPED = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8#"
ENDS = {"en": "Ends the game", "el": "Τέλος παρτίδας", "ru": "Конец игры"}
# a new game of three (Ann, Bob, Cat) with a pouch, or a pool, of 2: three hands of 6 spades made end it
START = {"prefa": f"1 1 3 {_TYPED} 2# # # #", "sochi": f"1 2 3 {_TYPED} 2# # # #"}
# the keys of a hand of seat N's 6 spades, made exactly, up to its summary (Prefa: both defenders in;
# Sochi: defender 1 whists)
HAND = {"prefa": "%d # # # # #", "sochi": "%d # # # #"}


def device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="96K")


@pytest.mark.parametrize("code", ["en", "el", "ru"])
@pytest.mark.parametrize("system", ["prefa", "sochi"])
def test_the_summary_says_that_the_hand_ends_the_game(tmp_path: Path, system: str, code: str) -> None:
    """Pouches (pools) of 2: Ann's and Bob's hands leave the game on, Cat's ends it; only its summary says so,
    whole, on a row of its own; # then saves it and the settlement follows."""
    dev = device(tmp_path, code)
    dev.keys(START[system])
    for seat in (1, 2):
        summary = lines(dev.keys(HAND[system] % seat)[-1])
        assert not any(ENDS[code] in s for s in summary), summary
        assert summary[-1].startswith("#"), summary  # the save key, and the game goes on
        dev.keys("#")
    summary = lines(dev.keys(HAND[system] % 3)[-1])
    assert ENDS[code] in summary, summary  # whole, a line of its own
    after = lines(dev.keys("#")[-1])
    dev.close()
    assert after[-1].startswith("#"), after  # the settlement's question: the game is over
    assert not any(ENDS[code] in s for s in after)
