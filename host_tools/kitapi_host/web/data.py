"""The web page's data, apart from its rendering: one function per page, each a dict of plain values.

``home(archive, period, filters)``, ``game(archive, id)`` and ``player(archive, name, filters)`` read the
archive only through ``Archive`` (its indexed queries: a period's games, a player's games, one game), so the
same functions run on any archive the ``Archive`` class opens, and ``kitapi bench`` can time them alone.

Every figure is the core's: a game's standings are its stored result (what the replay of its log gave), a
hand's are what ``Archive.game`` recomputed with the core; nothing here scores.  A player's net of a game, in
the family's own unit:

- Prefa: the chips (``chips``);
- Russian and Balkan Preferans: the net whists (``settlement``, exact thirds);
- Prefa with a kasa: the net kapikia (``net``);
- the pot games: the chips over what each brought (``stock`` less the header's share, as ``kitapi stats``);
- Priffe: the individual points (``individual``).

A period's standings add these up per system (each system's units are its own: a Sochi whist is not a Balkan
whist, an Austrian chip not an American one) with the games each player played.
"""

from __future__ import annotations

import calendar
import functools
import json
import math
import re
import threading
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from typing import Any

from kitapi.game import new_game
from kitapi_host.archive.db import Archive, ArchiveError
from kitapi_host.families import Family, Net, NoFamily, archive_families, archive_family, family, family_name

LATEST = 20  # games a page of the home page's latest
PLAYER_PAGE = 50  # games a page of a player's page
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # (ASCII digits: \d takes any script's)


@dataclass(frozen=True)
class Filters:
    """What a page is narrowed to (each None: any): a player, a system (rules id), a device."""

    player: str | None = None
    rules: str | None = None
    device: str | None = None


@dataclass(frozen=True)
class Period:
    """The days ``first`` to ``last`` (both included)."""

    first: date
    last: date

    @property
    def since(self) -> str:
        return self.first.isoformat()

    @property
    def until(self) -> str | None:  # the day after, as the archive compares dates: date < until (None: no end)
        return None if self.last == date.max else (self.last + timedelta(days=1)).isoformat()


def this_month(today: date | None = None) -> Period:
    today = today or datetime.now(UTC).date()
    return Period(today.replace(day=1), today.replace(day=calendar.monthrange(today.year, today.month)[1]))


def period(first: str | None, last: str | None, today: date | None = None) -> Period:
    """The period of the query's ``from`` and ``to`` (YYYY-MM-DD), this month for what is missing;
    ValueError for a day that is not one, or a period that ends before it starts."""
    month = this_month(today)
    a = _day(first) if first else month.first
    b = _day(last) if last else month.last
    if b < a:
        raise ValueError(f"the period ends ({b}) before it starts ({a})")
    return Period(a, b)


def day(text: str) -> date | None:
    """The day ``text`` names (YYYY-MM-DD: 0001-01-01 to 9999-12-31), None if it names none."""
    if not DAY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # (a 13th month, a 30th of February, the year 0)
        return None


def _day(text: str) -> date:
    d = day(text)
    if d is None:
        raise ValueError(f"not a day (YYYY-MM-DD, 0001-01-01 to 9999-12-31): {text[:40]!r}")
    return d


def nets(g: dict[str, Any]) -> list[Net]:
    """Each player's net of game ``g`` (a ``find_games`` row: ``rules``, ``result``; a pot game's
    ``header_json`` or ``header``) in its family's unit (see the module): its family's ``nets``."""
    try:
        return _hooks(g["rules"]).nets(g)
    except NoFamily:
        raise ArchiveError(f"game {g['id']}: no net for the family {family_name(g['rules'])!r}") from None


@functools.lru_cache(maxsize=64)
def _hooks(rules: str) -> Family:
    """The family of ``rules`` with its hooks (asked once a system: a month's standings ask thousands)."""
    return archive_family(rules)


