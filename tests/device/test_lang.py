"""The string tables: every language has every text, each fits its place and can be drawn."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

from kitapi.app import font, lang_en

LANGUAGES = ("en", "el", "ru")
NAMES = sorted(n for n in dir(lang_en) if n.isupper())
# Texts that stand after a prefix on their line ("1 " of a menu entry, a number...), with the room left.
SHORTER = {"SYSTEMS": 14, "NEW_GAME": 14, "HISTORY": 14, "END_GAME": 14, "SETTINGS": 14, "HAND": 12,
           "HINT_HOME": 17}  # fmt: skip  # HINT_HOME: its "%d" is one digit (the number of players)


def table(code: str) -> ModuleType:
    return importlib.import_module(f"kitapi.app.lang_{code}")


def texts(value: object) -> list[str]:
    return list(value) if isinstance(value, tuple) else [value] if isinstance(value, str) else []


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_there_and_fits(code: str) -> None:
    t = table(code)
    missing = [n for n in NAMES if not hasattr(t, n)]
    assert not missing
    for name in NAMES:
        if name in ("LETTERS", "CAPITALS"):
            continue
        for s in texts(getattr(t, name)):
            assert len(s) <= SHORTER.get(name, 16), (code, name, s)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_character_can_be_drawn(code: str) -> None:
    t = table(code)
    for name in dir(t):
        if name.isupper():
            for s in texts(getattr(t, name)):
                assert all(ord(c) < 128 or c in font.GLYPHS for c in s), (code, name, s)


# The texts of a system's own screens (App.pt(whose)): kitapi.app.systems.<family>.lang_<language>
SYSTEM_TEXTS = ("systems.preferans.lang", "systems.kasa.lang", "systems.priffe.lang", "systems.pot.lang", "damage")
# (and a damaged log's)


@pytest.mark.parametrize("whose", SYSTEM_TEXTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_texts_of_each_system_are_there_fit_and_can_be_drawn(code: str, whose: str) -> None:
    """kitapi.app.systems.preferans.lang_xx, kasa's...: a system's own texts, loaded only for a game of it."""
    en = importlib.import_module(f"kitapi.app.{whose}_en")
    t = importlib.import_module(f"kitapi.app.{whose}_{code}")
    names = sorted(n for n in dir(en) if n.isupper())
    assert names and [n for n in names if not hasattr(t, n)] == []
    for name in names:
        for s in texts(getattr(t, name)):
            assert len(s) <= 16, (code, name, s)
            assert all(ord(c) < 128 or c in font.GLYPHS for c in s), (code, name, s)


@pytest.mark.parametrize("code", ("el", "ru"))
def test_multi_tap_letters(code: str) -> None:
    """Keys 1-9 carry letters; capitals match the small letters key by key."""
    t = table(code)
    assert len(t.LETTERS) == len(t.CAPITALS) == 10
    for small, capital in zip(t.LETTERS, t.CAPITALS, strict=True):
        assert len(capital) <= len(small)


def test_the_rules_step_names_every_system_of_the_core() -> None:
    """SYSTEMS: the rules step's names, one for each row of kitapi.registry, in its order."""
    from kitapi.registry import rows

    for code in LANGUAGES:
        assert len(table(code).SYSTEMS) == len(rows()), code
    assert tuple(r[3] for r in rows()) == table("en").SYSTEMS
