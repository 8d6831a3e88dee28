"""The real firmware, driven through the simulator as a scorekeeper would: keys in, screens out."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from kitapi.game import new_game, result_json
from kitapi_host import logs
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import NAMES, SETUP, Device, device_log, fuzz_count, home_standings, lines, new_game_keys, pref_standings


def test_a_typed_game_is_the_game_in_the_log(tmp_path: Path) -> None:
    """Hands typed on the keypad come out of the device log unchanged; the screen shows the replay."""
    data = tmp_path / "data"
    hdr, hands = gen.generate("prefa", 11, 60, pouch=100)
    dev = Device(data)
    dev.keys(SETUP)
    shown = dev.keys("".join(typist.game_keys(hdr, hands)))
    dev.close()
    log, res = device_log(data, tmp_path)
    header = json.loads(log[0])
    assert header["players"] == NAMES and header["options"] == {"pouch": 100} and header["dealer"] == 0
    assert header["started"].startswith("2026-11-21T20:")
    assert [json.loads(line) for line in log[1:]] == hands
    assert home_standings(shown[-1]) == list(zip(NAMES, res["pouch"], res["chips"], strict=True))


def test_the_commonest_hand_takes_seven_keys(tmp_path: Path) -> None:
    dev = Device(tmp_path)
    dev.keys(SETUP)
    shown = dev.keys("1 6 1 # # # #")  # Ann bids 6 spades, both defend, exact, 2/2: saved
    dev.close()
    assert "Saved" in lines(shown[-1])
    assert home_standings(shown[-1]) == [("Ann", 98, -8), ("Bob", 100, 4), ("Cat", 100, 4)]


def test_undo_edit_and_delete_are_corrections(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271#### 0#")  # three hands: Ann 6S, Bob 7S, all passed
    dev.keys("L*")  # undo asks first ...
    shown = dev.keys("#")  # ... and deletes hand 3
    assert lines(shown[-1])[0] == "Hand 4"  # the next hand in the log: the undone hand 3 keeps its number
    dev.keys("A 8 #")  # the hands: cursor on hand 2 (Bob 7S), edit: the summary
    dev.keys("* * * * *  8 3 # # #")  # back to the level: 8 diamonds, both in, exact, default split
    shown = dev.keys("#")  # a correction: back to the hands list at hand 2, replayed, "Saved"
    assert lines(shown[-1])[:2] == ["Hands", "2/3 0:?"]
    assert lines(shown[-1])[3:6] == ["  2 Bob 8♦ -1", "  1 Ann 6♠ =", "Saved"]
    dev.keys("8 D #")  # delete hand 1, from there
    dev.close()
    log, res = device_log(data, tmp_path)
    ops = [json.loads(x) for x in log[1:]]
    assert ops[3] == {"delete": 3}
    assert ops[4]["replace"] == 2 and ops[4]["contract"] == "8D"
    assert ops[5] == {"delete": 1}
    assert res["hands"] == 1  # only the corrected hand 2 is left


def test_every_screen_fits_the_display(tmp_path: Path) -> None:
    """Every text drawn in a long random session stays inside the 128x64 screen."""
    rng = random.Random(5)
    # a random session goes everywhere, new games of other systems and languages included:
    # 96 KB, as for the fuzz test below (the 64 KB target is tested on the scripted game)
    dev = Device(tmp_path, heapsize="96K")
    shown = dev.keys(SETUP) + dev.keys("".join(rng.choice("0123456789ABCD*#") for _ in range(3000)))
    dev.close()
    assert len(shown) > 3000
    for texts in shown:
        for x, y, s in texts:
            assert 0 <= x and x + 8 * len(s) <= 128 and 0 <= y <= 56, (x, y, s)


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", [1, 2])
def test_random_keys_never_break_the_game(tmp_path: Path, seed: int) -> None:
    """100,000 random keys in all (2 seeds x 5 restarts x 10,000; `make test`: 2,500 after the first start) never
    crash the firmware in 64 KB (where the heap runs short, a soft reset: docs/firmware.md), and the log of the
    game being played always replays to the home screen's standings."""
    rng = random.Random(seed)
    data = tmp_path / "data"
    keys = "0123456789ABCD*#"
    for _ in range(fuzz_count(5, 1)):
        dev = Device(data, heapsize="64K")  # the simulator's default (issue 16, item 10)
        dev.keys(SETUP)
        count = fuzz_count(10_000, 2_500)
        script = "".join(rng.choice(keys) if rng.random() > 0.02 else "L" + rng.choice(keys) for _ in range(count))
        dev.keys(script)
        shown = dev.keys("*" * 8)  # back out to the home screen (or the start menu)
        dev.close()
        current = (data / "current").read_text().strip() if (data / "current").exists() else ""
        if current:
            g, damage = logs.replay_file(data / "games" / current)
            assert damage is None
            res = json.loads(result_json(g))
            if "settlement" in res:  # a Russian Preferans game, started by the random keys
                assert sum(Fraction(x) for x in res["settlement"]) == 0
                rows = pref_standings(shown[-1])  # (none: not the home screen's rows, "Out of memory" said over it)
                if lines(shown[-1])[0].startswith("Hand") and rows:
                    assert [p for _, p, _, _ in rows] == res["pool"]
                continue
            if "kasa" in res:  # Prefa with a common kasa
                assert res["kasa"] + sum(res["net"]) == 0
                continue
            if "individual" in res:  # Priffe
                assert sum(res["individual"]) == 0
                continue
            if "stock" in res:  # the Préférence games: the chips are only moved
                start = new_game(g.header)
                assert res["pot"] + sum(res["stock"]) == start.pot + sum(start.stock)
                continue
            assert sum(res["chips"]) == 0 and min(res["pouch"]) >= 0
            rows = home_standings(shown[-1])  # (none: "Out of memory" said over the home screen)
            if lines(shown[-1])[0].startswith("Hand") and rows:
                assert [p for _, p, _ in rows] == res["pouch"]
                assert [c for _, _, c in rows] == res["chips"]


