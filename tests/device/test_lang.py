"""The string tables: every language has every text, each fits its place and can be drawn."""

from __future__ import annotations

import importlib
import re
from types import SimpleNamespace

import pytest

from kitapi.app import font
from kitapi_host.names import built
from lang_table import FAMILIES, FIRMWARE, NAMES, consts, names, path_of, table

LANGUAGES = ("en", "el", "ru")
# Texts that stand after a prefix on their line ("1 " of a menu entry, a number...), with the room left.
SHORTER = {"SYSTEMS": 14, "NEW_GAME": 14, "HISTORY": 14, "END_GAME": 14, "SETTINGS": 14, "HAND": 12, "GAMES": 14,
           "DELETE": 11, "HINT_HOME": 17}  # fmt: skip  # HINT_HOME: its "%d" is one digit (the number of players)
SHORTER["SHARED"] = 34  # (a sentence broken at its spaces on who owes whom's rows: tests/device/test_app_shared.py)


def texts(value: object) -> list[str]:
    return list(value) if isinstance(value, tuple) else [value] if isinstance(value, str) else []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_there_and_fits(code: str) -> None:
    t = table(code)
    assert names(FIRMWARE / "kitapi" / "app" / f"lang_{code}.py") == NAMES  # the same texts in the same places
    for name in NAMES:
        if name in ("LETTERS", "CAPITALS"):
            continue
        for s in texts(getattr(t, name)):
            assert len(s) <= SHORTER.get(name, 16), (code, name, s)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_character_can_be_drawn(code: str) -> None:
    t = table(code)
    for name in NAMES:
        for s in texts(getattr(t, name)):
            assert all(ord(c) < 128 or c in font.GLYPHS for c in s), (code, name, s)


@pytest.mark.parametrize("whose", FAMILIES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_texts_of_each_system_are_there_fit_and_can_be_drawn(code: str, whose: str) -> None:
    """kitapi.app.systems.preferans.lang_xx, kasa's...: a system's own texts, loaded only for a game of it (and a
    damaged log's)."""
    keys = names(path_of(whose, "en"))
    assert keys and names(path_of(whose, code)) == keys
    t = table(code, whose)
    for name in keys:
        for s in (x for y in texts(getattr(t, name)) for x in y.split("|")):  # ("0:пас|A:пересдача": two places)
            assert len(s) <= 16, (code, name, s)
            assert all(ord(c) < 128 or c in font.GLYPHS for c in s), (code, name, s)


@pytest.mark.parametrize("code", ("el", "ru"))
def test_multi_tap_letters(code: str) -> None:
    """Keys 1-9 carry letters; capitals match the small letters key by key."""
    t = table(code)
    assert table("en").LETTERS is None and table("en").CAPITALS is None  # English: the Latin letters
    assert len(t.LETTERS) == len(t.CAPITALS) == 10
    for small, capital in zip(t.LETTERS, t.CAPITALS, strict=True):
        assert len(capital) <= len(small)


def test_the_rules_step_names_every_system_of_the_core() -> None:
    """SYSTEMS: the rules step's names, one for each row of kitapi.registry, in its order."""
    from kitapi.registry import rows

    for code in LANGUAGES:
        assert len(table(code).SYSTEMS) == len(rows()), code
    assert tuple(r[3] for r in rows()) == table("en").SYSTEMS


@pytest.mark.parametrize("module", ["games", "ask", "history", "menus", "safe"])
def test_the_words_of_a_screen_loaded_only_when_needed_fit_and_can_be_drawn(module: str) -> None:
    """kitapi.app.history's, games', ask's, menus' and safe's own words (a tuple per language, in LANGUAGES'
    order; history's and menus' one string each, its words at "|")."""
    from kitapi.app.main import LANGUAGES

    m = importlib.import_module(f"kitapi.app.{module}")
    if module == "games":  # (as the box has them: the systems' short names written from the registry)
        m = SimpleNamespace(**built("kitapi/app/games.py"))
    words = m.WORDS if module not in ("history", "menus") else [w.split("|") for w in m.WORDS]
    assert len(words) == len(LANGUAGES) and len({len(w) for w in words}) == 1
    for row in words:
        for w in row:
            for s in (x for t in texts(w) for x in t.split("|")):  # (games' systems: one string split)
                assert len(s) <= 16 and all(ord(c) < 128 or c in font.GLYPHS for c in s), s


def test_the_games_list_names_every_system_whole() -> None:
    """kitapi.app.games: the systems' short names, one for each row of kitapi.registry, 7 letters at most (a row
    "1 Sochi 28.11" and its mark fit 16); one cut ends in "." and the list shows the system's label instead, 13
    letters at most (a row "1 Leningrad" and its mark fit 16; no day beside it): no name on the list is cut
    ("Leningr", "Λένινγκ", issue 36, item 4)."""
    from kitapi.registry import rows

    for code, w in zip(LANGUAGES, built("kitapi/app/games.py")["WORDS"], strict=True):
        names = w[2].split("|")
        assert len(names) == len(rows()) and all(len(n) <= 7 for n in names), names
        labels = table(code).SYSTEMS  # the Rules step's
        shown = [label if n.endswith(".") else n for n, label in zip(names, labels, strict=True)]
        assert all(len(n) <= 13 for n in shown), shown
        assert not [n for n in shown if n.endswith(".")], shown


def test_every_screen_takes_its_texts_from_their_places() -> None:
    """A screen takes a text as t[_T_NAME] with ``_T_NAME = const(i)`` of its own: every such const is the
    place of NAME in the tables, and every text a module indexes has its const."""
    places = {"T": NAMES} | {letter: names(path_of(whose, "en")) for whose, letter in FAMILIES.items()}
    for letter, keys in places.items():
        seen = set()
        for path in sorted((FIRMWARE / "kitapi").rglob("*.py")):
            found = consts(path, letter)
            for name, i in found.items():
                assert name in keys and keys.index(name) == i, (path.name, name, i)
            src = path.read_text(encoding="utf-8")
            if "\nT = (" in src:  # a table (its header names the way in words)
                continue
            used = set(re.findall(rf"\[_{letter}_([A-Z_0-9]+)\]", src)) | set(
                re.findall(rf"= _{letter}_([A-Z_0-9]+)\b", src)
            )
            assert used <= set(found), (path.name, used - set(found))
            seen |= used
        assert seen, letter  # (the check looked at the screens)


def test_a_familys_stake_texts_are_where_its_stake_says() -> None:
    """A family's new-game steps that ask for the money per whist (``STAKE``: their table, the place of the first
    text) have its three texts there in order: the stake's name, the pool step's keys, the stake's keys
    (kitapi.app.newgame draws them; it names no family's places)."""
    from kitapi.registry import rows

    asked = []
    for family in dict.fromkeys(r[1] for r in rows()):
        for module in (f"kitapi.app.systems.{family}", f"kitapi.app.systems.{family}.options"):
            path = FIRMWARE / (module.replace(".", "/") + ("/__init__.py" if module.count(".") == 3 else ".py"))
            stake = getattr(importlib.import_module(module), "STAKE", None) if path.is_file() else None
            if stake is not None:
                name, k = stake
                texts = names(path_of(f"app.systems.{name}.lang", "en"))
                assert texts[k : k + 3] == ["STAKE", "HINT_POOL", "HINT_STAKE"], module
                asked.append(module)
    assert asked == ["kitapi.app.systems.preferans.options"], asked
