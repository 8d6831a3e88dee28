"""One way to let a module go (issue 35, item 8): ``kitapi.forget``, in the package every boot has.

A module the box lets go (a screen's, a string table, the registry, a rules module asked and done with) is taken
out of ``sys.modules`` and out of its package by ``kitapi.forget`` alone; no module of firmware/ or boards/ writes
the idiom again (tests/mp/test_forget_mp.py checks under MicroPython that the heap comes back).  The pack's loader
(firmware/kitapi_pack.py) is the one exception: it runs before the package is mounted, and lets go its index, a
module of no package.
"""

from __future__ import annotations

import ast
import pathlib
import sys
import types

import pytest

import kitapi

ROOT = pathlib.Path(__file__).resolve().parents[2]
KEPT = {("firmware/kitapi_pack.py", "sys.modules.pop(_INDEX, None)")}


def _deletions(root: pathlib.Path) -> list[tuple[str, str]]:
    """(file, code) of each place below ``root``'s firmware/ and boards/ that takes a module out of
    ``sys.modules`` (``del sys.modules[...]``, ``sys.modules.pop(...)``) or a submodule out of its package
    (``delattr(...)``, ``del pkg.mod``, ``globals().pop``) outside ``kitapi.forget``."""
    out: list[tuple[str, int, str]] = []
    for top in ("firmware", "boards"):
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip: set[int] = set()
            for n in ast.walk(tree):
                if rel == "firmware/kitapi/__init__.py" and isinstance(n, ast.FunctionDef) and n.name == "forget":
                    skip |= {x.lineno for x in ast.walk(n) if hasattr(x, "lineno")}
            for n in ast.walk(tree):
                code = ""
                if isinstance(n, ast.Delete):
                    code = ast.unparse(n)
                    if "sys.modules" not in code and not all(isinstance(t, ast.Attribute) for t in n.targets):
                        code = ""
                elif isinstance(n, ast.Call):
                    text = ast.unparse(n.func)
                    if text in ("sys.modules.pop", "delattr", "globals().pop"):
                        code = ast.unparse(n)
                if code and n.lineno not in skip and (rel, code) not in KEPT:
                    out.append((rel, n.lineno, code))
    return [(rel, code) for rel, _, code in sorted(out)]


def test_only_kitapi_forget_lets_a_module_go() -> None:
    assert _deletions(ROOT) == []


def test_the_guard_finds_each_copy_of_the_idiom(tmp_path: pathlib.Path) -> None:
    (tmp_path / "firmware").mkdir()
    (tmp_path / "boards").mkdir()
    (tmp_path / "firmware" / "a.py").write_text(
        "import sys\nimport kitapi\n"
        "def f():\n    sys.modules.pop('kitapi.x', None)\n    delattr(kitapi, 'x')\n"
        "def g():\n    del sys.modules['kitapi.y']\n    del kitapi.y\n    globals().pop('z', None)\n"
        "def h(d):\n    del d[0]\n"
    )
    assert _deletions(tmp_path) == [
        ("firmware/a.py", "sys.modules.pop('kitapi.x', None)"),
        ("firmware/a.py", "delattr(kitapi, 'x')"),
        ("firmware/a.py", "del sys.modules['kitapi.y']"),
        ("firmware/a.py", "del kitapi.y"),
        ("firmware/a.py", "globals().pop('z', None)"),
    ]


def test_forget_takes_a_module_out_of_sys_modules_and_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """On CPython too (the app's modules run there in some tests): a loaded module goes, True; one not loaded,
    False; a module of no package goes from sys.modules alone."""
    pkg = types.ModuleType("kitapi_test_pkg")
    leaf = types.ModuleType("kitapi_test_pkg.leaf")
    pkg.leaf = leaf  # type: ignore[attr-defined]
    top = types.ModuleType("kitapi_test_top")
    for m in (pkg, leaf, top):
        monkeypatch.setitem(sys.modules, m.__name__, m)
    assert kitapi.forget("kitapi_test_pkg.leaf") is True
    assert "kitapi_test_pkg.leaf" not in sys.modules and not hasattr(pkg, "leaf")
    assert kitapi.forget("kitapi_test_pkg.leaf") is False
    assert kitapi.forget("kitapi_test_top") is True and "kitapi_test_top" not in sys.modules
    assert sys.modules["kitapi_test_pkg"] is pkg  # (its package stays)
