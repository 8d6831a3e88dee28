"""The checks every rules module's tests share: a hand-worked vector played through the core, random hands
that round-trip through both hand forms, and a game written in both log forms and replayed on both
runtimes."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import forkrun
from kitapi.game import RuleError, new_game, result_json
from kitapi_host.logs import gen


def play_vector(vec: dict[str, Any], play: Callable[[Any, Any], None] | None = None) -> dict[str, Any] | None:
    """Play a test vector (tests/core/vectors/*.json) through the core: its result (``result_json``, read), or
    None for an ``"error"`` vector, whose hand k (0: the header) must be refused and change nothing.
    ``play(g, hand)`` plays a hand (default ``g.play``)."""
    header = copy.deepcopy(vec["header"])
    hands = copy.deepcopy(vec["hands"])
    step = play or (lambda g, hand: g.play(hand))
    k = vec["error"]["hand"] if "error" in vec else len(hands) + 1
    if k == 0:
        with pytest.raises(RuleError):
            new_game(header)
        return None
    g = new_game(header)
    for i, hand in enumerate(hands[: k - 1]):
        try:
            step(g, hand)
        except RuleError as e:
            pytest.fail(f"hand {i + 1} rejected{' too early' if 'error' in vec else ''}: {e}")
    if "error" not in vec:
        result: dict[str, Any] = json.loads(result_json(g))
        return result
    before = result_json(g)
    with pytest.raises(RuleError):
        g.play(hands[k - 1])
    assert result_json(g) == before, "the rejected hand changed the standings"
    return None


def round_trips(
    hdr: dict[str, Any],
    hands: list[dict[str, Any]],
    invariant: Callable[[dict[str, Any]], bool],
    written: Callable[[dict[str, Any]], dict[str, Any]] = lambda h: h,
) -> None:
    """Play ``hands``: each packs into 28 bits and unpacks to itself, its JSON line reads back the same and
    is the hand as the core writes it (``written(hand)``), the standings keep ``invariant(result)``, and a
    game replayed from the lines ends the same."""
    g = new_game(hdr)
    again = new_game(hdr)
    for h in hands:
        g.play(h)
        packed = g.pack(g.hand)
        assert 0 <= packed < 1 << 28
        back = type(g.hand)()
        g.unpack(packed, back)
        assert g.pack(back) == packed
        line = g.hand_json(g.hand)
        assert g.hand_json(back) == line
        assert json.loads(line) == written(h)
        again.play(json.loads(line))
        res = json.loads(result_json(g))
        assert invariant(res), res
    assert result_json(again) == result_json(g)


def both_forms_agree(
    tmp_path: Path, hdr: dict[str, Any], hands: list[dict[str, Any]], end: bool = False
) -> dict[str, Any]:
    """Write the game as JSON Lines (closed with ``{"end": true}`` if ``end``), convert it to a device log
    and back (byte for byte the same), replay both forms on CPython and MicroPython (the same JSON); the
    standings."""
    src = tmp_path / "g.jsonl"
    gen.write_jsonl(src, hdr, hands)
    if end:
        with src.open("a") as f:
            f.write('{"end": true}\n')
    dev = tmp_path / "g.kitapi"
    back = tmp_path / "back.jsonl"
    for a, b in ((src, dev), (dev, back)):
        p = forkrun.run(["convert", str(a), str(b)], text=True)
        assert p.returncode == 0, p.stderr
    assert back.read_bytes() == src.read_bytes()
    outs = set()
    for path in (src, dev):
        for runtime in ("cpython", "micropython"):
            p = forkrun.run(["replay", str(path), "--json", "--runtime", runtime], text=True)
            assert p.returncode == 0, p.stderr
            outs.add(p.stdout)
    assert len(outs) == 1
    result: dict[str, Any] = json.loads(outs.pop())
    return result
