"""The PC's side of the priffe family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import random
from typing import Any

from kitapi.rules.priffe import CONTRACTS, HONOURS
from kitapi_host.families._common import SHORT_NAMES, Hand, next_dealer, play_out

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "rubbers"  # the option the new game's number step sets
BENCH: dict[str, Any] = {}  # the bench's long game: 99 rubbers (about 1,200 hands)


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Ann, Bob, Cat, Dan, 99 rubbers (the most the core allows) unless ``options`` say."""
    rubbers = options.pop("rubbers", 99)
    return {"kitapi": 1, "rules": rules, "players": list(SHORT_NAMES), "options": {"rubbers": rubbers, **options},
            "dealer": 0}  # fmt: skip


def priffe_hand(rng: Any, dealer: int) -> dict[str, Any]:
    """A random valid Priffe hand dealt by ``dealer`` (``rng``: a random.Random); most are made by one
    trick, most others one or two off: a rubber lasts about a dozen hands."""
    c = rng.choices(CONTRACTS, (50, 12, 15, 13, 10))[0]
    h: dict[str, Any] = {"dealer": dealer, "contract": c}
    if c != "forced":
        h["declarer"] = rng.randrange(4)
    usual = 6 if c in ("noll", "forced") else 7
    r = rng.random()
    if r < 0.85:
        h["tricks"] = usual if c != "forced" else rng.choice((6, 7))
    elif r < 0.98:  # one or two off either way
        h["tricks"] = usual + rng.choice((-2, -1, 1, 2))
    else:
        h["tricks"] = rng.randrange(14)
    if rng.random() < 0.1:
        h["honours"] = rng.choice(HONOURS[1:])
        h["holder"] = rng.randrange(4)
    return h


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A random Priffe game of ``hands`` hands (fewer if it ends first), each dealt by the dealer the
    core proposes (Game.next_dealer: after a change of places, the one who stays put); always 4 players."""
    rng = random.Random(seed)
    return play_out(header(rules, 4, **options), hands, lambda g: priffe_hand(rng, next_dealer(g)))


def hand_keys(g: Any, hand: Hand) -> str:
    """The key presses for a Priffe hand (kitapi.app.systems.priffe.wiz), from the home screen to the saved
    hand: the declarer's seat (0 a forced Noll), the contract (# Play), the team's tricks (# made by one: 7,
    6 in a Noll; A-D 10-13), the honours (# none), who held them (# the declarer, the dealer in a forced Noll), #."""
    c = CONTRACTS.index(hand["contract"])
    if c == 4:
        keys = "0"
        holder = hand["dealer"]
    else:
        keys = str(hand["declarer"] + 1) + ("#" if c == 0 else str(c + 1))
        holder = hand["declarer"]
    t = hand["tricks"]
    keys += "#" if t == (6 if c in (1, 4) else 7) else "0123456789ABCD"[t]
    honours = HONOURS.index(hand.get("honours", ""))
    keys += str(honours) if honours else "#"
    if honours:
        keys += "#" if hand["holder"] == holder else str(hand["holder"] + 1)
    return keys + "#"


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
