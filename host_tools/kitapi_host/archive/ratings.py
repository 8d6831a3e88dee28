"""The players' ratings (``kitapi ratings``, the page ``/ratings``): one per player per family, from every finished
game of the archive in the order they were played, with openskill's Plackett-Luce model (PyPI ``openskill``).

- A family is kitapi.registry's column (Prefa, Preferans, the kasa, the pot games, Priffe): its systems share
  one rating, since the model reads only who finished ahead of whom (Balkan's whists and Sochi's alike).
- A game is a free-for-all ranked by what it gave each player in its family's unit (``db.unit``: Prefa's chips,
  the net whists, the net kapikia, a pot game's chips won or lost): more is ahead, equal nets are tied.
- Priffe is played in partnerships that change after every rubber: each rubber played out is a match of its
  two partnerships (teams of two), ranked by what it gave them (the core's rubber difference); a tie if it gave
  nothing.  A rubber cut short by a closed game is not counted.
- Only finished games count (played out, or closed: the archive's ``over``); a game in play is left out until
  it is over, and said (``in_play``).  The order is the archive's date order: ``started`` as the box wrote it,
  else when it was archived; then the game's number.
- A player is his archive id while the ratings are counted and his current name when shown: a rename changes
  only the name, a merge makes one history of both (the merged games counted in their order).

``kitapi ratings`` counts from the start each time (nothing is stored in the archive, so nothing can go
stale: some 1 s at 10,000 games, ``kitapi bench --part archive``).  ``kitapi serve`` keeps its count in the
process and carries it on when only later games came (a sync of tonight's), and counts again from the start
when an older game came or changed, or a merge moved seats (``ratings(cached=True)``).
The rating shown is openskill's ordinal, mu - 3 sigma: a new player starts at 0 (mu 25, sigma 25/3).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kitapi.game import RuleError
from kitapi.registry import rows
from kitapi.rules import load
from kitapi_host.archive.db import Archive, unit
from kitapi_host.archive.errors import ArchiveError
from kitapi_host.families.priffe import rubbers

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating

TREND = 10  # the ordinals after a player's last games kept for his page
_PARTNERSHIPS = 5  # the OUTCOME (kitapi.game.Game's comment) of a system played in partnerships (Priffe's)


def families() -> list[str]:
    """The families of kitapi.registry, in its order (each once)."""
    return list(dict.fromkeys(r[1] for r in rows()))


def systems(fam: str) -> list[str]:
    """The rules ids of the family ``fam``, in kitapi.registry's order."""
    return [r[0] for r in rows() if r[1] == fam]


