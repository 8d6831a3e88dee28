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
    # where `kitapi games` looks for its archive without --db: the environment's (a read: it makes none, and says so)
    assert (forked.returncode, forked.stdout) == (real.returncode, real.stdout) == (2, "")
    assert real.stderr.startswith(f"{tmp_path / 'real' / 'kitapi' / 'archive.sqlite3'}: no archive here")
    assert forked.stderr == real.stderr.replace(str(tmp_path / "real"), str(tmp_path / "fork"))
    assert not (tmp_path / "real").exists() and not (tmp_path / "fork").exists()
    real, forked = both(["replay", "g.jsonl"], cwd=tmp_path, text=True)  # a path relative to cwd
    assert forked.returncode == 0 and (forked.stdout, forked.stderr) == (real.stdout, real.stderr)


def test_an_environment_python_reads_as_it_starts_is_a_server_started_with_it(tmp_path: Path) -> None:
    """PYTHONIOENCODING sets the streams' encoding when Python starts: such a run forks from a server started with
    it, and gives what a Python started with it gives (Greek and Russian names escaped on an ASCII stream)."""
    log = tmp_path / "g.jsonl"
    log.write_text(
        '{"kitapi": 1, "rules": "prefa", "players": ["Ζωή", "Анна", "Zoë"], "dealer": 0}\n'
        '{"dealer": 0, "pass": true}\n',
        encoding="utf-8",
    )
    outs = set()
    for enc in ("ascii", "cp1252", "utf-8"):
        real, forked = both(["replay", str(log)], env={**os.environ, "PYTHONIOENCODING": enc})
        assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
        assert forked.returncode == 0
        outs.add(forked.stdout)
    assert len(outs) == 3  # (each encoding its own bytes)
