"""``kitapi show``'s Tricks column of a Preferans game says what was entered, the same for a game typed on the box
(its device form puts every defence trick on one seat where the split cannot count) as for the PC's log of it
(issue 24, item 12)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from kitapi.game import new_game
from kitapi_host.cli import main as kitapi
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import ROOT

SAMPLE = ROOT / "examples" / "sample-sochi.jsonl"
_TRICKS = re.compile(r"\s(\d+ / \d+(?:\+\d+)*|\d+(?:-\d+)+)\s")


def _tricks_column(
    tmp_path: Path, name: str, lines: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> dict[str, str]:
    """Hand number -> its Tricks cell in `kitapi show` of the game ``lines`` (header first), archived alone."""
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    db = str(tmp_path / f"{name}.sqlite3")
    assert kitapi(["archive", "add", "--db", db, str(path)]) == 0
    capsys.readouterr()
    assert kitapi(["show", "1", "--db", db]) == 0
    out = capsys.readouterr().out
    table = out.split("Hand  Dealer", 1)[1].splitlines()[1:]
    cells = {}
    for row in table:
        m = _TRICKS.search(row)
        if row[:4].strip().isdigit() and m:
            cells[row[:4].strip()] = m.group(1)
    cells["note"] = "Tricks: the soloist's / the defenders' together" in out
    return cells


def _device_form(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    g = new_game(lines[0])
    out = [lines[0]]
    for h in lines[1:]:
        d = typist.device_form(g, h)
        g.play(d)
        out.append(d)
    return out


def test_the_sample_game_reads_as_entered(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """examples/sample-sochi.jsonl: Vera's 7H with Anna whisting alone, 2-1-7 in the PC's log, 3-0-7 in the box's
    (all the defence's tricks on the whister): both read "7 / 3"; Boris' clean misere 5-0-5 / 0-0-10 (or 10-0-0):
    "0 / 10"; with two whisters each one's, in seat order ("6 / 2+2"); an all-pass each player's."""
    lines = [json.loads(x) for x in SAMPLE.read_text().splitlines() if x]
    pc = _tricks_column(tmp_path, "pc", lines, capsys)
    box = _tricks_column(tmp_path, "box", _device_form(lines), capsys)
    assert [json.loads(x).get("tricks") for x in SAMPLE.read_text().splitlines()[2:3]] == [[2, 1, 7]]
    assert _device_form(lines)[2]["tricks"] != [2, 1, 7]  # (the box's form differs: the test means something)
    assert pc.pop("note") and box.pop("note")  # the table says how to read the column
    want = {"1": "6 / 2+2", "2": "7 / 3", "3": "10 / 0+0", "4": "9 / 0+1", "5": "5 / 5", "6": "3-5-2", "7": "0 / 10"}
    assert pc == want
    assert box == want


@pytest.mark.parametrize(("rules", "n", "seed"), [("sochi", 3, 1), ("leningrad", 4, 2), ("rostov", 3, 3)])
def test_random_games_read_the_same_typed_on_the_box_and_logged_on_the_pc(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: str, n: int, seed: int
) -> None:
    hdr, hands = gen.generate(rules, seed, 40, n, pool=20)
    lines = [hdr, *hands]
    pc = _tricks_column(tmp_path, "pc", lines, capsys)
    box = _tricks_column(tmp_path, "box", _device_form(lines), capsys)
    assert pc == box and len(pc) > 10
