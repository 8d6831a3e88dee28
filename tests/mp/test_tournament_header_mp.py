# The header's ``tournament`` field (issue 34, item 5: the box knows its table) under MicroPython, as
# tests/core/test_tournament_header.py checks it under CPython:
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_tournament_header_mp.py
# - a game whose header names its tournament, round and table replays from its JSON Lines log and from its device
#   log, the field read back as written, the standings those of the same game without it;
# - the field is optional, and refused (code 111, or 108 for a name over kitapi.game.MAX_TEXT) when it is not an
#   object of exactly a name, a round and a table of 1 to 999.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import gc
import io
import sys

try:
    import kitapi.rules.prefa_json  # noqa: F401

    gc.collect()
    from kitapi.devlog import RECORD
    from kitapi.devlogw import header_bytes, write_record
    from kitapi.game import MAX_TEXT, OP_HAND, RuleError, new_game, result_json
    from kitapi.jsonl import JsonlReader
    from kitapi.jsonw import header_json
    from kitapi.replay import replay
except ImportError as e:
    print("FAIL cannot import the core: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

BASE = '{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 31}'
TABLE = '"tournament": {"name": "Winter \\u03bb", "round": 3, "table": 2}'
HANDS = (
    '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}\n'
    '{"dealer": 1, "bidder": 0, "contract": "7H", "defense": "alone", "active": 1, "tricks": [7, 3, 0]}\n'
    '{"dealer": 2, "pass": true}\n'
)

passed = 0
failed = 0


def check(cond, why):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL " + why)


def device(text):
    """The device log of the JSON Lines log ``text``, with the core's writer (as the box writes it)."""
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


def error(header):
    try:
        replay(io.BytesIO((header + "\n").encode()))
    except RuleError as e:
        return e.args[0]
    return None


def main():
    plain = (BASE + "}\n" + HANDS).encode()
    with_table = (BASE + ", " + TABLE + "}\n" + HANDS).encode()
    want = {"name": "Winter \u03bb", "round": 3, "table": 2}
    g0, _ = replay(io.BytesIO(plain))
    for what, data in (("jsonl", with_table), ("device", device(with_table))):
        g, r = replay(io.BytesIO(data))
        check(g.header.get("tournament") == want, what + ": the field read back: %r" % (g.header.get("tournament"),))
        check(result_json(g) == result_json(g0), what + ": the standings as without it")
        check(r.damage is None, what + ": no damage")
    line = header_json(new_game(JsonlReader(io.BytesIO(plain)).header()).header)
    check('"tournament"' not in line, "optional: no field written without it")
    g, _ = replay(io.BytesIO(device(with_table)))
    line = header_json(g.header)
    check(line.endswith(', "tournament": {"name": "Winter \\u03bb", "round": 3, "table": 2}}'), "written: " + line)
    check(error(BASE + ', "tournament": {"name": "%s", "round": 999, "table": 999}}' % ("x" * MAX_TEXT)) is None,
          "at its limits")  # fmt: skip
    bad = (
        '"Club"',
        "[]",
        "null",
        "{}",
        '{"name": "Club", "round": 1}',
        '{"name": "Club", "round": 1, "table": 1, "seat": 1}',
        '{"name": "", "round": 1, "table": 1}',
        '{"name": 7, "round": 1, "table": 1}',
        '{"name": "Club", "round": 0, "table": 1}',
        '{"name": "Club", "round": 1, "table": 1000}',
        '{"name": "Club", "round": true, "table": 1}',
        '{"name": "Club", "round": "1", "table": 1}',
        '{"name": "Club", "round": 1, "table": -1}',
        '{"name": "Club", "round": 1, "table": 99999999999999999999999}',
    )
    for t in bad:
        check(error(BASE + ', "tournament": ' + t + "}") == 111, "refused: " + t)
    check(error(BASE + ', "tournament": {"name": "%s", "round": 1, "table": 1}}' % ("x" * (MAX_TEXT + 1))) == 108,
          "a name over its limit")  # fmt: skip
    check(error(BASE + ', "tournament": {"name": "a\\u0007", "round": 1, "table": 1}}') == 98, "a control character")


main()
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
