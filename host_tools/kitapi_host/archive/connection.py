"""The archive's database opened: an SQLite file or a PostgreSQL URL, made, recognised and brought up to date
(``kitapi_host.archive.schema``), its transactions and its stored logs; where it is by default, and what keeps
it from being used, in one line."""

from __future__ import annotations

import io
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO, Self, TypeVar

from kitapi_host.archive.errors import ArchiveError, NoArchive
from kitapi_host.archive.parse import CHUNK, BlobIO, insert_hands, parse_log
from kitapi_host.archive.schema import (
    APPLICATION_ID,
    MIGRATIONS,
    OWN_TABLES,
    READ_AS_IS,
    REFILL_BELOW,
    SCHEMA,
    SCHEMA_VERSION,
    statements,
)


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


def _pg_ddl(stmt: str) -> str:
    from kitapi_host.archive.pg import ddl

    return ddl(stmt)


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def busy_timeout() -> float:
    """Seconds a writer waits for another kitapi writing to the archive: ``$KITAPI_BUSY_TIMEOUT``, else 30."""
    try:
        return max(0.0, float(os.environ.get("KITAPI_BUSY_TIMEOUT", "")))
    except ValueError:
        return 30.0


# A batch (Connection.batch) of many writes: its one commit was half the time of adding a small game alone (SQLite's
# fsync); a batch is ended by the first of these, so another kitapi waiting to write waits no longer
BATCH = 100
BATCH_SECONDS = 1.0
T = TypeVar("T")


