"""The game archive on the PC: every game log ever imported, in one SQLite database.

The archive keeps each game's log exactly as it came (device log or JSON Lines)
and, next to it, what the core makes of it: the standings (the core's
``result_json``), the effective hands (after corrections), the corrections and
the players.  Nothing is computed here that the core does not compute: a game is
replayed with ``kitapi.replay.replay``, its records are read with the core's
readers, and the effective hands, played one by one on a fresh game, must give
exactly the replay's standings, or nothing is stored.  So a game's standings can
always be recomputed from its stored log and equal what the device showed.

``Archive.add_log(data, device, name)`` is the one way in; ``kitapi archive add``
calls it for files and the sync will call it for each log pulled from a device
(``device`` the device's name, ``name`` the file name on the device).  It is
idempotent and safe to call again after an interruption: each call is one
transaction.

``add_log`` and a log already stored under the same ``device`` and ``name``:

- the same bytes (sha256): ``"same"``, nothing written;
- a longer log that starts with the stored bytes (more hands were played since):
  the game is updated in place, ``"grown"``;
- a log that agrees with a *damaged* stored copy up to its damage and scores more
  hands (a good copy of a log once pulled damaged): updated in place, ``"grown"``,
  with a warning;
- a shorter log that the stored one starts with (an older copy): ``"same"``,
  nothing written, with a warning;
- any other log (the device reused the file name for another game): stored as a
  new game, ``"new"``, with a warning naming the game it did not replace.  Both
  are kept: the archive never throws a game away.

A log whose exact bytes are already archived under another device or name is
also ``"same"`` (with a warning): the same bytes are the same game, and counting
it twice would double its chips in the statistics.  So is a log of a game already
archived in the other form (a JSON Lines copy of a device log, or the reverse):
each game keeps the digest of its canonical JSON Lines (``canon``).  A game whose
header has ``started`` (as the device writes it) is matched also when one copy has
more hands: the longer one grows the game, the shorter one is an older copy.

A log is read as a stream (its size costs no memory) and kept in the table
``logs``, written and read in chunks.  The database is in WAL mode: readers never
wait for a writer, a writer waits for another up to ``busy_timeout()`` seconds.

Every game system of the core is archived: Greek Prefa (pouches and chips),
Russian Preferans (``sochi``, ``leningrad``, ``rostov``: pools, hills, whists and
the net settlement), Balkan Preferans (``balkan``: the Sochi engine with the bids
2 to 7, stored as Preferans) and Greek Prefa with a common kasa (``prefa_kasa``:
the kasa and each player's net kapikia, stored as Prefa, a top-up as a hand of
its own kind), the pot games (``preference_at``, ``preference_illustrated``,
``preference_us``: the pot, each player's stock and the refills; a hand's bid in
``contract``, the declarer in ``bidder``) and Swedish Priffe (``priffe``: the
contract, the declarer, the rubber and the individual points; what a hand scored
is the core's outcome, ``kitapi.outcome.hand_outcome``, by ``kitapi_host.families.priffe.priffe_points``).  The
hand table has columns for all of them (see ``_SCHEMA``); the statistics keep
Prefa's chips, Preferans' whists, Balkan's whists, the kasa's kapikia, each pot
game's chips and Priffe's individual points apart.

Players are matched by name across games and devices: the same name is the same
player, the name compared after Unicode NFC normalisation (``Zoë`` typed as one
character or as ``e`` and a combining diaeresis is one player, its name kept in
NFC).  ``rename_player`` and ``merge_players`` fix names; the stored logs are
never changed, so the archive shows the player's current name wherever a game
names the player.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import sqlite3
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any, BinaryIO

from kitapi.game import OP_DELETE, OP_REPLACE, RuleError, check_name, new_game
from kitapi.jsonw import header_json
from kitapi.replay import reader, replay
from kitapi_host.archive import stats
from kitapi_host.archive.errors import ArchiveError
from kitapi_host.archive.facts import HandFacts
from kitapi_host.archive.values import blank, nfc, unit
from kitapi_host.families import NoFamily, archive_family
from kitapi_host.logs.read import BadLog, Checked, Mismatch, check, effective, final, records

SCHEMA_VERSION = 7
# PRAGMA application_id of a Kitapi archive ("KTPI", as a device log's magic): another program's SQLite file
# is told apart before anything is written to it.  Archives made before it have 0 there and Kitapi's tables.
APPLICATION_ID = 0x4B545049
_OWN_TABLES = {"schema_version", "players", "games", "game_players", "hands", "corrections"}

_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    device TEXT NOT NULL,          -- the device's name ("file" for kitapi archive add)
    name TEXT NOT NULL,            -- the log's file name on the device (or the file's path)
    started TEXT,                  -- the header's "started", if any
    rules TEXT NOT NULL,
    header TEXT NOT NULL,          -- the header line (kitapi.jsonw.header_json)
    log BLOB NOT NULL,             -- empty: the log is in the table logs (schema 1 and 2 kept it here)
    format TEXT NOT NULL,          -- "device" or "jsonl"
    sha256 TEXT NOT NULL,          -- of log
    hands INTEGER NOT NULL,        -- hands scored (the result's "hands")
    result TEXT NOT NULL,          -- kitapi.game.result_json of the replay
    over INTEGER NOT NULL,         -- 1: the game is over (played out, or closed: ended)
    ended INTEGER NOT NULL,        -- 1: the log closed the game ({"end": true})
    damage TEXT,                   -- NULL, or where a device log is damaged (scored up to there)
    added TEXT NOT NULL,           -- UTC, ISO 8601
    updated TEXT NOT NULL,
    canon TEXT,                    -- sha256 of the game as canonical JSON Lines (kitapi.jsonw, either form)
    canon_len INTEGER              -- the length of that text, in bytes
);
CREATE INDEX games_source ON games (device, name);
CREATE UNIQUE INDEX games_sha256_unique ON games (sha256);  -- the same bytes are one game, whoever sends them
CREATE INDEX games_header ON games (header);
CREATE INDEX games_date ON games ((COALESCE(started, added)), id);
CREATE INDEX games_rules ON games (rules);
CREATE TABLE logs (                -- a table of its own, the blob its last column: written and read in
                                   -- chunks (incremental blob I/O), never whole in memory
    game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    log BLOB NOT NULL              -- the log exactly as imported (device log or JSON Lines)
);
CREATE TABLE game_players (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (game, seat),
    UNIQUE (game, player)
);
CREATE INDEX game_players_player ON game_players (player, game);
CREATE TABLE hands (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,       -- the hand's number in the log (deleted hands leave a gap)
    hand TEXT NOT NULL,            -- the effective hand (after corrections), as its log line
    corrected INTEGER NOT NULL,    -- 1: a replace correction gave it these contents
    kind TEXT NOT NULL,            -- Prefa "play", "pass", "throw"; Preferans "play", "allpass", "resign", "misdeal";
                                   -- prefa_kasa also "topup" (every player adds to the kasa)
    bidder INTEGER REFERENCES players (id),  -- Prefa's bidder, Preferans' soloist; NULL for pass, allpass, misdeal,
                                             -- topup
    contract TEXT,                 -- "7H", Preferans' misere "M", Balkan's "2" to "7" (the closed Game bid:
                                   -- the hand's "game"); NULL unless played (or resigned)
    defense TEXT,                  -- Prefa: "both", "alone", "invite", "none"; NULL unless played
    bidder_tricks INTEGER,         -- the bidder's (soloist's) tricks; NULL unless the cards were played
    made INTEGER,                  -- 1 made, 0 not (a resignation: 0); NULL unless played (or resigned)
    short INTEGER,                 -- tricks short of the contract (0 when made; a failed misere: the tricks
                                   -- the soloist took); NULL unless played
    whist TEXT,                    -- Preferans: the defenders' final words as in the log, "whist/pass"
                                   -- (Hussar: one word); NULL without whisting
    tricks TEXT,                   -- every seat's tricks in seat order, a JSON array (an all-pass's too);
                                   -- NULL when no card was played
    PRIMARY KEY (game, number)
);
CREATE TABLE corrections (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    line INTEGER NOT NULL,         -- the record's line (a device log's as its JSON line would be)
    op TEXT NOT NULL,              -- "replace" or "delete"
    number INTEGER NOT NULL,       -- the hand it corrects
    hand TEXT,                     -- the new contents of a replace
    PRIMARY KEY (game, line)
);
"""

