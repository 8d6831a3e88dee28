"""Swedish Priffe on the device: the real firmware in the simulator, keys in, log and screens out."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kitapi.game import new_game, result_json
from kitapi.settle import settle
from kitapi_host import logs
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import Device, device_log, lines

NAMES = gen.SHORT_NAMES
Screen = list[tuple[int, int, str]]


def priffe_home(texts: Screen) -> tuple[list[tuple[str, str, str, int]], list[tuple[int, int]]]:
    """(name, mark, team, individual points) from the player rows; (trick points, games) of teams A and B."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for x, y, s in texts:
        rows.setdefault(y, []).append((x, s))
    players = []
    for y in (16, 24, 32, 40):
        cells = sorted(rows[y])
        (name,) = [s for x, s in cells if x == 18]
        (mark,) = [s for x, s in cells if x == 8] or [""]
        assert cells[0] == (0, str(y // 8 - 1))  # the seat
        players.append((name, mark, cells[-2][1], int(cells[-1][1])))
    teams = []
    for _, s in sorted(rows[48]):
        tp, games = s.split()[1].split("/")
        teams.append((int(tp), int(games)))
    return players, teams


def expected_home(g: Any) -> tuple[list[tuple[str, str, str, int]], list[tuple[int, int]]]:
    """What the home screen should say of the core's game ``g``."""
    dealer = g.next_dealer()
    forehand = g.order[(g.order.index(dealer) + 1) % 4]
    players = []
    for s in range(4):
        mark = "" if g.over else "D" if s == dealer else ">" if s == forehand else ""
        players.append((NAMES[s], mark, "AB"[g.side[s]], g.individual[s]))
    return players, [(g.below[k], g.games[k]) for k in (0, 1)]


def fits(screens: list[Screen]) -> None:
    for texts in screens:
        for x, y, s in texts:
            assert 0 <= x and x + 8 * len(s) <= 128 and 0 <= y <= 56, (x, y, s)


@pytest.mark.parametrize(
    ("seed", "rubbers", "options", "option_keys"),
    [(1, 2, {}, ""), (2, 4, {"points": "second", "noll_slams": True, "rotation": "cycle"}, "1 2 3")],
)
def test_a_typed_priffe_game_is_the_game_in_the_log(
    tmp_path: Path, seed: int, rubbers: int, options: dict[str, object], option_keys: str
) -> None:
    """Generated hands typed to the end of the evening: the log holds them, every home screen shows the
    core's standings (teams, dealer, individual points, trick points and games), the settlement squares
    the individual points."""
    hdr, hands = gen.generate("priffe", seed, 1000, **{**options, "rubbers": rubbers})
    g = new_game(hdr)
    dev = Device(tmp_path / "data", heapsize="96K")
    fits(dev.keys(typist.setup_keys("priffe", 4, rubbers, option_keys)))
    for h, keys in zip(hands, typist.game_keys(hdr, hands), strict=True):
        shown = dev.keys(keys)
        fits(shown)
        g.play(h)
        if not g.over:
            assert priffe_home(shown[-1]) == expected_home(g)
    assert g.over
    text = lines(shown[-1])
    assert text[0] == "Settle up"
    assert lines(shown[-2])[3] == "Ends the game", lines(shown[-2])  # the last rubber's summary said so
    pays = [(a, b, str(c)) for a, b, c in settle(g.individual)]
    assert pays  # somebody won
    for a, b, c in pays:
        assert f"{NAMES[a]}\u2192{NAMES[b]}" in text and c in text, text
    shown = dev.keys("*")  # back: the game over, the home screen
    assert lines(shown[-1])[0] == "Game over"
    players, _ = priffe_home(shown[-1])
    assert [(n, i) for n, _, _, i in players] == [(NAMES[s], g.individual[s]) for s in range(4)]
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"] == hdr["options"]
    assert [json.loads(line) for line in log[1:]] == hands
    assert res == json.loads(result_json(g)) and res["rubbers"] == rubbers


def test_the_commonest_priffe_hand_takes_five_keys(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(typist.setup_keys("priffe", 4, 6))
    keys = "1 # # # #"  # Ann plays (no trump), her team takes 7, no honours: saved
    assert typist.presses(keys.replace(" ", "")) == 5
    hand = {"dealer": 0, "contract": "play", "declarer": 0, "tricks": 7}
    assert typist.hand_keys(new_game(gen.header("priffe")), hand) == keys.replace(" ", "")
    shown = dev.keys(keys)
    assert "Saved" in lines(shown[-1])
    players, teams = priffe_home(shown[-1])
    assert teams == [(10, 0), (0, 0)] and [t for _, _, t, _ in players] == ["A", "B", "A", "B"]
    assert [m for _, m, _, _ in players] == ["", "D", ">", ""]  # Bob deals next, Cat leads
    shown = dev.keys("A")  # the hands
    assert "  1 Ann Play 7" in lines(shown[-1])
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"] == {"rubbers": 6}
    assert json.loads(log[1]) == hand


def test_the_summary_shows_what_the_hand_changes(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(typist.setup_keys("priffe", 4, 6))
    # Bob declares Hearts, his team takes 5: Ann and Cat win double, 2 x 10 x 2 = 40 (20 towards the game);
    # Cat held four honours: +50 for A
    shown = dev.keys("2 3 5 3 3")
    text = lines(shown[-1])
    assert text[:3] == ["Hand 1", "0:?", "Bob Hearts 5*"]  # (0:?, on the title bar: 0 spells out tp and g)
    assert text[3:9] == ["A Ann/Cat", "+90", "tp 20  g 0", "B Bob/Dan", "0", "tp 0  g 0"], text
    assert text[-1] == "#save *back"
    shown = dev.keys("* * 0")  # back to the honours: none; the summary again
    assert lines(shown[-1])[3:5] == ["A Ann/Cat", "+40"]
    shown = dev.keys("#")
    assert priffe_home(shown[-1])[1] == [(20, 0), (0, 0)]
    # Ann plays and her team takes 13: 70 + big slam 20; 20 + 70 = 90 trick points: the first game (+10)
    shown = dev.keys("3 # D #")  # Cat declares, dealt by Bob
    assert lines(shown[-1])[3:6] == ["A Ann/Cat", "+100", "tp 0  g 1"], lines(shown[-1])
    dev.keys("#")
    # the second game: Cat plays, takes 12: 60 + little slam 10 = 70 trick points, the game (+20): the
    # rubber is over, 40 + 100 + 90 = 230 to 0: 23 each
    shown = dev.keys("3 # C #")
    assert lines(shown[-1])[3:12] == ["Rubber over", "Ann", "+23", "Bob", "-23", "Cat", "+23", "Dan", "-23"]
    shown = dev.keys("#")
    players, teams = priffe_home(shown[-1])
    assert [(t, i) for _, _, t, i in players] == [("A", 23), ("A", -23), ("B", 23), ("B", -23)]
    assert teams == [(0, 0), (0, 0)]
    # the last hand was dealt by Cat (seat 3): Dan deals the next rubber, he and his forehand Ann stay
    # put; Bob and Cat change places: Ann and Bob are partners now
    assert [m for _, m, _, _ in players] == [">", "", "", "D"]
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    assert res["individual"] == [23, -23, 23, -23] and res["table"] == [0, 2, 1, 3]


def test_edit_and_delete_through_the_hands_list(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data, heapsize="96K")
    dev.keys(typist.setup_keys("priffe", 4, 6))
    dev.keys("1####")  # Ann Play 7
    new = dev.keys("0##")[-1]  # a forced Noll, 6: its summary
    dev.keys("#  2 2 4 2 3 #")  # Bob Noll 4, 3+1 with Cat
    shown = dev.keys("A")
    assert lines(shown[-1])[2:5] == ["  3 Bob Noll 4*", "  2 Forced 6", "  1 Ann Play 7"]  # (after 3/3)
    shown = dev.keys("8 #")  # hand 2: its summary, as when it was new (against the game before it)
    assert shown[-1] == new and lines(new)[:4] == ["Hand 2", "0:?", "Forced 6", "A Ann/Cat"], lines(shown[-1])
    dev.keys("* * *")  # back to the declarer step
    shown = dev.keys("4 4 9 # #")  # Dan declares Diamonds, his team takes 9: a correction
    assert lines(shown[-1])[:2] == ["Hands", "2/3 0:?"] and lines(shown[-1])[-2] == "Saved"  # back on the list
    dev.keys("8 D #")  # delete hand 1, from there
    dev.close()
    log, res = device_log(data, tmp_path)
    ops = [json.loads(x) for x in log[1:]]
    assert ops[3] == {"replace": 2, "dealer": 1, "contract": "diamonds", "declarer": 3, "tricks": 9}
    assert ops[4] == {"delete": 1}
    g = new_game(json.loads(log[0]))
    g.play({"dealer": 1, "contract": "diamonds", "declarer": 3, "tricks": 9})
    g.play({"dealer": 2, "contract": "noll", "declarer": 1, "tricks": 4, "honours": "3+1", "holder": 2})
    assert res == json.loads(result_json(g))


def test_an_edit_that_would_end_the_game_before_its_last_hand_is_refused(tmp_path: Path) -> None:
    """Not saved unless asked: the refusal offers D (delete the later hands and save, issue 36 item 9:
    tests/device/test_app_mend.py); any other key goes back to the hand and writes nothing."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="96K")
    dev.keys(typist.setup_keys("priffe", 4, 1))  # one rubber
    dev.keys("1#D##  2####  2####")  # Ann takes 13 (a game), Bob 7, Bob 7
    dev.keys("A 8 #  * * * *")  # hand 2, back to its declarer step
    shown = dev.keys("1 # D # #")  # Ann's team takes 13: the rubber, and the game, would end at hand 2
    text = lines(shown[-1])
    said = ["The game now", "ends at hand 2.", "D: delete hands", "3 (restorable)", "and save."]
    assert text[:6] == ["Not saved", *said], text  # (kitapi.app.refusal: the refusal whole, and what to do)
    assert lines(dev.keys("*")[-1])[0] == "Hand 2"  # any key: back to the hand
    dev.keys("* * * * * *")
    dev.close()
    log, res = device_log(data, tmp_path)
    assert len(log) == 4 and res["hands"] == 3 and not res["over"]


def test_the_screens_fit_in_every_language_and_random_keys_do_no_harm(tmp_path: Path) -> None:
    """Random keys in a Priffe game, in English, Greek and Russian: every text inside the screen, no
    crash, and the log replays to the home screen's standings."""
    rng = random.Random(7)
    data = tmp_path / "data"
    dev = Device(data, heapsize="96K")
    dev.keys(typist.setup_keys("priffe", 4, 99))
    for _ in range(3):  # the language setting cycles: Greek, Russian, English
        shown = dev.keys("C 4 3 * *")
        shown += dev.keys("".join(rng.choice("0123456789ABD*#") for _ in range(700)))
        shown += dev.keys("* * * * * * *")  # back to the home screen
        fits(shown)
    if not any(y == 48 for _, y, _ in shown[-1]):  # its second page: the first
        shown = dev.keys("B")
    dev.close()
    g, damage = logs.replay_file(data / "games" / (data / "current").read_text().strip())
    assert damage is None and g.hands > 10
    players, teams = priffe_home(shown[-1])
    want_players, want_teams = expected_home(g)
    assert [(n, t, i) for n, _, t, i in players] == [(n, t, i) for n, _, t, i in want_players]
    assert teams == want_teams


def test_a_long_priffe_game_runs_in_64k() -> None:
    """300 hands typed in a 64 KB heap (as ``kitapi bench`` does, without the simulator's text trace, which
    costs heap of its own): no error, every hand in the log, the heap after each hand at its baseline."""
    from kitapi_host.bench import device as bench_device

    heaps = bench_device.run_game("64K", measure=True, script=lambda: typist.script("priffe", 3, 300))
    assert heaps is not None and len(heaps) == 301  # after the setup, and after each hand
    assert max(heaps[1:]) == heaps[1], (heaps[1], max(heaps), heaps.index(max(heaps)))
