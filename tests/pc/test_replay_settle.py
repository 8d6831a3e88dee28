"""`kitapi replay`'s settlement adds up: each payer's "pays" lines sum to the whole net in his Settles column,
each payee's too, for a kasa game in quarters and a Sochi game in thirds with a stake (issue 24, item 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kitapi_host.cli import main as kitapi
from kitapi_host.logs import gen


def _replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], hdr: dict[str, object], hands: list[object]) -> str:
    path = tmp_path / "g.jsonl"
    gen.write_jsonl(path, hdr, hands)  # type: ignore[arg-type]
    assert kitapi(["replay", str(path)]) == 0
    return capsys.readouterr().out


def _added_up(out: str, players: list[str]) -> dict[str, int]:
    settles = {}
    for line in out.splitlines():
        cells = line.split()
        if cells and cells[0] in players and len(cells) >= 3 and re.fullmatch(r"[+-]?\d+", cells[-1]):
            settles[cells[0]] = int(cells[-1])
    paid = dict.fromkeys(players, 0)
    for a, b, x in re.findall(r"^  (\S+) pays (\S+) (\d+) ", out, re.M):
        paid[a] -= int(x)
        paid[b] += int(x)
    assert paid == settles, out
    return settles


def test_a_four_player_kasa_in_quarters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded: nets -21 +40 -28 -201 and 210 in the kasa, 52.50 each: +31.50 +92.50 +24.50 -148.50; rounded
    once (31 92 24 -149 down, two halves up, the first seats'): +32 +93 +24 -149, and Dimitra pays 93 + 32 + 24."""
    hdr, hands = gen.generate("prefa_kasa", 3, 12, 4, kasa=100)
    out = _replay(tmp_path, capsys, hdr, hands)
    assert "+31.50" in out and "-148.50" in out and "largest remainder" in out
    assert _added_up(out, hdr["players"]) == {"Anna": 32, "Babis": 93, "Costas": 24, "Dimitra": -149}


def test_a_sochi_game_in_thirds_with_a_stake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bob 7 spades, Cat whisting, 5 tricks (as on the box, tests/device/test_app_settle.py): +34.67 -89.33
    +54.67, settled +35 -89 +54; the money from the exact nets at 0.50, rounded once to cents as the box pays
    it (issue 36, item 1): +17.34 -44.67 +27.33, not the whole whists' 27.00 and 17.50."""
    hdr = {"kitapi": 1, "rules": "sochi", "players": ["Ann", "Bob", "Cat"], "options": {"pool": 10, "stake": "0.5"},
           "dealer": 0}  # fmt: skip
    hands = [{"dealer": 0, "soloist": 1, "contract": "7S", "whist": ["whist", "pass"], "open": True,
              "tricks": [0, 5, 5]}]  # fmt: skip
    out = _replay(tmp_path, capsys, hdr, hands)
    assert _added_up(out, ["Ann", "Bob", "Cat"]) == {"Ann": 35, "Bob": -89, "Cat": 54}
    assert "Bob pays Cat 54 whists\n" in out and "Bob pays Ann 35 whists\n" in out
    assert "In money (the exact nets x the stake, each rounded once to 2 decimals, largest remainder):" in out
    assert out.endswith("  Bob pays Cat 27.33\n  Bob pays Ann 17.34\n"), out
