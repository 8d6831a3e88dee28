"""Game.preview, Game.next_dealer and the replay up to a hand, on CPython (tests/mp/test_preview_mp.py runs the
same checks under MicroPython: ``make mptest``)."""

from __future__ import annotations

import io
import json
import os
import sys

import pytest

from kitapi.game import new_game, result_json
from kitapi.registry import rows
from kitapi.replay import replay

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "mp"))
import test_preview_mp as core  # noqa: E402  (the MicroPython script's checks)

sys.path.pop(0)


def _cases() -> list[tuple[str, dict[str, object]]]:
    out = []
    for fn in sorted(os.listdir(os.path.join(HERE, "vectors"))):
        with open(os.path.join(HERE, "vectors", fn), encoding="utf-8") as f:
            for case in json.load(f):
                if "header" in case and "hands" in case:
                    out.append((fn, case))
    return out


CASES = _cases()


def test_every_system_is_previewed() -> None:
    systems = {c["header"]["rules"] for _, c in CASES}  # type: ignore[index]
    assert systems >= {r[0] for r in rows()}  # every row of the registry has vectors (its checklist's step 1)


@pytest.mark.parametrize(("fn", "case"), CASES, ids=[f"{fn}:{c.get('name')}" for fn, c in CASES])
def test_the_preview_restores_the_game_exactly_and_reports_what_the_hand_changes(fn: str, case: dict) -> None:
    assert core.check_case(case, fn) == []


def test_the_next_dealer_is_the_cores() -> None:
    assert core.check_next_dealer() == []


def test_the_preview_of_a_hand_in_an_ended_game_is_refused_and_changes_nothing() -> None:
    g = new_game({"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"], "options": {"pouch": 2}, "dealer": 0})
    g.play({"dealer": 0, "bidder": 0, "contract": "6S", "defense": "none"})
    g.play({"dealer": 1, "bidder": 1, "contract": "6S", "defense": "none"})
    g.play({"dealer": 2, "bidder": 2, "contract": "6S", "defense": "none"})
    assert g.over
    before = result_json(g)
    h = g.hand
    g.parse_hand({"dealer": 0, "bidder": 0, "contract": "6S", "defense": "none"}, h)
    err = g.preview(h)
    assert err is not None and "over" in str(err)
    assert result_json(g) == before and g.over and g.hands == 3


LOG = (
    "\n".join(
        [
            '{"kitapi": 1, "rules": "prefa", "players": ["Ann", "Bob", "Cat"], "options": {"pouch": 5}, "dealer": 0}',
            '{"dealer": 0, "bidder": 0, "contract": "6S", "defense": "none"}',
            '{"dealer": 1, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}',
            '{"dealer": 2, "bidder": 2, "contract": "7H", "defense": "both", "tricks": [1, 2, 7]}',
            '{"replace": 2, "dealer": 1, "bidder": 1, "contract": "6C", "defense": "both", "tricks": [3, 5, 2]}',
            '{"dealer": 0, "pass": true}',
            '{"delete": 1}',
        ]
    )
    + "\n"
)


@pytest.mark.parametrize("stop", [1, 2, 3, 4, 5])
def test_the_replay_stops_before_a_hand_with_the_corrections_in(stop: int) -> None:
    g, _ = replay(io.BytesIO(LOG.encode()), None, stop)
    lines = LOG.splitlines()
    hands = [json.loads(lines[i]) for i in (1, 2, 3, 5)]
    hands[1] = {k: v for k, v in json.loads(lines[4]).items() if k != "replace"}  # hand 2 as corrected
    want = new_game(json.loads(lines[0]))
    for k, d in enumerate(hands[: stop - 1], 1):
        if k != 1:  # hand 1 deleted
            want.play(d)
    assert result_json(g) == result_json(want)
    assert not g.ended
