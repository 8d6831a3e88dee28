"""What the box says, in the player's language, through the simulator: a hand's summary says when the hand
ends the game (issue 24, item 10); the option screens and the Preferans summary use the players' words, and
a key on the summary spells out its codes (issue 24, item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitapi_host.sim.pick import rules_keys
from testkit import Device, lines, new_game_keys

# multi-tap names: Ann, Bob, Cat
_TYPED = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8#"
ENDS = {"en": "Ends the game", "el": "Τέλος παρτίδας", "ru": "Конец игры"}
# a new game of three (Ann, Bob, Cat) with a pouch, or a pool, of 2: three hands of 6 spades made end it
START = {
    "prefa": f"{new_game_keys('prefa')} 3 {_TYPED} 2# # # #",
    "sochi": f"{new_game_keys('sochi')} 3 {_TYPED} 2# # # #",
}
# the keys of a hand of seat N's 6 spades, made exactly, up to its summary (Prefa: both defenders in;
# Sochi: defender 1 whists)
HAND = {"prefa": "%d # # # # #", "sochi": "%d # # # #"}


def device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="96K")


@pytest.mark.parametrize("code", ["en", "el", "ru"])
@pytest.mark.parametrize("system", ["prefa", "sochi"])
def test_the_summary_says_that_the_hand_ends_the_game(tmp_path: Path, system: str, code: str) -> None:
    """Pouches (pools) of 2: Ann's and Bob's hands leave the game on, Cat's ends it; only its summary says so,
    whole, on a row of its own; # then saves it and the settlement follows."""
    dev = device(tmp_path, code)
    dev.keys(START[system])
    for seat in (1, 2):
        summary = lines(dev.keys(HAND[system] % seat)[-1])
        assert not any(ENDS[code] in s for s in summary), summary
        assert summary[-1].startswith("#"), summary  # the save key, and the game goes on
        dev.keys("#")
    summary = lines(dev.keys(HAND[system] % 3)[-1])
    assert ENDS[code] in summary, summary  # whole, a line of its own
    after = lines(dev.keys("#")[-1])
    dev.close()
    assert after[-1].startswith("#"), after  # the settlement's question: the game is over
    assert not any(ENDS[code] in s for s in after)


# the names _TYPED gives in each language's letters (and Dan, Priffe's fourth)
TYPED_NAMES = ("Ann", "Bob", "Cat", "Dan", "Αξξ", "Βοβ", "Γατ", "Δαν", "Асс", "Бтб", "Ваш", "Дан")


def walked(screen: list[tuple[int, int, str]], names: tuple[str, ...] = TYPED_NAMES) -> list[str]:
    """What the screen walk (tests/device/test_app_screens.py) finds wrong with a screen: cut, outside,
    overlapping, no key named."""
    from test_app_screens import problems, vocabulary

    return problems(screen, vocabulary(names))


# the Preferans options step (Sochi), all on: each option in the players' words, whole
PREF_OPTIONS = {
    "en": ["1 Stalingrad", "2 Half-whist", "3 Whist 10s", "4 Resign", "5 One short", "6 Whist"],
    "el": ["1 Σταλινγκράδ", "2 Μισό-βιστ", "3 Βιστ 10", "4 Παραίτηση", "5 Λείπει 1", "6 Βιστ"],
    "ru": ["1 Сталинград", "2 Полвиста", "3 Вист на 10", "4 Без трёх", "5 Недовист 1", "6 Вист"],
}
# option 5's choices: the second whister answers for a requirement of 1, or both share it
ONE_SHORT = {"en": ("2nd", "both"), "el": ("2ος", "κοινό"), "ru": ("2-й", "оба")}


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_preferans_options_are_in_the_players_words(tmp_path: Path, code: str) -> None:
    dev = device(tmp_path, code)
    shown = dev.keys(f"{new_game_keys('sochi')} 3 {_TYPED} 20#")[-1]
    text = lines(shown)
    assert [s for s in text if s[:2] in ("1 ", "2 ", "3 ", "4 ", "5 ", "6 ")] == PREF_OPTIONS[code], text
    assert text[text.index(PREF_OPTIONS[code][4]) + 1] == ONE_SHORT[code][0], text
    assert not walked(shown)
    shown = dev.keys("5")[-1]  # both share it
    assert lines(shown)[lines(shown).index(PREF_OPTIONS[code][4]) + 1] == ONE_SHORT[code][1], lines(shown)
    assert not walked(shown)
    dev.close()


