"""Russian Preferans: properties over random games, both log forms, both runtimes, the human table.

The worked numbers are in the vectors (tests/core/test_vectors_preferans.py); here the
engine is checked against its own invariants on thousands of random legal hands.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import forkrun
from kitapi.game import RuleError, new_game, result_json
from kitapi_host.logs import gen
from logcheck import both_forms_agree

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
        hdr, hands = gen.generate(rules, seed * 7 + k, 80, n, pool=10, **options)
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
    hdr, hands = gen.generate("sochi", 1, 20, 3, pool=10)
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
    g = new_game(gen.header("leningrad", 3, pool=20))
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
    hdr, hands = gen.generate(rules, 11, 400, n, **options)
    res = both_forms_agree(tmp_path, hdr, hands)
    assert res["rules"] == rules and res["players"] == hdr["players"] and res["hands"] == len(hands)
    assert set(res) >= {"pool", "hill", "whists", "settlement", "over"}


def test_the_human_table_shows_pool_hill_whists_and_who_pays_whom(tmp_path: Path) -> None:
    src = tmp_path / "g.jsonl"
    src.write_text(
        '{"kitapi": 1, "rules": "sochi", "players": ["Anna", "Boris", "Vera"], "options": {"pool": 10}}\n'
        '{"dealer": 0, "soloist": 1, "contract": "7S", "whist": ["whist", "pass"], "open": true, "tricks": [3, 5, 2]}\n'
    )
    p = forkrun.run(["replay", str(src)], text=True)
    assert p.returncode == 0, p.stderr
    # Boris is 2 short of 7: hill 8; Anna and Vera write 8 each against him; Vera, the
    # whister, writes 4 x 5 tricks = 20 more (greedy).  Settlement: H = 10, 18, 10 ->
    # 0, 8, 0 -> Boris pays 80/3 to each; Anna +8 + 80/3 = 104/3, Vera +28 + 80/3 = 164/3.  Paid in whole
    # whists, the nets rounded once (largest remainder): 34 -90 54 down, two thirds up (Anna's, Boris'): 35 -89 54.
    assert p.stdout.splitlines() == [
        "sochi: 3 players, 1 hands, game on",
        "  Player   Pool    Hill   Whists        Net  Settles",
        "  Anna        0       0        8     +34.67      +35",
        "  Boris       0       8        0     -89.33      -89",
        "  Vera        0       0       28     +54.67      +54",
        "Settlement (if the game ended now):",
        "  (Settles: each net rounded once to a whole, largest remainder: the payments add up to it)",
        "  Boris pays Vera 54 whists",
        "  Boris pays Anna 35 whists",
    ]


# --- messages that name the real problem (issue 12, item 4) -------------------------------------

_HDR3 = {"kitapi": 1, "rules": "sochi", "players": ["A", "B", "C"], "dealer": 0}
_HDR4 = {"kitapi": 1, "rules": "sochi", "players": ["A", "B", "C", "D"], "dealer": 0}
_ROSTOV4 = {"kitapi": 1, "rules": "rostov", "players": ["A", "B", "C", "D"], "dealer": 0}


@pytest.mark.parametrize(
    ("header", "hand", "message"),
    [
        # a half-whist after a whist, with no tricks: the half-whist is the fault, not the tricks
        (_HDR3, {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "half"]},
         "a half-whist needs the other defender's pass, not 'whist'"),
        (_HDR3, {"dealer": 0, "soloist": 1, "contract": "7S", "whist": ["half", "half"]},
         "a half-whist needs the other defender's pass, not 'half'"),
        # dealer 0 whists with defender 1's (seat 2's) cards: seat 2 takes none, the dealer does
        (_HDR4, {"dealer": 0, "soloist": 1, "contract": "8S", "whist": ["pass", "pass"], "dealer_whist": 0,
                 "tricks": [0, 6, 2, 2]},
         "the dealer plays seat 2's cards: that seat takes no tricks"),
        (_HDR4, {"dealer": 0, "soloist": 1, "contract": "8S", "whist": ["pass", "pass"], "dealer_whist": 1,
                 "tricks": [2, 6, 0, 2]},
         "the dealer plays seat 3's cards: that seat takes no tricks"),
        # the old message still stands where the dealer did sit out
        (_HDR4, {"dealer": 0, "soloist": 1, "contract": "8S", "whist": ["whist", "pass"], "open": False,
                 "tricks": [1, 6, 2, 1]},
         "the dealer sits out and takes no tricks"),
        # Rostov's all-pass is played without the widow
        (_ROSTOV4, {"dealer": 0, "allpass": [1, 3, 3, 3]},
         "Rostov's all-pass has no widow: the dealer takes no tricks"),
        (_HDR4, {"dealer": 0, "allpass": [3, 3, 2, 2]},
         "the widow takes at most 2 tricks, and only with four players"),
        # the half-whist switched off by the option
        (dict(_HDR3, options={"half_whist": False}),
         {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["pass", "half"]},
         "no half-whist: option 'half_whist' is false"),
        (_HDR3, {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["half", "pass"]},
         "a half-whist by defender 1 needs the option 'half_whist_first'"),
        (_HDR3, {"dealer": 0, "soloist": 1, "contract": "8S", "whist": ["pass", "half"]},
         "a half-whist is allowed only at 6 and 7, after the other defender passed"),
        # quotes do not nest: a phrase goes in as it is, a single name is quoted
        (dict(_ROSTOV4, options={"widow": True}),
         {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["pass", "pass"], "widow": "A", "refused": True},
         "'refused' belongs only to a hand without 'widow'"),
        (dict(_HDR3, options={"resign": True}), {"dealer": 0, "soloist": 1, "contract": "M", "resign": True},
         "'resign' belongs only to a contract of 6 to 10"),
    ],
)  # fmt: skip
def test_a_refused_hand_names_the_real_problem(
    header: dict[str, object], hand: dict[str, object], message: str
) -> None:
    g = new_game(header)
    before = result_json(g)
    with pytest.raises(RuleError) as e:
        g.play(hand)
    assert str(e.value) == message
    assert result_json(g) == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"whist": "kind"}, "option 'whist' must be one of greedy, gentleman"),
        ({"end": "never"}, "option 'end' must be one of pools, total, {\"sum\": N}"),
        ({"widow": True}, "'widow' belongs only to 'rostov'"),
    ],
)
def test_a_refused_option_quotes_names_but_not_phrases(options: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError) as e:
        new_game(dict(_HDR3, options=options))
    assert str(e.value) == message


def test_no_message_nests_quotes() -> None:
    """Every message, with a phrase (space and quote) and a name for each %s, has no quote inside quotes."""
    from kitapi.messages import EN, text

    for code, msg in enumerate(EN):
        for detail in ("a hand without 'widow'", "greedy, gentleman", "tricks"):
            args = [code] + [detail if f == "s" else 1 for f in _formats(msg)]
            s = text(tuple(args))
            assert "''" not in s and "'a " not in s and "'greedy," not in s, (code, s)


def _formats(msg: str) -> list[str]:
    out = []
    i = msg.find("%")
    while i >= 0:
        out.append(msg[i + 1])
        i = msg.find("%", i + 2)
    return out
