"""kitapi.registry, the one list of game systems, against the modules present (issue 14)."""

from __future__ import annotations

import ast
import pathlib
import re

from kitapi import registry, rules

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "kitapi"


def test_every_row_loads_its_systems_game() -> None:
    for rid, _family, core, _label in registry.rows():
        assert (FIRMWARE / "rules" / f"{core}.py").is_file(), rid
        cls = rules.load(rid)
        assert cls is not None, rid
        assert cls.__module__ == f"kitapi.rules.{core}", rid


def test_every_rules_module_is_in_a_row() -> None:
    """A rules module that scores a game (it has CLASS or CLASSES) has a row: none is left out of the list."""
    cores = {r[2] for r in registry.rows()}
    for path in sorted((FIRMWARE / "rules").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "\nCLASS = " in text or "\nCLASSES = " in text:
            assert path.stem in cores, path.name


def test_ids_are_unique_and_unknown_ids_load_nothing() -> None:
    ids = [r[0] for r in registry.rows()]
    assert len(set(ids)) == len(ids) >= 10  # (a system added to the registry adds its row: no count to change)
    n = len(ids)
    assert [registry.row(i) for i in range(n)] == list(registry.rows()) and registry.row(n) is None
    assert registry.row("whist") is None and rules.load("whist") is None
    assert registry.row("prefa") == ("prefa", "prefa", "prefa", "Greek Prefa")


# --- the box: every family a plug-in under kitapi/app/systems/ (docs/architecture.md, "Adding a game system") ---

SYSTEMS = FIRMWARE / "app" / "systems"
# what every family's package has (kitapi.app.systems' docstring), and its new-game steps
FAMILY_HAS = ("MODULES", "setup", "draw_home", "key_home", "describe", "edit", "transfers")
STEPS_HAVE = ("SEATS", "size_name", "draw_options", "key_options", "options")


def _families() -> list[str]:
    return sorted({r[1] for r in registry.rows()})


def test_every_family_has_its_package_with_the_documented_attributes() -> None:
    import importlib
    import types

    for family in _families():
        assert (SYSTEMS / family / "__init__.py").is_file(), family
        m = importlib.import_module(f"kitapi.app.systems.{family}")
        assert [a for a in FAMILY_HAS if not hasattr(m, a)] == [], family
        # its modules, as App lets them go: its own, its wizard, its texts (if any), its rules
        own = {f"app.systems.{family}.{p.stem}" for p in (SYSTEMS / family).glob("*.py") if p.stem != "__init__"}
        own.discard(f"app.systems.{family}.options")  # the new-game steps alone: let go once the game starts
        own.discard(f"app.systems.{family}.legend")  # the hands list's legend: let go once read (kitapi.app.legend)
        assert callable(importlib.import_module(f"kitapi.app.systems.{family}.legend").legend), family
        assert f"app.systems.{family}" in m.MODULES and own <= set(m.MODULES), (family, own - set(m.MODULES))
        assert f"app.systems.{family}.wiz" in m.MODULES, family
        for name in m.MODULES:
            importlib.import_module("kitapi." + name)
        cores = {r[2] for r in registry.rows() if r[1] == family}
        rules_modules = {f"rules.{c}" for c in cores} | {
            f"rules.{c}_json" for c in cores if (FIRMWARE / "rules" / f"{c}_json.py").is_file()
        }
        assert rules_modules <= set(m.MODULES), (family, rules_modules - set(m.MODULES))
        # and every rules or family module its cores and its package import, however deep (so that App
        # lets go of none that a game of it uses: the next import would load a second copy)
        uses = _closure([f"kitapi.rules.{c}" for c in cores] + [f"kitapi.app.systems.{family}"])
        uses = {u[len("kitapi.") :] for u in uses if u.startswith(("kitapi.rules.", "kitapi.app.systems."))}
        uses = {u for u in uses if not u.endswith(".options")}  # (the new-game steps: let go when it starts)
        assert uses <= set(m.MODULES), (family, uses - set(m.MODULES))
        # the new-game wizard's steps, after setup: the package's own, or a module of them alone
        for rid in [r[0] for r in registry.rows() if r[1] == family]:
            ng = types.SimpleNamespace(rules=rid, sys=m, pouch=0, options=[0] * 6, amount=0, stake="")
            m.setup(ng)
            assert ng.pouch > 0, rid
            assert [a for a in STEPS_HAVE if not hasattr(ng.sys, a)] == [], rid
            assert ng.sys is m or ng.sys.__name__ == f"kitapi.app.systems.{family}.options", rid


def test_every_module_in_systems_belongs_to_a_family_of_the_registry() -> None:
    families = set(_families())
    for path in sorted(SYSTEMS.rglob("*.py")):
        parts = path.relative_to(SYSTEMS).parts
        if parts == ("__init__.py",):
            continue
        assert len(parts) == 2 and parts[0] in families, path


def test_the_rules_menu_lists_the_registry() -> None:
    from kitapi_host.names import table as registry_names
    from lang_table import table

    names = registry_names()
    for code in ("en", "el", "ru"):
        assert len(table(code).SYSTEMS) == len(registry.rows()), code
        assert tuple(table(code).SYSTEMS) == tuple(names[r[0]][code][0] for r in registry.rows())
    assert tuple(table("en").SYSTEMS) == tuple(r[3] for r in registry.rows())


LANGUAGES = ("en", "el", "ru")  # kitapi.app.ui.LANGUAGES
# The words that a system's name happens to be too: the pouch's (Prefa's kasa, the kasa game's short name), and the
# kasa family's table of statistics (kitapi_host.families.kasa, a family's word: its one system's title)
_WORDS_TOO = {"Kasa", "Κάσα", "Greek Prefa with a common kasa"}


def test_a_systems_names_are_its_registry_rows_and_nowhere_else() -> None:
    """Issue 35, item 1: every row names its system in each of the box's languages (a label for the Rules step, in
    14 columns; a short name for the Games list, in 7; a title for the PC's pages), and no other source of
    firmware/ or host_tools/ writes one: the box's tables are written from the rows when the firmware is built
    (kitapi_host.names), and their sources hold only the marks where the names go."""
    import ast

    from kitapi_host.names import built
    from kitapi_host.names import table as registry_names

    table = registry_names()
    assert list(table) == [r[0] for r in registry.rows()]
    names = set()
    for r in registry.rows():
        assert tuple(table[r[0]]) == LANGUAGES and table[r[0]]["en"][0] == r[3], (r, table[r[0]])
        for code in LANGUAGES:
            got = table[r[0]][code]
            assert len(got) == 3 and all(x and x == x.strip() for x in got), (r[0], code, got)
            label, short, title = got
            assert len(label) <= 14 and len(short) <= 7, (r[0], code, got)
            names.update(got)
    found = []
    for path in sorted([*FIRMWARE.rglob("*.py"), *HOST_TOOLS.rglob("*.py")]):
        if path == FIRMWARE / "registry.py":
            continue
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value not in _WORDS_TOO:
                if n.value in names or ("|" in n.value and names & set(n.value.split("|"))):
                    found.append(f"{path.name}:{n.lineno} {n.value!r}")
    assert found == []
    for code in LANGUAGES:  # the marks, and the box's tables written over them
        assert "\n    (),  # SYSTEMS\n" in (FIRMWARE / "app" / f"lang_{code}.py").read_text(encoding="utf-8")
        words = built("kitapi/app/games.py")["WORDS"][LANGUAGES.index(code)][2]
        assert words.split("|") == [table[r[0]][code][1] for r in registry.rows()]


HOST_TOOLS = pathlib.Path(__file__).resolve().parents[2] / "host_tools" / "kitapi_host"


def _imports(root: pathlib.Path = FIRMWARE, package: str = "kitapi", by_name: bool = False) -> dict[str, set[str]]:
    """Each module's imports of other modules of its tree (``root``, the package ``package``: the firmware's
    kitapi, or host_tools' kitapi_host; "": the folder's own, as firmware/'s main and kitapi_pack), anywhere in
    it (in a function too), as parsed: ``from a.b import c`` is a.b.c when that is a module, else a.b; a
    relative import as the absolute one, and ``__import__("a.b", ...)`` of a whole name (the core's way to import
    without interning the module's name) as ``import a.b``; with ``by_name``, a module imported by its name too
    (``_dynamic``)."""
    import ast

    names = {}
    for p in root.rglob("*.py"):
        parts = ((package,) if package else ()) + p.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    edges: dict[str, set[str]] = {m: set() for m in names}
    for m, p in names.items():
        here = m.split(".") if p.name == "__init__.py" else m.split(".")[:-1]
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                edges[m] |= {a.name for a in node.names if a.name in names}
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and first.value in names and first.value != m:
                    edges[m].add(first.value)
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    module = ".".join(here[: len(here) - node.level + 1] + ([module] if module else []))
                for a in node.names:
                    full = f"{module}.{a.name}"
                    target = full if full in names else module
                    if target in names and target != m:
                        edges[m].add(target)
        if by_name:
            edges[m] |= _dynamic(tree, set(names)) - {m}
    return edges


def _dynamic(tree: ast.Module, names: set[str]) -> set[str]:
    """The modules of ``names`` a module imports by name (``importlib.import_module(x)``, ``__import__(x)``): ``x``
    a string, a string built of known parts and unknown ones (an f-string, ``"a.b." + c``: every module of that
    shape, an unknown part one name), or a variable (every module the module's strings name: a table of
    commands)."""
    found: set[str] = set()
    table = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value in names}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name not in ("import_module", "__import__"):
            continue
        x = node.args[0]
        if isinstance(x, ast.Name):
            found |= table
            continue
        parts = x.values if isinstance(x, ast.JoinedStr) else [x.left, x.right] if isinstance(x, ast.BinOp) else [x]
        shape = "".join(
            re.escape(v.value) if isinstance(v, ast.Constant) and isinstance(v.value, str) else "[^.]+" for v in parts
        )
        found |= {n for n in names if re.fullmatch(shape, n)}
    return found