# the kasa game's option 4: what a bidder who went in puts into the kasa; the question, its answer below
KASA_OPTION = {
    "en": ("4 Bidder up pays", "10 x bid value", "bid x bid value"),
    "el": ("4 Αγοραστής μέσα", "10 x αξία αγοράς", "μπάζες x αξία"),
    "ru": ("4 При недоборе", "10 x цена игры", "заказ x цена"),
}
ACES_RAISED = {"en": "value+", "el": "αξία+", "ru": "цена+"}  # option 3, four aces: A, the bid value raised


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_kasa_options_say_what_a_bidder_who_went_in_pays(tmp_path: Path, code: str) -> None:
    question, ten, level = KASA_OPTION[code]
    dev = device(tmp_path, code)
    shown = dev.keys(f"{new_game_keys('prefa_kasa')} 3 {_TYPED} 500#")[-1]
    assert (question, 4 * 8) in [(s, y) for _, y, s in shown] and (ten, 5 * 8) in [(s, y) for _, y, s in shown]
    assert not walked(shown)
    shown = dev.keys("4 3")[-1]  # the level; the four aces: the bid value raised
    assert (level, 5 * 8) in [(s, y) for _, y, s in shown], lines(shown)
    assert ACES_RAISED[code] in lines(shown), lines(shown)
    assert not walked(shown)
    dev.close()


# the Preferans summary's codes, spelled out by its key 0: the summary's pool, hill, whists; a hand's words
LEGEND = {
    "en": ["P pool  H hill", "W whists", "w whist  - pass", "½ half-whist", "d dealer whists", "*back #save"],
    "el": ["Π πουλ  Β βουνό", "Σ βιστ (γράφει)", "σ βιστ  - πάσο", "½ μισό βιστ", "μ βιστ ντίλερ", "*πίσω #γράψε"],
    "ru": ["П пуля  Г гора", "В висты", "в вист  - пас", "½ полвиста", "с вист сдающего", "*назад #записать"],
}
# Bob plays 7 spades, Cat whists, Ann passes, Bob takes 5: the hand's words, then what Ann, Bob and Cat
# write (after each name: the names are typed in each language's letters)
SUMMARY = {
    "en": ["7♠ w- -2", "W+8", "H+8", "W+28"],
    "el": ["7♠ σ- -2", "Σ+8", "Β+8", "Σ+28"],
    "ru": ["7♠ в- -2", "В+8", "Г+8", "В+28"],
}


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_preferans_summary_spells_out_its_codes_on_0(tmp_path: Path, code: str) -> None:
    """The hand's words and the summary's figures have codes of their own (pass is no longer the pool's
    letter: Russian "Пп"); 0 spells them out on the summary's screen, * comes back to it."""
    dev = device(tmp_path, code)
    dev.keys(START["sochi"].replace(" 2#", " 20#"))
    summary = dev.keys("2 7 1 # 5")[-1]
    text = lines(summary)
    assert text[1] == "0:?" and [s.split(" ", 1)[1] for s in text[2:6]] == SUMMARY[code], text  # 0: title bar
    assert not walked(summary)
    legend = dev.keys("0")[-1]
    assert lines(legend)[1:] == [text[2], *LEGEND[code]], lines(legend)  # row 1: the codes it explains
    assert not walked(legend)
    assert dev.keys("*")[-1] == summary  # back: the summary as it was
    assert dev.keys("0 0")[-1] == summary  # 0 again: the same
    after = lines(dev.keys("0 #")[-1])  # # saves from the legend too, as the hint says
    dev.close()
    assert after[0].endswith(" 2"), after  # saved: the home screen, hand 2 next


