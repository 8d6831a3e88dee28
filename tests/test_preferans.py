"""Russian Preferans: properties over random games, both log forms, both runtimes, the human table.

The worked numbers are in the vectors (tests/test_vectors_preferans.py); here the
engine is checked against its own invariants on thousands of random legal hands.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from kitapi.game import RuleError, new_game, result_json
from kitapi_host import gen
from logcheck import both_forms_agree

KITAPI = [sys.executable, "-m", "kitapi_host.cli"]
OPTION_SETS = [
    {},
    {"resign": True, "misere_hand": True, "half_whist_first": True, "ten_whist": True, "stalingrad": True},
    {"source": "variants"},
    {"whist_one": "shared", "stake": "0.25", "end": {"sum": 30}},
    {"whist": "gentleman", "end": "total"},
]


def games() -> list[tuple[str, int, dict[str, object], int]]:
    out = []
    for rules in ("sochi", "leningrad", "rostov"):
        for n in (2, 3, 4):
            for k, opts in enumerate(OPTION_SETS):
                o = dict(opts)
                if rules == "rostov" and k == 0:
                    o.update(widow=True, allpass_dealer_pool=True)
                if rules == "leningrad" and k == 4:
                    o["progression"] = "8x4"
                out.append((rules, n, o, k))
    return out


@pytest.mark.parametrize(("rules", "n", "options", "k"), games())
def test_random_games_keep_every_invariant(rules: str, n: int, options: dict[str, object], k: int) -> None:
    """Over random legal hands: the settlement sums to zero, the compact form round-trips, pools
    never overflow where American aid applies, the hand's JSON line reads back to itself."""
    for seed in range(12):
        hdr, hands = gen.preferans_game(seed * 7 + k, 80, rules, n, pool=10, **options)
        g = new_game(hdr)
        again = new_game(hdr)
        for h in hands:
            g.play(h)
            res = json.loads(result_json(g))
            assert sum(Fraction(x) for x in res["settlement"]) == 0
            if "money" in res:
                assert sum(Fraction(x) for x in res["money"]) == 0
            packed = g.pack(g.hand)
            assert packed >> 28 == 0
            back = type(g.hand)()
            g.unpack(packed, back)
            assert g.hand_json(back) == g.hand_json(g.hand)
            again.play(json.loads(g.hand_json(g.hand)))
            if g.AID and not g.variants or (g.variants and rules != "leningrad"):
                assert max(g.pool) <= g.size or min(g.pool) >= g.size
        assert result_json(again) == result_json(g)


def test_a_rejected_hand_changes_nothing() -> None:
    hdr, hands = gen.preferans_game(1, 20, "sochi", 3, pool=10)
    g = new_game(hdr)
    for h in hands:
        g.play(h)
    before = result_json(g)
    for bad in (
        {"dealer": 0, "soloist": 1, "contract": "8S", "whist": ["pass", "half"]},  # half-whist at 8
        {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "whist"], "tricks": [3, 6, 2]},  # 11
        {"dealer": 0, "soloist": 1, "contract": "M", "whist": ["pass", "pass"], "tricks": [0, 0, 10]},
        {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["pass", "pass"], "tricks": [2, 6, 2]},
        {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "pass"], "tricks": [2, 6, 2]},  # no open
        {"dealer": 0, "allpass": [3, 3, 3]},
        {"dealer": 0, "soloist": 1, "contract": "11S", "whist": ["pass", "pass"]},
    ):
        if g.over:
            break
        with pytest.raises(RuleError):
            g.play(bad)
        assert result_json(g) == before


def test_leningrad_raises_the_minimum_after_an_all_pass_and_a_whisted_game_resets_it() -> None:
    g = new_game(gen.preferans_header("leningrad", 3, pool=20))
    g.play({"dealer": 0, "allpass": [4, 3, 3]})
    with pytest.raises(RuleError, match="at least 7"):
        g.play({"dealer": 1, "soloist": 0, "contract": "6S", "whist": ["pass", "pass"]})
    g.play({"dealer": 1, "soloist": 0, "contract": "7S", "whist": ["pass", "pass"]})  # not whisted: stays
    assert g.level == 2
    g.play({"dealer": 2, "soloist": 0, "contract": "7S", "whist": ["whist", "pass"], "open": False,
            "tricks": [7, 2, 1]})  # fmt: skip
    assert g.level == 1
    g.play({"dealer": 0, "soloist": 2, "contract": "6S", "whist": ["pass", "pass"]})


@pytest.mark.parametrize(("rules", "n"), [("sochi", 3), ("leningrad", 4), ("rostov", 3), ("sochi", 2)])
def test_both_log_forms_and_both_runtimes_agree(tmp_path: Path, rules: str, n: int) -> None:
    options: dict[str, object] = {"pool": 20}
    if rules == "rostov":
        options.update(widow=True, stake="0.10")
    hdr, hands = gen.preferans_game(11, 400, rules, n, **options)
    res = both_forms_agree(tmp_path, hdr, hands)
    assert res["rules"] == rules and res["players"] == hdr["players"] and res["hands"] == len(hands)
    assert set(res) >= {"pool", "hill", "whists", "settlement", "over"}


def test_the_human_table_shows_pool_hill_whists_and_who_pays_whom(tmp_path: Path) -> None:
    src = tmp_path / "g.jsonl"
    src.write_text(
        '{"kitapi": 1, "rules": "sochi", "players": ["Anna", "Boris", "Vera"], "options": {"pool": 10}}\n'
        '{"dealer": 0, "soloist": 1, "contract": "7S", "whist": ["whist", "pass"], "open": true, "tricks": [3, 5, 2]}\n'
    )
    p = subprocess.run([*KITAPI, "replay", str(src)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    # Boris is 2 short of 7: hill 8; Anna and Vera write 8 each against him; Vera, the
    # whister, writes 4 x 5 tricks = 20 more (greedy).  Settlement: H = 10, 18, 10 ->
    # 0, 8, 0 -> Boris pays 80/3 to each; Anna +8 + 80/3 = 104/3, Vera +28 + 80/3 = 164/3.
    assert p.stdout.splitlines() == [
        "sochi: 3 players, 1 hands, game on",
        "  Player   Pool    Hill   Whists        Net",
        "  Anna        0       0        8     +34.67",
        "  Boris       0       8        0     -89.33",
        "  Vera        0       0       28     +54.67",
        "Settlement (if the game ended now):",
        "  Boris pays Vera 54.67 whists",
        "  Boris pays Anna 34.67 whists",
    ]
