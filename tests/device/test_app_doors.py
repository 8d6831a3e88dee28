"""Issue 25, item 4: the box's rooms keep their doors.  No module calls a private member of the store
(kitapi.app.store.Store): it has public operations for what they do; ROOT/next, what a soft reset was for,
is one module's (kitapi.app.nextboot: its letters, its forms, their reading back; Store.next writes it),
and the screens that ask for one keep checked copies of its letters."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from kitapi.app import nextboot
from kitapi.app.store import Store

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
STORE = FIRMWARE / "kitapi" / "app" / "store.py"
STOREW = FIRMWARE / "kitapi" / "app" / "storew.py"  # (its work that no boot's first frame does: the store's own)
NEXTBOOT = FIRMWARE / "kitapi" / "app" / "nextboot.py"


def _sources() -> list[Path]:
    return sorted([*FIRMWARE.rglob("*.py"), *(ROOT / "boards").glob("*.py")])


def test_no_module_calls_a_private_member_of_the_store() -> None:
    """``store._open(...)``, ``app.store._write(...)``, ``s._evidence(...)``: none outside store.py and storew.py (a
    class's own ``self._x`` is its own business: boards/sim.py has a ``_write`` of its own)."""
    private = {n for n in vars(Store) if n.startswith("_") and not n.startswith("__")}
    assert {"_open", "_read", "_write", "_exists"} <= private
    found = []
    for path in _sources():
        if path in (STORE, STOREW):
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in re.finditer(r"([\w.]+)\.(_[a-z]\w*)\b", line.split("#")[0]):
                if m.group(2) in private and m.group(1) != "self":
                    found.append(f"{path.relative_to(ROOT)}:{i}: {m.group(0)}")
    assert not found, found


def test_root_next_is_written_and_read_in_one_module_and_its_letters_copied_from_there() -> None:
    """The file's name only in the store (its writer and reader) and nextboot (which removes or sets it
    aside), and in kept (which only looks whether it is there: then the boot shows no home frame kept); its
    letters named in nextboot, every copy ``_X = const("x")  # kitapi.app.nextboot.X`` equal."""
    named = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line.split("#")[0] for line in text.splitlines())
        if re.search(r"[\"'/]next[\"']", code):
            named.append(path.name)
    assert sorted(named) == ["kept.py", "nextboot.py", "store.py"], named
    copies = 0
    pattern = re.compile(r'^_\w+ = const\("(\w)"\)  # (kitapi(?:\.\w+)+)\.([A-Z_]+)\b', re.M)
    for path in _sources():
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            assert m.group(2) == "kitapi.app.nextboot", (path.name, m.group(0))
            assert getattr(importlib.import_module(m.group(2)), m.group(3)) == m.group(1), (path.name, m.group(0))
            copies += 1
    assert copies >= 10  # (main, menus, ask, games, readonly, history)
    letters = {nextboot.NEW, nextboot.GAMES, nextboot.VIEW, nextboot.EDIT, nextboot.DELETE, nextboot.REPLACE}
    letters |= {nextboot.START, nextboot.MEMORY, nextboot.FIX, nextboot.LIST, nextboot.MEND}
    assert len(letters) == 11


@pytest.mark.parametrize(
    ("what", "n", "p", "text"),
    [
        (nextboot.NEW, "", -1, "1"),
        (nextboot.GAMES, "", -1, "g"),
        (nextboot.VIEW, "0007.kitapi", -1, "v0007.kitapi"),
        (nextboot.EDIT, 12, 345, "e12 345"),
        (nextboot.DELETE, 3, -1, "d3"),
        (nextboot.REPLACE, 21, 0, "r21 0"),
        (nextboot.FIX, 4, 77, "f4 77"),
        (nextboot.LIST, 4, 1, "l4 1"),
        (nextboot.MEND, 4, 77, "k4 77"),
    ],
)
def test_a_note_is_written_by_the_store_and_read_back_once_and_nextboot_lets_itself_go(
    tmp_path: Path, what: str, n: int | str, p: int, text: str
) -> None:
    store = Store(str(tmp_path))
    store.next(what, n, p)
    assert (tmp_path / "next").read_text() == text  # (the forms docs/firmware.md gives)
    sys.modules.pop("kitapi.app.nextboot", None)
    assert Store(str(tmp_path)).note() == (what, n, p)
    assert not (tmp_path / "next").exists()
    assert "kitapi.app.nextboot" not in sys.modules  # (a retry's boot is short of heap)
    assert Store(str(tmp_path)).note() == ("", "", -1)


@pytest.mark.parametrize("text", ["x", "d0", "e3", "r3 -1", "v0007", "1 ", "d3 4", "l4", "f4", "k4"])
def test_a_note_not_of_its_forms_is_set_aside_and_not_acted_on(tmp_path: Path, text: str) -> None:
    (tmp_path / "next").write_text(text)
    store = Store(str(tmp_path))
    assert store.note() == ("", "", -1) and store.bad == "next"
    assert (tmp_path / "next.bad1").read_text() == text and not (tmp_path / "next").exists()


def test_the_stores_doors_do_what_their_callers_did(tmp_path: Path) -> None:
    """``open`` (a game's log or its evidence, for reading), ``evidence`` (the copies kept), ``set_current``
    (the game played; "": none)."""
    store = Store(str(tmp_path))
    name = store.new_game({"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"], "options": {"pouch": 3}})
    assert store.current() == name
    with store.open(name) as f:
        assert f.read() == (tmp_path / "games" / name).read_bytes()
    log = str(tmp_path / "games" / name)
    assert store.evidence(log) == 0
    (tmp_path / "games" / f"{name}.bad1").write_bytes(b"x")
    (tmp_path / "games" / f"{name}.bad2").write_bytes(b"y")
    assert store.evidence(log) == 2
    with store.open(f"{name}.bad2") as f:
        assert f.read() == b"y"
    store.set_current("")
    assert store.current() is None and (tmp_path / "current").read_text() == ""
    store.set_current(name)
    assert store.current() == name and (tmp_path / "current").read_text() == name + "\n"
