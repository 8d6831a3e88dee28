"""The archive's subcommands of ``kitapi``: archive add, games, show, stats, players.

``--json`` on each listing (``games``, ``show``, ``stats``, ``players list``)
prints one JSON object instead of the table, as ``kitapi replay --json`` does:
key order fixed, ASCII with ``\\u`` escapes, an exact figure whole as a number
and otherwise a string ``"N/D"`` (as the core writes a settlement); a game's
``result`` is the object ``kitapi replay --json`` prints for its log (with the
players' current names).  Errors as without it: nothing on stdout.

Greek Prefa, Russian (and Balkan) Preferans, Prefa with a common kasa, the pot
games (Austrian, Illustrated and American Preference) and Swedish Priffe are
shown each in their own terms: pouches and chips; pools, hills and whists; the
kasa and net kapikia; the pot, each player's stock and the refills; rubbers and
individual points.  A figure that is not whole (thirds, in a settlement or in
a kasa's split) is exact in the archive and rounded to two decimals only here,
on the screen.

``register(sub)`` adds them to ``kitapi``'s subparsers (cli.build_parser); each
sets ``func``, which returns the exit status.  Errors are one line on stderr and
exit status 2: ``FILE:LINE: reason`` for a log with bad input (as ``kitapi
replay``), otherwise what the archive refused (an unknown game or player, a
merge that cannot be).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sqlite3
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from kitapi_host import logs
from kitapi_host.archive.store import Archive, ArchiveError, LogError, default_path, trouble
from kitapi_host.logs import show_exact


def _open(args: argparse.Namespace) -> Archive:
    return Archive(args.db if args.db is not None else default_path())


def _guard(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Run a subcommand; what the archive refuses is one line on stderr and exit status 2."""

    def wrapped(args: argparse.Namespace) -> int:
        db = args.db if getattr(args, "db", None) is not None else default_path()
        try:
            return run(args)
        except ArchiveError as e:
            print(e, file=sys.stderr)
            return 2
        except (sqlite3.Error, OSError) as e:  # busy, a full disk, read-only, a folder, no SQLite file
            print(trouble(db, e), file=sys.stderr)
            return 2

    return wrapped


def _add(args: argparse.Namespace) -> int:
    """One line per file: ``FILE: game ID new|grown|same``, then ``; warning: ...`` for each warning.

    Each file is its own transaction: a bad file is reported (stderr, ``FILE:LINE:
    reason``) and the others are still imported; the exit status is then 2.
    """
    rc = 0
    with _open(args) as archive:
        for path in args.files:
            try:
                f = open(path, "rb")  # read as a stream, never whole
            except OSError as e:
                print(f"{path}:0: cannot open the file ({e.strerror})", file=sys.stderr)
                rc = 2
                continue
            try:
                with f:
                    added = archive.add_log(f, args.device, str(path.resolve()))
            except LogError as e:
                print(f"{path}:{e.line}: {e.reason}", file=sys.stderr)
                rc = 2
                continue
            except OSError as e:  # a folder, a file that cannot be read
                print(f"{path}:0: cannot read the file ({e.strerror})", file=sys.stderr)
                rc = 2
                continue
            line = f"{path}: game {added.id} {added.status}"
            print("".join([line, *(f"; warning: {w}" for w in added.warnings)]))
    return rc


def _plain(x: Any) -> Any:
    """``x`` as JSON data: an exact Fraction whole as an int, else ``"N/D"``; a dataclass as its fields."""
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


def _print_json(obj: dict[str, Any]) -> int:
    """Print ``obj`` as one line of JSON (``--json``): the exit status, 0."""
    print(json.dumps(_plain(obj), ensure_ascii=True))
    return 0


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


def _grid(
    head: list[str], rows: list[list[str]], right: set[int], groups: list[tuple[str, int, int]] | None = None
) -> str:
    """A plain text table: columns as wide as their widest cell, ``right`` ones right-aligned.

    ``groups``: labels over the head, ``(label, first column, columns)``, each
    centred over its columns.
    """
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for label, first, count in groups or []:
        span = sum(widths[first : first + count]) + 2 * (count - 1)
        if len(label) > span:  # a long label widens its last column
            widths[first + count - 1] += len(label) - span

    def fmt(r: list[str]) -> str:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        return "  ".join(cells).rstrip()

    lines = [fmt(r) for r in [head, *rows]]
    if groups:
        over = ""
        for label, first, count in groups:
            start = sum(widths[:first]) + 2 * first
            span = sum(widths[first : first + count]) + 2 * (count - 1)
            over = over.ljust(start) + label.center(span)
        lines.insert(0, over.rstrip())
    return "\n".join(lines)


