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


# --- Swedish Priffe (kitapi.app.priffewiz) ----------------------------------------------------------

_PRIFFE_CONTRACTS = ("play", "noll", "hearts", "diamonds", "forced")
_PRIFFE_HONOURS = ("", "3", "3+1", "4")
# Ann, Bob, Cat, Dan typed with multi-tap
PRIFFE_NAMES = ["Ann", "Bob", "Cat", "Dan"]
_PRIFFE_TYPED = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8# 0 3~1500 2~1500 66#"


def priffe_keys_for(hand: dict[str, Any]) -> str:
    """The key presses for a Priffe hand, from the home screen to the saved hand: the declarer's seat
    (0 a forced Noll), the contract (# Play), the team's tricks (# made by one: 7, 6 in a Noll; A-D
    10-13), the honours (# none), who held them (# the declarer, the dealer in a forced Noll), #."""
    c = _PRIFFE_CONTRACTS.index(hand["contract"])
    if c == 4:
        keys = "0"
        holder = hand["dealer"]
    else:
        keys = str(hand["declarer"] + 1) + ("#" if c == 0 else str(c + 1))
        holder = hand["declarer"]
    t = hand["tricks"]
    keys += "#" if t == (6 if c in (1, 4) else 7) else "0123456789ABCD"[t]
    honours = _PRIFFE_HONOURS.index(hand.get("honours", ""))
    keys += str(honours) if honours else "#"
    if honours:
        keys += "#" if hand["holder"] == holder else str(hand["holder"] + 1)
    return keys + "#"


def priffe_hand(rng: Any, dealer: int) -> dict[str, Any]:
    """A random valid Priffe hand dealt by ``dealer`` (``rng``: a random.Random); most are made by one
    trick, most others one or two off: a rubber lasts about a dozen hands."""
    c = rng.choices(_PRIFFE_CONTRACTS, (50, 12, 15, 13, 10))[0]
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
        h["honours"] = rng.choice(_PRIFFE_HONOURS[1:])
        h["holder"] = rng.randrange(4)
    return h


