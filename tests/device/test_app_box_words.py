"""Issue 36, items 4, 5 and 8, through the simulator with the issue's keys: every word whole (no cut word, no
name cut to 3 letters, a deleted hand's result kept), no English on a Greek or Russian box (Greek asks with
";", the name step's A in words, the flash's refusal in the player's words) and every key answers (a key that
does nothing on the home screen says so, a blank name says that a name needs a letter)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_app_screens import foreign, problems, vocabulary
from testkit import Device, device_log, firmware_copy, lines, new_game_keys, run_on

# The Sochi game on a Russian box (pool 10, stake 0.5): from an English box, settings, language ->
# Russian; Иван, Оля, Петр typed; then Оля's 6 spades whisted by Петр (Иван passes): Иван owes both
SOCHI = "2 3 3 # 1 2 3 0 4 222 ~1100 2 55 # 0 555 4444 9999 # 0 5555 33 666 ~1100 6 # 1 0 A 0 B 5 # # 1 #"
NAMES = ("Иван", "Оля", "Петр")


def device(tmp_path: Path, code: str, heapsize: str = "96K") -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize=heapsize)


def bad(screen: list[tuple[int, int, str]], code: str, names: tuple[str, ...] = NAMES) -> list[str]:
    return problems(screen, vocabulary(names)) + foreign(screen, code, names)


def test_who_owes_whom_keeps_the_names_whole(tmp_path: Path) -> None:
    """Item 4: "Ива→Оля 5 =2.50": a name of 4 letters was cut to 3 to keep the amount beside it; now the names
    are whole (cut to 4 letters at the least) and the amount at the row's end."""
    dev = device(tmp_path, "en")
    dev.keys(SOCHI + " 2 6 1 2 # #")
    owes = dev.keys("B")[-1]
    dev.close()
    shown = lines(owes)
    assert [s for s in shown if "\u2192" in s] == ["Иван\u2192Оля", "Иван\u2192Петр"], shown
    assert not any("Ива\u2192" in s for s in shown) and not bad(owes, "ru"), shown


def test_the_hands_list_keeps_a_deleted_hands_result(tmp_path: Path) -> None:
    """Item 4: a deleted hand's row lost its result ("11 xОля 7♦ вв −" for "−2"): its x is now in the number's
    column, the line as long as any other's; the list's keys in whole words."""
    dev = device(tmp_path, "en")
    dev.keys(SOCHI + " 2 7 3 1 5 # #")  # Оля 7 diamonds, both whist, she takes 5: down 2
    listed = lines(dev.keys("A")[-1])
    assert listed[2] == "  1 Оля 7♦ вв -2", listed
    assert listed[-2:] == ["A/B:листать C:№", "#правка D:убрать"], listed
    deleted = dev.keys("D #")[-1]
    dev.close()
    assert lines(deleted)[2] == " x1 Оля 7♦ вв -2", lines(deleted)
    assert not bad(deleted, "ru"), lines(deleted)


# the home screen's and the hands list's keys, in whole words (they were "A:λίστ", "#διόρθ. D:διαγρ",
# "A/B:σελ C:μετάβ"; "A:спис", "#испр. D:удал.", "A/B:стр. C:к №")
KEYS = {
    "el": ("A:σκορ B:χρέη C\u2261", "A/B:σελίδα C:№", "#αλλαγή D:σβήσε"),
    "ru": ("A:лист B:долг C\u2261", "A/B:листать C:№", "#правка D:убрать"),
}
_TYPED = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8#"  # (Ann, Bob, Cat in each alphabet)
TYPED = {"el": ("Αξξ", "Βοβ", "Γατ"), "ru": ("Асс", "Бтб", "Ваш")}


@pytest.mark.parametrize("code", ["el", "ru"])
def test_the_keys_are_named_in_whole_words(tmp_path: Path, code: str) -> None:
    dev = device(tmp_path, code)
    home = dev.keys(f"{new_game_keys('prefa')} 3 {_TYPED} 100# # # # 1 # # # # # #")[-1]  # a hand saved
    listed = dev.keys("A")[-1]
    dev.close()
    assert lines(home)[-1] == KEYS[code][0] and lines(listed)[-2:] == list(KEYS[code][1:]), lines(listed)
    assert not bad(home, code, TYPED[code]) and not bad(listed, code, TYPED[code])


