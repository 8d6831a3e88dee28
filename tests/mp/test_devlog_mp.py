# The device log's damage tests (tests/core/test_devlog.py) under MicroPython.
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_devlog_mp.py
# Builds small device logs with the core's own writer from JSON Lines logs, then
# cuts each at every byte offset and flips every single bit, and replays each:
# - never an exception, except the RuleError of a damaged header (line 1);
# - a cut: the standings are those of the JSON Lines log cut after the last
#   whole record before it, and damage is reported exactly when bytes were cut;
# - a flipped bit costs its record alone: the standings are those of the JSON
#   Lines log with that hand deleted (it keeps its number) or without that
#   correction or end, and the damage is that one record, at its byte.
# Also: the device log replays like its JSON Lines log, and converts back to it
# byte for byte.  Prints one line per failure, then "N passed, N failed"; exits 1
# on any failure.  Uses only gc, io and sys (io.BytesIO: seek, tell, readinto).
import gc
import io
import sys

try:
    # The biggest modules first, each compiled while the heap is still whole, so
    # that the script also runs in a smaller heap.
    import kitapi.rules.prefa_json  # noqa: F401 (and kitapi.rules.prefa, kitapi.game)

    gc.collect()
    import kitapi.replay  # noqa: F401

    gc.collect()
    from kitapi.devlog import RECORD
    from kitapi.devlogw import header_bytes, write_record
    from kitapi.game import OP_END, OP_HAND, OP_REPLACE, RuleError, result_json
    from kitapi.jsonl import JsonlReader
    from kitapi.jsonw import header_json, record_json
    from kitapi.replay import replay
