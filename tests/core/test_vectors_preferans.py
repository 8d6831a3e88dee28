"""Russian Preferans scoring vectors (tests/core/vectors/preferans_*.json), run on CPython.

Every expected number was worked out by hand from the rule texts and the
readings of docs/rules/preferans.md, without the engine; the arithmetic is in
each vector's "why".  The same vectors run under MicroPython through
tests/mp/run_vectors.py.

A vector has "expect" ({"pool", "hill", "whists", "settlement", "over"} and
"money" with a stake, numbers as ints or exact "p/q" strings) or "error"
({"hand": K}: hand K, 1-based, raises RuleError; K = 0: the header does).
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from typing import Any

import pytest

from logcheck import play_vector

HERE = os.path.dirname(os.path.abspath(__file__))
VECTOR_DIR = os.path.join(HERE, "vectors")
FIELDS = ("pool", "hill", "whists", "settlement", "money", "over")


def _load() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for fn in sorted(os.listdir(VECTOR_DIR)):
        if fn.startswith("preferans_") and fn.endswith(".json"):
            with open(os.path.join(VECTOR_DIR, fn), encoding="utf-8") as f:
                out += [(fn, v) for v in json.load(f)]
    return out


VECTORS = _load()


def test_the_vectors_are_well_formed() -> None:
    assert len(VECTORS) >= 100, "the preferans vectors are missing"
    names = [v["name"] for _, v in VECTORS]
    assert len(names) == len(set(names)), "duplicate names"
    for fn, v in VECTORS:
        where = f"{fn}:{v['name']}"
        assert ("expect" in v) != ("error" in v), where
        for key in ("source", "why", "header", "hands"):
            assert key in v, where + ": no " + key
        if "expect" in v:
            e = v["expect"]
            assert sum(Fraction(x) for x in e["settlement"]) == 0, where + ": the settlement does not sum to zero"
            for x in e["settlement"]:
                assert isinstance(x, int) or Fraction(x).denominator != 1, where + ": a whole number as a string"


@pytest.mark.parametrize("vec", [pytest.param(v, id=v["name"]) for _, v in VECTORS])
def test_vector(vec: dict[str, Any]) -> None:
    got = play_vector(vec)
    if got is None:
        return
    exp = vec["expect"]
    want = {k: exp[k] for k in FIELDS if k in exp}
    assert {k: got.get(k) for k in want} == want, vec["why"]
    assert ("money" in got) == ("money" in exp)
