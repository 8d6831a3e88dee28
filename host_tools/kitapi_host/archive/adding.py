"""A log into the archive (``Archive.add_log``): replayed and checked, matched against what is stored (the same
bytes, an older or longer copy, the same game in the other form), stored new or grown in one transaction, and
attached to a tournament's table whose game it is."""

from __future__ import annotations

import io
import json
from typing import Any, BinaryIO

from kitapi.jsonw import header_json
from kitapi.replay import replay
from kitapi_host.archive.connection import utc_now
from kitapi_host.archive.errors import LogError
from kitapi_host.archive.parse import (
    CHUNK,
    Parsed,
    canonical,
    digest_of,
    insert_hands,
    insert_rows,
    replayed,
    same_prefix,
)
from kitapi_host.archive.players import Players
from kitapi_host.archive.values import nfc

NEW = "new"
GROWN = "grown"
SAME = "same"


class Added(tuple[int, str]):
    """What ``add_log`` did: ``(game id, "new" | "grown" | "same")``, plus ``warnings`` (lines)."""

    warnings: list[str]
    table: str | None  # the tournament's table it was attached to ("NAME round R table T"), or None

    def __new__(cls, game_id: int, status: str, warnings: list[str] | None = None) -> Added:
        self = super().__new__(cls, (game_id, status))
        self.warnings = list(warnings or [])
        self.table = None
        return self

    @property
    def id(self) -> int:
        return self[0]

    @property
    def status(self) -> str:
        return self[1]


def _checked(f: BinaryIO, name: str) -> Parsed:
    """The log in ``f`` replayed by the core (``replayed``); LogError for bad input, or for a name there twice
    (written two ways in Unicode: one player in the archive)."""
    parsed = replayed(f, name)
    players = parsed.game.players
    for i, p in enumerate(players):
        if any(nfc(p) == nfc(q) for q in players[:i]):  # (the core has refused the same characters)
            raise LogError(name, 1, f"the name {p!r} is there twice (written two ways in Unicode)")
    return parsed