def _games(args: argparse.Namespace) -> int:
    with _open(args) as archive:
        games = archive.games()
    if args.json:
        keys = ("id", "date", "started", "added", "device", "name", "rules", "players", "hands", "over", "ended")
        return _print_json(
            {"games": [{**{k: g[k] for k in keys}, "damage": g["damage"], "result": g["result"]} for g in games]}
        )
    if not games:
        print("The archive holds no games.")
        return 0
    rows = []
    for g in games:
        if g["settlement"] is not None:  # Preferans: the pools, then the net whists
            nets = ", ".join(f"{p} {show_exact(x)}" for p, x in zip(g["players"], g["settlement"], strict=True))
            result = f"pools {'/'.join(str(v) for v in g['pool'])}, net {nets}"
        elif g["net"] is not None:  # a common kasa: what is in it, then the net kapikia
            nets = ", ".join(f"{p} {show_exact(x)}" for p, x in zip(g["players"], g["net"], strict=True))
            split = f" (split {show_exact(g['share'], sign=False)} each)" if g["share"] is not None else ""
            result = f"kasa {g['kasa']}{split}, net {nets}"
        elif g["stock"] is not None:  # a pot game: the pot, each player's stock, the refills
            stock = ", ".join(f"{p} {c}" for p, c in zip(g["players"], g["stock"], strict=True))
            result = f"pot {g['pot']}, stock {stock}, refills {g['refills']}"
        elif g["individual"] is not None:  # Priffe: the rubbers played, the individual points
            ind = ", ".join(f"{p} {_signed(x)}" for p, x in zip(g["players"], g["individual"], strict=True))
            rub = g["rubber"]
            teams = " v ".join("+".join(g["players"][s] for s in side) for side in rub["partners"])
            playing = f"; {teams} games {rub['games'][0]}-{rub['games'][1]}" if any(rub["points"]) else ""
            result = f"rubbers {g['rubbers']}, individual {ind}{playing}"
        else:
            chips = g["chips"] or []
            result = ", ".join(f"{p} {_signed(c)}" for p, c in zip(g["players"], chips, strict=False))
        state = "over (closed)" if g["ended"] else "over" if g["over"] else "on"  # closed: over too
        rows.append(
            [
                str(g["id"]),
                (g["date"] or "")[:16].replace("T", " "),
                g["device"],
                g["rules"],
                ", ".join(g["players"]),
                str(g["hands"]),
                f"{state}: {result}" + (" (damaged)" if g["damage"] else ""),
            ]
        )
    print(_grid(["Game", "Date", "Device", "Rules", "Players", "Hands", "Result"], rows, {0, 5}))
    return 0


def _hand_row(h: dict[str, Any]) -> list[str]:
    d = h["hand"]
    number = f"{h['number']}{'*' if h['corrected'] else ''}"
    if h["kind"] == "pass":
        what = [h["dealer"], "-", "passed out", "", "", ""]
    elif h["kind"] == "throw":
        what = [h["dealer"], h["bidder"], "thrown in", "", "", ""]
    else:
        defense = h["defense"] or ""
        if "active" in d:
            defense += f" ({h['active_name']})"
        tricks = "-".join(str(t) for t in d["tricks"]) if "tricks" in d else ""
        result = "" if h["made"] is None else "made" if h["made"] else f"short {h['short']}"
        contract = h["contract"] + (" aces" if d.get("aces") else "")
        what = [h["dealer"], h["bidder"], contract, defense, tricks, result]
    return [number, *what, *(_signed(c) for c in h["chips"])]


def _preferans_words(d: dict[str, Any]) -> str:
    """The whisting of a Preferans hand: the defenders' words, open or closed, the 4-player dealer's whist."""
    words = "/".join(d.get("whist", []))
    if "open" in d:
        words += " open" if d["open"] else " closed"
    if "dealer_whist" in d:
        words += f" +dealer ({d['dealer_whist'] + 1})"
    return words


def _kasa_hand_row(h: dict[str, Any]) -> list[str]:
    """A prefa_kasa hand: Prefa's columns (a top-up in the contract's), then the kasa and every net after it."""
    d = h["hand"]
    number = f"{h['number']}{'*' if h['corrected'] else ''}"
    if h["kind"] == "topup":
        what = ["", "-", f"top-up {d['topup']} each", "", "", ""]
    else:
        what = _hand_row({**h, "chips": []})[1:]
    return [number, *what, str(h["kasa"]), *(show_exact(x) for x in h["net"])]


