"""The keys a scorekeeper presses to enter a hand on the device (the hand wizards of kitapi.app), and the
keys of a new game and of a scripted game (``*_script``, for ``kitapi bench``).

Used by the tests (a game typed into the simulator must come out of its log
unchanged) and by ``kitapi bench`` (key presses per hand).  The typist knows
the wizard's defaults and presses # wherever the default is the answer.
"""

from __future__ import annotations

from typing import Any

from kitapi.rules.priffe import CONTRACTS, HONOURS

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
        keys += "#" if tb == level else ("A" if tb == 10 else str(tb))
        if hand["defense"] != "alone" and tb != 10:  # (all ten the bidder's: the defenders' 0-0 is not asked)
            rest = 10 - tb
            keys += "#" if tricks[d1] == (rest + 1) // 2 else "A" if tricks[d1] == 10 else str(tricks[d1])
    if hand.get("aces"):
        keys += "A"
    return keys + "#"


def presses(keys: str) -> int:
    """How many key presses a script holds (a long press is one)."""
    return len(keys) - keys.count("L")


# --- Russian Preferans (the wizard of kitapi.app.systems.preferans.wiz) ------------------------------------

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
        keys = "0"
        left = 10
        for s in asked:
            if not left:  # none left: the others are not asked (0-0)
                break
            keys += "A" if t[s] == 10 else str(t[s])
            left -= t[s]
        return keys + "#"
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
        keys += "#" if ts == level else ("A" if ts == 10 else str(ts))
        if h.w1 == 0 and h.w2 == 0 and ts != 10:  # (all ten the soloist's: the defenders' 0-0 is not asked)
            rest = 10 - ts
            d1 = hand["tricks"][h.d1]
            keys += "#" if d1 == (rest + 1) // 2 else "A" if d1 == 10 else str(d1)
    if hand.get("open"):
        keys += "A"
    return keys + "#"


# --- Prefa with a common kasa (kitapi.app.systems.kasa) -------------------------------------------------


def kasa_keys_for(hand: dict[str, Any], n: int, kasa: int = 500) -> str:
    """The keys of a hand of a kasa game (``kasa``: what each put in at the start, the top-up's default):
    Prefa's keys, or D, the amount and # twice for a top-up."""
    if "topup" in hand:
        return "D" + ("" if hand["topup"] == kasa else str(hand["topup"])) + "##"
    return keys_for(hand, n)


# the names of a new game (kitapi_host.logs.gen.SHORT_NAMES: Ann, Bob, Cat, Dan), typed with multi-tap
TYPED = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#", "0 3~1500 2~1500 66#")


def kasa_script(seed: int, hands: int, n: int = 3) -> tuple[str, list[str]]:
    """A new kasa game (rules key 6, 50,000 each, topped up below 5,000) and the keys of ``hands`` hands."""
    from kitapi_host.logs import gen

    kasa = 50_000
    hdr, hs = gen.kasa_game(seed, hands, n, kasa, topup_below=5_000)
    return f"1 6 {n} " + " ".join(TYPED[:n]) + f" {kasa}# # # #", [kasa_keys_for(h, n, kasa) for h in hs]


# --- Swedish Priffe (kitapi.app.systems.priffe.wiz) ----------------------------------------------------------


def priffe_keys_for(hand: dict[str, Any]) -> str:
    """The key presses for a Priffe hand, from the home screen to the saved hand: the declarer's seat
    (0 a forced Noll), the contract (# Play), the team's tricks (# made by one: 7, 6 in a Noll; A-D
    10-13), the honours (# none), who held them (# the declarer, the dealer in a forced Noll), #."""
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


def priffe_setup(rubbers: int = 99, option_keys: str = "") -> str:
    """The keys of a new Priffe game: rules key 0, 4 players, Ann Bob Cat Dan, the rubbers, options, first
    dealer seat 1, start."""
    return f"1 0 4 {' '.join(TYPED)} {rubbers}# {option_keys}# # #"


