"""Scripted games: what the families' typists and generators share (kitapi_host.families.<family>), and the
typist and the generator use: the core playing a generated game, the dealer it proposes, the names a new game
types.  Not a family: the registry names none of this module (a family's module is found by
``kitapi_host.families.typist_family``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kitapi.game import new_game

Hand = dict[str, Any]

# the players of the short-named generated logs (Priffe's, the pot games'), and the names a new game types
SHORT_NAMES = ["Ann", "Bob", "Cat", "Dan"]
# those names typed with multi-tap on the box's name step
TYPED = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#", "0 3~1500 2~1500 66#")


def play_out(hdr: dict[str, Any], hands: int, deal: Callable[[Any], Hand]) -> tuple[dict[str, Any], list[Hand]]:
    """``hdr`` and up to ``hands`` hands from ``deal(game so far)``, each played by the core (so each is one
    it accepts); fewer if the game ends first."""
    g = new_game(hdr)
    out: list[Hand] = []
    while len(out) < hands and not g.over:
        h = deal(g)
        g.play(h)
        out.append(h)
    return hdr, out


def next_dealer(g: Any) -> int:
    """The dealer the core proposes (Game.next_dealer): the header's first, then on the last dealer's left."""
    return int(g.next_dealer())


def split(rng: random.Random, total: int, seats: list[int], n: int) -> list[int]:
    """``total`` tricks over ``seats`` at random, as a list of n."""
    out = [0] * n
    for _ in range(total):
        out[rng.choice(seats)] += 1
    return out


def tricks_key(t: int, default: int) -> str:
    """A trick count on a wizard's tricks step: # the default, A ten, else its digit."""
    return "#" if t == default else "A" if t == 10 else str(t)
