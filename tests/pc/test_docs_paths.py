"""Every file the docs name is in the repository (issue 25, item 6): a path in backticks with a folder in it, or a
relative link, in the README, tests/README.md and docs/ (rules readings too).

A path is looked for where a reader would look: from the repository's root, the document's folder, and the
packages' roots (``app/main.py`` is firmware/kitapi/app/main.py; ``kitapi/hw/fast.py`` native/kitapi/hw/fast.py;
``archive/db.py`` host_tools'). Left out:
the files on the box's flash (``lib/ssd1306.mpy``, a compiled ``.mpy``, ``evidence/...``), and a pattern
(``lang_xx.py``, ``<family>``, ``DIR/``, ``ROOT/``, ``boards/B.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "tests" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BASES = [
    "",
    "firmware",
    "native",
    "firmware/kitapi",
    "firmware/kitapi/app",
    "host_tools",
    "host_tools/kitapi_host",
    "tests",
]
_TICKED = re.compile(r"`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+)`")
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
_PATTERN = ("xx", "XX", "NNNN", "DIR/", "ROOT/", "/B.py", "DEVICE", "...")


def _named(text: str) -> list[tuple[int, str]]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in _TICKED.finditer(line):
            p = m.group(1)
            if "." in p.rsplit("/", 1)[-1]:  # a file (a folder ends without a suffix, or with /)
                out.append((n, p))
        for m in _LINK.finditer(line):
            if not m.group(1).startswith(("http:", "https:", "mailto:")):
                out.append((n, m.group(1)))
    return out


def _on_the_box(p: str) -> bool:
    return p.endswith(".mpy") or p.startswith(("lib/", "evidence/", "/")) or any(x in p for x in _PATTERN)


def _found(doc: Path, p: str) -> bool:
    return (doc.parent / p).exists() or any((ROOT / base / p).exists() for base in BASES)


def test_every_file_the_docs_name_exists() -> None:
    missing = [
        f"{doc.relative_to(ROOT)}:{n}: {p}"
        for doc in DOCS
        for n, p in _named(doc.read_text(encoding="utf-8"))
        if not _on_the_box(p) and not _found(doc, p)
    ]
    assert not missing, "\n".join(missing)


def test_the_check_finds_a_file_that_is_not_there(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("the sync is `host_tools/sync.py`; see [the log](log-format.md) and `app/main.py`\n")
    named = _named(doc.read_text())
    assert named == [(1, "host_tools/sync.py"), (1, "app/main.py"), (1, "log-format.md")]
    assert [p for _, p in named if not _found(doc, p)] == ["host_tools/sync.py", "log-format.md"]
