"""Fixtures of the PC tools' tests (tests/conftest.py has those of every folder)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
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


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Callable[[int], Path]]:
    """``small_disk(kb)``: a real filesystem of ``kb`` KB (a tmpfs mounted in tmp_path), unmounted after
    the test; the test is skipped where none can be mounted (not root)."""
    mounted: list[Path] = []

    def make(kb: int) -> Path:
        where = tmp_path / f"disk{len(mounted)}"
        where.mkdir()
        if os.geteuid() != 0 or not _mount("-t", "tmpfs", "-o", f"size={kb}k", "tmpfs", str(where)):
            pytest.skip("a small filesystem cannot be mounted here (needs root)")
        mounted.append(where)
        return where

    yield make
    for where in reversed(mounted):
        subprocess.run(["umount", str(where)], check=True)


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Callable[[Path], None]]:
    """``read_only(folder)``: the folder and what is in it made read-only for real, as root too (which
    file modes do not stop: a read-only bind mount of the folder on itself), undone after the test."""
    undo: list[Callable[[], object]] = []

    def make(folder: Path) -> None:
        if os.geteuid() == 0:
            if not _mount("--bind", str(folder), str(folder)):
                pytest.skip("a read-only bind mount cannot be made here")
            undo.append(lambda: subprocess.run(["umount", str(folder)], check=True))
            if not _mount("-o", "remount,bind,ro", str(folder)):
                pytest.skip("a read-only bind mount cannot be made here")
        else:
            modes = {p: p.stat().st_mode for p in [folder, *folder.iterdir()]}
            for p in modes:
                p.chmod(0o555 if p.is_dir() else 0o444)
            undo.append(lambda: [p.chmod(m) for p, m in modes.items()])

    yield make
    for u in reversed(undo):
        u()