def priffe_script(rules: str, seed: int, hands: int) -> tuple[str, list[str]]:
    """A new Priffe game of 99 rubbers (the most the core allows: about 1,200 hands of ``priffe_hand``'s)
    and the keys of its first ``hands`` hands (fewer if the 99 rubbers end first)."""
    from kitapi_host.logs import gen

    assert rules == "priffe"
    _, hs = gen.priffe_game(seed, hands)
    return priffe_setup(), [priffe_keys_for(h) for h in hs]


# --- The pot games: Austrian, Illustrated, American Préférence (kitapi.app.systems.pot and its wiz) -----------

_POT_RULES = {"preference_at": 7, "preference_illustrated": 8, "preference_us": 9}  # the rules step's keys
# the bid step's number (0-8) of each bid index of kitapi.rules.preference_at.BIDS, then its Hand form at +9
_POT_BIDS = (0, 1, 2, 3, 4, 9, 10, 13, 14, 0, 5, 6, 7, 8, 11, 12, 15, 16)


def _pot_tricks(t: int, default: int) -> str:
    return "#" if t == default else "A" if t == 10 else str(t)


def pot_keys_for(rules: str, hand: dict[str, Any]) -> str:
    """The key presses for a hand of a pot game (in the log's JSON form), from the home screen to the
    saved hand: kitapi.app.systems.pot.wiz's steps, # wherever its default is the answer."""
    if rules == "preference_us":
        if hand.get("pass"):
            return "0#"
        if "bid" in hand:
            keys = str(hand["declarer"] + 1) + str("SCDH".index(hand["bid"]) + 1)
        else:
            keys = "D" + "".join(f"{c}#" if c else "#" for c in hand["chips"])
            keys += str("SCDH".index(hand["trump"]) + 1) if "trump" in hand else "#"
        return keys + _pot_tricks(hand["tricks"], 6) + "#"
    from kitapi.rules.preference_at import BIDS, SUITS

    b = BIDS.index(hand["bid"])
    s = hand["declarer"]
    if b == 0:
        keys = "0"
    else:
        pos = _POT_BIDS.index(b)
        keys = str(s + 1) + ("A" if pos >= 9 else "") + str(pos % 9)
    if b <= 8:  # the trump: # the bid's own suit (none after an all-pass), 0 none written
        trump = SUITS.index(hand["trump"]) if "trump" in hand else 0
        keys += "#" if trump == ((b - 1) % 4 + 1 if b else 0) else str(trump)
    drop = hand.get("drop", [])
    keys += "".join(str(x + 1) for x in drop) + "#"
    if "tricks" in hand:
        t = hand["tricks"]
        keys += _pot_tricks(t[s], 6 if b <= 8 else 10 * (1 - b % 2))
        d1, d2 = (s + 1) % 3, (s + 2) % 3
        if d1 not in drop and d2 not in drop and t[s] != 10:  # (all ten the declarer's: 0-0 is not asked)
            keys += _pot_tricks(t[d1], (11 - t[s]) // 2)
    return keys + "#"


def pot_setup(rules: str, chips: int, option_keys: str = "") -> str:
    """The keys of a new pot game: its rules key, 3 players, Ann Bob Cat, the chips, options, first dealer
    seat 1, start."""
    return f"1 {_POT_RULES[rules]} 3 {' '.join(TYPED[:3])} {chips}# {option_keys}# # #"


def pot_script(rules: str, seed: int, hands: int) -> tuple[str, list[str]]:
    """A new pot game of 10,000 chips each (the number step takes 5 digits; 1,000 hands fit: no stock
    runs out) and the keys of its ``hands`` hands."""
    from kitapi_host.logs import gen

    _, hs = gen.pot_game(rules, seed, hands, 10_000)
    return pot_setup(rules, 10_000), [pot_keys_for(rules, h) for h in hs]
