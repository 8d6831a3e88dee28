# The scoring test vectors (tests/core/vectors/<core>_*.json, a file per topic of each rules module of
# kitapi.registry) under MicroPython (also runs on CPython).  A vector's fields are checked by its
# system's family (the registry's family column), so a new row of an existing family needs nothing here.
# From the repo root:
#   MICROPYPATH=firmware:tests/mp .venv/bin/micropython tests/mp/run_vectors.py
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
# Uses only json, os and sys (no os.path on MicroPython).
import json
import os
import sys

try:
    from kitapi.game import RuleError, new_game, result_json
    from kitapi.registry import row, rows
except ImportError as e:
    print("FAIL cannot import kitapi.game: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

VECTOR_DIR = "tests/core/vectors"


def _copy(x):
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


# the fields of the result each family's vectors expect (Prefa's: its pouch and chips, below)
_FIELDS = {
    "preferans": ("pool", "hill", "whists", "settlement", "money", "over"),
    "kasa": ("kasa", "share", "net", "over"),
    "pot": ("pot", "stock", "refills", "over"),
    "priffe": ("partners", "table", "trick_points", "games", "points", "rubbers", "individual", "over"),
}


def _family(g):
    return row(g.name)[1]


def _state(g):
    if _family(g) != "prefa":
        return result_json(g)
    return [list(g.pouch), list(g.chips), bool(g.over)]


def _play(g, hand):
    if hand == {"end": True}:  # the log's end record: the game was stopped here
        g.close()
    else:
        g.play(hand)


def _preferans(g, exp, fields):
    got = json.loads(result_json(g))
    bad = []
    for k in fields:
        if k in exp and got.get(k) != exp[k]:
            bad.append("%s %r != %r" % (k, got.get(k), exp[k]))
    if "share" in got and "share" not in exp:
        bad.append("share %r not expected" % (got["share"],))
    if "money" in got and "money" not in exp:
        bad.append("money %r not expected" % (got["money"],))
    return "; ".join(bad) if bad else None


def _exc(e):
    return type(e).__name__ + ": " + str(e)


def check(vec):
    """Return None if the vector passes, else a short reason."""
    header = _copy(vec["header"])
    hands = _copy(vec["hands"])
    if "error" in vec:
        k = vec["error"]["hand"]
        word = vec["error"].get("contains")
        if k == 0:
            try:
                new_game(header)
            except RuleError as e:
                if word and word not in str(e).lower():
                    return "header error message %r lacks %r" % (str(e), word)
                return None
            return "header accepted, expected RuleError"
        g = new_game(header)
        for i in range(k - 1):
            try:
                _play(g, hands[i])
            except RuleError as e:
                return "hand %d rejected too early: %s" % (i + 1, e)
        before = _state(g)
        try:
            g.play(hands[k - 1])
        except RuleError as e:
            if word and word not in str(e).lower():
                return "hand %d error message %r lacks %r" % (k, str(e), word)
            after = _state(g)
            if after != before:
                return "state changed by rejected hand %d: %r -> %r" % (k, before, after)
            return None
        return "hand %d accepted, expected RuleError" % k
    g = new_game(header)
    for i in range(len(hands)):
        try:
            _play(g, hands[i])
        except RuleError as e:
            return "hand %d rejected: %s" % (i + 1, e)
    exp = vec["expect"]
    fam = _family(g)
    if fam != "prefa":
        return _preferans(g, exp, _FIELDS[fam])
    bad = []
    if "pouch" in exp and list(g.pouch) != exp["pouch"]:
        bad.append("pouch %r != %r" % (list(g.pouch), exp["pouch"]))
    if list(g.chips) != exp["chips"]:
        bad.append("chips %r != %r" % (list(g.chips), exp["chips"]))
    if bool(g.over) != exp["over"]:
        bad.append("over %r != %r" % (bool(g.over), exp["over"]))
    if bad:
        return "; ".join(bad)
    return None


def main():
    names = sorted(os.listdir(VECTOR_DIR))
    cores = tuple(r[2] + "_" for r in rows())  # (a vector file is named by its rules module: <core>_<topic>.json)
    passed = 0
    failed = 0
    for fn in names:
        if not (fn.startswith(cores) and fn.endswith(".json")):
            continue
        with open(VECTOR_DIR + "/" + fn) as f:
            vectors = json.load(f)
        for vec in vectors:
            try:
                why = check(vec)
            except Exception as e:  # an engine crash is a failure, not a stop
                why = "crash: " + _exc(e)
            if why is None:
                passed += 1
            else:
                failed += 1
                print("FAIL %s %s: %s" % (fn, vec.get("name"), why))
    if passed + failed == 0:
        print("FAIL no vectors found in " + VECTOR_DIR)
        failed = 1
    print("%d passed, %d failed" % (passed, failed))
    if failed:
        sys.exit(1)


main()