def test_a_long_game_runs_in_64k_with_a_flat_heap(tmp_path: Path) -> None:
    """The memory target: 1,000 hands typed in a 64 KB heap, the heap back at its baseline after each hand."""
    hdr, hands = gen.generate("prefa", 3, 1000, pouch=3000)
    assert len(hands) == 1000
    dev = Device(tmp_path, heapsize="64K")
    dev.keys(SETUP.replace("100#", "3000#"))
    heaps = []
    for keys in typist.game_keys(hdr, hands):
        dev.keys(keys)
        heaps.append(dev.heap())
    dev.close()
    assert max(heaps[1:]) == heaps[1], (heaps[1], max(heaps), heaps.index(max(heaps)))


def test_the_display_sleeps_and_the_waking_key_is_not_acted_on(tmp_path: Path) -> None:
    dev = Device(tmp_path)
    dev.keys(SETUP)
    dev.keys("~59s")
    assert dev.fw.on
    dev.keys("~2s")  # 60 s without a key: the display goes off
    assert not dev.fw.on
    shown = dev.keys("1")  # wakes it, and does not start a hand
    assert dev.fw.on and lines(shown[-1])[0] == "Hand 1"
    shown = dev.keys("1")
    assert lines(shown[-1])[1] == "Ann"  # now it does
    dev.close()


def test_a_key_held_long_where_it_has_no_long_meaning_is_a_normal_press(tmp_path: Path) -> None:
    """A press held for the long-press time (600 ms) on a key with no long meaning acts as that key, on every
    screen: the same screens as the same keys pressed briefly (issue 16, item 8)."""
    brief = Device(tmp_path / "brief")
    held = Device(tmp_path / "held")
    brief.keys(SETUP)
    held.keys(SETUP)
    steps = "1 6 1 # # # #  A 8 *  1 6"  # a hand saved, the hands list and back, a hand begun
    for key in steps.split():
        want = brief.keys(key)[-1]
        got = held.keys("L" + key if key != "#" else "#")[-1]  # (# has no long meaning anywhere)
        assert got == want, key
    brief.close()
    held.close()
    assert (tmp_path / "brief" / "games").is_dir()
    assert len(device_log(tmp_path / "brief", tmp_path)[0]) == len(device_log(tmp_path / "held", tmp_path)[0])


