"""What the families' standings for the terminal share (``kitapi replay`` without ``--json``, ``kitapi show``:
each family's ``standings`` hook, kitapi_host.families.hookspecs): the result as data, an exact figure for the
eye, the title line, and who pays whom (the core's ``kitapi.outcome.transfers``), in money where a stake is set
(``kitapi.outcome.money``)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from kitapi.game import Game, result_json
from kitapi.outcome import money, transfers


def result(g: Game) -> dict[str, Any]:
    """The standings object of ``kitapi replay --json``, as Python data."""
    parsed: dict[str, Any] = json.loads(result_json(g))
    return parsed


def show_exact(x: Fraction, sign: bool = True) -> str:
    """An exact figure for the eye: whole, or rounded to 2 decimals (only for display).

    ``sign``: a leading ``+`` on a positive figure (nets); without it, only ``-`` shows.
    """
    if x.denominator == 1:
        text = f"{x.numerator:+d}" if x else "0"
    else:
        text = f"{float(x):+.2f}"
    return text if sign else text.lstrip("+")


def preferans_transfers(nets: list[Fraction]) -> tuple[list[int], list[tuple[int, int, int]]]:
    """Who pays whom the exact nets ``nets`` (net whists, net kapikia), in the fewest transfers, by the core's
    ``kitapi.outcome.transfers``: ``(wholes, [(payer, payee, amount), ...])``, the nets rounded once to whole
    amounts (largest remainder, ``kitapi.settle.whole``) and whole transfers that add up to them."""
    t = transfers(
        {"settlement": [x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}" for x in nets]}
    )
    assert t is not None
    wholes, pays = t
    return list(wholes), [(a, b, amount) for a, b, amount in pays]


ROUNDING_NOTE = (
    "the nets rounded once to whole amounts by largest remainder (each down, then the largest fractions up one "
    "until they sum to zero; on a tie the first seat), so that the payments add up to them"
)
SETTLES = "  (Settles: each net rounded once to a whole, largest remainder: the payments add up to it)"


def title_line(res: dict[str, Any], detail: str = "") -> tuple[str, int]:
    """A table's first line (the rules, players, hands, ``detail``, the game over or on) and the width of its
    names column."""
    players: list[str] = res["players"]
    state = "game over" if res["over"] else "game on"
    line = f"{res['rules']}: {len(players)} players, {res['hands']} hands, {detail + ', ' if detail else ''}{state}"
    return line, max(6, *(len(p) for p in players))


MONEY_NOTE = "the exact nets x the stake, each rounded once to {places} decimals, largest remainder"


def money_transfers(res: dict[str, Any]) -> tuple[int, bool, list[tuple[int, int, str]]] | None:
    """With a stake: who pays whom in money, as the box pays it (the core's ``kitapi.outcome.money``): the
    decimals, whether no net needed rounding, and ``(payer, payee, amount)`` with the amount written out
    ("2.67"); None without a stake."""
    m = money(res)
    if m is None:
        return None
    places, _, exact, pays = m
    scale = 10**places
    return places, exact, [(a, b, f"{x // scale}.{x % scale:0{places}d}") for a, b, x in pays]