def test_a_greek_box_asks_with_the_greek_question_mark(tmp_path: Path) -> None:
    """Item 5: "Μπάζες Λενα?", "Διαγραφή 6?", "Τέλος παρτίδας?": Greek asks with ";"."""
    dev = device(tmp_path, "el")
    dev.keys(f"{new_game_keys('prefa')} 3 {_TYPED} 100# # # #")
    tricks = lines(dev.keys("1 6 1 # 4")[-1])  # Ann 6 spades, both in, 4 tricks: whose tricks next?
    assert "Μπάζες Βοβ;" in tricks, tricks
    dev.keys("# #")
    delete = lines(dev.keys("A D")[-1])
    end = lines(dev.keys("* * C 3")[-1])  # (the menu's End game)
    dev.close()
    assert delete[0] == "Διαγραφή 1;" and end[0] == "Τέλος παρτίδας;", (delete, end)


@pytest.mark.parametrize(
    ("code", "other", "own"), [("el", "A:λατινικά", "A:ελληνικά"), ("ru", "A:латиница", "A:кириллица")]
)
def test_the_name_step_says_its_alphabet_key_in_words(tmp_path: Path, code: str, other: str, own: str) -> None:
    """Item 5: "#ok *σβήσε A:abc": the name step's keys in the box's language; A switches to the Latin letters
    and back, and says which in words."""
    dev = device(tmp_path, code)
    typing = dev.keys(f"{new_game_keys('prefa')} 3 0")[-1]
    assert other in lines(typing) and not foreign(typing, code), lines(typing)
    latin = dev.keys("A 2 #")[-1]  # the Latin letters: "a", saved as player 1
    back = dev.keys("0")[-1]
    dev.close()
    assert lines(latin)[1] == {"el": "Παίκτης 2", "ru": "Игрок 2"}[code], lines(latin)
    assert own in lines(back) or other in lines(back), lines(back)  # (a new name: the alphabet chosen last)


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_a_blank_name_is_said(tmp_path: Path, code: str) -> None:
    """Item 8: "0 #" at a name step was dropped silently; now the step says that a name needs a letter, and
    stays."""
    dev = device(tmp_path, code)
    said = lines(dev.keys(f"{new_game_keys('prefa')} 3 0 #")[-1])
    after = lines(dev.keys(_TYPED.split(" 0 ")[0])[-1])  # then a name: player 2's step
    dev.close()
    assert said[1] == {"en": "Type a letter", "el": "Γράψε ένα γράμμα", "ru": "Нужна буква"}[code], said
    assert after[1] == {"en": "Player 2", "el": "Παίκτης 2", "ru": "Игрок 2"}[code], after


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_a_key_that_does_nothing_on_the_home_screen_says_so(tmp_path: Path, code: str) -> None:
    """Item 8: 9, 5 and D in a 3-player Prefa game did nothing and said nothing; now each says so on the hint
    row, as the wizard's steps do ("Πλήκτρο 5: άκυρο"), until the next key."""
    dev = device(tmp_path, code)
    home = lines(dev.keys(f"{new_game_keys('prefa')} 3 {_TYPED} 100# # # #")[-1])
    word = {"en": "Key %s: not here", "el": "Πλήκτρο %s: άκυρο", "ru": "Кнопка %s: нельзя"}[code]
    for key in ("9", "5", "D"):
        shown = lines(dev.keys(key)[-1])
        assert shown[:-1] == home[:-1] and shown[-1] == word % key, shown
    again = lines(dev.keys("B B")[-1])  # the next key: the hint row as it was
    dev.close()
    assert again == home, again


