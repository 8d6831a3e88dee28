"""Issue 14, item 3: the hand wizards' shell (kitapi.app.shell.wizard_key, wizard_preview), and the constants
the wizards keep as their own copies (no names in the module: each costs the device heap).

The shell is tested here on CPython with a wizard of three steps and a stand-in App; the five real
wizards go through it in every app test (tests/test_app_*.py type their hands into the simulator).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

from kitapi.app import shell
from kitapi.keys import HASH, KEY_A, LONG, STAR

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


class _App:
    def __init__(self) -> None:
        self.saved: list[Any] = []

    def home(self) -> str:
        return "home"

    def save_hand(self, w: Any) -> str:
        self.saved.append(w)
        return "saved"


class _Wizard:
    """Steps 0, 1, (5: a step off the list, as Preferans' all-pass), 9 the summary; a step of two
    questions at 1 (``k``), as the pot games' chip bids."""

    key = shell.wizard_key

    def __init__(self, number: int = 0) -> None:
        self.app = _App()
        self.number = number
        self.step = 0
        self.k = 0
        self.error = "old"
        self.keys: list[tuple[int, int]] = []

    def steps(self) -> int:
        return 1 << 0 | 1 << 1 | 1 << 9

    def answer(self, ev: int) -> bool:
        self.keys.append((self.step, ev))
        if ev == STAR:
            if self.step == 1 and self.k:
                self.k -= 1
                return True
            return False
        if self.step == 1 and ev == 1 and self.k == 0:  # the first question: the second follows
            self.k = 1
            return False
        return ev < 10


def test_a_digit_answers_and_moves_on_star_goes_back_and_from_the_first_step_home() -> None:
    w = _Wizard()
    assert w.key(KEY_A) is None and w.step == 0  # (not an answer: stays)
    assert w.error == ""  # every key clears the last refusal
    assert w.key(3) is None and w.step == 1
    assert w.key(STAR) is None and w.step == 0
    assert w.key(STAR) == "home"


def test_star_within_a_step_of_several_questions_goes_to_the_question_before() -> None:
    w = _Wizard()
    w.key(3)
    w.key(1)  # the first of two questions
    assert (w.step, w.k) == (1, 1)
    assert w.key(STAR) is None and (w.step, w.k) == (1, 0)  # taken by the wizard
    assert w.key(STAR) is None and w.step == 0  # then the shell's: the step before


def test_hash_on_the_summary_saves_through_the_app_other_keys_there_are_the_wizards() -> None:
    w = _Wizard()
    w.key(3)
    w.key(4)
    assert w.step == 9
    assert w.key(KEY_A) is None and w.step == 9 and (9, KEY_A) in w.keys  # (an answer there: no next step)
    assert w.app.saved == []
    assert w.key(HASH) == "saved" and w.app.saved == [w]
    assert (9, HASH) not in w.keys


def test_long_star_leaves_from_any_step() -> None:
    w = _Wizard()
    w.key(3)
    w.key(4)
    assert w.key(STAR | LONG) == "home" and w.keys[-1] == (1, 4)


def test_a_step_off_the_list_goes_back_to_the_first_or_out_of_an_edit() -> None:
    w = _Wizard()
    w.step = 5
    assert w.key(STAR) is None and w.step == 0
    e = _Wizard(number=12)  # an edit
    e.step = 5
    assert e.key(STAR) == "home"


class _UI:
    def __init__(self) -> None:
        self.rows: list[tuple[str, int]] = []

    def at(self, s: str, col: int, row: int) -> None:
        self.rows.append((s, row))


class _Game:
    def __init__(self, refusal: str | None) -> None:
        self.refusal = refusal
        self.buf = [1, 2, 3]

    def preview(self, h: Any) -> str | None:
        return self.refusal


def test_the_preview_gives_the_cores_buffer_or_draws_the_refusal_from_row_2() -> None:
    w: Any = _Wizard()
    w.h = object()
    w.error = ""
    w.g = _Game(None)
    ui = _UI()
    assert shell.wizard_preview(w, ui) == [1, 2, 3] and ui.rows == []
    w.g = _Game("x" * 16 + "y" * 16 + "z" * 5)
    assert shell.wizard_preview(w, ui) is None
    assert ui.rows == [("x" * 16, 2), ("y" * 16, 3), ("z" * 5, 4)]
    ui.rows = []
    w.g = _Game(None)
    w.error = "Not saved: full"  # why the last # did not save: shown until the next key
    assert shell.wizard_preview(w, ui) is None and ui.rows == [("Not saved: full", 2)]


def test_the_constants_copied_into_the_app_modules_are_the_ones_they_name() -> None:
    """``_NAME = const(N)  # kitapi.module.NAME`` (or ``kitapi.module.Class.NAME``, a class's attribute): a copy
    (no name in the module on the device), kept equal."""
    pattern = re.compile(r"^_\w+ = const\((-?\d+)\)  # (kitapi(?:\.\w+)+)\.([A-Z_][A-Z0-9_]*)\b", re.M)
    seen = 0
    for p in sorted((FIRMWARE / "kitapi" / "app").rglob("*.py")):
        for m in pattern.finditer(p.read_text(encoding="utf-8")):
            where, name = m.group(2), m.group(3)
            owner = None
            try:
                owner = importlib.import_module(where)
            except ModuleNotFoundError:  # kitapi.module.Class
                module, _, cls = where.rpartition(".")
                owner = getattr(importlib.import_module(module), cls)
            assert getattr(owner, name) == int(m.group(1)), (p.name, m.group(0))
            seen += 1
    assert seen >= 30  # (the keys in every wizard, Preferans' hand kinds and words, ...)


def test_each_wizard_gives_its_steps_by_its_step_constants_the_summary_last() -> None:
    """``steps()`` (issue 25, item 4): a bit ``1 << _STEP`` a step, named by the wizard's step constants (no
    magic bytes), the summary the highest; a shell that reads them (kitapi.app.shell.wizard_key) and no wizard
    that still has the private ``_steps``."""
    assert "._steps" not in (FIRMWARE / "kitapi" / "app" / "shell.py").read_text()
    found = 0
    for path in sorted((FIRMWARE / "kitapi" / "app" / "systems").glob("*/wiz.py")):
        src = path.read_text()
        assert "def _steps" not in src, path
        if "def steps(" not in src:  # (the kasa's: Prefa's)
            continue
        found += 1
        body = src[src.index("def steps(") :]
        body = body[: body.index("\n    def ")]
        if "_US_STEPS" in body:  # (American Préférence's by hand kind: a table of the module)
            body += src[src.index("_US_STEPS = (") :].split("\n\n")[0]
        assert 'b"\\x' not in body, path
        consts = {n: int(v) for n, v in re.findall(r"^(_[A-Z0-9_]+) = const\((\d+)\)", src, re.M)}
        named = {consts[n] for n in re.findall(r"1 << (_[A-Z0-9_]+)", body)}
        assert named and max(named) == consts["_SUMMARY"], path
        assert set(range(consts["_SUMMARY"] + 1)) - named <= {7}, path  # (every step, but Preferans' all-pass)
    assert found == 4