# Schema 7: the tournaments (kitapi tournament, kitapi_host.tournament.store), their players, tables and the
# games attached to them.
_TOURNAMENTS = """
CREATE TABLE IF NOT EXISTS tournaments (  -- kitapi tournament (kitapi_host.tournament.store)
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    rules TEXT NOT NULL,           -- the system of its games
    options TEXT NOT NULL,         -- their options, a JSON object
    points TEXT NOT NULL,          -- "serbian" or "matchpoints"
    rounds INTEGER NOT NULL,
    fixed INTEGER NOT NULL,        -- rounds 1..fixed were seated when it was made
    seed INTEGER NOT NULL,         -- of the draw (and of the fixed rounds' search)
    design TEXT NOT NULL,          -- where the fixed rounds come from
    made TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_players (
    tournament INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,       -- drawn
    player INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament, number),
    UNIQUE (tournament, player)
);
CREATE TABLE IF NOT EXISTS tournament_tables (
    tournament INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,
    seats TEXT NOT NULL,           -- the drawn numbers of its players, a JSON array
    seated TEXT NOT NULL,          -- UTC: a game started since may be the table's
    game INTEGER REFERENCES games (id),
    results TEXT,                  -- a decided or closed table's results seat by seat, a JSON array of "N/D"
    mark TEXT,                     -- NULL, "decided" (kitapi tournament result), "closed" (close-round)
    PRIMARY KEY (tournament, round, number)
);
CREATE UNIQUE INDEX IF NOT EXISTS tournament_tables_game ON tournament_tables (game);
CREATE TABLE IF NOT EXISTS tournament_detached (  -- a game detached from a table: not attached again by itself
    tournament INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game INTEGER NOT NULL REFERENCES games (id),
    PRIMARY KEY (tournament, game)
);
"""

_SCHEMA += _TOURNAMENTS

