"""Rooms keep their doors (issue 35, item 7): a name with an underscore first is its module's own.

No module of ``firmware/``, ``boards/`` or ``host_tools/`` imports another's private name (``from x import _y``),
reaches one through the module (``x._y``) or through an object another module made (``ui._trace``: a private
name this module neither defines nor assigns), nor imports a private module from outside its package
(``kitapi_host.families._common``); the code the PC sends to the box (``kitapi doctor``'s) is held to the same.
What others need is public, under a name that says what it is.  The tests may reach private names (a test
looks at the state it checks): tests/ is not scanned.
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
TREES = ("firmware", "boards", "host_tools")

# Private names of the standard library that are its public interface: argparse's type of ``add_subparsers()``
# (no public name for it, in annotations only), a named tuple's ``_replace`` (documented, underscored so as not
# to clash with a field).
STDLIB = {("argparse", "_SubParsersAction"), ("", "_replace")}

# Reached into, and kept, each with its reason: kitapi.app.storew is the store's own (kitapi.app.store's methods that no
# boot's first frame runs, in a module of their own so that the boot does not import them: README, "A fourth round";
# tests/device/test_app_doors.py counts it as the store), and reaches the store's file calls as a method would.
KEPT: set[tuple[str, str]] = {
    ("firmware/kitapi/app/storew.py", "_exists"),
    ("firmware/kitapi/app/storew.py", "_open"),
    ("firmware/kitapi/app/storew.py", "_write"),
}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _module(path: pathlib.Path, root: pathlib.Path) -> str:
    """The dotted name of the module at ``path`` (below firmware/, boards/ or host_tools/)."""
    parts = path.relative_to(root).with_suffix("").parts[1:]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _own(tree: ast.AST) -> set[str]:
    """Every name ``tree`` defines or assigns: its functions, classes, variables, arguments, its objects'
    attributes (set on ``self`` or ``cls``)."""
    own = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(n.name)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            own.add(n.id)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and ast.unparse(n.value) in ("self", "cls"):
            own.add(n.attr)
        elif isinstance(n, ast.arg):
            own.add(n.arg)
    return own


def _outside(mod: str, here: str) -> bool:
    """Whether module ``mod`` is private (a part of its name underscored) to a package ``here`` is not in."""
    parts = mod.split(".")
    for i, p in enumerate(parts):
        if _private(p):
            return not here.startswith(".".join(parts[:i]) + ".")
    return False


def _reaches(tree: ast.AST, here: str) -> list[tuple[int, str]]:
    """(line, what) of each private name of another module that ``tree`` (the module ``here``) reaches."""
    found = []
    modules: dict[str, str] = {}  # a name bound by an import: its module
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom):
            mod = n.module or ""
            if n.level:  # (relative: within its package)
                continue
            if _outside(mod, here):
                found.append((n.lineno, f"from {mod} import (a private module)"))
            for a in n.names:
                if _private(a.name):
                    found.append((n.lineno, f"from {mod} import {a.name}"))
                modules[a.asname or a.name] = f"{mod}.{a.name}"
        elif isinstance(n, ast.Import):
            for a in n.names:
                if _outside(a.name, here):
                    found.append((n.lineno, f"import {a.name} (a private module)"))
                modules[a.asname or a.name.split(".")[0]] = a.asname and a.name or a.name.split(".")[0]
    own = _own(tree)
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Attribute) and _private(n.attr)):
            continue
        v = n.value
        if isinstance(v, ast.Name) and v.id in ("self", "cls"):
            continue
        mod = modules.get(v.id, "") if isinstance(v, ast.Name) else ""
        if (mod, n.attr) in STDLIB or ("", n.attr) in STDLIB:
            continue
        if mod:  # a module's private name, through the module
            found.append((n.lineno, f"{ast.unparse(n)} (module {mod})"))
        elif n.attr not in own:  # a private name this module neither defines nor sets: another's
            found.append((n.lineno, ast.unparse(n)))
    return found


def _sent(tree: ast.AST) -> list[tuple[int, ast.Module]]:
    """The code a module sends to run elsewhere (on the box, through the raw REPL): its string constants of
    several lines that parse as Python with a function or an import."""
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.count("\n") > 2:
            try:
                code = ast.parse(n.value)
            except SyntaxError:
                continue
            if any(isinstance(x, ast.FunctionDef | ast.Import | ast.ImportFrom) for x in ast.walk(code)):
                out.append((n.lineno, code))
    return out


def reached(root: pathlib.Path = ROOT) -> list[str]:
    """Every private name of another module reached in ``root``'s trees: "path:line: what"."""
    out = []
    for top in TREES:
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            here = _module(path, root)
            hits = _reaches(tree, here)
            for at, code in _sent(tree):
                hits += [(at, f"{what} (in the code sent to the box)") for _, what in _reaches(code, "")]
            for line, what in hits:
                name = what.split(" ")[0].rpartition(".")[2].rstrip("()")
                if (rel, name) not in KEPT:
                    out.append(f"{rel}:{line}: {what}")
    return out


def test_no_module_reaches_a_private_name_of_another() -> None:
    assert reached() == []


def test_the_guard_finds_each_way_in(tmp_path: pathlib.Path) -> None:
    """Each way of reaching into another room is found: an import of a private name, a module's private name
    through the module, an object's private attribute set elsewhere, a private module from outside its
    package, and the same in code sent to the box; a module's own, its package's and the kept ones are not."""
    pkg = tmp_path / "host_tools" / "pkg"
    (pkg / "fam").mkdir(parents=True)
    (tmp_path / "firmware").mkdir()
    (tmp_path / "boards").mkdir()
    files = {
        "__init__.py": "",
        "a.py": "_X = 1\nclass UI:\n    def __init__(self):\n        self._trace = None\n",
        "b.py": "from pkg.a import _X\nimport pkg.a as a\nprint(a._X)\ndef f(ui):\n    ui._trace = 1\n",
        "c.py": "from pkg.fam._common import typed\n",
        "d.py": 'CODE = """import os\ndef _b():\n    return hw._vbus()\nprint(_b())\n"""\n',
        "e.py": "import argparse\ndef f(s: argparse._SubParsersAction, u):\n    return u._replace(a=1)\n",
        "fam/__init__.py": "",
        "fam/_common.py": "typed = 1\n",
        "fam/x.py": (
            "from pkg.fam._common import typed\n"
            "class Own:\n    def __init__(self):\n        self._n = 0\n    def f(self, o):\n        o._n = self._n\n"
        ),
    }
    for name, text in files.items():
        (pkg / name).write_text(text)
    got = reached(tmp_path)
    assert got == [
        "host_tools/pkg/b.py:1: from pkg.a import _X",
        "host_tools/pkg/b.py:3: a._X (module pkg.a)",
        "host_tools/pkg/b.py:5: ui._trace",
        "host_tools/pkg/c.py:1: from pkg.fam._common import (a private module)",
        "host_tools/pkg/d.py:1: hw._vbus (in the code sent to the box)",
    ]
