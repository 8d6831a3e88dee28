"""The pot games on the device (Austrian, Illustrated, American Préférence): the real firmware in the
simulator, keys in, log and screens out (kitapi.app.systems.pot, kitapi.app.systems.pot.wiz)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest

from kitapi.app import font
from kitapi.game import new_game, result_json
from kitapi.registry import rows
from kitapi.settle import settle_whole
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from lang_table import table
from test_app import Device, device_log, home_standings, lines

POT = [r[0] for r in rows() if r[1] == "pot"]  # the family's systems (kitapi.registry)

NAMES = gen.SHORT_NAMES[:3]
Screens = list[list[tuple[int, int, str]]]


def play(
    tmp_path: Path, rules: str, seed: int, hands: int, chips: int, options: dict[str, object], option_keys: str = ""
) -> tuple[Device, list[dict[str, Any]], Screens, Any]:
    """Type a generated game into the device: the device, the hands typed, the screens after the last, the game."""
    hdr, hs = gen.generate(rules, seed, hands, chips=chips, **options)
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(typist.setup_keys(rules, 3, chips, option_keys))
    g = new_game(hdr)
    shown: Screens = []
    for h, keys in zip(hs, typist.game_keys(hdr, hs), strict=True):
        shown = dev.keys(keys)
        fits(shown)
        g.play(h)
    return dev, hs, shown, g


def fits(shown: Screens) -> None:
    for texts in shown:
        for x, y, s in texts:
            assert 0 <= x and x + 8 * len(s) <= 128 and 0 <= y <= 56, (x, y, s)


def pot_row(texts: list[tuple[int, int, str]]) -> str:
    return next(s for x, y, s in texts if y == 40 and x == 0)


@pytest.mark.parametrize(
    ("rules", "seed", "chips", "options", "option_keys"),
    [
        ("preference_at", 3, 300, {}, ""),
        ("preference_at", 4, 200, {"ante": 10, "both_drop": "nothing"}, "1 2"),
        ("preference_illustrated", 5, 400, {"high_drop": "lost"}, "3"),
        ("preference_us", 6, 200, {}, ""),
        ("preference_us", 7, 150, {"ante": 5, "win": 10, "chip_bids": "declarer"}, "1 2 3"),
    ],
)
def test_a_typed_pot_game_is_the_game_in_the_log(
    tmp_path: Path, rules: str, seed: int, chips: int, options: dict[str, object], option_keys: str
) -> None:
    dev, written, shown, g = play(tmp_path, rules, seed, 40, chips, options, option_keys)
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    header = json.loads(log[0])
    assert header["rules"] == rules and header["players"] == NAMES
    assert header["options"] == {"chips": chips, **options}
    assert [json.loads(line) for line in log[1:]] == written
    assert res == json.loads(result_json(g))
    last = shown[-1]
    if res["over"]:  # the settlement: each stock less the starting chips, squared
        assert lines(last)[0] == "Settle up", lines(last)
        pot: int = res["pot"]  # type: ignore[assignment]
        stocks: list[int] = res["stock"]  # type: ignore[assignment]
        # in thirds, rounded once to whole chips (largest remainder): the payments add up; rounded ones marked ≈
        expect = settle_whole([3 * (v - chips) + pot for v in stocks], 3)[1]
        mark = "≈" if pot % 3 else ""
        want = [x for a, b, c in expect for x in (f"{NAMES[a]}→{NAMES[b]}", f"{mark}{c}")]
        if pot:  # the chips left in the pot, said shared by the three (issue 36, item 2): two rows here
            q = (200 * pot + 3) // 6
            each = f"\u2248{q // 100}.{q % 100:02d}" if pot % 3 else str(pot // 3)
            want += textwrap.wrap(f"Pot {pot} shared: {each} each", 16)  # (broken at spaces)
        assert expect and lines(last)[1:-3] == want, lines(last)  # (then the question: close and settle?)
        return
    stock: list[int] = res["stock"]  # type: ignore[assignment]
    assert home_standings(last) == [(NAMES[i], stock[i], stock[i] - chips) for i in range(3)]
    assert pot_row(last).split()[:2] == ["Pot", str(res["pot"])]


def test_the_games_end_and_the_settlement_squares_the_stocks(tmp_path: Path) -> None:
    """Small stocks: each game runs until a player has no chips left (American: cannot pay)."""
    ended = 0
    for rules, seed in (("preference_at", 1), ("preference_illustrated", 2), ("preference_us", 3)):
        chips = 50 if rules == "preference_us" else 100
        dev, written, shown, g = play(tmp_path / rules, rules, seed, 200, chips, {})
        assert g.over and lines(shown[-1])[0] == "Settle up"
        assert "Ends the game" in lines(shown[-2]), lines(shown[-2])  # its summary said so (issue 24, item 10)
        shown = dev.keys("*")  # back: the home page says the game is over
        assert lines(shown[-1])[0] == "Game over"
        shown = dev.keys("B")  # its second page: who owes whom, as the settlement
        text = lines(shown[-1])
        assert "Who owes whom" in text, text
        dev.keys("*#")  # any key: the settlement again; # closes the game
        dev.close()
        log, res = device_log(dev.data, tmp_path / rules)
        assert [json.loads(line) for line in log[1:]] == written and res["over"]
        ended += 1
    assert ended == 3


def _setup(dev: Device, rules: str, chips: int) -> None:
    dev.keys(typist.setup_keys(rules, 3, chips))


def test_the_commonest_austrian_hand_takes_seven_keys_and_the_summary_shows_the_changes(tmp_path: Path) -> None:
    dev = Device(tmp_path, heapsize="96K")
    _setup(dev, "preference_at", 100)  # ante 25: the pool holds 75
    keys = "2 2 # # # #"  # Bob bids 2 (spades), trump #, nobody dropped, 6 tricks, the summary
    hand = {"dealer": 0, "declarer": 1, "bid": "2", "trump": "S", "tricks": [2, 6, 2]}
    assert typist.hand_keys(new_game(gen.header("preference_at", chips=100)), hand) == keys.replace(" ", "") + "#"
    shown = dev.keys(keys)
    fits(shown)
    text = lines(shown[-1])
    # Bob takes 10 from the pool and gives each defender 1 (they took 2 each)
    assert text[:2] == ["Hand 1", "Bob 2♠ 6"] and text[2:10] == ["Ann", "+1", "Bob", "+8", "Cat", "+1", "Pot", "-10"]
    assert typist.presses(keys.replace(" ", "") + "#") == 7
    shown = dev.keys("#")
    assert "Saved" in lines(shown[-1])
    assert home_standings(shown[-1]) == [("Ann", 76, -24), ("Bob", 83, -17), ("Cat", 76, -24)]
    assert pot_row(shown[-1]) == "Pot 65"
    dev.close()
    log, res = device_log(tmp_path, tmp_path)
    assert json.loads(log[1]) == {"dealer": 0, "declarer": 1, "bid": "2", "trump": "S", "tricks": [2, 6, 2]}
    assert res["stock"] == [76, 83, 76] and res["pot"] == 65


def test_a_hand_the_rules_refuse_is_shown_and_not_saved(tmp_path: Path) -> None:
    dev = Device(tmp_path, heapsize="96K")
    _setup(dev, "preference_illustrated", 100)
    shown = dev.keys("1 5 2 # #")  # Ann: misère (5); Bob alone drops: above Preference one may never drop
    text = lines(shown[-1])
    assert text[1] == "Ann 5 x2 0" and "Bob" not in text, text
    said = lines(dev.keys("#")[-1])  # not saved: the refusal whole (kitapi.app.refusal), any key back to the hand
    assert said[0] == "Not saved" and said[-1] == "#ok" and said[1:-1] == text[2:-1], said
    assert lines(dev.keys("1")[-1]) == text
    shown = dev.keys("* * 2 # # # #")  # back to who dropped: nobody; 0 tricks, defenders 5-5, save
    assert "Saved" in lines(shown[-1])
    shown = dev.keys("3 A 8")  # Cat: Hand 8 (open slam, 2 x 40 from each)
    assert lines(shown[-1])[1] == "Cat 8H"
    shown = dev.keys("# A")  # nobody dropped; 10 tricks: Ann's 0-0 is not asked, the summary follows
    assert lines(shown[-1])[1] == "Cat 8H 10" and lines(shown[-1])[2:8] == ["Ann", "-80", "Bob", "-80", "Cat", "+160"]
    dev.keys("#")
    dev.close()
    log, res = device_log(tmp_path, tmp_path)
    assert json.loads(log[1]) == {"dealer": 0, "declarer": 0, "bid": "5", "tricks": [0, 5, 5]}
    assert json.loads(log[2]) == {"dealer": 1, "declarer": 2, "bid": "8H", "tricks": [0, 0, 10]}
    assert res["stock"] == [75 + 20 - 80, 75 - 10 - 80, 75 - 10 + 160]


def test_american_hands_suit_chip_bids_thrown_in(tmp_path: Path) -> None:
    dev = Device(tmp_path, heapsize="96K")
    _setup(dev, "preference_us", 50)
    keys = "2 4 # #"  # Bob bids hearts and takes 6: 4 keys
    assert typist.presses(keys.replace(" ", "")) == 4
    shown = dev.keys(keys)
    assert home_standings(shown[-1]) == [("Ann", 40, -10), ("Bob", 65, 15), ("Cat", 40, -10)]
    assert pot_row(shown[-1]) == "Pot 5"
    shown = dev.keys("D 3# # 5#")  # the chip bids: Ann 3, Bob passes, Cat 5: Cat declares
    fits(shown)
    assert lines(shown[-1])[1] == "Cat$5"
    shown = dev.keys("1 7")  # trump spades, 7 tricks
    text = lines(shown[-1])
    assert text[1] == "Cat$5 ♠ 7", text
    dev.keys("#")
    shown = dev.keys("D 4# 4# #")  # a tie: refused on the summary
    shown = dev.keys("# #")
    text = lines(shown[-1])
    assert "Ann" not in text and text[-2:] == ["#:read it all", "#save *back"], text  # (its first rows)
    said = lines(dev.keys("#")[-1])  # the refusal whole (kitapi.app.refusal): seven rows
    assert said[0] == "Not saved" and " ".join(said[1:]).endswith("the only highest"), said
    assert lines(dev.keys("1")[-1]) == text
    shown = dev.keys("* * * * * 5# # #")  # back to Ann's chip bid: 5, the others as they were
    shown = dev.keys("# # #")
    assert "Saved" in lines(shown[-1]), lines(shown[-1])
    dev.keys("0 #")  # thrown in
    dev.close()
    log, res = device_log(tmp_path, tmp_path)
    hands = [json.loads(x) for x in log[1:]]
    assert hands == [
        {"dealer": 0, "declarer": 1, "bid": "H", "tricks": 6},
        {"dealer": 1, "declarer": 2, "chips": [3, 0, 5], "trump": "S", "tricks": 7},
        {"dealer": 2, "declarer": 0, "chips": [5, 4, 0], "tricks": 6},
        {"dealer": 0, "pass": True},
    ]
    g = new_game({"kitapi": 1, "rules": "preference_us", "players": NAMES, "options": {"chips": 50}, "dealer": 0})
    for h in hands:
        g.play(h)
    assert res == json.loads(result_json(g))


def test_edit_and_delete_through_the_hands_list(tmp_path: Path) -> None:
    dev = Device(tmp_path, heapsize="96K")
    _setup(dev, "preference_at", 100)
    dev.keys("1 1 # # # # #  2 2 # # # # #  0 # # # # #")  # Ann 1, Bob 2, an all-pass (Cat deals)
    shown = dev.keys("A")
    fits(shown)
    assert lines(shown[-1])[2:5] == ["  3 Cat - 6", "  2 Bob 2♠ 6", "  1 Ann 1♣ 6"], lines(shown[-1])  # (after 3/3)
    shown = dev.keys("8 #")  # hand 2: its summary
    assert lines(shown[-1])[:2] == ["Hand 2", "Bob 2♠ 6"]
    dev.keys("* * 7 #")  # back to Bob's tricks: 7; Cat 2 (# keeps half the rest, rounded up), Ann 1
    shown = dev.keys("#")
    assert lines(shown[-1])[:2] == ["Hands", "2/3 0:?"] and lines(shown[-1])[-2] == "Saved"  # back on the list
    dev.keys("8 D #")  # delete hand 1, from there
    dev.close()
    log, res = device_log(tmp_path, tmp_path)
    ops = [json.loads(x) for x in log[1:]]
    assert ops[3] == {"replace": 2, "dealer": 1, "declarer": 1, "bid": "2", "trump": "S", "tricks": [1, 7, 2]}
    assert ops[4] == {"delete": 1}
    assert res["hands"] == 2


def test_every_screen_fits_in_a_random_session(tmp_path: Path) -> None:
    """Random keys in each pot game (no menu: the game stays open) draw inside the screen, never crash,
    and leave a log that replays."""
    import random

    rng = random.Random(7)
    for rules in POT:
        dev = Device(tmp_path / rules, heapsize="96K")
        _setup(dev, rules, 300)
        shown = dev.keys("".join(rng.choice("0123456789ABD*#") for _ in range(1500)))
        fits(shown)
        dev.close()


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_an_option_and_its_value_share_a_row(code: str) -> None:
    from kitapi.app.systems import pot as sys_pot

    p = table(code, "app.systems.pot.lang")
    for names, choices in ((p.AT_OPTIONS, sys_pot._AT), (p.US_OPTIONS, sys_pot._US)):
        for i, (_, values) in enumerate(choices):
            for v in values:
                word = str(v) if isinstance(v, int) else p.WORDS[sys_pot._WORDS.index(v)]
                assert len(f"{i + 1} {names[i]}") + 1 + len(word) <= 16, (code, names[i], word)
                assert all(ord(c) < 128 or c in font.GLYPHS for c in word + names[i])


@pytest.mark.parametrize("rules", POT)
def test_a_long_game_runs_in_64k(tmp_path: Path, rules: str) -> None:
    """300 hands typed in a 64 KB heap, the heap back at its baseline after each hand."""
    setup, hands = typist.script(rules, 5, 300)
    assert len(hands) == 300
    dev = Device(tmp_path, heapsize="64K")
    dev.keys(setup)
    heaps = []
    for keys in hands:
        dev.keys(keys)
        heaps.append(dev.heap())
    dev.close()
    assert max(heaps[1:]) == heaps[1], (heaps[1], max(heaps), heaps.index(max(heaps)))


def test_an_emptied_pot_is_refilled(tmp_path: Path) -> None:
    """Austrian: ante 10, the pool 30: three declarers take 10 each, the third empties it; American: a
    win of 50 takes all the pot holds."""
    dev = Device(tmp_path / "at", heapsize="96K")
    dev.keys(typist.setup_keys("preference_at", 3, 100, "1"))  # ante 25 -> 10
    dev.keys("1 1 # # # # #  2 1 # # # # #")
    shown = dev.keys("3 1 # # # #")
    assert lines(shown[-1])[2:11] == ["Ann", "-9", "Bob", "-9", "Cat", "-2", "Pot", "+20", "Pot refilled"]
    shown = dev.keys("#")
    assert pot_row(shown[-1]) == "Pot 30" and "refill 1" in lines(shown[-1])
    dev.close()
    _, res = device_log(tmp_path / "at", tmp_path)
    assert res["refills"] == 1 and res["pot"] == 30 and res["stock"] == [90, 90, 90]  # each +10, then 10 in
    dev = Device(tmp_path / "us", heapsize="96K")
    dev.keys(typist.setup_keys("preference_us", 3, 50, "2 2 2 2 2"))  # win 25 -> 10 15 20 30 50
    shown = dev.keys("1 1 7 #")
    assert pot_row(shown[-1]) == "Pot 30" and "refill 1" in lines(shown[-1])
    dev.close()
    log, res = device_log(tmp_path / "us", tmp_path)
    assert json.loads(log[0])["options"] == {"chips": 50, "win": 50}
    assert res["refills"] == 1 and res["stock"] == [60, 30, 30]


def test_a_header_the_rules_refuse_writes_nothing_and_says_why(tmp_path: Path) -> None:
    """20 chips with Austrian Préférence's ante of 25: no game is written, and the refusal screen says the
    core's reason, then the start menu (the header is checked once the new-game wizard is let go:
    App.start_game)."""
    dev = Device(tmp_path / "data", heapsize="96K")
    keys = typist.setup_keys("preference_at", 3, 20)
    options = dev.keys(keys[: keys.index("20#") + 3])[-1]  # the options step warns
    assert lines(options)[-2:] == ["Ante > chips!", "#ok *back"], lines(options)
    shown = dev.keys(keys[keys.index("20#") + 3 :])
    text = lines(shown[-1])
    assert text[0] == "Not started" and " ".join(text[1:-1]).startswith("'ante' must be"), text
    assert lines(dev.keys("#")[-1])[0] == "No game"  # any key: the start menu
    assert not list((tmp_path / "data" / "games").glob("*.kitapi"))
    dev.keys(typist.setup_keys("preference_at", 3, 30))
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"] == {"chips": 30} and res["pot"] == 75


# A variant of American Preference added as docs/architecture.md's checklist adds one: a subclass in its parent's
# module (CLASSES, as the module now scores two ids) and a registry row (no strings: the rules step shows the
# registry's label).  The pot family asks its class, not its rules id, what it is.
_US2 = '''

class PreferenceUs2(PreferenceUs):
    """American Preference under an id of its own (tests/device/test_app_pot.py's variant)."""

    name = "preference_us2"


CLASSES = {"preference_us": PreferenceUs, "preference_us2": PreferenceUs2}
'''

# On a firmware (the copy, or the repo's): a new game of ``rules`` as far as its first hand's chip bid, the screens
# on the way and the log's header.
_US_GAME = """
import json
from pathlib import Path
from kitapi_host.sim import typist
from kitapi_host.sim.pick import rules_keys
from testkit import Device, device_log, lines

dev = Device(Path("data"))
out = {"chips": lines(dev.keys("1 " + rules_keys("%s") + " 3 " + " ".join(typist.TYPED[:3]))[-1])}
out["options"] = lines(dev.keys("150#")[-1])
out["home"] = lines(dev.keys("1 2 3 # # #")[-1])
out["chip bid"] = lines(dev.keys("D")[-1])
dev.close()
log, res = device_log(Path("data"), Path("."))
out["header"] = json.loads(log[0])
print(json.dumps(out))
"""


def test_a_variant_of_american_added_to_the_registry_alone_is_american_on_the_box(tmp_path: Path) -> None:
    """The variant's new game and first hand go as American's do: its chips (50 by default), its options step
    (ante, win, chip bids: not the Austrian's both-drop), its home screen's hint, D there its chip bid; the same
    header but for the rules id."""
    from testkit import firmware_copy, run_on

    # the row last, its names in each language under it (as docs/architecture.md's checklist writes a row)
    row = "preference_us2 pot preference_us American 2|Amer. 2|American 2\n el Αμερικ. 2|Αμερ. 2|Αμερικ. 2\n"
    row += " ru Америк. 2|Амер. 2|Америк. 2\n"
    end = '""".split("\\n")'  # (the table's end: the row goes last)
    tree = firmware_copy(
        tmp_path / "copy",
        {
            "kitapi/registry.py": lambda s: s.replace(end, row + end, 1),
            "kitapi/rules/preference_us.py": lambda s: s + _US2,
        },
    )
    got = json.loads(run_on(tree, _US_GAME % "preference_us2"))
    parent = firmware_copy(tmp_path / "repo", {})  # (the repo's firmware as it is, run the same way)
    american = json.loads(run_on(parent, _US_GAME % "preference_us").replace("preference_us", "x"))
    got = json.loads(json.dumps(got).replace("preference_us2", "x"))
    assert got == american, (got, american)
    assert got["chips"][2] == "50_" and got["options"][3:7] == ["2 Win", "25", "3 Bids", "pot"], got
    assert got["chip bid"][1] == "$" and got["header"]["options"] == {"chips": 150, "ante": 5, "win": 10,
                                                                       "chip_bids": "declarer"}  # fmt: skip
