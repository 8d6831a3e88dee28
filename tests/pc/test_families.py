"""The PC by family (issue 25, items 1 and 2): every family of kitapi.registry has its module in
kitapi_host.families with the archive's members, the archive refuses a system whose family cannot be kept
(one line, which system and what is missing), and no rules id is written outside the registry and the
family modules: the PC asks the family module, and the family module asks the core's class."""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import re
import types
from pathlib import Path

import pytest

from kitapi import registry
from kitapi_host import families
from kitapi_host.archive import cli as archive_cli
from kitapi_host.archive.db import Archive, LogError
from kitapi_host.logs import gen
from testkit import ROOT

# Part C's files (the typist, the generator, the bench): theirs to move to their family modules; the
# integrator empties this once part C is merged.

IDS = {r[0] for r in registry.rows()}


def _rules_ids(path: Path) -> list[tuple[int, str]]:
    """Every string constant of ``path`` that is a rules id of the registry, with its line."""
    return [
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in IDS
    ]


def test_every_family_has_its_archive_members() -> None:
    """Each family of the registry: its module, each member of ``ARCHIVE`` a function with the parameters
    ``ArchiveFamily`` gives it."""
    order = list(dict.fromkeys(r[1] for r in registry.rows()))  # each family once, in the registry's order
    protocol = families.ArchiveFamily
    for rid, fam, _core, _label in registry.rows():
        m = families.family(rid)
        assert m is not None and m.__name__ == f"kitapi_host.families.{fam}", rid
        assert families.archive_family(rid) is m
        for member in families.ARCHIVE:
            f = getattr(m, member)
            want = [p for p in inspect.signature(getattr(protocol, member)).parameters if p != "self"]
            assert list(inspect.signature(f).parameters) == want, (fam, member)
    assert [m.__name__.rsplit(".", 1)[1] for m in families.archive_families()] == order


def test_every_system_has_a_title_of_its_own_that_says_its_label() -> None:
    """Each row's title (the sheets', ``show``'s and ``stats``'): one line, each word of the registry's label in
    it, and no two systems with one title; a Preferans variant's says whether its contracts are numbers."""
    from kitapi_host.families import preferans

    titles = {rid: families.archive_family(rid).title(rid) for rid, *_ in registry.rows()}
    for rid, _fam, _core, label in registry.rows():
        t = titles[rid]
        assert t and t == t.strip() and "\n" not in t, (rid, t)
        assert all(word in t.split() or word + "," in t.split() for word in label.split()), (rid, label, t)
    assert len(set(titles.values())) == len(titles), titles
    for rid, fam, _core, label in registry.rows():
        if fam == "preferans":
            want = f"{label} Preferans" if preferans.variant(rid).NUMBERED else f"Russian Preferans, {label}"
            assert titles[rid] == want, (rid, titles[rid])


