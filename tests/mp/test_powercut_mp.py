# Every repair survives a power cut at any step, under MicroPython (tests/device/test_powercut.py on CPython).
# From the repo root (tools/run_mp_tests.sh runs it so):
#   MICROPYPATH=.frozen:firmware:tests/mp .venv/bin/micropython tests/mp/test_powercut_mp.py
# kitapi.app.store runs on tests/device/faultfs.py's flash (littlefs's promises), which cuts the power after
# each call that changes it, in turn; after each cut the box boots again (itself cut at each of its own
# calls too): every saved hand comes back, no evidence is overwritten, no stray file is left.
# Prints a line per scenario and the failures; exits 1 on any.
import sys

sys.path.append("tests/device")

try:
    import faultfs
except ImportError as e:
    print("FAIL cannot import tests/device/faultfs.py: %s" % e)
    sys.exit(1)

total, failures = faultfs.run_all()
for f in failures:
    print("FAIL " + f)
print("%d power cuts tried, %d failed" % (total, len(failures)))
if failures or total < 100:
    sys.exit(1)
