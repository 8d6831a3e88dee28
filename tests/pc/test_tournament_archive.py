"""``kitapi tournament`` on the archive (issue 34, items 1-4, 6, 7), on SQLite and on PostgreSQL (``db``): a
small tournament played by generated games through ``archive add``, its standings checked against a computation
written here from the rules (docs/tournaments.md); attach, detach, result and close-round; the refusals (one
line, exit status 2, nothing changed); the JSON; the schema's migration; a read that makes nothing."""

from __future__ import annotations

import json
import random
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import psycopg

import forkrun
from kitapi.game import new_game
from kitapi_host import logs
from kitapi_host.archive.db import SCHEMA_VERSION, Archive
from kitapi_host.logs import gen
from kitapi_host.sim.device import SimDevice

NAMES = ["Anna", "Babis", "Costas", "Dimitra", "Eleni", "Fotis", "Giorgos", "Hara", "Ioanna"]
TOURNAMENT_TABLES = {"tournaments", "tournament_players", "tournament_tables", "tournament_detached"}


def kitapi(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return forkrun.run(list(args), text=True)


def ok(*args: str | Path) -> str:
    out = kitapi(*args)
    assert out.returncode == 0 and out.stderr == "", (args, out.stdout, out.stderr)
    return str(out.stdout)


def refused(*args: str | Path) -> str:
    """The run exits 2 with one line on stderr, nothing on stdout, no traceback: that line."""
    out = kitapi(*args)
    assert out.returncode == 2 and out.stdout == "", (args, out.returncode, out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    return str(out.stderr)


def show(db: str, name: str = "Club", *more: str) -> dict[str, Any]:
    return dict(json.loads(ok("tournament", "show", name, "--db", db, "--json", *more)))


class Games:
    """Generated games of given players, written as JSON Lines files, and what the core makes of each: the
    final chips by name (a Prefa game's net, as kitapi show gives it)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.seed = 0
        self.chips: dict[str, dict[str, int]] = {}

    def write(self, players: list[str], rules: str = "prefa", over: bool = True, started: str | None = None) -> Path:
        """A game of ``players`` (seated in a shuffled order) played out (a pouch of 10), or 3 hands into a pouch
        of 200 (``over`` False: still in play)."""
        self.seed += 1
        seats = list(players)
        random.Random(self.seed).shuffle(seats)
        if rules != "prefa":  # (a decoy: a few hands of another system)
            hdr, hands = gen.generate(rules, self.seed, 3, len(seats))
        elif over:
            hdr, hands = gen.generate(rules, self.seed, 300, len(seats), pouch=10)
        else:
            hdr, hands = gen.generate(rules, self.seed, 3, len(seats), pouch=200)
        hdr["players"] = seats
        if started is not None:
            hdr["started"] = started
        g = new_game(hdr)
        for h in hands:
            g.parse(h)
            g.apply(g.hand)
        assert bool(g.over) == over or rules != "prefa"
        path = self.folder / f"g{self.seed}.jsonl"
        gen.write_jsonl(path, hdr, hands)
        self.chips[path.name] = dict(zip(seats, getattr(g, "chips", [0] * len(seats)), strict=True))
        return path


def added(out: str) -> dict[str, str | None]:
    """``archive add``'s lines: file name -> the tournament's table it was attached to (or None)."""
    got: dict[str, str | None] = {}
    for line in out.splitlines():
        path, _, rest = line.partition(": game ")
        table = rest.partition("; tournament ")[2] or None
        got[Path(path).name] = table
    return got


# --- the rules, written again from docs/tournaments.md (independent of kitapi_host.tournament) -------------------


def serbian(results: list[Fraction]) -> list[Fraction]:
    """PRAVILA TURNIRA, BODOVANJE as docs/tournaments.md reads it: the places are worth 3, 2, 0, or 4, 1, 0 when
    at most one result is >= 0 (zero counts as positive); equal results share their places' points."""
    worth = [4, 1, 0] if sum(r >= 0 for r in results) <= 1 else [3, 2, 0]
    out = []
    for r in results:
        above = sum(o > r for o in results)
        equal = sum(o == r for o in results)
        out.append(Fraction(sum(worth[above : above + equal]), equal))
    return out


def expected_standings(tables: list[tuple[list[str], list[Fraction]]], draw: dict[str, int]) -> list[dict[str, Any]]:
    """Points, total result, Buchholz (the opponents' points, once per meeting), tables won (a shared first
    place split), then the drawn number, from every table's players and results."""
    pts = dict.fromkeys(draw, Fraction(0))
    total = dict.fromkeys(draw, Fraction(0))
    won = dict.fromkeys(draw, Fraction(0))
    met: dict[str, list[str]] = {p: [] for p in draw}
    for players, results in tables:
        for p, r, q in zip(players, results, serbian(results), strict=True):
            pts[p] += q
            total[p] += r
            firsts = [x for x in results if x == max(results)]
            won[p] += Fraction(1, len(firsts)) if r == max(results) else 0
            met[p] += [o for o in players if o != p]
    buch = {p: sum((pts[o] for o in met[p]), Fraction(0)) for p in draw}
    order = sorted(draw, key=lambda p: (-pts[p], -total[p], -buch[p], -won[p], draw[p]))
    return [
        {"place": i, "number": draw[p], "player": p, "points": pts[p], "total": total[p], "buchholz": buch[p],
         "won": won[p]}
        for i, p in enumerate(order, 1)
    ]  # fmt: skip


def as_json(x: Fraction) -> int | float:
    return x.numerator if x.denominator == 1 else float(x)


def check_standings(db: str, tables: list[tuple[list[str], list[Fraction]]], *more: str) -> list[dict[str, Any]]:
    rep = show(db, "Club", *more)
    draw = {d["player"]: d["number"] for d in rep["draw"]}
    want = expected_standings(tables, draw)
    got = [
        {k: s[k] for k in ("place", "number", "player", "points", "total", "buchholz", "won")} for s in rep["standings"]
    ]
    assert got == [{k: as_json(v) if isinstance(v, Fraction) else v for k, v in w.items()} for w in want]
    return want


# --- the tournament played through archive add ------------------------------------------------------------------


def test_a_small_tournament_played_through_archive_add(db: str, tmp_path: Path) -> None:
    """9 players, 6 rounds: rounds 1-4 fixed (the affine plane: no pair twice), 5 and 6 seated by the standings.
    Each table's game, added with ``archive add``, is attached to its table by itself (and a game of another
    system, of another set of players, or started before the round was seated is not); a table decided by the
    organisers (a tie) and a round closed with a game in play count as the rules say; the standings after each
    round are the ones computed here from the rules; round 5 is the standings after round 4 in threes (every pair
    has met by then: no exchange helps)."""
    games = Games(tmp_path)
    out = ok(
        "tournament", "new", "Club", "--system", "prefa", "--options", '{"pouch": 10}', "--players", ",".join(NAMES),
        "--rounds", "6", "--open-rounds", "4", "--seed", "2026", "--db", db,
    )  # fmt: skip
    assert "seed 2026" in out and "rounds 1 to 4 seated now (affine plane of order 3): no pair meets twice" in out
    rep = show(db)
    assert rep["seed"] == 2026 and rep["seated"] == 4 and rep["complete"] == []
    assert sorted(d["player"] for d in rep["draw"]) == sorted(NAMES)
    pairs = [frozenset(p) for r in rep["schedule"] for t in r["tables"] for p in _pairs(t["players"])]
    assert len(pairs) == len(set(pairs)) == 36  # every pair once
    counted: list[tuple[list[str], list[Fraction]]] = []
    by_round: list[list[tuple[list[str], list[Fraction]]]] = []

    def play(rnd: dict[str, Any], skip: set[int] = frozenset(), in_play: set[int] = frozenset()) -> dict[str, Any]:
        files = {}
        for t in rnd["tables"]:
            if t["table"] not in skip:
                files[t["table"]] = games.write(t["players"], over=t["table"] not in in_play)
        att = added(ok("archive", "add", "--db", db, *files.values()))
        for n, f in files.items():
            assert att[f.name] == f"Club round {rnd['round']} table {n}", att
        return files

    # rounds 1 and 2: every table's game; decoys that are no table's game
    decoys = [
        games.write(rep["schedule"][0]["tables"][0]["players"], rules="sochi"),  # another system
        games.write(["Anna", "Babis", "Zoe"]),  # another player
        games.write(rep["schedule"][0]["tables"][1]["players"], started="2020-01-01T00:00:00Z"),  # before the round
    ]
    assert set(added(ok("archive", "add", "--db", db, *decoys)).values()) == {None}
    files = {}
    for r in (0, 1):
        files[r] = play(rep["schedule"][r])
    for r in (0, 1):
        tabs = [(t["players"], [Fraction(games.chips[files[r][t["table"]].name][p]) for p in t["players"]])
                for t in rep["schedule"][r]["tables"]]  # fmt: skip
        counted += tabs
        by_round.append(tabs)
    check_standings(db, counted)
    check_standings(db, by_round[0], "--round", "1")
    one = show(db, "Club", "--round", "1")
    assert [r["round"] for r in one["schedule"]] == [1] and one["schedule"][0]["complete"]
    assert [t["state"] for t in one["schedule"][0]["tables"]] == ["over"] * 3

    # round 3: table 2 decided by the organisers (a shared first place and a zero), the others played
    r3 = rep["schedule"][2]
    files[2] = play(r3, skip={2})
    t2 = r3["tables"][1]["players"]
    ok("tournament", "result", "Club", "3", "2", f"{t2[2]}=+75", f"{t2[0]}=75", f"{t2[1]}=-150", "--db", db)
    tabs = []
    for t in r3["tables"]:
        if t["table"] == 2:
            tabs.append((t2, [Fraction(75), Fraction(-150), Fraction(75)]))
        else:
            tabs.append((t["players"], [Fraction(games.chips[files[2][t["table"]].name][p]) for p in t["players"]]))
    counted += tabs
    decided = show(db, "Club", "--round", "3")["schedule"][0]["tables"][1]
    assert decided["state"] == decided["mark"] == "decided" and decided["game"] is None
    assert decided["points"] == [2.5, 0, 2.5]

    # round 4: table 3's game still in play when the round is closed: counted as it stood
    r4 = rep["schedule"][3]
    files[3] = play(r4, in_play={3})
    err = refused("tournament", "seat", "Club", "--db", db)
    assert err.startswith("Club: round 4 is not complete (table 3 in play (game "), err
    closed = ok("tournament", "close-round", "Club", "4", "--db", db)
    assert "table 3: game" in closed and "counted as it stands" in closed
    tabs = [(t["players"], [Fraction(games.chips[files[3][t["table"]].name][p]) for p in t["players"]])
            for t in r4["tables"]]  # fmt: skip
    counted += tabs
    after4 = check_standings(db, counted)
    t3 = show(db, "Club", "--round", "4")["schedule"][0]["tables"][2]
    assert t3["state"] == t3["mark"] == "closed" and t3["game"] is not None

    # rounds 5 and 6, seated by the standings
    for r in (5, 6):
        seated = ok("tournament", "seat", "Club", "--db", db)
        assert seated.startswith(f"Club: round {r} seated by the standings"), seated
        rnd = show(db, "Club", "--round", str(r))["schedule"][0]
        if r == 5:  # every pair has met: the standings after round 4, three by three
            order = [s["player"] for s in after4]
            assert [t["players"] for t in rnd["tables"]] == [order[0:3], order[3:6], order[6:9]]
        f = play(rnd)
        counted += [
            (t["players"], [Fraction(games.chips[f[t["table"]].name][p]) for p in t["players"]]) for t in rnd["tables"]
        ]
        check_standings(db, counted)
    assert refused("tournament", "seat", "Club", "--db", db) == "Club: all its 6 rounds are seated\n"
    final = show(db)
    assert final["complete"] == [1, 2, 3, 4, 5, 6] and len(final["standings"]) == 9
    text = ok("tournament", "show", "Club", "--db", db)
    assert "Buchholz" in text and "decided (no game)" in text and "closed (in play, counted as it stood)" in text
    listed = json.loads(ok("tournament", "list", "--db", db, "--json"))["tournaments"]
    assert [(t["name"], t["seated"], t["complete"], t["players"]) for t in listed] == [("Club", 6, 6, 9)]


def _pairs(players: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]


# --- mending a match, deciding a table, and what is refused -------------------------------------------------------


def test_attach_detach_result_close_round_and_the_refusals(db: str, tmp_path: Path) -> None:
    """A detached game is not attached again by itself (not even when it grows), and ``attach`` puts it back;
    a rename is followed (a game under the new name is the table's); every refusal is one line, exit status 2,
    and changes nothing."""
    games = Games(tmp_path)
    ok("tournament", "new", "Club", "--system", "prefa", "--players", ",".join(NAMES), "--rounds", "4",
       "--open-rounds", "2", "--seed", "5", "--db", db)  # fmt: skip
    rep = show(db)
    assert rep["fixed"] == 2 and rep["seated"] == 2
    t1, t2, t3 = (t["players"] for t in rep["schedule"][0]["tables"])

    # a game in play, attached, detached, grown: not attached again by itself; attached by hand
    path = tmp_path / "box.jsonl"
    hdr, hands = gen.generate("prefa", 77, 5, 3, pouch=200)
    hdr["players"] = t1
    gen.write_jsonl(path, hdr, hands[:3])
    assert added(ok("archive", "add", "--db", db, path)) == {"box.jsonl": "Club round 1 table 1"}
    gid = json.loads(ok("games", "--db", db, "--json"))["games"][-1]["id"]
    assert ok("tournament", "detach", "Club", "1", "1", str(gid), "--db", db) == (
        f"Club: game {gid} is no longer table 1 of round 1\n"
    )
    gen.write_jsonl(path, hdr, hands)
    out = ok("archive", "add", "--db", db, path)
    assert out.endswith(f": game {gid} grown\n"), out
    assert show(db, "Club", "--round", "1")["schedule"][0]["tables"][0]["state"] == "no game"
    ok("tournament", "attach", "Club", "1", "1", str(gid), "--db", db)
    assert show(db, "Club", "--round", "1")["schedule"][0]["tables"][0] | {"players": None} == {
        "table": 1, "numbers": rep["schedule"][0]["tables"][0]["numbers"], "players": None, "game": gid,
        "state": "in play", "mark": None, "results": None, "points": None,
    }  # fmt: skip

    # a rename is followed: the game of the renamed player is the table's
    ok("players", "rename", t2[0], "Renamed", "--db", db)
    f2 = games.write(["Renamed", *t2[1:]])
    assert added(ok("archive", "add", "--db", db, f2)) == {f2.name: "Club round 1 table 2"}
    assert show(db, "Club", "--round", "1")["schedule"][0]["tables"][1]["players"][0] == "Renamed"

    others = {
        "zoe": games.write([t3[0], t3[1], "Zoe"]),
        "sochi": games.write(t3, rules="sochi"),
    }
    added(ok("archive", "add", "--db", db, *others.values()))
    ids = {g["name"].rpartition("/")[2]: g["id"] for g in json.loads(ok("games", "--db", db, "--json"))["games"]}
    zoe, sochi, g2 = ids[others["zoe"].name], ids[others["sochi"].name], ids[f2.name]
    before = show(db)
    listed = ok("tournament", "list", "--db", db)
    ten = ",".join(NAMES + ["Zoe"])
    refusals = {
        ("tournament", "new", "X", "--system", "nope", "--players", "A,B,C", "--rounds", "1"):
            "unknown system 'nope': one of prefa, sochi,",
        ("tournament", "new", "X", "--system", "prefa", "--players", "Anna,Babis,Anna", "--rounds", "1"):
            "a player is named twice: Anna",
        ("tournament", "new", "X", "--system", "prefa", "--players", ten, "--rounds", "1"):
            "serbian points need a number of players that is a multiple of 3 (tables of 3), not 10: use --points"
            " matchpoints",
        ("tournament", "new", "X", "--system", "prefa", "--players", "A,B,C,D,E", "--rounds", "1", "--points",
         "matchpoints"): "5 players cannot be seated",
        ("tournament", "new", "X", "--system", "priffe", "--players", "A,B,C", "--rounds", "1"):
            "--system priffe --options {}: a table of 3: 'players' must list 4 names",
        ("tournament", "new", "X", "--system", "prefa", "--options", '{"pouch": "x"}', "--players", "A,B,C",
         "--rounds", "1"): "--system prefa --options {\"pouch\": \"x\"}: a table of 3: 'pouch' must be",
        ("tournament", "new", "X", "--system", "prefa", "--options", "{pouch", "--players", "A,B,C", "--rounds", "1"):
            "--options: not JSON",
        ("tournament", "new", "X", "--system", "prefa", "--players", "A,B,C", "--rounds", "2", "--open-rounds", "3"):
            "--open-rounds must be 1 to 2",
        ("tournament", "new", "X", "--system", "prefa", "--players", "A,B,C", "--rounds", "101"):
            "--rounds must be 1 to 100",
        ("tournament", "new", "Club", "--system", "prefa", "--players", "A,B,C", "--rounds", "1"):
            "there is already a tournament 'Club'",
        ("tournament", "seat", "Club"): "Club: round 1 is not complete (table 1 in play (game",
        ("tournament", "show", "Nope"): "no tournament 'Nope' in the archive",
        ("tournament", "show", "Club", "--round", "3"): "Club: round 3 is not seated (rounds 1 to 2 are)",
        ("tournament", "attach", "Club", "1", "3", str(zoe)): f"game {zoe}'s players are ",
        ("tournament", "attach", "Club", "1", "3", str(sochi)): f"game {sochi} is a game of sochi, Club's games are of",
        ("tournament", "attach", "Club", "1", "3", str(g2)): f"game {g2} is table 2 of round 1 of Club: detach it",
        ("tournament", "attach", "Club", "1", "1", str(zoe)): f"Club: table 1 of round 1 has game {gid}: detach it",
        ("tournament", "attach", "Club", "1", "3", "999"): "no game 999 in the archive",
        ("tournament", "attach", "Club", "1", "4", str(zoe)): "Club: round 1 has no table 4",
        ("tournament", "detach", "Club", "1", "1", str(zoe)): f"Club: table 1 of round 1 has game {gid}, not game",
        ("tournament", "result", "Club", "1", "3", f"{t3[0]}=+10", f"{t3[1]}=0", "Zoe=-10"): "the results name ",
        ("tournament", "result", "Club", "1", "3", f"{t3[0]}=+10", f"{t3[1]}=-10"): "the results name ",
        ("tournament", "result", "Club", "1", "3", f"{t3[0]}=+10", f"{t3[1]}=0", f"{t3[2]}=ten"):
            f"'{t3[2]}=ten': a result is NAME=RESULT",
        ("tournament", "result", "Club", "3", "1", "A=1", "B=2", "C=-3"): "Club: round 3 is not seated",
        ("tournament", "close-round", "Club", "1"): "Club: round 1 cannot be closed: no game in play to count at"
                                                    " table 3 (no game)",
        ("players", "merge", t1[0], t3[2]): f"'{t1[0]}' and '{t3[2]}' both play in tournament 'Club': not merged",
    }  # fmt: skip
    for args, start in refusals.items():
        err = refused(*args, "--db", db)
        assert err.startswith(start), (args, err)
    assert show(db) == before and ok("tournament", "list", "--db", db) == listed

    # a merge is followed: Zoe was the table's third player under another name; her game, attached by hand
    ok("players", "merge", "Zoe", t3[2], "--db", db)
    ok("tournament", "attach", "Club", "1", "3", str(zoe), "--db", db)
    assert show(db, "Club", "--round", "1")["schedule"][0]["tables"][2]["state"] == "over"

    # a table decided, then a round closed: the game in play counted as it stood, marked
    ok("tournament", "result", "Club", "1", "3", f"{t3[0]}=+20", f"{t3[1]}=0", f"{t3[2]}=-20", "--db", db)
    out = ok("tournament", "close-round", "Club", "1", "--db", db)
    assert out.startswith(f"Club: round 1 table 1: game {gid} counted as it stands ("), out
    tabs = show(db, "Club", "--round", "1")["schedule"][0]["tables"]
    assert [(t["state"], t["game"], t["points"]) for t in tabs][2] == ("decided", zoe, [3, 2, 0])
    assert tabs[0]["state"] == "closed" and sum(tabs[0]["points"]) == 5 and tabs[1]["state"] == "over"
    again = ok("tournament", "close-round", "Club", "1", "--db", db)
    assert again == "Club: round 1 had no game in play: nothing to close\n"
    # detaching a closed table's game takes its results off: the round is open again
    ok("tournament", "detach", "Club", "1", "1", str(gid), "--db", db)
    assert show(db)["complete"] == []


def test_matchpoints_tables_of_three_and_four_and_the_json(db: str) -> None:
    """10 players under matchpoints: tables of 3, 3 and 4 in every fixed round; ``list --json`` and ``show --json``
    name the system, the options, the points, the seed and the draw."""
    names = ",".join(NAMES + ["Zoe"])
    ok("tournament", "new", "Ten", "--system", "sochi", "--players", names, "--rounds", "3", "--open-rounds", "2",
       "--points", "matchpoints", "--seed", "9", "--db", db)  # fmt: skip
    rep = show(db, "Ten")
    assert [[len(t["players"]) for t in r["tables"]] for r in rep["schedule"]] == [[3, 3, 4], [3, 3, 4]]
    assert {k: rep[k] for k in ("name", "rules", "options", "points", "rounds", "fixed", "seed", "seated")} == {
        "name": "Ten", "rules": "sochi", "options": {}, "points": "matchpoints", "rounds": 3, "fixed": 2, "seed": 9,
        "seated": 2,
    }  # fmt: skip
    assert [d["number"] for d in rep["draw"]] == list(range(1, 11))
    # the same seed and players, listed in another order, give the same draw (it can be redone)
    shuffled = ",".join(reversed(NAMES + ["Zoe"]))
    ok("tournament", "new", "Again", "--system", "sochi", "--players", shuffled, "--rounds", "1", "--points",
       "matchpoints", "--seed", "9", "--db", db)  # fmt: skip
    assert show(db, "Again")["draw"] == rep["draw"]
    assert all(s["points"] == 0 and s["played"] == 0 for s in rep["standings"])
    t = rep["schedule"][0]["tables"][2]["players"]
    given = [f"{p}={r}" for p, r in zip(t, ("+30", "+10", "10", "-50"), strict=True)]
    ok("tournament", "result", "Ten", "1", "3", *given, "--db", db)
    assert show(db, "Ten", "--round", "1")["schedule"][0]["tables"][2]["points"] == [1, 0.5, 0.5, 0]
    # a name typed in the other Unicode form is the same tournament: found, and not made twice
    ok("tournament", "new", "Zoe\u0308 Cup", "--system", "sochi", "--players", names, "--rounds", "1", "--points",
       "matchpoints", "--db", db)  # fmt: skip
    assert show(db, "Zo\u00eb Cup")["name"] == "Zo\u00eb Cup"
    assert "Zo" in refused("tournament", "new", "Zo\u00eb Cup", "--system", "sochi", "--players", names, "--rounds",
                           "1", "--points", "matchpoints", "--db", db)  # fmt: skip
    listed = json.loads(ok("tournament", "list", "--db", db, "--json"))
    assert listed["tournaments"][1] | {"made": None} == {
        "name": "Ten", "rules": "sochi", "options": {}, "points": "matchpoints", "players": 10, "rounds": 3,
        "seated": 2, "complete": 0, "made": None,
    }  # fmt: skip


# --- the archive: a read makes nothing, an older archive gets the tables -----------------------------------------


def _tables(db: str) -> set[str]:
    if db.startswith("postgresql://"):
        with psycopg.connect(db, autocommit=True) as c:
            return {r[0] for r in c.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    import sqlite3

    c = sqlite3.connect(db)
    try:
        return {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        c.close()


def test_a_read_makes_no_archive(db: str, tmp_path: Path) -> None:
    """``tournament list`` and ``show`` where there is no archive: one line, exit 2, no file and no table made."""
    for args in (("tournament", "list"), ("tournament", "list", "--json"), ("tournament", "show", "Club")):
        err = refused(*args, "--db", db)
        assert "no archive here" in err or "no Kitapi archive in this database" in err, err
    if db.startswith("postgresql://"):
        assert _tables(db) == set()
    else:
        assert not list(tmp_path.glob("archive.sqlite3*"))


def test_an_archive_of_schema_6_gets_the_tournament_tables(db: str, tmp_path: Path) -> None:
    """Schema 7 adds the tournaments' tables: an archive of schema 6 on either backend gets them when it is next
    opened, its games as they were, and a tournament can then be made in it."""
    where: Path | str = db if db.startswith("postgresql://") else Path(db)
    games = Games(tmp_path)
    with Archive(where) as a:
        a.add_log(games.write(NAMES[:3]).read_bytes(), "file", "g1")
        for t in ("tournament_detached", "tournament_tables", "tournament_players", "tournaments"):
            a.db.execute(f"DROP TABLE {t}")
        a.db.execute("UPDATE schema_version SET version = 6")
        before = a.db.execute("SELECT id, sha256, result FROM games ORDER BY id").fetchall()
    assert not TOURNAMENT_TABLES & _tables(db)
    assert json.loads(ok("tournament", "list", "--db", db, "--json")) == {"tournaments": []}
    assert TOURNAMENT_TABLES <= _tables(db)
    with Archive(where) as a:
        assert a.db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION == 7
        assert a.db.execute("SELECT id, sha256, result FROM games ORDER BY id").fetchall() == before
    ok("tournament", "new", "Club", "--system", "prefa", "--players", ",".join(NAMES), "--rounds", "1", "--db", db)
    f = games.write(show(db)["schedule"][0]["tables"][0]["players"])
    assert added(ok("archive", "add", "--db", db, f)) == {f.name: "Club round 1 table 1"}


# --- kitapi sync attaches as it archives --------------------------------------------------------------------------


def test_a_game_synced_from_a_box_is_attached_to_its_table_and_listed(device: SimDevice, tmp_path: Path) -> None:
    """A box's game whose players are a table's (a device log, as the box keeps it): ``kitapi sync`` archives it
    and attaches it to that table, and says so (with no manual step)."""
    db = str(tmp_path / "a.sqlite3")
    ok("tournament", "new", "Club", "--system", "prefa", "--players", ",".join(NAMES), "--rounds", "1", "--db", db)
    table = show(db)["schedule"][0]["tables"][1]["players"]
    src = Games(tmp_path).write(table)
    games = device.fs / "data" / "games"
    games.mkdir(parents=True)
    logs.convert(src, games / "0001.kitapi")
    out = forkrun.run(["sync", "--device", device.start(), "--db", db], text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("0001.kitapi: tournament Club round 1 table 2\n"), out.stdout
    t = show(db)["schedule"][0]["tables"][1]
    assert t["state"] == "over" and t["game"] == 1 and t["points"] is not None


def test_a_copy_that_renames_a_game_s_player_keeps_a_tournament_s_player(db: str, tmp_path: Path) -> None:
    """``archive copy`` names a copied game's players as the other archive does, and removes a player left with
    no game: one who plays in a tournament stays (before: the database refused the removal, and the copy)."""
    ok("tournament", "new", "Club", "--system", "prefa", "--players", "Anna,Babis,Costas", "--rounds", "1", "--db", db)
    f = Games(tmp_path).write(["Anna", "Babis", "Costas"])
    assert added(ok("archive", "add", "--db", db, f)) == {f.name: "Club round 1 table 1"}
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:
        assert a.name_players(1, ["Zed", "Babis", "Costas"])
        assert "Anna" in a.players()
    assert sorted(d["player"] for d in show(db)["draw"]) == ["Anna", "Babis", "Costas"]
    assert show(db)["schedule"][0]["tables"][0]["state"] == "other players"
