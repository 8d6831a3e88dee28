"""Fixtures for every folder of tests/ (tests/README.md says where a test goes).

Plain helpers (paths, the ``kitapi`` command, vectors as logs, the firmware in the simulator, device logs)
are in tests/testkit.py, imported by name; fixtures that only one folder uses are in that folder's conftest.py."""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from kitapi_host.archive.db import Archive
from testkit import ROOT

# How long the PC waits for each line of a simulated box's answer (kitapi_host.device.box.line_wait): the
# box's own 10 s is for a Pico, whose speed does not depend on the PC; a simulated one on a busy 2-core machine
# may pause longer.  A test that times the PC's patience sets its own (tests/pc/test_sync.py).
TEST_LINE_S = "60"


# The files whose tests take longest (a simulated box to wait on, MicroPython run many times), run first: with
# pytest-xdist's workers (make test) the short tests then fill the end, instead of one long test running alone.
_LONG_FIRST = (
    "pc/test_sync.py",
    "pc/test_league.py",
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
    # (and those of the web page, the browser, the image and the other families' boxes, by their CPU in a run)
    "pc/test_export_browser.py",
    "device/test_app_pot.py",
    "device/test_app_screens.py",
    "pc/test_web_browser.py",
    "pc/test_doctor.py",
    "pc/test_image.py",
    "pc/test_web.py",
    "device/test_app_fixes.py",
    "device/test_app_legend.py",
    "device/test_app_priffe.py",
    "device/test_app_evening.py",
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


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for the archive's tests: ``$KITAPI_TEST_PG`` (the cluster make's pytest
    and fuzz targets start with tools/pg-test.sh), else a cluster of this process's own, stopped at the end.
    No PostgreSQL at all fails the tests that need it: the archive is tested on both backends, always."""
    url = os.environ.get("KITAPI_TEST_PG")
    if url:
        yield url
        return
    p = subprocess.run([str(ROOT / "tools" / "pg-test.sh"), "start"], capture_output=True, text=True)
    if p.returncode != 0:
        pytest.fail(f"no PostgreSQL server for the archive's tests (tools/pg-test.sh start): {p.stderr.strip()}")
    folder = p.stdout.strip()
    try:
        yield (Path(folder) / "url").read_text().strip()
    finally:
        subprocess.run([str(ROOT / "tools" / "pg-test.sh"), "stop", folder], capture_output=True)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on the tests' server (its URL), dropped after the test."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    yield pg_server.rpartition("/")[0] + "/" + name
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty archive for ``--db``, on each backend in turn: an SQLite file's path in the test's
    temporary folder, then a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "archive.sqlite3")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def archive(db: str) -> Iterator[Archive]:
    """A new, empty archive (on SQLite, then on PostgreSQL: ``db``), closed after the test."""
    a = Archive(db if db.startswith("postgresql://") else Path(db))
    yield a
    a.close()
