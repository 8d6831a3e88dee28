"""tests/mpfork.py: the device tests' firmware, forked by a server instead of launched by a Python of its own."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from kitapi_host.sim.firmware import parse_script, start
from mpfork import Forked
from testkit import SETUP, Device


def test_the_forked_firmware_is_the_launched_one_in_a_process_of_its_own(tmp_path: Path) -> None:
    """The same keys give the same frames, texts and panel as the firmware launched as `kitapi sim` launches it;
    the forked one is a session of its own, and its exit status is its own: 0 at the end, -9 when killed."""
    forked = Device(tmp_path / "forked")
    assert isinstance(forked.fw.proc, Forked)
    pid = forked.fw.proc.pid
    assert pid != os.getpid() and os.getsid(pid) == pid != os.getsid(0)
    output: list[str] = []
    args = argparse.Namespace(main=None, board="sim", data=tmp_path / "launched", heapsize="64K", romfs=True)
    launched = start(args, output.append, text=True)
    assert not isinstance(launched.proc, Forked) and launched.wait_ready(60)
    other = Device(tmp_path / "other")  # (a third beside them, killed below)
    for step in parse_script(SETUP + " 1 6 1 # # # #  A 8 *  L0 ~61s 3"):  # (a hand, the list, the display off)
        for fw in (forked.fw, launched):
            fw.send(step.line)
            assert fw.wait_ready(60)
        assert (forked.fw.frame, forked.fw.texts, forked.fw.panel) == (launched.frame, launched.texts, launched.panel)
        assert (forked.fw.on, forked.fw.contrast) == (launched.on, launched.contrast)
    assert forked.fw.frames == launched.frames
    other.fw.kill()
    assert other.fw.proc.returncode == -9
    launched.quit()
    assert launched.finish() == 0, output
    forked.close()  # (its exit status asserted 0)
    assert forked.fw.proc.returncode == 0