# what the Tricks column of a Preferans game says (docs/sync.md, "kitapi show")
_PREFERANS_TRICKS = (
    "Tricks: the soloist's / the defenders' together; when two whisted, each whister's (in seat order): their split"
    " counts only then,\nand the box records no other (a misere, one whister: all on one seat).  An all-pass: each"
    " player's, in seat order."
)


def _preferans_hand_row(h: dict[str, Any], rules: str = "sochi") -> list[str]:
    d = h["hand"]
    number = f"{h['number']}{'*' if h['corrected'] else ''}"
    seats = json.loads(h["tricks"]) if h["tricks"] else []
    tricks = "-".join(str(t) for t in seats)  # an all-pass: each player's
    if seats and h["kind"] == "play":  # as entered: the soloist's / the defenders' (each whister's when two whisted)
        s = d["soloist"]
        whisters = sorted(h.get("whisters") or [])
        theirs = "+".join(str(seats[w]) for w in whisters) if len(whisters) > 1 else str(sum(seats) - seats[s])
        tricks = f"{seats[s]} / {theirs}"
    misere = "6" if rules == "balkan" else "M"  # Balkan's Bettler is its contract 6
    if h["kind"] == "misdeal":
        what = [h["dealer"], "-", "misdeal", "", "", ""]
    elif h["kind"] == "allpass":
        what = [h["dealer"], "-", "all-pass", "", tricks, ""]
    else:
        contract = h["contract"] + (" hand" if d.get("hand") else "") + (" game" if d.get("game") else "")
        if "widow" in d:
            contract += f" widow {d['widow']}"
        elif d.get("refused"):
            contract += " refused"
        if h["kind"] == "resign":
            result = "resigned"
        elif h["made"]:
            result = "made"
        else:
            result = f"took {h['short']}" if h["contract"] == misere else f"short {h['short']}"
        what = [h["dealer"], h["bidder"], contract, _preferans_words(d), tricks, result]
    figures = []
    for pool, hill, net in zip(h["pool"], h["hill"], h["settlement"], strict=True):
        figures += [str(pool), show_exact(hill, sign=False), show_exact(net)]
    return [number, *what, *figures]


def _pot_hand_row(h: dict[str, Any], names: list[str]) -> list[str]:
    """A pot game's hand: Austrian/Illustrated bid, drops and tricks, or American bid and the declarer's tricks;
    then the pot, each player's stock and the refills after it."""
    d = h["hand"]
    number = f"{h['number']}{'*' if h['corrected'] else ''}"
    if h["kind"] == "pass":
        what = [h["dealer"], "-", "thrown in", "", "", ""]
    else:
        bid = h["contract"]
        if bid == "chips":
            bid = "chips " + "/".join(str(c) for c in d["chips"])
        if "trump" in d:
            bid += f" {d['trump']}"
        drop = ", ".join(names[s] for s in d.get("drop", []))
        if "tricks" not in d:
            tricks = ""
        elif isinstance(d["tricks"], list):
            tricks = "-".join(str(t) for t in d["tricks"])
        else:
            tricks = str(d["tricks"])
        if h["made"]:
            result = "made"
        elif h["defense"] == "out":
            result = "dropped"
        else:
            result = f"short {h['short']}"
        what = [h["dealer"], h["bidder"], bid, drop, tricks, result]
    return [number, *what, str(h["pot"]), *(str(c) for c in h["stock"]), str(h["refills"])]


def _priffe_hand_row(h: dict[str, Any], names: list[str]) -> list[str]:
    """A Priffe hand: the contract, the declarer, the tricks; who won, the trick points (below the line),
    the bonuses (above), the rubber's games and points after it; each player's individual points."""
    d = h["hand"]
    p = h["step"]
    number = f"{h['number']}{'*' if h['corrected'] else ''}"
    team = "+".join(names[s] for s in range(4) if p.sides[s] == p.won)
    above = []
    if p.slam:
        above.append(f"slam {p.slam}")
    if p.honours:
        hteam = "+".join(names[s] for s in range(4) if p.sides[s] == p.honours[0])
        above.append(f"honours {p.honours[1]} {hteam}")
    if p.bonus:
        above.append(f"game {p.bonus}")
    honours = f"{d['honours']} {names[d['holder']]}" if "honours" in d else ""
    rubber = f"{p.games[0]}-{p.games[1]} {p.points[0]}-{p.points[1]}" + (" end" if h["rubber_end"] else "")
    return [
        number,
        h["dealer"],
        h["contract"],
        h["bidder"] or "-",
        str(d["tricks"]),
        honours,
        team,
        str(p.tricks) + (f" ({p.below})" if p.below != p.tricks else ""),
        ", ".join(above),
        rubber,
        *(_signed(x) for x in h["individual"]),
    ]


