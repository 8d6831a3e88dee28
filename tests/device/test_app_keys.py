"""Issue 24, item 8: fewer, surer keys in the hand wizards, through the simulator.

A tricks step with one possible answer (0-0: the others took all ten) is not asked; the all-pass's range
narrows to what the players before left; a key that does nothing on a wizard's step says so on the hint
row until the next key, in the player's language; the Austrian first defender's step says what # takes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kitapi_host.sim import typist
from testkit import Device, device_log, new_game_keys

Screen = list[tuple[int, int, str]]

# what the last row says after a key that does nothing there (kitapi.app.main.WORDS), by language
NOT_HERE = {"en": "Key %s: not here", "el": "Πλήκτρο %s: άκυρο", "ru": "Кнопка %s: нельзя"}

PREFA = new_game_keys("prefa") + " 3 " + " ".join(typist.TYPED[:3]) + " 100# # # #"  # Prefa, Ann Bob Cat, pouch 100
KASA = new_game_keys("prefa_kasa") + " 3 " + " ".join(typist.TYPED[:3]) + " 50000# # # #"
SOCHI = new_game_keys("sochi") + " 3 " + " ".join(typist.TYPED[:3]) + " 20# # # #"  # Sochi, pool 20
AUSTRIAN = typist.setup_keys("preference_at", 3, 300)
AMERICAN = typist.setup_keys("preference_us", 3, 300)
PRIFFE = typist.setup_keys("priffe", 4, 99)


def device(tmp_path: Path, code: str = "en") -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="96K")


def texts(screen: Screen) -> list[str]:
    return [s for _, _, s in sorted(screen, key=lambda t: (t[1], t[0]))]


def last_row(screen: Screen) -> list[str]:
    return [s for _, y, s in sorted(screen) if y == 56]


def above(screen: Screen) -> list[str]:
    """The screen but its last row (the hint's, where a refused key is said)."""
    return [s for _, y, s in sorted(screen, key=lambda t: (t[1], t[0])) if y < 56]


def hands(dev: Device, tmp_path: Path) -> list[dict[str, Any]]:
    dev.close()
    log, _ = device_log(tmp_path / "data", tmp_path)
    return [json.loads(x) for x in log[1:]]


# --- (a) a tricks step with one answer is not asked ------------------------------------------------------


@pytest.mark.parametrize("setup", [PREFA, KASA], ids=["prefa", "kasa"])
def test_prefa_ten_tricks_skip_the_defenders_step(tmp_path: Path, setup: str) -> None:
    """Ann 7 spades, both in, ten tricks: the summary follows (no "Tricks of Babis? 0-0"); * from it goes
    back to her tricks; the hand saves with one key fewer, the defenders none."""
    dev = device(tmp_path)
    dev.keys(setup)
    screen = dev.keys("1 7 1 # A")[-1]
    assert not any(s.startswith("0-0") for s in texts(screen)), texts(screen)
    assert any(s.startswith("#") for s in last_row(screen)) and "0-9 A=10 #=7" not in texts(screen)
    screen = dev.keys("*")[-1]  # back: the bidder's tricks, not the step left out
    assert "0-9 A=10 #=10" in texts(screen), texts(screen)
    dev.keys("A #")  # ten again, saved
    (h,) = hands(dev, tmp_path)
    assert h["tricks"] == [10, 0, 0] and h["contract"] == "7S", h


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_preferans_all_pass_narrows_to_what_is_left_and_skips_the_rest(tmp_path: Path, code: str) -> None:
    """Sochi all-pass: after Ann's 5, Bob is offered 0-5 (not 0-9), his 7 is refused with the words and
    changes nothing; 5 leaves Cat none, and the summary follows.  A second all-pass, Ann all ten: nobody else
    asked.  Both whisting a 6 and the soloist taking ten: no defender's step."""
    dev = device(tmp_path, code)
    dev.keys(SOCHI)
    screen = dev.keys("0 5")[-1]
    assert "0-5 #=0" in texts(screen), texts(screen)
    rest = above(screen)
    screen = dev.keys("7")[-1]
    assert last_row(screen) == [NOT_HERE[code] % "7"], texts(screen)
    assert above(screen) == rest  # (nothing changed)
    screen = dev.keys("A")[-1]  # ten: more than is left, refused too
    assert last_row(screen) == [NOT_HERE[code] % "A"] and above(screen) == rest, texts(screen)
    screen = dev.keys("5")[-1]  # the next key's screen: the summary, the message gone
    assert not any("0-" in s for s in texts(screen)) and NOT_HERE[code] % "5" not in texts(screen)
    dev.keys("#")
    dev.keys("0 A #")  # Ann all ten: Bob's and Cat's 0-0 not asked, # saves
    dev.keys("1 6 1 1 A #")  # Ann 6 spades, both whist, ten tricks: saved at once
    hs = hands(dev, tmp_path)
    assert [h.get("allpass") for h in hs[:2]] == [[5, 5, 0], [10, 0, 0]], hs
    assert hs[2]["contract"] == "6S" and hs[2]["tricks"] == [10, 0, 0], hs[2]


def test_four_players_the_widow_dealer_is_offered_two_at_most(tmp_path: Path) -> None:
    """Sochi, four at the table: the dealer (Ann, seat 1) holds the widow's cards in an all-pass and is
    asked first: 0-2; after her 2 and Bob's 8 nobody else is asked.  Rostov's dealer sits an all-pass out:
    Bob first, his ten leave Cat and Dan unasked."""
    dev = device(tmp_path)
    dev.keys(new_game_keys("sochi") + " 4 " + " ".join(typist.TYPED[:4]) + " 20# # # #")
    screen = dev.keys("0")[-1]
    assert "0-2 #=0" in texts(screen), texts(screen)
    screen = dev.keys("2")[-1]
    assert "0-8 #=0" in texts(screen), texts(screen)
    dev.keys("8 #")
    (h,) = hands(dev, tmp_path)
    assert h["allpass"] == [2, 8, 0, 0], h
    dev = device(tmp_path / "r")
    dev.keys(new_game_keys("rostov") + " 4 " + " ".join(typist.TYPED[:4]) + " 20# # # #")
    screen = dev.keys("0")[-1]
    assert "Bob" in texts(screen) and "0-9 A=10 #=0" in texts(screen), texts(screen)
    dev.keys("A #")
    dev.close()
    log, _ = device_log(tmp_path / "r" / "data", tmp_path)
    assert json.loads(log[1])["allpass"] == [0, 10, 0, 0], log


@pytest.mark.parametrize("rules", ["preference_at", "preference_illustrated"])
def test_pot_ten_tricks_skip_the_first_defenders_step(tmp_path: Path, rules: str) -> None:
    """Austrian and Illustrated: Ann's 1 (spades), nobody dropped, ten tricks: the summary follows."""
    dev = device(tmp_path)
    dev.keys(typist.setup_keys(rules, 3, 300))
    screen = dev.keys("1 1 # # A")[-1]
    assert not any(s.startswith("0-0") for s in texts(screen)), texts(screen)
    dev.keys("#")
    (h,) = hands(dev, tmp_path)
    assert h["tricks"] == [10, 0, 0], h


# --- (d) the Austrian first defender's step says what # takes ------------------------------------------------


def test_austrian_first_defenders_step_shows_its_default(tmp_path: Path) -> None:
    dev = device(tmp_path)
    dev.keys(AUSTRIAN)
    screen = dev.keys("1 1 # # 6")[-1]  # Ann 6 tricks: Bob's, of the 4 left
    assert "0-4 #=2" in texts(screen), texts(screen)
    screen = dev.keys("5")[-1]  # more than is left: refused, still asked
    assert last_row(screen) == [NOT_HERE["en"] % "5"] and "0-4 #=2" in texts(screen), texts(screen)
    dev.keys("# #")
    (h,) = hands(dev, tmp_path)
    assert h["tricks"] == [6, 2, 2], h


# --- (c) a key that does nothing says so, on every family's steps ---------------------------------------


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_prefa_refused_keys_are_said_in_the_language(tmp_path: Path, code: str) -> None:
    """Prefa: the level step's 5, the trump step's 7, the defenders' tricks above what is left, the
    summary's 3: each said on the last row, the step and the hand unchanged."""
    dev = device(tmp_path, code)
    dev.keys(PREFA + " 1")
    for key, then in (("5", "6"), ("7", "1 #"), ("B", "6")):  # level, trump, the bidder's tricks
        screen = dev.keys(key)[-1]
        assert last_row(screen) == [NOT_HERE[code] % key], texts(screen)
        dev.keys(then)
    screen = dev.keys("9")[-1]  # the first defender's: 0-4
    assert last_row(screen) == [NOT_HERE[code] % "9"] and "0-4 #=2" in texts(screen), texts(screen)
    screen = dev.keys("#")[-1]  # the summary
    screen = dev.keys("3")[-1]
    assert last_row(screen) == [NOT_HERE[code] % "3"], texts(screen)
    screen = dev.keys("2")[-1]  # the next key: the last one's words gone
    assert NOT_HERE[code] % "3" not in texts(screen) and NOT_HERE[code] % "2" in texts(screen)
    dev.keys("#")
    (h,) = hands(dev, tmp_path)
    assert h["contract"] == "6S" and h["tricks"] == [6, 2, 2], h


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_kasa_top_up_refused_keys_are_said(tmp_path: Path, code: str) -> None:
    dev = device(tmp_path, code)
    dev.keys(KASA)
    screen = dev.keys("D A")[-1]
    assert last_row(screen) == [NOT_HERE[code] % "A"], texts(screen)
    screen = dev.keys("# 5")[-1]  # its summary: only # and *
    assert last_row(screen) == [NOT_HERE[code] % "5"], texts(screen)
    dev.keys("#")
    (h,) = hands(dev, tmp_path)
    assert h["topup"] == 50000, h


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_pot_and_priffe_refused_keys_are_said(tmp_path: Path, code: str) -> None:
    """American: the trump step's 7, the summary's 1; Priffe: the contract step's 9, the summary's 2."""
    dev = device(tmp_path, code)
    dev.keys(AMERICAN)
    for keys, key in (("1", "7"), ("1 #", "1")):
        screen = dev.keys(keys + " " + key)[-1]
        assert last_row(screen) == [NOT_HERE[code] % key], texts(screen)
    dev.keys("#")
    dev.close()
    dev = device(tmp_path / "p", code)
    dev.keys(PRIFFE)
    for keys, key in (("1", "9"), ("# # #", "2")):
        screen = dev.keys(keys + " " + key)[-1]
        assert last_row(screen) == [NOT_HERE[code] % key], texts(screen)
    dev.close()


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_preferans_refused_keys_are_said(tmp_path: Path, code: str) -> None:
    """Sochi: the level step's 5 (6 the least), the words step's 8 (no dealer whisting with three), the
    summary's 4."""
    dev = device(tmp_path, code)
    dev.keys(SOCHI)
    for keys, key in (("1", "5"), ("6 1", "8"), ("2 #", "4")):
        screen = dev.keys(keys + " " + key)[-1]
        assert last_row(screen) == [NOT_HERE[code] % key], texts(screen)
    dev.keys("#")
    (h,) = hands(dev, tmp_path)
    assert h["contract"] == "6S" and h["tricks"][0] == 6, h


@pytest.mark.parametrize(("setup", "keys"), [(PREFA, "1 6 1 # 0"), (SOCHI, "1 6 1 1 0")], ids=["prefa", "sochi"])
def test_the_first_defender_takes_ten_with_A(tmp_path: Path, setup: str, keys: str) -> None:
    """The bidder took none: the first defender is offered all ten, A as on every tricks step (the step read
    "0-10" and only a digit was taken)."""
    dev = device(tmp_path)
    dev.keys(setup)
    screen = dev.keys(keys)[-1]
    assert "0-9 A=10 #=5" in texts(screen), texts(screen)
    dev.keys("A #")
    (h,) = hands(dev, tmp_path)
    assert h["tricks"] == [0, 10, 0], h
