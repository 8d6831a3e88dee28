"""``kitapi bench``: the core's memory and speed, on CPython and on the MicroPython unix port.

A benchmark, not a test: it prints figures.  The game is generated from a fixed
seed (kitapi_host.gen), written in both log forms, and replayed:

- log size: bytes per hand in the device log and in JSON Lines;
- replay time on CPython (in process) and on MicroPython (the core as .mpy,
  wall time less the time of an empty MicroPython run);
- the smallest heap (``-X heapsize``, 256-byte steps) in which MicroPython
  replays the game and prints the same standings as CPython; the same for the
  game's first 100 hands, to show whether memory grows with the game;
- how much of that heap the loaded core takes (bytecode, on the 64-bit unix port).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from kitapi_host import gen, logs
from kitapi_host.mpy import REPLAY_CODE, run_core

SEED = 1
TARGET = 16 * 1024
_STEP = 256
# The modules each replay loads: the core's code in the heap.
_MODULES = {
    "device": "kitapi.replay, kitapi.rules.prefa, kitapi.devlog",
    "jsonl": "kitapi.replay, kitapi.rules.prefa, kitapi.rules.prefa_json, kitapi.jsonl",
}
_CODE_SIZE = """import gc
gc.collect()
a = gc.mem_alloc()
import %s
gc.collect()
print(gc.mem_alloc() - a)"""


def _best(f: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


def _mp_ok(path: Path, heap: int, expected: str) -> bool:
    p = run_core(REPLAY_CODE, [str(path)], str(heap))
    return p.returncode == 0 and p.stdout == expected


def smallest_heap(path: Path, expected: str, lo: int = 4096, hi: int = 256 * 1024) -> int:
    """The smallest heap, in bytes (a multiple of 256), that replays ``path`` correctly."""
    if not _mp_ok(path, hi, expected):
        raise SystemExit(f"kitapi bench: MicroPython cannot replay {path} even in {hi} bytes")
    while hi - lo > _STEP:
        mid = (lo + hi) // 2 // _STEP * _STEP
        if _mp_ok(path, mid, expected):
            hi = mid
        else:
            lo = mid
    return hi


def _kb(n: int) -> str:
    return f"{n / 1024:.2f} KB"


def run(hands: int = 10_000) -> int:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        # A pouch big enough that the game lasts all the hands.
        hdr, hs = gen.game(SEED, hands, pouch=100_000)
        small = min(100, hands)
        files: dict[str, dict[int, Path]] = {"device": {}, "jsonl": {}}
        for n in (small, hands):
            j = tmp / f"g{n}.jsonl"
            gen.write_jsonl(j, hdr, hs[:n])
            k = tmp / f"g{n}.kitapi"
            logs.convert(j, k)
            files["jsonl"][n], files["device"][n] = j, k
        print(f"kitapi bench: Prefa, 3 players, {hands} hands (seed {SEED})")
        for form, label in (("device", "device log"), ("jsonl", "JSON Lines")):
            size = files[form][hands].stat().st_size
            print(f"  {label:<11} {size:>9,} bytes, {size / hands:.1f} bytes a hand (header included)")
        empty = _best(lambda: run_core("pass", []))
        for form, label in (("device", "device log"), ("jsonl", "JSON Lines")):
            path = files[form][hands]
            g, _ = logs.replay_file(path)
            expected = g.result_json() + "\n"
            cp = _best(partial(logs.replay_file, path))
            mp = _best(partial(run_core, REPLAY_CODE, [str(path)])) - empty
            heap = smallest_heap(path, expected)
            g_small, _ = logs.replay_file(files[form][small])
            heap_small = smallest_heap(files[form][small], g_small.result_json() + "\n")
            code = int(run_core(_CODE_SIZE % _MODULES[form], []).stdout)
            flat = "flat" if heap == heap_small else f"grows by {heap - heap_small} bytes"
            verdict = "meets" if heap <= TARGET else "misses"
            print(f"{label}:")
            print(f"  replay time      CPython {cp:.3f} s, MicroPython {mp:.3f} s ({hands} hands)")
            print(
                f"  smallest heap    {_kb(heap)} for {hands} hands, {_kb(heap_small)} for {small}: {flat}"
                f" ({verdict} the {_kb(TARGET)} target)"
            )
            print(f"  of which code    {_kb(code)}: the core's modules loaded from .mpy (64-bit unix port)")
    return 0