@functools.lru_cache(maxsize=64)
def unit(rules: str) -> str:
    """The word key (kitapi_host.web.words) of the unit of a system's nets: its family module's UNIT."""
    return str(getattr(family(rules), "UNIT", "points"))


@functools.lru_cache(maxsize=64)
def title(rules: str) -> str:
    try:
        return archive_family(rules).title(rules)
    except Exception:  # (a system the archive does not keep has no games there)
        return rules


def _row(g: dict[str, Any]) -> dict[str, Any]:
    """A game as a row of a list: what the pages show of it."""
    try:
        net = nets(g)
    except (KeyError, TypeError, ValueError, ArchiveError):
        net = []
    return {
        "id": g["id"],
        "date": g["date"],
        "device": g["device"],
        "rules": g["rules"],
        "title": title(g["rules"]),
        "unit": unit(g["rules"]),
        "players": g["players"],
        "nets": net,
        "hands": g["hands"],
        "over": g["over"],
        "damage": g["damage"],
    }


def standings(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per system (in the order of its first game in ``games``): its title, unit, games and each player's
    games and net, best first (then by name)."""
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        try:
            net = nets(g)
        except (KeyError, TypeError, ValueError, ArchiveError):
            continue  # (a damaged result: the game lists, it does not count)
        s = out.setdefault(
            g["rules"],
            {"rules": g["rules"], "title": title(g["rules"]), "unit": unit(g["rules"]), "games": 0, "players": {}},
        )
        s["games"] += 1
        s["on"] = s.get("on", 0) + (not g["over"])  # (games in play: counted as they stand, marked)
        for name, x in zip(g["players"], net, strict=False):
            p = s["players"].setdefault(name, {"name": name, "games": 0, "net": 0})
            p["games"] += 1
            p["net"] += x
    for s in out.values():
        s["players"] = sorted(s["players"].values(), key=_best_first(s["players"].values()))
    return list(out.values())


def _best_first(players: Any) -> Any:
    """The sort key of standings, best net first (then by name): in whole units of the nets' common
    denominator (a Sochi net is in thirds), exact, without comparing Fractions (a league's month has
    thousands of rows)."""
    d = math.lcm(*(p["net"].denominator for p in players)) if players else 1
    return lambda p: (-(p["net"].numerator * (d // p["net"].denominator)), p["name"])


def home(archive: Archive, when: Period, filters: Filters, page: int = 1) -> dict[str, Any]:
    """The home page: the standings of the period and its latest games (of the filters), ``LATEST`` a page,
    newest first (``page`` 1 the newest; a page past the end has none)."""
    f = filters
    games = archive.find_games(when.since, when.until, player=f.player, rules=f.rules, device=f.device)
    latest = games[(page - 1) * LATEST : page * LATEST]  # (the period's games are read for its standings anyway)
    return {
        "period": when,
        "latest": [_row(g) for g in latest],
        "page": page,
        "pages": max(1, -(-len(games) // LATEST)),
        "standings": standings(list(reversed(games))),
        "games": len(games),
        "players": archive.players(),
        "systems": [(r, title(r)) for r in archive.systems()],
        "devices": archive.devices(),
    }


def game(archive: Archive, game_id: int) -> dict[str, Any]:
    """A game's page: the game (``Archive.game``), each player's net after each hand (the chart and the hand
    table) and its nets at the end."""
    g = archive.game(game_id)
    header = g["header"]
    players = g["result"]["players"]
    row = {"id": g["id"], "rules": g["rules"], "header": header, "result": g["result"]}
    running: list[list[Net]] = []
    for h in g["hands"]:
        try:
            running.append(nets({**row, "result": h}))
        except (KeyError, TypeError, ValueError, ArchiveError):
            running.append(running[-1] if running else [0] * len(players))
    try:
        final = nets(row)
    except (KeyError, TypeError, ValueError, ArchiveError):
        final = running[-1] if running else []
    return {
        "game": g,
        "title": title(g["rules"]),
        "unit": unit(g["rules"]),
        "players": players,
        "nets": final,
        "running": running,
        "pay": payments(g["result"]),  # (who pays whom, as kitapi show says it)
    }


def player(archive: Archive, name: str, filters: Filters, when: Period | None = None, page: int = 1) -> dict[str, Any]:
    """A player's page: his games (of the filters, in ``when`` if given; ``PLAYER_PAGE`` a page, newest first),
    by system with his net; his net over time per system; head-to-head against each other player (the games
    both played, each one's net in them, per system; most games together first; in a system played in
    partnerships, Priffe, partners apart from opponents, by rubber: ``_partners``); ``player_stats`` is his
    ``kitapi stats``.  ArchiveError if there is no such player."""
    kept = archive.player_name(name)
    if kept is None:
        raise ArchiveError(f"no player {name!r} in the archive")
    since, until = (when.since, when.until) if when else (None, None)
    games = list(reversed(archive.find_games(since, until, player=kept, rules=filters.rules, device=filters.device)))
    systems: dict[str, dict[str, Any]] = {}
    rivals: dict[tuple[str, ...], dict[str, Any]] = {}
    rows = []
    for g in games:
        r = _row(g)
        rows.append(r)
        if not r["nets"] or kept not in g["players"]:
            continue
        me = g["players"].index(kept)
        s = systems.setdefault(
            g["rules"],
            {"rules": g["rules"], "title": r["title"], "unit": r["unit"], "games": 0, "net": 0, "line": []},
        )
        s["games"] += 1
        s["on"] = s.get("on", 0) + (not g["over"])  # (games in play: counted as they stand, marked)
        s["net"] += r["nets"][me]
        s["line"].append((g["date"], s["net"]))
        if _in_partnerships(g["rules"]):
            continue  # (partners and opponents by rubber: _partners)
        for seat, other in enumerate(g["players"]):
            if seat == me:
                continue
            h = rivals.setdefault(
                (other, g["rules"]),
                {"name": other, "rules": g["rules"], "title": r["title"], "unit": r["unit"], "games": 0,
                 "mine": 0, "theirs": 0, "ahead": 0},
            )  # fmt: skip
            h["games"] += 1
            h["mine"] += r["nets"][me]
            h["theirs"] += r["nets"][seat]
            h["ahead"] += r["nets"][me] > r["nets"][seat]
    rows.reverse()
    for h in _partners(archive, kept, [g for g in games if _in_partnerships(g["rules"])]):
        rivals[(h["name"], h["rules"], h["role"])] = h
    return {
        "name": kept,
        "games": rows[(page - 1) * PLAYER_PAGE : page * PLAYER_PAGE],
        "page": page,
        "pages": max(1, -(-len(rows) // PLAYER_PAGE)),
        "count": len(rows),
        "systems": list(systems.values()),
        "rivals": sorted(rivals.values(), key=lambda h: (-h["games"], h["name"], h["rules"], h.get("role", ""))),
        "systems_all": [(r, title(r)) for r in archive.systems()],
        "devices": archive.devices(),
    }


@functools.lru_cache(maxsize=64)
def _in_partnerships(rules: str) -> bool:
    """The system ``rules`` is played in partnerships that change by rubber (Priffe: asked of the core's class,
    as kitapi_host.archive.ratings does)."""
    from kitapi_host.archive.ratings import in_partnerships

    try:
        return in_partnerships(rules)
    except Exception:  # (a system this kitapi does not know: played alone)
        return False


# A Priffe game's rubbers as replayed (``_partners``), by its archive, id, hands and header: the same for every
# page that asks (a player's page at 100,000 games replays 90 of them: 70 ms), a game that grows in play or is
# another game under the same id is another key; the oldest forgotten past RUBBERS_KEPT.
RUBBERS_KEPT = 20_000
_RUBBERS: dict[tuple[str, int, str], list[tuple[list[list[int]], list[Fraction]]]] = {}
_RUBBERS_LOCK = threading.Lock()


def _partners(archive: Archive, name: str, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Head-to-head rows of ``name``'s games played in partnerships (Priffe), by rubber played out, as
    ``kitapi ratings`` reads them (``kitapi_host.families.priffe.rubbers``: the stored hands scored again by
    the core): per other player and system, ``role`` "partner" (the rubbers they played on one side) or
    "opponent" (on the two sides), ``games`` those rubbers, ``mine`` and ``theirs`` what the rubbers gave each
    (individual points), ``ahead`` the rubbers where his was more.  A damaged game is left out."""
    from kitapi_host.families.priffe import rubbers as replayed

    games = [g for g in games if g["result"].get("rubbers") != 0]  # (none played out: nothing to replay)
    where = str(archive.path)
    keys = {g["id"]: (where, g["id"], g["sha256"]) for g in games}  # (its log: a hand corrected is another)
    ids = [g["id"] for g in games if keys[g["id"]] not in _RUBBERS]
    texts: dict[int, list[str]] = {}
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        sql = f"SELECT game, hand FROM hands WHERE game IN ({', '.join('?' * len(part))}) ORDER BY game, number"
        for gid, text in archive.db.execute(sql, part):
            texts.setdefault(gid, []).append(text)
    out: dict[tuple[str, str, str], dict[str, Any]] = {}
    for g in games:
        key = keys[g["id"]]
        rubbers = _RUBBERS.get(key)
        if rubbers is None:
            try:
                rubbers = replayed(new_game(json.loads(g["header_json"])), texts.get(g["id"], []))
            except Exception:  # (a damaged log: listed, not counted)
                continue
            with _RUBBERS_LOCK:
                _RUBBERS[key] = rubbers
                while len(_RUBBERS) > RUBBERS_KEPT:
                    _RUBBERS.pop(next(iter(_RUBBERS)))
        me = g["players"].index(name)
        for sides, gave in rubbers:
            mine = next(k for k in (0, 1) if me in sides[k])
            for seat, other in enumerate(g["players"]):
                if seat == me:
                    continue
                theirs = next(k for k in (0, 1) if seat in sides[k])
                role = "partner" if theirs == mine else "opponent"
                h = out.setdefault(
                    (other, g["rules"], role),
                    {"name": other, "rules": g["rules"], "title": title(g["rules"]), "unit": unit(g["rules"]),
                     "role": role, "games": 0, "mine": 0, "theirs": 0, "ahead": 0, "rubbers": True},
                )  # fmt: skip
                h["games"] += 1
                h["mine"] += gave[mine]
                h["theirs"] += gave[theirs]
                h["ahead"] += gave[mine] > gave[theirs]
    return list(out.values())


def standings_csv(page: list[dict[str, Any]], lang: str, system_name: Any) -> bytes:
    """The standings (``standings``) as a CSV file: one row per system and player (system, unit, player, games,
    net), its header in ``lang``, each text a cell no spreadsheet app takes for a formula (kitapi_host.text's
    rule), written as a game's CSV is (``sheets.page.to_csv_bytes``: UTF-8 with a byte order mark, so a
    spreadsheet reads Greek and Russian, CRLF); ``system_name(rules, title)`` a system's name in the page's
    language."""
    from kitapi_host.sheets.page import to_csv_bytes
    from kitapi_host.text import cell
    from kitapi_host.web.words import words

    w = words(lang)
    rows: list[list[object]] = [[cell(w[k]) for k in ("system", "unit", "player", "games", "net")]]
    for s in page:
        for p in s["players"]:
            net = p["net"]
            shown = str(net) if type(net) is int else _figure(net)
            rows.append(
                [cell(system_name(s["rules"], s["title"])), cell(w[s["unit"]]), cell(p["name"]), p["games"], shown]
            )
    return to_csv_bytes(rows)


def _figure(x: Any) -> str:
    """An exact net as the page shows it (kitapi_host.logs.show_exact, without the plus sign)."""
    from kitapi_host.logs import show_exact

    return show_exact(Fraction(x), False)


# A player's statistics as counted (``player_stats``), by archive, name as kept and period, with the state of his
# games they were counted from (ids and hands: a game synced further, added, deleted or merged in is another
# state): counted again only when that changed.  The oldest forgotten past STATS_KEPT.
STATS_KEPT = 256
_STATS: dict[tuple[str, str, str | None, str | None], tuple[list[tuple[int, str]], dict[str, Any]]] = {}
_STATS_LOCK = threading.Lock()


def player_stats(archive: Archive, name: str, lang: str = "en", when: Period | None = None) -> dict[str, Any]:
    """A player's ``kitapi stats`` (the figures, replayed from the hands of every game he played: the one page
    whose cost grows with his games, so a page of its own): his name, the figures and the command's tables
    (``kitapi_host.archive.text.Table``), their words in ``lang``; of his games in ``when`` only if given (None:
    every one); counted again only when his games changed (``_STATS``).  ArchiveError if there is no such
    player."""
    kept = archive.player_name(name)
    if kept is None:
        raise ArchiveError(f"no player {name!r} in the archive")
    since, until = (when.since, when.until) if when else (None, None)
    key = (str(archive.path), kept, since, until)
    state = archive.games_state(kept, since, until)  # (his games and their logs: what the figures come from)
    with _STATS_LOCK:
        kept_stats = _STATS.get(key)
    if kept_stats is not None and kept_stats[0] == state:
        stats = kept_stats[1]
    else:
        stats = archive.player_stats(kept, since, until)
        with _STATS_LOCK:
            _STATS[key] = (state, stats)
            while len(_STATS) > STATS_KEPT:
                _STATS.pop(next(iter(_STATS)))
    tables = [t for m in archive_families() for t in m.stats_tables([stats], lang=lang)]
    return {"name": kept, "stats": stats, "tables": tables}


# --- who pays whom (a game's page) and the evening (/evening) ---------------------------------------------


def payments(res: dict[str, Any]) -> dict[str, Any]:
    """Who pays whom to settle the standings ``res`` (a game's result, or a hand's), as ``kitapi show`` says it
    (kitapi_host.logs.table, the core's ``kitapi.settle`` and ``kitapi.outcome.transfers``): ``unit`` (the word
    key of the amounts; None where the rules settle nothing between the players: the pot games, Priffe),
    ``pays`` ``[(payer, payee, amount, money or None)]`` (seats), ``rounded`` (the nets are not whole: rounded
    once, largest remainder), ``now`` (the game is in play: if it ended now), and a kasa game's ``kasa`` and
    ``split`` (each net with the kasa shared equally: what each would have if the game stopped now), a pot
    game's ``pot`` and ``refills``."""
    return _hooks(res["rules"]).payments(res)


def evening_nets(g: dict[str, Any]) -> list[Net]:
    """Each player's figure of game ``g`` (a ``find_games`` row) for the evening's totals: its net (``nets``),
    except a kasa game's, which is its split: the net with what is left in the kasa shared equally (what each
    takes home if it stopped now; the net itself once the kasa is empty)."""
    return _hooks(g["rules"]).evening_nets(g)


def venue_of(device: str, devices: list[str]) -> str:
    """The venue of a box named ``device``, of the boxes ``devices`` that played the same day: a club with several
    boxes names them VENUE-1, VENUE-2... (or VENUE/1...): the name up to its last "-" or "/" when another of
    ``devices`` shares it, else the box's own name."""
    for sep in ("/", "-"):
        head, cut, _ = device.rpartition(sep)
        if cut and head and any(d != device and d.startswith(head + sep) for d in devices):
            return head
    return device


def at_venue(device: str, venue: str) -> bool:
    """Box ``device`` is one of the venue ``venue``'s: named it, or it and a "-" or "/" and the table's name."""
    return device == venue or (device.startswith(venue) and device[len(venue) : len(venue) + 1] in ("-", "/"))


def evening(archive: Archive, day_: date | None, venue: str | None) -> dict[str, Any]:
    """One evening at one venue (``day_``: None, today (UTC); ``venue``: None, the venue of the latest game):
    its games by table (a box is a table), each player's total per system and one settlement per system.

    A player's figure of a game is ``evening_nets``' (the core's result); a system's settlement squares the
    players' exact totals with the core's ``kitapi.settle.settle_whole`` (rounded once to whole amounts by
    largest remainder, then a debtor and a creditor of equal amounts paired first, then the largest debt to
    the largest claim: the fewest transfers with up to four players, at most one fewer than the players in
    any case), in money where every game of the system set the same stake (Preferans' ``stake`` option)."""
    from kitapi.settle import settle_whole
    from kitapi_host.logs.table import money_transfers

    day_ = day_ or datetime.now(UTC).date()
    since, until = day_.isoformat(), (day_ + timedelta(days=1)).isoformat() if day_ < date.max else None
    games = list(reversed(archive.find_games(since, until)))  # (in the order played)
    devices = sorted({g["device"] for g in games})
    if venue is None and games:
        venue = venue_of(games[-1]["device"], devices)
    venues = sorted({venue_of(d, devices) for d in devices})
    games = [g for g in games if venue is not None and at_venue(g["device"], venue)]
    tables: dict[str, list[dict[str, Any]]] = {}
    systems: dict[str, dict[str, Any]] = {}
    for g in games:
        r = _row(g)
        try:
            r["evening"] = evening_nets(g)
        except (KeyError, TypeError, ValueError, ArchiveError):
            r["evening"] = []
        r["pay"] = payments(g["result"])
        tables.setdefault(g["device"], []).append(r)
        if not r["evening"]:
            continue  # (a damaged result: listed, not counted)
        s = systems.setdefault(
            g["rules"],
            {"rules": g["rules"], "title": r["title"], "unit": r["unit"], "games": 0, "on": 0, "players": {},
             "stakes": set(), "settles": r["pay"]["unit"] is not None},
        )  # fmt: skip
        s["games"] += 1
        s["on"] += not g["over"]
        opts = (g["header"] if "header" in g else json.loads(g["header_json"])).get("options", {})
        s["stakes"].add(opts.get("stake") if "stake" in r["pay"] else None)  # (a family whose payments have stakes)
        for name, x in zip(g["players"], r["evening"], strict=False):
            p = s["players"].setdefault(name, {"name": name, "games": 0, "net": 0})
            p["games"] += 1
            p["net"] += x
    for s in systems.values():
        players = sorted(s["players"].values(), key=_best_first(s["players"].values()))
        s["players"] = players
        stake = next(iter(s["stakes"])) if len(s["stakes"]) == 1 else None
        s["stake"] = Fraction(stake) if stake else None
        s["pays"], s["wholes"], s["rounded"], s["cash"] = [], [], False, []
        if s["settles"] and players:
            totals = [Fraction(p["net"]) for p in players]
            den = math.lcm(*(x.denominator for x in totals))
            wholes, pays = settle_whole([int(x * den) for x in totals], den)
            s["wholes"] = list(wholes)
            s["rounded"] = den != 1
            s["pays"] = [(players[a]["name"], players[b]["name"], x, None) for a, b, x in pays]
            if s["stake"]:  # the money: the exact totals x the stake, rounded once (kitapi.outcome.money, the box's)
                written = [x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}" for x in totals]
                money = [x * s["stake"] for x in totals]
                cash = money_transfers(
                    {"settlement": written,
                     "money": [x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}" for x in money]}
                )  # fmt: skip
                s["cash"] = [(players[a]["name"], players[b]["name"], x) for a, b, x in cash[2]] if cash else []
        del s["stakes"]
    return {
        "day": day_,
        "venue": venue,
        "venues": venues,
        "tables": sorted(tables.items()),
        "systems": list(systems.values()),
        "games": len(games),
        "on": sum(not g["over"] for g in games),
    }
