"""``kitapi bench --part rig``: the evening's hours from the rig's awake fractions (hardware/power.md's budget), and
a clear message without a rig."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from kitapi_host.bench.rig import evening, run


def test_the_evening_is_power_md_s_budget_at_its_profile() -> None:
    """The fractions measured for issue 37 (0 % waiting, 53.8 ms a key) give power.md's 14.7 mW and 435 h; the
    CPU awake while it waits, or more CPU a key, gives fewer hours."""
    e = evening(0.0, 0.0, 53.8)
    assert e["mw"] == pytest.approx(14.65, abs=0.05)
    assert 430 <= e["nimh_h"] <= 440 and 565 <= e["alkaline_h"] <= 578
    assert evening(0.0, 0.0, 0.0)["nimh_h"] > e["nimh_h"] > evening(0.0, 0.0, 100.0)["nimh_h"]
    assert evening(0.0485, 0.0193, 53.8)["nimh_h"] < 400  # awake 4.85 % and 1.93 % while waiting: short of 400 h


def test_without_the_rig_tools_or_a_rig_it_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path) == 1
    assert "needs the repository's tools/rig/" in capsys.readouterr().err
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("RIG_PORT", str(port))
    monkeypatch.setenv("RIG_CTL_PORT", str(port))
    assert run() == 1
    assert "is the rig running, the firmware deployed?" in capsys.readouterr().err