class Connection:
    """The archive's database (``kitapi_host.archive.db.Archive`` says how it is opened and shared)."""

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
        # transactions are explicit (transaction)
        self.db = self._connect(create)
        self.db.row_factory = sqlite3.Row
        try:
            self.db.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            # before anything is written: another program's file is left as it is
            self._unmarked = self._recognise()
            if not create and self.schema_version() is None:  # (an empty file: no archive yet)
                raise NoArchive(f"{self.path}: no archive here (kitapi archive add or kitapi sync make one)")
            self.db.execute("PRAGMA foreign_keys = ON")
            if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                try:
                    self.db.execute("PRAGMA journal_mode = WAL")  # kept in the file: once for each archive
                except sqlite3.OperationalError:
                    pass  # busy: the next kitapi will
            if self.schema_version() != SCHEMA_VERSION:  # a read: no write lock unless there is something to do
                try:
                    with self.transaction():
                        version = self.schema_version()
                        self._bring_up(version)
                        if version is None:
                            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                            self._unmarked = False
                except sqlite3.OperationalError as e:  # (a reader of an older archive on a read-only disk: as it is)
                    if create or "readonly" not in str(e) or (self.schema_version() or 0) < READ_AS_IS:
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
            version = self.schema_version()
            if version == SCHEMA_VERSION:
                return
            schema = self.db.schema()
            if version is None and not create:
                self._foreign(schema)
                version = self.schema_version()  # (another kitapi may have just made it)
                if version is None:
                    where = f"schema {schema or self.db.wanted_schema()} of " if schema != "public" else ""
                    raise NoArchive(
                        f"{self.path}: no Kitapi archive in {where}this database (kitapi archive add or kitapi sync"
                        " make one)"
                    )
                if version == SCHEMA_VERSION:
                    return
            with self.transaction():
                if schema is None:  # (the URL's search path names a schema that is not there yet)
                    self.db.make_schema(self.db.wanted_schema())
                    schema = self.db.schema()
                version = self.schema_version()
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
        if tables and self.schema_version() is None:  # (not the archive another kitapi made meanwhile)
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
            for stmt in statements(SCHEMA):
                self.db.execute(ddl(stmt))
            self.db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
        elif version in MIGRATIONS:
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
        if app == 0 and OWN_TABLES <= tables:
            return True  # an archive of an earlier kitapi
        what = f"application_id {app:#x}" if app else "tables " + ", ".join(sorted(tables)[:4])
        more = ", ..." if not app and len(tables) > 4 else ""
        raise ArchiveError(
            f"{self.path}: not a Kitapi archive: another program's SQLite database ({what}{more}); left as it is"
        )

    def schema_version(self) -> int | None:
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

        The tables change as ``MIGRATIONS`` says, and the hand table is filled
        again from every stored log, through the core, as ``add_log`` fills it.
        A stored log the core no longer accepts stops the migration: nothing is
        changed, and the archive stays as it was for the kitapi that made it.
        """
        refill = version < REFILL_BELOW
        while version != SCHEMA_VERSION:
            for stmt in MIGRATIONS[version]:
                self.db.execute(_pg_ddl(stmt) if self.pg else stmt)
            version += 1
        rows = self.db.execute("SELECT id, name FROM games ORDER BY id").fetchall() if refill else []
        for r in rows:
            with self._stored_log(r["id"]) as f:
                try:
                    parsed = parse_log(f, r["name"])
                    seats = [
                        s[0]
                        for s in self.db.execute(
                            "SELECT player FROM game_players WHERE game = ? ORDER BY seat", (r["id"],)
                        )
                    ]
                    self.db.execute("DELETE FROM hands WHERE game = ?", (r["id"],))
                    insert_hands(self.db, r["id"], f, r["name"], parsed, seats)
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
            yield io.BufferedReader(BlobIO(blob), CHUNK)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    _batch = False  # inside batch(): each transaction() is a savepoint of the batch's one transaction
    _tables_known: bool | None = None  # inside batch(): a tournament's table waits for its game (None: not asked)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Many writes in one transaction (``kitapi archive add`` of many files, ``archive copy``): each ``transaction``
        inside it (each ``add_log``) is a savepoint, so one that fails (a bad log) undoes only itself; at the end
        everything is written, or nothing.  The commit is most of the time of adding a small game one by one
        (SQLite's fsync of its WAL, PostgreSQL's round trips and flush of its own): a batch pays it once.  Nested,
        it is the batch already open."""
        if self._batch:
            yield
            return
        with self.transaction():
            self._batch = True
            self._tables_known = None
            try:
                yield
            finally:
                self._batch = False

    def in_batches(self, items: Iterable[T], work: Callable[[T], object], done: Callable[[], object] = tuple) -> None:
        """``work(item)`` for each of ``items`` in batches (``batch()``: up to ``BATCH`` items, or as many as
        ``BATCH_SECONDS`` take, so that another kitapi waiting to write waits no longer), ``done()`` once each
        batch is written.  What ``work`` raises ends it: the items before it written (and ``done()``), then
        raised, as when each write was a transaction of its own (each ``add_log``, each ``name_players`` is a
        savepoint: undone whole if it fails)."""
        rest = iter(items)
        end = False
        while not end:
            error: Exception | None = None
            with self.batch():
                start = time.monotonic()
                for n, item in enumerate(rest, 1):
                    try:
                        work(item)
                    except Exception as e:
                        error = e
                        break
                    if n == BATCH or time.monotonic() - start > BATCH_SECONDS:
                        break
                else:
                    end = True
                if error is not None and not self.db.in_transaction:
                    raise error  # (SQLite ended the batch's transaction itself, a full disk: none of it written)
            done()
            if error is not None:
                raise error

    @contextmanager
    def _savepoint(self) -> Iterator[None]:
        """Inside ``batch()``'s transaction: what is written in it is kept, or undone alone if it fails."""
        self.db.execute("SAVEPOINT kitapi")
        try:
            yield
        except BaseException:
            if self.db.in_transaction:  # (SQLite may have ended the whole transaction itself: a full disk)
                try:
                    self.db.execute("ROLLBACK TO SAVEPOINT kitapi")
                    self.db.execute("RELEASE SAVEPOINT kitapi")
                except (sqlite3.Error, ArchiveError):
                    pass
            raise
        self.db.execute("RELEASE SAVEPOINT kitapi")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction: everything in it is written, or nothing.  One writer at a time, as SQLite's BEGIN
        IMMEDIATE: on PostgreSQL an advisory lock held to the transaction's end (lock_timeout: busy_timeout()).
        Inside ``batch()``: a savepoint of the batch's transaction."""
        if self._batch:
            with self._savepoint():
                yield
            return
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

    def log(self, game_id: int) -> bytes:
        """The stored log of a game, byte for byte as imported."""
        row = self.db.execute("SELECT log FROM logs WHERE game = ?", (game_id,)).fetchone()
        if row is None:
            raise ArchiveError(f"no game {game_id} in the archive")
        return bytes(row[0])
