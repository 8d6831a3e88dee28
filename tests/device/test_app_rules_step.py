"""The rules step is the registry (issue 25, item 3): every row of kitapi.registry is listed, five to a page,
and picked by the keys kitapi_host.sim.pick.rules_keys computes; an eleventh system, added to a copy of the
firmware as a newcomer adds one, takes the third page, its own keys, the options its class declares, and a
typed hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitapi.app import lang_en, newgame
from kitapi.app.systems.preferans import lang_en as pref_en
from kitapi.registry import rows
from kitapi_host.sim import typist
from kitapi_host.sim.pick import PAGE, rules_keys
from testkit import Device, device_log, firmware_copy, lines, new_game_keys, run_on

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


# An eleventh system as a newcomer adds one (docs/architecture.md's checklist): Sochi with doubled whists, a
# core subclass with one constant changed (its options step not named: Sochi's), a registry row, no strings
# (the rules step shows the registry's label).
_SOCHI2 = '''

class Sochi2(Sochi):
    """Sochi with doubled whists (a test's variant: tests/device/test_app_rules_step.py)."""

    name = "sochi2"
    WHIST_K = 2


CLASSES["sochi2"] = Sochi2
'''


def eleven_systems(tmp: Path) -> Path:
    """A copy of the firmware with an eleventh system, ``sochi2`` (the registry's last row)."""
    return firmware_copy(
        tmp,
        {
            "kitapi/registry.py": lambda s: s.replace("priffe priffe priffe Priffe\n", "priffe priffe priffe Priffe\n"
                                                     "sochi2 preferans preferans Sochi x2\n"),
            "kitapi/rules/preferans.py": lambda s: s + _SOCHI2,
        },
    )  # fmt: skip


# Run with the copy as the package kitapi: the rules step's three pages and the keys of the systems; a Sochi x2
# game picked by its keys, option 1 (Stalingrad) on, a hand typed (Bob 7 spades, Cat whists, Bob takes 5).
_ON_THE_COPY = """
import json, sys
from pathlib import Path
from kitapi.registry import rows
from kitapi_host.sim import typist
from kitapi_host.sim.pick import PAGE, rules_keys
from testkit import Device, device_log, lines

out = {"keys": {r[0]: rules_keys(r[0]) for r in rows()}}
dev = Device(Path("data"))
out["pages"] = [lines(s[-1])[2:7] for s in (dev.keys("1"), dev.keys("B"), dev.keys("B"), dev.keys("B"))]
out["page 1, key 6"] = lines(dev.keys("6")[-1])[1]  # no sixth on the page: nothing picked
dev.keys("*")  # the start menu
start = "1 " + rules_keys("sochi2") + " 3 " + " ".join(typist.TYPED[:3]) + " 20#"
out["options"] = lines(dev.keys(start)[-1])
out["option 1"] = lines(dev.keys("1")[-1])
out["home"] = lines(dev.keys("# # #  2 7 1 # 5 #")[-1])
dev.close()
log, res = device_log(Path("data"), Path("."))
out["log"] = log
out["result"] = res
print(json.dumps(out))
"""


def test_an_eleventh_system_is_on_the_third_page_picked_by_its_keys_and_played(tmp_path: Path) -> None:
    tree = eleven_systems(tmp_path)
    got = json.loads(run_on(tree, _ON_THE_COPY))
    ids = [*IDS, "sochi2"]
    # more than ten: the page's own 1-5, B before each page past the first
    assert got["keys"] == dict(zip(ids, ["1", "2", "3", "4", "5", "B 1", "B 2", "B 3", "B 4", "B 5", "B B 1"],
                                   strict=True))  # fmt: skip
    names = [*lang_en.T[40], "Sochi x2"]  # (no string table names it: the registry's label)
    assert (
        got["pages"]
        == [
            [f"{i + 1} {n}" for i, n in enumerate(names[:5])],
            [f"{i + 1} {n}" for i, n in enumerate(names[5:10])],
            ["1 Sochi x2", "B:more *back"],  # (and the key hint under it)
            [f"{i + 1} {n}" for i, n in enumerate(names[:5])],  # after the last page, the first
        ]
    ), got["pages"]
    assert got["page 1, key 6"] == "Rules?"
    # its options step: Sochi's (the class names none of its own), 1 cycles the first (Stalingrad: off, on)
    p = pref_en.T
    on, off = lang_en.T[51], lang_en.T[52]
    rows_shown = [f"{i + 1} {n}" for i, n in enumerate((*p[4], p[5][0]))]
    values = [off, on, off, off, p[6][0], p[6][2]]  # the defaults: half-whist on, the second pays, greedy
    assert got["options"] == ["Options", *[x for pair in zip(rows_shown, values, strict=True) for x in pair],
                              lang_en.T[25]], got["options"]  # fmt: skip
    assert got["option 1"] == [*got["options"][:2], on, *got["options"][3:]], got["option 1"]
    header = json.loads(got["log"][0])
    assert header["rules"] == "sochi2" and header["options"] == {"pool": 20, "stalingrad": True}, header
    assert len(got["log"]) == 2  # the header and the hand typed
    # Sochi's whists doubled (the copy's core replays its log): Bob's 7 spades (4 a trick) made 5, Cat whisted
    # alone and took 5: 5 x 4 x 2 = 40 and 2 undertricks x 4 = 8, 48 against Bob (Sochi writes 28); Ann's 8 for
    # the undertricks, Bob's hill 8
    assert got["result"]["whists"] == [[0, 8, 0], [0, 0, 0], [0, 48, 0]] and got["result"]["hill"] == [0, 8, 0]
    # the home screen shows them: the nets of the settlement (104/3, -328/3, 224/3) rounded once
    assert got["home"][2:18] == ["1", "Ann", "0", "0", "+35", "2", "D", "Bob", "0", "8", "-109", "3", ">", "Cat",
                                 "0", "0"] and got["home"][18] == "+74", got["home"]  # fmt: skip


def test_the_preferans_options_step_offers_what_each_class_declares() -> None:
    """The step's options are the class's STEP_OPTIONS bits (the same six, three for Balkan, as when the step
    named the systems), and Balkan's copies of the bits are kitapi.rules.preferans'."""
    from types import SimpleNamespace

    from kitapi.app.systems.preferans import options
    from kitapi.rules import balkan, preferans

    def offered(rules: str) -> list[str]:
        ng = SimpleNamespace(rules=rules)
        options.setup(ng)
        return [options._CHOICES[k][0] for k in ng.offered]

    five = ["stalingrad", "half_whist", "ten_whist", "resign", "whist_one"]
    assert offered("sochi") == [*five, "whist"]
    assert offered("leningrad") == [*five, "progression"]
    assert offered("rostov") == [*five, "widow"]
    assert offered("balkan") == ["half_whist", "resign", "whist"]
    for name in ("_STEP_HALF_WHIST", "_STEP_RESIGN", "_STEP_WHIST"):
        assert getattr(balkan, name) == getattr(preferans, name) == 1 << offered("sochi").index(name[6:].lower())