except ImportError as e:
    print("FAIL cannot import the core: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

# Three players, most options: every hand kind and defense, corrections, the end.
LOG3 = (
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
{"end": true}
"""
)

# Four players (the dealer sits out), the other options, a game that ends.
LOG4 = (
    '{"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C", "D"], "options": {"pouch": 7, '
    '"four_aces": {"mode": "B", "amount": 3}, "tens_as_nines": true, "two_empty_pouches": true}, "dealer": 3}\n'
    """{"dealer": 3, "bidder": 2, "contract": "6D", "defense": "both", "tricks": [3, 1, 6, 0]}
{"dealer": 0, "bidder": 3, "contract": "10S", "defense": "alone", "active": 2, "tricks": [0, 0, 1, 9]}
{"dealer": 1, "pass": true}
{"delete": 3}
{"dealer": 2, "bidder": 3, "contract": "7N", "defense": "invite", "active": 1, "tricks": [1, 2, 0, 7], "aces": true}
{"dealer": 3, "bidder": 0, "contract": "6S", "defense": "none"}
{"dealer": 0, "bidder": 1, "contract": "8C", "defense": "both", "tricks": [0, 8, 1, 1]}
{"replace": 1, "dealer": 3, "bidder": 2, "contract": "6D", "defense": "both", "tricks": [2, 1, 7, 0]}
"""
)

passed = 0
failed = 0


def fail(why):
    global failed
    failed += 1
    if failed <= 20:
        print("FAIL " + why)


def ok():
    global passed
    passed += 1


def standings(data):
    """(result_json, damage) of replaying ``data``; RuleError for bad input."""
    g, r = replay(io.BytesIO(data))
    return result_json(g), r.damage


def lines_of(text):
    return [line for line in text.split("\n") if line]


def canonical(text):
    """The JSON Lines log as the core writes it (kitapi.jsonw), and its device log."""
    r = JsonlReader(io.BytesIO(text.encode()))
    from kitapi.game import new_game

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
    return "\n".join(out) + "\n", dev.getvalue()


def back_to_json(dev):
    """The device log read back into JSON Lines with the core's reader and writer."""
    from kitapi.devlog import DevLogReader
    from kitapi.game import new_game

    r = DevLogReader(io.BytesIO(dev))
    g = new_game(r.header())
    out = [header_json(g.header)]
    while True:
        op = r.record(g)
        if op < 0:
            break
        out.append(record_json(g, op, r.target))
    return "\n".join(out) + "\n"


def check_log(name, text, over):
    jl, dev = canonical(text)
    lines = lines_of(jl)
    start = len(dev) - RECORD * (len(lines) - 1)
    # the truth: the JSON Lines log cut after k records, by the JSON Lines reader
    truth = {}
    for k in range(len(lines)):
        truth[start + RECORD * k] = standings(("\n".join(lines[: k + 1]) + "\n").encode())[0]
    whole = truth[len(dev)]
    if standings(dev) != (whole, None):
        fail("%s: the device log replays as %r, not %r" % (name, standings(dev), whole))
    else:
        ok()
    if back_to_json(dev) != jl:
        fail("%s: device -> JSON Lines is not the JSON Lines log" % name)
    else:
        ok()
    if ('"over": %s' % ("true" if over else "false")) not in whole:
        fail("%s: over should be %r: %s" % (name, over, whole))
    else:
        ok()

    # every cut
    for cut in range(len(dev)):
        what = "%s: cut at byte %d" % (name, cut)
        try:
            res, damage = standings(dev[:cut])
        except RuleError as e:
            if cut < start and e.line == 1:
                ok()
            else:
                fail("%s: RuleError line %d: %s" % (what, e.line, e))
            continue
        except Exception as e:
            fail("%s: %s: %s" % (what, type(e).__name__, e))
            continue
        if cut < start:
            fail("%s: a cut header replayed" % what)
            continue
        kept = start + (cut - start) // RECORD * RECORD
        if res != truth[kept]:
            fail("%s: standings %s, expected %s" % (what, res, truth[kept]))
        elif cut == kept and damage is not None:
            fail("%s: damage %r reported on a whole log" % (what, damage))
        elif cut != kept and (damage is None or damage[1] != kept or damage[3] != cut - kept):
            fail("%s: damage %r, expected at byte %d, %d bytes dropped" % (what, damage, kept, cut - kept))
        else:
            ok()

    # every single bit flipped
    bad = bytearray(dev)
    for bit in range(len(dev) * 8):
        i = bit // 8
        mask = 1 << (bit % 8)
        what = "%s: bit %d flipped (byte %d)" % (name, bit, i)
        k = (i - start) // RECORD
        want = None
        if i >= start:
            try:
                want = standings(damaged_model(lines, k))[0]
            except RuleError as e:
                want = "RuleError " + str(e)
        bad[i] ^= mask
        try:
            res, damage = standings(bytes(bad))
        except RuleError as e:
            if (i < start and e.line == 1) or want == "RuleError " + str(e):
                ok()
            else:
                fail("%s: RuleError line %d: %s" % (what, e.line, e))
            continue
        except Exception as e:
            fail("%s: %s: %s" % (what, type(e).__name__, e))
            continue
        finally:
            bad[i] ^= mask
        if i < start:
            fail("%s: a damaged header replayed" % what)
            continue
        if res != want:
            fail("%s: standings %s, expected %s" % (what, res, want))
        elif damage is None or damage[1] != start + k * RECORD or damage[3] != RECORD or damage[4] != 1:
            fail("%s: damage %r, expected the record at byte %d alone" % (what, damage, start + k * RECORD))
        else:
            ok()


def damaged_model(lines, k):
    """The JSON Lines log that scores as the device log with record ``k`` (0 the first) damaged: a hand
    stays, deleted right after it (it keeps its number, scores nothing until replaced); a correction or
    the end is as if never written."""
    out = [lines[0]]
    number = 0
    for i in range(1, len(lines)):
        line = lines[i]
        hand = '"replace"' not in line and '"delete"' not in line and '"end"' not in line
        if hand:
            number += 1
        if i - 1 != k:
            out.append(line)
        elif hand:
            out.append(line)
            out.append('{"delete": %d}' % number)
    return ("\n".join(out) + "\n").encode()


def main():
    # LOG3 is closed by its end record, LOG4 played out: both are over (a closed game is over)
    for name, text, over in (("3 players", LOG3, True), ("4 players", LOG4, True)):
        try:
            check_log(name, text, over)
        except Exception as e:  # a crash building or replaying the good log is a failure, not a stop
            fail("%s: crash: %s: %s" % (name, type(e).__name__, e))
    print("%d passed, %d failed" % (passed, failed))
    if failed or not passed:
        sys.exit(1)


main()
