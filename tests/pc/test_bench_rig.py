"""``kitapi bench --part rig``: the evening's hours from the rig's awake fractions (hardware/power.md's budget), and
a clear message without a rig."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from kitapi_host.bench.rig import evening, families, run


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


def test_key_to_pixels_is_reported_per_family_and_over_all() -> None:
    """The summary of ``tools/rig/latency.py --system all`` (its per-key lines above it are not read)."""
    out = (
        "== prefa\nkey  press>event ...\n2 0.0  2.9  -  -  1.4  2.3  20.9  17.3  766  9.8  27.4  (gc 14.7)  end 27.4\n"
        "n 14  press to hw.show's end: median 22.2  worst 48.1\n"
        "== every family: press to hw.show's end (ms, device clock)\n"
        "prefa: n 14  median 22.2  worst 48.1\nsochi: n 8  median 34.0  worst 103.1\n"
        "all: n 75  median 25.7  worst 103.1\n"
    )
    assert families(out) == [
        "key press to the last pixel, prefa (14 keys): median 22.2 ms, worst 48.1 ms",
        "key press to the last pixel, sochi (8 keys): median 34.0 ms, worst 103.1 ms",
        "key press to the last pixel, all (75 keys): median 25.7 ms, worst 103.1 ms",
    ]
    assert families(out.partition("== every family")[0]) == []  # one system's run: no summary
