"""Russian Preferans on the device: the real firmware in the simulator, keys in, log and screens out."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from kitapi.game import new_game, result_json
from kitapi.settle import whole
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import Device, device_log, lines, new_game_keys, pref_standings

NAMES = ["Ann", "Bob", "Cat", "Dan"]
# multi-tap names: Ann, Bob, Cat, Dan
_TYPED = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#", "0 3~1500 2~1500 66#")
POOL = 60  # long enough for the 40 hands of a test game


def setup_keys(rules: str, n: int, pool: int, options: str = "") -> str:
    """The keys of a new game: rules, players, names, pool, options, first dealer seat 1, start."""
    return f"{new_game_keys(rules)} {n} " + " ".join(_TYPED[:n]) + f" {pool}# {options}# # #"


Screens = list[list[tuple[int, int, str]]]


def play(
    tmp_path: Path, rules: str, n: int, hands_wanted: int, seed: int, options: dict[str, object], option_keys: str = ""
) -> tuple[Device, list[dict[str, object]], Screens]:
    """Type a generated game into the device; the device, the hands as the device writes them, the screens."""
    hdr = gen.header(rules, n, pool=POOL, **options)
    hdr["players"] = NAMES[:n]
    _, hands = gen.generate(rules, seed, hands_wanted, n, pool=POOL, **options)
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys(rules, n, POOL, option_keys))
    g = new_game(hdr)
    written = []
    shown: Screens = []
    for h in hands:
        if g.over:
            break
        d = typist.device_form(g, h)
        shown = dev.keys(typist.hand_keys(g, d))
        g.play(d)
        written.append(d)
    return dev, written, shown


@pytest.mark.parametrize(
    ("rules", "n", "options", "option_keys", "seed"),
    [
        ("sochi", 3, {}, "", 3),
        ("leningrad", 3, {}, "", 5),
        ("rostov", 3, {"widow": True}, "6", 7),
        ("sochi", 4, {}, "", 9),
        ("leningrad", 2, {}, "", 11),
        ("sochi", 3, {"resign": True, "whist_one": "shared"}, "4 5", 13),
    ],
)
def test_a_typed_preferans_game_is_the_game_in_the_log(
    tmp_path: Path, rules: str, n: int, options: dict[str, object], option_keys: str, seed: int
) -> None:
    dev, written, shown = play(tmp_path, rules, n, 40, seed, options, option_keys)
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    header = json.loads(log[0])
    assert header["rules"] == rules and header["players"] == NAMES[:n]
    assert header["options"] == {"pool": POOL, **options}
    assert [json.loads(line) for line in log[1:]] == written
    assert res["hands"] == len(written)
    # the last screen: the home screen with each player's pool, hill and net whists (rounded once, all together,
    # as who owes whom pays them: kitapi.settle.whole)
    assert not res["over"]
    rows = pref_standings(shown[-1])
    assert len(rows) == n
    nets = whole([int(Fraction(x) * 2 * n) for x in res["settlement"]], 2 * n)
    for i, (name, pool, hill, net) in enumerate(rows):
        assert name and NAMES[i].startswith(name)  # as much of the name as there is room for
        assert pool == res["pool"][i]
        assert abs(hill - Fraction(res["hill"][i])) <= Fraction(1, 2)
        assert net == nets[i] and abs(net - Fraction(res["settlement"][i])) < 1, (rows, res)


def test_the_summary_shows_what_the_hand_writes_before_it_is_saved(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys("sochi", 3, 10))
    # Bob plays 7 spades, Cat whists, Ann passes; Bob takes 5: two short.
    shown = dev.keys("2 7 1 # 5")
    text = lines(shown[-1])
    # Bob: hill +8 (4 a trick short); Ann: 8 consolation whists; Cat: 8 + 4 x 5 tricks = 28
    assert "Ann W+8" in text and "Bob H+8" in text and "Cat W+28" in text, text
    shown = dev.keys("A")  # played open: recorded
    shown = dev.keys("#")
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[1]) == {"dealer": 0, "soloist": 1, "contract": "7S", "whist": ["whist", "pass"],
                                  "open": True, "tricks": [0, 5, 5]}  # fmt: skip
    assert res["hill"] == [0, 8, 0] and res["whists"] == [[0, 8, 0], [0, 0, 0], [0, 28, 0]]


def test_the_commonest_preferans_hand_takes_six_keys(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys("sochi", 3, 10))
    keys = "2 6 1 2 # #"  # Bob 6 spades, Cat whists (defender 1... the first after Bob), made exactly
    assert typist.presses(keys.replace(" ", "")) == 6
    dev.keys(keys)
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[1])["whist"] == ["whist", "pass"] and res["pool"] == [0, 2, 0]


def test_an_all_pass_and_leningrads_raised_minimum_on_the_device(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup_keys("leningrad", 3, 10))
    shown = dev.keys("0 4 3 #")  # Ann 4, Bob 3, Cat the 3 left
    assert any("x2" in s for s in lines(shown[-1])), lines(shown[-1])  # the home screen says the level
    shown = dev.keys("2 6")  # 6 is below the minimum now: not taken
    assert any("7-9" in s for s in lines(shown[-1]))
    dev.keys("7 1 4 #")  # 7 spades, both pass: the summary, save
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[1]) == {"dealer": 0, "allpass": [4, 3, 3]}
    assert json.loads(log[2])["contract"] == "7S"
    assert res["hill"] == [8, 6, 6] and res["pool"] == [0, 4, 0]


def test_a_stake_typed_at_the_start_gives_the_money_in_the_settlement(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="96K")
    keys = setup_keys("sochi", 3, 2).replace(" 2# ", " 2 A 0 B 5 # ")  # pool 2, stake 0.5 a whist
    dev.keys(keys)
    # Bob 7 spades, Cat whists, 2 short: (see the summary test) Ann +8 + 80/3, Cat +28 + 80/3 ...
    dev.keys("2 7 1 # 5 #")
    shown = dev.keys("2 6 1 4 #")  # Bob 6 spades, both pass: pool 2 full; Ann and Cat 0 of 2: not over
    shown = dev.keys("B")  # who owes whom
    text = lines(shown[-1])
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"] == {"pool": 2, "stake": "0.5"}
    nets = [Fraction(x) for x in res["settlement"]]
    money = [Fraction(x) for x in res["money"]]
    assert money == [x / 2 for x in nets]
    # each transfer: whists rounded, then the money to 2 decimals
    amounts = [s for s in text if "=" in s]
    assert amounts and all(s.split("=")[1].count(".") == 1 for s in amounts), text


def test_a_typed_balkan_game_is_the_game_in_the_log(tmp_path: Path) -> None:
    """Balkan Preferans on the device: the bids 2-7 (6 Bettler) in one step, A for the closed Game bid."""
    import random

    from kitapi.game import new_game

    hdr = {"kitapi": 1, "rules": "balkan", "players": NAMES[:3], "options": {"pool": POOL}, "dealer": 0}
    g = new_game(hdr)
    rng = random.Random(3)
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(new_game_keys("balkan") + " 3 " + " ".join(_TYPED[:3]) + f" {POOL}# # # #")
    written = []
    for i in range(25):
        dealer = i % 3
        soloist = rng.choice([s for s in range(3) if s != dealer] + [dealer])
        c = rng.choice("234577")
        h: dict[str, object] = {"dealer": dealer, "soloist": soloist, "contract": c}
        if rng.random() < 0.3:
            h["game"] = True
        ts = rng.choice((4, 5, 6, 6, 6, 7, 8))
        probe = type(g.hand)()  # to find the defenders
        probe.soloist, probe.dealer = soloist, dealer
        g.defenders(probe)
        words = rng.choice([["whist", "pass"], ["pass", "whist"], ["whist", "whist"], ["pass", "pass"]])
        h["whist"] = words
        if words.count("whist") == 1:
            h["open"] = False
        if "whist" in words:
            t = [0, 0, 0]
            t[soloist] = ts
            if words == ["whist", "whist"]:
                t[probe.d1] = (10 - ts + 1) // 2
                t[probe.d2] = 10 - ts - t[probe.d1]
            else:
                t[probe.d1 if words[0] == "whist" else probe.d2] = 10 - ts
            h["tricks"] = t
        if g.over:
            break
        dev.keys(typist.hand_keys(g, h))
        g.play(h)
        written.append(h)
    bettler = {"dealer": len(written) % 3, "soloist": (len(written) + 1) % 3, "contract": "6", "tricks": [0, 0, 0]}
    bettler["tricks"][(len(written) + 2) % 3] = 10  # type: ignore[index]
    if not g.over:
        dev.keys(typist.hand_keys(g, bettler))
        g.play(bettler)
        written.append(bettler)
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == "balkan"
    assert [json.loads(line) for line in log[1:]] == written
    assert res["settlement"] == json.loads(result_json(g))["settlement"]


# the pool step's stake, typed (A, then 1 . 5): its name, what was typed, the keys: the family's texts (its
# STAKE says where: kitapi.app.newgame names no family's places)
@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_pool_step_asks_the_stake_in_the_familys_words(tmp_path: Path, code: str) -> None:
    from lang_table import table

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings").write_text(f"255 60 {code}\n")
    dev = Device(data, heapsize="64K")
    keys = typist.setup_keys("sochi", 3, 20)
    dev.keys(keys[: keys.index("20#")])  # up to the pool step
    p = table(code, "app.systems.preferans.lang")
    assert lines(dev.keys("2 0")[-1])[2:] == ["20_", p.STAKE, "-", p.HINT_POOL]
    assert lines(dev.keys("A 1 B 5")[-1])[2:] == ["20", p.STAKE, "1.5_", p.HINT_STAKE]
    dev.close()
