"""The league's pages on the archive: the latest games, a period's standings, a player's games, his statistics,
head to head, the devices, the systems and the players."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from kitapi.game import RuleError, new_game
from kitapi_host.archive import stats
from kitapi_host.archive.queries import Queries
from kitapi_host.archive.values import unit
from kitapi_host.families import NoFamily, archive_family


class League(Queries):
    """The league's queries of the archive (``kitapi_host.archive.db.Archive``)."""

    # --- the league's pages: a period's standings, a player's games, head to head -------------------------
    # (portable SQL on the indexes games_date and game_players_player: each answers in milliseconds at 100,000
    # games on both backends; kitapi bench --part archive measures them)

    def latest(self, limit: int = 20) -> list[dict[str, Any]]:
        """The ``limit`` latest games (by date, newest first): id, date, device, rules, players, hands, over."""
        rows = self.db.execute(
            "SELECT id, started, added, device, rules, hands, over FROM games"
            " ORDER BY COALESCE(started, added) DESC, id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        names = self._names_of([int(r["id"]) for r in rows])
        return [
            {
                "id": r["id"],
                "date": r["started"] or r["added"],
                "device": r["device"],
                "rules": r["rules"],
                "players": names.get(int(r["id"]), []),
                "hands": r["hands"],
                "over": bool(r["over"]),
            }
            for r in rows
        ]

    def standings(
        self, since: str | None = None, until: str | None = None, family: str | None = None
    ) -> list[dict[str, Any]]:
        """Each player's games and total of the games dated from ``since`` to before ``until`` (ISO 8601 texts,
        a game's date its ``started``, else when it was archived; None: no bound), per family in the family's
        unit (``unit``): ``{"family", "player", "games", "total"}``, by family, best total first.  ``family``:
        only that one (``prefa`` chips, ``preferans`` and ``balkan`` net whists, ``kasa`` net kapikia, each pot
        game by its rules id in chips, ``priffe`` individual points).  Totals exact (Fractions)."""
        # the period's games by the index games_date, then their players by game_players' key (one query
        # joining both made PostgreSQL scan game_players whole: 130 ms at 100,000 games)
        rows = self.db.execute(
            "SELECT id, rules, result FROM games WHERE COALESCE(started, added) >= ? AND COALESCE(started, added) < ?"
            " ORDER BY id",
            (since or "", until or "\U0010ffff"),
        ).fetchall()
        names = self._names_of([int(r[0]) for r in rows])
        table: dict[tuple[str, str], list[Any]] = {}
        for r in rows:
            res = json.loads(r[2])
            for seat, name in enumerate(names[int(r[0])]):
                key, value = unit(r[1], res, seat)
                if family is not None and key != family:
                    break
                row = table.setdefault((key, name), [0, Fraction(0)])
                row[0] += 1
                row[1] += value
        out = [{"family": k, "player": p, "games": v[0], "total": v[1]} for (k, p), v in table.items()]
        out.sort(key=lambda s: (s["family"], -s["total"], s["player"]))
        return out

    def player_games(self, name: str) -> list[dict[str, Any]]:
        """The games of player ``name``, oldest first: id, date, device, rules, players (current names), seat,
        hands, over, and ``family`` and ``total``: what the game gave him in the family's unit (``unit``)."""
        pid = self._player(name)
        rows = self.db.execute(
            "SELECT g.id, g.started, g.added, g.device, g.rules, g.hands, g.over, g.result, me.seat"
            " FROM game_players me JOIN games g ON g.id = me.game WHERE me.player = ?"
            " ORDER BY COALESCE(g.started, g.added), g.id",
            (pid,),
        ).fetchall()
        names = self._names_of([int(r["id"]) for r in rows])
        out = []
        for r in rows:
            res = json.loads(r["result"])
            key, value = unit(r["rules"], res, r["seat"])
            out.append(
                {
                    "id": r["id"],
                    "date": r["started"] or r["added"],
                    "device": r["device"],
                    "rules": r["rules"],
                    "players": names[int(r["id"])],
                    "seat": r["seat"],
                    "hands": r["hands"],
                    "over": bool(r["over"]),
                    "family": key,
                    "total": value,
                    "results": [unit(r["rules"], res, s)[1] for s in range(len(names[int(r["id"])]))],
                }
            )
        return out

    def devices(self) -> list[str]:
        """The devices (venues' boxes, ``file`` for kitapi archive add) the archive holds games of."""
        return self._distinct("device")  # (by the index games_source)

    def systems(self) -> list[str]:
        """The rules ids the archive holds games of."""
        return self._distinct("rules")  # (by the index games_rules)

    def _distinct(self, column: str) -> list[str]:
        """The values of ``column`` of games, in order: one step of its index per value (a loose index scan,
        in SQL both backends run), where SELECT DISTINCT reads every game (neither skips through an index)."""
        return [
            r[0]
            for r in self.db.execute(
                f"WITH RECURSIVE v (x) AS (SELECT MIN({column}) FROM games UNION ALL"
                f" SELECT (SELECT MIN({column}) FROM games WHERE {column} > v.x) FROM v WHERE v.x IS NOT NULL)"
                " SELECT x FROM v WHERE x IS NOT NULL"
            )
        ]

    def player_list(self) -> list[tuple[str, int, str | None]]:
        """Every player with his games and the date of his last (None: none), by name: the players page."""
        return [
            (r[0], int(r[1]), r[2])
            for r in self.db.execute(
                f"SELECT p.name, COUNT(g.id), MAX({self._DATE}) FROM players p"
                " LEFT JOIN game_players gp ON gp.player = p.id LEFT JOIN games g ON g.id = gp.game"
                " GROUP BY p.id, p.name ORDER BY p.name"
            )
        ]

    def games_state(self, player: str, since: str | None = None, until: str | None = None) -> list[tuple[int, str]]:
        """The ids and logs' sha256 of ``player``'s games dated ``since`` <= date < ``until`` (as ``find_games``),
        by id: what his statistics are counted from (a hand corrected, the end recorded: another sha256; the web
        page keeps his figures while it holds)."""
        sql = "SELECT g.id, g.sha256 FROM games g JOIN game_players gp ON gp.game = g.id WHERE gp.player = ?"
        args: list[Any] = [self._player(player)]
        for bound, op in ((since, ">="), (until, "<")):
            if bound is not None:
                sql += f" AND {self._DATE} {op} ?"
                args.append(bound)
        return [(int(r[0]), str(r[1])) for r in self.db.execute(sql + " ORDER BY g.id", args)]

    def player_name(self, name: str) -> str | None:
        """The name as the archive keeps it of the player ``name`` (NFC), None if there is none."""
        pid = self.find_player(name)
        if pid is None:
            return None
        return str(self.db.execute("SELECT name FROM players WHERE id = ?", (pid,)).fetchone()[0])

    def player_stats(self, player: str, since: str | None = None, until: str | None = None) -> dict[str, Any]:
        """``stats(player)``'s one object, counted from the player's own games only (those dated ``since`` <=
        date < ``until``, as ``find_games``; None: no bound), a damaged row not counted (the others are): the same
        figures, each family's by its module.  His games, their seats and their
        hands in one query each (one per game cost 1,400 round trips for a player of 700 games), each rules'
        class of the core made once (as ``stats.count``)."""
        pid = self._player(player)
        name = self.player_name(player)
        assert name is not None
        table = {pid: stats.PlayerStats(name, parts=stats.blank_parts())}
        mine, args = "SELECT gp.game FROM game_players gp WHERE gp.player = ?", list[Any]([pid])
        if since is not None or until is not None:  # (his games of the period only: /stats/NAME?from=...&to=...)
            mine = "SELECT gp.game FROM game_players gp JOIN games g ON g.id = gp.game WHERE gp.player = ?"
            for bound, op in ((since, ">="), (until, "<")):
                if bound is not None:
                    mine += f" AND {self._DATE} {op} ?"
                    args.append(bound)
        games = self.db.execute(
            f"SELECT g.id, g.header, g.result FROM games g WHERE g.id IN ({mine}) ORDER BY g.id", args
        ).fetchall()
        seats_of: dict[int, list[int]] = {}
        for game, p in self.db.execute(
            f"SELECT game, player FROM game_players WHERE game IN ({mine}) ORDER BY game, seat", args
        ):
            seats_of.setdefault(game, []).append(p)
        hands_of: dict[int, list[str]] = {}
        for game, text in self.db.execute(
            f"SELECT game, hand FROM hands WHERE game IN ({mine}) ORDER BY game, number", args
        ):
            hands_of.setdefault(game, []).append(text)
        classes: dict[str, Any] = {}
        for gr in games:
            seats = seats_of.get(gr[0], [])
            try:
                res = json.loads(gr["result"])
                header = json.loads(gr["header"])
                cls = classes.get(str(header.get("rules"))) if isinstance(header, dict) else None
                g: Any = new_game(header) if cls is None else cls(header)
                classes[g.name] = type(g)
                played = [json.loads(t) for t in hands_of.get(gr[0], [])]
                fam = archive_family(g.name)
            except (ValueError, TypeError, KeyError, RuleError, NoFamily):
                continue  # (a damaged row: that game is not counted, the others are)
            table[pid].games += 1
            table[pid].hands += res["hands"]
            fam.count(g, res, played, seats, table)
        return table[pid].as_dict()

    def head_to_head(self, name: str) -> list[dict[str, Any]]:
        """Player ``name`` against each player he played with, per family: ``{"opponent", "family", "games",
        "ahead", "behind", "total", "their_total"}`` (games at one table, those he ended above and below the
        opponent, both totals in the family's unit over those games), by opponent then family."""
        table: dict[tuple[str, str], dict[str, Any]] = {}
        for g in self.player_games(name):
            mine = g["total"]
            for seat, other in enumerate(g["players"]):
                if seat == g["seat"]:
                    continue
                theirs = g["results"][seat]
                h = table.setdefault(
                    (other, g["family"]),
                    {"opponent": other, "family": g["family"], "games": 0, "ahead": 0, "behind": 0,
                     "total": Fraction(0), "their_total": Fraction(0)},
                )  # fmt: skip
                h["games"] += 1
                h["ahead"] += mine > theirs
                h["behind"] += mine < theirs
                h["total"] += mine
                h["their_total"] += theirs
        return [table[k] for k in sorted(table)]
