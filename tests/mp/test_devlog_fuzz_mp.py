# Fuzzing the device-log reader under MicroPython (tests/core/test_devlog.py's hypothesis tests on CPython).
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_devlog_fuzz_mp.py
# A seeded random loop (the same cases every run):
# - random bytes, alone and after a valid header: RuleError or a replay, no other exception;
# - random mutations of a valid device log (bits flipped, bytes set, cut, inserted, deleted, a record
#   doubled): the same;
# - one bit flipped in each of 1-4 records: each damaged record costs itself alone (the JSON Lines
#   model: a damaged hand deleted right after it, a damaged correction or end gone), every valid
#   record stays in play.
# Prints "N passed, N failed"; exits 1 on any failure.
import io
import sys

try:
    from kitapi.devlog import RECORD
    from kitapi.devlogw import header_bytes, write_record
    from kitapi.game import OP_END, OP_HAND, OP_REPLACE, RuleError, new_game, result_json
    from kitapi.jsonl import JsonlReader
    from kitapi.jsonw import header_json, record_json
    from kitapi.replay import replay
except ImportError as e:
    print("FAIL cannot import the core: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

LOG = (
    '{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 15, '
    '"four_aces": {"mode": "A", "amount": 5}, "ten_no_trump": "A", "tentative_bid": true}, "dealer": 0}\n'
    """{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}
{"dealer": 1, "bidder": 0, "contract": "7H", "defense": "alone", "active": 1, "tricks": [7, 3, 0]}
{"dealer": 2, "pass": true}
{"dealer": 0, "bidder": 2, "throw": true}
{"dealer": 1, "bidder": 2, "contract": "8N", "defense": "none", "aces": true}
{"replace": 2, "dealer": 1, "bidder": 0, "contract": "7H", "defense": "alone", "active": 1, "tricks": [6, 4, 0]}
{"dealer": 2, "bidder": 0, "contract": "6C", "defense": "invite", "active": 2, "tricks": [6, 1, 3]}
{"dealer": 0, "bidder": 1, "contract": "10N", "defense": "both", "tricks": [0, 10, 0]}
{"delete": 4}
{"dealer": 1, "bidder": 2, "contract": "9D", "defense": "both", "tricks": [1, 0, 9], "aces": true}
{"dealer": 2, "bidder": 1, "contract": "6H", "defense": "none"}
{"replace": 7, "dealer": 2, "bidder": 0, "contract": "6C", "defense": "invite", "active": 1, "tricks": [5, 2, 3]}
{"dealer": 0, "bidder": 0, "contract": "6S", "defense": "both", "tricks": [6, 2, 2]}
"""
)

passed = 0
failed = 0
_seed = [20261125]


def rnd(n):
    """0 .. n-1, from a fixed linear congruential sequence (the same on every runtime)."""
    _seed[0] = (_seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (_seed[0] >> 8) % n


def fail(why):
    global failed
    failed += 1
    if failed <= 20:
        print("FAIL " + why)


def ok():
    global passed
    passed += 1


def canonical(text):
    r = JsonlReader(io.BytesIO(text.encode()))
    g = new_game(r.header())
    out = [header_json(g.header)]
    dev = io.BytesIO()
    dev.write(header_bytes(g.header))
    buf = bytearray(RECORD)
    seq = 0
    while True:
        op = r.record(g)
        if op < 0:
            break
        out.append(record_json(g, op, r.target))
        if op == OP_HAND:
            seq += 1
            number = seq
        else:
            number = 0 if op == OP_END else r.target
        payload = g.pack(g.hand) if op == OP_HAND or op == OP_REPLACE else 0
        write_record(dev, buf, op, number, payload)
    return out, dev.getvalue()


def outcome(data):
    """The standings, or the RuleError's text; any other exception goes up."""
    try:
        g, r = replay(io.BytesIO(data))
        return result_json(g), r.damage
    except RuleError as e:
        return "RuleError " + str(e), None


def only_rule_errors(what, data):
    try:
        outcome(data)
        ok()
    except Exception as e:
        fail("%s: %s: %s (%r)" % (what, type(e).__name__, e, data[:80]))


def model(lines, damaged):
    """The JSON Lines log that scores as the device log with records ``damaged`` damaged, and how many
    hands it holds back: a damaged hand deleted right after it; then, while the replay stops at a hand
    (or its correction) after a damaged hand no valid correction replaces, that hand held back (a
    deletion put last, so it wins), until the replay goes through or stops for another reason."""
    out = [lines[0]]
    of = [0]  # the hand each line is, or corrects
    number = 0
    lost = []
    fixed = []
    for i in range(1, len(lines)):
        line = lines[i]
        hand = '"replace"' not in line and '"delete"' not in line and '"end"' not in line
        if hand:
            number += 1
            target = number
        else:
            target = int(line.split(":")[1].split(",")[0].split("}")[0]) if '"end"' not in line else 0
        if i - 1 not in damaged:
            out.append(line)
            of.append(target)
            if not hand:
                fixed.append(target)
        elif hand:
            out.append(line)
            out.append('{"delete": %d}' % number)
            of += [number, number]
            lost.append(number)
    missing = [n for n in lost if n not in fixed]
    held = []
    while True:
        data = ("\n".join(out) + "\n").encode()
        try:
            replay(io.BytesIO(data))
        except RuleError as e:
            k = of[e.line - 1] if 1 < e.line <= len(of) else 0
            if k and k not in held and [n for n in missing if n < k]:
                held.append(k)
                at = len(out) - 1 if out[-1] == '{"end": true}' else len(out)
                out.insert(at, '{"delete": %d}' % k)
                of.insert(at, k)
                continue
        return data, len(held)


def mutate(dev):
    b = bytearray(dev)
    for _ in range(1 + rnd(6)):
        if not b:
            break
        i = rnd(len(b))
        kind = rnd(6)
        if kind == 0:
            b[i] ^= 1 << rnd(8)
        elif kind == 1:
            b[i] = rnd(256)
        elif kind == 2:
            b = b[:i]
        elif kind == 3:
            b = b[:i] + bytes([rnd(256)]) + b[i:]
        elif kind == 4:
            b = b[:i] + b[i + 1 :]
        else:
            b = b[:i] + b[i : i + RECORD] + b[i:]
    return bytes(b)


def main():
    lines, dev = canonical(LOG)
    n = len(lines) - 1
    start = len(dev) - RECORD * n
    head = header_bytes({"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"]})
    whole = outcome(dev)
    if whole[0].startswith("RuleError") or whole[1] is not None or '"hands": 9' not in whole[0]:
        fail("the log itself: %r" % (whole,))
    for case in range(300):
        blob = bytes([rnd(256) for _ in range(rnd(300))])
        only_rule_errors("random bytes %d" % case, blob)
        only_rule_errors("random records %d" % case, head + blob)
    for case in range(1500):
        only_rule_errors("mutation %d" % case, mutate(dev))
    flips = 0
    helds = [0]
    for _ in range(600):
        bad = bytearray(dev)
        hit = {}
        for _ in range(1 + rnd(4)):
            k = rnd(n)
            if k not in hit:
                hit[k] = rnd(64)
        for k in hit:
            bit = hit[k]
            bad[start + k * RECORD + bit // 8] ^= 1 << (bit % 8)
            flips += 1
        try:
            data, held = model(lines, hit)
            want = outcome(data)[0]
            got, damage = outcome(bytes(bad))
        except Exception as e:
            fail("flips %r: %s: %s" % (hit, type(e).__name__, e))
            continue
        if got != want:
            fail("flips %r: %s, expected %s" % (hit, got, want))
        elif not got.startswith("RuleError") and (damage is None or damage[4] != len(hit) or damage[7] != held):
            fail("flips %r: damage %r, %d held back" % (hit, damage, held))
        else:
            ok()
            helds[0] += held > 0
    print("%d bit flips in %d records tried (%d cases with hands held back)" % (flips, n, helds[0]))
    print("%d passed, %d failed" % (passed, failed))
    if failed or not passed:
        sys.exit(1)


main()
