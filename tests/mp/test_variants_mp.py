# A variant's class attributes are its own (issue 35, item 4), under MicroPython (tests/core/test_variants.py
# runs the same checks under CPython, one test per attribute).
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_variants_mp.py
# A variant of a Preferans convention is a subclass that sets some of the convention's attributes
# (docs/architecture.md, adding a game system).  For each attribute the docs name, a subclass here sets it,
# a hand or two are played on it with the options that set that attribute on a convention (`"source":
# "variants"`, V's reading: Sochi's entries; `whist`: greedy or gentleman's), and its outcome (its result
# JSON, or the RuleError that refused a hand) must be the convention's game with the attribute set to the
# class's value, and not the convention's own outcome (so the hands show the attribute at work).
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import sys

from kitapi.game import RuleError, result_json
from kitapi.rules.preferans import Leningrad, Rostov, Sochi


class HillK(Sochi):
    HILL_K = 2


class ConsK(Sochi):
    CONS_K = 2


class ConsFixed(Sochi):
    CONS_FIXED = 10


class WhistK(Sochi):
    WHIST_K = 2


class Gentleman(Sochi):
    GENTLEMAN = True


class Greedy(Leningrad):
    GENTLEMAN = False


class RespHalves(Sochi):
    RESP_HALVES = 1


class MisereK(Sochi):
    MISERE_K = 2


class AllpassKind(Sochi):
    ALLPASS_KIND = 2


class NoAid(Sochi):
    AID = False


class Talon(Rostov):
    NO_TALON = False


class Total(Leningrad):
    END = "total"


V = {"source": "variants"}
ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]
FAILED7 = {"dealer": 0, "soloist": 0, "contract": "7S", "whist": ["whist", "pass"], "open": False, "tricks": [6, 3, 1]}
MADE6 = {"dealer": 0, "soloist": 0, "contract": "6S", "whist": ["whist", "whist"], "tricks": [6, 2, 2]}
ONE_WHISTS = {
    "dealer": 1,
    "soloist": 1,
    "contract": "6S",
    "whist": ["whist", "pass"],
    "open": False,
    "tricks": [1, 6, 3],
}
SIDE_SHORT = {"dealer": 0, "soloist": 0, "contract": "6S", "whist": ["whist", "whist"], "tricks": [8, 1, 1]}
MISERE_FAILED = {"dealer": 0, "soloist": 0, "contract": "M", "tricks": [2, 4, 4]}
EIGHT_PASSED = {"dealer": 0, "soloist": 1, "contract": "8D", "whist": ["pass", "pass"]}
DEALERS_TRICK = {"dealer": 0, "allpass": [1, 4, 3, 2]}  # four players: the dealer's trick from the talon

# (the attribute, the variant, the options that set the attribute on its convention, the players, the hands)
CASES = (
    ("HILL_K", HillK, (V,), ABC, (FAILED7,)),
    ("CONS_K", ConsK, (V,), ABC, (FAILED7,)),
    ("CONS_FIXED", ConsFixed, (V,), ABC, (FAILED7,)),
    ("WHIST_K", WhistK, (V,), ABC, (MADE6, FAILED7)),
    ("GENTLEMAN", Gentleman, (V, {"whist": "greedy"}, {"source": "variants", "whist": "greedy"}), ABC,
     (ONE_WHISTS, FAILED7)),
    ("GENTLEMAN", Greedy, ({"whist": "gentleman"}, {"source": "variants", "whist": "gentleman"}), ABC,
     (ONE_WHISTS, FAILED7)),
    ("RESP_HALVES", RespHalves, ({}, {"whist_one": "shared"}), ABC, (SIDE_SHORT,)),  # (V's reading has no use
    # for it: failed whisters write the game value; no option sets it)
    ("MISERE_K", MisereK, (V,), ABC, (MISERE_FAILED,)),
    ("ALLPASS_KIND", AllpassKind, (V,), ABCD, (DEALERS_TRICK,)),
    ("AID", NoAid, ({"source": "variants", "pool": 2},), ABC, (EIGHT_PASSED,)),
    ("NO_TALON", Talon, (V,), ABCD, (DEALERS_TRICK,)),
)  # fmt: skip


def outcome(g, hands):
    """The hands played on ``g``: its result JSON, or the hand and message of the RuleError that refused one."""
    for i in range(len(hands)):
        try:
            g.play(dict(hands[i]))
        except RuleError as e:
            return "hand %d refused: %s" % (i + 1, e)
    return result_json(g)


def check(attr, cls, options, players, hands):
    """The failures of one variant under one set of options (an empty list: it passed)."""
    parent = cls.__bases__[0]
    header = {"kitapi": 1, "rules": parent.name, "players": players, "options": options, "dealer": 0}
    value = getattr(cls, attr)
    what = "%s %s=%r %r" % (cls.__name__, attr, value, options)
    g = cls(dict(header))
    bad = []
    if getattr(g, attr) != value:
        bad.append("%s: the game's %s is %r" % (what, attr, getattr(g, attr)))
    want = parent(dict(header))  # the convention, under the same options, with the variant's value
    setattr(want, attr, value)
    got = outcome(g, hands)
    wanted = outcome(want, hands)
    if got != wanted:
        bad.append("%s: %s, not %s" % (what, got, wanted))
    if got == outcome(parent(dict(header)), hands):
        bad.append("%s: the hands do not show %s at work" % (what, attr))
    return bad


def check_end():
    """END, the default of the option ``end``: V's reading (Leningrad's pools) leaves a variant's, and the
    option, the players' choice, sets it."""
    header = {"kitapi": 1, "rules": "leningrad", "players": ABC, "options": V, "dealer": 0}
    bad = []
    if Total(dict(header)).end != "total" or Leningrad(dict(header)).end != "pools":
        bad.append("Total END='total' %r: its end is %r" % (V, Total(dict(header)).end))
    header["options"] = {"source": "variants", "end": "pools"}
    if Total(header).end != "pools":
        bad.append("Total END='total' %r: its end is not the option's" % (header["options"],))
    return bad


def main():
    passed = 0
    failed = 0
    for attr, cls, sets, players, hands in CASES:
        for options in sets:
            bad = check(attr, cls, options, players, hands)
            for b in bad:
                print("FAIL " + b)
            failed += 1 if bad else 0
            passed += 0 if bad else 1
    bad = check_end()
    for b in bad:
        print("FAIL " + b)
    failed += 1 if bad else 0
    passed += 0 if bad else 1
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
