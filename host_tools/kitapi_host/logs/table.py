"""The standings of a game as a table for the terminal (``kitapi replay`` without ``--json``, ``kitapi show``),
each system in its own terms, and who pays whom (the core's ``kitapi.outcome.transfers``)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from kitapi.game import Game, result_json
from kitapi.outcome import money, transfers
from kitapi.settle import settle


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


_show = show_exact


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
_SETTLES = "  (Settles: each net rounded once to a whole, largest remainder: the payments add up to it)"


def _title(res: dict[str, Any], detail: str = "") -> tuple[str, int]:
    """A table's first line (the rules, players, hands, ``detail``, the game over or on) and the width of its
    names column."""
    players: list[str] = res["players"]
    state = "game over" if res["over"] else "game on"
    line = f"{res['rules']}: {len(players)} players, {res['hands']} hands, {detail + ', ' if detail else ''}{state}"
    return line, max(6, *(len(p) for p in players))


def preferans_table(res: dict[str, Any]) -> str:
    """Russian Preferans standings: pool, hill, whists written, the net settlement; then who pays whom."""
    players: list[str] = res["players"]
    title, width = _title(res)
    lines = [
        title,
        f"  {'Player':<{width}}  {'Pool':>5}  {'Hill':>6}  {'Whists':>7}  {'Net':>9}  {'Settles':>7}",
    ]
    nets = [Fraction(x) for x in res["settlement"]]
    wholes, transfers = preferans_transfers(nets)
    for i, name in enumerate(players):
        written = sum((Fraction(x) for x in res["whists"][i]), Fraction(0))
        hill = Fraction(res["hill"][i])
        lines.append(
            f"  {name:<{width}}  {res['pool'][i]:>5}  {_show(hill).lstrip('+'):>6}  "
            f"{_show(written).lstrip('+'):>7}  {_show(nets[i]):>9}  {_show(Fraction(wholes[i])):>7}"
        )
    unit = "whists"
    lines.append("Settlement (if the game ended now):" if not res["over"] else "Settlement:")
    if any(x.denominator != 1 for x in nets):
        lines.append(_SETTLES)
    if not transfers:
        lines.append("  nobody pays anybody")
    for payer, payee, a in transfers:
        lines.append(f"  {players[payer]} pays {players[payee]} {a} {unit}")
    cash = money_transfers(res)
    if cash is not None:  # the money: from the exact nets, rounded once (as the box pays it)
        places, exact, pays = cash
        lines.append("In money:" if exact else f"In money ({_MONEY.format(places=places)}):")
        if not pays:
            lines.append("  nobody pays anybody")
        for payer, payee, text in pays:
            lines.append(f"  {players[payer]} pays {players[payee]} {text}")
    return "\n".join(lines)


_MONEY = "the exact nets x the stake, each rounded once to {places} decimals, largest remainder"


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


def pot_table(res: dict[str, Any]) -> str:
    """Préférence (Austrian, Illustrated, American): the pot and each player's stock of chips."""
    players: list[str] = res["players"]
    title, width = _title(res)
    lines = [
        title,
        f"  Pot: {res['pot']} (refilled {res['refills']} times)",
        f"  {'Player':<{width}}  {'Chips':>6}",
    ]
    top = max(res["stock"])
    for name, stock in zip(players, res["stock"], strict=True):
        mark = "  (most chips)" if res["over"] and stock == top else ""
        lines.append(f"  {name:<{width}}  {stock:>6}{mark}")
    return "\n".join(lines)


def kasa_table(res: dict[str, Any]) -> str:
    """Prefa with a common kasa: what is in the kasa, each player's net (and the split of an early stop)."""
    players: list[str] = res["players"]
    title, width = _title(res)
    n = len(players)
    # the words of `kitapi show` (kitapi_host.families.kasa.show) for the same figures: Kasa what is in it, Net
    # kapikia got less paid in, Split the net with the kasa shared equally.  After an early stop the core's
    # result holds the kasa split already ("kasa": 0, "net" with the share, "share"): the figures before it are
    # taken back out of it, as show's hand table gives them
    share = Fraction(res["share"]) if "share" in res else Fraction(0)
    kasa = share * n if "share" in res else Fraction(res["kasa"])
    net = [Fraction(x) - share for x in res["net"]]
    lines = [title, f"  Kasa: {show_exact(kasa, sign=False)}"]
    if "share" in res:
        lines.append(
            f"  Stopped early: the kasa's {show_exact(kasa, sign=False)} split, {show_exact(share, sign=False)} each"
        )
    # the split (as the box's who owes whom): the nets, and what is left in the kasa shared equally
    split = [x + kasa / n for x in net]
    wholes, transfers = preferans_transfers(split)
    lines.append(f"  {'Player':<{width}}  {'Net':>9}  {'Split':>9}  {'Settles':>7}")
    for i, name in enumerate(players):
        lines.append(
            f"  {name:<{width}}  {show_exact(net[i]):>9}  {show_exact(split[i]):>9}  "
            f"{show_exact(Fraction(wholes[i])):>7}"
        )
    over = res["over"] or "share" in res
    lines.append("Split:" if over else "Split (if the game stopped now, the kasa shared equally):")
    if any(x.denominator != 1 for x in split):  # (what is rounded here is the Split, not the Net)
        lines.append(_SETTLES.replace("each net", "each split"))
    if not transfers:
        lines.append("  nobody pays anybody")
    for payer, payee, a in transfers:
        lines.append(f"  {players[payer]} pays {players[payee]} {a} kapikia")
    return "\n".join(lines)


def priffe_table(res: dict[str, Any]) -> str:
    """Priffe: the rubber in play per partnership, then each player's individual points."""
    players: list[str] = res["players"]
    title, width = _title(res, f"{res['rubbers']} rubbers played" if res["over"] else f"rubber {res['rubbers'] + 1}")
    lines = [title]
    if not res["over"]:
        names = [" + ".join(players[s] for s in side) for side in res["partners"]]
        w = max(11, *(len(n) for n in names))
        lines.append(f"  {'Partnership':<{w}}  {'Games':>5}  {'Tricks':>6}  {'Points':>6}")
        for k in (0, 1):
            lines.append(f"  {names[k]:<{w}}  {res['games'][k]:>5}  {res['trick_points'][k]:>6}  {res['points'][k]:>6}")
    lines.append(f"  {'Player':<{width}}  {'Individual':>10}")
    for name, x in zip(players, res["individual"], strict=True):
        lines.append(f"  {name:<{width}}  {(f'{x:+d}' if x else '0'):>10}")
    return "\n".join(lines)


def table(res: dict[str, Any]) -> str:
    """The human standings: a row per player (pouch, net chips), then who owes whom."""
    if "individual" in res:
        return priffe_table(res)
    if "settlement" in res:
        return preferans_table(res)
    if "kasa" in res:
        return kasa_table(res)
    if "stock" in res:
        return pot_table(res)
    players: list[str] = res["players"]
    title, width = _title(res)
    lines = [
        title,
        f"  {'Player':<{width}}  {'Pouch':>5}  {'Chips':>6}",
    ]
    for name, pouch, chips in zip(players, res["pouch"], res["chips"], strict=True):
        signed = f"{chips:+d}" if chips else "0"
        lines.append(f"  {name:<{width}}  {pouch:>5}  {signed:>6}")
    transfers = settle(res["chips"])
    lines.append("Who owes whom:" if transfers else "Nobody owes anybody.")
    for payer, payee, amount in transfers:
        lines.append(f"  {players[payer]} pays {players[payee]} {amount} chips")
    return "\n".join(lines)
