"""The box's string tables (kitapi.app.lang_xx.T) by name, for the tests: each text's name is the comment
after it in lang_en.py, and each screen takes it as t[_T_NAME] with a const of its own."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from types import SimpleNamespace

from kitapi_host.names import built

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
LANG_EN = FIRMWARE / "kitapi" / "app" / "lang_en.py"


def names(path: Path = LANG_EN) -> list[str]:
    """The names of the texts of tuple T, in its order: the comment after each element."""
    src = path.read_text(encoding="utf-8")
    tree = ast.parse(src)
    (t,) = [n for n in tree.body if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "T"]
    assert isinstance(t.value, ast.Tuple)
    lines = src.split("\n")
    out = []
    for e in t.value.elts:
        assert e.end_lineno is not None and e.end_col_offset is not None
        after = lines[e.end_lineno - 1].encode()[e.end_col_offset :].decode()
        m = re.match(r"\s*,\s*#\s*([A-Z][A-Z_0-9]*)\b", after)
        assert m, (path.name, e.lineno, after)
        out.append(m.group(1))
    return out


NAMES = names()


def families() -> dict[str, str]:
    """The tables of the families' own screens (App.pt) and the letter of their consts (_P_STAKE...): each family
    of kitapi.registry whose package (kitapi/app/systems/<family>/) has its texts, in the registry's order, its
    letter the one its package's modules take besides T; then a damaged log's (kitapi.app.damage_xx, X)."""
    from kitapi.registry import rows

    out = {}
    for family in dict.fromkeys(r[1] for r in rows()):
        package = FIRMWARE / "kitapi" / "app" / "systems" / family
        if not (package / "lang_en.py").is_file():  # (Prefa's are the app's own)
            continue
        letters = {
            m.group(1)
            for path in package.glob("*.py")
            if not path.stem.startswith("lang_")
            for m in re.finditer(r"(?m)^_([A-Z])_[A-Z_0-9]+ = const\(", path.read_text(encoding="utf-8"))
        } - {"T"}
        assert len(letters) == 1, f"{family}: its modules take its texts by one letter, not {sorted(letters)}"
        out[f"app.systems.{family}.lang"] = letters.pop()
    out["app.damage"] = "X"
    assert len(set(out.values())) == len(out), out  # (a letter each)
    return out


FAMILIES = families()


def path_of(whose: str, code: str) -> Path:
    """The file of table ``whose`` ("app.lang", or one of FAMILIES) in language ``code``."""
    return FIRMWARE / "kitapi" / (whose.replace(".", "/") + f"_{code}.py")


def table(code: str, whose: str = "app.lang") -> SimpleNamespace:
    """Language ``code``'s texts as attributes: table("en").HAND, table("en", "app.damage").TORN; the box's string
    table as the box has it, the systems' labels (SYSTEMS) written from kitapi.registry (kitapi_host.names)."""
    if whose == "app.lang":
        t = built(f"kitapi/app/lang_{code}.py")["T"]
    else:
        t = importlib.import_module(f"kitapi.{whose}_{code}").T
    keys = NAMES if whose == "app.lang" else names(path_of(whose, "en"))
    assert len(t) == len(keys), (whose, code)
    return SimpleNamespace(**dict(zip(keys, t, strict=True)))


def consts(path: Path, letter: str = "T") -> dict[str, int]:
    """The text consts of a firmware module: {"HAND": 1} for ``_T_HAND = const(1)`` (``letter``: a family's)."""
    out = {}
    for n in ast.parse(path.read_text(encoding="utf-8")).body:
        if (
            isinstance(n, ast.Assign)
            and isinstance(n.targets[0], ast.Name)
            and n.targets[0].id.startswith(f"_{letter}_")
            and isinstance(n.value, ast.Call)
            and getattr(n.value.func, "id", "") == "const"
        ):
            arg = n.value.args[0]
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, int), (path, n.lineno)
            out[n.targets[0].id[3:]] = arg.value
    return out