@dataclass
class Rating:
    """A player's rating in a family: openskill's ``mu`` and ``sigma``, the games counted, and ``trend``: his
    ordinal after each of his last ``TREND`` games, ``(game id, ordinal)``, oldest first."""

    player: str
    mu: float
    sigma: float
    games: int
    trend: list[tuple[int, float]] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: what is shown (a cautious figure, three uncertainties below the skill his games show)."""
        return self.mu - 3 * self.sigma

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "rating": self.ordinal, "mu": self.mu, "sigma": self.sigma,
                "games": self.games}  # fmt: skip


@dataclass
class Ratings:
    """Every family's ratings (``by_family``: family -> ratings, best first; a family without a game counted
    is there, empty), the games counted and the games in play (not counted)."""

    by_family: dict[str, list[Rating]]
    counted: int
    in_play: int


class _Player:
    __slots__ = ("rating", "games", "trend")

    def __init__(self, rating: PlackettLuceRating) -> None:
        self.rating = rating
        self.games = 0
        self.trend: list[tuple[int, float]] = []

    def copy(self) -> _Player:
        p = _Player(self.rating)  # (openskill's rate gives new ratings: one is never changed)
        p.games, p.trend = self.games, list(self.trend)
        return p


def ratings(archive: Archive, family: str | None = None, cached: bool = False) -> Ratings:
    """The ratings of the archive (of ``family`` only, if given: one of ``families()``), counted from its
    finished games in date order.  ``cached`` (``kitapi serve``'s pages): the count is kept in this process and
    carried on from where it stopped when the archive has only finished games dated after the last one counted
    (tonight's, synced); counted again from the start when anything before changed (an older game added or
    grown, a game in play ended before the last one counted, a merge).  The names are read anew each time (a
    rename is no new count)."""
    fams = families() if family is None else [family]
    token = _token(archive) if cached else None  # (before the snapshot: what the count read is at least as new)
    with _snapshot(archive):  # (one state of the archive for every query, while a sync may write)
        if cached:
            key = (str(archive.path), family)
            with _LOCK:
                base = _CACHE.get(key)
            if base is None or token is None or base.token != token:  # (the same token: nothing was written)
                if base is not None and not _unchanged(archive, fams, base):
                    base = None
                base = _count(archive, fams, base)
                base.token = token
                with _LOCK:
                    _CACHE[key] = base
            count = base
        else:
            count = _count(archive, fams, None)
        names = {int(pid): name for pid, name in archive.db.execute("SELECT id, name FROM players")}
    out: dict[str, list[Rating]] = {}
    for f in fams:
        rs = [
            Rating(names.get(pid, f"#{pid}"), p.rating.mu, p.rating.sigma, p.games, list(p.trend))
            for pid, p in count.table[f].items()
        ]
        rs.sort(key=lambda r: (-r.ordinal, r.player))
        out[f] = rs
    return Ratings(out, count.counted, count.in_play)


@dataclass
class _Count:
    """A count: each family's players by archive id, the games rated, and where it stopped: ``last`` the date
    order's key (date, id) of the last finished game read, ``max_id`` the largest game id then, ``seats`` and
    ``before`` fingerprints of who sat where in those games and of the finished games up to ``last``."""

    table: dict[str, dict[int, _Player]]
    counted: int
    in_play: int
    last: tuple[str, int] | None
    max_id: int
    seats: tuple[int, ...]
    before: tuple[Any, ...]
    token: Any = None


# kitapi serve's counts: (archive, family) -> the last count; a few entries, one per family asked
_CACHE: dict[tuple[str, str | None], _Count] = {}
_LOCK = threading.Lock()
_KEY = "COALESCE(started, added)"  # a game's date, as the archive orders them (the index games_date)


def _rules(fams: list[str]) -> list[str]:
    return [r[0] for r in rows() if r[1] in fams]


def _marks(fams: list[str]) -> str:
    return ", ".join("?" * len(_rules(fams)))


@contextmanager
def _snapshot(archive: Archive) -> Iterator[None]:
    """Every query inside reads one state of the archive (a read transaction; PostgreSQL's repeatable read)."""
    archive.db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ" if archive.pg else "BEGIN")
    try:
        yield
    finally:
        archive.db.execute("ROLLBACK")  # (nothing was written)


def _token(archive: Archive) -> Any:
    """Something every write to the archive changes, read without reading the archive: an SQLite file's and
    its write-ahead log's size and modification time (to the nanosecond), PostgreSQL's current write-ahead log
    position (any write to the server moves it); None where it cannot be read (then ``_unchanged`` decides)."""
    if archive.pg:
        try:
            return str(archive.db.execute("SELECT pg_current_wal_insert_lsn()").fetchone()[0])
        except ArchiveError:
            return None
    out: list[tuple[int, int, int] | None] = []
    for f in (archive.path, Path(f"{archive.path}-wal")):
        try:
            st = f.stat()
        except FileNotFoundError:
            out.append(None)
            continue
        except OSError:
            return None
        # (an empty log holds no write: opening the archive empties it, a new time and nothing else)
        out.append((st.st_ino, st.st_size, st.st_mtime_ns) if st.st_size else None)
    return tuple(out)


def _seats(archive: Archive, max_id: int, since: int = 0) -> tuple[int, ...]:
    """A fingerprint of who sat where in the games after ``since`` up to ``max_id`` (a merge changes it): sums,
    so that the games up to one id and those after it add up to the games up to the other."""
    r = archive.db.execute(
        "SELECT COUNT(*), SUM(player * (seat + 1)), SUM(player * game) FROM game_players WHERE game > ? AND game <= ?",
        (since, max_id),
    ).fetchone()
    return tuple(int(x or 0) for x in r)


def _before(archive: Archive, fams: list[str], last: tuple[str, int] | None) -> tuple[Any, ...]:
    """A fingerprint of the finished games up to ``last`` in date order: how many, the last change to them."""
    if last is None:
        return (0, None)
    r = archive.db.execute(
        f"SELECT COUNT(*), MAX(updated) FROM games WHERE over = 1 AND rules IN ({_marks(fams)})"
        f" AND ({_KEY} < ? OR ({_KEY} = ? AND id <= ?))",
        [*_rules(fams), last[0], last[0], last[1]],
    ).fetchone()
    return (int(r[0]), r[1])


def _unchanged(archive: Archive, fams: list[str], base: _Count) -> bool:
    """The count ``base`` still holds: the games it read and their seats are as they were."""
    return _seats(archive, base.max_id) == base.seats and _before(archive, fams, base.last) == base.before


def _count(archive: Archive, fams: list[str], base: _Count | None) -> _Count:
    """The finished games of the families ``fams`` rated in date order, after ``base``'s (on a copy of its
    players) or from the start."""
    ids = _rules(fams)
    table: dict[str, dict[int, _Player]] = {f: {} for f in fams}
    counted, last = 0, None
    if base is not None:
        table = {f: {pid: p.copy() for pid, p in t.items()} for f, t in base.table.items()}
        counted, last = base.counted, base.last
    db = archive.db
    max_id = int(db.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()[0])
    after = "" if last is None else f" AND ({_KEY} > ? OR ({_KEY} = ? AND id > ?))"
    args = [*ids, *(() if last is None else (last[0], last[0], last[1]))]
    finished = f"SELECT id FROM games WHERE over = 1 AND rules IN ({_marks(fams)}){after}"
    games = db.execute(
        f"SELECT id, rules, header, result, {_KEY}, updated FROM games WHERE over = 1 AND rules IN ({_marks(fams)})"
        f"{after}"
        f" ORDER BY {_KEY}, id",
        args,
    ).fetchall()
    seats: dict[int, list[int]] = {}
    hands: dict[int, list[str]] = {}
    teams = [r for r in ids if in_partnerships(r)]  # (Priffe: rated rubber by rubber)
    if games:
        for gid, pid in db.execute(
            f"SELECT game, player FROM game_players WHERE game IN ({finished}) ORDER BY game, seat", args
        ):
            seats.setdefault(int(gid), []).append(int(pid))
        if teams:
            for gid, text in db.execute(
                f"SELECT game, hand FROM hands WHERE game IN ({finished} AND rules IN ({', '.join('?' * len(teams))}))"
                " ORDER BY game, number",
                [*args, *teams],
            ):
                hands.setdefault(int(gid), []).append(text)

    from openskill.models import PlackettLuce  # (imported when counted: 35 ms that kitapi --help need not wait)

    model = PlackettLuce()
    classes: dict[str, Any] = {}  # (the core's class of each system, asked once: kitapi.registry lets itself go)
    of_rules = {r[0]: r[1] for r in rows()}
    for gid, rules, header, result, date, _updated in games:
        last = (str(date), int(gid))
        gid, fam, players = int(gid), of_rules[rules], seats.get(int(gid), [])
        try:
            if rules in teams:
                cls = classes.get(rules) or classes.setdefault(rules, load(rules))
                matches = rubbers(cls(json.loads(header)), hands.get(gid, []))
            else:
                res = json.loads(result)
                matches = [([[s] for s in range(len(players))], [unit(rules, res, s)[1] for s in range(len(players))])]
        except (ValueError, TypeError, KeyError, IndexError, RuleError):
            continue  # (a damaged row: that game is not counted, the others are)
        if not matches or len(players) < 2:
            continue
        mine = table[fam]
        for p in players:
            if p not in mine:
                mine[p] = _Player(model.rating())
        for sides, nets in matches:
            ranks: list[float] = [1 + sum(n > x for n in nets) for x in nets]  # (equal nets: equal ranks, a tie)
            rated = model.rate([[mine[players[s]].rating for s in side] for side in sides], ranks=ranks)
            for side, new in zip(sides, rated, strict=True):
                for s, r in zip(side, new, strict=True):
                    mine[players[s]].rating = r
        counted += 1
        for p in players:
            me = mine[p]
            me.games += 1
            me.trend = [*me.trend[-(TREND - 1) :], (gid, me.rating.ordinal())]
    in_play = db.execute(f"SELECT COUNT(*) FROM games WHERE over = 0 AND rules IN ({_marks(fams)})", ids).fetchone()[0]
    if base is None:
        sat, before = _seats(archive, max_id), _before(archive, fams, last)
    else:  # (base's fingerprints, checked by _unchanged in this snapshot, and those of what was read after them)
        sat = tuple(a + b for a, b in zip(base.seats, _seats(archive, max_id, base.max_id), strict=True))
        stamps = [r[5] for r in games if r[5] is not None]
        newest = max([*stamps, *([base.before[1]] if base.before[1] is not None else [])], default=None)
        before = (base.before[0] + len(games), newest)
    return _Count(table, counted, int(in_play), last, max_id, sat, before)


def in_partnerships(rules: str) -> bool:
    """The system ``rules`` is played in partnerships (asked of the core's class, never by its rules id)."""
    return getattr(load(rules), "OUTCOME", 1) == _PARTNERSHIPS


# --- kitapi ratings ------------------------------------------------------------------------------------------


def _ratings(args: argparse.Namespace) -> int:
    from kitapi_host.archive.cli import open_archive, print_json
    from kitapi_host.archive.text import grid

    if args.family is not None and args.family not in families():
        print(f"kitapi ratings: no family {args.family!r}: one of {', '.join(families())}", file=sys.stderr)
        return 2
    with open_archive(args) as archive:
        got = ratings(archive, args.family)
    if args.json:
        return print_json(
            {
                "families": [
                    {"family": f, "systems": systems(f), "players": [r.as_dict() for r in rs]}
                    for f, rs in got.by_family.items()
                ],
                "counted": got.counted,
                "in_play": got.in_play,
            }
        )
    shown = 0
    for f, rs in got.by_family.items():
        if not rs:
            continue
        if shown:
            print()
        shown += 1
        print(f"{f}: {', '.join(r[3] for r in rows() if r[1] == f)}")  # (the systems' names)
        rows_ = [[str(i + 1), r.player, f"{r.ordinal:.2f}", str(r.games)] for i, r in enumerate(rs)]
        print(grid(["#", "Player", "Rating", "Games"], rows_, {0, 2, 3}))
    if not shown:
        print("No finished game to rate" + (f" in the family {args.family}." if args.family else "."))
    print(
        f"{got.counted} finished games counted; {got.in_play} in play not counted."
        " Rating: openskill's Plackett-Luce ordinal, mu - 3 sigma (a new player 0)."
    )
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``ratings`` to ``kitapi``'s subcommands."""
    from kitapi_host.archive.cli import add_db_option, add_json_option, guarded

    p = sub.add_parser("ratings", help="each player's rating per family (openskill), from the finished games")
    p.add_argument("--family", metavar="F", help=f"one family only: {', '.join(families())}")
    add_db_option(p)
    add_json_option(p)
    command = guarded(_ratings)

    def run(args: argparse.Namespace) -> int:  # (the command's own: cli.COMMANDS names this module)
        return command(args)

    p.set_defaults(func=run)
