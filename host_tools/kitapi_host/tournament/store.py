"""A tournament in the archive (issue 34, items 1-4, 6, 7): its draw, its tables round by round, the games
attached to them, the tables decided or closed, and the points and standings the pure computations
(``tables``, ``seating``, ``points``, ``standings``) make of them. ``kitapi tournament`` (``tournament.cli``) is
its command line; the archive's tables are schema 7's (``archive/schema.py``, ``TOURNAMENTS``), on SQLite and
PostgreSQL alike, through the archive's portable SQL.

- A tournament's players are the archive's (``players``, by id): a rename or a merge follows them, and a game's
  players are matched to a table's by id, whatever names the box typed.
- Rounds 1..K are seated when the tournament is made; each later round by ``seat`` once the round before is
  complete. A table keeps when it was seated.
- A game is a table's (``Archive._attach_to_table``, called by ``Archive.add_log`` as it stores a game, so
  by ``archive add`` and ``sync``): its players exactly the table's, of the tournament's system, started (else
  archived) since the table was seated, attached to no table and never detached from one of that tournament;
  the first such table, by tournament, round and table; a game whose header names its table (a table loaded
  onto the box: ``box_table``, ``kitapi tournament load``) that table first, whenever it started.
  ``attach`` and ``detach`` mend a wrong match by hand.
- A table's results, in its seats' order, are: those the organisers gave (``decide``: marked ``decided``); else
  its game's as it stood when its round was closed (``close_round``: marked ``closed``); else its game's once the
  game is over, each player's net in the game's unit (``archive.db.unit``, what ``kitapi show`` gives); else
  none yet. A round is complete when every table has its results.

Every refusal is a ``TournamentError`` (an ``ArchiveError``: one line, exit status 2), and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kitapi.game import RuleError, check_name, new_game
from kitapi_host.archive.errors import ArchiveError
from kitapi_host.tournament import seating
from kitapi_host.tournament.points import table_points
from kitapi_host.tournament.standings import Played, Row, standings
from kitapi_host.tournament.tables import table_sizes

if TYPE_CHECKING:
    from kitapi_host.archive.db import Archive

DECIDED = "decided"  # the organisers gave the table's results (kitapi tournament result)
CLOSED = "closed"  # its game was counted as it stood when the round was closed (kitapi tournament close-round)
MAX_NAME = 64  # characters in a tournament's name
SCHEMA = 7  # the archive's schema that added the tournaments' tables
MAX_ROUNDS = 100  # a season of weekly rounds, twice over (the fixed rounds' search grows with them)


class TournamentError(ArchiveError):
    """What a tournament command refuses, in one line: nothing was changed."""


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class Tournament:
    """A tournament's row: ``names`` and ``ids`` are its players' current names and archive ids by drawn number
    (``names[0]`` is number 1)."""

    id: int
    name: str
    rules: str
    options: dict[str, Any]
    points: str
    rounds: int
    fixed: int
    seed: int
    design: str
    made: str
    names: list[str] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)


@dataclass
class Table:
    """A table of a round: its players' ``seats`` (drawn numbers), when it was ``seated``, its ``game`` (or None),
    its ``mark`` (None, ``decided``, ``closed``), its ``results`` and ``points`` seat by seat (None until it has
    them) and its ``state``: ``no game``, ``in play``, ``over``, ``decided``, ``closed`` or ``other players`` (a
    game attached whose players are no longer the table's: a merge since)."""

    round: int
    number: int
    seats: list[int]
    seated: str
    game: int | None
    mark: str | None
    state: str
    results: list[Fraction] | None = None
    points: list[Fraction] | None = None


def _fractions(text: str) -> list[Fraction]:
    return [Fraction(x) for x in json.loads(text)]


def _texts(values: Sequence[Fraction]) -> str:
    return json.dumps([str(Fraction(x)) for x in values])


def check_tournament_name(name: str) -> None:
    """A tournament's name: 1 to ``MAX_NAME`` characters, something visible, on one line."""
    from kitapi_host.archive.values import blank

    if not name or len(name) > MAX_NAME or blank(name) or any(c in name for c in "\r\n\t"):
        raise TournamentError(
            f"a tournament's name is 1 to {MAX_NAME} characters on one line, not only spaces: {name!r}"
        )


def _names(a: Archive, t: Tournament) -> None:
    rows = a.db.execute(
        "SELECT tp.number, tp.player, p.name FROM tournament_players tp JOIN players p ON p.id = tp.player"
        " WHERE tp.tournament = ? ORDER BY tp.number",
        (t.id,),
    ).fetchall()
    t.ids = [int(r[1]) for r in rows]
    t.names = [str(r[2]) for r in rows]


def _kept(a: Archive) -> bool:
    """The archive has the tournaments' tables: not one of an older schema read as it is (a read-only disk:
    ``archive.db.READ_AS_IS``), which has no tournament."""
    return (a.schema_version() or 0) >= SCHEMA


def get(a: Archive, name: str) -> Tournament:
    """The tournament ``name`` (NFC, as it was made) with its players; TournamentError if the archive has none of
    that name."""
    from kitapi_host.archive.values import nfc

    r = None
    name = nfc(name)
    if _kept(a):
        r = a.db.execute(
            "SELECT id, name, rules, options, points, rounds, fixed, seed, design, made FROM tournaments"
            " WHERE name = ?",
            (name,),
        ).fetchone()
    if r is None:
        raise TournamentError(f"no tournament {name!r} in the archive (kitapi tournament list names them)")
    t = Tournament(int(r[0]), r[1], r[2], json.loads(r[3]), r[4], int(r[5]), int(r[6]), int(r[7]), r[8], r[9])
    _names(a, t)
    return t


# --- making a tournament ---------------------------------------------------------------------------------------


@dataclass
class Made:
    """What ``new`` made: the tournament and its fixed rounds (``seating.Fixed``)."""

    tournament: Tournament
    fixed: seating.Fixed


def new(
    a: Archive,
    name: str,
    rules: str,
    options: dict[str, Any],
    players: Sequence[str],
    rounds: int,
    fixed: int | None = None,
    points: str = "serbian",
    seed: int | None = None,
) -> Made:
    """Make the tournament ``name``: the players drawn to their numbers (``seed``, or one chosen and stored; the
    names sorted first, so the same seed and players give the same draw in whatever order they are listed), the
    tables' sizes for ``points``, rounds 1..``fixed`` (None: as many as can be seated with no pair twice, at most
    ``rounds``) seated now. Each check's refusal is one line, before anything is written."""
    from kitapi_host.archive.values import nfc
    from kitapi_host.families import NoFamily, archive_family

    check_tournament_name(name)
    name = nfc(name)  # (as players' names: "Zoë Cup" typed either way is one tournament)
    try:
        archive_family(rules)
    except NoFamily:
        from kitapi.registry import rows

        known = ", ".join(r[0] for r in rows())
        raise TournamentError(f"unknown system {rules!r}: one of {known}") from None
    if not 1 <= rounds <= MAX_ROUNDS:
        raise TournamentError(f"--rounds must be 1 to {MAX_ROUNDS}, not {rounds}")
    if fixed is not None and not 1 <= fixed <= rounds:
        raise TournamentError(f"--open-rounds must be 1 to {rounds} (the rounds), not {fixed}")
    if seed is not None and not 0 <= seed < 2**63:
        raise TournamentError(f"--seed must be a whole number from 0 to 2**63 - 1, not {seed}")
    keys = _checked_players(players)
    try:
        sizes = table_sizes(len(players), points)
    except ValueError as e:
        raise TournamentError(str(e)) from None
    seed, names = seating.draw(sorted(keys), seed)  # (sorted: the seed and the players redo it, in any order)
    for size in sorted(set(sizes)):  # the system and its options, as a new game of a table of each size
        try:
            new_game({"kitapi": 1, "rules": rules, "players": names[:size], "options": options})
        except RuleError as e:
            raise TournamentError(f"--system {rules} --options {json.dumps(options)}: a table of {size}: {e}") from None
    done = seating.fixed_rounds(sizes, rounds, fixed, seed)
    now = _now()
    with a.transaction():
        if a.db.execute("SELECT 1 FROM tournaments WHERE name = ?", (name,)).fetchone() is not None:
            raise TournamentError(f"there is already a tournament {name!r} in the archive")
        ids = [a.player_id(p) for p in names]
        if len(set(ids)) != len(ids):  # (two ways of writing one archive player's name)
            raise TournamentError("two of the names are one player of the archive")
        tid = a.insert_row(
            "tournaments",
            {
                "name": name,
                "rules": rules,
                "options": json.dumps(options, sort_keys=True),
                "points": points,
                "rounds": rounds,
                "fixed": len(done.rounds),
                "seed": seed,
                "design": done.design,
                "made": now,
            },
        )
        a.db.executemany(
            "INSERT INTO tournament_players (tournament, number, player) VALUES (?, ?, ?)",
            [(tid, i, p) for i, p in enumerate(ids, 1)],
        )
        _seat(a, tid, [(r, list(rnd)) for r, rnd in enumerate(done.rounds, 1)], now)
    return Made(get(a, name), done)


def _checked_players(players: Sequence[str]) -> list[str]:
    """The players' names as the archive keeps them (NFC); TournamentError for a name the core refuses, one
    with nothing visible, or one named twice."""
    from kitapi_host.archive.values import blank, nfc

    for p in players:
        try:
            check_name(p)
        except RuleError as e:
            raise TournamentError(f"player {p!r}: {e}") from None
        if blank(p):
            raise TournamentError(f"player {p!r}: a name must hold a visible character")
    keys = [nfc(p) for p in players]
    twice = sorted({p for p in keys if keys.count(p) > 1})
    if twice:
        raise TournamentError(f"a player is named twice: {', '.join(twice)}")
    return keys


def _seat(a: Archive, tid: int, rounds: list[tuple[int, list[tuple[int, ...]]]], now: str) -> None:
    a.db.executemany(
        "INSERT INTO tournament_tables (tournament, round, number, seats, seated) VALUES (?, ?, ?, ?, ?)",
        [(tid, r, n, json.dumps(list(t)), now) for r, rnd in rounds for n, t in enumerate(rnd, 1)],
    )


def tournaments(a: Archive) -> list[dict[str, Any]]:
    """Every tournament, by name: name, rules, options, points, players, rounds, seated (rounds), complete
    (rounds), made."""
    out: list[dict[str, Any]] = []
    if not _kept(a):
        return out
    for r in a.db.execute("SELECT name FROM tournaments ORDER BY name").fetchall():
        t = get(a, r[0])
        tabs = tables(a, t)
        out.append(
            {
                "name": t.name,
                "rules": t.rules,
                "options": t.options,
                "points": t.points,
                "players": len(t.ids),
                "rounds": t.rounds,
                "seated": max((x.round for x in tabs), default=0),
                "complete": len(complete_rounds(tabs)),
                "made": t.made,
            }
        )
    return out


# --- the tables and their results ------------------------------------------------------------------------------


def tables(a: Archive, t: Tournament) -> list[Table]:
    """Every seated table of ``t``, by round and table, with its results and points (the module's docstring)."""
    from kitapi_host.archive.values import unit

    seats_of: dict[int, list[int]] = {}
    for game, player in a.db.execute(
        "SELECT gp.game, gp.player FROM tournament_tables t JOIN game_players gp ON gp.game = t.game"
        " WHERE t.tournament = ? ORDER BY gp.game, gp.seat",
        (t.id,),
    ):
        seats_of.setdefault(int(game), []).append(int(player))
    out = []
    for r in a.db.execute(
        "SELECT t.round, t.number, t.seats, t.seated, t.game, t.results, t.mark, g.rules, g.result, g.over"
        " FROM tournament_tables t LEFT JOIN games g ON g.id = t.game WHERE t.tournament = ?"
        " ORDER BY t.round, t.number",
        (t.id,),
    ).fetchall():
        seats = [int(x) for x in json.loads(r[2])]
        game = None if r[4] is None else int(r[4])
        tab = Table(int(r[0]), int(r[1]), seats, r[3], game, r[6], "no game")
        if tab.mark is not None:
            tab.state, tab.results = tab.mark, _fractions(r[5])
        elif game is not None:
            players = seats_of.get(game, [])
            where = {p: s for s, p in enumerate(players)}
            if sorted(where) != sorted(t.ids[n - 1] for n in seats):
                tab.state = "other players"
            elif not r[9]:
                tab.state = "in play"
            else:
                tab.state = "over"
                res = json.loads(r[8])
                tab.results = [unit(r[7], res, where[t.ids[n - 1]])[1] for n in seats]
        if tab.results is not None:
            tab.points = table_points(t.points, tab.results)
        out.append(tab)
    return out


def rounds_of(tabs: Sequence[Table]) -> dict[int, list[Table]]:
    """The tables by round."""
    out: dict[int, list[Table]] = {}
    for x in tabs:
        out.setdefault(x.round, []).append(x)
    return out


def complete_rounds(tabs: Sequence[Table]) -> list[int]:
    """The rounds every table of which has its results."""
    return [r for r, ts in rounds_of(tabs).items() if all(x.results is not None for x in ts)]


def table_standings(t: Tournament, tabs: Sequence[Table], upto: int | None = None) -> list[Row]:
    """The standings (``standings.standings``) from the tables with results, of rounds up to ``upto`` (None:
    every round)."""
    played: list[list[Played]] = []
    for r, ts in sorted(rounds_of(tabs).items()):
        if upto is not None and r > upto:
            break
        played.append(
            [
                Played(tuple(x.seats), tuple(x.results), tuple(x.points))
                for x in ts
                if x.results is not None and x.points is not None
            ]
        )
    return standings(played, range(1, len(t.ids) + 1))


def _table(a: Archive, t: Tournament, rnd: int, number: int) -> Table:
    for x in tables(a, t):
        if x.round == rnd and x.number == number:
            return x
    seated = max((x.round for x in tables(a, t)), default=0)
    if rnd > seated:
        raise TournamentError(f"{t.name}: round {rnd} is not seated (rounds 1 to {seated} are)")
    raise TournamentError(f"{t.name}: round {rnd} has no table {number}")


def _who(t: Tournament, numbers: Sequence[int]) -> str:
    return ", ".join(t.names[n - 1] for n in numbers)


# --- the commands that change a tournament -------------------------------------------------------------------


def seat(a: Archive, name: str) -> tuple[Tournament, int, list[tuple[int, ...]]]:
    """Seat the next round by the standings (``seating.by_standings``, avoiding the pairs met so far) once every
    round before it is complete: ``(tournament, round, its tables)``."""
    with a.transaction():
        t = get(a, name)
        tabs = tables(a, t)
        by_round = rounds_of(tabs)
        last = max(by_round, default=0)
        if last >= t.rounds:
            raise TournamentError(f"{name}: all its {t.rounds} rounds are seated")
        _complete(t, by_round)
        order = [row.number for row in table_standings(t, tabs)]
        sizes = table_sizes(len(t.ids), t.points)
        met = [[tuple(x.seats) for x in ts] for _, ts in sorted(by_round.items())]
        rnd = seating.by_standings(order, sizes, met)
        _seat(a, t.id, [(last + 1, rnd)], _now())
    return t, last + 1, rnd


def _complete(t: Tournament, by_round: dict[int, list[Table]]) -> None:
    for r, ts in sorted(by_round.items()):
        open_ = [x for x in ts if x.results is None]
        if open_:
            what = "; ".join(
                f"table {x.number} {x.state}" + (f" (game {x.game})" if x.game is not None else "") for x in open_
            )
            raise TournamentError(
                f"{t.name}: round {r} is not complete ({what}): when its games are over, or with kitapi tournament"
                f" result or close-round {r}"
            )


def attach(a: Archive, name: str, rnd: int, number: int, game: int) -> Tournament:
    """Make game ``game`` the table's by hand: a game of the tournament's system whose players are the table's,
    attached to no other table, at a table with no game."""
    with a.transaction():
        t = get(a, name)
        x = _table(a, t, rnd, number)
        g = a.db.execute("SELECT rules FROM games WHERE id = ?", (game,)).fetchone()
        if g is None:
            raise TournamentError(f"no game {game} in the archive")
        if x.game == game:
            raise TournamentError(f"{name}: game {game} is table {number} of round {rnd} already")
        if x.game is not None:
            raise TournamentError(
                f"{name}: table {number} of round {rnd} has game {x.game}: detach it first"
                f" (kitapi tournament detach {name} {rnd} {number} {x.game})"
            )
        other = a.db.execute(
            "SELECT x.name, t.round, t.number FROM tournament_tables t JOIN tournaments x ON x.id = t.tournament"
            " WHERE t.game = ?",
            (game,),
        ).fetchone()
        if other is not None:
            raise TournamentError(
                f"game {game} is table {other[2]} of round {other[1]} of {other[0]}: detach it there first"
            )
        if g[0] != t.rules:
            raise TournamentError(f"game {game} is a game of {g[0]}, {name}'s games are of {t.rules}")
        players = [int(r[0]) for r in a.db.execute("SELECT player FROM game_players WHERE game = ?", (game,))]
        want = [t.ids[n - 1] for n in x.seats]
        if sorted(players) != sorted(want):
            got = ", ".join(a.seats(game))
            raise TournamentError(
                f"game {game}'s players are {got}; table {number} of round {rnd} seats {_who(t, x.seats)}"
                " (a player under another name: kitapi players rename or merge)"
            )
        a.db.execute(
            "UPDATE tournament_tables SET game = ? WHERE tournament = ? AND round = ? AND number = ?",
            (game, t.id, rnd, number),
        )
        a.db.execute("DELETE FROM tournament_detached WHERE tournament = ? AND game = ?", (t.id, game))
    return t


def detach(a: Archive, name: str, rnd: int, number: int, game: int) -> Tournament:
    """Take game ``game`` off the table (a wrong match): it is not attached to a table of this tournament again
    by itself (only by ``attach``); a table closed with it loses the results it gave."""
    with a.transaction():
        t = get(a, name)
        x = _table(a, t, rnd, number)
        if x.game != game:
            has = "no game" if x.game is None else f"game {x.game}"
            raise TournamentError(f"{name}: table {number} of round {rnd} has {has}, not game {game}")
        a.db.execute(
            "UPDATE tournament_tables SET game = NULL,"
            " results = CASE WHEN mark = ? THEN NULL ELSE results END,"
            " mark = CASE WHEN mark = ? THEN NULL ELSE mark END"
            " WHERE tournament = ? AND round = ? AND number = ?",
            (CLOSED, CLOSED, t.id, rnd, number),
        )
        a.db.execute("DELETE FROM tournament_detached WHERE tournament = ? AND game = ?", (t.id, game))
        a.db.execute("INSERT INTO tournament_detached (tournament, game) VALUES (?, ?)", (t.id, game))
    return t


def decide(a: Archive, name: str, rnd: int, number: int, given: Sequence[tuple[str, Fraction]]) -> Table:
    """The organisers' results of a table (``given``: each of its players' name and result, in any order),
    marked ``decided``; they stand over its game's, if it has one."""
    with a.transaction():
        t = get(a, name)
        x = _table(a, t, rnd, number)
        number_of = {p: n for n, p in enumerate(t.ids, 1)}
        by_number: dict[int, Fraction] = {}
        for who, value in given:
            pid = a.find_player(who)
            n = number_of.get(pid) if pid is not None else None
            if n is None or n not in x.seats or n in by_number:
                break
            by_number[n] = value
        if sorted(by_number) != sorted(x.seats) or len(given) != len(x.seats):
            names = ", ".join(w for w, _ in given)
            raise TournamentError(
                f"the results name {names}; table {number} of round {rnd} seats {_who(t, x.seats)}"
                " (a result for each of them)"
            )
        results = [by_number[n] for n in x.seats]
        a.db.execute(
            "UPDATE tournament_tables SET results = ?, mark = ? WHERE tournament = ? AND round = ? AND number = ?",
            (_texts(results), DECIDED, t.id, rnd, number),
        )
        return _table(a, t, rnd, number)


def close_round(a: Archive, name: str, rnd: int) -> list[Table]:
    """The time limit: every table of round ``rnd`` whose game is still in play is counted as it stands now,
    marked ``closed``; refused (nothing changed) while a table of it has no game and no results. The tables
    closed."""
    from kitapi_host.archive.values import unit

    with a.transaction():
        t = get(a, name)
        ts = rounds_of(tables(a, t)).get(rnd)
        if ts is None:
            raise TournamentError(f"{name}: round {rnd} is not seated")
        bare = [x for x in ts if x.results is None and x.state != "in play"]
        if bare:
            what = ", ".join(f"table {x.number} ({x.state})" for x in bare)
            raise TournamentError(
                f"{name}: round {rnd} cannot be closed: no game in play to count at {what} (attach one, or give"
                " its results: kitapi tournament result)"
            )
        closed = []
        for x in ts:
            if x.results is not None:
                continue
            g = a.db.execute("SELECT rules, result FROM games WHERE id = ?", (x.game,)).fetchone()
            players = a.db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (x.game,))
            where = {int(r[0]): s for s, r in enumerate(players)}
            res = json.loads(g[1])
            x.results = [unit(g[0], res, where[t.ids[n - 1]])[1] for n in x.seats]
            a.db.execute(
                "UPDATE tournament_tables SET results = ?, mark = ? WHERE tournament = ? AND round = ? AND number = ?",
                (_texts(x.results), CLOSED, t.id, rnd, x.number),
            )
            closed.append(x)
    return closed