# From one schema version to the next: what changes in the tables; the hand table is
# then filled again from the stored logs (Archive._refill_hands).
_MIGRATIONS = {
    1: (
        # 2: Russian Preferans hands in detail (v1 stored them as "play" with no facts),
        # the defenders' words and every seat's tricks.
        "ALTER TABLE hands ADD COLUMN whist TEXT;",
        "ALTER TABLE hands ADD COLUMN tricks TEXT;",
    ),
    2: (
        # 3: one game whatever its form (a JSON Lines copy and a device log of one game):
        # the digest of its canonical JSON Lines.
        "ALTER TABLE games ADD COLUMN canon TEXT;",
        "ALTER TABLE games ADD COLUMN canon_len INTEGER;",
        "CREATE INDEX games_header ON games (header);",
        # and each log in a table of its own, read and written in chunks
        "CREATE TABLE logs (game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE, log BLOB NOT NULL);",
        "INSERT INTO logs (game, log) SELECT id, log FROM games;",
        "UPDATE games SET log = x'';",
    ),
    3: (
        # 4: a game closed by its log's end record is over (the core's Game.close): its
        # stored result (which always ends with "over") says so too.
        "UPDATE games SET over = 1, result = replace(result, '\"over\": false}', '\"over\": true}') WHERE ended = 1;",
    ),
    4: (
        # 5: the league (many venues' PCs writing to one database): the same bytes are one game as a
        # constraint of the database, not only add_log's look-up; and the indexes of the standings of a
        # period and of a player's games (Archive.standings, player_games, head_to_head).
        "DROP INDEX IF EXISTS games_sha256;",
        "CREATE UNIQUE INDEX IF NOT EXISTS games_sha256_unique ON games (sha256);",
        "CREATE INDEX IF NOT EXISTS games_date ON games ((COALESCE(started, added)), id);",
        "CREATE INDEX IF NOT EXISTS game_players_player ON game_players (player, game);",
    ),
    5: (
        # 6: the systems the archive holds games of (every page of kitapi serve lists them) read from an
        # index, a step per system, not from every game's row (150 ms at 100,000 games).
        "CREATE INDEX IF NOT EXISTS games_rules ON games (rules);",
    ),
    # 7: the tournaments (kitapi tournament).
    6: tuple(f"{stmt.strip()};" for stmt in _TOURNAMENTS.split(";\n") if stmt.strip()),
}
# The migrations from these versions change what the hand table holds: it is filled again from the logs.
_REFILL_BELOW = 4
# An archive of this schema or a later one that cannot be written (a read-only disk) is read as it is by what
# only reads (``create=False``: the web page): schema 6 lacks only the tournaments' tables, 5 an index too,
# which the readers do without (the web page then shows no tournaments).
READ_AS_IS = 5


# Every column of games but the log (which may be large: read as a stream, _stored_log).
_COLUMNS = (
    "id, device, name, started, rules, header, format, sha256, hands, result, over, ended, damage, added, updated"
)

NEW = "new"
GROWN = "grown"
SAME = "same"


class LogError(ArchiveError):
    """A log with bad input (the core's RuleError): nothing was written."""

    def __init__(self, name: str, line: int, reason: str) -> None:
        super().__init__(f"{name}:{line}: {reason}")
        self.name = name
        self.line = line
        self.reason = reason


class NoArchive(ArchiveError):
    """No archive where one was to be read (``Archive(..., create=False)``): nothing was made."""


class ConsistencyError(ArchiveError):
    """The effective hands do not give the replay's standings (a bug, never bad input)."""


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


def default_path() -> Path:
    """``$XDG_DATA_HOME/kitapi/archive.sqlite3``, else ``~/.local/share/kitapi/archive.sqlite3``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "kitapi" / "archive.sqlite3"


def db_arg(value: str) -> Path | str:
    """A ``--db``: an SQLite file's path, or a PostgreSQL URL (``postgresql://...``) kept as it is written."""
    from kitapi_host.archive.pg import is_url

    return value if is_url(value) else Path(value)


DB_HELP = "the archive: an SQLite file, or a PostgreSQL database's URL postgresql://USER:PASSWORD@HOST/DB"


def _full(path: Path) -> bool:
    """The disk of the archive at ``path`` has less than 1 MB free."""
    try:
        return shutil.disk_usage(path.parent).free < 1 << 20
    except OSError:
        return False


def trouble(path: Path | str, e: BaseException) -> str:
    """What keeps the archive at ``path`` from being used, in one line, from the error ``e`` (sqlite3.Error or
    OSError): busy, a full disk, read-only, a folder, a file that is no archive."""
    text = str(e)
    if not isinstance(path, Path):  # a PostgreSQL URL (its own errors are ArchiveError already)
        return f"{path}: cannot use the archive ({text})"
    if isinstance(e, FileExistsError | NotADirectoryError):  # (mkdir of the archive's folder)
        return f"{path}: cannot make the archive's folder {path.parent}: a part of that path is a file, not a folder"
    try:
        if path.exists() and not path.is_file() and not path.is_dir():
            return f"{path}: is no file an archive can be in (a device, a pipe...)"
    except OSError:  # (a folder on the way that cannot be searched)
        pass
    if isinstance(e, sqlite3.OperationalError):
        if "locked" in text or "busy" in text:  # another kitapi held the archive past the busy timeout
            return (
                f"{path}: the archive is busy: another kitapi kept writing to it for {busy_timeout():g} s;"
                " nothing was written, try again"
            )
        if "full" in text or ("I/O error" in text and _full(path)):  # (no room for the -shm file: an I/O error)
            return f"{path}: the disk is full: nothing more was written to the archive (make room, then try again)"
        if "readonly" in text or "read-only" in text:
            return f"{path}: the archive is read-only: nothing was written to it"
        if "unable to open" in text:
            if path.is_dir():
                return f"{path}: is a folder, not an archive"
            if not path.exists() and not os.access(path.parent, os.W_OK):
                return f"{path}: cannot make the archive: its folder {path.parent} is read-only"
            if path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
                # (SQLite needs to write next to an archive in WAL mode even to read it)
                return f"{path}: the archive (or its folder) is read-only: nothing was written to it"
            return f"{path}: cannot open the archive ({text})"
        return f"{path}: cannot use the archive ({text})"
    if isinstance(e, sqlite3.DatabaseError):  # not an SQLite file, or a damaged one
        return f"{path}: not a Kitapi archive, or a damaged one ({text})"
    if isinstance(e, OSError):  # its folder cannot be made, the file cannot be opened
        where = f" {e.filename}" if e.filename and str(e.filename) != str(path) else ""
        return f"{path}: cannot open the archive ({e.strerror or text}{':' + where if where else ''})"
    return f"{path}: cannot use the archive ({text})"


def _statements(script: str) -> Iterator[str]:
    """The statements of an SQL script, one at a time (executescript would commit the transaction)."""
    stmt = ""
    for line in script.splitlines(keepends=True):
        stmt += line
        if sqlite3.complete_statement(stmt):
            yield stmt
            stmt = ""


