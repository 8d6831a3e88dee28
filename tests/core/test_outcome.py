"""kitapi.outcome: a hand's outcome and a game's settlement from the core, checked against what the archive
computed before the core had them (tests/core/hand_outcome.json, made from every vector game with the
archive's own hand columns, kitapi_host.archive.facts, before they were moved to the core)."""

from __future__ import annotations

import json
from fractions import Fraction
from math import gcd
from pathlib import Path
from typing import Any

import pytest

from kitapi import outcome
from kitapi.game import new_game, result_json
from kitapi.registry import row
from kitapi.settle import settle
from kitapi_host.archive.facts import facts_of
from kitapi_host.logs import preferans_transfers
from testkit import ROOT
from testkit import vector as named_vector

GOLDEN: dict[str, list[list[Any]]] = json.loads((ROOT / "tests" / "core" / "hand_outcome.json").read_text())


def vector(key: str) -> dict[str, Any]:
    file, name = key.split(":", 1)
    return named_vector(name, f"{file}.json")


def played(key: str) -> list[tuple[Any, Any, str]]:
    """Each hand of the vector game ``key``: (the game before it with the hand parsed, the hand, its JSON)."""
    v = vector(key)
    g = new_game(v["header"])
    out = []
    for d in v["hands"]:
        h = g.parse(d)
        out.append((g, h, g.hand_json(h)))
    return out


def test_the_golden_file_covers_every_family() -> None:
    families = {row(json.loads(json.dumps(vector(k)["header"]))["rules"])[1] for k in GOLDEN}
    assert families == {"prefa", "kasa", "preferans", "pot", "priffe"}
    assert sum(len(r) for r in GOLDEN.values()) > 900


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_hand_outcome_is_what_the_archive_stored(key: str) -> None:
    v = vector(key)
    g = new_game(v["header"])
    family = row(g.name)[1]
    for d, want in zip(v["hands"], GOLDEN[key], strict=True):
        h = g.parse(d)
        line = g.hand_json(h)
        # the archive's columns, now from the core, are what they were
        f = facts_of(g, 0, line, False)
        assert [f.kind, f.bidder, f.contract, f.defense, f.bidder_tricks, f.made, f.short, f.whist, f.tricks] == want
        if family != "priffe":  # (Priffe's is still taken apart on the PC)
            o = outcome.hand_outcome(g, h)
            got = [o["kind"], o["bidder"], o["contract"], o["defense"], o["tricks"], o["made"], o["short"]]
            assert got == want[:7]
        g.apply(h)


def test_pot_make_is_the_rules() -> None:
    from kitapi.rules import preference_at, preference_us

    assert outcome._POT_MAKE == preference_at._MAKE == preference_us._MAKE


@pytest.mark.parametrize("key", sorted(k for k in GOLDEN if row(vector(k)["header"]["rules"])[1] != "priffe"))
def test_transfers_settle_the_standings(key: str) -> None:
    v = vector(key)
    g = new_game(v["header"])
    for d in v["hands"]:
        g.play(d)
    res = json.loads(result_json(g))
    t = outcome.transfers(res)
    if "stock" in res:  # a pot game: the chips are not settled between the players
        assert t is None
        return
    assert t is not None
    den, pays = t
    nets = [Fraction(x) for x in res.get("chips", res.get("settlement", res.get("net")))]
    # what the PC's sheets and tables showed before the core had it (logs.preferans_transfers then), exact
    lcd = 1
    for x in nets:
        lcd = lcd * x.denominator // gcd(lcd, x.denominator)
    before = [(a, b, Fraction(amount, lcd)) for a, b, amount in settle([int(x * lcd) for x in nets])]
    assert [(a, b, Fraction(x, den)) for a, b, x in pays] == before == preferans_transfers(nets)
    if sum(nets) == 0:  # (a kasa's nets are the players' against the kasa: not theirs to settle whole)
        paid = [Fraction(0)] * len(nets)
        for a, b, x in pays:
            paid[a] -= Fraction(x, den)
            paid[b] += Fraction(x, den)
        assert paid == nets and len(pays) <= max(len(nets) - 1, 0)


def test_the_box_never_imports_it() -> None:
    app = ROOT / "firmware" / "kitapi" / "app"
    for path in [*app.rglob("*.py"), *(ROOT / "firmware" / "kitapi").glob("*.py"), *(ROOT / "boards").glob("*.py")]:
        if path.name != "outcome.py":
            assert "outcome" not in path.read_text(), path


_MP_CODE = r"""
import sys, json
from kitapi.game import new_game, result_json
from kitapi import outcome
for path in sys.argv[1:]:
    lines = open(path).read().split("\n")
    g = new_game(json.loads(lines[0]))
    outs = []
    for line in lines[1:]:
        if line:
            h = g.parse(json.loads(line))
            o = outcome.hand_outcome(g, h)
            outs.append([o["kind"], o["bidder"], o["contract"], o["defense"], o["tricks"], o["made"], o["short"]])
            g.apply(h)
    print(json.dumps([outs, outcome.transfers(json.loads(result_json(g)))]))
"""


def test_the_same_on_micropython(tmp_path: Path) -> None:
    """kitapi.outcome is MicroPython-clean, as all the core: the unix port gives what CPython gives."""
    from kitapi_host.mpy import run_core

    keys = [next(k for k in sorted(GOLDEN) if k.startswith(f)) for f in ("prefa_kasa_main:", "preference_at")]
    keys += [next(k for k in sorted(GOLDEN) if k.startswith("preference_illustrated") and len(GOLDEN[k]) > 2)]
    paths = [ROOT / "examples" / "sample-prefa.jsonl", ROOT / "examples" / "sample-sochi.jsonl"]
    for i, key in enumerate(keys):
        v = vector(key)
        paths.append(tmp_path / f"{i}.jsonl")
        paths[-1].write_text("\n".join(json.dumps(x) for x in [v["header"], *v["hands"]]) + "\n")
    p = run_core(_MP_CODE, [str(x) for x in paths])
    assert p.returncode == 0, p.stdout + p.stderr
    for path, line in zip(paths, p.stdout.splitlines(), strict=True):
        lines = path.read_text().split("\n")
        g = new_game(json.loads(lines[0]))
        outs = []
        for text in lines[1:]:
            if text:
                h = g.parse(json.loads(text))
                o = outcome.hand_outcome(g, h)
                outs.append([o["kind"], o["bidder"], o["contract"], o["defense"], o["tricks"], o["made"], o["short"]])
                g.apply(h)
        t = outcome.transfers(json.loads(result_json(g)))
        assert json.loads(line) == json.loads(json.dumps([outs, t])), path
