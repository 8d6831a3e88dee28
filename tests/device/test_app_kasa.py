"""Prefa with a common kasa on the device: Prefa's hand wizard, top-ups, the kasa on the home screen."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kitapi.settle import settle
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import Device, device_log, lines, new_game_keys

NAMES = ["Ann", "Bob", "Cat", "Dan"]
_TYPED = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#", "0 3~1500 2~1500 66#")


def setup_keys(n: int, kasa: int, options: str = "") -> str:
    """A new game: rules 6 (Prefa kasa), players, names, kasa each, options, first dealer seat 1, start."""
    return f"{new_game_keys('prefa_kasa')} {n} " + " ".join(_TYPED[:n]) + f" {kasa}# {options}# # #"


def kasa_standings(texts: list[tuple[int, int, str]]) -> tuple[list[tuple[str, int]], int]:
    """(name, net) from the home screen's player rows, and the kasa of row 6."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for x, y, s in texts:
        rows.setdefault(y, []).append((x, s))
    out = []
    for y in sorted(rows):
        cells = sorted(rows[y])
        names = [s for x, s in cells if x == 18]
        if 16 <= y <= 40 and cells[0][1] in "1234" and names:
            out.append((names[0], int(cells[-1][1])))
    (kasa,) = [int(s.split()[1]) for x, s in rows.get(48, []) if x == 0]
    return out, kasa


@pytest.mark.parametrize(("n", "kasa", "seed"), [(3, 300, 1), (4, 200, 2), (3, 40, 3)])
def test_a_typed_kasa_game_is_the_game_in_the_log(tmp_path: Path, n: int, kasa: int, seed: int) -> None:
    hdr, hands = gen.generate("prefa_kasa", seed, 60, n, kasa=kasa)
    # 64 KB, the target; the four players' game now fails there by a few hundred bytes (it runs in 65 KB;
    # 68 KB leaves room for where the collections fall): README, "The device"
    dev = Device(tmp_path / "data", heapsize="64K" if n == 3 else "68K")
    dev.keys(setup_keys(n, kasa))
    shown = []
    for keys in typist.game_keys(hdr, hands):
        shown = dev.keys(keys)
    over = lines(shown[-1])[0] == "Settle up"
    if over:  # the hand that emptied the kasa: the settlement, then back to the home screen
        shown = dev.keys("*")
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"] == {"kasa": kasa}
    assert [json.loads(line) for line in log[1:]] == hands
    assert res["over"] == over
    rows, shown_kasa = kasa_standings(shown[-1])
    assert shown_kasa == res["kasa"]
    assert [net for _, net in rows] == res["net"]
    assert all(NAMES[i].startswith(name) for i, (name, _) in enumerate(rows))


def test_the_commonest_kasa_hand_takes_seven_keys_and_the_summary_shows_the_kasa(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    dev.keys(setup_keys(3, 300))
    keys = "1 6 1 # # #"  # Ann 6 spades, both in, exact, 2/2: the summary
    shown = dev.keys(keys)
    text = lines(shown[-1])
    assert text[2:4] == ["Kasa", "-20"] and "+12" in text, text  # the kasa pays 6x2 + 2x2 + 2x2
    shown = dev.keys("#")
    assert typist.presses((keys + "#").replace(" ", "")) == 7
    assert "Saved" in lines(shown[-1])
    shown = dev.keys("D # #")  # a top-up of the kasa's size
    assert kasa_standings(shown[-1]) == ([("Ann", -288 - 300), ("Bob", -296 - 300), ("Cat", -296 - 300)], 880 + 900)
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[2]) == {"topup": 300}


def test_ending_a_kasa_game_early_shares_the_kasa(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    dev.keys(setup_keys(3, 100, "3 4"))  # four aces A (amount 10), went in: the level
    dev.keys("1 7 1 # 5 2 #")  # Ann 7 spades, 5 tricks: went in; Bob 2, Cat 3
    shown = dev.keys("C 3 #")  # end the game: the settlement, with the kasa shared
    text = lines(shown[-1])
    dev.keys("#")  # closed in the log
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    hdr = json.loads(log[0])
    assert hdr["options"] == {"kasa": 100, "four_aces": {"mode": "A", "amount": 10}, "bidder_in": "level"}
    assert json.loads(log[-1]) == {"end": True} and res["kasa"] == 0
    net = [Fraction(x) for x in res["net"]]
    assert sum(net) == 0 and Fraction(res["share"]) > 0
    want = [f"{NAMES[a]}\u2192{NAMES[b]}" for a, b, _ in settle([int(x * 3) for x in net])]
    assert [s for s in text if "\u2192" in s] == want, text
