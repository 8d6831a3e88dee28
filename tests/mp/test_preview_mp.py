# Game.preview and Game.next_dealer under MicroPython (tests/core/test_preview.py runs it under CPython too).
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_preview_mp.py
# Every hand of every scoring vector (tests/core/vectors/*.json), in every game system, is previewed
# against the game before it, then played:
# - after the preview, every field of the game (its lists entry by entry, its numbers, its flags)
#   is exactly what it was, and the result JSON is the same text;
# - the change the preview reports is what playing the hand then changes, entry by entry, and
#   its last entry says whether the hand ends the game;
# - a hand the rules refuse is refused by the preview with the same message, the game untouched;
# - the preview's buffer is made once per game: the same list at every hand.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import json
import os
import sys

try:
    from kitapi.game import RuleError, new_game, result_json
except ImportError as e:
    print("FAIL cannot import kitapi.game: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

VECTOR_DIR = "tests/core/vectors"
_SKIP = ("buf", "hand")  # the preview's own buffer; the reused hand object
_CORE = ("hands", "over", "ended", "last_dealer")  # (class attributes until first set)


def snapshot(g):
    """Every field of ``g`` that is a number, flag, text or list of them, copied."""
    out = [(k, getattr(g, k)) for k in _CORE]
    for k in sorted(g.__dict__.keys()):
        if k in _SKIP or k in _CORE:
            continue
        v = g.__dict__[k]
        if type(v) is list:
            out.append((k, list(v)))
        elif v is None or type(v) in (int, bool, str):
            out.append((k, v))
    out.append(("json", result_json(g)))
    return out


def declared(g):
    """The values of the state ``g`` declares (a list's entries one by one), in preview's order."""
    vals = []
    for name in g.state:
        v = getattr(g, name)
        if type(v) is list:
            for x in v:
                vals.append(x)
        else:
            vals.append(v)
    return vals


def check_case(case, where):
    """Preview then play every hand of a vector; the failures, as text."""
    bad = []
    try:
        g = new_game(case["header"])
    except RuleError:
        return bad  # a header the rules refuse: no hand to preview
    buffers = None
    for i, d in enumerate(case["hands"]):
        at = "%s hand %d" % (where, i + 1)
        if d == {"end": True}:
            g.close()
            continue
        h = g.hand
        try:
            g.parse_hand(d, h)
        except RuleError:
            break  # malformed: never reaches a preview
        snap = snapshot(g)
        vals = declared(g)
        err = g.preview(h)
        if snapshot(g) != snap:
            bad.append("%s: the preview left the game changed" % at)
            break
        if buffers is None:
            buffers = g.buf
        elif g.buf is not buffers:
            bad.append("%s: the preview made a new buffer" % at)
        try:
            g.apply(h)
        except RuleError as e:
            if err is None or err.args != e.args:
                bad.append("%s: apply refused %r, the preview %r" % (at, e.args, err and err.args))
            if snapshot(g) != snap:
                bad.append("%s: a refused hand changed the game" % at)
            break
        if err is not None:
            bad.append("%s: the preview refused %r, apply did not" % (at, err.args))
            break
        after = declared(g)
        want = [after[k] - vals[k] for k in range(len(vals))]
        want.append(1 if g.over else 0)
        if list(g.buf) != want:
            bad.append("%s: change %r, playing it changed %r" % (at, list(g.buf), want))
    return bad


def check_next_dealer():
    """The core's next dealer: the header's first, then on the left; Priffe's after a change of places."""
    bad = []
    g = new_game({"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C", "D"], "options": {}, "dealer": 2})
    got = [g.next_dealer()]
    for _ in range(4):
        g.play({"dealer": g.next_dealer(), "pass": True})
        got.append(g.next_dealer())
    if got != [2, 3, 0, 1, 2]:
        bad.append("prefa next dealers %r" % got)
    g = new_game({"kitapi": 1, "rules": "priffe", "players": ["A", "B", "C", "D"], "options": {}, "dealer": 0})
    # a rubber of two Play games won by seats 0 and 2: 13 tricks, a game each hand
    for _ in range(2):
        g.play({"dealer": g.next_dealer(), "contract": "play", "declarer": 0, "tricks": 13})
    if g.rubbers != 1 or g.next_dealer() != g.lead:
        bad.append("priffe: after a rubber the one who stays put deals: %r, lead %r" % (g.next_dealer(), g.lead))
    return bad


def main():
    passed = failed = 0
    for name in sorted(os.listdir(VECTOR_DIR)):
        if not name.endswith(".json"):
            continue
        with open(VECTOR_DIR + "/" + name) as f:
            cases = json.load(f)
        for case in cases:
            if "header" not in case or "hands" not in case:
                continue
            bad = check_case(case, "%s %s" % (name, case.get("name", "?")))
            for b in bad:
                print("FAIL " + b)
            if bad:
                failed += 1
            else:
                passed += 1
    bad = check_next_dealer()
    for b in bad:
        print("FAIL " + b)
    failed += 1 if bad else 0
    passed += 0 if bad else 1
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