# --- a table loaded onto a box -------------------------------------------------------------------------------

BOX_TABLE_MAX = 2048  # bytes of ROOT/table the box reads (kitapi.app.table's _MAX)


def box_table(a: Archive, name: str, rnd: int, number: int) -> tuple[Tournament, Table, bytes]:
    """What ``kitapi tournament load`` puts on a box for table ``number`` of round ``rnd``: the box's
    ``ROOT/table`` (kitapi.app.table), one JSON object of the tournament, round and table, the system, its players'
    names in seat order and the options. Refused: a table not seated, one with a game or results already, or one
    whose game the core would not start (a name the box cannot hold)."""
    t = get(a, name)
    x = _table(a, t, rnd, number)
    if x.game is not None or x.results is not None:
        has = f"game {x.game}" if x.game is not None else "its results"
        raise TournamentError(f"{name}: table {number} of round {rnd} has {has} already: nothing to load")
    body = {
        "tournament": {"name": t.name, "round": rnd, "table": number},
        "rules": t.rules,
        "players": [t.names[n - 1] for n in x.seats],
        "options": t.options,
    }
    try:
        new_game({"kitapi": 1, **body})
    except RuleError as e:
        raise TournamentError(f"{name}: table {number} of round {rnd} cannot be a box's game: {e}") from None
    data = json.dumps(body, ensure_ascii=True).encode()
    if len(data) > BOX_TABLE_MAX:
        raise TournamentError(
            f"{name}: table {number} of round {rnd} is {len(data)} bytes, a box holds {BOX_TABLE_MAX}"
        )
    return t, x, data