def _pg_ddl(stmt: str) -> str:
    from kitapi_host.archive.pg import ddl

    return ddl(stmt)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- what the core makes of a log -------------------------------------------------


@dataclass
class _Parsed(Checked):
    """What the core makes of a log (``kitapi_host.logs.read.check``) and its canonical form's digests."""

    canon: str = ""  # sha256 of the game as canonical JSON Lines (``_canonical``)
    canon_len: int = 0
    prefixes: dict[int, str] = field(default_factory=dict)  # canonical length asked for -> digest of that prefix
    asked: set[int] = field(default_factory=set)  # the lengths asked for (prefixes has those between records)


_CHUNK = 1 << 20  # bytes read at a time: a log of any size costs no more memory


class _BlobIO(io.RawIOBase):
    """A stored log (an SQLite blob) as a binary file the core's readers can read, seek and tell."""

    def __init__(self, blob: sqlite3.Blob) -> None:
        self.blob = blob

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        data = self.blob.read(len(buf))
        buf[: len(data)] = data
        return len(data)

    def seek(self, pos: int, whence: int = 0) -> int:
        self.blob.seek(pos, whence)
        return self.blob.tell()

    def tell(self) -> int:
        return self.blob.tell()


def _digest(f: BinaryIO) -> tuple[int, str]:
    """``(size, sha256)`` of the file ``f``, read in chunks."""
    f.seek(0)
    h = hashlib.sha256()
    size = 0
    while chunk := f.read(_CHUNK):
        h.update(chunk)
        size += len(chunk)
    return size, h.hexdigest()


def _same_prefix(a: BinaryIO, b: BinaryIO, n: int) -> bool:
    """The first ``n`` bytes of ``a`` and ``b`` are the same (both at least that long)."""
    a.seek(0)
    b.seek(0)
    while n > 0:
        x = a.read(min(n, _CHUNK))
        if not x or x != b.read(len(x)):
            return False
        n -= len(x)
    return True


def _replayed(f: BinaryIO, name: str) -> _Parsed:
    """Replay the log in ``f`` with the core; LogError for bad input.  Streams: the core reads record by record."""
    try:
        out = check(f, name, _Parsed)
    except BadLog as e:
        raise LogError(e.name, e.line, e.reason) from None
    try:
        archive_family(out.game.name)  # a system whose family the archive cannot show and count is refused
    except NoFamily as e:
        raise LogError(name, 1, f"{e} (kitapi replay keeps it)") from None
    return out


def _canonical(f: BinaryIO, name: str, out: _Parsed, stops: Collection[int] = ()) -> None:
    """The game in ``f`` as canonical JSON Lines (``kitapi_host.logs.read.records``; a damaged hand as
    ``{"damaged": true}``, in no form a log can be written in), hashed as it is read: ``out.canon``,
    ``out.canon_len``, and the digest of each prefix ``stops`` asks for (a length that falls between
    records gets none); ``out.fixes``: where the last correction of each corrected hand is.  A JSON Lines
    copy and a device log of one game have the same canonical form.
    """
    h = hashlib.sha256()
    n = 0
    out.name = name
    try:
        for line in records(f, out):
            text = b'{"damaged": true}\n' if line is None else (line + "\n").encode()
            h.update(text)
            n += len(text)
            if n in stops:
                out.prefixes[n] = h.hexdigest()
    except Mismatch as e:
        raise ConsistencyError(str(e)) from None
    out.canon = h.hexdigest()
    out.canon_len = n
    out.asked = set(stops)


def _parse(f: BinaryIO, name: str, stops: Collection[int] = ()) -> _Parsed:
    """Replay the log in ``f`` and hash its canonical form; LogError for bad input."""
    out = _replayed(f, name)
    _canonical(f, name, out, stops)
    return out


def _effective(f: BinaryIO, name: str, parsed: _Parsed) -> Iterator[HandFacts]:
    """The effective hands of the log in ``f`` (after corrections, ``kitapi_host.logs.read.effective``), in
    order, each with the archive's columns.

    A hand the rules refuse while a damaged hand before it is missing is held
    back (as kitapi.replay scores them): not an effective hand.  The archive's
    guarantee: the effective hands, played one by one on a fresh game, give the
    replay's standings (checked when the last one is out), or ConsistencyError.
    """
    g = new_game(parsed.header)
    fam = archive_family(g.name)  # (_replayed refused a system whose family the archive cannot keep)
    parsed.name = name
    missing = 0  # damaged hands no correction replaces, so far
    try:
        for e in effective(f, parsed):
            if e.text is None:
                missing += not e.corrected  # a damaged hand keeps its number and scores nothing until replaced
                continue
            try:
                g.parse(json.loads(e.text))
                facts = fam.facts(g, e.number, e.text, e.corrected)  # (its family's columns)
                g.apply(g.hand)
            except RuleError as err:
                if missing:  # held back while a damaged hand is missing (kitapi.replay): not an effective hand
                    continue
                raise ConsistencyError(f"{name}: hand {e.number} does not replay: {err}") from None
            yield facts
    except Mismatch as err:
        raise ConsistencyError(str(err)) from None
    res = final(g, parsed)
    if res != parsed.result:
        raise ConsistencyError(f"{name}: the effective hands give {res}, the replay {parsed.result}")


def _corrections(f: BinaryIO) -> Iterator[tuple[int, str, int, str | None]]:
    """Every correction record of the log in ``f``: ``(line, "replace" | "delete", hand, new hand or None)``."""
    f.seek(0)
    rd = reader(f)
    gr = new_game(rd.header())
    while True:
        op = rd.record(gr, False)
        if op < 0:
            break
        if op == OP_REPLACE:
            yield rd.line, "replace", rd.target, gr.hand_json(gr.hand)
        elif op == OP_DELETE:
            yield rd.line, "delete", rd.target, None