# the store's write of the game's end record refused as a full flash refuses it (the copy's one change)
_FULL = {
    "kitapi/app/store.py": lambda s: s.replace(
        '        """Close the game in its log; no game is current after it."""\n',
        '        """Close the game in its log; no game is current after it."""\n        raise OSError(28)\n',
    )
}
_SETTLE = """
from pathlib import Path
from testkit import Device, lines, new_game_keys
data = Path({data!r})
data.mkdir(parents=True)
(data / "settings").write_text("255 60 {code}\\n")
dev = Device(data, heapsize="64K")
dev.keys(new_game_keys("prefa") + " 3 {typed} 2# # # #")
for seat in (1, 2, 3):
    dev.keys("%d # # # # # #" % seat)  # three 6 spades made: the pouches of 2 full, the game over
print(repr(dev.keys("1")[-1]))  # the settlement
print(repr(dev.keys("#")[-1]))  # closed: refused by the flash
print(repr(dev.keys("8")[-1]))  # any key: the home screen, the game still open
dev.close()
"""


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_a_settlement_the_flash_refuses_is_said_whole_in_the_players_words(tmp_path: Path, code: str) -> None:
    """Item 5: Settle's "NOT saved: [Errno 28] ENOSPC", cut at 16 on the home screen's row 1, in English on
    every box; now the refusal screen says it in the box's language, wrapped at spaces, and any key goes back
    to the game, still open."""
    import ast

    tree = firmware_copy(tmp_path, _FULL)
    out = run_on(tree, _SETTLE.format(data=str(tmp_path / "data"), code=code, typed=_TYPED))
    settle, refused, home = (ast.literal_eval(x) for x in out.splitlines()[-3:])
    title, full = {
        "en": ("Not saved", "The box's memory is full."),
        "el": ("Δεν γράφτηκε", "Η μνήμη του κουτιού γέμισε."),
        "ru": ("Не записано", "Память устройства заполнена."),
    }[code]
    shown = lines(refused)
    assert shown[0] == title and " ".join(shown[1:-1]) == full, shown
    names = ("Ann", "Bob", "Cat", *TYPED.get(code, ()))
    assert not problems(refused, vocabulary(names)) and not foreign(refused, code, names), shown
    assert lines(home)[0] != lines(settle)[0] and lines(home)[-1] == KEYS.get(code, ("A:log B:owe C:\u2261",))[0]


def test_both_defenders_out_reads_as_the_bidders_win(tmp_path: Path) -> None:
    """Item 7: "Νικος 7ΣΑ −" (both defenders out) read as a failure; now the hand's line ends with ✓, and the
    hands list's legend (0) says what it means."""
    dev = device(tmp_path, "el")
    dev.keys(f"{new_game_keys('prefa')} 3 {_TYPED} 100# # # #")
    summary = lines(dev.keys("1 7 5 4")[-1])  # Ann 7 no trumps, both defenders out: the summary
    dev.keys("#")
    listed = lines(dev.keys("A")[-1])
    legend = lines(dev.keys("0")[-1])
    dev.close()
    assert summary[1] == "Αξξ 7ΣΑ \u2713" and listed[2] == "  1 Αξξ 7ΣΑ \u2713", (summary, listed)
    assert "\u2713 και οι 2 πάσο" in legend, legend


@pytest.mark.parametrize(
    ("code", "zero", "misdeal"), [("ru", "0:пас", "A:пересдача"), ("el", "0:πάσο", "A:ξαναμοίρασμα")]
)
def test_the_misdeal_key_is_named_in_a_whole_word(tmp_path: Path, code: str, zero: str, misdeal: str) -> None:
    """Item 7: "0:пас A:пересд.": the soloist step's A (a misdeal: the cards dealt again) in a whole word on the
    hint row, 0 (all pass) on the title bar."""
    dev = device(tmp_path, code)
    dev.keys(f"{new_game_keys('sochi')} 3 {_TYPED} 20# # # #")
    step = dev.keys("D")[-1]  # the soloist step, from the home screen's D
    dev.close()
    assert lines(step)[1] == zero and lines(step)[-1] == misdeal, lines(step)
    assert not bad(step, code, TYPED[code]), lines(step)


def test_the_austrian_bid_step_shows_no_bid_before_one_is_made(tmp_path: Path) -> None:
    """Item 7: Austrian "Al 1 / Bid?": the line above the question showed the first bid before any was made."""
    dev = device(tmp_path, "en")
    dev.keys(f"1 7 3 {_TYPED} 100# # # # #")  # Austrian (the rules step's 7), Ann, Bob, Cat
    asked = lines(dev.keys("1")[-1])  # Ann declares: her bid?
    trump = lines(dev.keys("2")[-1])  # she bids 2: the trump
    dev.close()
    assert asked[1:3] == ["Ann", "Bid?"] and trump[1] == "Ann 2", (asked, trump)


def test_every_menu_and_new_game_step_answers_every_key(tmp_path: Path) -> None:
    """Item 8: a key a menu or a new-game step has no use for is said, as the wizard's steps say theirs."""
    dev = device(tmp_path, "el")
    said = [lines(dev.keys(k)[-1])[-1] for k in ("9", "1 D", "1 9", "# A")]  # start menu, rules, players, names
    said += [lines(dev.keys(k)[-1])[-1] for k in (_TYPED + " C", "100# # 9")]  # the pouch, the first dealer
    dev.close()
    assert said == [f"Πλήκτρο {k}: άκυρο" for k in "9D9AC9"], said


