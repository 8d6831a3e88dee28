"""The systems' names, as kitapi.registry's rows give them: the PC's titles, and the box's tables of them written
when the firmware is built for the box.

A system's names live in its registry row alone: its label (the box's Rules step), short name (its Games list) and
title (the PC's sheets, statistics and pages) in each of the box's languages, on the row's line in English and a line
each in the others.  The core and the box read only the row's first four columns (``kitapi.registry.row``); the PC
reads the names here (``names``, from the registry file's table).  The box keeps the ones it shows in tables made for
its heap: the string tables' ``SYSTEMS`` (``kitapi/app/lang_xx.py``, the Rules step's labels) and the Games list's
short names and ids (``kitapi/app/games.py``), each by the row's place.  The sources hold a mark where those go
(``()`` in ``SYSTEMS``' place, the language's code in ``WORDS``, ``"ids"`` for the ids); ``device_source`` writes
the registry's names over it each time a module is compiled for the box (``kitapi_host.mpy.compiled``: the
simulator, ``kitapi deploy``, ``image``, ``bench``) or copied as source (a CircuitPython box), and writes the box's
copy of the registry with its rows' lines alone (``id family core label``: the table the box has always read).  So
the box holds what it held before, and a new row needs no other file.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path
from typing import Any

from kitapi_host.resources import CORE

LANGUAGES = ("en", "el", "ru")  # kitapi.app.ui.LANGUAGES: the box's languages, the order of games.WORDS
REGISTRY = "kitapi/registry.py"
GAMES = "kitapi/app/games.py"
TABLES = {f"kitapi/app/lang_{code}.py": code for code in LANGUAGES}
WRITTEN = (REGISTRY, GAMES, *TABLES)  # the modules written here, by their path on the device

_SYSTEMS = re.compile(r"^    \(\),(  # SYSTEMS\b.*)$", re.M)  # the mark in a string table
# a registry row's line (its English names on it) and its lines of names in the other languages
_ROW = re.compile(r"^([a-z0-9_]+ [a-z0-9_]+ [a-z0-9_]+ [^|\n]+)\|[^\n]*\n(?: [a-z]{2} [^\n]*\n)*", re.M)


class TableError(ValueError):
    """A source whose mark is not where this module writes the names (edited by hand): the message says which."""


Names = dict[str, tuple[str, str, str]]  # a system's names: {language: (label, short, title)}


def table(core: Path = CORE) -> dict[str, Names]:
    """Every row's names, by rules id in menu order, from the registry file in ``core`` (the one being built, not
    the module this process imported); TableError if a row lacks a language or a name."""
    path = core / "registry.py"
    st = path.stat()
    return _table(path, st.st_mtime_ns, st.st_size)


def names(rules: str, core: Path = CORE) -> Names | None:
    """The names of the system ``rules`` ({language: (label, short, title)}); None for one the registry does not
    know."""
    return table(core).get(rules)


@functools.cache
def _table(path: Path, _mtime: int, _size: int) -> dict[str, Names]:
    text = next(
        n.func.value.value
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "split"
        and isinstance(n.func.value, ast.Constant)
        and isinstance(n.func.value.value, str)
        and "\n" in n.func.value.value
    )  # (kitapi.registry.row's table: the one string literal split into lines)
    out: dict[str, Names] = {}
    rules = ""
    for line in text.split("\n"):
        if line.startswith(" "):  # " code label|short|title"
            code, _, rest = line[1:].partition(" ")
            out[rules][code] = _three(rules, code, rest)
        elif line:  # "id family core label|short|title", its English names
            f = line.split(None, 3)
            rules = f[0]
            out[rules] = {"en": _three(rules, "en", f[3] if len(f) > 3 else "")}
    for rules, got in out.items():
        if tuple(got) != LANGUAGES:
            raise TableError(f"kitapi/registry.py: {rules} has names in {', '.join(got)}, not {', '.join(LANGUAGES)}")
    return out


def _three(rules: str, code: str, text: str) -> tuple[str, str, str]:
    f = text.split("|")
    if len(f) != 3 or not all(x and x == x.strip() for x in f):
        raise TableError(f"kitapi/registry.py: {rules}'s names in {code} are not label|short|title: {text!r}")
    return (f[0], f[1], f[2])


def device_source(path: str, src: Path, core: Path = CORE) -> bytes:
    """The source of the module at ``path`` on the device (``kitapi/app/games.py``) as the box gets it: file
    ``src`` itself, or for the modules of ``WRITTEN`` with the registry's names written in."""
    text = src.read_bytes()
    if path not in WRITTEN:
        return text
    s = text.decode("utf-8")
    if path == REGISTRY:  # the box's copy: each row's line with its English label alone
        a, b = s.find('    for line in """\n'), s.find('""".split("\\n")')  # (the table alone)
        lines, n = _ROW.subn(lambda m: m.group(1) + "\n", s[a:b])
        s = s[:a] + lines + s[b:]
        if a < 0 or b < a or n != len(table(core)):
            raise TableError(f"{path}: a row without its English names on its line (label|short|title)")
        return s.encode("utf-8")
    rows = list(table(core).items())
    if path == GAMES:
        ids = repr("|".join(r[0] for r in rows))
        for code in LANGUAGES:
            short = repr("|".join(r[1][code][1] for r in rows))
            found = list(re.finditer(rf'^    \(".*", ("{code}")\),', s, re.M))
            if len(found) != 1:
                raise TableError(f'{path}: WORDS has no row ending "{code}" (the mark of its short names)')
            s = s[: found[0].start(1)] + short + s[found[0].end(1) :]
        s, n = re.subn(
            r'^(        ids = )"ids"(\.split\("\|"\))$', lambda m: m.group(1) + ids + m.group(2), s, flags=re.M
        )
        if n != 1:
            raise TableError(f'{path}: no \'ids = "ids".split("|")\' (the mark of the systems\' ids)')
        return s.encode("utf-8")
    code = TABLES[path]
    labels = tuple(r[1][code][0] for r in rows)
    s, n = _SYSTEMS.subn(lambda m: f"    {labels!r},{m.group(1)}", s)
    if n != 1:
        raise TableError(f"{path}: no '    (),  # SYSTEMS' (the mark of the Rules step's labels)")
    return s.encode("utf-8")


def built(path: str, core: Path = CORE) -> dict[str, Any]:
    """The names of module ``path`` (one of ``WRITTEN``) as the box has them, run on this Python: what the tests
    read of the box's tables (``built("kitapi/app/lang_el.py")["T"]``)."""
    space: dict[str, Any] = {"__name__": path[:-3].replace("/", ".")}
    exec(compile(device_source(path, core.parent / path, core), path, "exec"), space)
    return space
