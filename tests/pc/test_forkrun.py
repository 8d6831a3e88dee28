"""tests/forkrun.py, which the tests run the kitapi command through, gives what ``python -m kitapi_host.cli`` gives:
the same exit status, stdout and stderr, in the folder and with the environment it is given."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import forkrun
from testkit import KITAPI, ROOT

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"


def both(
    args: list[str], **kw: object
) -> tuple[subprocess.CompletedProcess[bytes], subprocess.CompletedProcess[bytes]]:
    real = subprocess.run([*KITAPI, *args], capture_output=True, **kw)  # type: ignore[call-overload]
    forked = forkrun.run(args, **kw)  # type: ignore[arg-type]
    return real, forked


@pytest.mark.parametrize(
    "args",
    [
        ["replay", str(SAMPLE)],
        ["replay", str(SAMPLE), "--json"],
        ["replay", "/nonexistent/x.kitapi"],  # one line, exit 2
        ["replay"],  # argparse: usage, exit 2
        ["--version"],
        ["nosuchcommand"],
        ["show", "1", "--db", "/nonexistent/a.sqlite3"],
    ],
)
def test_a_forked_run_is_the_command_run(args: list[str]) -> None:
    real, forked = both(args)
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
    assert forked.args == real.args


def test_the_folder_the_environment_and_text_mode_are_the_runs(tmp_path: Path) -> None:
    (tmp_path / "g.jsonl").write_bytes(SAMPLE.read_bytes())
    real = subprocess.run([*KITAPI, "games"], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "real")})  # fmt: skip
    forked = forkrun.run(
        ["games"], text=True, cwd=tmp_path, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "fork")}
    )
    assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
    assert sorted(p.relative_to(tmp_path / "fork") for p in (tmp_path / "fork").rglob("*")) == sorted(
        p.relative_to(tmp_path / "real") for p in (tmp_path / "real").rglob("*")
    )  # where `kitapi games` keeps its archive without --db: the environment's
    real, forked = both(["replay", "g.jsonl"], cwd=tmp_path, text=True)  # a path relative to cwd
    assert forked.returncode == 0 and (forked.stdout, forked.stderr) == (real.stdout, real.stderr)


def test_an_environment_python_reads_as_it_starts_is_run_the_old_way() -> None:
    """PYTHONIOENCODING sets the streams' encoding when Python starts: such a run is a real start of Python."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    real, forked = both(["replay", str(SAMPLE)], env=env)
    assert forked.returncode == 0 and forked.stdout == real.stdout
    assert forked.stdout.isascii()
