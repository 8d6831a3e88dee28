"""The sample outputs in docs/rules/*.md are what the code prints, so they cannot drift.

A doc opts in with two HTML comments (invisible when the Markdown is shown), each on
the line before a fenced block:

    <!-- kitapi-sample: log -->
    ```
    {"kitapi": 1, "rules": ...}     (the header, then the hands: a JSON Lines log)
    ...
    ```

    <!-- kitapi-sample: replay --json -->
    ```
    {"rules": ...}                  (exactly what `kitapi replay --json LOG` prints)
    ```

An output block is the replay of the nearest log block above it in the same file; the words
after ``kitapi-sample:`` are the ``kitapi`` command (``replay`` or ``replay --json``), the log's
path added at the end.  Every marker must be followed by a fenced block.  The docs in ``OWNED``
must hold at least one output block (their samples were wrong once: issue 12).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from testkit import ROOT

DOCS = ROOT / "docs" / "rules"
OWNED = ("preferans.md", "balkan.md")
_MARK = re.compile(r"^<!-- kitapi-sample: (.+?) -->$")


def samples(text: str) -> list[tuple[int, str, str, str]]:
    """``(line, command, log, block)`` for each output block of a doc (lines 1-based, of the marker)."""
    lines = text.split("\n")
    out = []
    log = None
    i = 0
    while i < len(lines):
        m = _MARK.match(lines[i])
        if not m:
            i += 1
            continue
        at = i + 1
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            raise AssertionError(f"line {at}: a kitapi-sample marker must be followed by a fenced block")
        end = i + 2
        while end < len(lines) and lines[end] != "```":
            end += 1
        if end == len(lines):
            raise AssertionError(f"line {at}: the fenced block is not closed")
        block = "\n".join(lines[i + 2 : end]) + "\n"
        command = m.group(1)
        if command == "log":
            log = block
        else:
            if log is None:
                raise AssertionError(f"line {at}: an output block with no log block above it")
            if command.split()[0] != "replay":
                raise AssertionError(f"line {at}: only 'replay' outputs are checked, not {command!r}")
            out.append((at, command, log, block))
        i = end + 1
    return out


def _docs() -> list[tuple[str, int, str, str, str]]:
    out = []
    for path in sorted(DOCS.glob("*.md")):
        for at, command, log, block in samples(path.read_text(encoding="utf-8")):
            out.append((path.name, at, command, log, block))
    return out


def test_the_owned_docs_have_checked_samples() -> None:
    names = {name for name, *_ in _docs()}
    for name in OWNED:
        assert name in names, f"docs/rules/{name} has no kitapi-sample output block"


@pytest.mark.parametrize(
    ("doc", "at", "command", "log", "block"), [pytest.param(*s, id=f"{s[0]}:{s[1]}") for s in _docs()]
)
def test_a_doc_sample_is_what_the_code_prints(
    tmp_path: Path, doc: str, at: int, command: str, log: str, block: str
) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_text(log, encoding="utf-8")
    p = subprocess.run(
        [sys.executable, "-m", "kitapi_host.cli", *command.split(), str(path)], capture_output=True, text=True
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout == block, f"docs/rules/{doc}:{at}: the sample output is not what `kitapi {command}` prints"


def test_the_marker_reader_pairs_each_output_with_the_log_above() -> None:
    doc = (
        "<!-- kitapi-sample: log -->\n```\nA\n```\ntext\n<!-- kitapi-sample: replay --json -->\n```\nB\n```\n"
        "<!-- kitapi-sample: log -->\n```jsonl\nC\nD\n```\n<!-- kitapi-sample: replay -->\n```\nE\n```\n"
    )
    assert samples(doc) == [(6, "replay --json", "A\n", "B\n"), (15, "replay", "C\nD\n", "E\n")]
    with pytest.raises(AssertionError, match="no log block"):
        samples("<!-- kitapi-sample: replay -->\n```\nE\n```\n")
    with pytest.raises(AssertionError, match="followed by a fenced block"):
        samples("<!-- kitapi-sample: log -->\ntext\n")
