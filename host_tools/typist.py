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


# --- Russian Preferans (the wizard of kitapi.app.prefwiz) ------------------------------------

_WORDS = (("whist", "whist", None), ("whist", "pass", None), ("pass", "whist", None), ("pass", "pass", None),
          ("pass", "half", None), ("half", "pass", None), ("pass", "pass", 0), ("pass", "pass", 1))  # fmt: skip
_WIDOWS = ("", "A", "KQ", "AK", "AA")


def _probe(g: Any, hand: dict[str, Any]) -> Any:
    """The core's Hand for ``hand`` (parsed without the state checks), its defenders set."""
    h = type(g.hand)()
    g.parse_hand(hand, h)
    g.defenders(h)
    return h


def device_form(g: Any, hand: dict[str, Any]) -> dict[str, Any]:
    """``hand`` as the device writes it: where the split of the defenders' tricks cannot change the
    score (one whister, a misere, a 10 without whisting), all of them on the whisting hand (or
    defender 1's); the dealer's taken-over hand at the dealer's seat."""
    if "tricks" not in hand:
        return dict(hand)
    h = _probe(g, hand)
    out = dict(hand)
    t = list(hand["tricks"])
    s = hand["soloist"]
    if h.w1 == 0 and h.w2 == 0:
        return out
    rest = 10 - t[s]
    t = [0] * g.n
    t[s] = hand["tricks"][s]
    if h.dealer_whist >= 0:
        t[h.dealer] = rest
    elif h.w2 == 0:
        t[h.d2] = rest
    else:
        t[h.d1] = rest
    out["tricks"] = t
    return out


def pref_keys_for(g: Any, hand: dict[str, Any]) -> str:
    """The key presses for a Preferans hand, from the home screen to the saved hand (``g``: the game)."""
    n = g.n
    if hand.get("misdeal"):
        return "DA#"
    if "allpass" in hand:
        t = hand["allpass"]
        order = [s for s in range(n) if not (n == 4 and s == hand["dealer"] and g.ALLPASS_KIND == 2)]
        asked = order if n == 2 else order[:-1]
        return "0" + "".join("A" if t[s] == 10 else str(t[s]) for s in asked) + "#"
    h = _probe(g, hand)
    s = hand["soloist"]
    keys = str(s + 1)
    contract = hand["contract"]
    if g.name == "balkan":  # one step: the bid's number (A first for the closed Game bid)
        keys += ("A" if hand.get("game") else "") + contract
        level = 0 if contract == "6" else 6  # Bettler takes no trick; every other bid needs 6
    elif contract == "M":
        keys += "LA" if hand.get("hand") else "A"
        level = 0
    else:
        level = int(contract[:-1])
        keys += str(level % 10) + str(_SUITS.index(contract[-1]) + 1)
    if getattr(g, "widow_points", False):
        w = 5 if hand.get("refused") else _WIDOWS.index(hand.get("widow", ""))
        keys += "#" if w == 0 else str(w)
    if hand.get("resign"):
        return keys + "B#"
    if "whist" in hand:
        words = hand["whist"] + ["pass"] * (2 - len(hand["whist"]))
        i = _WORDS.index((words[0], words[1], hand.get("dealer_whist")))
        keys += "#" if i == 1 else str(i + 1)
    if "tricks" in hand:
        ts = hand["tricks"][s]
        keys += "#" if ts == level else ("L0" if ts == 0 else str(ts % 10))
        if h.w1 == 0 and h.w2 == 0:
            rest = 10 - ts
            d1 = hand["tricks"][h.d1]
            keys += "#" if d1 == (rest + 1) // 2 else str(d1)
    if hand.get("open"):
        keys += "A"
    return keys + "#"


# --- Prefa with a common kasa (kitapi.app.sys_kasa) -------------------------------------------------


def kasa_keys_for(hand: dict[str, Any], n: int, kasa: int = 500) -> str:
    """The keys of a hand of a kasa game (``kasa``: what each put in at the start, the top-up's default):
    Prefa's keys, or D, the amount and # twice for a top-up."""
    if "topup" in hand:
        return "D" + ("" if hand["topup"] == kasa else str(hand["topup"])) + "##"
    return keys_for(hand, n)


# the names of a new game, typed with multi-tap: Anna, Babis, Costas, Dimitra (kitapi_host.gen.header)
_TYPED = (
    "0 2~1500 66~1500 66~1500 2#",
    "0 22~1500 2~1500 22~1500 444~1500 7777#",
    "0 222~1500 666~1500 7777~1500 8~1500 2~1500 7777#",
    "0 3~1500 444~1500 6~1500 444~1500 8~1500 777~1500 2#",
)


def kasa_script(seed: int, hands: int, n: int = 3) -> tuple[str, list[str]]:
    """A new kasa game (rules key 6, 50,000 each, topped up below 5,000) and the keys of ``hands`` hands."""
    from kitapi_host import gen

    kasa = 50_000
    hdr, hs = gen.kasa_game(seed, hands, n, kasa, topup_below=5_000)
    return f"1 6 {n} " + " ".join(_TYPED[:n]) + f" {kasa}# # # #", [kasa_keys_for(h, n, kasa) for h in hs]
