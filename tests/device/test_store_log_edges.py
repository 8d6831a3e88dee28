"""The box's store at the edges of a log: unwritten space after the last record (erased or zeroed flash, a file
a crash extended) is neither a hand nor damage; the next hand follows the last written one."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import SETUP, Device, device_log, lines


@pytest.mark.parametrize(("fill", "size"), [(0, 512), (0, 4096 + 3), (255, 4096), (0, 65536)])
def test_a_blank_tail_is_unwritten_space_and_the_next_hand_follows_the_last(
    tmp_path: Path, fill: int, size: int
) -> None:
    """Two hands, then ``size`` bytes of 0x00 or 0xFF (one size not a whole number of records): the box boots
    to its game with no damage said, numbers the next hand 3 (not 3 + the blank records), keeps the file as
    it was as evidence and appends the hand right after the second one, where every reader finds it."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    before = game.read_bytes()
    game.write_bytes(before + bytes([fill]) * size)
    blank = game.read_bytes()
    dev = Device(data)
    shown = " ".join(lines(dev.keys("~1")[-1]))
    assert "damaged" not in shown.lower() and "unsaved" not in shown.lower()
    dev.keys("0#")  # a passed-out hand: hand 3
    dev.close()
    assert game.with_name(game.name + ".bad1").read_bytes() == blank  # the file as it was, as evidence
    assert game.read_bytes()[: len(before)] == before and len(game.read_bytes()) == len(before) + 8
    log, res = device_log(data, tmp_path)
    assert len(log) == 4 and res["hands"] == 3  # the header and hands 1, 2, 3
