# The edges of a game log and the core's checks (tests/core/test_log_edges.py) under MicroPython.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_log_edges_mp.py
# - unwritten space after the records (0x00 or 0xFF bytes, whole records) is no hand and no damage, and
#   64 KB of zeros is read as fast as 64 KB of 0xFF (a zeroed block between records as fast as an erased one);
# - a record whose CRC holds but which is no hand of these rules is a damaged hand: every valid hand kept;
# - a correction of a hand that does not exist is refused by replay(f, fix), and one in the log not applied;
# - a header text over kitapi.game.MAX_TEXT, a device log header over MAX_HEADER, and a name of spaces or
#   invisible characters alone are refused with their messages.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import gc
import io
import sys
import time

try:
    import kitapi.rules.prefa_json  # noqa: F401 (and kitapi.rules.prefa, kitapi.game)

    gc.collect()
    import kitapi.replay  # noqa: F401

    gc.collect()
    from kitapi.devlog import MAX_HEADER, RECORD, crc16
    from kitapi.devlogw import header_bytes, write_record
    from kitapi.game import MAX_TEXT, OP_DELETE, OP_HAND, OP_REPLACE, RuleError, new_game, result_json
    from kitapi.jsonl import JsonlReader
    from kitapi.replay import replay
except ImportError as e:
    print("FAIL cannot import the core: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

HEADER = '{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 200}}'
HANDS = (
    '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}',
    '{"dealer": 1, "bidder": 0, "contract": "7H", "defense": "alone", "active": 1, "tricks": [7, 3, 0]}',
    '{"dealer": 2, "pass": true}',
    '{"dealer": 0, "bidder": 2, "contract": "6C", "defense": "invite", "active": 0, "tricks": [6, 0, 4]}',
    '{"dealer": 1, "bidder": 2, "contract": "8D", "defense": "none"}',
)
N = 20  # hands in the game: HANDS over and over

passed = 0
failed = 0


def fail(why):
    global failed
    failed += 1
    if failed <= 20:
        print("FAIL " + why)


def check(cond, why):
    global passed
    if cond:
        passed += 1
    else:
        fail(why)


def jsonl(extra=()):
    return (HEADER + "\n" + "\n".join(HANDS[k % len(HANDS)] for k in range(N)) + "\n" + "".join(extra)).encode()


def device(text):
    """The device log of the JSON Lines log ``text`` (hands only), with the core's writer."""
    r = JsonlReader(io.BytesIO(text))
    g = new_game(r.header())
    out = io.BytesIO()
    out.write(header_bytes(g.header))
    buf = bytearray(RECORD)
    seq = 0
    while r.record(g) >= 0:
        seq += 1
        write_record(out, buf, OP_HAND, seq, g.pack(g.hand))
    return out.getvalue()


def record(op, number, payload):
    out = io.BytesIO()
    write_record(out, bytearray(RECORD), op, number, payload)
    return out.getvalue()


def run(data, fix=None):
    g, r = replay(io.BytesIO(data), fix)
    return result_json(g), r


def error(data, fix=None):
    """The RuleError's code replaying ``data`` raises, or None."""
    try:
        replay(io.BytesIO(data), fix)
    except RuleError as e:
        return e.args[0]
    return None


def without(*numbers):
    return jsonl(['{"delete": %d}\n' % k for k in numbers])


def ms(data):
    t = time.ticks_ms()
    replay(io.BytesIO(data))
    return time.ticks_diff(time.ticks_ms(), t)


def main():
    data = jsonl()
    dev = device(data)
    start = len(dev) - N * RECORD
    want = run(data)[0]

    # item 7: unwritten space after the records
    for fill in (0, 255):
        for size in (8, 13, 4096 + 5, 65536):
            res, r = run(dev + bytes([fill]) * size)
            check(
                res == want and r.damage is None and r.seq == N and r.end == len(dev) and r.blank == size,
                "a blank tail of %d bytes of %d: %s %s %d" % (size, fill, res, r.damage, r.seq),
            )
        res, r = run(dev + bytes([fill]) * 5)  # short of a record: a torn append still
        check(res == want and r.damage is not None and r.damage[0] == 51, "5 blank bytes: %s" % (r.damage,))
        bad = dev[: start + 40] + bytes([fill]) * 24 + dev[start + 64 :]  # between records: damage
        res, r = run(bad)
        check(res == run(without(6, 7, 8))[0] and r.damage[3:7] == (24, 3, 6, 3), "a blank block: %s" % (r.damage,))
    gc.collect()
    zeros = min(ms(dev[: start + 80] + bytes(32768) + dev[start + 80 :]) for _ in range(2))
    erased = min(ms(dev[: start + 80] + b"\xff" * 32768 + dev[start + 80 :]) for _ in range(2))
    check(zeros < 3 * erased + 20, "4,096 zeroed records %d ms, erased %d ms" % (zeros, erased))
    gc.collect()
    tail = ms(dev + bytes(1 << 18))
    check(tail < 3 * ms(dev) + 200, "256 KB of zeros after the records: %d ms" % tail)

    # item 8: a CRC that holds on no hand
    bad = dev[: start + 40] + bytes(RECORD) + record(OP_HAND, 7, 0x0FFFFFFF) + dev[start + 56 : start + 80]
    res, r = run(bad)
    first10 = (HEADER + "\n" + "\n".join(HANDS[k % len(HANDS)] for k in range(10)) + "\n").encode()
    check(res == run(first10 + b'{"delete": 6}\n{"delete": 7}\n')[0], "the report's case: %s" % res)
    check(r.damage is not None and r.damage[3:7] == (16, 2, 6, 2), "the report's case: %s" % (r.damage,))
    res, r = run(dev[: start + 48] + record(OP_HAND, 7, 0x0FFFFFFF) + dev[start + 56 :])
    check(res == run(without(7))[0] and r.damage[:7] == (48, start + 48, 8, 8, 1, 7, 1), "alone: %s" % (r.damage,))
    res, r = run(dev + record(OP_REPLACE, 3, 0x0FFFFFFF))
    check(res == want and r.damage[:3] == (48, len(dev), 22), "a correction: %s" % (r.damage,))

    # item 4: corrections of hands that do not exist
    for fix in ((21, -1), (0, -1), (65535, -1), (-1, -1), (25, 0x1000000)):
        check(error(dev, fix) == 17, "fix %s: %s" % (fix, error(dev, fix)))
    check(error(dev, (20, -1)) is None, "the last hand can be deleted")
    for rec in (record(OP_DELETE, 21, 0), record(OP_DELETE, 65535, 0), record(OP_REPLACE, 25, 0x1000000)):
        res, r = run(dev + rec)
        check(res == want and r.seq == N and r.damage[:5] == (107, len(dev), 22, 8, 1), "d: %s" % (r.damage,))

    # items 9 and 12: the header
    for field in ("started", "device"):
        ok = '{"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"], "%s": "%s"}\n'
        check(error((ok % (field, "x" * MAX_TEXT)).encode()) is None, field + " at its limit")
        check(error((ok % (field, "x" * (MAX_TEXT + 1))).encode()) == 108, field + " over its limit")
        check(error((ok % (field, "x" * 30000)).encode()) == 108, field + " of 30,000")
    body = ('{"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"], "started": "%s"}' % ("x" * 60000)).encode()
    pre = bytearray(b"KTPI\x01" + bytes((len(body) >> 8, len(body) & 255)))
    c = crc16(pre, 0, 7)
    pre += bytes((c >> 8, c & 255))
    c = crc16(body, 0, len(body))
    check(error(bytes(pre) + body + bytes((c >> 8, c & 255))) == 109, "a 60 KB device log header")
    del body
    gc.collect()
    check(MAX_HEADER == 4096, "MAX_HEADER")
    for name in (" ", "\\u200b\\u200c\\u200d", "\\u2060", "\\ufeff", "\\u3000", "\\u00a0 "):
        text = '{"kitapi": 1, "rules": "prefa", "players": ["A", "%s", "C"]}\n' % name
        check(error(text.encode()) == 110, "the name %r" % name)
    for name in ("A\\u200b", "Zo\\u00eb", "\\ud83d\\ude00"):
        text = '{"kitapi": 1, "rules": "prefa", "players": ["A", "%s", "C"]}\n' % name
        check(error(text.encode()) is None, "the name %r" % name)

    print("%d passed, %d failed" % (passed, failed))
    if failed or not passed:
        sys.exit(1)


main()
