"""``kitapi bench``: the core's memory and speed, on CPython and on the MicroPython unix port.

A benchmark, not a test: it prints figures.  The game is generated from a fixed
seed (kitapi_host.logs.gen), written in both log forms, and replayed:

- log size: bytes per hand in the device log and in JSON Lines;
- replay time on CPython (in process) and on MicroPython (wall time less the
  time of an empty MicroPython run);
- bytes allocated per hand: what MicroPython allocates, garbage included,
  replaying the whole game less its first 100 hands, per hand;
- the smallest heap (``-X heapsize``, 256-byte steps) in which MicroPython
  replays the game and prints the same standings as CPython, with the core
  running in place from a ROMFS image (as from a Pico's flash) and with the
  core loaded from .mpy files into the heap; each also for the game's first
  100 hands, to show whether memory grows with the game;
- how much heap the loaded core's modules take as .mpy files.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from kitapi.game import result_json
from kitapi_host import logs
from kitapi_host.bench import long_game
from kitapi_host.logs import gen
from kitapi_host.mpy import run_core, run_replay

SEED = 1
TARGET = 16 * 1024
_STEP = 256
# The modules each replay loads: the core's code in the heap.
_MODULES = {
    "device": "kitapi.replay, kitapi.rules.prefa, kitapi.devlog",
    "jsonl": "kitapi.replay, kitapi.rules.prefa, kitapi.rules.prefa_json, kitapi.jsonl",
}
_ALLOCATED = """import gc, sys
from kitapi.replay import replay
f = open(sys.argv[-1], "rb")
gc.collect()
gc.disable()
a = gc.mem_alloc()
replay(f)
print(gc.mem_alloc() - a)"""
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


def _mp_ok(path: Path, heap: int, expected: str, romfs: bool) -> bool:
    p = run_replay(path, str(heap), romfs=romfs)
    return p.returncode == 0 and p.stdout == expected


def smallest_heap(path: Path, expected: str, romfs: bool, lo: int = 4096, hi: int = 256 * 1024) -> int:
    """The smallest heap, in bytes (a multiple of 256), that replays ``path`` correctly."""
    if not _mp_ok(path, hi, expected, romfs):
        raise SystemExit(f"kitapi bench: MicroPython cannot replay {path} even in {hi} bytes")
    while hi - lo > _STEP:
        mid = (lo + hi) // 2 // _STEP * _STEP
        if _mp_ok(path, mid, expected, romfs):
            hi = mid
        else:
            lo = mid
    return hi


def allocated(path: Path) -> int:
    """Bytes MicroPython allocates while it replays ``path`` (garbage included: the GC is off)."""
    p = run_core(_ALLOCATED, [str(path)], "16M", romfs=True)
    if p.returncode:
        raise SystemExit(f"kitapi bench: {p.stdout}{p.stderr}")
    return int(p.stdout)


def _kb(n: float) -> str:
    return f"{n / 1024:.2f} KB"


def run(hands: int = 10_000) -> int:
    small = min(100, hands)
    rows: dict[str, list[str]] = {}
    spread: dict[str, int] = {}  # the smallest heap at the end less that at hand 100, by log form
    met = True
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        # A pouch big enough that the game lasts all the hands.
        hdr, hs = long_game(SEED, hands)
        empty = _best(partial(run_core, "pass", []))
        for form in ("device", "jsonl"):
            paths = {}
            for n in (small, hands):
                j = tmp / f"g{n}.jsonl"
                gen.write_jsonl(j, hdr, hs[:n])
                paths[n] = j
                if form == "device":
                    paths[n] = tmp / f"g{n}.kitapi"
                    logs.convert(j, paths[n])
            big = paths[hands]
            expected = {n: result_json(logs.replay_file(p)[0]) + "\n" for n, p in paths.items()}
            col = [f"{big.stat().st_size / hands:.1f}"]
            col.append(f"{_best(partial(logs.replay_file, big)):.3f} s")
            col.append(f"{_best(partial(run_replay, big)) - empty:.3f} s")
            col.append(f"{(allocated(big) - allocated(paths[small])) / (hands - small):.1f}")
            for romfs in (True, False):
                heap = smallest_heap(big, expected[hands], romfs)
                heap_small = smallest_heap(paths[small], expected[small], romfs)
                spread[form] = max(spread.get(form, 0), abs(heap - heap_small))
                if romfs and form == "device":
                    met = heap <= TARGET
                col += [_kb(heap), _kb(heap_small)]
            col.append(_kb(int(run_core(_CODE_SIZE % _MODULES[form], []).stdout)))
            rows[form] = col
    labels = [
        "log size, bytes a hand",
        "replay time, CPython",
        "replay time, MicroPython",
        "allocated per hand, bytes",
        f"smallest heap, core in ROMFS, {hands} hands",
        f"smallest heap, core in ROMFS, {small} hands",
        f"smallest heap, core as .mpy files, {hands} hands",
        f"smallest heap, core as .mpy files, {small} hands",
        "the core's code in the heap, as .mpy",
    ]
    print(f"kitapi bench: Prefa, 3 players, {hands} hands (seed {SEED});")
    print("MicroPython: the unix port (64-bit), the core compiled by mpy-cross")
    print(f"{'':<46}{'device log':>12}{'JSON Lines':>12}")
    for i, label in enumerate(labels):
        print(f"{label:<46}{rows['device'][i]:>12}{rows['jsonl'][i]:>12}")
    for form, label in (("device", "device log"), ("jsonl", "JSON Lines")):
        how = "flat" if not spread[form] else f"within {_kb(spread[form])}"
        print(f"memory as the game grows, {label}: {how} from hand {small} to hand {hands}")
    print(f"target, device log replay in a {_kb(TARGET)} heap with the core in ROMFS: {'met' if met else 'MISSED'}")
    return 0
