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
from lang_table import table
from testkit import Device, device_log, firmware_copy, lines, new_game_keys, run_on

IDS = [r[0] for r in rows()]


def start(dev: Device, shown: list[list[tuple[int, int, str]]]) -> None:
    """From the players step (``shown``: the screens up to it), a new game with every step's default (# for the
    number of players the step offers, the pouch, the options and the dealer), the names typed."""
    assert lines(shown[-1])[1] == "Players?", lines(shown[-1])
    offered = lines(shown[-1])[2].split(" / ")  # ("2 / 3 / 4"): # takes 3 where offered, else the first
    seats = 3 if "3" in offered else int(offered[0])
    dev.keys(" # " + " ".join(typist.TYPED[:seats]) + " # # # #")


@pytest.mark.parametrize("rules", IDS)
def test_every_system_is_picked_by_its_keys_and_starts_its_game(tmp_path: Path, rules: str) -> None:
    dev = Device(tmp_path / "data")
    shown = dev.keys(new_game_keys(rules))
    assert lines(shown[-2])[1] == "Rules?" and lines(shown[-1])[1] != "Rules?", lines(shown[-1])  # moved on
    start(dev, shown)
    dev.close()
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["rules"] == rules


def test_the_number_beside_a_system_is_the_key_that_picks_it(tmp_path: Path) -> None:
    """The registry's rows five to a page, the last of each one's keys beside it (ten or fewer: 1-9 and 0, the keys
    players learnt); B the next page, after the last the first; with ten or fewer, a key picks its system on any
    page (the last system from the first page: its game starts), and the keys of no system pick nothing."""
    dev = Device(tmp_path / "data")
    count = -(-len(IDS) // PAGE)  # pages
    pages = [lines(dev.keys("1")[-1])[2:7]] + [lines(dev.keys("B")[-1])[2:7] for _ in range(count)]
    names = table("en").SYSTEMS
    assert len(names) == len(IDS) and PAGE == newgame._PAGE
    for i in range(count):
        shown = [f"{rules_keys(r).split()[-1]} {n}" for r, n in zip(IDS, names, strict=True)][
            i * PAGE : i * PAGE + PAGE
        ]
        assert pages[i][: len(shown)] == shown, pages
    assert pages[count] == pages[0]  # after the last page, the first
    if len(IDS) <= 10:
        assert [rules_keys(r) for r in IDS] == [str((i + 1) % 10) for i in range(len(IDS))]
        last = rules_keys(IDS[-1])
        shown = dev.keys(f"A D {last}")  # on the first page: the last system, shown on the last page
        assert lines(shown[0])[2:7] == pages[0] and lines(shown[1])[2:7] == pages[0]
        start(dev, shown)
        dev.close()
        log, _ = device_log(dev.data, tmp_path)
        assert json.loads(log[0])["rules"] == IDS[-1]
    else:
        assert lines(dev.keys(str(PAGE + 1))[-1])[1] == "Rules?"  # no sixth on a page: nothing picked
        dev.close()


# An eleventh system as a newcomer adds one (docs/architecture.md's checklist): Sochi with doubled whists, a
# core subclass with one constant changed (its options step not named: Sochi's), a registry row with its names
# (the rules step shows its label: the string tables' SYSTEMS are written from the registry).
_SOCHI2 = '''

class Sochi2(Sochi):
    """Sochi with doubled whists (a test's variant: tests/device/test_app_rules_step.py)."""

    name = "sochi2"
    WHIST_K = 2


CLASSES["sochi2"] = Sochi2
'''


_SOCHI2_ROW = """sochi2 preferans preferans Sochi x2|Sochi x2|Russian Preferans, Sochi x2
 el Σότσι x2|Σότσι2|Πρέφερανς, Σότσι x2
 ru Сочи x2|Сочи x2|Преферанс, Сочи x2
"""


def eleven_systems(tmp: Path) -> Path:
    """A copy of the firmware with an eleventh system, ``sochi2`` (the registry's last row)."""
    return firmware_copy(
        tmp,
        {
            "kitapi/registry.py": lambda s: s.replace('""".split(', _SOCHI2_ROW + '""".split('),
            "kitapi/rules/preferans.py": lambda s: s + _SOCHI2,
        },
    )  # fmt: skip


# Run with the copy as the package kitapi: the rules step's pages (B past the last: the first again) and the keys of
# the systems; a Sochi x2
# game picked by its keys, option 1 (Stalingrad) on, a hand typed (Bob 7 spades, Cat whists, Bob takes 5).
_ON_THE_COPY = """
import json, sys
from pathlib import Path
from kitapi.registry import rows
from kitapi_host.sim import typist
from kitapi_host.sim.pick import PAGE, rules_keys
from lang_table import table
from testkit import Device, device_log, lines

out = {"keys": {r[0]: rules_keys(r[0]) for r in rows()}}
dev = Device(Path("data"))
out["pages"] = [lines(dev.keys("1")[-1])[2:7]] + [lines(dev.keys("B")[-1])[2:7] for _ in range(-(-len(rows()) // PAGE))]
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


def test_a_system_past_the_last_is_on_its_page_picked_by_its_keys_and_played(tmp_path: Path) -> None:
    tree = eleven_systems(tmp_path)
    got = json.loads(run_on(tree, _ON_THE_COPY))
    ids = [*IDS, "sochi2"]
    assert len(ids) > 10  # (the registry has ten rows or more: the copy's has more than ten)
    # more than ten: the page's own 1-5, B before each page past the first
    assert got["keys"] == {r: " ".join(["B"] * (i // PAGE) + [str(i % PAGE + 1)]) for i, r in enumerate(ids)}
    names = [*table("en").SYSTEMS, "Sochi x2"]  # (its row's label)
    pages = [[f"{i + 1} {n}" for i, n in enumerate(names[k : k + PAGE])] for k in range(0, len(names), PAGE)]
    if len(pages[-1]) < PAGE:
        pages[-1].append("B:more *back")  # (and the key hint under the last page's rows)
    assert got["pages"] == [*pages, pages[0]], got["pages"]  # after the last page, the first
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
    # the home screen shows them: the nets of the settlement (104/3, -328/3, 224/3) rounded once, marked ≈
    assert got["home"][2:18] == ["1", "Ann", "0", "0", "≈+35", "2", "D", "Bob", "0", "8", "≈-109", "3", ">",
                                 "Cat", "0", "0"] and got["home"][18] == "≈+74", got["home"]  # fmt: skip


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
