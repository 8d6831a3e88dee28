"""Issue 37, item 2: the rows a Pico keeps from frame to frame (kitapi.app.rows: each row's last text with other
characters than ASCII, copied back where it is drawn again) change no pixel.

A box booted from the pack (a Pico: kitapi_pack.boot) installs the rows at its first key (its heap has the
room); here the simulator's board does the same (boards/sim.py with that step added, a board file of the test's
own: the simulator boots without the pack), and the same typed games are
played on it and on the plain simulator: every frame byte for byte the same, in each language (a Greek or
Russian box's every text is kept).  The rows' own cases (a text grown, moved, drawn over, its row drawn on
first) are tests/mp/test_ui_rows_mp.py's."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from kitapi_host.sim import typist
from kitapi_host.sim.firmware import BOARDS, Firmware, parse_script, start

# boards/sim.py, its hw's first key installing the rows as kitapi_pack.boot's does
INSTALL = """

_plain_make = make


def make():
    hw = _plain_make()
    plain_key = hw.key

    def key(timeout_ms):
        __import__("kitapi.app.rows", None, None, "x").install(hw.fb)
        return plain_key(timeout_ms)

    hw.key = key
    return hw
"""


def frames(tmp_path: Path, name: str, code: str, board: str, script: list[str]) -> list[bytes]:
    data = tmp_path / name
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    out: list[str] = []
    args = argparse.Namespace(main=None, board=board, data=data, heapsize="256K", romfs=True)
    fw: Firmware = start(args, out.append, False)
    shown = []
    try:
        assert fw.wait_ready(60)
        for keys in script:
            for step in parse_script(keys):
                fw.send(step.line)
                assert fw.wait_ready(60), out
                shown.append(fw.frame)
        fw.quit()
        assert fw.finish() == 0, out
    finally:
        fw.kill()
    assert not (data / "crash.log").exists()
    return shown


@pytest.mark.parametrize("code", ["en", "el", "ru"])
@pytest.mark.parametrize("rules", ["prefa", "sochi", "priffe", "preference_at"])
def test_a_typed_game_draws_the_same_frames_with_its_rows_kept(tmp_path: Path, rules: str, code: str) -> None:
    board = tmp_path / "rows_board.py"
    board.write_text((BOARDS / "sim.py").read_text() + INSTALL)
    setup, hands = typist.script(rules, 1, 3)
    script = [setup, *hands]
    kept = frames(tmp_path, "kept", code, str(board), script)
    drawn = frames(tmp_path, "drawn", code, "sim", script)
    assert len(kept) == len(drawn) > 20
    for i, (a, b) in enumerate(zip(kept, drawn, strict=True)):
        assert a == b, f"frame {i} differs"
