"""Who owes whom says what it shares (issue 36, item 2): the kasa left, or the chips left in a pot game's pot, is
shared equally among the players, and one line says so ("Kasa 2120 shared: 530 each"), in the box's language;
a share that is no whole number is said in hundredths, marked rounded (≈)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from kitapi.app import menus
from kitapi.app.ui import LANGUAGES
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import Device, device_log, lines, new_game_keys

# multi-tap names: Ann, Bob, Cat, Dan in English (other letters in Greek and Russian)
_TYPED = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#", "0 3~1500 2~1500 66#")


def _device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="96K")


def _said(code: str, family: str, word: int, total: int, n: int) -> str:
    """The line the issue asks for, from the box's own tables: the family's word (Kasa, Pot), the total, the share."""
    t = importlib.import_module(f"kitapi.app.lang_{code}").T
    w = importlib.import_module(f"kitapi.app.systems.{family}.lang_{code}").T[word]
    each = str(total // n) if total % n == 0 else "\u2248%.2f" % (total / n)
    return t[74] % (w, total, each)


def _tail(text: list[str]) -> str:
    """The screen's rows above the keys' row (the last, which the shared line leaves), as one line."""
    return " ".join(text[:-1])


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_kasa_left_is_said_shared_equally(tmp_path: Path, code: str) -> None:
    """The kasa, 4 players at 530 (2120 in the kasa); Bob 6 spades made: 2100 left, 525 each."""
    dev = _device(tmp_path, code)
    dev.keys(new_game_keys("prefa_kasa") + " 4 " + " ".join(_TYPED) + " 530# # # #")
    dev.keys("2 6 1 1 # # #")
    text = lines(dev.keys("B")[-1])
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    assert res["kasa"] == 2100
    said = _said(code, "kasa", 1, 2100, 4)
    assert said.startswith(_said(code, "kasa", 1, 0, 1).split()[0] + " 2100") and " 525 " in said + " "
    assert _tail(text).endswith(said), text


@pytest.mark.parametrize("code", ["en", "ru"])
def test_a_kasa_share_in_thirds_is_said_rounded(tmp_path: Path, code: str) -> None:
    """3 players at 100; Bob 6 spades: 280 left, 93 1/3 each: "≈93.33"."""
    dev = _device(tmp_path, code)
    dev.keys(new_game_keys("prefa_kasa") + " 3 " + " ".join(_TYPED[:3]) + " 100# # # #")
    dev.keys("2 6 1 1 # # #")
    text = lines(dev.keys("B")[-1])
    dev.close()
    said = _said(code, "kasa", 1, 280, 3)
    assert "\u224893.33" in said
    assert _tail(text).endswith(said), text


@pytest.mark.parametrize("code", ["en", "el"])
def test_the_pot_left_is_said_shared_equally(tmp_path: Path, code: str) -> None:
    """An Austrian game (100 chips each) after a few generated hands: the pot left, shared by the three."""
    hdr, hands = gen.generate("preference_at", 5, 4, chips=100)
    dev = _device(tmp_path, code)
    dev.keys(typist.setup_keys("preference_at", 3, 100))
    for keys in typist.game_keys(hdr, hands):
        dev.keys(keys)
    text = lines(dev.keys("B")[-1])
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    pot = res["pot"]
    assert isinstance(pot, int) and pot > 0
    said = _said(code, "pot", 5, pot, 3)
    assert _tail(text).endswith(said), text


def _settled(dev: Device, code: str) -> list[str]:
    """End game, yes: the settlement's rows (its title Settle up, or the question where the rows are full)."""
    shown = lines(dev.keys("C 3 #")[-1])
    ask = menus.WORDS[LANGUAGES.index(code)].split("|")
    assert shown[0] == importlib.import_module(f"kitapi.app.lang_{code}").T[64] or shown[0] == ask[2], shown
    return shown


@pytest.mark.parametrize("code", ["en", "ru"])
def test_the_settlement_says_the_kasa_shared(tmp_path: Path, code: str) -> None:
    """The kasa game ended early (End game): the settlement shares the kasa left, and says so as who owes whom
    does ("Kasa 2100 shared: 525 each"), below the payments."""
    dev = _device(tmp_path, code)
    dev.keys(new_game_keys("prefa_kasa") + " 4 " + " ".join(_TYPED) + " 530# # # #")
    dev.keys("2 6 1 1 # # #")
    text = _settled(dev, code)
    dev.close()
    said = _said(code, "kasa", 1, 2100, 4)
    assert said in " ".join(text), text
    assert " ".join(text).index(said) > " ".join(text).index("\u2192"), text  # below the payments


@pytest.mark.parametrize("code", ["en", "el"])
def test_the_settlement_says_the_pot_shared(tmp_path: Path, code: str) -> None:
    """An Austrian game ended (End game) with chips left in the pot: the settlement says them shared."""
    hdr, hands = gen.generate("preference_at", 5, 4, chips=100)
    dev = _device(tmp_path, code)
    dev.keys(typist.setup_keys("preference_at", 3, 100))
    for keys in typist.game_keys(hdr, hands):
        dev.keys(keys)
    text = _settled(dev, code)
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    pot = res["pot"]
    assert isinstance(pot, int) and pot > 0
    assert _said(code, "pot", 5, pot, 3) in " ".join(text), text
