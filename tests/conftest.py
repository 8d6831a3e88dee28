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


# The files whose tests take longest (a simulated box to wait on, MicroPython run many times), run first: with
# pytest-xdist's workers (make test) the short tests then fill the end, instead of one long test running alone.
_LONG_FIRST = (
    "pc/test_sync.py",
    "pc/test_deploy.py",
    "device/test_app.py",
    "pc/test_pack.py",
    "pc/test_pc_tools.py",
    "pc/test_pc_environment.py",
    "device/test_app_files.py",
    "pc/test_add_a_system.py",
    "pc/test_export.py",
    "pc/test_install.py",
    "core/test_end_record.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(_LONG_FIRST)}
    here = Path(__file__).parent

    def place(item: pytest.Item) -> int:
        try:
            return rank.get(item.path.relative_to(here).as_posix(), len(rank))
        except ValueError:
            return len(rank)

    items.sort(key=place)  # (stable: a file's tests keep their order, its module fixtures made once)


@pytest.fixture(autouse=True)
def _patient_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITAPI_LINE_S", TEST_LINE_S)


@pytest.fixture
def archive(tmp_path: Path) -> Iterator[Archive]:
    """A new, empty archive in the test's temporary folder, closed after the test."""
    a = Archive(tmp_path / "archive.sqlite3")
    yield a
    a.close()
