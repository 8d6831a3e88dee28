"""The PC's side of the pot family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import random
from typing import Any

from kitapi.rules.preference_at import BIDS, SUITS, PreferenceAt
from kitapi_host.families._common import SHORT_NAMES, Hand, play_out, tricks_key

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "chips"  # the option the new game's number step sets: each player's chips
# the bench's long game: 10,000 chips each (the number step takes 5 digits; 1,000 hands fit: no stock runs out)
BENCH: dict[str, Any] = {"chips": 10_000}


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Ann, Bob, Cat, 10,000 chips each unless ``options`` say."""
    chips = options.pop("chips", 10_000)
    return {"kitapi": 1, "rules": rules, "players": SHORT_NAMES[:3], "options": {"chips": chips, **options},
            "dealer": 0}  # fmt: skip


def pot_at_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
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


def pot_us_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
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


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A random game of a pot game (Ann, Bob, Cat): up to ``hands`` hands, fewer if it ends first; the dealer
    goes round from seat 0.  The Austrian game's bids for its class and those derived from it, else the
    American's."""
    rng = random.Random(seed)
    hdr = header(rules, 3, **options)

    def deal(g: Any) -> Hand:
        make = pot_at_hand if isinstance(g, PreferenceAt) else pot_us_hand
        return make(rng, g, g.hands % 3)

    return play_out(hdr, hands, deal)


# the bid step's number (0-8) of each bid index of kitapi.rules.preference_at.BIDS, then its Hand form at +9
_POT_BIDS = (0, 1, 2, 3, 4, 9, 10, 13, 14, 0, 5, 6, 7, 8, 11, 12, 15, 16)


def hand_keys(g: Any, hand: Hand) -> str:
    """The key presses for a hand of a pot game (in the log's JSON form), from the home screen to the
    saved hand: kitapi.app.systems.pot.wiz's steps, # wherever its default is the answer."""
    if not isinstance(g, PreferenceAt):  # the American game: a suit bid or chips
        if hand.get("pass"):
            return "0#"
        if "bid" in hand:
            keys = str(hand["declarer"] + 1) + str("SCDH".index(hand["bid"]) + 1)
        else:
            keys = "D" + "".join(f"{c}#" if c else "#" for c in hand["chips"])
            keys += str("SCDH".index(hand["trump"]) + 1) if "trump" in hand else "#"
        return keys + tricks_key(hand["tricks"], 6) + "#"
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
        keys += tricks_key(t[s], 6 if b <= 8 else 10 * (1 - b % 2))
        d1, d2 = (s + 1) % 3, (s + 2) % 3
        if d1 not in drop and d2 not in drop and t[s] != 10:  # (all ten the declarer's: 0-0 is not asked)
            keys += tricks_key(t[d1], (11 - t[s]) // 2)
    return keys + "#"


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