def _show(args: argparse.Namespace) -> int:
    with _open(args) as archive:
        g = archive.game(args.game)
    if g["damage"]:
        print(f"game {g['id']}: warning: {g['damage']}", file=sys.stderr)
    if args.json:  # the stored columns as JSON: tricks a list, flags true or false
        for h in g["hands"]:
            h["corrected"] = bool(h["corrected"])
            if h.get("made") is not None:
                h["made"] = bool(h["made"])
            if isinstance(h.get("tricks"), str):
                h["tricks"] = json.loads(h["tricks"])
        return _print_json(g)
    res = g["result"]
    print(logs.table(res))
    print()
    started = f", started {g['started']}" if g["started"] else ""
    print(f"Game {g['id']}: {g['device']} {g['name']}{started}, archived {g['added']}")
    names = res["players"]
    rows = []
    if "settlement" in res:  # Russian Preferans: each player's pool, hill and net whists after each hand
        rows = [_preferans_hand_row(h, g["rules"]) for h in g["hands"]]
        head = ["Hand", "Dealer", "Soloist", "Contract", "Whist", "Tricks", "Result"]
        head += ["Pool", "Hill", "Net"] * len(names)
        groups = [(name, 7 + 3 * i, 3) for i, name in enumerate(names)]
        print(_grid(head, rows, {0, *range(7, len(head))}, groups))
        print(_PREFERANS_TRICKS)
    elif "stock" in res:  # a pot game: the pot, each player's stock and the refills after each hand
        rows = [_pot_hand_row(h, names) for h in g["hands"]]
        head = ["Hand", "Dealer", "Declarer", "Bid", "Dropped", "Tricks", "Result", "Pot", *names, "Refills"]
        print(_grid(head, rows, {0, *range(7, len(head))}, [("stock", 8, len(names))]))
    elif "individual" in res:  # Priffe: the hand's points taken apart, the rubber, the individual points
        rows = [_priffe_hand_row(h, names) for h in g["hands"]]
        head = ["Hand", "Dealer", "Contract", "Declarer", "Tricks", "Honours", "Won by", "Below", "Above"]
        head += ["Rubber", *names]
        print(_grid(head, rows, {0, 4, 7, *range(10, len(head))}, [("individual", 10, len(names))]))
        print(
            "Tricks: the declarer's partnership's (the dealer's in a forced Noll).  Below: the trick points"
            " (towards the game in brackets, when doubled).\nRubber: games and points of the partnerships"
            " (the first is seat 0's) after the hand; end: the rubber is over, the points go to the individual."
        )
    elif "kasa" in res:  # a common kasa: the kasa and each player's net kapikia after each hand
        for h in g["hands"]:
            h["active_name"] = names[h["hand"]["active"]] if "active" in h["hand"] else ""
        rows = [_kasa_hand_row(h) for h in g["hands"]]
        head = ["Hand", "Dealer", "Bidder", "Contract", "Defense", "Tricks", "Result", "Kasa", *names]
        print(_grid(head, rows, {0, *range(7, len(head))}, [("net", 8, len(names))]))
        if "share" in res:
            print(
                f"Stopped early: the kasa's {show_exact(Fraction(res['share']) * len(names), sign=False)} split,"
                f" {show_exact(Fraction(res['share']), sign=False)} each (the nets above are before it)"
            )
    else:
        for h in g["hands"]:
            h["active_name"] = names[h["hand"]["active"]] if "active" in h["hand"] else ""
            rows.append(_hand_row(h))
        head = ["Hand", "Dealer", "Bidder", "Contract", "Defense", "Tricks", "Result", *names]
        print(_grid(head, rows, {0, *range(7, 7 + len(names))}))
    if g["deleted"]:
        print("Deleted: hand " + ", ".join(str(n) for n in g["deleted"]))
    if any(h["corrected"] for h in g["hands"]):
        print("* corrected")
    return 0


