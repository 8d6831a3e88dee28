"""The archive's players: found by name (NFC), made, renamed, merged, and a game's players named again."""

from __future__ import annotations

from typing import Any

from kitapi.game import RuleError, check_name
from kitapi_host.archive.connection import Connection
from kitapi_host.archive.errors import ArchiveError
from kitapi_host.archive.values import blank, nfc


class Players(Connection):
    """The players' rows of the archive (``kitapi_host.archive.db.Archive``)."""

    def find_player(self, name: str) -> int | None:
        """The id of the player whose name is ``name`` after NFC normalisation, or None.  The very
        characters first: an archive of an earlier kitapi may hold a name in both forms, to be merged."""
        key = nfc(name)
        for exact in dict.fromkeys((name, key)):
            row = self.db.execute("SELECT id FROM players WHERE name = ?", (exact,)).fetchone()
            if row is not None:
                return int(row[0])
        # an archive of an earlier kitapi may hold a name as it was typed, not normalised
        for pid, stored in self.db.execute("SELECT id, name FROM players ORDER BY id"):
            if nfc(stored) == key:
                return int(pid)
        return None

    def player_id(self, name: str) -> int:
        pid = self.find_player(name)
        if pid is not None:
            return pid
        return self.insert_row("players", {"name": nfc(name)})

    def _player_ids(self, names: list[str]) -> list[int]:
        """``player_id`` of each of ``names``, those the archive has by their very characters or NFC asked in one
        query (a round trip each cost a millisecond a game on PostgreSQL)."""
        forms = list(dict.fromkeys(x for n in names for x in (n, nfc(n))))
        marks = ", ".join("?" * len(forms))
        known = {
            r[1]: int(r[0]) for r in self.db.execute(f"SELECT id, name FROM players WHERE name IN ({marks})", forms)
        }
        out = []
        for n in names:
            pid = next((known[x] for x in dict.fromkeys((n, nfc(n))) if x in known), None)
            out.append(self.player_id(n) if pid is None else pid)
        return out

    def insert_row(self, table: str, values: dict[str, Any], more_cols: str = "", more_values: str = "") -> int:
        """Insert a row of ``values`` (and the SQL ``more_cols``, ``more_values``) into ``table``; its id.  The id
        is the largest so far plus one on both backends (SQLite's rowid), so one archive's games have the same
        numbers on both (the writers' lock is held: no other writer takes the same)."""
        cols = ", ".join(values) + more_cols
        marks = ", ".join(":" + k for k in values) + more_values
        if self.pg:  # (the id and the row in one round trip)
            sql = f"INSERT INTO {table} (id, {cols}) VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), {marks})"
            return int(self.db.execute(sql + " RETURNING id", values).fetchone()[0])
        cur = self.db.execute(f"INSERT INTO {table} ({cols}) VALUES ({marks})", values)
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    # --- players ------------------------------------------------------------------

    def _player(self, name: str) -> int:
        pid = self.find_player(name)
        if pid is None:
            raise ArchiveError(f"no player {name!r} in the archive")
        return pid

    def players(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM players ORDER BY name")]

    def rename_player(self, old: str, new: str) -> None:
        """Give player ``old`` the name ``new`` (which no other player may have: merge them instead).

        ``new`` must be a name the core accepts in a log (kitapi.game.check_name):
        1 to 24 characters a person typed, not only spaces or invisible ones; it is
        kept NFC-normalised.
        """
        try:
            check_name(new)
        except RuleError as e:
            raise ArchiveError(f"cannot rename {old!r} to {new!r}: {e}") from None
        if blank(new):
            raise ArchiveError(  # (what the core's check_name says, for the marks and blanks it has no table of)
                f"cannot rename {old!r} to {new!r}: player names must hold a visible character"
                " (not only spaces or invisible ones)"
            )
        with self.transaction():
            pid = self._player(old)
            other = self.find_player(new)
            if other is not None and other != pid:
                raise ArchiveError(f"there is already a player {new!r}: merge the two instead")
            self.db.execute("UPDATE players SET name = ? WHERE id = ?", (nfc(new), pid))

    def merge_players(self, from_name: str, into_name: str) -> None:
        """Every game of ``from_name`` now names ``into_name``; refused if both played in one game."""
        with self.transaction():
            src = self._player(from_name)
            dst = self._player(into_name)
            if src == dst:
                raise ArchiveError(f"cannot merge {from_name!r} into itself")
            both = self.db.execute(
                "SELECT a.game FROM game_players a JOIN game_players b ON a.game = b.game"
                " WHERE a.player = ? AND b.player = ? ORDER BY a.game",
                (src, dst),
            ).fetchall()
            if both:
                ids = ", ".join(str(r[0]) for r in both)
                raise ArchiveError(f"{from_name!r} and {into_name!r} played in the same game ({ids}): not merged")
            self._merge_tournament_places(src, dst, from_name, into_name)  # (their tournaments' players too)
            self.db.execute("UPDATE game_players SET player = ? WHERE player = ?", (dst, src))
            self.db.execute("UPDATE hands SET bidder = ? WHERE bidder = ?", (dst, src))
            self.db.execute("DELETE FROM players WHERE id = ?", (src,))

    # --- a tournament's tables (kitapi_host.tournament.store): the archive's own rows, kept as games are added
    # and players merged

    def _merge_tournament_places(self, src: int, dst: int, from_name: str, into_name: str) -> None:
        """Inside ``merge_players``' transaction: ``src``'s places in tournaments become ``dst``'s; refused
        when both play in one tournament."""
        both = self.db.execute(
            "SELECT x.name FROM tournament_players a JOIN tournament_players b ON a.tournament = b.tournament"
            " JOIN tournaments x ON x.id = a.tournament WHERE a.player = ? AND b.player = ? ORDER BY x.name",
            (src, dst),
        ).fetchone()
        if both is not None:
            raise ArchiveError(f"{from_name!r} and {into_name!r} both play in tournament {both[0]!r}: not merged")
        self.db.execute("UPDATE tournament_players SET player = ? WHERE player = ?", (dst, src))

    def name_players(self, game_id: int, names: list[str]) -> bool:
        """The players of game ``game_id`` seat by seat are ``names`` (players made if missing; one left with no
        game removed): how another archive's renames and merges come with a copied game.  True if it changed."""
        with self.transaction():
            old = [
                r[0]
                for r in self.db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (game_id,))
            ]
            if len(old) != len(names):
                raise ArchiveError(f"game {game_id} has {len(old)} players here, not {len(names)}")
            new = [self.player_id(n) for n in names]
            if new == old:
                return False
            seat = {p: s for s, p in enumerate(old)}
            hands = self.db.execute(
                "SELECT number, bidder FROM hands WHERE game = ? AND bidder IS NOT NULL", (game_id,)
            ).fetchall()
            self.db.execute("DELETE FROM game_players WHERE game = ?", (game_id,))
            self.db.executemany(
                "INSERT INTO game_players (game, seat, player) VALUES (?, ?, ?)",
                [(game_id, s, p) for s, p in enumerate(new)],
            )
            self.db.executemany(
                "UPDATE hands SET bidder = ? WHERE game = ? AND number = ?",
                [(new[seat[h[1]]], game_id, h[0]) for h in hands],
            )
            for p in set(old) - set(new):
                # (a player of a tournament stays too)
                used = "SELECT 1 FROM game_players WHERE player = ? UNION ALL SELECT 1 FROM tournament_players"
                if self.db.execute(f"{used} WHERE player = ? LIMIT 1", (p, p)).fetchone() is None:
                    self.db.execute("DELETE FROM players WHERE id = ?", (p,))
            return True
