"""A game written in both log forms and replayed on both runtimes: the check every rules module's tests share."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from kitapi_host import gen

KITAPI = [sys.executable, "-m", "kitapi_host.cli"]


def both_forms_agree(
    tmp_path: Path, hdr: dict[str, Any], hands: list[dict[str, Any]], end: bool = False
) -> dict[str, Any]:
    """Write the game as JSON Lines (closed with ``{"end": true}`` if ``end``), convert it to a device log
    and back (byte for byte the same), replay both forms on CPython and MicroPython (the same JSON); the
    standings."""
    src = tmp_path / "g.jsonl"
    gen.write_jsonl(src, hdr, hands)
    if end:
        with src.open("a") as f:
            f.write('{"end": true}\n')
    dev = tmp_path / "g.kitapi"
    back = tmp_path / "back.jsonl"
    for a, b in ((src, dev), (dev, back)):
        p = subprocess.run([*KITAPI, "convert", str(a), str(b)], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
    assert back.read_bytes() == src.read_bytes()
    outs = set()
    for path in (src, dev):
        for runtime in ("cpython", "micropython"):
            p = subprocess.run([*KITAPI, "replay", str(path), "--json", "--runtime", runtime],
                               capture_output=True, text=True)  # fmt: skip
            assert p.returncode == 0, p.stderr
            outs.add(p.stdout)
    assert len(outs) == 1
    result: dict[str, Any] = json.loads(outs.pop())
    return result