def test_a_long_star_leaves_a_half_entered_hand(tmp_path: Path) -> None:
    """Leaving a hand half entered takes one long *, not a * per step; nothing is written (issue 16, item 8)."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### ")
    dev.keys("2 7 1 #")  # Bob 7 spades, both defend, at the tricks
    shown = dev.keys("L*")
    assert home_standings(shown[-1]) == [("Ann", 98, -8), ("Bob", 100, 4), ("Cat", 100, 4)]
    dev.close()
    log, res = device_log(data, tmp_path)
    assert len(log) == 2 and res["hands"] == 1


def test_settings_are_kept_and_the_language_changes_every_screen(tmp_path: Path) -> None:
    dev = Device(tmp_path)
    dev.keys(SETUP)
    shown = dev.keys("C 4 3 * *")  # menu, settings, language: Greek; back home
    assert lines(shown[-1])[0] == "Διανομή 1"
    dev.close()
    dev = Device(tmp_path)  # the next boot: still Greek, still the same game
    shown = dev.keys("B")
    assert lines(shown[-1])[0] == "Διανομή 1" and "Ποιος χρωστά" in lines(shown[-1])
    dev.close()


def test_the_four_player_dealer_sits_out(tmp_path: Path) -> None:
    setup = (
        new_game_keys("prefa") + " 4  0 2#  0 22~1500 2#  0 222#  0 3# 31# # # #"
    )  # A, B, C, D; pouch 31; dealer seat 1
    dev = Device(tmp_path)
    dev.keys(setup)
    shown = dev.keys("1")  # seat 1 deals the first hand: it cannot bid
    assert lines(shown[-1])[0] == "Hand 1" and "1-4 bid 0 pass" in lines(shown[-1])
    shown = dev.keys("2 6 1 # # # #")  # B bids 6 spades; C and D defend, 2/2
    dev.close()
    assert [p for _, p, _ in home_standings(shown[-1])] == [31, 29, 31, 31]
    assert [c for _, _, c in home_standings(shown[-1])] == [0, -8, 4, 4]


def test_options_reach_the_log(tmp_path: Path) -> None:
    """Options chosen on the keypad are in the game's header; four aces and a throw-in are entered."""
    names = "0 2~1500 66~1500 66#  0 22~1500 666~1500 22#  0 222~1500 2~1500 8#"
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(
        f"{new_game_keys('prefa')} 3 {names} 31# 3 6 4 # # #"
    )  # four aces A, its amount one step up, tentative bids
    dev.keys("1 6 1 # # # A #")  # Ann bids 6 spades with four aces, exact
    dev.keys("2 A #")  # Bob's tentative bid, thrown in
    dev.close()
    log, res = device_log(data, tmp_path)
    header = json.loads(log[0])
    assert header["options"] == {"pouch": 31, "four_aces": {"mode": "A", "amount": 4}, "tentative_bid": True}
    assert json.loads(log[1]) == {
        "dealer": 0, "bidder": 0, "contract": "6S", "defense": "both", "tricks": [6, 2, 2], "aces": True,
    }  # fmt: skip
    assert json.loads(log[2]) == {"dealer": 1, "bidder": 1, "throw": True}
    # b.v. 2 + 4 = 6: Ann -6 in the pouch, 6 x 2 = 12 chips to Bob and to Cat; the throw: Bob +2, 2 chips each
    assert res["pouch"] == [25, 33, 31] and res["chips"] == [-24 + 2, 12 - 4, 12 + 2]


