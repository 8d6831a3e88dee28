"""kitapi.registry, the one list of game systems, against the modules present (issue 14)."""

from __future__ import annotations

import pathlib

from kitapi import registry, rules

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent / "firmware" / "kitapi"


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
    assert len(set(ids)) == len(ids) == 10
    assert [registry.row(i) for i in range(10)] == list(registry.rows()) and registry.row(10) is None
    assert registry.row("whist") is None and rules.load("whist") is None
    assert registry.row("prefa") == ("prefa", "prefa", "prefa", "Greek Prefa")
