"""The PC's side of the preferans family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import random
from typing import Any

from kitapi.game import new_game
from kitapi_host.families._common import Hand, next_dealer, play_out, split, tricks_key

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "pool"  # the option the new game's number step sets
BENCH: dict[str, Any] = {"pool": 10000}  # the bench's long game: 1,000 hands fit
# the commonest hand, which the bench counts the keys of
COMMONEST: Hand = {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "pass"], "open": False,
                   "tricks": [0, 6, 4]}  # fmt: skip

_SUITS = "SCDHN"
_PREF_LEVELS = (6, 7, 8, 9, 10)
_PREF_LEVEL_WEIGHTS = (45, 28, 14, 8, 5)
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Anna, Boris, Vera (Gleb), ``options`` as given (the core's defaults)."""
    return {"kitapi": 1, "rules": rules, "players": NAMES[: players or 3], "options": dict(options), "dealer": 0}


def random_hand(rng: random.Random, g: Any, dealer: int) -> Hand:
    """One random legal hand for the Preferans game ``g`` (its options and its state respected)."""
    n = g.n
    players = [s for s in range(n) if not (n == 4 and s == dealer)]
    r = rng.random()
    if r < 0.12:
        t = split(rng, 10, players, n)
        if n == 2:
            t = split(rng, rng.randint(3, 10), players, n)
        elif n == 4 and g.ALLPASS_KIND != 2 and not g.NO_TALON:  # (the dealer may take the talon's tricks)
            w = rng.choice((0, 0, 1, 2))
            t = split(rng, 10 - w, players, n)
            t[dealer] = w
        return {"dealer": dealer, "allpass": t}
    if r < 0.14:
        return {"dealer": dealer, "misdeal": True}
    soloist = rng.choice(players)
    h: Hand = {"dealer": dealer, "soloist": soloist}
    if g.resign and r < 0.17:
        h.update(contract=f"{rng.choice(_PREF_LEVELS[1:4])}{rng.choice('SCDHN')}", resign=True)
        return h
    if r < 0.22:
        h["contract"] = "M"
        if g.misere_hand and rng.random() < 0.3:
            h["hand"] = True
        h["tricks"] = split(rng, 10, players, n)
        if rng.random() < 0.5:
            h["tricks"] = [0] * n
            h["tricks"][rng.choice([p for p in players if p != soloist])] = 10
        return _widow(rng, g, h)
    low = g.min_level()
    level = rng.choices(_PREF_LEVELS, _PREF_LEVEL_WEIGHTS)[0]
    level = max(level, low)
    h["contract"] = f"{level}{rng.choice('SCDHN')}"
    contract_req = g.requirement((level - 6) * 5)
    made = rng.random() < 0.75
    ts = rng.randint(level, 10) if made else rng.randint(max(0, level - 3), level - 1)
    if contract_req == 0:
        t = split(rng, 10 - ts, [p for p in players if p != soloist], n)
        t[soloist] = ts
        h["tricks"] = t
        return _widow(rng, g, h)
    if n == 2:
        words = [rng.choice(("whist", "whist", "pass"))]
        if g.stalingrad and h["contract"] == "6S":
            words = ["whist"]
    else:
        combos = [["whist", "whist"], ["whist", "pass"], ["pass", "whist"], ["pass", "pass"]]
        if level <= 7 and g.half_whist:
            combos.append(["pass", "half"])
            if g.half_whist_first:
                combos.append(["half", "pass"])
        words = rng.choice(combos)
        if g.stalingrad and h["contract"] == "6S":
            words = ["whist", "whist"]
    h["whist"] = words
    whisters = words.count("whist")
    if n > 2 and whisters == 1:
        h["open"] = rng.random() < 0.3
    if n == 4 and words == ["pass", "pass"] and rng.random() < 0.3:
        h["dealer_whist"] = rng.choice((0, 1))
    if whisters or "dealer_whist" in h:
        probe = g.hand.__class__()
        probe.soloist, probe.dealer = soloist, dealer
        g.defenders(probe)
        hands_of = [probe.d1] if n == 2 else [probe.d1, probe.d2]
        if "dealer_whist" in h:
            hands_of[h["dealer_whist"]] = dealer
        t = split(rng, 10 - ts, hands_of, n)
        t[soloist] = ts
        h["tricks"] = t
    return _widow(rng, g, h)