# --- what show prints -----------------------------------------------------------------------------------------


def report(a: Archive, name: str, upto: int | None = None) -> dict[str, Any]:
    """Everything ``kitapi tournament show`` shows (and ``--json`` gives): the tournament, its draw, every round
    (or round ``upto`` alone) with its tables, and the standings (after ``upto``, else after every result so far)
    with the tie-break columns. Fractions exact."""
    t = get(a, name)
    tabs = tables(a, t)
    by_round = rounds_of(tabs)
    if upto is not None and upto not in by_round:
        seated = max(by_round, default=0)
        raise TournamentError(f"{name}: round {upto} is not seated (rounds 1 to {seated} are)")
    rounds = []
    for r, ts in sorted(by_round.items()):
        if upto is not None and r != upto:
            continue
        rounds.append(
            {
                "round": r,
                "seated": ts[0].seated,
                "complete": all(x.results is not None for x in ts),
                "tables": [
                    {
                        "table": x.number,
                        "numbers": x.seats,
                        "players": [t.names[n - 1] for n in x.seats],
                        "game": x.game,
                        "state": x.state,
                        "mark": x.mark,
                        "results": x.results,
                        "points": x.points,
                    }
                    for x in ts
                ],
            }
        )
    rows = table_standings(t, tabs, upto)
    return {
        "name": t.name,
        "rules": t.rules,
        "options": t.options,
        "points": t.points,
        "rounds": t.rounds,
        "fixed": t.fixed,
        "design": t.design,
        "seed": t.seed,
        "made": t.made,
        "draw": [{"number": n, "player": p} for n, p in enumerate(t.names, 1)],
        "seated": max(by_round, default=0),
        "complete": complete_rounds(tabs),
        "round": upto,
        "schedule": rounds,
        "standings": [
            {
                "place": row.place,
                "number": row.number,
                "player": t.names[row.number - 1],
                "points": row.points,
                "total": row.total,
                "buchholz": row.buchholz,
                "won": row.won,
                "played": row.played,
            }
            for row in rows
        ],
    }
