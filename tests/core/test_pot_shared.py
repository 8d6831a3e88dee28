"""Issue 35, item 6: Austrian and American Préférence share their code (kitapi.rules.pot's functions), each
module keeping only what differs: no run of lines written twice in preference_at.py and preference_us.py, and
what the pot games share is defined once (the three players, the options checked, the pot and stocks written).
Nothing a made pot game keeps refers to kitapi.rules.pot, so that the box lets it go once the game is made: its
heap is the heap of a copy in each module (issue 35's proof: the heap figures of ``kitapi bench``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitapi.game import Game, RuleError, new_game
from kitapi.rules import pot
from kitapi.rules.preference_at import PreferenceAt
from kitapi.rules.preference_illustrated import PreferenceIllustrated
from kitapi.rules.preference_us import PreferenceUs

RULES = Path(__file__).resolve().parents[2] / "firmware" / "kitapi" / "rules"
RUN = 6  # lines: what the duplicates tool pairs by default


def shared_runs(a: str, b: str, run: int = RUN) -> list[list[str]]:
    """The runs of ``run`` or more lines (stripped, blank lines left out) written in both texts, each once."""
    la = [x.strip() for x in a.splitlines() if x.strip()]
    lb = [x.strip() for x in b.splitlines() if x.strip()]
    found = []
    for i in range(len(la) - run + 1):
        for j in range(len(lb) - run + 1):
            if la[i : i + run] == lb[j : j + run] and (i == 0 or j == 0 or la[i - 1] != lb[j - 1]):
                k = run
                while i + k < len(la) and j + k < len(lb) and la[i + k] == lb[j + k]:
                    k += 1
                found.append(la[i : i + k])
    return found


def code(path: Path) -> str:
    """A module's text after its docstring and its imports (every rules module begins with the same ones)."""
    text = path.read_text(encoding="utf-8")
    return text[text.index("except ImportError:") :].split("\n", 2)[2]


def test_austrian_and_american_write_no_run_of_code_twice() -> None:
    assert shared_runs(code(RULES / "preference_at.py"), code(RULES / "preference_us.py")) == []


def test_the_measure_finds_a_shared_run() -> None:
    body = "".join(f"x{i} = {i}\n" for i in range(RUN))
    assert shared_runs("a = 1\n" + body + "b = 2\n", body + "\nc = 3\n") == [body.splitlines()]
    assert shared_runs(body, "".join(body.splitlines(keepends=True)[1:])) == []


def test_what_the_pot_games_share_is_written_once_in_pot() -> None:
    shared = ("check_int", "one_of", "start", "write_fields")
    assert all(callable(getattr(pot, name)) for name in shared)
    for name in ("preference_at", "preference_illustrated", "preference_us"):
        text = (RULES / f"{name}.py").read_text(encoding="utf-8")
        for f in shared:
            assert f"def {f}(" not in text or f == "write_fields", (name, f)  # (write_fields: pot's, imported)
        assert "_E_PLAYERS3" not in text and "_E_OPTION " not in text, name  # the three players, the options


@pytest.mark.parametrize("cls", [PreferenceAt, PreferenceIllustrated, PreferenceUs])
def test_nothing_a_pot_game_keeps_refers_to_pot(cls: type[Game]) -> None:
    """No class of a pot game's, nor anything in their tables, is kitapi.rules.pot's: were one of its functions
    kept (a method, a class), the box would keep the module whole (0.5 to 0.8 KB of each pot game's heap)."""
    for k in cls.__mro__:
        assert k.__module__ != pot.__name__, k
        for name, v in vars(k).items():
            assert getattr(v, "__module__", None) != pot.__name__, (k, name)
            assert v is not pot, (k, name)
    g = new_game(dict(HEADER, rules=cls.name))
    assert all(v is not pot and getattr(v, "__module__", None) != pot.__name__ for v in vars(g).values())
    out: list[str] = []
    g.write_fields(out.append)  # (the standings: pot's write_fields, imported where they are written)
    assert "".join(out) == f'"pot": {g.pot}, "stock": [{", ".join(map(str, g.stock))}], "refills": 0'


HEADER = {"kitapi": 1, "players": ["Ann", "Bob", "Cat"], "dealer": 0}


@pytest.mark.parametrize(
    ("rules", "options", "said"),
    [
        ("preference_at", {"both_drop": "lose"}, "option 'both_drop' must be one of win, nothing"),
        ("preference_illustrated", {"high_drop": "none"}, "option 'high_drop' must be one of three, lost"),
        ("preference_us", {"chip_bids": "all"}, "option 'chip_bids' must be one of pot, declarer"),
        ("preference_us", {"both_drop": "win"}, "unknown option 'both_drop'"),
        ("preference_at", {"win": 25}, "unknown option 'win'"),
    ],
)
def test_each_pot_game_refuses_an_option_it_does_not_take(rules: str, options: dict[str, object], said: str) -> None:
    with pytest.raises(RuleError) as e:
        new_game(dict(HEADER, rules=rules, options=options))
    assert str(e.value) == said


@pytest.mark.parametrize("rules", ["preference_at", "preference_illustrated", "preference_us"])
def test_each_pot_game_is_for_three_players(rules: str) -> None:
    with pytest.raises(RuleError):
        new_game(dict(HEADER, rules=rules, players=["Ann", "Bob", "Cat", "Dan"]))


def test_an_american_game_loads_the_shared_module_not_the_austrian_one() -> None:
    """The shared part is a module of its own (kitapi.rules.pot): an American game loads it beside its own module,
    not the Austrian game's module whole (3.3 KB less free at 64 KB when it did); the PC keeps it loaded."""
    import subprocess
    import sys

    code = (
        "import sys; from kitapi import rules; rules.load('preference_us')({'players': ['A', 'B', 'C']});"
        "print(sorted(m for m in sys.modules if m.startswith('kitapi.rules.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['kitapi.rules.pot', 'kitapi.rules.preference_us']", out


_MP_MADE = """
import gc, sys
from kitapi.game import new_game
g = new_game({"kitapi": 1, "rules": sys.argv[-1], "players": ["Ann", "Bob", "Cat"], "dealer": 0})
gc.collect()
print(" ".join(sorted(m for m in sys.modules if m.startswith("kitapi.rules."))))
"""


@pytest.mark.parametrize(
    ("rules", "loaded"),
    [
        ("preference_at", "kitapi.rules.preference_at"),
        ("preference_illustrated", "kitapi.rules.preference_at kitapi.rules.preference_illustrated"),
        ("preference_us", "kitapi.rules.preference_us"),
    ],
)
def test_on_the_box_a_made_pot_game_has_let_pot_go(rules: str, loaded: str) -> None:
    """On MicroPython, the core in ROMFS as on the box, at the box's 64 KB: once a pot game is made only its own
    module is loaded (kitapi.rules.pot let go, and nothing refers to it: its heap is back at the next collection)."""
    from kitapi_host.mpy import run_core

    p = run_core(_MP_MADE, [rules], "64K", romfs=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.strip() == loaded
