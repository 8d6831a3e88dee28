# Names compared as the archive compares them (issue 36, item 6) under MicroPython, as tests/device/test_nfc.py
# checks them under CPython:
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_nfc_mp.py
# - kitapi.app.name.name composes a letter and its combining mark (Greek tonos and dialytika, Cyrillic breve and
#   diaeresis, Latin grave, acute, diaeresis) and the polytonic oxia forms into what CPython's NFC gives.
# Prints one line per failure, then "N passed, N failed"; exits 1 on any failure.
import sys

try:
    from kitapi.app.name import name as nfc
except ImportError as e:
    print("FAIL cannot import kitapi.app.name: %s" % e)
    print("0 passed, 1 failed")
    sys.exit(1)

passed = 0
failed = 0


def check(cond, why):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", why)


def main():
    # (written, NFC) as CPython's unicodedata gives them
    cases = (
        ("\u039d\u03b9\u0301\u03ba\u03bf\u03c2", "\u039d\u03af\u03ba\u03bf\u03c2"),  # Νίκος
        ("\u0391\u0301\u03bd\u03bd\u03b1", "\u0386\u03bd\u03bd\u03b1"),  # Άννα
        ("\u03b9\u0308\u0301\u03c5\u0308\u0301", "\u0390\u03b0"),  # ΐΰ
        ("\u03b9\u0344", "\u0390"),  # the combining dialytika tonos
        ("\u1f71\u1f77\u1f79\u1fbb", "\u03ac\u03af\u03cc\u0386"),  # oxia: ά ί ό Ά
        ("\u03b1\u0341", "\u03ac"),  # the combining acute tone mark
        ("\u0418\u0306\u043e\u0441\u044f", "\u0419\u043e\u0441\u044f"),  # Йося
        ("\u0435\u0308", "\u0451"),  # ё
        ("mise\u0300re Zoe\u0308", "mis\u00e8re Zo\u00eb"),
        ("\u03b9\u0301\u0308", "\u03af\u0308"),  # the tonos first: ί, then a dialytika NFC leaves
        ("\u0301\u03b1", "\u0301\u03b1"),  # a mark with no letter before it
        ("Anna", "Anna"),
    )
    for s, want in cases:
        check(nfc(s) == want, "nfc(%r) = %r, not %r" % (s, nfc(s), want))


main()
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