class Adding(Players):
    """Adding logs to the archive (``kitapi_host.archive.db.Archive``)."""

    # --- adding logs --------------------------------------------------------------

    def add_log(self, data: bytes | BinaryIO, device: str, name: str, stamps: tuple[str, str] | None = None) -> Added:
        """Store the game log ``data`` (either form; bytes, or a binary file read as a stream) pulled from
        ``device`` as ``name``.

        Returns ``(game id, "new" | "grown" | "same")`` with ``.warnings`` (the
        damage of a damaged device log, and what was decided about another log
        under the same name, or the same game in another form; see the module's
        docstring).  Bad input raises LogError and writes nothing.  One
        transaction: the lookup and the writes cannot interleave with another
        process adding the same log.  A file is read in chunks, several times
        over, and never whole: memory does not grow with its size.

        ``stamps``: ``(added, updated)`` to keep instead of now (``archive copy``
        keeps when the other archive took the game in).

        The log is replayed and hashed before the transaction (only reads: other
        writers wait the less), unless its bytes are archived already; inside a
        batch (``batch``: the transaction is open already) in it, each look-up once.
        """
        f: BinaryIO = io.BytesIO(data) if isinstance(data, bytes | bytearray | memoryview) else data
        size, digest = digest_of(f)
        parsed = None
        if not self._batch and self.db.execute("SELECT 1 FROM games WHERE sha256 = ?", (digest,)).fetchone() is None:
            parsed = _checked(f, name)
            canonical(f, name, parsed, self._kin_lengths(parsed))
        with self.transaction():
            return self._add(f, device, name, size, digest, parsed, stamps)

    def _kin(self, parsed: Parsed) -> list[Any]:
        """The games with the same header as ``parsed``'s (the same game, maybe, in another form)."""
        return list(
            self.db.execute(
                "SELECT id, device, name, canon, canon_len FROM games WHERE header = ? AND canon IS NOT NULL"
                " ORDER BY id",
                (header_json(parsed.header),),
            )
        )

    def _kin_lengths(self, parsed: Parsed) -> set[int]:
        return {k["canon_len"] for k in self._kin(parsed)}

    def _add(
        self,
        f: BinaryIO,
        device: str,
        name: str,
        size: int,
        digest: str,
        parsed: Parsed | None,
        stamps: tuple[str, str] | None = None,
    ) -> Added:
        """Inside ``add_log``'s transaction: the log ``f`` (``size`` bytes, sha256 ``digest``) matched against
        what the archive holds (the module's docstring says how), then stored new or grown."""
        same_source = self.db.execute(
            "SELECT id, sha256, damage, (SELECT length(log) FROM logs WHERE game = games.id) AS size FROM games"
            " WHERE device = ? AND name = ? ORDER BY id DESC",
            (device, name),
        ).fetchall()
        known = self._same_bytes(f, size, digest, same_source)
        if known is not None:
            return known
        if parsed is None:  # in a batch; or its bytes were archived when add_log looked, and are no longer
            parsed = _checked(f, name)
        # The same game archived from a log in the other form (or written otherwise): same header, and
        # one canonical form the start of the other's.  (Hashed again if another writer added one since.)
        kin = self._kin(parsed)
        lengths = {k["canon_len"] for k in kin}
        if not parsed.canon or not lengths <= parsed.asked:
            parsed.prefixes.clear()
            parsed.fixes.clear()
            canonical(f, name, parsed, lengths)
        warnings: list[str] = [parsed.damage] if parsed.damage else []
        target = self._grown_copy(f, size, parsed, same_source, warnings)
        if target is None:
            found = self._same_game(parsed, kin, warnings)
            if isinstance(found, Added):
                return found
            target = found
        if target is None and same_source:
            ids = ", ".join(str(r["id"]) for r in same_source)
            warnings.append(f"another log was archived as {device}:{name} (game {ids}): both are kept")
        game_id, status = self._store(f, device, name, size, digest, parsed, target, stamps)
        done = Added(game_id, status, warnings)
        done.table = self._attach_to_table(game_id, parsed.game.header.get("tournament"))  # a tournament's table
        return done

    def _same_bytes(self, f: BinaryIO, size: int, digest: str, same_source: list[Any]) -> Added | None:
        """``"same"`` for bytes the archive holds (under this source or another) or an older copy of a log of
        this source; else None."""
        for row in same_source:
            if row["sha256"] == digest:
                return Added(row["id"], SAME, [row["damage"]] if row["damage"] else [])
        elsewhere = self.db.execute(
            "SELECT id, device, name FROM games WHERE sha256 = ? ORDER BY id LIMIT 1", (digest,)
        ).fetchone()
        if elsewhere is not None:
            where = f"{elsewhere['device']}:{elsewhere['name']}"
            return Added(
                elsewhere["id"], SAME, [f"the same log is already archived as game {elsewhere['id']} ({where})"]
            )
        for row in same_source:
            if row["size"] > size:
                with self._stored_log(row["id"]) as old:
                    if same_prefix(old, f, size):
                        return Added(row["id"], SAME, [f"an older copy of game {row['id']}: nothing written"])
        return None

    def _grown_copy(
        self, f: BinaryIO, size: int, parsed: Parsed, same_source: list[Any], warnings: list[str]
    ) -> int | None:
        """The game of this source that the log grows (its stored bytes the log's start, or a damaged copy's
        sound bytes, the log scoring more), or None."""
        for row in same_source:
            if row["size"] <= size:
                with self._stored_log(row["id"]) as old:
                    if same_prefix(old, f, row["size"]):
                        return int(row["id"])
            if row["damage"]:
                sound = self._sound_bytes(row["id"])
                with self._stored_log(row["id"]) as old:
                    starts = size >= sound and same_prefix(old, f, sound)
                if starts and (parsed.damage_byte or size) > sound:
                    warnings.append(f"replaces the damaged copy archived as game {row['id']}")
                    return int(row["id"])
        return None

    def _same_game(self, parsed: Parsed, kin: list[Any], warnings: list[str]) -> Added | int | None:
        """Among ``kin`` (the same header): ``"same"`` for the same game in the other form or an older copy of
        one, the id of the game this log has more hands of, or None."""
        # A longer or shorter copy is taken for the same game only when the header says when the game
        # started (as the device writes it): two games with the same header and hands may be two games.
        stamped = "started" in parsed.header
        for k in kin:
            where = f"game {k['id']} ({k['device']}:{k['name']})"
            if k["canon"] == parsed.canon:
                return Added(k["id"], SAME, [*warnings, f"the same game is already archived as {where}"])
            if not stamped:
                continue
            if parsed.prefixes.get(k["canon_len"]) == k["canon"]:
                warnings.append(f"more hands of the game archived as {where}")
                return int(k["id"])
            if k["canon_len"] > parsed.canon_len:
                older = Parsed("", {}, "", parsed.game, None, None)
                with self._stored_log(k["id"]) as old:
                    canonical(old, k["name"], older, {parsed.canon_len})
                if older.prefixes.get(parsed.canon_len) == parsed.canon:
                    return Added(k["id"], SAME, [*warnings, f"an older copy of {where}: nothing written"])
        return None

    def _store(
        self,
        f: BinaryIO,
        device: str,
        name: str,
        size: int,
        digest: str,
        parsed: Parsed,
        target: int | None,
        stamps: tuple[str, str] | None,
    ) -> tuple[int, str]:
        """Write the game: a new row (``target`` None) or the grown game ``target``'s, its log, players and
        hands; ``(game id, "new" | "grown")``."""
        added, now = stamps or (utc_now(), utc_now())
        g = parsed.game
        values: dict[str, Any] = {
            "device": device,
            "name": name,
            "started": parsed.header.get("started"),
            "rules": g.name,
            "header": header_json(parsed.header),
            "format": parsed.format,
            "sha256": digest,
            "hands": g.hands,
            "result": parsed.result,
            "over": int(bool(g.over)),
            "ended": int(bool(g.ended)),
            "damage": parsed.damage,
            "updated": now,
            "canon": parsed.canon,
            "canon_len": parsed.canon_len,
        }
        seats: list[int] | None = None
        if target is None:
            game_id = self.insert_row("games", {**values, "added": added}, ", log", ", x''")
            status = NEW
        else:
            game_id = target
            sets = ", ".join(f"{k} = :{k}" for k in values)
            self.db.execute(f"UPDATE games SET {sets} WHERE id = :id", {**values, "id": game_id})
            for table in ("hands", "corrections"):
                self.db.execute(f"DELETE FROM {table} WHERE game = ?", (game_id,))
            # The players stay who they are: a rename or a merge made since is kept.
            rows = self.db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (game_id,))
            seats = [r[0] for r in rows]
            status = GROWN
        self._store_log(game_id, f, size)
        if seats is None or len(seats) != g.n:
            if seats is not None:  # (a new game has none)
                self.db.execute("DELETE FROM game_players WHERE game = ?", (game_id,))
            seats = self._player_ids(g.players)
            insert_rows(self.db, "game_players", "game, seat, player", [(game_id, s, p) for s, p in enumerate(seats)])
        insert_hands(self.db, game_id, f, name, parsed, seats)
        return game_id, status

    def _store_log(self, game_id: int, f: BinaryIO, size: int) -> None:
        """The log ``f`` (``size`` bytes) as game ``game_id``'s stored log (SQLite: written in chunks)."""
        if self.pg:
            f.seek(0)
            self.db.execute(
                "INSERT INTO logs (game, log) VALUES (?, ?) ON CONFLICT (game) DO UPDATE SET log = excluded.log",
                (game_id, f.read()),
            )
        else:
            self.db.execute("INSERT OR REPLACE INTO logs (game, log) VALUES (?, zeroblob(?))", (game_id, size))
        if size and not self.pg:
            f.seek(0)
            with self.db.blobopen("logs", "log", game_id) as blob:
                while chunk := f.read(CHUNK):
                    blob.write(chunk)

    def _sound_bytes(self, game_id: int) -> int:
        """How many leading bytes of a stored log are before its damage (all of them if none)."""
        with self._stored_log(game_id) as f:
            _, r = replay(f)
            f.seek(0, 2)
            return int(r.damage[1]) if r.damage else f.tell()

    def _open_tables(self) -> bool:
        """Inside a batch: the archive has a tournament's table waiting for its game (asked once a batch: nothing
        else writes meanwhile, and adding a game opens no table)."""
        if self._tables_known is None:
            self._tables_known = (
                self.db.execute(
                    "SELECT 1 FROM tournament_tables WHERE game IS NULL AND mark IS NULL LIMIT 1"
                ).fetchone()
                is not None
            )
        return self._tables_known

    def _attach_to_table(self, game: int, named: Any = None) -> str | None:
        """Inside ``add_log``'s transaction, the game ``game`` just stored (new or grown): attached to the
        first open table it is the game of (``kitapi_host.tournament.store``'s docstring says when), in one query
        over the open tables of the tournaments of its system; ``"NAME round R table T"``, or None.  ``named``,
        its header's ``tournament`` (a table loaded onto the box, the core's checks passed), is tried first: that
        table, when it is open, of the game's system and players, whatever the box's clock said."""
        if self._batch and not self._open_tables():
            return None
        if isinstance(named, dict):
            r = self.db.execute(
                "SELECT x.id, x.name, t.seats FROM games g JOIN tournaments x ON x.rules = g.rules AND x.name = ?"
                " JOIN tournament_tables t ON t.tournament = x.id AND t.round = ? AND t.number = ?"
                " AND t.game IS NULL AND t.mark IS NULL"
                " WHERE g.id = ? AND NOT EXISTS (SELECT 1 FROM tournament_tables u WHERE u.game = g.id)"
                " AND NOT EXISTS (SELECT 1 FROM tournament_detached d WHERE d.tournament = x.id AND d.game = g.id)",
                (named.get("name"), named.get("round"), named.get("table"), game),
            ).fetchone()
            if r is not None:
                ids = {
                    int(n): int(p)
                    for n, p in self.db.execute(
                        "SELECT number, player FROM tournament_players WHERE tournament = ?", (r[0],)
                    )
                }
                want = sorted(ids[int(n)] for n in json.loads(r[2]))
                have = sorted(
                    int(p[0]) for p in self.db.execute("SELECT player FROM game_players WHERE game = ?", (game,))
                )
                if want == have:
                    self.db.execute(
                        "UPDATE tournament_tables SET game = ? WHERE tournament = ? AND round = ? AND number = ?",
                        (game, r[0], named["round"], named["table"]),
                    )
                    return f"{r[1]} round {named['round']} table {named['table']}"
        found: dict[tuple[int, int, int], list[Any]] = {}
        for tid, tname, rnd, number, seats, num, count in self.db.execute(
            "SELECT x.id, x.name, t.round, t.number, t.seats, tp.number,"
            " (SELECT COUNT(*) FROM game_players c WHERE c.game = g.id)"
            " FROM games g JOIN tournaments x ON x.rules = g.rules"
            " JOIN tournament_tables t ON t.tournament = x.id AND t.game IS NULL AND t.mark IS NULL"
            " AND t.seated <= COALESCE(g.started, g.added)"
            " JOIN tournament_players tp ON tp.tournament = x.id"
            " JOIN game_players gp ON gp.game = g.id AND gp.player = tp.player"
            " WHERE g.id = ? AND NOT EXISTS (SELECT 1 FROM tournament_tables u WHERE u.game = g.id)"
            " AND NOT EXISTS (SELECT 1 FROM tournament_detached d WHERE d.tournament = x.id AND d.game = g.id)",
            (game,),
        ):
            row = found.setdefault((int(tid), int(rnd), int(number)), [tname, json.loads(seats), set(), int(count)])
            row[2].add(int(num))
        for (tid, rnd, number), (tname, seats, nums, count) in sorted(found.items()):
            if nums == set(seats) and len(seats) == count:
                self.db.execute(
                    "UPDATE tournament_tables SET game = ? WHERE tournament = ? AND round = ? AND number = ?",
                    (game, tid, rnd, number),
                )
                return f"{tname} round {rnd} table {number}"
        return None
