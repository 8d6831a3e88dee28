"""Realistic Prefa games from a seed, for the benchmark, the tests and the simulator.

Hands are drawn with rough coffeehouse frequencies (mostly plain 6-bids, the
bidder mostly exact, now and then a pass, a drop or a nail); every hand is
checked and scored by the core, so a generated log is always a valid one.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json

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


def game(seed: int, hands: int, players: int = 3, pouch: int = 31) -> tuple[dict[str, Any], list[Hand]]:
    """A header and up to ``hands`` hands (fewer when the game ends before)."""
    rng = random.Random(seed)
    hdr = header(players, pouch)
    g = new_game(hdr)
    out: list[Hand] = []
    dealer = hdr["dealer"]
    while len(out) < hands and not g.over:
        h = random_hand(rng, players, dealer)
        g.play(h)
        out.append(h)
        dealer = (dealer + 1) % players
    return hdr, out


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
    g = new_game(hdr)
    out: list[Hand] = []
    dealer = hdr["dealer"]
    while len(out) < hands and not g.over:
        h = preferans_hand(rng, g, dealer)
        g.play(h)
        out.append(h)
        dealer = (dealer + 1) % players
    return hdr, out


def kasa_game(
    seed: int, hands: int, players: int = 3, kasa: int = 500, topup_below: int = 0
) -> tuple[dict[str, Any], list[Hand]]:
    """Prefa with a common kasa: Prefa's hands and now and then a top-up (always one when the kasa is
    below ``topup_below``), until the kasa is empty or ``hands`` are played."""
    rng = random.Random(seed)
    hdr = header(players, kasa)
    hdr["rules"] = "prefa_kasa"
    hdr["options"] = {"kasa": kasa}
    g = new_game(hdr)
    out: list[Hand] = []
    dealer = 0
    while len(out) < hands and not g.over:
        if rng.random() < 0.05 or g.kasa < topup_below:
            h: Hand = {"topup": rng.choice((kasa, 50, 125))}
        else:
            h = random_hand(rng, players, dealer)
            dealer = (dealer + 1) % players
        g.play(h)
        out.append(h)
    return hdr, out
