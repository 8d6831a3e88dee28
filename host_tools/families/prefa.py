"""The PC's side of the prefa family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import random
from typing import Any

from kitapi_host.families._common import Hand, next_dealer, play_out, tricks_key

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

# the option the new game's number step sets (kitapi_host.sim.typist.setup_keys)
SIZE = "pouch"
# the options of the long game the bench and the rig type (1,000 hands fit)
BENCH: dict[str, Any] = {"pouch": 5000}
# the commonest hand, which the bench counts the keys of
COMMONEST: Hand = {"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}

NAMES = ["Anna", "Babis", "Costas", "Dimitra"]
_LEVELS = (6, 7, 8, 9, 10)
_LEVEL_WEIGHTS = (55, 25, 12, 6, 2)
_DEFENSES = ("both", "alone", "invite", "none")
_DEFENSE_WEIGHTS = (62, 14, 4, 20)
_MARGIN = (-3, -2, -1, 0, 1, 2)  # bidder's tricks minus the contract
_MARGIN_WEIGHTS = (2, 5, 12, 62, 14, 5)
_SUITS = "SCDHN"


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Anna, Babis, Costas (Dimitra), a pouch of 31 unless ``options`` say."""
    pouch = options.pop("pouch", 31)
    return {"kitapi": 1, "rules": rules, "players": NAMES[: players or 3], "options": {"pouch": pouch, **options},
            "dealer": 0}  # fmt: skip


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


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A header (``header``) and up to ``hands`` random hands (fewer when the game ends before)."""
    rng = random.Random(seed)
    n = players or 3
    return play_out(header(rules, n, **options), hands, lambda g: random_hand(rng, n, next_dealer(g)))


def defenders(n: int, dealer: int, bidder: int) -> tuple[int, int]:
    """D1, D2: the seats after the bidder in turn order, the 4-player dealer skipped."""
    seats = [s for s in range(n) if not (n == 4 and s == dealer)]
    others = sorted((s for s in seats if s != bidder), key=lambda s: (s - bidder) % n)
    return others[0], others[1]


def keys_for(hand: Hand, n: int) -> str:
    """The keys of a Prefa hand at a table of ``n`` (kitapi.app.systems.prefa.wiz)."""
    if hand.get("pass"):
        return "0#"
    bidder = hand["bidder"]
    keys = str(bidder + 1)
    if hand.get("throw"):
        return keys + "A#"
    contract = hand["contract"]
    level, suit = int(contract[:-1]), _SUITS.index(contract[-1])
    keys += str(level % 10) + str(suit + 1)
    defense = _DEFENSES.index(hand["defense"])
    keys += "#" if defense == 0 else str(defense + 1)
    d1, d2 = defenders(n, hand["dealer"], bidder)
    if hand["defense"] in ("alone", "invite"):
        keys += "#" if hand["active"] == d1 else str(hand["active"] + 1)
    if hand["defense"] != "none":
        tricks = hand["tricks"]
        tb = tricks[bidder]
        keys += tricks_key(tb, level)
        if hand["defense"] != "alone" and tb != 10:  # (all ten the bidder's: the defenders' 0-0 is not asked)
            keys += tricks_key(tricks[d1], (10 - tb + 1) // 2)
    if hand.get("aces"):
        keys += "A"
    return keys + "#"


def hand_keys(g: Any, hand: Hand) -> str:
    """The key presses, from the home screen to the saved hand, in the simulator's key-script syntax."""
    return keys_for(hand, g.n)


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