# Priffe's summary: each team's trick points (tp) and games (g) after the hand; 0 spells the codes out
PRIFFE_LEGEND = {
    "en": ["A B  the teams", "tp trick points", "g  games won", "*back #save"],
    "el": ["A B  οι ομάδες", "μπ πόντοι μπαζών", "π  παρτίδες", "*πίσω #γράψε"],
    "ru": ["A B  две пары", "оч очки взяток", "г  геймы", "*назад #записать"],
}


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_priffe_summary_spells_out_its_codes_on_0(tmp_path: Path, code: str) -> None:
    dev = device(tmp_path, code)
    dev.keys(
        f"{new_game_keys('priffe')} 4 {_TYPED} 0 3~1500 2~1500 66# 1# # # #"
    )  # Priffe, Ann Bob Cat Dan, one rubber
    summary = dev.keys("1 1 8 0")[-1]  # Ann plays, her team takes 8, no honours: the summary
    text = lines(summary)
    tp, g = PRIFFE_LEGEND[code][1].split()[0], PRIFFE_LEGEND[code][2].split()[0]
    assert text[1] == "0:?" and text[5] == f"{tp} 20  {g} 0", text
    legend = dev.keys("0")[-1]
    assert lines(legend)[1:] == [text[2], *PRIFFE_LEGEND[code]], lines(legend)
    assert not walked(legend)
    assert dev.keys("*")[-1] == summary
    dev.close()


def test_a_hand_played_open_is_said_in_words_in_greek_and_russian(tmp_path: Path) -> None:
    """The Preferans summary's A marks a hand played open: Greek "A:ανοιχτά" (not "ανοιχ", cut), Russian
    "A:лёжа" (the whister plays lying down, C's "down" or "open"; not "откр", cut)."""
    for code, word in (("el", "A:ανοιχτά"), ("ru", "A:лёжа")):
        dev = device(tmp_path / code, code)
        dev.keys(START["sochi"].replace(" 2#", " 20#"))
        summary = dev.keys("2 6 1 # #")[-1]  # Bob 6 spades, one whister, made: it may be played open
        assert any(s.endswith(word) for s in lines(summary)), lines(summary)
        assert not walked(summary)
        dev.close()


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_kasa_summary_says_that_the_hand_empties_it(tmp_path: Path, code: str) -> None:
    """A kasa of 10 each (30): Ann's 6 spades takes 20 of it, Bob's the 10 left: only his summary says that
    the hand ends the game, on the row after the nets."""
    dev = device(tmp_path, code)
    dev.keys(f"{new_game_keys('prefa_kasa')} 3 {_TYPED} 10# # # #")
    first = lines(dev.keys("1 # # # # #")[-1])
    assert not any(ENDS[code] in s for s in first), first
    last = lines(dev.keys("# 2 # # # # #")[-1])
    assert last[-2:] == [ENDS[code], last[-1]] and last[-1].startswith("#"), last
    after = lines(dev.keys("#")[-1])
    dev.close()
    assert after[-1].startswith("#") and not any(ENDS[code] in s for s in after), after  # the settlement


@pytest.mark.parametrize(("code", "keys", "name", "value"), [
    # Leningrad's all-pass progression: the word of its hands' lines (not "Πάσο", the word of a defender who passes)
    ("en", new_game_keys("leningrad") + " 3", "6 All-pass", "7x3"),
    ("el", new_game_keys("leningrad") + " 3", "6 Πάσο όλοι", "7x3"),
    # Austrian (picked on the rules step's second page): both defenders out, the declarer wins (not "выигр.")
    ("ru", "1 B " + rules_keys("preference_at") + " 3", "2 2 паса", "выигрыш"),
])  # fmt: skip
def test_option_words_are_whole(tmp_path: Path, code: str, keys: str, name: str, value: str) -> None:
    dev = device(tmp_path, code)
    shown = dev.keys(f"{keys} {_TYPED} 100#")[-1]
    dev.close()
    text = lines(shown)
    assert name in text and text[text.index(name) + 1] == value, text
    assert not walked(shown)
