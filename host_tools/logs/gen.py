"""Realistic games of every system from a seed, for the benchmark, the tests and the simulator.

Hands are drawn with rough coffeehouse frequencies (mostly plain 6-bids, the
bidder mostly exact, now and then a pass, a drop or a nail); every hand is
checked and scored by the core, so a generated log is always a valid one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json
from kitapi.rules.priffe import CONTRACTS, HONOURS

Hand = dict[str, Any]

_LEVELS = (6, 7, 8, 9, 10)
_LEVEL_WEIGHTS = (55, 25, 12, 6, 2)
_DEFENSES = ("both", "alone", "invite", "none")
_DEFENSE_WEIGHTS = (62, 14, 4, 20)
_MARGIN = (-3, -2, -1, 0, 1, 2)  # bidder's tricks minus the contract
_MARGIN_WEIGHTS = (2, 5, 12, 62, 14, 5)


def header(players: int = 3, pouch: int = 31, **options: Any) -> dict[str, Any]:
    names = ["Anna", "Babis", "Costas", "Dimitra"][:players]
    return {"kitapi": 1, "rules": "prefa", "players": names, "options": {"pouch": pouch, **options}, "dealer": 0}


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


def _next_dealer(g: Any) -> int:
    """The dealer the core proposes (Game.next_dealer): the header's first, then on the last dealer's left."""
    return int(g.next_dealer())


def game(seed: int, hands: int, players: int = 3, pouch: int = 31) -> tuple[dict[str, Any], list[Hand]]:
    """A header and up to ``hands`` hands (fewer when the game ends before)."""
    rng = random.Random(seed)
    return play_out(header(players, pouch), hands, lambda g: random_hand(rng, players, _next_dealer(g)))


def write_jsonl(path: Path, hdr: dict[str, Any], hands: list[Hand]) -> None:
    """The game log in its canonical JSON Lines form (the core's writer)."""
    g = new_game(hdr)
    lines = [header_json(hdr)]
    for h in hands:
        g.parse(h)
        lines.append(record_json(g, OP_HAND))
    path.write_text("\n".join(lines) + "\n", encoding="ascii")


# --- Russian Preferans (sochi, leningrad, rostov) -----------------------------------------

_PREF_LEVELS = (6, 7, 8, 9, 10)
_PREF_LEVEL_WEIGHTS = (45, 28, 14, 8, 5)
_PREF_NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def preferans_header(rules: str = "sochi", players: int = 3, **options: Any) -> dict[str, Any]:
    return {"kitapi": 1, "rules": rules, "players": _PREF_NAMES[:players], "options": dict(options), "dealer": 0}


def _split(rng: random.Random, total: int, seats: list[int], n: int) -> list[int]:
    """``total`` tricks over ``seats`` at random, as a list of n."""
    out = [0] * n
    for _ in range(total):
        out[rng.choice(seats)] += 1
    return out


def preferans_hand(rng: random.Random, g: Any, dealer: int) -> Hand:
    """One random legal hand for the Preferans game ``g`` (its options and its state respected)."""
    n = g.n
    players = [s for s in range(n) if not (n == 4 and s == dealer)]
    r = rng.random()
    if r < 0.12:
        t = _split(rng, 10, players, n)
        if n == 2:
            t = _split(rng, rng.randint(3, 10), players, n)
        elif n == 4 and g.ALLPASS_KIND != 2 and not g.variants or (n == 4 and g.variants and g.name != "rostov"):
            w = rng.choice((0, 0, 1, 2))
            t = _split(rng, 10 - w, players, n)
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
        h["tricks"] = _split(rng, 10, players, n)
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
        t = _split(rng, 10 - ts, [p for p in players if p != soloist], n)
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
        t = _split(rng, 10 - ts, hands_of, n)
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


def preferans_game(
    seed: int, hands: int, rules: str = "sochi", players: int = 3, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """A Preferans header and up to ``hands`` random legal hands (fewer if the game ends)."""
    rng = random.Random(seed)
    hdr = preferans_header(rules, players, **options)
    return play_out(hdr, hands, lambda g: preferans_hand(rng, g, _next_dealer(g)))


def kasa_game(
    seed: int, hands: int, players: int = 3, kasa: int = 500, topup_below: int = 0
) -> tuple[dict[str, Any], list[Hand]]:
    """Prefa with a common kasa: Prefa's hands and now and then a top-up (always one when the kasa is
    below ``topup_below``), until the kasa is empty or ``hands`` are played."""
    rng = random.Random(seed)
    hdr = header(players, kasa)
    hdr["rules"] = "prefa_kasa"
    hdr["options"] = {"kasa": kasa}

    def deal(g: Any) -> Hand:
        if rng.random() < 0.05 or g.kasa < topup_below:
            return {"topup": rng.choice((kasa, 50, 125))}
        return random_hand(rng, players, _next_dealer(g))  # (a top-up deals no cards)

    return play_out(hdr, hands, deal)


# --- Swedish Priffe, and the pot games (Austrian, Illustrated, American Préférence) --------------------

# the players of these games' generated logs (kitapi_host.sim.typist.TYPED types them)
SHORT_NAMES = ["Ann", "Bob", "Cat", "Dan"]


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


def priffe_game(seed: int, hands: int, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[Hand]]:
    """A random Priffe game of ``hands`` hands (fewer if it ends first), each dealt by the dealer the
    core proposes (Game.next_dealer: after a change of places, the one who stays put)."""
    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": "priffe", "players": list(SHORT_NAMES), "options": {"rubbers": 99, **(options or {})},
           "dealer": 0}  # fmt: skip
    return play_out(hdr, hands, lambda g: priffe_hand(rng, _next_dealer(g)))


def pot_at_hand(rng: Any, g: Any, dealer: int) -> dict[str, Any]:
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


def pot_game(
    rules: str, seed: int, hands: int, chips: int, options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[Hand]]:
    """A random game of a pot game (Ann, Bob, Cat; ``chips`` each): up to ``hands`` hands, fewer if it ends
    first; the dealer goes round from seat 0."""
    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": rules, "players": SHORT_NAMES[:3], "options": {"chips": chips, **(options or {})},
           "dealer": 0}  # fmt: skip
    make = pot_us_hand if rules == "preference_us" else pot_at_hand
    return play_out(hdr, hands, lambda g: make(rng, g, g.hands % 3))
