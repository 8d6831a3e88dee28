"""Fixtures for every folder of tests/ (tests/README.md says where a test goes).

Plain helpers (paths, the ``kitapi`` command, vectors as logs, the firmware in the simulator, device logs)
are in tests/testkit.py, imported by name; fixtures that only one folder uses are in that folder's conftest.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kitapi_host.archive.db import Archive

# How long the PC waits for each line of a simulated box's answer (kitapi_host.device.box.line_wait): the
# box's own 10 s is for a Pico, whose speed does not depend on the PC; a simulated one on a busy 2-core machine
# may pause longer.  A test that times the PC's patience sets its own (tests/pc/test_sync.py).
TEST_LINE_S = "60"


@pytest.fixture(autouse=True)
def _patient_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITAPI_LINE_S", TEST_LINE_S)


@pytest.fixture
def archive(tmp_path: Path) -> Iterator[Archive]:
    """A new, empty archive in the test's temporary folder, closed after the test."""
    a = Archive(tmp_path / "archive.sqlite3")
    yield a
    a.close()