def test_no_rules_id_is_written_outside_the_registry_and_the_family_modules() -> None:
    """host_tools: a rules id only in kitapi_host.families."""
    found = []
    for path in sorted((ROOT / "host_tools").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("host_tools/kitapi_host/families/"):
            continue
        found += [(rel, line, rid) for line, rid in _rules_ids(path)]
    assert found == []
    # the box: only the registry, the rules modules and the families' screens name a system (the hands list's
    # legend is each family's); the core's reader of a hand's result and Preferans' hand screens ask the class
    found = []
    for path in sorted((ROOT / "firmware").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "firmware/kitapi/registry.py":
            continue
        if rel.startswith(("firmware/kitapi/rules/", "firmware/kitapi/app/systems/")):
            if rel != "firmware/kitapi/app/systems/preferans/wiz.py":
                continue
        found += [(rel, line, rid) for line, rid in _rules_ids(path)]
    assert found == []


def _log(tmp_path: Path) -> Path:
    hdr, hs = gen.generate("prefa", 3, 6)
    path = tmp_path / "g.jsonl"
    gen.write_jsonl(path, hdr, hs)
    return path


def _lacking(monkeypatch: pytest.MonkeyPatch, member: str) -> None:
    """Prefa's family module as a copy without ``member``."""
    real = importlib.import_module("kitapi_host.families.prefa")
    copy = types.ModuleType("kitapi_host.families.prefa")
    copy.__dict__.update({k: v for k, v in vars(real).items() if k != member})
    monkeypatch.setattr(families, "family", lambda rules: copy)


def _kitapi(*args: str) -> int:
    p = argparse.ArgumentParser(prog="kitapi")
    archive_cli.register(p.add_subparsers(dest="command"))
    ns = p.parse_args(list(args))
    return int(ns.func(ns))


def test_the_archive_refuses_a_system_whose_family_module_lacks_a_member(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path)
    db = tmp_path / "a.sqlite3"
    _lacking(monkeypatch, "count")
    with Archive(db) as a, pytest.raises(LogError) as e, open(log, "rb") as f:
        a.add_log(f, "file", str(log))
    assert e.value.line == 1
    assert e.value.reason == (
        "the archive does not keep games of rules 'prefa': kitapi_host.families.prefa lacks count"
        " (kitapi replay keeps it)"
    )
    with Archive(db) as a:
        assert a.games() == []  # nothing written
    # the command: one line, FILE:1:, exit status 2
    assert _kitapi("archive", "add", "--db", str(db), str(log)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"{log}:1: {e.value.reason}\n"


def test_the_archive_refuses_a_family_without_a_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path)
    db = tmp_path / "a.sqlite3"
    monkeypatch.setattr(families, "family_name", lambda rules: "whist")  # a registry row of a new family
    assert families.family("prefa") is None
    assert _kitapi("archive", "add", "--db", str(db), str(log)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"{log}:1: the archive does not keep games of rules 'prefa': its family 'whist' has no module"
        " kitapi_host.families.whist (kitapi replay keeps it)\n"
    )


def test_show_of_a_kept_game_whose_family_lost_a_member_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _log(tmp_path)
    db = tmp_path / "a.sqlite3"
    assert _kitapi("archive", "add", "--db", str(db), str(log)) == 0
    assert _kitapi("show", "1", "--db", str(db)) == 0
    capsys.readouterr()
    _lacking(monkeypatch, "show")
    assert _kitapi("show", "1", "--db", str(db)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "game 1: the archive does not keep games of rules 'prefa': kitapi_host.families.prefa lacks show\n"
    _lacking(monkeypatch, "stats_parts")
    assert _kitapi("stats", "--db", str(db)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "the archive does not keep games of rules 'prefa': kitapi_host.families.prefa lacks stats_parts\n"
    )


def test_a_variant_is_asked_what_its_contracts_are() -> None:
    """Item 2: Balkan's numbered contracts, its Bettler and the tricks they need come from its class (the
    core's NUMBERED, NO_TRICK, needed), and the sheet's and show's words follow them."""
    from kitapi.rules import load
    from kitapi_host.families import preferans

    balkan = load("balkan")
    assert balkan.NUMBERED == (2, 7) and balkan.NO_TRICK == 6
    for rid in ("sochi", "leningrad", "rostov"):
        assert load(rid).NUMBERED is None
    assert preferans.no_trick("balkan") == "6" and preferans.no_trick("sochi") == "M"
    assert [preferans.needed("balkan", c) for c in "23457"] == [6] * 5
    assert [preferans.needed("sochi", c) for c in ("6S", "7N", "10H")] == [6, 7, 10]


def test_every_hook_has_its_contract_beside_it() -> None:
    """kitapi_host.families.hookspecs (as Datasette's hookspecs.py): each hook of ``HOOKS`` a method of ``Family``
    whose docstring is its contract, and no other; families/__init__.py's docstring names what a new family
    must provide (the hooks' module, the typist's members, the sheet) and the test that counts its files."""
    from kitapi_host.families import hookspecs

    methods = [k for k, v in vars(hookspecs.Family).items() if callable(v) and not k.startswith("_")]
    assert methods == list(hookspecs.HOOKS) == list(families.ARCHIVE)
    for name in hookspecs.HOOKS:
        doc = inspect.getdoc(getattr(hookspecs.Family, name)) or ""
        assert len(doc) > 40, name
    for name in ("SIZE", "BENCH", "header", "generate", "hand_keys", "device_form"):
        assert re.search(rf"\n    (def )?{name}\b", inspect.getsource(hookspecs.TypistFamily)), name
    doc = families.__doc__ or ""
    for words in ("kitapi_host.families.hookspecs.Family", "TypistFamily", "``sheet.py``", "test_family_cost.py"):
        assert words in doc, words


@pytest.mark.parametrize(
    "hook", ["outcome", "standings", "result_line", "nets", "evening_nets", "payments", "seat_total"]
)
def test_the_archive_refuses_a_family_module_lacking_a_hook(
    hook: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each hook the PC calls instead of a switch on a result's shape is the family's to have: one lacking it is
    refused in one line (before the hooks, a family module was kept without them, and its results were read
    as Prefa's or another family's by their shape)."""
    log = _log(tmp_path)
    _lacking(monkeypatch, hook)
    with Archive(tmp_path / "a.sqlite3") as a, pytest.raises(LogError) as e, open(log, "rb") as f:
        a.add_log(f, "file", str(log))
    assert e.value.reason == (
        f"the archive does not keep games of rules 'prefa': kitapi_host.families.prefa lacks {hook}"
        " (kitapi replay keeps it)"
    )


def test_replay_asks_the_family_for_its_standings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``kitapi replay``'s table is the family's ``standings`` hook (no switch on the result's shape falling
    through to Prefa's pouch); a family whose module lacks it: the core's standings as JSON, and one line
    saying why."""
    from kitapi_host.cli import main

    log = _log(tmp_path)
    assert main(["replay", str(log)]) == 0
    table = capsys.readouterr().out
    assert "Pouch" in table
    real = importlib.import_module("kitapi_host.families.prefa")
    monkeypatch.setattr(real, "standings", lambda res: "the family's own table")
    assert main(["replay", str(log)]) == 0
    assert capsys.readouterr().out == "the family's own table\n"
    _lacking(monkeypatch, "standings")
    assert main(["replay", str(log)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["rules"] == "prefa" and "pouch" in json.loads(out)
    assert err == (
        f"{log}: the archive does not keep games of rules 'prefa': kitapi_host.families.prefa lacks standings:"
        " the standings as JSON\n"
    )
