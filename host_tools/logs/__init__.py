"""Game logs on the PC: replay, conversion between the two forms, the standings table.

Everything here goes through the core in ``firmware/kitapi`` (the very files
that run on the device): the PC computes nothing of its own.
"""

from __future__ import annotations

import json
import os
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from kitapi.devlog import MAGIC, OP_LOST
from kitapi.devlogw import header_bytes, write_record
from kitapi.game import OP_END, OP_HAND, OP_REPLACE, Game, RuleError, new_game, result_json
from kitapi.jsonw import header_json, record_json
from kitapi.messages import damage as damage_text
from kitapi.outcome import transfers
from kitapi.replay import reader, replay
from kitapi.settle import settle
from kitapi_host.logs.read import InputError

FORMATS = ("jsonl", "device")
MAX_HEADER = 0xFFFF  # bytes of header JSON a device log holds (its length field: 2 bytes)


def detect(path: Path) -> str:
    with open(path, "rb") as f:
        return "device" if f.read(len(MAGIC)) == MAGIC else "jsonl"


def replay_file(path: Path) -> tuple[Game, str | None]:
    """Replay a log of either form: (game, damage warning or None); InputError if bad."""
    try:
        f = open(path, "rb")
    except OSError as e:
        raise InputError(f"{path}:0: cannot open the file ({e.strerror})") from None
    with f:
        try:
            g, r = replay(f)
        except RuleError as e:
            raise InputError(f"{path}:{e.line}: {e}") from None
    return g, (damage_text(r.damage) if r.damage else None)


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


def preferans_transfers(nets: list[Fraction]) -> list[tuple[int, int, Fraction]]:
    """Who pays whom the exact nets ``nets`` (net whists, net kapikia), in the fewest transfers:
    ``(payer, payee, amount)``, by the core's ``kitapi.outcome.transfers`` (amounts exact)."""
    t = transfers(
        {"settlement": [x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}" for x in nets]}
    )
    assert t is not None
    den, pays = t
    return [(a, b, Fraction(amount, den)) for a, b, amount in pays]


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
        f"  {'Player':<{width}}  {'Pool':>5}  {'Hill':>6}  {'Whists':>7}  {'Net':>9}",
    ]
    nets = [Fraction(x) for x in res["settlement"]]
    for i, name in enumerate(players):
        written = sum((Fraction(x) for x in res["whists"][i]), Fraction(0))
        hill = Fraction(res["hill"][i])
        lines.append(
            f"  {name:<{width}}  {res['pool'][i]:>5}  {_show(hill).lstrip('+'):>6}  "
            f"{_show(written).lstrip('+'):>7}  {_show(nets[i]):>9}"
        )
    transfers = preferans_transfers(nets)
    unit = "whists"
    lines.append("Settlement (if the game ended now):" if not res["over"] else "Settlement:")
    if not transfers:
        lines.append("  nobody pays anybody")
    stake = None
    if "money" in res:
        k = next((i for i, x in enumerate(nets) if x), None)
        stake = Fraction(res["money"][k]) / nets[k] if k is not None else None
    for payer, payee, a in transfers:
        money = f" ({_show(a * stake).lstrip('+')} in money)" if stake is not None else ""
        lines.append(f"  {players[payer]} pays {players[payee]} {_show(a).lstrip('+')} {unit}{money}")
    return "\n".join(lines)


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
    lines = [title, f"  Kasa: {res['kasa']}"]
    if "share" in res:
        lines.append(f"  Stopped early: each player took {show_exact(Fraction(res['share']), sign=False)} of it")
    lines.append(f"  {'Player':<{width}}  {'Net':>9}")
    for name, net in zip(players, res["net"], strict=True):
        lines.append(f"  {name:<{width}}  {show_exact(Fraction(net)):>9}")
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


def convert(src: Path, dst: Path, to: str | None = None) -> str | None:
    """Write the log ``src`` in the other form (or ``to``) to ``dst``; the damage warning, if any.

    The whole log is replayed first, so a log with bad input is refused
    (InputError) and nothing is written; ``dst`` appears complete or not at all.
    """
    if to is not None and to not in FORMATS:
        raise InputError(f"{dst}:0: unknown format {to!r} (jsonl or device)")
    g, warning = replay_file(src)  # a file that cannot be read, or bad input: refused here
    to = to or ("jsonl" if detect(src) == "device" else "device")
    if dst.exists() and dst.resolve() == src.resolve():
        raise InputError(f"{dst}:0: the output would overwrite the input")
    if to == "device":
        n = len(header_json(g.header).encode())
        if n > MAX_HEADER:
            raise InputError(f"{src}:1: the header is {n} bytes as JSON: a device log holds at most {MAX_HEADER}")
    try:
        fd, tmp = tempfile.mkstemp(dir=dst.parent, prefix=".kitapi-", suffix=".tmp")
    except OSError as e:
        raise InputError(f"{dst}:0: cannot write the file ({e.strerror})") from None
    try:
        with open(src, "rb") as f, os.fdopen(fd, "wb") as out:
            r = reader(f)
            g = new_game(r.header())
            if to == "jsonl":
                out.write(header_json(g.header).encode() + b"\n")
            else:
                out.write(header_bytes(g.header))
            buf = bytearray(8)
            seq = 0
            while True:
                op = r.record(g)
                if op < 0:
                    break
                if op == OP_LOST:  # no record to write for it in either form
                    raise InputError(f"{src}:{r.line}: hand {r.seq} is damaged: enter it again on the box first")
                if to == "jsonl":
                    out.write(record_json(g, op, r.target).encode() + b"\n")
                    continue
                if op == OP_HAND:
                    seq += 1
                    number = seq & 0xFFFF
                else:
                    number = 0 if op == OP_END else r.target
                payload = g.pack(g.hand) if op in (OP_HAND, OP_REPLACE) else 0
                write_record(out, buf, op, number, payload)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would have made it
        os.replace(tmp, dst)
    except OSError as e:
        os.unlink(tmp)
        raise InputError(f"{dst}:0: cannot write the file ({e.strerror})") from None
    except BaseException:
        os.unlink(tmp)
        raise
    return warning
