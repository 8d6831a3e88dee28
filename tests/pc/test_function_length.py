"""Rooms a newcomer can hold in his head (issue 35, item 11): no function of ``firmware/`` or ``host_tools/`` is
longer than ``LIMIT`` lines, from its ``def`` to its last line (its docstring, comments and any function inside
it counted: what a reader has to hold), read by ``ast`` from every source file."""

from __future__ import annotations

import ast
from pathlib import Path

from testkit import ROOT

LIMIT = 80


def long_functions(root: Path, *trees: str) -> list[str]:
    """``FILE:LINE NAME: N lines`` for each function over LIMIT lines in the Python files under ``trees`` (folders
    of ``root``)."""
    out = []
    for tree in trees:
        for path in sorted((root / tree).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    assert node.end_lineno is not None
                    n = node.end_lineno - node.lineno + 1
                    if n > LIMIT:
                        out.append(f"{path.relative_to(root)}:{node.lineno} {node.name}: {n} lines")
    return out


def test_no_function_is_longer_than_80_lines() -> None:
    """The core's too (kitapi.devlog's record, kitapi.replay's replay, the Preferans and Prefa rules' check and
    _play were kept whole, each split measured to cost the box heap: now split, or shorter, at no heap cost)."""
    assert long_functions(ROOT, "firmware", "host_tools") == []


def test_the_measure_sees_a_long_function(tmp_path: Path) -> None:
    lines = [f"x{i} = {i}\n" for i in range(LIMIT - 1)]  # with its def line: LIMIT lines
    short = "def short():\n" + "".join("    " + x for x in lines)
    long = "    def long(self):\n" + "".join("        " + x for x in lines) + "        return x0\n"
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(f"{short}\n\nclass C:\n{long}")
    assert long_functions(tmp_path, "pkg") == [f"pkg/m.py:{LIMIT + 4} long: {LIMIT + 1} lines"]