def _stats(args: argparse.Namespace) -> int:
    """A table per game system the players played: Prefa's (chips), Russian Preferans' (whists),
    Balkan Preferans' (whists) and the common kasa's (kapikia), each with the players who played it."""
    with _open(args) as archive:
        stats = archive.stats(args.player)
    if args.json:
        return _print_json({"players": stats})
    if not stats:
        print("The archive holds no players.")
        return 0
    prefa = [s for s in stats if s["prefa_games"]]
    preferans = [s for s in stats if s["preferans"]["games"]]
    balkan = [s for s in stats if s["balkan"]["games"]]
    kasa = [s for s in stats if s["kasa"]["games"]]
    pots = {r: [s for s in stats if s[r]["games"]] for r in _POT_TITLES}
    priffe = [s for s in stats if s["priffe"]["games"]]
    others = preferans or balkan or kasa or any(pots.values()) or priffe
    sections: list[Callable[[], None]] = []
    if prefa or not others:
        sections.append(lambda: _prefa_stats(prefa or stats, titled=bool(others)))
    if preferans:
        sections.append(lambda: _preferans_stats(preferans))
    if balkan:
        sections.append(lambda: _preferans_stats(balkan, "balkan"))
    if kasa:
        sections.append(lambda: _kasa_stats(kasa))
    for rules, players in pots.items():
        if players:
            sections.append(lambda rules=rules, players=players: _pot_stats(players, rules))  # type: ignore[misc]
    if priffe:
        sections.append(lambda: _priffe_stats(priffe))
    for i, section in enumerate(sections):
        if i:
            print()
        section()
    return 0


_POT_TITLES = {
    "preference_at": "Austrian Préférence (chips)",
    "preference_illustrated": "Illustrated Préférence (chips)",
    "preference_us": "American Preference (chips)",
}


Column = tuple[str, Callable[[dict[str, Any]], str]]


def _table(
    title: str,
    stats: list[dict[str, Any]],
    part: Callable[[dict[str, Any]], dict[str, Any]],
    before: list[Column],
    contracts: list[str],
    after: list[Column],
    note: str,
) -> None:
    """A system's table: a row per player, ``before`` columns, "made/taken" per contract, ``after`` columns,
    then ``note``; ``part(s)`` is a player's figures of the system."""
    if title:
        print(title)
    head = ["Player", *(h for h, _ in before), *contracts, *(h for h, _ in after)]
    rows = []
    for s in stats:
        p = part(s)
        rows.append(
            [
                s["player"],
                *(f(p) for _, f in before),
                *(f"{m}/{t}" for m, t in p["contracts"].values()),
                *(f(p) for _, f in after),
            ]
        )
    print(_grid(head, rows, set(range(1, len(head)))))
    print(note)


def _count(key: str) -> Column:
    return key.capitalize(), lambda p: str(p[key])


def _pot_stats(stats: list[dict[str, Any]], rules: str) -> None:
    """A pot game's table: each rules apart (their chips are not the same chips)."""
    _table(
        _POT_TITLES[rules] + ":",
        stats,
        lambda s: s[rules],
        [_count("games"), ("Chips", lambda p: _signed(p["chips"])), _count("declarer")],
        list(stats[0][rules]["contracts"]),
        [],
        "Chips: won (+) or lost (-), the final stock minus the chips brought, summed over the games."
        "  Bids: made/declared.",
    )


def _priffe_stats(stats: list[dict[str, Any]]) -> None:
    _table(
        "Swedish Priffe (individual points):",
        stats,
        lambda s: s["priffe"],
        [*map(_count, ("games", "rubbers", "won", "lost")), ("Points", lambda p: _signed(p["individual"]))]
        + [_count("declarer")],
        ["Play", "Noll", "Hearts", "Diamonds"],
        [],
        "Rubbers: played out; Won/Lost: by his partnership.  Points: individual points, summed.  Contracts:"
        " made/declared (made: his partnership won the hand).",
    )


def _kasa_stats(stats: list[dict[str, Any]]) -> None:
    _table(
        "Greek Prefa with a common kasa (kapikia):",
        stats,
        lambda s: s["kasa"],
        [_count("games"), ("Net", lambda p: show_exact(p["net"])), _count("bids")],
        [f"{lv}s" for lv in stats[0]["kasa"]["contracts"]],
        [],
        "Net: kapikia got minus paid in, summed over the games (an early stop's split included).  Contracts:"
        " made/played by level bid.",
    )