def test_star_on_an_edits_first_step_and_a_refused_deletion_go_back_to_the_list(tmp_path: Path) -> None:
    """Item 8: * on the first step of a hand being edited went home; now back to the hands list, at that hand."""
    dev = device(tmp_path, "en")
    dev.keys(f"{new_game_keys('prefa')} 3 {_TYPED} 100# # # # 1 # # # # # # 2 # # # # # #")
    dev.keys("A 8 #")  # the list, hand 1, edited: its summary
    back = lines(dev.keys("* * * * * * *")[-1])  # back step by step, then out of the first
    dev.close()
    assert back[0] == "Hands" and back[1].startswith("1/2") and back[-1] == "#edit D:delete", back


@pytest.mark.parametrize(("code", "name"), [("el", "1 Λένινγκραντ"), ("ru", "1 Ленинград"), ("en", "1 Leningrad")])
def test_the_games_list_names_the_system_whole(tmp_path: Path, code: str, name: str) -> None:
    """Item 4: the games list cut a system's name to 7 letters ("Λένινγκ", "Ленингр", "Lening.")."""
    dev = device(tmp_path, code)
    dev.keys(f"{new_game_keys('leningrad')} 3 {_TYPED} 20# # # #")
    listed = dev.keys("C 5")[-1]  # the menu's Games
    dev.close()
    assert lines(listed)[2] == name, lines(listed)
    assert not problems(listed, vocabulary(("Ann", "Bob", "Cat", *TYPED.get(code, ()))))


@pytest.mark.parametrize(("code", "name"), [("el", "Με μιζέρ"), ("ru", "С мизером"), ("en", "Illustrated")])
def test_the_illustrated_game_is_named_in_whole_words(tmp_path: Path, code: str, name: str) -> None:
    """Item 4: the Illustrated game was "Εικονογρ."/"Иллюстр." on the Rules step and the Games list (its whole
    name, "Εικονογραφημένο πρέφερανς", is too long for either); now whole words that fit: what it adds to the
    Austrian game above it (misère); the PC's titles as they were."""
    from kitapi.registry import rows
    from kitapi_host.names import names

    dev = device(tmp_path, code)
    key = str([r[0] for r in rows()].index("preference_illustrated") + 1)
    step = dev.keys("1 B")[-1]  # the Rules step's second page
    dev.keys(f"{key} 3 {_TYPED} 100# # # #")
    listed = dev.keys("C 5")[-1]  # the menu's Games
    dev.close()
    assert f"{key} {name}" in lines(step) and lines(listed)[2] == f"1 {name}", (lines(step), lines(listed))
    for screen in (step, listed):
        assert not bad(screen, code, ("Ann", "Bob", "Cat", *TYPED.get(code, ()))), lines(screen)
    assert {k: v[2] for k, v in (names("preference_illustrated") or {}).items()} == {  # the PC's: as they were
        "en": "Illustrated Préférence",
        "el": "Εικονογραφημένο πρέφερανς",
        "ru": "Иллюстрированный преферанс",
    }


@pytest.mark.parametrize(
    ("code", "row"), [("ru", ["6 джентльменский"]), ("en", ["6 gentleman"]), ("el", ["6 Βιστ", "τζέντλμαν"])]
)
def test_the_gentlemans_whist_is_said_in_a_whole_word(tmp_path: Path, code: str, row: list[str]) -> None:
    """Item 4: Sochi's options step said "6 Вист джентл." ("gentlem."): the word cut to stand beside its
    option's name; now the choice alone where both do not fit, whole (it names its option), and the game
    started with it."""
    dev = device(tmp_path, code)
    dev.keys(f"{new_game_keys('sochi')} 3 {_TYPED} 20#")  # the options step
    shown = dev.keys("6")[-1]  # the whist: greedy -> gentleman's
    dev.keys("# # #")
    dev.close()
    assert lines(shown)[-(len(row) + 1) : -1] == row, lines(shown)
    assert not bad(shown, code, TYPED.get(code, ())), lines(shown)
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["options"]["whist"] == "gentleman", log[0]


# four players with long names, in the box's letters, saved: picked by their digits
FOUR = {"el": ("Κωνσταντίνος", "Χαράλαμπος", "Μαξιμιλιανός", "Παναγιώτης"),
        "ru": ("Константин", "Александр", "Максимилиан", "Владислав"),
        "en": ("Konstantinos", "Charalambos", "Maximilianos", "Panagiotis")}  # fmt: skip