def _loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import loops of ``edges``: one path around each loop a depth-first walk finds (none: no loop)."""
    loops = []
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(u: str) -> None:
        state[u] = 1
        path.append(u)
        for v in sorted(edges[u]):
            if state.get(v) == 1:
                loops.append(path[path.index(v) :] + [v])
            elif v not in state:
                visit(v)
        path.pop()
        state[u] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    return loops


def _closure(start: list[str]) -> set[str]:
    """The modules ``start`` imports, however deep, and their packages below kitapi.app.systems; followed
    through rules modules and family modules only (the shared core and app stay loaded)."""
    edges = _imports()
    seen: set[str] = set()
    todo = list(start)
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        if not m.startswith(("kitapi.rules.", "kitapi.app.systems.")):
            continue
        todo += edges[m]
        parent = m.rpartition(".")[0]
        if parent.startswith("kitapi.app.systems."):
            todo.append(parent)
    return seen


# Imports that close a loop, kept for the heap, each with its reason at the import (the import-loop guard below
# fails on any other loop, and on one of these that is gone: then it goes from the list):
# - a rules module imports its JSON form (kitapi.rules.X_json, which takes the rules' constants from it) inside
#   parse_hand and hand_json: the device keeps its hands packed and never loads the JSON form;
# - kitapi.game.new_game imports kitapi.rules (whose systems subclass kitapi.game.Game) when it makes a game:
#   only the chosen system's module is loaded, and a module that reads logs without making a game loads none.
_KEPT_FOR_THE_HEAP = {
    ("kitapi.game", "kitapi.rules"),
    ("kitapi.rules.prefa", "kitapi.rules.prefa_json"),
    ("kitapi.rules.preferans", "kitapi.rules.preferans_json"),
    ("kitapi.rules.preference_at", "kitapi.rules.preference_at_json"),
    ("kitapi.rules.preference_us", "kitapi.rules.preference_us_json"),
    ("kitapi.rules.priffe", "kitapi.rules.priffe_json"),
}


def test_no_import_loops_in_the_firmware_but_the_ones_kept_for_the_heap() -> None:
    """All of firmware/kitapi (the core, the rules, the app, the drivers): no module imports one that imports it
    back, however deep, in a function too, but for the loops kept for the heap; each of those still there, and
    still closing a loop (main.py and kitapi_pack.py too)."""
    edges = _imports(FIRMWARE.parent, "")
    assert {"main", "kitapi_pack", "kitapi.app.store"} <= set(edges)
    for a, b in _KEPT_FOR_THE_HEAP:
        assert b in edges[a], (a, b)
        edges[a] = edges[a] - {b}
    assert len(edges) > 90  # (the parse found them)
    assert _loops(edges) == []
    for a, b in _KEPT_FOR_THE_HEAP:  # (one that closes no loop any more is not kept for the heap: off the list)
        edges[a] = edges[a] | {b}
        assert _loops(edges), (a, b)
        edges[a] = edges[a] - {b}


def test_no_import_loop_in_the_app_not_even_for_the_heap() -> None:
    """kitapi.app (the shell, the shared screens, the families' packages): no loop at all, imports in functions
    counted, none kept for the heap.  A screen goes back by the app's stack (App.back), never by importing the
    screen it came from: a closed game's hand viewed (kitapi.app.readonly) lets the hands list and the Games
    screens go while the hand is shown (a 7-hand Sochi game's hand did not fit beside them at 64 KB) and leaves
    on the stack what views them again (kitapi.app.games.view's arguments), not the screens."""
    edges = _imports()
    app = {m: {d for d in e if d.startswith("kitapi.app")} for m, e in edges.items() if m.startswith("kitapi.app")}
    assert {"kitapi.app.readonly", "kitapi.app.games", "kitapi.app.history", "kitapi.app.home"} <= set(app)
    assert "kitapi.app.readonly" in app["kitapi.app.history"]  # (the hands list shows a hand: in a function)
    assert _loops(app) == []
    assert not {"kitapi.app.games", "kitapi.app.history", "kitapi.app.home"} & app["kitapi.app.readonly"]


def test_no_import_loops_in_host_tools() -> None:
    """kitapi_host (host_tools/): no loop at all, the heap is no reason on the PC (the sheets' registry lookup
    lives in kitapi_host.sheets.read, above the family sheets, which import kitapi_host.sheets.game; the
    typist's family lookup in kitapi_host.families, above the families' shared kitapi_host.families.scripted;
    the link's rescue modules in kitapi_host.device.pack); a module imported by its name (``importlib``) counts."""
    edges = _imports(HOST_TOOLS, "kitapi_host", by_name=True)
    assert len(edges) > 40 and "kitapi_host.sheets.read" in edges["kitapi_host.sheets"]
    assert {"kitapi_host.sheets.cli", "kitapi_host.web.cli"} <= edges["kitapi_host.cli"]  # (its COMMANDS, by name)
    assert "kitapi_host.families.prefa.sheet" in edges["kitapi_host.sheets.read"]  # (f"...families.{family}.sheet")
    assert _loops(edges) == []


def test_no_library_module_imports_the_command() -> None:
    """The ``kitapi`` command (kitapi_host.cli) loads the library, never the other way: only ``python -m
    kitapi_host`` (its __main__) imports it, by name or not (text cleaning is kitapi_host.text's)."""
    edges = _imports(HOST_TOOLS, "kitapi_host", by_name=True)
    assert [m for m, e in edges.items() if "kitapi_host.cli" in e] == ["kitapi_host.__main__"]


def test_the_import_guard_follows_importlib(tmp_path: pathlib.Path) -> None:
    """A loop closed by a module imported by its name (a table of names, an f-string, a name built with +) is a
    loop to the guard (``kitapi`` loaded ``sheets.cli`` through importlib, which imported it back unseen)."""
    pkg = tmp_path / "pkg"
    (pkg / "fam" / "x").mkdir(parents=True)
    for f in ("__init__.py", "fam/__init__.py", "fam/x/__init__.py"):
        (pkg / f).write_text("")
    cli = 'import importlib\nTABLE = ("pkg.lib",)\nfor m in TABLE:\n    importlib.import_module(m)\n'
    (pkg / "cli.py").write_text(cli)
    (pkg / "lib.py").write_text("def f():\n    from pkg.cli import TABLE\n")
    (pkg / "sheet.py").write_text('import importlib\ndef s(k):\n    return importlib.import_module(f"pkg.fam.{k}.s")\n')
    (pkg / "fam" / "x" / "s.py").write_text("from pkg import sheet\n")
    (pkg / "box.py").write_text('def s(k):\n    return __import__("pkg.fam." + k)\n')
    (pkg / "fam" / "x" / "__init__.py").write_text("import pkg.box\n")
    assert _loops(_imports(pkg, "pkg")) == []  # (by its imports' words alone: none)
    edges = _imports(pkg, "pkg", by_name=True)
    assert edges["pkg.cli"] == {"pkg.lib"} and edges["pkg.sheet"] == {"pkg.fam.x.s"}
    assert edges["pkg.box"] == {"pkg.fam.x"}  # (one name: not pkg.fam.x.s)
    assert sorted(map(tuple, _loops(edges))) == [
        ("pkg.box", "pkg.fam.x", "pkg.box"),
        ("pkg.cli", "pkg.lib", "pkg.cli"),
        ("pkg.fam.x.s", "pkg.sheet", "pkg.fam.x.s"),
    ]


def test_the_keys_below_hw_and_app_and_the_shell_away_from_the_families() -> None:
    edges = _imports()
    # the keys' constants sit below the hardware layer and the app: kitapi.keys imports neither
    assert not {m for m in edges["kitapi.keys"] if m.startswith(("kitapi.app", "kitapi.hw"))}
    for m in edges:
        if m.startswith("kitapi.hw"):
            assert not {d for d in edges[m] if d.startswith("kitapi.app")}, m
    # the shell and the shared screens never import a family's module (they reach it as app.sys)
    for m in ("kitapi.app.main", "kitapi.app.home", "kitapi.app.history", "kitapi.app.menus", "kitapi.app.newgame"):
        assert not {d for d in edges[m] if d.startswith("kitapi.app.systems")}, m


def test_the_app_finds_each_rows_screens() -> None:
    """App.family: the screens of each row's family (kitapi.registry's family column)."""
    from kitapi.app.main import App

    for rid, family, _core, _label in registry.rows():
        assert App.family(None, rid).__name__ == "kitapi.app.systems." + family, rid  # type: ignore[arg-type]
