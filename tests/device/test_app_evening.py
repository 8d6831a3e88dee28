"""A scripted evening per game system on the box (issue 16's Proof): 32 hands typed, one edited, one
deleted, one more typed and undone, the deleted one restored, the game closed, its settlement and
standings viewed after closing (menu Games); what the box shows equals `kitapi replay` of its log.
The real firmware in the simulator, on the MicroPython runtime."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kitapi.game import new_game, result_json
from kitapi.registry import row
from kitapi_host import logs
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from test_app import SETUP, Device, home_standings, lines, pref_standings
from test_app_kasa import kasa_standings
from test_app_priffe import priffe_home
from testkit import balkan_turns, new_game_keys

HANDS = 32


def _script(system: str) -> tuple[str, list[str]]:
    """The keys of a new game of ``system`` and of its hands, more than HANDS + 1, none ending it."""
    n = HANDS + 1
    if system == "prefa":
        hdr, hs = gen.generate("prefa", 21, n, pouch=100)
        return SETUP, typist.game_keys(hdr, hs)
    if system in ("sochi", "balkan"):
        if system == "sochi":
            hdr, hs = gen.generate("sochi", 22, n, 3, pool=60)
        else:
            hdr, hs = balkan_turns(n, 60)
        hdr["players"] = ["Ann", "Bob", "Cat"]
        g = new_game(hdr)
        keys = []
        for h in hs:
            d = typist.device_form(g, h) if system == "sochi" else h
            keys.append(typist.hand_keys(g, d))
            g.play(d)
        return f"{new_game_keys(system)} 3 " + " ".join(typist.TYPED[:3]) + f" {hdr['options']['pool']}# # # #", keys
    if system == "prefa_kasa":
        hdr, hs = gen.generate("prefa_kasa", 23, n, 3, kasa=300)
        return new_game_keys("prefa_kasa") + " 3 " + " ".join(typist.TYPED[:3]) + " 300# # # #", typist.game_keys(
            hdr, hs
        )
    if system == "priffe":
        hdr, hs = gen.generate("priffe", 24, n, rubbers=9)
        return typist.setup_keys(system, 4, 9), typist.game_keys(hdr, hs)
    hdr, hs = gen.generate(system, 25, n, chips=500)
    return typist.setup_keys(system, 3, 500), typist.game_keys(hdr, hs)


def standings(system: str, texts: list[tuple[int, int, str]], res: dict[str, Any]) -> tuple[Any, Any]:
    """What the standings page shows, and what it should show of replay result ``res``."""
    names = res["players"]
    if system == "prefa":
        return home_standings(texts), list(zip(names, res["pouch"], res["chips"], strict=True))
    if system in ("sochi", "balkan"):
        return [p for _, p, _, _ in pref_standings(texts)], res["pool"]
    if system == "prefa_kasa":
        rows, kasa = kasa_standings(texts)  # (a closed game's: the kasa not yet shared, as when it was closed)
        share = int(Fraction(res.get("share", 0)))
        return ([net for _, net in rows], kasa), ([x - share for x in res["net"]], res["kasa"] + 3 * share)
    if system == "priffe":
        players, _ = priffe_home(texts)
        return [i for _, _, _, i in players], res["individual"]
    stock = []  # a pot game: each player's row: seat, name, stock, change
    for y in (16, 24, 32):
        cells = [s for x, s in sorted((x, s) for x, yy, s in texts if yy == y) if s.lstrip("+-").isdigit()]
        stock.append(int(cells[1]))
    return stock, res["stock"]


SYSTEMS = ["prefa", "prefa_kasa", "sochi", "balkan", "preference_at", "preference_illustrated", "preference_us",
           "priffe"]  # fmt: skip


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_evening(tmp_path: Path, system: str) -> None:
    setup, keys = _script(system)
    data = tmp_path / "data"
    dev = Device(data, heapsize="96K")
    dev.keys(setup)
    for k in keys[:HANDS]:
        shown = dev.keys(k)
    assert lines(shown[-1])[0] == f"Hand {HANDS + 1}", lines(shown[-1])  # not over
    # one edit: hand e, the last step it was typed at with a digit (the steps after it took #) gone back to
    # with *, another digit there, and # on: the first other digit the wizard saves
    typed = [k.replace(" ", "") for k in keys]
    e, d = next((i + 1, d) for i in range(2, HANDS) for d in (1, 2)
                if len(typed[i]) >= 4 and typed[i][-1 - d].isdigit() and set(typed[i][-d:]) == {"#"})  # fmt: skip
    for digit in (c for c in "1234567890" if c != typed[e - 1][-1 - d]):
        shown = dev.keys(f"A C {e} # #")
        assert lines(shown[-1])[0] == f"Hand {e}"  # the edit wizard, on its summary
        stepped = dev.keys("*" * d + digit)
        if f"Key {digit}: not here" in lines(stepped[-1]):  # the digit means nothing at this step (the bidder
            dev.keys("L*")  # among who stays in: the box says so): left, and tried with the next digit
            continue
        for _ in range(6):
            shown = dev.keys("#")
            if lines(shown[-1])[0] != f"Hand {e}":
                break
        if "Saved" in lines(shown[-1]):  # saved: the hands list again, at it
            break
        dev.keys("L*")  # not saved: left, and tried with the next digit
    assert lines(shown[-1])[1] == f"{e}/{HANDS} 0:?" and lines(shown[-1])[-2] == "Saved", lines(shown[-1])
    shown = dev.keys("*")
    assert lines(shown[-1])[0] == f"Hand {HANDS + 1}" and "Saved" not in lines(shown[-1]), lines(shown[-1])
    # one delete: hand 2, from the list, asked by number
    shown = dev.keys("A C 2 # D")
    assert lines(shown[-1])[0] == "Delete hand 2?"
    shown = dev.keys("# *")  # deleted (the list says so), home
    assert "Deleted" in lines(shown[-2]) and lines(shown[-1])[0] == f"Hand {HANDS + 1}"
    # one more hand, undone
    dev.keys(keys[HANDS])
    shown = dev.keys("L*")
    assert lines(shown[-1])[0] == f"Undo hand {HANDS + 1}?"
    shown = dev.keys("#")
    assert lines(shown[-1])[0] == f"Hand {HANDS + 2}"  # numbers are the log's: the undone hand keeps its own
    # one restore: hand 2 brought back
    shown = dev.keys("A C 2 # D")
    assert lines(shown[-1])[0] == "Restore 2?"
    dev.keys("# * C 3 #")  # restored (the list), home; closed early: End game, the settlement
    shown = dev.keys("#")
    assert "Game closed" in lines(shown[-1])
    # the settlement and the standings, viewed after closing
    owes = dev.keys("3 1")[-1]
    table = dev.keys("B")[-1]
    dev.keys("*")
    dev.close()

    (game,) = sorted((data / "games").glob("*.kitapi"))
    p = subprocess.run([sys.executable, "-m", "kitapi_host.cli", "replay", str(game), "--json"],
                       capture_output=True, text=True, check=True)  # fmt: skip
    res = json.loads(p.stdout)
    g, _ = logs.replay_file(game)
    assert json.loads(result_json(g)) == res and res["over"]
    assert res["hands"] == HANDS  # 32 typed; hand 2 deleted and restored; hand 33 undone
    got, want = standings(system, table, res)
    assert got == want, (lines(table), res)
    family = importlib.import_module("kitapi.app.systems." + row(g.name)[1])  # (kitapi.registry's family)
    for a, b, amount in family.transfers(g):  # who owes whom, as the replay settles it
        assert f"{g.players[a][:6]}\u2192{g.players[b][:6]}" in lines(owes) and amount in lines(owes), lines(owes)
    out = tmp_path / "log.jsonl"
    logs.convert(game, out)
    ops = [json.loads(x) for x in out.read_text().splitlines()[1:]]
    fixes = [o for o in ops if "replace" in o or "delete" in o]
    assert fixes[0]["replace"] == e and fixes[1] == {"delete": 2} and fixes[2] == {"delete": HANDS + 1}
    assert fixes[3] == dict(ops[1], replace=2)  # the restore: hand 2 as it was
    assert {k: v for k, v in fixes[0].items() if k != "replace"} != ops[e - 1]  # hand e changed
