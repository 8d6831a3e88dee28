"""The PC's side of the kasa family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

import random
from typing import Any

from kitapi_host.families._common import Hand, next_dealer, play_out
from kitapi_host.families.prefa import COMMONEST as COMMONEST
from kitapi_host.families.prefa import NAMES, keys_for, random_hand

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------

SIZE = "kasa"  # the option the new game's number step sets: what each puts in at the start
BENCH: dict[str, Any] = {"kasa": 50_000, "topup_below": 5_000}  # the bench's long game: topped up below 5,000


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    """A new game's header: Prefa's players, 500 each in the kasa unless ``options`` say."""
    kasa = options.pop("kasa", 500)
    return {"kitapi": 1, "rules": rules, "players": NAMES[: players or 3], "options": {"kasa": kasa, **options},
            "dealer": 0}  # fmt: skip


def generate(
    rules: str, seed: int, hands: int, players: int | None = None, topup_below: int = 0, **options: Any
) -> tuple[dict[str, Any], list[Hand]]:
    """Prefa with a common kasa: Prefa's hands and now and then a top-up (always one when the kasa is
    below ``topup_below``), until the kasa is empty or ``hands`` are played."""
    rng = random.Random(seed)
    n = players or 3
    hdr = header(rules, n, **options)
    kasa = hdr["options"]["kasa"]

    def deal(g: Any) -> Hand:
        if rng.random() < 0.05 or g.kasa < topup_below:
            return {"topup": rng.choice((kasa, 50, 125))}
        return random_hand(rng, n, next_dealer(g))  # (a top-up deals no cards)

    return play_out(hdr, hands, deal)


def hand_keys(g: Any, hand: Hand) -> str:
    """Prefa's keys, or D, the amount and # twice for a top-up (# alone: what each put in at the start)."""
    if "topup" in hand:
        kasa = g.header.get("options", {}).get("kasa", 500)
        return "D" + ("" if hand["topup"] == kasa else str(hand["topup"])) + "##"
    return keys_for(hand, g.n)


def device_form(g: Any, hand: Hand) -> Hand:
    """``hand`` as the box writes it: as typed."""
    return dict(hand)
