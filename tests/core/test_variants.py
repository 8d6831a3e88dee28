"""A variant's class attributes are its own (issue 35, item 4): no option overwrites an attribute of a Preferans
convention that a variant (a subclass of Sochi, Leningrad or Rostov) sets, for each attribute
docs/architecture.md names.  On CPython, one test per attribute (tests/mp/test_variants_mp.py runs the same
checks under MicroPython: ``make mptest``)."""

from __future__ import annotations

import os
import re
import sys
from typing import Any

import pytest

from testkit import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "mp"))
import test_variants_mp as mp  # noqa: E402  (the MicroPython script's checks)

sys.path.pop(0)


@pytest.mark.parametrize(
    ("attr", "cls", "options", "players", "hands"),
    [(a, c, o, p, h) for a, c, sets, p, h in mp.CASES for o in sets],
    ids=[f"{c.__name__}-{a}-{'+'.join(o) or 'none'}" for a, c, sets, _, _ in mp.CASES for o in sets],
)
def test_the_score_follows_the_variants_class_whatever_the_options(
    attr: str, cls: type, options: dict[str, Any], players: list[str], hands: tuple[dict[str, Any], ...]
) -> None:
    assert mp.check(attr, cls, options, players, hands) == []


def test_end_is_a_variants_default_and_the_option_the_players_choice() -> None:
    assert mp.check_end() == []


def test_every_attribute_the_docs_name_is_proved() -> None:
    """The checklist's sentence that names a convention's attributes names those the cases prove, and each is
    an attribute of kitapi.rules.preferans.Preferans."""
    from kitapi.rules.preferans import Preferans

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    sentence = re.search(r"The attributes a variant of a convention sets.*?`END`", text, re.S)
    assert sentence, "docs/architecture.md no longer names the attributes"
    named = set(re.findall(r"`([A-Z_]+)`", sentence.group(0)))
    assert named == {a for a, *_ in mp.CASES} | {"END"}, named
    assert all(hasattr(Preferans, a) for a in named)
