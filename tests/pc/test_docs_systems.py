"""The docs' systems are the registry's (issue 35, item 2): the README's table of game systems lists every row of
kitapi.registry, in menu order, each beside the keys that pick it on the box's rules step (computed as the typist
computes them: kitapi_host.sim.pick.rules_keys), and a rules doc that says its system's key says the right one, so
neither drifts when a system is added."""

from __future__ import annotations

import re

import pytest

from kitapi.registry import rows
from kitapi_host.sim.pick import rules_keys
from testkit import ROOT

IDS = [r[0] for r in rows()]


def readme_table() -> list[tuple[str, list[str]]]:
    """The README's table of systems: each row's key cell and the rules ids it names (backquoted), in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    head = text.index("| key | rules id | system |")
    out = []
    for line in text[head:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        out.append((cells[0], re.findall(r"`([a-z_]+)`", cells[1])))
    return out


def cell_keys(cell: str) -> list[str]:
    """A key cell's keys, one a system: ``2-4`` (a run of digits), ``7, 8``, ``0``, ``B 1``."""
    m = re.fullmatch(r"(\d)-(\d)", cell)
    if m:
        return [str(k) for k in range(int(m[1]), int(m[2]) + 1)]
    return [k.strip() for k in cell.split(",")]


def test_the_readmes_table_lists_every_system_with_its_keys() -> None:
    table = readme_table()
    assert [rid for _, ids in table for rid in ids] == IDS  # every row of the registry, once, in menu order
    for cell, ids in table:
        assert cell_keys(cell) == [rules_keys(r) for r in ids], (cell, ids)


def test_a_cell_reads_as_the_keys_it_shows() -> None:
    assert cell_keys("2-4") == ["2", "3", "4"] and cell_keys("7, 8") == ["7", "8"] and cell_keys("B B 1") == ["B B 1"]


_SAYS_KEY = re.compile(r"\b(?:rules key|is key) ((?:B )*\d)\b")


@pytest.mark.parametrize("rid", IDS)
def test_a_rules_doc_that_says_its_key_says_the_registrys(rid: str) -> None:
    path = ROOT / "docs" / "rules" / f"{rid}.md"
    said = _SAYS_KEY.findall(path.read_text(encoding="utf-8")) if path.is_file() else []
    assert all(k == rules_keys(rid) for k in said), (path.name, said, rules_keys(rid))
