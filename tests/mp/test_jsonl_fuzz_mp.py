# The JSON Lines reader under MicroPython against hostile input (issue 13, item 10).
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_jsonl_fuzz_mp.py
# A seeded mutation loop over the sample games (bits flipped, bytes changed, inserted
# and deleted, lines doubled, deep nesting and doubled keys put in): every mutated log
# is replayed, and nothing but the core's RuleError may come out (no MemoryError, no
# other exception).  Then the cases of tests/pc/test_pc_tools.py: deep nesting, a line
# over the limit, a key twice, control characters and lone surrogates in names are
# refused; Greek, Cyrillic and emoji names are kept.  Prints one line per failure,
# then "N passed, N failed"; exits 1 on any failure.
import gc
import io
import random
import sys

try:
    import kitapi.rules.prefa_json  # noqa: F401

    gc.collect()
    import kitapi.replay  # noqa: F401

    gc.collect()
    from kitapi.game import RuleError, new_game
    from kitapi.replay import replay
except ImportError as e:
    print("FAIL cannot import the core: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

ROUNDS = 1500
passed = 0
failed = 0


def fail(what):
    global failed
    failed += 1
    print("FAIL " + what)


def ok():
    global passed
    passed += 1


def outcome(data):
    """None if replayed, the RuleError's code if refused; anything else raised is a failure."""
    try:
        replay(io.BytesIO(data))
    except RuleError as e:
        return e.args[0]
    return None


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randint(0, 7)
        at = rng.randint(0, len(data) - 1) if data else 0
        if kind == 0 and data:
            data[at] ^= 1 << rng.randint(0, 7)
        elif kind == 1 and data:
            data[at] = rng.getrandbits(8)
        elif kind == 2:
            data = data[:at] + bytes([rng.getrandbits(8) for _ in range(rng.randint(1, 6))]) + data[at:]
        elif kind == 3:
            data = data[:at] + data[at + rng.randint(1, 16) :]
        elif kind == 4:
            lines = bytes(data).split(b"\n")
            i = rng.randint(0, len(lines) - 1)
            lines.insert(rng.randint(0, len(lines) - 1), lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == 5:
            data = data[:at]
        elif kind == 6:
            n = rng.randint(10, 3000)
            data = data[:at] + b"[" * n + b"]" * n + data[at:]
        else:
            data = data[:at] + b'"dealer": 1, "dealer": 2, ' + data[at:]
    return bytes(data)


seeds = []
for name in ("examples/sample-prefa.jsonl", "examples/sample-sochi.jsonl"):
    with open(name, "rb") as f:
        seeds.append(f.read())

rng = random.Random(13) if hasattr(random, "Random") else random
if rng is random:
    random.seed(13)
for k in range(ROUNDS):
    data = mutate(rng, seeds[k % len(seeds)])
    try:
        outcome(data)
        ok()
    except Exception as e:  # noqa: BLE001 (what the test looks for)
        fail("round %d: %r raised %r" % (k, data[:60], e))
    if k % 100 == 0:
        gc.collect()

HEADER = b'{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "dealer": 0}\n'
GOOD = b'{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}\n'
CASES = (
    ("deep nesting", b"[" * 30000 + b"]" * 30000 + b"\n", 100),
    ("deep options", HEADER[:-2] + b', "options": ' + b'{"a": ' * 40 + b"1" + b"}" * 41 + b"\n", 100),
    ("a long line", HEADER[:-2] + b', "device": "' + b"x" * 70000 + b'"}\n', 99),
    ("a key twice", HEADER[:-2] + b', "dealer": 1}\n' + GOOD, 101),
    ("a key twice in a hand", HEADER + GOOD[:-2] + b', "bidder": 2}\n', 101),
    ("ESC in a name", HEADER.replace(b"Anna", b"\\u001b]0;x\\u0007") + GOOD, 97),
    ("a raw ESC in a name", HEADER.replace(b"Anna", b"\x1b[2J") + GOOD, 97),
    ("C1 in a name", HEADER.replace(b"Anna", b"A\\u0085") + GOOD, 97),
    ("a bidi override in a name", HEADER.replace(b"Anna", b"\\u202eA") + GOOD, 97),
    ("a lone surrogate in a name", HEADER.replace(b"Anna", b"A\\udc80") + GOOD, 97),
    ("a lone high surrogate", HEADER.replace(b"Anna", b"A\\ud83d") + GOOD, 97),
    ("a control character in device", HEADER[:-2] + b', "device": "a\\u0007"}\n' + GOOD, 98),
    ("a colon in a string", HEADER[:-2] + b', "started": "2026-01-01T10:00:00"}\n' + GOOD, None),
    ("Greek", HEADER.replace(b"Anna", "Άννα".encode()) + GOOD, None),
    ("Cyrillic", HEADER.replace(b"Anna", "Анна".encode()) + GOOD, None),
    ("an emoji", HEADER.replace(b"Anna", "😀🃏".encode()) + GOOD, None),
    ("an emoji escaped", HEADER.replace(b"Anna", b"\\ud83d\\ude00") + GOOD, None),
)
for what, data, want in CASES:
    try:
        got = outcome(data)
    except Exception as e:  # noqa: BLE001
        fail("%s raised %r" % (what, e))
        continue
    if got == want:
        ok()
    else:
        fail("%s: code %r, not %r" % (what, got, want))
    gc.collect()

for name in ("Anna", "Άννα", "Анна", "😀" * 12):
    try:
        new_game({"kitapi": 1, "rules": "prefa", "players": [name, "B", "C"]})
        ok()
    except RuleError as e:
        fail("%r refused: %s" % (name, e))

print("%d passed, %d failed" % (passed, failed))
if failed:
    sys.exit(1)
