"""Realistic games of every system from a seed, for the benchmark, the tests and the simulator.

Hands are drawn with rough coffeehouse frequencies (mostly plain 6-bids, the
bidder mostly exact, now and then a pass, a drop or a nail); every hand is
checked and scored by the core, so a generated log is always a valid one.
Each family's generator is its PC module's (kitapi_host.families.<family>):
``generate(rules, ...)`` asks the one of the system's family.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json
from kitapi_host.families import typist_family
from kitapi_host.families.scripted import SHORT_NAMES, Hand, play_out

__all__ = ["SHORT_NAMES", "Hand", "generate", "header", "play_out", "write_jsonl"]


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header of the system ``rules``: its family's players (``players`` of them, the family's
    usual number if None) and ``options`` over the family's defaults (Prefa's pouch 31, the kasa's 500,
    Priffe's 99 rubbers, the pot games' 10,000 chips)."""
    return dict(typist_family(rules).header(rules, players, **options))


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A header (``header``) and up to ``hands`` random legal hands of the system ``rules`` (fewer when the
    game ends before); the same seed, the same game.  ``options``: the header's, and a family's generator's
    own (the kasa's ``topup_below``: a top-up whenever the kasa is below it).  ValueError for a rules id
    kitapi.registry does not know."""
    hdr, hs = typist_family(rules).generate(rules, seed, hands, players, **options)
    return hdr, hs


def write_jsonl(path: Path, hdr: dict[str, Any], hands: list[Hand]) -> None:
    """The game log in its canonical JSON Lines form (the core's writer)."""
    g = new_game(hdr)
    lines = [header_json(hdr)]
    for h in hands:
        g.parse(h)
        lines.append(record_json(g, OP_HAND))
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
