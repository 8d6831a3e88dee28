"""Austrian, Illustrated and American Préférence: the vectors (tests/core/vectors/preference_*.json) on
CPython, random legal hands through both log forms, and both runtimes.

Every expected number in a vector was worked out by hand from the rule text and the readings of
docs/rules/preference_at.md, preference_illustrated.md and preference_us.md, without the engine; the
arithmetic is in each vector's "why".  The same vectors run under MicroPython through tests/mp/run_vectors.py.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import forkrun
from kitapi.game import new_game
from logcheck import both_forms_agree, play_vector, round_trips

HERE = os.path.dirname(os.path.abspath(__file__))
VECTOR_DIR = os.path.join(HERE, "vectors")
SYSTEMS = ("preference_at", "preference_illustrated", "preference_us")
START = {"preference_at": (100, 25), "preference_illustrated": (100, 25), "preference_us": (50, 0)}


def _load(rules: str) -> list[dict[str, Any]]:
    """Every vector of ``rules``: the games of each file <rules>_<topic>.json."""
    vs: list[dict[str, Any]] = []
    for fn in sorted(os.listdir(VECTOR_DIR)):
        if fn.startswith(rules + "_") and fn.endswith(".json"):
            with open(os.path.join(VECTOR_DIR, fn), encoding="utf-8") as f:
                vs += json.load(f)
    return vs


VECTORS = {r: _load(r) for r in SYSTEMS}


def _total(hdr: dict[str, Any]) -> int:
    chips = hdr["options"].get("chips", START[hdr["rules"]][0])
    return 3 * int(chips)


@pytest.mark.parametrize("rules", SYSTEMS)
def test_the_vectors_are_well_formed(rules: str) -> None:
    vs = VECTORS[rules]
    assert len(vs) >= 30
    names = [v["name"] for v in vs]
    assert len(names) == len(set(names))
    for v in vs:
        assert v["header"]["rules"] == rules, v["name"]
        assert ("expect" in v) != ("error" in v), v["name"]
        for key in ("source", "why", "header", "hands"):
            assert key in v, v["name"]
        if "expect" in v:
            e = v["expect"]
            assert e["pot"] + sum(e["stock"]) == _total(v["header"]), v["name"] + ": chips are not kept"


@pytest.mark.parametrize("vec", [pytest.param(v, id=v["name"]) for r in SYSTEMS for v in VECTORS[r]])
def test_vector(vec: dict[str, Any]) -> None:
    got = play_vector(vec)
    if got is None:
        return
    assert {k: got[k] for k in vec["expect"]} == vec["expect"], vec["why"]


# --- random legal hands -----------------------------------------------------------------


def at_hand(rng: random.Random, g: Any, dealer: int) -> dict[str, Any]:
    top = 16 if g.name == "preference_illustrated" else 8
    bids = ("none", "1", "2", "3", "4", "1H", "2H", "3H", "P", "5", "6", "5H", "6H", "7", "8", "7H", "8H")
    b = rng.randint(0, top)
    decl = dealer if b == 0 else rng.randint(0, 2)
    h: dict[str, Any] = {"dealer": dealer, "declarer": decl, "bid": bids[b]}
    suit = (0, 1, 2, 3, 4, 1, 2, 3, 4)[b] if b <= 8 else 0
    if b <= 8 and rng.random() < 0.5:
        h["trump"] = "CSDH"[rng.randint(max(suit, 1), 4) - 1]
    drop = [s for s in range(3) if rng.random() < 0.15]
    defs = [s for s in drop if s != decl]
    if b > 8 and len(defs) == 1:
        drop = [s for s in drop if s == decl]
        defs = []
    if drop:
        h["drop"] = drop
    if decl in drop or len(defs) == 2:
        return h
    t = [0, 0, 0]
    playing = [s for s in range(3) if s not in drop]
    for _ in range(10):
        t[rng.choice(playing)] += 1
    h["tricks"] = t
    return h


def us_hand(rng: random.Random, g: Any, dealer: int) -> dict[str, Any]:
    r = rng.random()
    if r < 0.1:
        return {"dealer": dealer, "pass": True}
    decl = rng.randint(0, 2)
    if r < 0.7:
        return {"dealer": dealer, "declarer": decl, "bid": rng.choice("SCDH"), "tricks": rng.randint(0, 10)}
    room = [min(63, g.stock[s] - g.ante) for s in range(3)]
    if room[decl] < 1:
        return {"dealer": dealer, "pass": True}
    c = [0, 0, 0]
    c[decl] = rng.randint(1, min(room[decl], 8))
    for s in range(3):
        if s != decl and rng.random() < 0.5:
            c[s] = rng.randint(0, min(room[s], c[decl] - 1))
    h: dict[str, Any] = {"dealer": dealer, "declarer": decl, "chips": c}
    if rng.random() < 0.5:
        h["trump"] = rng.choice("SCDH")
    h["tricks"] = rng.randint(0, 10)
    return h


def random_game(rules: str, seed: int, hands: int, **options: Any) -> tuple[dict[str, Any], list[Any]]:
    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": rules, "players": ["Anna", "Boris", "Vera"], "options": options, "dealer": 0}
    g = new_game(hdr)
    out: list[dict[str, Any]] = []
    dealer = 0
    while len(out) < hands and not g.over:
        h = (us_hand if rules == "preference_us" else at_hand)(rng, g, dealer)
        g.play(h)
        out.append(h)
        dealer = (dealer + 1) % 3
    return hdr, out


OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("preference_at", {"chips": 2000, "ante": 5}),
    ("preference_at", {"chips": 1000, "both_drop": "nothing"}),
    ("preference_illustrated", {"chips": 5000, "ante": 10}),
    ("preference_illustrated", {"chips": 5000, "high_drop": "lost"}),
    ("preference_us", {"chips": 2000, "ante": 5, "win": 30}),
    ("preference_us", {"chips": 2000, "chip_bids": "declarer", "win": 100}),
]


@pytest.mark.parametrize(("rules", "options"), OPTIONS)
def test_random_hands_round_trip(rules: str, options: dict[str, Any]) -> None:
    total = 3 * options["chips"]  # the pot and the stocks hold every chip
    for seed in range(10):
        hdr, hands = random_game(rules, seed, 150, **options)
        round_trips(hdr, hands, lambda res: res["pot"] + sum(res["stock"]) == total)


FORMS = [("preference_at", {"chips": 3000}), ("preference_illustrated", {"chips": 8000}),
         ("preference_us", {"chips": 3000, "win": 40})]  # fmt: skip


@pytest.mark.parametrize(("rules", "options"), FORMS)
def test_both_log_forms_and_both_runtimes_agree(tmp_path: Path, rules: str, options: dict[str, Any]) -> None:
    hdr, hands = random_game(rules, 5, 300, **options)
    res = both_forms_agree(tmp_path, hdr, hands)
    src = tmp_path / "g.jsonl"
    assert res["rules"] == rules and res["hands"] == len(hands)
    p = forkrun.run(["replay", str(src)], text=True)
    assert p.returncode == 0 and p.stdout.startswith(f"{rules}: ") and "Pot: " in p.stdout, p.stderr