@pytest.mark.parametrize(
    ("code", "summary", "row"),
    [
        ("el", "Κωνστα ΣΑ 10*", "1 Κωνστα ΣΑ 10*"),
        ("ru", "Конста Игра 10*", "1 Конста БК 10*"),
        ("en", "Konsta Play 10*", "1 Konsta NT 10*"),
    ],
)
def test_a_priffe_contract_is_said_whole_on_the_hands_list(tmp_path: Path, code: str, summary: str, row: str) -> None:
    """Item 4: Priffe's Play on a Greek box's hands list was "Παιχ." (its row 12 columns and a name): a
    contract whose word leaves no room is said shorter, in a sign or fewer letters (ΣΑ, as Prefa says no
    trump; ♥ ♦; a forced Noll "Νολ"), never cut; the summary keeps the word where it fits (16 columns)."""
    dev = device(tmp_path, code)
    (dev.data / "names").write_text("".join(n + "\n" for n in FOUR[code]), encoding="utf-8")
    dev.keys(f"{new_game_keys('priffe')} 4 1 2 3 4 6# # # #")
    said = dev.keys("1 # A 3 1")[-1]  # the first plays (no trump), his team takes 10, four honours his
    listed = dev.keys("# A")[-1]  # saved; the hands
    forced = dev.keys("* 0 3 #")[-1]  # a forced Noll, the dealer's team 3, no honours: its summary
    again = dev.keys("# A")[-1]
    dev.close()
    assert lines(said)[2] == summary and lines(listed)[2] == row, (lines(said), lines(listed))
    assert lines(forced)[2] == {"el": "Υποχρεωτικό 3", "ru": "Вынужденная 3", "en": "Forced 3"}[code]
    assert lines(again)[2:4] == [{"el": "  2 Νολ 3", "ru": "  2 Ноль 3", "en": "  2 Forced 3"}[code], row]
    for screen in (said, listed, forced, again):
        assert not bad(screen, code, FOUR[code]), lines(screen)


@pytest.mark.parametrize(
    ("names", "row"),
    [
        (("Anna", "Babis", "Costas", "Dimitra"), "Anna Babi Cost\u2026"),  # four long: fewer said, then …
        (("Al", "Bo", "Cy", "Dimitra"), "Al Bo Cy Dimitr"),  # the room short names leave: the long one's
        (("Ann", "Bob", "Cat", "Dan"), "Ann Bob Cat Dan"),
    ],
)
def test_the_games_list_never_cuts_a_name_below_4_letters(tmp_path: Path, names: tuple[str, ...], row: str) -> None:
    """Item 4: a 4-player game's names were cut to 3 letters on the Games list ("Ann Bab Cos Dim"; the rest of
    the box never cuts a name below 4): now the room is shared by need, and four long names say fewer, whole
    or in 4 letters at least."""
    dev = device(tmp_path, "en")
    (dev.data / "names").write_text("".join(n + "\n" for n in names), encoding="utf-8")
    dev.keys(f"{new_game_keys('prefa')} 4 1 2 3 4 100# # # #")
    listed = dev.keys("C 5")[-1]  # the menu's Games
    dev.close()
    assert lines(listed)[4] == row, lines(listed)  # (under "1 Prefa 21.11" and its mark, ">")
    assert not bad(listed, "en", names), lines(listed)


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_no_priffe_row_is_ever_cut(code: str) -> None:
    """Item 4, every Priffe hand a list row can hold (each contract, declarer, 0-13 tricks, honours or not; long
    names alike): the row the firmware makes of it (kitapi.app.fitline on the family's line) in 12, 13 and 14
    columns (a deleted hand's "x12", "12", "1"), and the summary's in 16, has no word cut and fits."""
    import importlib
    from types import SimpleNamespace

    from kitapi.app.fitline import fit_line
    from kitapi.app.names import short
    from kitapi.app.systems import priffe

    table = importlib.import_module(f"kitapi.app.systems.priffe.lang_{code}").T
    for names in (("Ann", "Bob", "Cat", "Dan"), FOUR[code], ("Konstantinos", "Konstantina", "Al", "Maximilianos")):
        app = SimpleNamespace(pt=lambda _: table, short=short(list(names)))
        words = vocabulary(names)
        for contract, seat, tricks, honours in (
            (c, s, t, o) for c in range(5) for s in range(4) for t in range(14) for o in (0, 1)
        ):
            h = SimpleNamespace(contract=contract, declarer=seat, tricks=tricks, honours=honours)
            for step, room in ((6, 12), (6, 13), (6, 14), (5, 16)):  # (6: the list's line, 5: the summary's)
                row = fit_line(app.short, priffe.describe(app, None, h, step), room)
                said = [p for p in problems([(0, 8, row)], words) if p != "no key named"]  # (a row alone)
                assert len(row) <= room and not said, (row, room, said)