def _widow(rng: random.Random, g: Any, h: Hand) -> Hand:
    if getattr(g, "widow_points", False) and rng.random() < 0.4:
        if rng.random() < 0.2:
            h["refused"] = True
        else:
            h["widow"] = rng.choice(("A", "KQ", "AK", "AA"))
    return h


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A header (``header``) and up to ``hands`` random legal hands (fewer if the game ends): the Russian
    conventions' (``random_hand``), or the numbered bids' (``numbered_hand``) for a class with those."""
    rng = random.Random(seed)
    hdr = header(rules, players, **options)
    make = numbered_hand if _numbered(new_game(hdr)) else random_hand
    return play_out(hdr, hands, lambda g: make(rng, g, next_dealer(g)))


def _numbered(g: Any) -> bool:
    """Whether the game's contracts are numbers (Balkan's 2 to 7, typed as their number in one step) rather
    than a level and a suit: the core class says so (``NUMBERED``: None, or the lowest and the highest)."""
    return bool(getattr(g, "NUMBERED", None))


def _no_trick(g: Any, contract: str) -> bool:
    """Whether the numbered ``contract`` is the one to take no trick (Balkan's Bettler): the core says."""
    h = type(g.hand)()
    h.contract = int(contract)
    return bool(g.is_misere(h))


def numbered_hand(rng: random.Random, g: Any, dealer: int) -> dict[str, Any]:
    """A random legal hand of a game of numbered bids (Balkan's, ``g``)."""
    n = g.n
    players = [s for s in range(n) if not (n == 4 and s == dealer)]
    r = rng.random()
    if r < 0.1:
        t = [0] * n
        w = rng.choice((0, 0, 1, 2)) if n == 4 else 0
        if n == 4:
            t[dealer] = w
        for _ in range(rng.randint(3, 10) - w if n == 2 else 10 - w):
            t[rng.choice(players)] += 1
        return {"dealer": dealer, "allpass": t}
    if r < 0.12:
        return {"dealer": dealer, "misdeal": True}
    h: dict[str, Any] = {"dealer": dealer, "soloist": rng.choice(players), "contract": str(rng.randint(*g.NUMBERED))}
    if rng.random() < 0.2:
        h["game"] = True
    if g.resign and r < 0.15 and not _no_trick(g, h["contract"]) and "game" not in h:
        h["resign"] = True
        return h
    probe = g.hand.__class__()
    probe.soloist, probe.dealer = h["soloist"], dealer
    g.defenders(probe)
    ts = rng.randint(0, 10)
    if _no_trick(g, h["contract"]):
        hands_of = [p for p in players if p != h["soloist"]]
    else:
        combos = [["whist", "whist"], ["whist", "pass"], ["pass", "whist"], ["pass", "pass"], ["pass", "half"]]
        words = [rng.choice(("whist", "pass"))] if n == 2 else rng.choice(combos)
        h["whist"] = words
        if n > 2 and words.count("whist") == 1:
            h["open"] = rng.random() < 0.5
        if n == 4 and words == ["pass", "pass"] and rng.random() < 0.3:
            h["dealer_whist"] = rng.choice((0, 1))
        if "whist" not in words and "dealer_whist" not in h:
            return h
        hands_of = [probe.d1] if n == 2 else [probe.d1, probe.d2]
        if "dealer_whist" in h:
            hands_of[h["dealer_whist"]] = dealer
    t = [0] * n
    t[h["soloist"]] = ts
    for _ in range(10 - ts):
        t[rng.choice(hands_of)] += 1
    h["tricks"] = t
    return h


# the typist (kitapi.app.systems.preferans.wiz)

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


def hand_keys(g: Any, hand: dict[str, Any]) -> str:
    """The key presses for a Preferans hand, from the home screen to the saved hand (``g``: the game before it;
    kitapi.app.systems.preferans.wiz)."""
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
    if _numbered(g):  # one step: the bid's number (A first for the closed Game bid)
        keys += ("A" if hand.get("game") else "") + contract
        level = 0 if g.is_misere(h) else g.needed(h)  # Bettler takes no trick; every other bid needs 6
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
        keys += tricks_key(ts, level)
        if h.w1 == 0 and h.w2 == 0 and ts != 10:  # (all ten the soloist's: the defenders' 0-0 is not asked)
            keys += tricks_key(hand["tricks"][h.d1], (10 - ts + 1) // 2)
    if hand.get("open"):
        keys += "A"
    return keys + "#"