# --- the archive ------------------------------------------------------------------


def busy_timeout() -> float:
    """Seconds a writer waits for another kitapi writing to the archive: ``$KITAPI_BUSY_TIMEOUT``, else 30."""
    try:
        return max(0.0, float(os.environ.get("KITAPI_BUSY_TIMEOUT", "")))
    except ValueError:
        return 30.0


class Archive:
    """The archive database at ``path`` (created with its folder if missing; not ``create``: NoArchive, and
    nothing made, a file, a table or a schema, as every command that only reads and every web page open it).

    Many kitapi may use one archive at once: the database is in WAL mode, so a
    reader (``games``, ``show``, ``stats``) never waits for a writer and takes no
    write lock; a writer waits up to ``timeout`` seconds (``busy_timeout()``) for
    another writer, then sqlite3.OperationalError ("database is locked").

    ``path`` may be a PostgreSQL URL (``postgresql://USER:PASSWORD@HOST/DB``): the
    same tables in that database (``kitapi_host.archive.pg``), the same answers.
    Readers never wait there either; a writer waits for another (an advisory lock
    held to the end of its transaction, as SQLite's write lock) up to ``timeout``,
    then ArchiveError.  ``path`` is then the URL without its password.
    """

    db: Any  # sqlite3.Connection, or kitapi_host.archive.pg.Connection: the same SQL on both
    path: Any  # Path, or the PostgreSQL URL as messages show it (str)

    def __init__(self, path: Path | str | None = None, timeout: float | None = None, create: bool = True) -> None:
        self.timeout = busy_timeout() if timeout is None else timeout
        from kitapi_host.archive.pg import is_url

        self.pg = is_url(path)
        if self.pg:
            self._open_pg(str(path), create)
            return
        self.path = Path(path) if path is not None else default_path()
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.exists():
            raise NoArchive(f"{self.path}: no archive here (kitapi archive add or kitapi sync make one)")
        # transactions are explicit (_tx)
        self.db = self._connect(create)
        self.db.row_factory = sqlite3.Row
        try:
            self.db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            # before anything is written: another program's file is left as it is
            self._unmarked = self._recognise()
            if not create and self._version() is None:  # (an empty file: no archive yet)
                raise NoArchive(f"{self.path}: no archive here (kitapi archive add or kitapi sync make one)")
            self.db.execute("PRAGMA foreign_keys = ON")
            if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                try:
                    self.db.execute("PRAGMA journal_mode = WAL")  # kept in the file: once for each archive
                except sqlite3.OperationalError:
                    pass  # busy: the next kitapi will
            if self._version() != SCHEMA_VERSION:  # a read: no write lock unless there is something to do
                try:
                    with self._tx():
                        version = self._version()
                        self._bring_up(version)
                        if version is None:
                            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                            self._unmarked = False
                except sqlite3.OperationalError as e:  # (a reader of an older archive on a read-only disk: as it is)
                    if create or "readonly" not in str(e) or (self._version() or 0) < READ_AS_IS:
                        raise
        except BaseException:
            self.db.close()
            raise

    def _open_pg(self, url: str, create: bool) -> None:
        """Connect to the PostgreSQL database ``url``; make the archive's tables there if it has none (and the
        schema the URL's search path names, if missing), or bring them up to date (under the writers' lock: many
        venues' PCs may open a new league at once).  Not ``create``: an archive that is not there is NoArchive,
        and nothing is made.  Tables of another program where the archive's would go: ArchiveError, nothing
        made."""
        from kitapi_host.archive import pg

        self.db = pg.Connection(url, self.timeout)
        self.path = self.db.where
        self._unmarked = False
        try:
            version = self._version()
            if version == SCHEMA_VERSION:
                return
            schema = self.db.schema()
            if version is None and not create:
                self._foreign(schema)
                version = self._version()  # (another kitapi may have just made it)
                if version is None:
                    where = f"schema {schema or self.db.wanted_schema()} of " if schema != "public" else ""
                    raise NoArchive(
                        f"{self.path}: no Kitapi archive in {where}this database (kitapi archive add or kitapi sync"
                        " make one)"
                    )
                if version == SCHEMA_VERSION:
                    return
            with self._tx():
                if schema is None:  # (the URL's search path names a schema that is not there yet)
                    self.db.make_schema(self.db.wanted_schema())
                    schema = self.db.schema()
                version = self._version()
                if version is None:
                    self._foreign(schema)
                self._bring_up(version, pg.ddl)
        except BaseException:
            self.db.close()
            raise

    def _foreign(self, schema: str | None) -> None:
        """ArchiveError if the PostgreSQL schema where the archive's tables would go holds tables (or views)
        already: another program's, left as they are."""
        if schema is None:
            return
        tables = sorted(
            r[0]
            for r in self.db.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = ?", (schema,)
            )
        )
        if tables and self._version() is None:  # (not the archive another kitapi made meanwhile)
            more = f" and {len(tables) - 4} more" if len(tables) > 4 else ""
            raise ArchiveError(
                f"{self.path}: not a Kitapi archive: tables {', '.join(tables[:4])}{more} of another program in"
                f" schema {schema}; left as they are (give Kitapi a schema of its own:"
                " ?options=-csearch_path%3Dkitapi)"
            )

    def _bring_up(self, version: int | None, ddl: Callable[[str], str] = str) -> None:
        """Inside the writers' transaction: the tables made at SCHEMA_VERSION where there are none (each statement
        through ``ddl``: PostgreSQL's types), an older schema migrated step by step, an unknown one refused."""
        if version is None:
            for stmt in _statements(_SCHEMA):
                self.db.execute(ddl(stmt))
            self.db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
        elif version in _MIGRATIONS:
            self._migrate(version)
        elif version != SCHEMA_VERSION:
            raise ArchiveError(f"{self.path}: archive schema version {version} is not known here")

    def _connect(self, create: bool = True) -> sqlite3.Connection:
        """The connection to the database (not ``create``: a file that is gone is not made again, NoArchive).
        An archive on a read-only disk (or in a read-only folder) can still be read: SQLite cannot open a WAL
        database there (it needs its -shm file), so it is opened as immutable, which nobody can change
        meanwhile; every write is then refused as read-only.  Not with a -wal file of its own: immutable,
        SQLite would not read what that holds."""
        if create:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=self.timeout)
        else:
            uri = f"{self.path.resolve().as_uri()}?mode=rw"
            try:
                db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=self.timeout)
            except sqlite3.OperationalError:
                if not self.path.exists():  # (gone since the check)
                    raise NoArchive(
                        f"{self.path}: no archive here (kitapi archive add or kitapi sync make one)"
                    ) from None
                raise
        try:
            db.execute("PRAGMA application_id").fetchone()
            return db
        except sqlite3.OperationalError as e:
            db.close()
            wal = Path(f"{self.path}-wal")
            writable = os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)
            if "unable to open" not in str(e) or not self.path.is_file() or writable or wal.exists():
                raise
        return sqlite3.connect(f"{self.path.resolve().as_uri()}?immutable=1", uri=True, isolation_level=None)

    def _recognise(self) -> bool:
        """Check that the database is a Kitapi archive, or an empty file that becomes one; ArchiveError for
        another program's SQLite file (nothing written to it).  True: an archive not marked as Kitapi's yet
        (made by an earlier kitapi): its first write transaction marks it (a reader never writes)."""
        app = int(self.db.execute("PRAGMA application_id").fetchone()[0])
        if app == APPLICATION_ID:
            return False
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app == 0 and not tables:
            return False  # empty: a new archive (made below)
        if app == 0 and _OWN_TABLES <= tables:
            return True  # an archive of an earlier kitapi
        what = f"application_id {app:#x}" if app else "tables " + ", ".join(sorted(tables)[:4])
        more = ", ..." if not app and len(tables) > 4 else ""
        raise ArchiveError(
            f"{self.path}: not a Kitapi archive: another program's SQLite database ({what}{more}); left as it is"
        )

    def _version(self) -> int | None:
        if self.pg:  # (pg_class read as a table: its lock makes the server take in the tables another kitapi
            # made while this one waited for the writers' lock; to_regclass takes no lock and may answer from a
            # cache of the time before, and the CREATE TABLE that follows would fail: "already exists")
            known = self.db.execute(
                "SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relname = 'schema_version'"
            ).fetchone()
        else:
            known = self.db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
            ).fetchone()
        if known is None:
            return None
        row = self.db.execute("SELECT version FROM schema_version").fetchone()
        return None if row is None else int(row[0])

    def _migrate(self, version: int) -> None:
        """Bring an archive of an older schema ``version`` up to SCHEMA_VERSION (inside the opening transaction).

        The tables change as ``_MIGRATIONS`` says, and the hand table is filled
        again from every stored log, through the core, as ``add_log`` fills it.
        A stored log the core no longer accepts stops the migration: nothing is
        changed, and the archive stays as it was for the kitapi that made it.
        """
        refill = version < _REFILL_BELOW
        while version != SCHEMA_VERSION:
            for stmt in _MIGRATIONS[version]:
                self.db.execute(_pg_ddl(stmt) if self.pg else stmt)
            version += 1
        rows = self.db.execute("SELECT id, name FROM games ORDER BY id").fetchall() if refill else []
        for r in rows:
            with self._stored_log(r["id"]) as f:
                try:
                    parsed = _parse(f, r["name"])
                    seats = [
                        s[0]
                        for s in self.db.execute(
                            "SELECT player FROM game_players WHERE game = ? ORDER BY seat", (r["id"],)
                        )
                    ]
                    self.db.execute("DELETE FROM hands WHERE game = ?", (r["id"],))
                    self._insert_hands(r["id"], f, r["name"], parsed, seats)
                except ArchiveError as e:
                    raise ArchiveError(f"{self.path}: cannot update the archive (game {r['id']}): {e}") from None
            # (after the log is read: a change to its row would end the reading)
            self.db.execute(
                "UPDATE games SET canon = ?, canon_len = ? WHERE id = ?", (parsed.canon, parsed.canon_len, r["id"])
            )
        self.db.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))

    @contextmanager
    def _stored_log(self, game_id: int) -> Iterator[BinaryIO]:
        """The stored log of a game as a binary file, read from the database as it is needed (PostgreSQL: read
        whole, a bytea has no incremental reading)."""
        if self.pg:
            yield io.BytesIO(self.log(game_id))
            return
        with self.db.blobopen("logs", "log", game_id, readonly=True) as blob:
            yield io.BufferedReader(_BlobIO(blob), _CHUNK)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[None]:
        """One transaction: everything in it is written, or nothing.  One writer at a time, as SQLite's BEGIN
        IMMEDIATE: on PostgreSQL an advisory lock held to the transaction's end (lock_timeout: busy_timeout())."""
        self.db.execute("BEGIN" if self.pg else "BEGIN IMMEDIATE")
        try:
            if self.pg:
                self.db.execute(f"SELECT pg_advisory_xact_lock({APPLICATION_ID})")
            if self._unmarked:
                self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            yield
        except BaseException:
            # SQLite may have ended the transaction itself (a full disk, an I/O error): then there is
            # nothing to roll back, and the error that ended it is the one to tell
            if self.db.in_transaction:
                try:
                    self.db.execute("ROLLBACK")
                except (sqlite3.Error, ArchiveError):
                    pass
            raise
        self.db.execute("COMMIT")
        self._unmarked = False

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
        writers wait the less), unless its bytes are archived already.
        """
        f: BinaryIO = io.BytesIO(data) if isinstance(data, bytes | bytearray | memoryview) else data
        size, digest = _digest(f)
        parsed = None
        if self.db.execute("SELECT 1 FROM games WHERE sha256 = ?", (digest,)).fetchone() is None:
            parsed = _replayed(f, name)
            players = parsed.game.players
            for i, p in enumerate(players):
                if any(nfc(p) == nfc(q) for q in players[:i]):  # (the core has refused the same characters)
                    raise LogError(name, 1, f"the name {p!r} is there twice (written two ways in Unicode)")
            _canonical(f, name, parsed, self._kin_lengths(parsed))
        with self._tx():
            return self._add(f, device, name, size, digest, parsed, stamps)

    def _kin(self, parsed: _Parsed) -> list[Any]:
        """The games with the same header as ``parsed``'s (the same game, maybe, in another form)."""
        return list(
            self.db.execute(
                "SELECT id, device, name, canon, canon_len FROM games WHERE header = ? AND canon IS NOT NULL"
                " ORDER BY id",
                (header_json(parsed.header),),
            )
        )

    def _kin_lengths(self, parsed: _Parsed) -> set[int]:
        return {k["canon_len"] for k in self._kin(parsed)}

    def _add(
        self,
        f: BinaryIO,
        device: str,
        name: str,
        size: int,
        digest: str,
        parsed: _Parsed | None,
        stamps: tuple[str, str] | None = None,
    ) -> Added:
        warnings: list[str] = []
        same_source = self.db.execute(
            "SELECT id, sha256, damage, (SELECT length(log) FROM logs WHERE game = games.id) AS size FROM games"
            " WHERE device = ? AND name = ? ORDER BY id DESC",
            (device, name),
        ).fetchall()
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
                    if _same_prefix(old, f, size):
                        return Added(row["id"], SAME, [f"an older copy of game {row['id']}: nothing written"])

        if parsed is None:  # its bytes were archived when add_log looked, and are no longer
            parsed = _replayed(f, name)
        header = header_json(parsed.header)
        # The same game archived from a log in the other form (or written otherwise): same header, and
        # one canonical form the start of the other's.  (Hashed again if another writer added one since.)
        kin = self._kin(parsed)
        lengths = {k["canon_len"] for k in kin}
        if not parsed.canon or not lengths <= parsed.asked:
            parsed.prefixes.clear()
            parsed.fixes.clear()
            _canonical(f, name, parsed, lengths)
        if parsed.damage:
            warnings.append(parsed.damage)
        target: int | None = None
        for row in same_source:
            if row["size"] <= size:
                with self._stored_log(row["id"]) as old:
                    if _same_prefix(old, f, row["size"]):
                        target = row["id"]
                        break
            if row["damage"]:
                sound = self._sound_bytes(row["id"])
                with self._stored_log(row["id"]) as old:
                    starts = size >= sound and _same_prefix(old, f, sound)
                if starts and (parsed.damage_byte or size) > sound:
                    target = row["id"]
                    warnings.append(f"replaces the damaged copy archived as game {row['id']}")
                    break
        if target is None:
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
                    target = k["id"]
                    warnings.append(f"more hands of the game archived as {where}")
                    break
                if k["canon_len"] > parsed.canon_len:
                    older = _Parsed("", {}, "", parsed.game, None, None)
                    with self._stored_log(k["id"]) as old:
                        _canonical(old, k["name"], older, {parsed.canon_len})
                    if older.prefixes.get(parsed.canon_len) == parsed.canon:
                        return Added(k["id"], SAME, [*warnings, f"an older copy of {where}: nothing written"])
        if target is None and same_source:
            ids = ", ".join(str(r["id"]) for r in same_source)
            warnings.append(f"another log was archived as {device}:{name} (game {ids}): both are kept")

        added, now = stamps or (_now(), _now())
        g = parsed.game
        values: dict[str, Any] = {
            "device": device,
            "name": name,
            "started": parsed.header.get("started"),
            "rules": g.name,
            "header": header,
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
            "size": size,
        }
        seats: list[int] | None = None
        if target is None:
            values["added"] = added
            game_id = self._insert("games", {k: v for k, v in values.items() if k != "size"}, ", log", ", x''")
            status = NEW
        else:
            game_id = target
            sets = ", ".join(f"{k} = :{k}" for k in values if k != "size")
            self.db.execute(f"UPDATE games SET {sets} WHERE id = :id", {**values, "id": game_id})
            for table in ("hands", "corrections"):
                self.db.execute(f"DELETE FROM {table} WHERE game = ?", (game_id,))
            # The players stay who they are: a rename or a merge made since is kept.
            rows = self.db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (game_id,))
            seats = [r[0] for r in rows]
            status = GROWN
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
                while chunk := f.read(_CHUNK):
                    blob.write(chunk)
        if seats is None or len(seats) != g.n:
            self.db.execute("DELETE FROM game_players WHERE game = ?", (game_id,))
            seats = [self._player_id(p) for p in g.players]
            self.db.executemany(
                "INSERT INTO game_players (game, seat, player) VALUES (?, ?, ?)",
                [(game_id, s, p) for s, p in enumerate(seats)],
            )
        self._insert_hands(game_id, f, name, parsed, seats)
        done = Added(game_id, status, warnings)
        done.table = self._attach_to_table(game_id, g.header.get("tournament"))  # a tournament's table whose game it is
        return done

    def _insert_hands(self, game_id: int, f: BinaryIO, name: str, parsed: _Parsed, seats: list[int]) -> None:
        """The hand table's and the corrections' rows of a game, read from its log ``f`` as a stream;
        ``seats``: the player id of each seat."""
        self.db.executemany(
            "INSERT INTO hands (game, number, hand, corrected, kind, bidder, contract, defense,"
            " bidder_tricks, made, short, whist, tricks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                (
                    game_id,
                    h.number,
                    h.hand,
                    int(h.corrected),
                    h.kind,
                    None if h.bidder is None else seats[h.bidder],
                    h.contract,
                    h.defense,
                    h.bidder_tricks,
                    None if h.made is None else int(h.made),
                    h.short,
                    h.whist,
                    h.tricks,
                )
                for h in _effective(f, name, parsed)
            ),
        )
        if parsed.fixes:
            self.db.executemany(
                "INSERT INTO corrections (game, line, op, number, hand) VALUES (?, ?, ?, ?, ?)",
                ((game_id, *c) for c in _corrections(f)),
            )

    def _sound_bytes(self, game_id: int) -> int:
        """How many leading bytes of a stored log are before its damage (all of them if none)."""
        with self._stored_log(game_id) as f:
            _, r = replay(f)
            f.seek(0, 2)
            return int(r.damage[1]) if r.damage else f.tell()

    def _find(self, name: str) -> int | None:
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

    def _player_id(self, name: str) -> int:
        pid = self._find(name)
        if pid is not None:
            return pid
        return self._insert("players", {"name": nfc(name)})

    def _insert(self, table: str, values: dict[str, Any], more_cols: str = "", more_values: str = "") -> int:
        """Insert a row of ``values`` (and the SQL ``more_cols``, ``more_values``) into ``table``; its id.  The id
        is the largest so far plus one on both backends (SQLite's rowid), so one archive's games have the same
        numbers on both (the writers' lock is held: no other writer takes the same)."""
        if self.pg:
            row = self.db.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}").fetchone()
            values = {"id": int(row[0]), **values}
        cols = ", ".join(values) + more_cols
        marks = ", ".join(":" + k for k in values) + more_values
        cur = self.db.execute(f"INSERT INTO {table} ({cols}) VALUES ({marks})", values)
        if self.pg:
            return int(values["id"])
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    # --- players ------------------------------------------------------------------

    def _player(self, name: str) -> int:
        pid = self._find(name)
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
        with self._tx():
            pid = self._player(old)
            other = self._find(new)
            if other is not None and other != pid:
                raise ArchiveError(f"there is already a player {new!r}: merge the two instead")
            self.db.execute("UPDATE players SET name = ? WHERE id = ?", (nfc(new), pid))

    def merge_players(self, from_name: str, into_name: str) -> None:
        """Every game of ``from_name`` now names ``into_name``; refused if both played in one game."""
        with self._tx():
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

    def _attach_to_table(self, game: int, named: Any = None) -> str | None:
        """Inside ``add_log``'s transaction, the game ``game`` just stored (new or grown): attached to the
        first open table it is the game of (``kitapi_host.tournament.store``'s docstring says when), in one query
        over the open tables of the tournaments of its system; ``"NAME round R table T"``, or None.  ``named``,
        its header's ``tournament`` (a table loaded onto the box, the core's checks passed), is tried first: that
        table, when it is open, of the game's system and players, whatever the box's clock said."""
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

    def games(self) -> list[dict[str, Any]]:
        """Every archived game, oldest first (by the minute of its date, then by number): id, date, device, name,
        rules, players, hands, over, chips...

        ``chips`` is Prefa's net chips (None for the others); ``pool`` and
        ``settlement`` (exact Fractions) are Preferans' (and Balkan's) pools and net
        whists (None for the others); ``kasa``, ``net`` (exact Fractions) and ``share``
        (an early stop's split of the kasa, else None) are prefa_kasa's (None for the others);
        ``pot``, ``stock`` and ``refills`` the pot games' (Austrian, Illustrated, American
        Preference); ``rubbers``, ``individual`` and ``rubber`` (the rubber in play:
        ``partners``, ``games``, ``points``) Priffe's; ``result``: the standings as the core's
        ``result_json`` gives them (``kitapi replay --json``), with the players' current names.
        """
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
                    "chips": res.get("chips"),
                    "pool": res.get("pool"),
                    "settlement": [Fraction(x) for x in res["settlement"]] if "settlement" in res else None,
                    "kasa": res.get("kasa"),
                    "net": [Fraction(x) for x in res["net"]] if "net" in res else None,
                    "share": Fraction(res["share"]) if "share" in res else None,
                    "pot": res.get("pot"),
                    "stock": res.get("stock"),
                    "refills": res.get("refills"),
                    "rubbers": res.get("rubbers"),
                    "individual": res.get("individual"),
                    "rubber": {k: res[k] for k in ("partners", "games", "points")} if "individual" in res else None,
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

    def log(self, game_id: int) -> bytes:
        """The stored log of a game, byte for byte as imported."""
        row = self.db.execute("SELECT log FROM logs WHERE game = ?", (game_id,)).fetchone()
        if row is None:
            raise ArchiveError(f"no game {game_id} in the archive")
        return bytes(row[0])

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
            pid = self._find(player)
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

    def name_players(self, game_id: int, names: list[str]) -> bool:
        """The players of game ``game_id`` seat by seat are ``names`` (players made if missing; one left with no
        game removed): how another archive's renames and merges come with a copied game.  True if it changed."""
        with self._tx():
            old = [
                r[0]
                for r in self.db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (game_id,))
            ]
            if len(old) != len(names):
                raise ArchiveError(f"game {game_id} has {len(old)} players here, not {len(names)}")
            new = [self._player_id(n) for n in names]
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
        pid = self._find(name)
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


def _object(text: Any) -> dict[str, Any]:
    """A stored JSON object (a header, a result), or {} for damaged text: the game still lists, without figures."""
    try:
        v = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return v if isinstance(v, dict) else {}