def priffe_game(
    seed: int, hands: int, options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A random Priffe game of ``hands`` hands (fewer if it ends first): the header and the hands, each
    dealt by the dealer the device proposes (kitapi.app.sys_priffe.next_dealer)."""
    import random

    from kitapi.app.sys_priffe import next_dealer
    from kitapi.game import new_game

    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": "priffe", "players": list(PRIFFE_NAMES), "options": {"rubbers": 99, **(options or {})},
           "dealer": 0}  # fmt: skip
    g = new_game(hdr)
    out: list[dict[str, Any]] = []
    while len(out) < hands and not g.over:
        h = priffe_hand(rng, next_dealer(g))
        g.play(h)
        out.append(h)
    return hdr, out


def priffe_setup(rubbers: int = 99, option_keys: str = "") -> str:
    """The keys of a new Priffe game: rules key 0, 4 players, Ann Bob Cat Dan, the rubbers, options, first
    dealer seat 1, start."""
    return f"1 0 4 {_PRIFFE_TYPED} {rubbers}# {option_keys}# # #"


def priffe_script(rules: str, seed: int, hands: int) -> tuple[str, list[str]]:
    """A new Priffe game of 99 rubbers (the most the core allows: about 1,200 hands of ``priffe_hand``'s)
    and the keys of its first ``hands`` hands (fewer if the 99 rubbers end first)."""
    assert rules == "priffe"
    _, hs = priffe_game(seed, hands)
    return priffe_setup(), [priffe_keys_for(h) for h in hs]


# --- The pot games: Austrian, Illustrated, American Préférence (kitapi.app.sys_pot, potwiz) -----------

_POT_RULES = {"preference_at": 7, "preference_illustrated": 8, "preference_us": 9}  # the rules step's keys
# the bid step's number (0-8) of each bid index of kitapi.rules.preference_at.BIDS, then its Hand form at +9
_POT_BIDS = (0, 1, 2, 3, 4, 9, 10, 13, 14, 0, 5, 6, 7, 8, 11, 12, 15, 16)
POT_NAMES = ["Ann", "Bob", "Cat"]
_POT_TYPED = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8#"


def _pot_tricks(t: int, default: int) -> str:
    return "#" if t == default else "A" if t == 10 else str(t)


def pot_keys_for(rules: str, hand: dict[str, Any]) -> str:
    """The key presses for a hand of a pot game (in the log's JSON form), from the home screen to the
    saved hand: kitapi.app.potwiz's steps, # wherever its default is the answer."""
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
        if d1 not in drop and d2 not in drop:
            keys += _pot_tricks(t[d1], (11 - t[s]) // 2)
    return keys + "#"


def _pot_at_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
    from kitapi.rules.preference_at import BIDS, SUITS

    if rng.random() < 0.12:  # all passed: the dealer declares
        s, b = dealer, 0
    else:
        s = rng.randrange(3)
        b = rng.choices(range(1, g.max_bid + 1), (10, 10, 10, 10, 3, 3, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1)[: g.max_bid])[0]
    h: dict[str, Any] = {"dealer": dealer, "declarer": s, "bid": BIDS[b]}
    if b <= 8 and rng.random() < 0.9:
        lo = (b - 1) % 4 + 1 if b else 1
        h["trump"] = SUITS[rng.choice([lo] * 4 + list(range(lo, 5)))]  # mostly the bid's own suit
    d1, d2 = (s + 1) % 3, (s + 2) % 3
    r = rng.random()
    drop = []
    if r < 0.02:
        drop = [0, 1, 2]
    elif r < 0.08:
        drop = [s] + ([rng.choice((d1, d2))] if rng.random() < 0.3 and b <= 8 else [])
    elif r < 0.16 and b <= 8:  # above Preference one defender may never drop
        drop = [rng.choice((d1, d2))]
    elif r < 0.2:
        drop = [d1, d2]
    if drop:
        h["drop"] = sorted(drop)
    if s in drop or (d1 in drop and d2 in drop):
        return h  # nobody plays
    if b <= 8:
        tb = rng.choices(range(11), (1, 1, 1, 2, 4, 8, 20, 12, 6, 3, 2))[0]
    elif b % 2:  # a misère
        tb = 0 if rng.random() < 0.7 else rng.randint(1, 3)
    else:
        tb = 10 if rng.random() < 0.7 else rng.randint(7, 9)
    t = [0, 0, 0]
    t[s] = tb
    rest = 10 - tb
    if d1 in drop:
        t[d2] = rest
    else:
        t[d1] = rest if d2 in drop else (rest + 1) // 2 if rng.random() < 0.5 else rng.randint(0, rest)
        t[d2] = rest - t[d1]
    h["tricks"] = t
    return h


def _pot_us_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
    r = rng.random()
    if r < 0.08:
        return {"dealer": dealer, "pass": True}
    s = rng.randrange(3)
    tricks = rng.choices(range(11), (1, 1, 1, 2, 4, 6, 20, 12, 6, 3, 2))[0]
    cap = [min(63, g.stock[i] - g.ante) for i in range(3)]  # a chip bid comes from the stock after the ante
    if r < 0.3 and cap[s] >= 1:
        top = rng.randint(1, min(cap[s], 20))
        chips = [top if i == s else rng.randint(0, min(cap[i], top - 1)) for i in range(3)]
        h: dict[str, Any] = {"dealer": dealer, "declarer": s, "chips": chips}
        if rng.random() < 0.8:
            h["trump"] = rng.choice("SCDH")
        h["tricks"] = tricks
        return h
    return {"dealer": dealer, "declarer": s, "bid": rng.choice("SCDH"), "tricks": tricks}


def pot_game(
    rules: str, seed: int, hands: int, chips: int, options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A random game of a pot game (Ann, Bob, Cat; ``chips`` each): up to ``hands`` hands, fewer if it ends
    first; the dealer goes round from seat 0.  Every hand is one the core accepts."""
    import random

    from kitapi.game import new_game

    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": rules, "players": list(POT_NAMES), "options": {"chips": chips, **(options or {})},
           "dealer": 0}  # fmt: skip
    g = new_game(hdr)
    make = _pot_us_hand if rules == "preference_us" else _pot_at_hand
    out: list[dict[str, Any]] = []
    while len(out) < hands and not g.over:
        h = make(rng, g, len(out) % 3)
        g.play(h)
        out.append(h)
    return hdr, out


def pot_setup(rules: str, chips: int, option_keys: str = "") -> str:
    """The keys of a new pot game: its rules key, 3 players, Ann Bob Cat, the chips, options, first dealer
    seat 1, start."""
    return f"1 {_POT_RULES[rules]} 3 {_POT_TYPED} {chips}# {option_keys}# # #"


def pot_script(rules: str, seed: int, hands: int) -> tuple[str, list[str]]:
    """A new pot game of 10,000 chips each (the number step takes 5 digits; 1,000 hands fit: no stock
    runs out) and the keys of its ``hands`` hands."""
    _, hs = pot_game(rules, seed, hands, 10_000)
    return pot_setup(rules, 10_000), [pot_keys_for(rules, h) for h in hs]
