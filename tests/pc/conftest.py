"""Fixtures of the PC tools' tests (tests/conftest.py has those of every folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kitapi_host.sim.device import SimDevice


@pytest.fixture
def device(tmp_path: Path) -> Iterator[SimDevice]:
    """``kitapi simdevice``: the firmware in the unix port behind mpremote's transport, its flash in
    tmp_path/fs, not started (``device.start()`` gives its URL), stopped after the test."""
    dev = SimDevice(tmp_path / "fs", device_id="e661410300000001")
    yield dev
    dev.close()
