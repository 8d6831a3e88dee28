"""Issue 35, item 6: Austrian and American Préférence share their code (kitapi.rules.pot's ``Pot``), each
module keeping only what differs: no run of lines written twice in preference_at.py and preference_us.py, and
what the pot games share is defined once (the three players, the options checked, the pot and stocks written, the
hands' JSON form asked of the class's module)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitapi.game import RuleError, new_game
from kitapi.rules.pot import Pot
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


@pytest.mark.parametrize("cls", [PreferenceAt, PreferenceIllustrated, PreferenceUs])
def test_each_pot_game_takes_what_they_share_from_pot(cls: type[Pot]) -> None:
    assert issubclass(cls, Pot)
    for name in ("parse_hand", "hand_json", "write_fields", "state"):
        assert name not in vars(cls), name  # one implementation: Pot's
    assert cls.json_form is not Pot.__dict__.get("json_form")  # what differs: each family's JSON module
    assert "json_form" in vars(cls) or cls is PreferenceIllustrated  # (Illustrated hands are Austrian hands)


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
    """The shared part is a module of its own (kitapi.rules.pot): an American game's heap holds it beside its own
    module, not the Austrian game's module whole (3.3 KB less free at 64 KB when it did)."""
    import subprocess
    import sys

    code = (
        "import sys; from kitapi import rules; rules.load('preference_us');"
        "print(sorted(m for m in sys.modules if m.startswith('kitapi.rules.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['kitapi.rules.pot', 'kitapi.rules.preference_us']", out
