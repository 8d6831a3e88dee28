"""Rooms a newcomer can hold in his head (issue 35, item 11): no function of ``firmware/`` or ``host_tools/`` is
longer than ``LIMIT`` lines, from its ``def`` to its last line (its docstring, comments and any function inside
it counted: what a reader has to hold), read by ``ast`` from every source file."""

from __future__ import annotations

import ast
from pathlib import Path

from testkit import ROOT

LIMIT = 80

# The core's functions kept whole, at most this long: every split of them was measured to cost the box heap for
# the whole game (kitapi.devlog, kitapi.replay and the rules stay loaded while a game is played; a function more
# is an object and a slot more in its class's or module's table): at 64 KB, after 4 typed hands
# (tests/device/test_app_heap_lang.py) 160 bytes (record's damage paths apart), 128 (replay's first pass
# apart), 64 to 224 (Preferans' words and undertricks apart: Sochi 64, Balkan in Greek 224 of its 3,232 left at
# the legend) and 160 (Prefa's failed defence apart).
KEPT = {
    "firmware/kitapi/devlog.py record": 116,
    "firmware/kitapi/replay.py replay": 114,
    "firmware/kitapi/rules/prefa.py _play": 82,
    "firmware/kitapi/rules/preferans.py check": 94,
    "firmware/kitapi/rules/preferans.py _play": 85,
}


def long_functions(root: Path, *trees: str, kept: dict[str, int] | None = None) -> list[str]:
    """``FILE:LINE NAME: N lines`` for each function over LIMIT lines in the Python files under ``trees`` (folders
    of ``root``), but those ``kept`` (``FILE NAME``) at no more than their lines there."""
    out = []
    for tree in trees:
        for path in sorted((root / tree).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    assert node.end_lineno is not None
                    n = node.end_lineno - node.lineno + 1
                    if n > LIMIT and n > (kept or {}).get(f"{path.relative_to(root)} {node.name}", 0):
                        out.append(f"{path.relative_to(root)}:{node.lineno} {node.name}: {n} lines")
    return out


def test_no_function_is_longer_than_80_lines() -> None:
    assert long_functions(ROOT, "firmware", "host_tools", kept=KEPT) == []


def test_each_function_kept_whole_is_still_long() -> None:
    """A kept function split since (or shortened) leaves the list: the list says only what is true."""
    long = {x.split(":")[0] + " " + x.split(" ")[1].rstrip(":") for x in long_functions(ROOT, "firmware")}
    assert long == set(KEPT)


def test_the_measure_sees_a_long_function(tmp_path: Path) -> None:
    lines = [f"x{i} = {i}\n" for i in range(LIMIT - 1)]  # with its def line: LIMIT lines
    short = "def short():\n" + "".join("    " + x for x in lines)
    long = "    def long(self):\n" + "".join("        " + x for x in lines) + "        return x0\n"
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(f"{short}\n\nclass C:\n{long}")
    assert long_functions(tmp_path, "pkg") == [f"pkg/m.py:{LIMIT + 4} long: {LIMIT + 1} lines"]
