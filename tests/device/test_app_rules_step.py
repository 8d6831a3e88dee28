"""The rules step is the registry (issue 25, item 3): every row of kitapi.registry is listed, five to a page,
and picked by the keys kitapi_host.sim.pick.rules_keys computes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitapi.app import lang_en, newgame
from kitapi.registry import rows
from kitapi_host.sim import typist
from kitapi_host.sim.pick import PAGE, rules_keys
from testkit import Device, device_log, lines, new_game_keys

IDS = [r[0] for r in rows()]


def start_keys(rules: str) -> str:
    """A new game of ``rules`` from the start menu with every step's default (# for the number of players, the
    pouch, the options and the dealer), the names typed."""
    seats = {"priffe": 4}.get(rules, 3)
    return new_game_keys(rules) + " # " + " ".join(typist.TYPED[:seats]) + " # # # #"


@pytest.mark.parametrize("rules", IDS)
def test_every_system_is_picked_by_its_keys_and_starts_its_game(tmp_path: Path, rules: str) -> None:
    dev = Device(tmp_path / "data")
    shown = dev.keys(new_game_keys(rules))
    assert lines(shown[-2])[1] == "Rules?" and lines(shown[-1])[1] != "Rules?", lines(shown[-1])  # moved on
    dev.keys(start_keys(rules)[len(new_game_keys(rules)) :])
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == rules


def test_the_number_beside_a_system_is_the_key_that_picks_it(tmp_path: Path) -> None:
    """Ten systems: 1-9 and 0 beside them, five to a page; B the next page, after the last the first; a key
    picks its system on either page (the keys players learnt), and the keys of no system pick nothing."""
    dev = Device(tmp_path / "data")
    pages = [lines(s[-1])[2:7] for s in (dev.keys("1"), dev.keys("B"), dev.keys("B"))]
    names = lang_en.T[40]  # SYSTEMS
    assert len(IDS) == len(names) == 10
    assert pages[0] == [f"{rules_keys(r)} {n}" for r, n in zip(IDS[:5], names[:5], strict=True)], pages
    assert pages[1][:5] == [f"{rules_keys(r)} {n}" for r, n in zip(IDS[5:], names[5:], strict=True)], pages
    assert pages[2] == pages[0]
    assert [rules_keys(r) for r in IDS] == list("1234567890") and PAGE == newgame._PAGE
    shown = dev.keys(f"A D {rules_keys('priffe')}")  # on the first page: the tenth, shown on the second
    assert lines(shown[0])[2:7] == pages[0] and lines(shown[1])[2:7] == pages[0]
    assert lines(shown[-1])[1:3] == ["Players?", "4"], lines(shown[-1])  # Priffe's: four players
    dev.close()
