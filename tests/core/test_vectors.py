"""Prefa scoring test vectors (tests/core/vectors/prefa_*.json), run on CPython.

Every expected number in the vectors was worked out by hand from the rule text
(prefa-ball-v2.txt) and the readings of issue 2; the arithmetic is in each
vector's "why".  The same vectors run under MicroPython via
tests/mp/run_vectors.py.

A vector has either "expect" ({"pouch": [...], "chips": [...], "over": bool};
"pouch" may be left out where the text does not fix it) or "error"
({"hand": K}: hand K, 1-based, raises RuleError; K = 0: the header does),
optionally with "contains": a lowercase word the error message must contain.
"""

import copy
import json
import os

import pytest

from kitapi.game import RuleError, new_game

HERE = os.path.dirname(os.path.abspath(__file__))
VECTOR_DIR = os.path.join(HERE, "vectors")


def _load_vectors():
    out = []
    for fn in sorted(os.listdir(VECTOR_DIR)):
        if fn.startswith("prefa_") and not fn.startswith("prefa_kasa_") and fn.endswith(".json"):
            with open(os.path.join(VECTOR_DIR, fn), encoding="utf-8") as f:
                for v in json.load(f):
                    out.append((fn, v))
    return out


VECTORS = _load_vectors()


def _state(g):
    return (list(g.pouch), list(g.chips), bool(g.over))


def test_vector_files_well_formed():
    """The vectors themselves (no engine needed): unique names, one of
    expect/error, chips summing to zero, list lengths matching the players."""
    assert VECTORS, "no vectors found in " + VECTOR_DIR
    names = [v["name"] for _, v in VECTORS]
    dup = sorted({n for n in names if names.count(n) > 1})
    assert not dup, f"duplicate vector names: {dup!r}"
    for fn, v in VECTORS:
        where = f"{fn}:{v.get('name')}"
        for key in ("name", "source", "why", "header", "hands"):
            assert key in v, where + ": missing " + key
        assert ("expect" in v) != ("error" in v), where + ": need exactly one of expect/error"
        n = len(v["header"].get("players", []))
        if "expect" in v:
            e = v["expect"]
            assert sum(e["chips"]) == 0, where + ": chips do not sum to zero"
            assert len(e["chips"]) == n, where
            if "pouch" in e:
                assert len(e["pouch"]) == n, where
                assert min(e["pouch"]) >= 0, where
            assert isinstance(e["over"], bool), where
        else:
            k = v["error"]["hand"]
            assert 0 <= k <= len(v["hands"]), where + ": error hand out of range"
    for fn in os.listdir(VECTOR_DIR):
        if fn.startswith("prefa_") and not fn.startswith("prefa_kasa_") and fn.endswith(".json"):
            assert os.path.getsize(os.path.join(VECTOR_DIR, fn)) < 64 * 1024, fn + " too large"


@pytest.mark.parametrize("vec", [pytest.param(v, id=v["name"]) for _, v in VECTORS])
def test_vector(vec):
    header = copy.deepcopy(vec["header"])
    hands = copy.deepcopy(vec["hands"])

    if "error" in vec:
        k = vec["error"]["hand"]
        word = vec["error"].get("contains")
        if k == 0:
            with pytest.raises(RuleError) as exc:
                new_game(header)
            if word:
                assert word in str(exc.value).lower()
            return
        g = new_game(header)
        for i, hand in enumerate(hands[: k - 1]):
            try:
                g.play(hand)
            except RuleError as e:  # pragma: no cover - reported as failure
                pytest.fail(f"hand {i + 1} rejected too early: {e}")
        before = _state(g)
        with pytest.raises(RuleError) as exc:
            g.play(hands[k - 1])
        if word:
            assert word in str(exc.value).lower(), f"message {str(exc.value)!r} lacks {word!r}"
        assert _state(g) == before, f"state changed by the rejected hand {k}"
        return

    g = new_game(header)
    for i, hand in enumerate(hands):
        try:
            g.play(hand)
        except RuleError as e:
            pytest.fail(f"hand {i + 1} rejected: {e}")
    exp = vec["expect"]
    got = {"pouch": list(g.pouch), "chips": list(g.chips), "over": bool(g.over)}
    want = {"chips": exp["chips"], "over": exp["over"]}
    if "pouch" in exp:
        want["pouch"] = exp["pouch"]
    else:
        del got["pouch"]
    assert got == want, vec["why"]


@pytest.mark.parametrize(("fn", "name"), [("prefa_nine_quota.json", "nine-dealer-4p-dealer-moves"),
                                          ("prefa_kasa_nine_quota.json", "kasa-nine-dealer-3p")])  # fmt: skip
def test_the_nine_quota_option_survives_the_device_log(tmp_path, fn, name):
    """Option nine_quota (in the header) through a device log and back, byte for byte; both forms
    replayed on both runtimes give the vector's numbers."""
    from logcheck import both_forms_agree

    with open(os.path.join(VECTOR_DIR, fn), encoding="utf-8") as f:
        vec = next(v for v in json.load(f) if v["name"] == name)
    assert vec["header"]["options"]["nine_quota"] == "dealer"
    res = both_forms_agree(tmp_path, vec["header"], vec["hands"])
    for k, v in vec["expect"].items():
        assert res[k] == v, k
