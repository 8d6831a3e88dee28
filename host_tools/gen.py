"""Realistic Prefa games from a seed, for the benchmark, the tests and the simulator.

Hands are drawn with rough coffeehouse frequencies (mostly plain 6-bids, the
bidder mostly exact, now and then a pass, a drop or a nail); every hand is
checked and scored by the core, so a generated log is always a valid one.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json

Hand = dict[str, Any]

_LEVELS = (6, 7, 8, 9, 10)
_LEVEL_WEIGHTS = (55, 25, 12, 6, 2)
_DEFENSES = ("both", "alone", "invite", "none")
_DEFENSE_WEIGHTS = (62, 14, 4, 20)
_MARGIN = (-3, -2, -1, 0, 1, 2)  # bidder's tricks minus the contract
_MARGIN_WEIGHTS = (2, 5, 12, 62, 14, 5)


def header(players: int = 3, pouch: int = 31, **options: Any) -> dict[str, Any]:
    names = ["Anna", "Babis", "Costas", "Dimitra"][:players]
    return {"kitapi": 1, "rules": "prefa", "players": names, "options": {"pouch": pouch, **options}, "dealer": 0}


def random_hand(rng: random.Random, n: int, dealer: int) -> Hand:
    """One hand for a table of ``n`` with ``dealer`` dealing (no optional features)."""
    if rng.random() < 0.08:
        return {"dealer": dealer, "pass": True}
    seats = [s for s in range(n) if not (n == 4 and s == dealer)]
    bidder = rng.choice(seats)
    level = rng.choices(_LEVELS, _LEVEL_WEIGHTS)[0]
    suit = rng.choice("SCDHN" if level < 10 else "SCDH")
    defense = rng.choices(_DEFENSES, _DEFENSE_WEIGHTS)[0]
    hand: Hand = {"dealer": dealer, "bidder": bidder, "contract": f"{level}{suit}", "defense": defense}
    if defense == "none":
        return hand
    others = [s for s in seats if s != bidder]
    d1 = min(others, key=lambda s: (s - bidder) % n)  # the first seat after the bidder
    d2 = others[1] if others[0] == d1 else others[0]
    tb = max(0, min(10, level + rng.choices(_MARGIN, _MARGIN_WEIGHTS)[0]))
    tricks = [0] * n
    tricks[bidder] = tb
    if defense == "alone":
        active = rng.choice((d1, d2))
        tricks[active] = 10 - tb
        hand["active"] = active
    else:
        t1 = rng.randint(0, 10 - tb)
        tricks[d1], tricks[d2] = t1, 10 - tb - t1
        if defense == "invite":
            hand["active"] = rng.choice((d1, d2))
    hand["tricks"] = tricks
    return hand


def game(seed: int, hands: int, players: int = 3, pouch: int = 31) -> tuple[dict[str, Any], list[Hand]]:
    """A header and up to ``hands`` hands (fewer when the game ends before)."""
    rng = random.Random(seed)
    hdr = header(players, pouch)
    g = new_game(hdr)
    out: list[Hand] = []
    dealer = hdr["dealer"]
    while len(out) < hands and not g.over:
        h = random_hand(rng, players, dealer)
        g.play(h)
        out.append(h)
        dealer = (dealer + 1) % players
    return hdr, out


def write_jsonl(path: Path, hdr: dict[str, Any], hands: list[Hand]) -> None:
    """The game log in its canonical JSON Lines form (the core's writer)."""
    g = new_game(hdr)
    lines = [header_json(hdr)]
    for h in hands:
        g.parse(h)
        lines.append(record_json(g, OP_HAND))
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