def _preferans_stats(stats: list[dict[str, Any]], system: str = "preferans") -> None:
    balkan = system == "balkan"

    def label(lv: int | str) -> str:
        if balkan:
            return "Bet" if lv == 6 else f"{lv}s"
        return f"{lv}s" if lv != "M" else "Mis"

    levels_text = "by contract (Bet: Bettler" if balkan else "by level (Mis: misere"
    _table(
        "Balkan Preferans (whists):" if balkan else "Russian Preferans (whists):",
        stats,
        lambda s: s[system],
        [_count("games"), ("Whists", lambda p: show_exact(p["whists"])), _count("soloist")],
        [label(lv) for lv in stats[0][system]["contracts"]],
        [_count("whisted"), _count("failed")],
        f"Whists: net, the settlements summed.  Contracts: made/taken {levels_text}; a resignation is"
        " taken, not made).\nWhisted: hands he whisted; Failed: of those, the ones he was responsible for"
        " the whisters' shortfall.",
    )


def _prefa_stats(stats: list[dict[str, Any]], titled: bool = False) -> None:
    _table(
        "Greek Prefa (chips):" if titled else "",
        stats,
        lambda s: s,
        [("Games", lambda s: str(s["prefa_games"] or s["games"])), ("Chips", lambda s: _signed(s["chips"]))]
        + [_count("bids")],
        [f"{lv}s" for lv in stats[0]["contracts"]],
        [_count("defended"), _count("met"), _count("failed"), _count("out")],
        "Contracts: made/played by level bid.  Met/Failed: the defender's responsibility (Prefa's tables); failed:"
        " put up, the defense short as a whole and he short of his own.",
    )


def _players(args: argparse.Namespace) -> int:
    """Every player's name, one a line (``--json``: ``{"players": [...]}``)."""
    with _open(args) as archive:
        names = archive.players()
    if args.json:
        return _print_json({"players": names})
    for name in names:
        print(name)
    return 0


def _rename(args: argparse.Namespace) -> int:
    with _open(args) as archive:
        archive.rename_player(args.old, args.new)
    print(f"renamed {args.old} to {args.new}")
    return 0


def _merge(args: argparse.Namespace) -> int:
    with _open(args) as archive:
        archive.merge_players(args.from_name, args.into_name)
    print(f"merged {args.from_name} into {args.into_name}")
    return 0


def _game_id(v: str) -> int:
    if not v.isdigit():
        raise argparse.ArgumentTypeError("a game number, as `kitapi games` lists them")
    return int(v)


def _db(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", type=Path, metavar="PATH", help=f"the archive database (default {default_path()})")


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object (as kitapi replay --json)")


def _help(p: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    def show(args: argparse.Namespace) -> int:
        p.print_help(sys.stderr)
        return 2

    return show


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add archive, games, show, stats and players to ``kitapi``'s subcommands."""
    a = sub.add_parser("archive", help="the game archive (SQLite): import game logs")
    asub = a.add_subparsers(dest="archive_command", metavar="COMMAND")
    a.set_defaults(func=_help(a))
    add = asub.add_parser("add", help="import game logs from files (either form)")
    _db(add)
    add.add_argument("--device", default="file", help="the device the logs came from (default: file)")
    add.add_argument("files", type=Path, nargs="+", metavar="FILE")
    add.set_defaults(func=_guard(_add))

    g = sub.add_parser("games", help="list the archived games")
    _db(g)
    _json(g)
    g.set_defaults(func=_guard(_games))

    s = sub.add_parser("show", help="an archived game: the standings and the hand table with the running figures")
    s.add_argument("game", type=_game_id, metavar="GAME")
    _db(s)
    _json(s)
    s.set_defaults(func=_guard(_show))

    st = sub.add_parser("stats", help="per-player figures across the archived games")
    st.add_argument("player", nargs="?", metavar="PLAYER")
    _db(st)
    _json(st)
    st.set_defaults(func=_guard(_stats))

    p = sub.add_parser("players", help="list the players, rename a player, or merge two names of one player")
    psub = p.add_subparsers(dest="players_command", metavar="COMMAND")
    p.set_defaults(func=_help(p))
    pl = psub.add_parser("list", help="every player's name, one a line")
    _db(pl)
    _json(pl)
    pl.set_defaults(func=_guard(_players))
    r = psub.add_parser("rename", help="give a player another name")
    r.add_argument("old", metavar="OLD")
    r.add_argument("new", metavar="NEW")
    _db(r)
    r.set_defaults(func=_guard(_rename))
    m = psub.add_parser("merge", help="FROM is the same player as INTO: his games go to INTO")
    m.add_argument("from_name", metavar="FROM")
    m.add_argument("into_name", metavar="INTO")
    _db(m)
    m.set_defaults(func=_guard(_merge))
