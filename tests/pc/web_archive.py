"""The archive the web page's tests read (tests/pc/test_web.py, test_web_browser.py): generated games of every
system (kitapi_host.logs.gen), two of each, dated this month and last month on two devices (and three of four
players last month), the examples, and one Prefa game whose players were given hostile names behind the
archive's back (an archive is untrusted too: another tool may have written it)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json
from kitapi.registry import rows
from kitapi_host.archive.db import Archive
from kitapi_host.families import family_name
from kitapi_host.logs import gen
from testkit import ROOT

# A script, an attribute breaking out of its quotes, a bidi override, a 200-character name (longer than a log
# may hold: only a foreign tool writes one), a name with the URL's own characters.
HOSTILE = (
    "<script>alert(1)</script>",
    "\"onload=alert(2) x='",
    "\u202eevil\u202c name",
    "W" * 200,
    "a/b?c=d#e%2F..",
)


def log_bytes(
    rules: str, seed: int, started: str, hands: int = 12, players: int | None = None, **options: Any
) -> bytes:
    hdr, hs = gen.generate(rules, seed, hands, players, **options)
    hdr["started"] = started
    g = new_game(hdr)
    lines = [header_json(hdr)]
    for h in hs:
        g.parse(h)
        lines.append(record_json(g, OP_HAND))
    return ("\n".join(lines) + "\n").encode("ascii")


def build(db: Path) -> dict[str, object]:
    """Fill the archive ``db``; what the tests need to know of it: ``now`` (the moment the games are dated
    from), ``this`` and ``last`` (the ids of the games dated this month and last month), ``hostile`` (the id
    of the hostile game), ``examples`` (theirs), ``four`` (the ids of the games of four players, by rules)."""
    now = datetime.now(UTC).replace(microsecond=0, tzinfo=None)
    month = now.replace(day=1, hour=12, minute=0, second=0)
    last = (month - timedelta(days=1)).replace(day=3)
    this: list[int] = []
    before: list[int] = []
    with Archive(db) as a:
        for i, r in enumerate(rows()):
            rules = r[0]
            day = month + timedelta(hours=i)  # (the first of this month: never after now)
            this.append(a.add_log(log_bytes(rules, 100 + i, day.isoformat()), "cafe-a", f"{rules}-1.kpl").id)
            old = last + timedelta(hours=i)
            more = {"chips": 3000} if family_name(rules) == "pot" else {}  # (another stake: another share brought)
            log = log_bytes(rules, 200 + i, old.isoformat(), **more)
            before.append(a.add_log(log, "cafe-b", f"{rules}-2.kpl").id)
        examples = [a.add_log(p.read_bytes(), "file", str(p)).id for p in sorted((ROOT / "examples").glob("*.jsonl"))]
        hostile = a.add_log(log_bytes("prefa", 999, (month + timedelta(hours=20)).isoformat()), "cafe-a", "h.kpl").id
        four = {}  # the sheets of four at a table (Prefa's, the pulya's and the kasa's), dated last month
        for i, rules in enumerate(("prefa", "sochi", "prefa_kasa")):
            log = log_bytes(rules, 300 + i, (last + timedelta(hours=9, minutes=10 * i + 10)).isoformat(), players=4)
            four[rules] = a.add_log(log, "cafe-b", f"{rules}-4.kpl").id
            before.append(four[rules])
    # the hostile names, as another program could have written them (a log could not hold them): the hostile
    # game's seats given to new players of those names, and the others players of no game
    con = sqlite3.connect(db)
    with con:
        seats = con.execute("SELECT seat, player FROM game_players WHERE game = ? ORDER BY seat", (hostile,)).fetchall()
        for n, name in enumerate(HOSTILE):
            pid = con.execute("INSERT INTO players (name) VALUES (?)", (name,)).lastrowid
            if n < len(seats):
                seat, old = seats[n]
                con.execute("UPDATE game_players SET player = ? WHERE game = ? AND seat = ?", (pid, hostile, seat))
                con.execute("UPDATE hands SET bidder = ? WHERE game = ? AND bidder = ?", (pid, hostile, old))
    con.close()
    return {"now": now, "this": this, "last": before, "hostile": hostile, "examples": examples, "four": four}


# The tournament add_tournament makes: its players (the archive's already) and its name.
TOURNAMENT = "Kypello 2026"
TOURNAMENT_PLAYERS = ("Anna", "Babis", "Costas", "Dimitra", "Eleni", "Fotis")


def add_tournament(db: Path) -> str:
    """The tournament ``TOURNAMENT`` in the archive ``db`` (``build``'s): 6 players, 5 rounds; in round 1 table 1
    decided by the organisers (a three-way tie: 5/3 points each) and table 2 played (a Prefa game played out); in
    round 2 table 1 closed with its game in play, table 2 decided; round 3 seated by the standings, no game yet.
    Its name."""
    from fractions import Fraction

    from kitapi_host.tournament import store

    before = (datetime.now(UTC) - timedelta(hours=1)).replace(microsecond=0, tzinfo=None).isoformat()
    with Archive(db) as a:
        store.new(a, TOURNAMENT, "prefa", {"pouch": 10}, TOURNAMENT_PLAYERS, 5, 2, seed=7)
        rounds = store.report(a, TOURNAMENT)["schedule"]
        for r, table, over in ((1, 2, True), (2, 1, False)):
            names = rounds[r - 1]["tables"][table - 1]["players"]
            hdr, hands = gen.generate("prefa", 40 + r, 300 if over else 3, 3, pouch=10 if over else 200)
            hdr["players"], hdr["started"] = names, before  # (before the round was seated: attached by hand)
            g = new_game(hdr)
            lines = [header_json(hdr)]
            for h in hands:
                g.parse(h)
                lines.append(record_json(g, OP_HAND))
            gid = a.add_log(("\n".join(lines) + "\n").encode("ascii"), "cafe-a", f"t{r}.kpl").id
            store.attach(a, TOURNAMENT, r, table, gid)
        for r, table, results in ((1, 1, (0, 0, 0)), (2, 2, (120, 30, -150))):
            names = rounds[r - 1]["tables"][table - 1]["players"]
            store.decide(a, TOURNAMENT, r, table, [(p, Fraction(x)) for p, x in zip(names, results, strict=True)])
        store.close_round(a, TOURNAMENT, 2)
        store.seat(a, TOURNAMENT)
    return TOURNAMENT
