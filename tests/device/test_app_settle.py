"""Who owes whom on the box adds up, in every language: each player's payments sum to his net as shown, the
money from the same whole whists (issue 24, item 1).  The settlement rule over random games of every system,
on both runtimes: tests/core/test_settle.py."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from kitapi.settle import whole
from testkit import Device, device_log, lines, new_game_keys, pref_standings

LANGUAGES = ("en", "el", "ru")
# multi-tap names (Ann, Bob, Cat in English; the same keys spell other letters in Greek and Russian)
_TYPED = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#")


def _device(tmp_path: Path, code: str, heapsize: str = "64K") -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize=heapsize)


def _pays(text: list[str]) -> list[tuple[str, str, str]]:
    """(payer, payee, amount text) of the who-owes-whom rows: a "A→B" line and the amount after it."""
    out = []
    for i, s in enumerate(text):
        if "\u2192" in s:
            a, b = s.split("\u2192")
            out.append((a, b, text[i + 1]))
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_kasa_split_in_thirds_pays_what_each_is_owed(tmp_path: Path, code: str) -> None:
    """The issue's game: kasa, 3 players at 100, Bob 6 spades made, then stopped: nets -96 -88 -96 and 280 left
    in the kasa, shared: 93 1/3 each, so Ann -2 2/3, Bob +5 1/3, Cat -2 2/3.  Rounded once (largest remainder:
    -3 5 -3 down, then one third up, the first seat's): Ann -2, Bob +5, Cat -3; the old screen, each transfer
    rounded on its own, had Ann->Bob 3 and Cat->Bob 3: 6 to Bob, who is owed 5 1/3."""
    dev = _device(tmp_path, code)
    dev.keys(
        new_game_keys("prefa_kasa") + " 3 " + " ".join(_TYPED) + " 100# # # #"
    )  # Prefa kasa, 3 players, kasa 100 each
    dev.keys("2 6 1 1 # # #")
    shown = dev.keys("C 3 #")  # stop here: the settlement
    text = lines(shown[-1])
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    names = json.loads(log[0])["players"]
    n = len(names)
    nets = [Fraction(v) + Fraction(res["kasa"], n) for v in res["net"]]  # type: ignore[attr-defined]
    assert nets == [Fraction(-8, 3), Fraction(16, 3), Fraction(-8, 3)]
    wholes = whole([int(x * n) for x in nets], n)
    assert wholes == [-2, 5, -3]
    pays = _pays(text)
    # (the share not whole: each amount marked rounded, issue 36 item 1)
    assert pays == [(names[2][:3], names[1][:3], "\u22483"), (names[0][:3], names[1][:3], "\u22482")], text
    got = [0] * n
    for a, b, amount in pays:
        got[[x[:3] for x in names].index(a)] -= int(amount[1:])
        got[[x[:3] for x in names].index(b)] += int(amount[1:])
    assert got == wholes


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_sochi_settlement_in_thirds_adds_up_to_the_nets_shown_and_the_money_follows(
    tmp_path: Path, code: str
) -> None:
    """Sochi, pool 10, 0.50 a whist: Bob 7 spades, Cat whists, Bob takes 5.  The nets: Ann +34 2/3, Bob
    -89 1/3, Cat +54 2/3; rounded once: 34 -90 54 down, two thirds up (Ann's, Bob's): +35 -89 +54 on the home
    screen, each marked rounded (≈).  The money comes from the exact nets (issue 36, item 1): 17.333 -44.667
    27.333, rounded once to cents by the same rule (down, then the one cent missing to the first seat's third):
    +17.34 -44.67 +27.33, so who owes whom says Bob->Cat ≈27.33, Bob->Ann ≈17.34; the screen before paid the
    whole whists' money, Bob->Cat 54 =27.00, Bob->Ann 35 =17.50, 0.17 off Bob's exact debt."""
    dev = _device(tmp_path, code, heapsize="96K")
    dev.keys(
        new_game_keys("sochi") + " 3 " + " ".join(_TYPED) + " 10 A 0 B 5 # # # #"
    )  # Sochi, 3 players, pool 10, stake 0.5
    home = dev.keys("2 7 1 # 5 #")[-1]
    text = lines(dev.keys("B")[-1])  # who owes whom
    dev.close()
    log, res = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"] == {"pool": 10, "stake": "0.5"}
    assert res["settlement"] == ["104/3", "-268/3", "164/3"]
    shown = [net for _, _, _, net in pref_standings(home)]
    assert shown == [35, -89, 54]
    assert [s for _, y, s in sorted(home) if s.startswith("\u2248")] != [] and all(
        s[0] == "\u2248" for x, y, s in home if 16 <= y <= 32 and x > 100
    ), lines(home)  # every net is rounded, and marked
    short = [name for name, *_ in pref_standings(home)]
    pays = _pays(text)
    assert [amount for *_, amount in pays] == ["\u224827.33", "\u224817.34"], text
    got = [0] * 3
    for a, b, amount in pays:
        cents = round(Fraction(amount[1:]) * 100)
        got[short.index(a)] -= cents
        got[short.index(b)] += cents
    exact = [Fraction(x) * 50 for x in res["settlement"]]  # (cents)
    assert got == [1734, -4467, 2733] and all(abs(x - e) < 1 for x, e in zip(got, exact, strict=True))


@pytest.mark.parametrize("code", LANGUAGES)
def test_three_payments_are_all_shown(tmp_path: Path, code: str) -> None:
    """Sochi, 4 players, pool 10, 0.50 a whist: Bob 8 spades, Cat whists, Bob takes 4: Bob owes all three
    (Cat 120, Ann 84, Dan 84 whists, 288 in all, his net shown on the home screen), each payment in money:
    whole whists, so exact (=), and each beside its names."""
    dev = _device(tmp_path, code, heapsize="96K")
    typed = " ".join(_TYPED + ("0 3~1500 2~1500 66#",))  # a fourth name: Dan (its keys in every language)
    dev.keys(new_game_keys("sochi") + " 4 " + typed + " 10 A 0 B 5 # # # #")  # Sochi, 4 players, pool 10, stake 0.5
    home = dev.keys("2 8 1 # 4 #")[-1]
    text = lines(dev.keys("B")[-1])  # who owes whom
    dev.close()
    shown = [net for _, _, _, net in pref_standings(home)]
    short = [name for name, *_ in pref_standings(home)]
    assert shown == [84, -288, 120, 84]
    pays = _pays(text)
    assert len(pays) == 3 and [amount for *_, amount in pays] == ["=60.00", "=42.00", "=42.00"], text
    got = [0] * 4
    for a, b, amount in pays:
        got[short.index(a)] -= Fraction(amount[1:])
        got[short.index(b)] += Fraction(amount[1:])
    assert got == [x / 2 for x in shown]
