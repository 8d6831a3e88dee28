"""The box at the edges of its log (issue 23): unwritten space after the last record (erased or zeroed flash, a
file a crash extended) is neither a hand nor damage, and the next hand follows the last written one; a
correction of a hand not played yet and a record whose CRC holds on no hand cost themselves alone."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from kitapi.devlogw import write_record
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
    for said in ("damaged", "unsaved", "bad records", "check last entry"):  # (kitapi.app.damage_en)
        assert said not in shown.lower(), shown
    dev.keys("0#")  # a passed-out hand: hand 3
    dev.close()
    assert game.with_name(game.name + ".bad1").read_bytes() == blank  # the file as it was, as evidence
    assert game.read_bytes()[: len(before)] == before and len(game.read_bytes()) == len(before) + 8
    log, res = device_log(data, tmp_path)
    assert len(log) == 4 and res["hands"] == 3  # the header and hands 1, 2, 3


def _record(op: int, number: int, payload: int) -> bytes:
    out = io.BytesIO()
    write_record(out, bytearray(8), op, number, payload)
    return out.getvalue()


def test_a_correction_of_a_hand_not_played_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    """A deletion of hand 3 written after 2 hands (an earlier firmware wrote it from ROOT/next): the box opens
    the game (it never opened again before: "there is no hand 3 to correct yet" at every boot), says one
    record was skipped, and the next hand is hand 3, scored."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    with open(game, "ab") as f:
        f.write(_record(2, 3, 0))
    dev = Device(data)
    shown = " ".join(lines(dev.keys("~1")[-1]))
    assert "Bad records: 1" in shown, shown
    dev.keys("0#")  # a passed-out hand: hand 3
    dev.close()
    log, res = device_log(data, tmp_path)
    assert res["hands"] == 3 and json.loads(log[-1]) == {"dealer": 2, "pass": True}


def test_a_hand_whose_crc_holds_on_no_hand_is_a_damaged_hand_on_the_box(tmp_path: Path) -> None:
    """Hand 2 replaced by a CRC-valid record of payload 0x0FFFFFFF: the box opens the game on hand 2, damaged,
    to enter again (the boot failed before: "not a hand of these rules"), and its hands list shows the row as
    damaged (it cannot describe it: it stopped with RuleError before this was handled)."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    b = game.read_bytes()
    game.write_bytes(b[:-8] + _record(0, 2, 0x0FFFFFFF))
    dev = Device(data)
    shown = " ".join(lines(dev.keys("~1")[-1]))
    assert "Hand 2 is damaged: enter it again." in shown, shown
    assert "Hand 2 damaged" in lines(dev.keys("*")[-1])  # enter it later: the home screen says it
    hands = lines(dev.keys("A")[-1])  # the hands list
    assert hands[:4] == ["Hands", "2/2 0:?", "  2 damaged", "  1 Ann 6♠ ="], hands
    dev.close()  # (no crash.log)


def test_the_store_after_a_checkpoint_cuts_a_blank_tail_and_checks_a_correction_before_it_is_written(
    tmp_path: Path,
) -> None:
    """A 20-hand game opened once (its checkpoint written), then 4 KB of zeros after it: the next load has no
    damage and hand 21 goes right after hand 20 (the file as it was kept as .bad1); ``check_fix`` refuses a
    correction of hand 22, 0 or 65535 (the box wrote "delete hand 21" from ROOT/next before) and takes hand 21's."""
    from kitapi.app.store import Store
    from kitapi.game import RuleError
    from kitapi.replay import replay
    from testkit import write_game

    root = tmp_path / "data"
    good = write_game(root / "games", "0001.kitapi", seed=3, hands=20, pouch=200)
    (root / "current").write_text("0001.kitapi\n")
    s = Store(str(root))
    g, damage = s.load("0001.kitapi")
    assert damage is None and s.due  # (its checkpoint owed: App.run writes it after the first frame)
    s.dump(g)
    assert (root / "ckpt").exists()
    s.close()
    log = root / "games" / "0001.kitapi"
    log.write_bytes(good + bytes(4096))
    s = Store(str(root))
    g, damage = s.load("0001.kitapi")
    assert damage is None and s.seq == 20 and g.hands == 20
    s.add_hand((good[-8] & 31) << 24 | int.from_bytes(good[-5:-2], "big"))  # hand 20's again, as hand 21
    s.close()
    assert (root / "games" / "0001.kitapi.bad1").read_bytes() == good + bytes(4096)
    assert log.read_bytes()[: len(good)] == good and len(log.read_bytes()) == len(good) + 8
    with open(log, "rb") as f:
        _, r = replay(f)
    assert r.seq == 21 and r.damage is None
    s = Store(str(root))
    s.load("0001.kitapi")
    for number in (22, 0, 65535):
        with pytest.raises(RuleError):
            s.check_fix((number, -1))
    s.check_fix((21, -1))
    s.close()
