"""Balkan Preferans and Prefa with a common kasa: the vectors (tests/core/vectors/balkan_*.json and
prefa_kasa_*.json) on CPython, random legal hands through both log forms, both runtimes.

Every expected number in a vector was worked out by hand from the rule texts and the
readings of docs/rules/balkan.md and docs/rules/prefa_kasa.md, without the engine; the
arithmetic is in each vector's "why".  The same vectors run under MicroPython through
tests/mp/run_vectors.py.

A vector has "expect" (the standings fields of the result JSON, numbers as ints or exact
"p/q" strings) or "error" ({"hand": K}: hand K, 1-based, raises RuleError; K = 0: the
header does).  A hand ``{"end": true}`` is the log's end record: the game was stopped there.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kitapi.game import RuleError, new_game, result_json
from logcheck import both_forms_agree, play_vector, round_trips
from testkit import balkan_kasa_game

HERE = os.path.dirname(os.path.abspath(__file__))
VECTOR_DIR = os.path.join(HERE, "vectors")
FIELDS = ("pool", "hill", "whists", "settlement", "money", "kasa", "share", "net", "over")


def _load(prefix: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for fn in sorted(os.listdir(VECTOR_DIR)):
        if fn.startswith(prefix) and fn.endswith(".json"):
            with open(os.path.join(VECTOR_DIR, fn), encoding="utf-8") as f:
                out += [(fn, v) for v in json.load(f)]
    return out


BALKAN = _load("balkan_")
KASA = _load("prefa_kasa_")


@pytest.mark.parametrize(("vectors", "rules"), [(BALKAN, "balkan"), (KASA, "prefa_kasa")])
def test_the_vectors_are_well_formed(vectors: list[tuple[str, dict[str, Any]]], rules: str) -> None:
    assert len(vectors) >= 40, "vectors missing for " + rules
    names = [v["name"] for _, v in vectors]
    assert len(names) == len(set(names)), "duplicate names"
    for fn, v in vectors:
        where = f"{fn}:{v['name']}"
        assert v["header"]["rules"] == rules, where
        assert ("expect" in v) != ("error" in v), where
        for key in ("source", "why", "header", "hands"):
            assert key in v, where + ": no " + key
        if "expect" not in v:
            continue
        e = v["expect"]
        n = len(v["header"]["players"])
        if rules == "balkan":
            assert sum(Fraction(x) for x in e["settlement"]) == 0, where + ": the settlement does not sum to zero"
        else:
            assert len(e["net"]) == n, where
            assert e["kasa"] + sum(Fraction(x) for x in e["net"]) == 0, where + ": kasa + net is not zero"
            assert e["kasa"] >= 0, where
        for key in ("settlement", "money", "net"):
            for x in e.get(key, []):
                assert isinstance(x, int) or Fraction(x).denominator != 1, where + ": a whole number as a string"


def _play(g: Any, hand: dict[str, Any]) -> None:
    if hand == {"end": True}:
        g.close()
    else:
        g.play(hand)


@pytest.mark.parametrize("vec", [pytest.param(v, id=v["name"]) for _, v in BALKAN + KASA])
def test_vector(vec: dict[str, Any]) -> None:
    got = play_vector(vec, _play)
    if got is None:
        return
    exp = vec["expect"]
    keys = [k for k in FIELDS if k in exp or k in got]
    assert {k: got.get(k) for k in keys} == {k: exp.get(k) for k in keys}, vec["why"]


# --- random legal hands -----------------------------------------------------------------


BALKAN_OPTIONS: list[dict[str, Any]] = [
    {},
    {"resign": True, "half_whist_first": True, "whist": "gentleman", "pool": 10},
    {"stake": "0.25", "end": "total", "pool": 5},
]
KASA_OPTIONS: list[dict[str, Any]] = [
    {"kasa": 300},
    {"kasa": 5000, "bidder_in": "level", "ten_no_trump": "A", "tens_as_nines": True},
    {"four_aces": {"mode": "B", "amount": 7}},
]
GAMES = [("balkan", n, o) for n in (2, 3, 4) for o in BALKAN_OPTIONS]
GAMES += [("prefa_kasa", n, o) for n in (3, 4) for o in KASA_OPTIONS]


def _balkan_sums(res: dict[str, Any]) -> bool:
    return sum(Fraction(x) for x in res["settlement"]) == 0


def _kasa_sums(res: dict[str, Any]) -> bool:
    return bool(res["kasa"] + sum(res["net"]) == 0 and res["kasa"] >= 0)


@pytest.mark.parametrize(("rules", "n", "options"), GAMES)
def test_random_hands_round_trip(rules: str, n: int, options: dict[str, Any]) -> None:
    """Over random legal hands: the compact form round-trips exactly, the JSON line reads back to
    itself, a game replayed from the written lines agrees, and the standings keep their sums."""
    for seed in range(10):
        hdr, hands = balkan_kasa_game(rules, seed, 150, n, **options)
        round_trips(
            hdr,
            hands,
            _balkan_sums if rules == "balkan" else _kasa_sums,
            lambda h: {k: v for k, v in h.items() if v is not False or k == "open"},
        )


def test_a_rejected_hand_changes_nothing() -> None:
    g = new_game({"kitapi": 1, "rules": "prefa_kasa", "players": ["A", "B", "C"], "options": {"kasa": 100}})
    g.play({"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]})
    before = result_json(g)
    for bad in ({"topup": 0}, {"topup": 5, "dealer": 0}, {"dealer": 1, "bidder": 2, "throw": True},
                {"dealer": 1, "bidder": 2, "contract": "10N", "defense": "none"}):  # fmt: skip
        with pytest.raises(RuleError):
            g.play(bad)
        assert result_json(g) == before


def test_a_top_up_keeps_the_deal() -> None:
    g = new_game({"kitapi": 1, "rules": "prefa_kasa", "players": ["A", "B", "C"], "options": {}})
    g.play({"dealer": 2, "pass": True})
    g.play({"topup": 100})
    assert g.last_dealer == 2 and g.hands == 2


FORMS = [("balkan", 3, {"pool": 20, "stake": "0.10"}), ("balkan", 4, {}), ("prefa_kasa", 3, {"kasa": 2000}),
         ("prefa_kasa", 4, {})]  # fmt: skip


@pytest.mark.parametrize(("rules", "n", "options"), FORMS)
def test_both_log_forms_and_both_runtimes_agree(tmp_path: Path, rules: str, n: int, options: dict[str, Any]) -> None:
    hdr, hands = balkan_kasa_game(rules, 5, 300, n, **options)
    res = both_forms_agree(tmp_path, hdr, hands, end=rules == "prefa_kasa")
    assert res["rules"] == rules and res["players"] == hdr["players"] and res["hands"] == len(hands)
    if rules == "balkan":
        assert set(res) >= {"pool", "hill", "whists", "settlement", "over"}
    else:
        assert res["kasa"] == 0 and sum(Fraction(x) for x in res["net"]) == 0


def test_the_pc_tools_archive_and_export_these_systems(tmp_path: Path) -> None:
    """The archive keeps balkan and prefa_kasa games (standings as replayed) and every export writes them;
    the human replay table shows them."""
    db = tmp_path / "a.sqlite3"
    kit = [sys.executable, "-m", "kitapi_host.cli"]
    systems = (("balkan", "balkan_main.json"), ("prefa_kasa", "prefa_kasa_main.json"))
    for k, (rules, vectors) in enumerate(systems, 1):
        vs = json.loads((Path(VECTOR_DIR) / vectors).read_text())
        v = next(v for v in vs if "expect" in v and v["hands"])
        log = tmp_path / f"{rules}.jsonl"
        log.write_text("\n".join([json.dumps(v["header"])] + [json.dumps(h) for h in v["hands"]]) + "\n")
        p = subprocess.run([*kit, "replay", str(log)], capture_output=True, text=True)
        assert p.returncode == 0 and p.stdout.startswith(f"{rules}: "), p.stderr
        p = subprocess.run([*kit, "archive", "add", "--db", str(db), str(log)], capture_output=True, text=True)
        assert p.returncode == 0 and p.stdout == f"{log}: game {k} new\n", p.stderr
        p = subprocess.run([*kit, "show", str(k), "--db", str(db)], capture_output=True, text=True)
        assert p.returncode == 0 and p.stdout.startswith(f"{rules}: "), p.stderr
        for fmt in ("jsonl", "csv", "html"):
            out = tmp_path / f"{rules}.out.{fmt}"
            p = subprocess.run([*kit, "export", str(log), "--format", fmt, "-o", str(out)], capture_output=True,
                               text=True)  # fmt: skip
            assert p.returncode == 0 and out.stat().st_size > 0, p.stderr
            by_id = subprocess.run([*kit, "export", str(k), "--db", str(db), "--format", fmt], capture_output=True)
            assert by_id.returncode == 0 and by_id.stdout == out.read_bytes()
    con = sqlite3.connect(db)
    res = [json.loads(r) for (r,) in con.execute("SELECT result FROM games ORDER BY id")]
    con.close()
    assert [r["rules"] for r in res] == ["balkan", "prefa_kasa"]
