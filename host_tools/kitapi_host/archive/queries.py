"""What the archive answers of its games: the list, one game with its running figures, the stored logs, the
web page's games of a period, player or system, and the games as ``archive copy`` takes them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from kitapi.game import new_game
from kitapi_host.archive import stats
from kitapi_host.archive.errors import ArchiveError
from kitapi_host.archive.players import Players
from kitapi_host.families import NoFamily, archive_family

# Every column of games but the log (which may be large: read as a stream, _stored_log).
_COLUMNS = (
    "id, device, name, started, rules, header, format, sha256, hands, result, over, ended, damage, added, updated"
)


class Queries(Players):
    """The archive's answers about its games (``kitapi_host.archive.db.Archive``)."""

    # --- queries ------------------------------------------------------------------

    def seats(self, game_id: int) -> list[str]:
        """The players' current names of game ``game_id``, seat by seat (what the archive shows for its
        players, its sheets included); [] for no such game."""
        return self._names(game_id)

    def _names(self, game_id: int) -> list[str]:
        return [
            r[0]
            for r in self.db.execute(
                "SELECT p.name FROM game_players gp JOIN players p ON p.id = gp.player WHERE gp.game = ? ORDER BY seat",
                (game_id,),
            )
        ]

    def _names_of(self, ids: list[int]) -> dict[int, list[str]]:
        """The players' current names of the games ``ids``, seat by seat."""
        out: dict[int, list[str]] = {i: [] for i in ids}
        for k in range(0, len(ids), 500):
            part = ids[k : k + 500]
            for r in self.db.execute(
                "SELECT gp.game, p.name FROM game_players gp JOIN players p ON p.id = gp.player"
                f" WHERE gp.game IN ({', '.join('?' * len(part))}) ORDER BY gp.game, gp.seat",
                part,
            ):
                out[int(r[0])].append(r[1])
        return out

    def games(self) -> list[dict[str, Any]]:
        """Every archived game, oldest first (by the minute of its date, then by number): id, date, started,
        added, device, name, rules, players, hands, over, ended, damage, and ``result``: the standings as the
        core's ``result_json`` gives them (``kitapi replay --json``), with the players' current names; each
        family's figures in it, read by the family's hooks (kitapi_host.families.hookspecs: ``kitapi games``'
        ``result_line``), none taken out here by its shape."""
        out = []
        # the date to the minute (as `kitapi games` shows it), then the number: games shown at one time keep their
        # numbers' order, whatever seconds their headers carry
        order = "SUBSTR(COALESCE(started, added), 1, 16), id"
        for r in self.db.execute(f"SELECT {_COLUMNS} FROM games ORDER BY {order}").fetchall():
            res = json.loads(r["result"])
            out.append(
                {
                    "id": r["id"],
                    "date": r["started"] or r["added"],
                    "started": r["started"],
                    "added": r["added"],
                    "device": r["device"],
                    "name": r["name"],
                    "rules": r["rules"],
                    "players": self._names(r["id"]),
                    "hands": r["hands"],
                    "over": bool(r["over"]),
                    "ended": bool(r["ended"]),
                    "damage": r["damage"],
                    "result": {**res, "players": self._names(r["id"])},
                }
            )
        return out

    def stored(self, device: str, name: str) -> list[dict[str, Any]]:
        """The logs archived from ``device`` as ``name``, newest first: id, sha256, log, ended (for the sync)."""
        return [
            {"id": r["id"], "sha256": r["sha256"], "log": bytes(r["log"]), "ended": bool(r["ended"])}
            for r in self.db.execute(
                "SELECT id, sha256, (SELECT log FROM logs WHERE game = games.id) AS log, ended FROM games"
                " WHERE device = ? AND name = ? ORDER BY id DESC",
                (device, name),
            )
        ]

    def has_sha256(self, digest: str) -> dict[str, Any] | None:
        """The game whose stored log has this sha256 (id, ended), or None."""
        r = self.db.execute("SELECT id, ended FROM games WHERE sha256 = ? ORDER BY id LIMIT 1", (digest,)).fetchone()
        return None if r is None else {"id": r["id"], "ended": bool(r["ended"])}

    def game(self, game_id: int) -> dict[str, Any]:
        """One game: its header, standings (``result``, the current player names) and hand table.

        Each hand carries the standings after it, recomputed with the core from
        the stored effective hands: Prefa's ``pouch``/``chips``; Preferans' (and
        Balkan's) ``pool``, ``hill``, ``whists`` (the matrix) and ``settlement`` (net
        whists), exact Fractions, as the core's result gives them after that hand;
        prefa_kasa's ``kasa`` and ``net`` (the kasa's split after an early stop is in
        the game's ``result`` only: it comes with the end, not with a hand); the pot
        games' ``pot``, ``stock``, ``refills`` and ``over``; Priffe's ``partners``,
        ``trick_points``, ``games``, ``points``, ``rubbers`` and ``individual`` (the
        core's result after the hand), ``step`` (``PriffePoints``: what the hand scored,
        taken apart) and ``rubber_end`` (the hand finished a rubber).
        """
        r = self.db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if r is None:
            raise ArchiveError(f"no game {game_id} in the archive")
        header = json.loads(r["header"])
        names = self._names(game_id)
        res = json.loads(r["result"])
        res["players"] = names
        g: Any = new_game(header)
        try:
            fam = archive_family(g.name)
        except NoFamily as e:
            raise ArchiveError(f"game {game_id}: {e}") from None
        hands = []
        memo: dict[str, Any] = {}  # what the family keeps from hand to hand
        for h in self.db.execute("SELECT * FROM hands WHERE game = ? ORDER BY number", (game_id,)).fetchall():
            d = json.loads(h["hand"])
            after = fam.hand_columns(g, d, memo)  # (plays the hand)
            row = {k: h[k] for k in h.keys() if k not in ("game", "bidder")}
            row["hand"] = d
            seat = d.get("bidder", d.get("soloist", d.get("declarer")))
            row["bidder"] = None if seat is None else names[seat]
            row["dealer"] = names[d["dealer"]] if "dealer" in d else None  # a top-up has no dealer
            row.update(after)
            hands.append(row)
        corrections = [
            {"line": c["line"], "op": c["op"], "number": c["number"]}
            for c in self.db.execute("SELECT * FROM corrections WHERE game = ? ORDER BY line", (game_id,))
        ]
        return {
            "id": game_id,
            "device": r["device"],
            "name": r["name"],
            "started": r["started"],
            "added": r["added"],
            "updated": r["updated"],
            "rules": r["rules"],
            "format": r["format"],
            "header": header,
            "result": res,
            "ended": bool(r["ended"]),
            "damage": r["damage"],
            "hands": hands,
            "deleted": sorted({c["number"] for c in corrections} - {h["number"] for h in hands}),
            "corrections": corrections,
        }

    def stats(self, player: str | None = None) -> list[dict[str, Any]]:
        """Per-player figures across every game (or one player's); see ``kitapi_host.archive.stats``."""
        if player is not None:  # (the name as the archive keeps it)
            player = self.db.execute("SELECT name FROM players WHERE id = ?", (self._player(player),)).fetchone()[0]
        return stats.count(self.db, player)

    # --- the web page's queries (kitapi serve: kitapi_host.web.data) ----------------------------------------
    # Standard SQL only: ``?`` placeholders, no function of one database (a date range is compared as ISO text,
    # COALESCE is everyone's), so that the archive on another database runs them unchanged.  Each asks only the
    # games it needs (a period, a player's, a page's worth), never every log.

    _DATE = "COALESCE(g.started, g.added)"

    def find_games(
        self,
        since: str | None = None,
        until: str | None = None,
        player: str | None = None,
        rules: str | None = None,
        device: str | None = None,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """The games dated ``since`` <= date < ``until`` (ISO text: a day "2026-11-01" or a moment), of ``player``,
        ``rules``, ``device`` (each None: any), newest first, at most ``limit``: id, date, device, name, rules,
        ``header_json`` (the header line's text: parsed only by who needs it, a period may hold thousands), hands,
        over, ended, damage and ``result`` (the core's standings, as ``games()`` gives them, with the players'
        current names).  An unknown player has no games."""
        where: list[str] = []
        args: list[Any] = []
        if since is not None:
            where.append(f"{self._DATE} >= ?")
            args.append(since)
        if until is not None:
            where.append(f"{self._DATE} < ?")
            args.append(until)
        if rules is not None:
            where.append("g.rules = ?")
            args.append(rules)
        if device is not None:
            where.append("g.device = ?")
            args.append(device)
        if player is not None:
            pid = self.find_player(player)
            if pid is None:
                return []
            where.append("g.id IN (SELECT gp.game FROM game_players gp WHERE gp.player = ?)")
            args.append(pid)
        sql = (
            "SELECT g.id, g.device, g.name, g.started, g.added, g.rules, g.header, g.hands, g.result, g.over,"
            " g.ended, g.damage, g.sha256 FROM games g"
            + (" WHERE " + " AND ".join(where) if where else "")
            + f" ORDER BY {self._DATE} DESC, g.id DESC"
        )
        if limit is not None:
            sql += " LIMIT ?"
            args.append(int(limit))
        rows = self.db.execute(sql, args).fetchall()
        names = self._names_of([r[0] for r in rows])
        out = []
        # (the columns by position: a month of a league is thousands of rows, PostgreSQL's by name cost 20 ms)
        for gid, device, name, started, added, rules, header, hands, result, over, ended, damage, sha in rows:
            players = names.get(gid, [])
            out.append(
                {
                    "id": gid,
                    "date": started or added,
                    "device": device,
                    "name": name,
                    "rules": rules,
                    "header_json": header,
                    "players": players,
                    "hands": hands,
                    "over": bool(over),
                    "ended": bool(ended),
                    "damage": damage,
                    "sha256": sha,  # (its log's: what a page keeps from it holds while this does)
                    "result": {**_object(result), "players": players},
                }
            )
        return out

    # --- copying between archives (kitapi archive copy) ------------------------------

    def games_to_copy(self) -> Iterator[tuple[int, str, str, list[str], tuple[str, str]]]:
        """Every game as ``archive copy`` takes it, by id: ``(id, device, name, its players' current names,
        (added, updated))``."""
        for r in self.db.execute("SELECT id, device, name, added, updated FROM games ORDER BY id").fetchall():
            yield int(r["id"]), r["device"], r["name"], self._names(int(r["id"])), (r["added"], r["updated"])


def _object(text: Any) -> dict[str, Any]:
    """A stored JSON object (a header, a result), or {} for damaged text: the game still lists, without figures."""
    try:
        v = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return v if isinstance(v, dict) else {}