def _torn(data: Path, tail: bytes) -> tuple[Path, bytes, Device, list[str]]:
    """A game of two hands whose log ends in ``tail`` (a record torn by a power cut), booted again: the log,
    its bytes before the boot, the device, the screen it boots to."""
    dev = Device(data)
    dev.keys(SETUP + "161#### 271####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    with open(game, "ab") as f:
        f.write(tail)
    torn = game.read_bytes()
    dev = Device(data)
    return game, torn, dev, lines(dev.keys("~1")[-1])


def test_a_record_cut_by_a_power_loss_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    """Power lost in the middle of a write: the next boot keeps every whole hand, names the hand that was
    not saved, and keeps the file as it was as numbered evidence; the next hand is appended to a clean log."""
    data = tmp_path / "data"
    game, torn, dev, shown = _torn(data, b"\x00\x00\x03")  # the first 3 bytes of a record
    assert "Hand 3 unsaved" in shown
    dev.keys("0#")  # a passed-out hand after it
    dev.close()
    assert game.with_name(game.name + ".bad1").read_bytes() == torn
    assert sorted(p.name for p in (data / "games").iterdir()) == [game.name, game.name + ".bad1"]
    log, res = device_log(data, tmp_path)
    assert res["hands"] == 3 and json.loads(log[-1]) == {"dealer": 2, "pass": True}


@pytest.mark.parametrize(
    ("tail", "line"),
    [
        (b"\x00", "Hand 3 unsaved"),  # a hand's first byte: its number not written yet (the next)
        (b"\x20\x00\x01\x00", "Edit 1 again"),  # a correction of hand 1
        (b"\x40\x00\x02", "Edit 2 again"),  # the deletion of hand 2
        (b"\x60\x00", "Check last entry"),  # the game's end: no hand to name
    ],
)
def test_a_torn_record_names_what_to_enter_again(tmp_path: Path, tail: bytes, line: str) -> None:
    """Item 7 of the table issue: the home screen says which hand was not saved (or whose correction), read
    from the torn bytes, in every case the log's format allows (docs/log-format.md: op, then the number)."""
    _, _, dev, shown = _torn(tmp_path / "data", tail)
    dev.close()
    assert line in shown


def test_a_damaged_hand_costs_that_hand_alone_and_is_entered_again(tmp_path: Path) -> None:
    """The issue's case on the box: a bit flipped inside hand 3 of 4.  The box keeps hands 4 on, moves
    nothing, names hand 3 in words, and # (one key) then the hand's keys enter it again as a correction
    record: the standings are the game's again."""
    import io

    from kitapi.replay import replay

    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271#### 0# 161####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    whole = game.read_bytes()
    truth, _ = replay(io.BytesIO(whole))
    bad = bytearray(whole)
    bad[len(bad) - 2 * 8 + 4] ^= 0x10  # a bit of hand 3's record (the passed-out hand)
    game.write_bytes(bytes(bad))
    dev = Device(data)
    shown = dev.keys("~1")
    assert lines(shown[-1]) == ["Damaged hand", "Hand 3 is", "damaged:", "enter it again.", "#enter *later"]
    shown = dev.keys("#")  # one key: the home screen for hand 3
    assert lines(shown[-1])[:2] == ["Hand 3", "Enter it again"]
    shown = dev.keys("0#")  # hand 3 as it was: passed out (seat 3 deals it)
    assert lines(shown[-1])[0] == "Hand 5"
    shown = dev.keys("A")  # the hands: 4 of them, none damaged now
    assert "damaged" not in " ".join(lines(shown[-1]))
    dev.keys("*")
    dev.close()
    assert sorted(p.name for p in (data / "games").iterdir()) == [game.name]
    after = game.read_bytes()
    assert after[: len(bad)] == bytes(bad)  # the damaged record stays where it was
    g, r = replay(io.BytesIO(after))
    assert result_json(g) == result_json(truth) and r.damage is not None and r.damage[5:7] == (0, 0)


def test_a_damaged_hand_shows_in_the_hands_and_is_entered_again_from_there(tmp_path: Path) -> None:
    """* puts the damaged hand off: the home screen names it, the hands list shows it damaged, and # on
    its row enters it again (the same correction record)."""
    import io

    from kitapi.replay import replay

    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161#### 271#### 0# 161####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    truth, _ = replay(io.BytesIO(game.read_bytes()))
    bad = bytearray(game.read_bytes())
    bad[len(bad) - 2 * 8 + 1] ^= 0x01  # hand 3's number: its record fails its CRC
    game.write_bytes(bytes(bad))
    dev = Device(data)
    dev.keys("~1")
    shown = dev.keys("*")  # later (the next hand is 5: the damaged hand keeps number 3, issue 16 item 6)
    assert lines(shown[-1])[:2] == ["Hand 5", "Hand 3 damaged"]
    shown = dev.keys("A")
    assert "  3 damaged" in lines(shown[-1])
    shown = dev.keys("8 #")  # down to hand 3, # enters it again
    assert lines(shown[-1])[:2] == ["Hand 3", "Enter it again"]
    dev.keys("0#")
    dev.close()
    g, r = replay(io.BytesIO(game.read_bytes()))
    assert result_json(g) == result_json(truth) and r.damage[5:7] == (0, 0)


def test_a_hand_held_back_for_a_damaged_one_opens_the_game_and_comes_back_when_it_is_entered_again(
    tmp_path: Path,
) -> None:
    """Issue 13's gap: without damaged hand 3 the game (a pouch of 10) would be over before hand 9, so
    the rules refuse hand 9.  The box still opens the game: it names hand 3 and says in words that one
    later hand, hand 9, is held back; # and hand 3's keys enter it again, and hand 9 scores: the standings
    are the undamaged game's, nothing moved, no valid hand lost."""
    import io

    from kitapi.replay import replay

    hdr, hands = gen.generate("prefa", 1, 40, pouch=10)
    assert len(hands) == 9
    src = tmp_path / "g.jsonl"
    gen.write_jsonl(src, hdr, hands)
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    game = data / "games" / "0001.kitapi"
    logs.convert(src, game)
    truth, _ = replay(io.BytesIO(game.read_bytes()))
    bad = bytearray(game.read_bytes())
    bad[len(bad) - 7 * 8 + 3] ^= 0x04  # a bit of hand 3's record
    game.write_bytes(bytes(bad))
    (data / "current").write_text("0001.kitapi\n")
    dev = Device(data)
    shown = dev.keys("~1")
    assert lines(shown[-1]) == [
        "Damaged hand",
        "Hand 3 is",
        "damaged:",
        "enter it again.",
        "Held back: 1",
        "from hand 9",
        "#enter *later",
    ]
    shown = dev.keys("#")
    assert lines(shown[-1])[:2] == ["Hand 3", "Enter it again"]
    shown = dev.keys(typist.game_keys(hdr, hands)[2])
    assert lines(shown[-1])[0] == "Game over"
    dev.close()
    assert sorted(p.name for p in (data / "games").iterdir()) == [game.name]
    after = game.read_bytes()
    assert after[: len(bad)] == bytes(bad) and len(after) == len(bad) + 8  # one correction record appended
    g, r = replay(io.BytesIO(after))
    assert result_json(g) == result_json(truth) and r.damage[5:] == (0, 0, 0, 0)


def test_a_device_log_header_with_a_key_twice_is_one_line_and_nothing_changes(tmp_path: Path) -> None:
    """A device log whose header holds a key twice (json would keep the last one) is refused as the JSON
    Lines reader refuses it: the reason said whole (kitapi.app.refusal), then the start menu; the file is left
    as it was."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    twice = json.dumps({"kitapi": 1, "rules": "prefa", "players": NAMES, "dealer": 2})[:-1] + ', "dealer": 1}'
    good = game.read_bytes()
    game.write_bytes(_device_header(twice.encode()) + good[11 + (good[5] << 8 | good[6]) :])  # its hand kept
    before = sorted((p.name, p.read_bytes()) for p in (data / "games").iterdir())
    dev = Device(data)
    shown = dev.keys("~1 #")
    dev.close()
    assert lines(shown[0]) == ["Not opened", "a JSON object", "has a key twice", "#ok"], lines(shown[0])
    assert lines(shown[-1])[0] == "No game", lines(shown[-1])
    assert sorted((p.name, p.read_bytes()) for p in (data / "games").iterdir()) == before


def _device_header(text: bytes) -> bytes:
    """A device log's header with this JSON text (any bytes), both CRCs right."""
    from kitapi.devlog import crc16

    pre = bytearray(b"KTPI\x01" + bytes((len(text) >> 8, len(text) & 255)) + b"\0\0")
    c = crc16(pre, 0, 7)
    pre[7:9] = bytes((c >> 8, c & 255))
    c = crc16(text, 0, len(text))
    return bytes(pre) + text + bytes((c >> 8, c & 255))


def test_a_game_closed_in_its_log_is_not_reopened(tmp_path: Path) -> None:
    """Power lost between closing a game in its log and forgetting it: the next boot starts no hand on it."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161####")
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    from kitapi.devlogw import write_record

    with open(game, "ab") as f:
        write_record(f, bytearray(8), 3, 0, 0)  # the end record, as Settle writes it
    dev = Device(data)
    shown = dev.keys("~1")
    dev.close()
    assert lines(shown[-1])[0] == "No game"
    assert (data / "current").read_text().strip() == ""


def test_an_unexpected_error_is_logged_shown_and_the_game_goes_on(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + "161####")
    dev.fw.send("x\n")  # the simulator's board raises an error inside the app's loop
    assert dev.fw.wait_ready(60)
    assert lines(dev.fw.texts) == ["Error", "RuntimeError", "restarting..."]
    shown = dev.keys("5")  # any key: the app starts again, in the game
    assert lines(shown[-1])[0] == "Hand 2"
    dev.fw.quit()
    assert dev.fw.finish() == 0
    log = (data / "crash.log").read_text()
    assert "RuntimeError: sim: a fault injected by the PC" in log and "Traceback" in log


def test_hash_at_who_stays_in_takes_defender_1_whoever_bids(tmp_path: Path) -> None:
    """Bob (seat 2) bids, one defender alone: # takes defender 1 (Cat), as the screen and the typist say.
    (A new hand used to start with seat 1 as the one who stays in, which is Bob's defender 2.)"""
    dev = Device(tmp_path)
    dev.keys(SETUP)
    dev.keys("2 6 1 2 # # #")  # Bob 6 spades, one alone, # who stays in, # exact, # save
    dev.close()
    log, _ = device_log(tmp_path, tmp_path)
    assert json.loads(log[1]) == {"dealer": 0, "bidder": 1, "contract": "6S", "defense": "alone", "active": 2,
                                  "tricks": [0, 6, 4]}  # fmt: skip
