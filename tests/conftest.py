"""Fixtures for every folder of tests/ (tests/README.md says where a test goes).

Plain helpers (paths, the ``kitapi`` command, vectors as logs, the firmware in the simulator, device logs)
are in tests/testkit.py, imported by name; fixtures that only one folder uses are in that folder's conftest.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kitapi_host.archive.store import Archive


@pytest.fixture
def archive(tmp_path: Path) -> Iterator[Archive]:
    """A new, empty archive in the test's temporary folder, closed after the test."""
    a = Archive(tmp_path / "archive.sqlite3")
    yield a
    a.close()
