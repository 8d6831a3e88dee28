"""The simulator's heap does not move with where it runs: the unix port at 64 KB holds the same blocks, the same
interned names and the same bytes free from any checkout, venv, environment and temporary folder
(kitapi_host.mpy.steady_heap, NO_PATH).  The 64 KB device tests have margins of tens of bytes: one passed in
the checkout and failed in a fresh clone, whose heap was 128 bytes smaller (malloc's answer 16 bytes off a
block) or held a longer temporary folder's name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kitapi_host.mpy import steady_heap
from testkit import ROOT

# Run in a Python of its own, whose environment, temporary folder and folder are the test's from the start: the
# firmware at 64 KB started both ways the simulator starts it (the bench's process, the device tests' fork from a
# server started here), a new game's first key typed, then its heap after a collection ("m") and the unix port's
# own figures ("i": mem_info, qstr_info).
_PROBE = r"""
import argparse, json, sys, tempfile
from pathlib import Path
from kitapi_host.sim.firmware import Firmware, start
from mpfork import ForkedFirmware
seen = []
for kind in (Firmware, ForkedFirmware):
    with tempfile.TemporaryDirectory() as d:
        args = argparse.Namespace(main=None, board="sim", data=Path(d) / "data", heapsize="64K", romfs=True)
        out = []
        fw = start(args, out.append, False, kind)
        assert fw.wait_ready(60), out
        for line in ("1\n", "m\n", "i\n"):
            fw.send(line)
            assert fw.wait_ready(60), out
        fw.quit()
        assert fw.finish() == 0, out
        seen.append([kind.__name__, [s for s in out if s.startswith(("M ", "GC:", "qstr pool:"))]])
print(json.dumps(seen))
"""

# The lengths of a variable of the environment the probe starts with: all that the Python of the probe, of the
# launcher and of the forked server allocate before the unix port's heap moves with it, as with a checkout's or a
# venv's longer paths (before steady_heap, here: 0 and 600 put each way's heap on both of malloc's answers)
PADS = [0, 300, 600, 900, 1200, 1600, 2000, 2400]


def _probe(folder: Path, pad: int) -> list[list[object]]:
    """The probe's heaps, run in ``folder`` with ``folder`` as its TMPDIR and a variable ``pad`` characters long."""
    p = subprocess.run(
        [sys.executable, "-c", _PROBE],
        capture_output=True,
        text=True,
        cwd=folder,
        env=dict(os.environ, PYTHONPATH=str(ROOT / "tests"), TMPDIR=str(folder), KITAPI_TEST_PAD="x" * pad),
        timeout=600,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    return [[pad, len(str(folder)), *run] for run in json.loads(p.stdout)]


def test_the_64k_heap_is_the_same_from_any_environment_temporary_folder_and_folder(tmp_path: Path) -> None:
    deep = tmp_path / ("t" * 50) / ("u" * 50)  # (a temporary folder's name 100 characters longer)
    deep.mkdir(parents=True)
    runs = [run for i, pad in enumerate(PADS) for run in _probe(deep if i % 2 else tmp_path, pad)]
    first = runs[0][-1]
    assert len(first) == 3 and first[1].startswith("GC: total: 64640,"), first  # (the figures measured so far)
    moved = [run for run in runs if run[-1] != first]
    assert not moved, (first, moved[:4])


def test_the_simulator_starts_under_a_temporary_folder_of_any_length(tmp_path: Path) -> None:
    """Its name was in MICROPYPATH, which the unix port interns: past 236 characters it refused to start
    ("FATAL: uncaught NLR", a name longer than 255 bytes)."""
    deep = tmp_path / ("t" * 120) / ("u" * 120)
    deep.mkdir(parents=True)
    assert [run[-1] for run in _probe(deep, 0)] == [run[-1] for run in _probe(tmp_path, 0)]


def test_steady_heap_sizes() -> None:
    """The size asked for where its heap holds as many blocks 16 bytes past a block as on one, else 16 bytes
    less; an option that is not a size in bytes, K or M as given."""
    assert steady_heap("heapsize=64K") == steady_heap("heapsize=65536") == "heapsize=65520"
    assert steady_heap("heapsize=32K") == "heapsize=32752"
    assert steady_heap("heapsize=96K") == "heapsize=98288"
    assert steady_heap("heapsize=16K") == "heapsize=16384"  # (the replay's: as it was)
    assert steady_heap("heapsize=256K") == "heapsize=262144"
    assert steady_heap("heapsize=2M") == "heapsize=2097152"
    for kb in range(8, 1025):
        given = steady_heap(f"heapsize={kb}K")
        assert given in (f"heapsize={kb * 1024}", f"heapsize={kb * 1024 - 16}")
        assert steady_heap(given) == given  # (asked again: the same)
    assert steady_heap("-X") == "-X"
    assert steady_heap("heapsize=8Kw") == "heapsize=8Kw"
