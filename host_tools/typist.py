"""The keys a scorekeeper presses to enter a hand on the device (the hand wizard, kitapi.app.handwiz).

Used by the tests (a game typed into the simulator must come out of its log
unchanged) and by ``kitapi bench`` (key presses per hand).  The typist knows
the wizard's defaults and presses # wherever the default is the answer.
"""

from __future__ import annotations

from typing import Any

_SUITS = "SCDHN"
_DEFENSES = ("both", "alone", "invite", "none")


def defenders(n: int, dealer: int, bidder: int) -> tuple[int, int]:
    """D1, D2: the seats after the bidder in turn order, the 4-player dealer skipped."""
    seats = [s for s in range(n) if not (n == 4 and s == dealer)]
    others = sorted((s for s in seats if s != bidder), key=lambda s: (s - bidder) % n)
    return others[0], others[1]


def keys_for(hand: dict[str, Any], n: int) -> str:
    """The key presses, from the home screen to the saved hand, in the simulator's key-script syntax."""
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
        keys += "#" if tb == level else ("L0" if tb == 0 else str(tb % 10))
        if hand["defense"] != "alone":
            rest = 10 - tb
            keys += "#" if tricks[d1] == (rest + 1) // 2 else str(tricks[d1])
    if hand.get("aces"):
        keys += "A"
    return keys + "#"


def presses(keys: str) -> int:
    """How many key presses a script holds (a long press is one)."""
    return len(keys) - keys.count("L")
