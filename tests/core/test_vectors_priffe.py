"""Swedish Priffe: the vectors (tests/core/vectors/priffe_*.json) on CPython, random legal hands through
both log forms, both runtimes.

Every expected number in a vector was worked out by hand from priffe.txt and the readings of
docs/rules/priffe.md, without the engine; the arithmetic is in each vector's "why".  The same
vectors run under MicroPython through tests/mp/run_vectors.py.

A vector has "expect" (every standings field of the result JSON) or "error" ({"hand": K}: hand K,
1-based, raises RuleError; K = 0: the header does).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import forkrun
from kitapi.game import RuleError, new_game, result_json
from kitapi_host.families.priffe import standings as table
from logcheck import both_forms_agree, play_vector, round_trips

HERE = os.path.dirname(os.path.abspath(__file__))
VECTOR_DIR = os.path.join(HERE, "vectors")
FIELDS = ("partners", "table", "trick_points", "games", "points", "rubbers", "individual", "over")
PLAYERS = ["Anna", "Bo", "Cai", "Dag"]


def _load() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for fn in sorted(os.listdir(VECTOR_DIR)):
        if fn.startswith("priffe_") and fn.endswith(".json"):
            with open(os.path.join(VECTOR_DIR, fn), encoding="utf-8") as f:
                out += json.load(f)
    return out


VECTORS = _load()


def test_the_vectors_are_well_formed() -> None:
    assert len(VECTORS) >= 40
    names = [v["name"] for v in VECTORS]
    assert len(names) == len(set(names)), "duplicate names"
    for v in VECTORS:
        assert v["header"]["rules"] == "priffe", v["name"]
        assert ("expect" in v) != ("error" in v), v["name"]
        for key in ("source", "why", "header", "hands"):
            assert key in v, v["name"] + ": no " + key
        if "expect" in v:
            e = v["expect"]
            assert set(e) == set(FIELDS), v["name"]
            assert sum(e["individual"]) == 0, v["name"]
            assert sorted(e["partners"][0] + e["partners"][1]) == [0, 1, 2, 3] and 0 in e["partners"][0]


@pytest.mark.parametrize("vec", [pytest.param(v, id=v["name"]) for v in VECTORS])
def test_vector(vec: dict[str, Any]) -> None:
    got = play_vector(vec)
    if got is None:
        return
    assert {k: got[k] for k in FIELDS} == vec["expect"], vec["why"]


# --- random legal hands -----------------------------------------------------------------


def priffe_hand(rng: random.Random, dealer: int) -> dict[str, Any]:
    contract = rng.choice(("play", "noll", "hearts", "diamonds", "forced"))
    h: dict[str, Any] = {"dealer": dealer, "contract": contract}
    if contract != "forced":
        h["declarer"] = rng.randrange(4)
    h["tricks"] = rng.randint(0, 13)
    if rng.random() < 0.3:
        h["honours"] = rng.choice(("3", "3+1", "4"))
        h["holder"] = rng.randrange(4)
    return h


def random_game(seed: int, hands: int, **options: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": "priffe", "players": PLAYERS, "options": options, "dealer": 0}
    g = new_game(hdr)
    out: list[dict[str, Any]] = []
    dealer = 0
    while len(out) < hands and not g.over:
        h = priffe_hand(rng, dealer)
        g.play(h)
        out.append(h)
        o = json.loads(result_json(g))["table"]
        dealer = o[(o.index(dealer) + 1) % 4]  # the next player clockwise, after any change of places
    return hdr, out


OPTIONS: list[dict[str, Any]] = [{}, {"points": "second", "noll_slams": True}, {"rotation": "cycle", "rubbers": 9},
                                 {"honours": [100, 30, 60]}]  # fmt: skip


@pytest.mark.parametrize("options", OPTIONS)
def test_random_hands_round_trip(options: dict[str, Any]) -> None:
    """The compact form round-trips exactly, the JSON line reads back to itself, a game replayed
    from the written lines agrees, and the individual points always sum to zero."""
    for seed in range(10):
        hdr, hands = random_game(seed, 300, **options)
        round_trips(hdr, hands, lambda res: sum(res["individual"]) == 0 and max(res["games"]) < 2)


def test_unpack_refuses_what_pack_never_makes() -> None:
    g = new_game({"kitapi": 1, "rules": "priffe", "players": PLAYERS})
    h = g.hand
    for bad in (5 << 25, 14 << 17, 1, 1 << 28, 4 << 25 | 1 << 21, 1 << 13):
        with pytest.raises(RuleError):
            g.unpack(bad, h)


@pytest.mark.parametrize("options", [{}, {"rotation": "cycle", "points": "second"}])
def test_both_log_forms_and_both_runtimes_agree(tmp_path: Path, options: dict[str, Any]) -> None:
    hdr, hands = random_game(5, 200, **options)
    res = both_forms_agree(tmp_path, hdr, hands)
    assert res["rules"] == "priffe" and res["players"] == PLAYERS and res["hands"] == len(hands)
    assert set(res) == {"rules", "players", "hands", *FIELDS}


def test_the_replay_table(tmp_path: Path) -> None:
    v = next(v for v in VECTORS if v["name"] == "two-rubbers-individual")
    log = tmp_path / "p.jsonl"
    log.write_text("\n".join([json.dumps(v["header"])] + [json.dumps(h) for h in v["hands"]]) + "\n")
    p = forkrun.run(["replay", str(log)], text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("priffe: 4 players, 4 hands, rubber 3, game on")
    assert "Cai" in p.stdout and "+21" in p.stdout and "-21" in p.stdout
    res = json.loads(result_json(new_game(v["header"])))
    assert table(res).startswith("priffe: 4 players, 0 hands, rubber 1, game on")
