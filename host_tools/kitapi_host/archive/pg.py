"""The archive on PostgreSQL (``--db postgresql://...``): a league of venues in one database.

``Archive`` speaks SQLite's dialect (``?`` placeholders, ``:name`` ones, SQLite's types); ``Connection`` here
runs that same portable SQL on PostgreSQL through psycopg 3: the placeholders become psycopg's, ``x''`` an
empty bytea, a literal ``%`` doubled, and each row answers by index and by column name as ``sqlite3.Row``
does.  So a query written once for the archive runs on both (``Archive``'s methods, and any added later).
The schema is SQLite's translated (``ddl``): integers as bigint, blobs as bytea, text compared and sorted
byte by byte (``COLLATE "C"``, SQLite's BINARY), so every answer is the same on both, in the same order.

psycopg is imported only here, and this module only for a ``postgresql://`` URL: SQLite needs nothing
installed.  A failure of the server (down, a bad URL, a refused login) is an ``ArchiveError`` of one line,
with the URL shown without its password.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(db: object) -> bool:
    """``db`` (a ``--db``) names a PostgreSQL database, not an SQLite file."""
    return isinstance(db, str) and db.startswith(URL_SCHEMES)


def shown(url: str) -> str:
    """``url`` with its password (if any) as ``***``: what a message may show."""
    try:
        u = urlsplit(url)
        if u.password is None:
            return url
        host = u.netloc.rpartition("@")[2]
        return urlunsplit(u._replace(netloc=f"{u.username or ''}:***@{host}"))
    except ValueError:  # (a URL urlsplit cannot take apart: everything between the user and the last @ hidden)
        scheme, _, rest = url.partition("://")
        auth, at, host = rest.rpartition("@")
        if not at or ":" not in auth:
            return url
        return f"{scheme}://{auth.partition(':')[0]}:***@{host}"


@functools.lru_cache(maxsize=256)
def _placeholders(sql: str) -> str:
    """SQLite's ``?`` and ``:name`` as psycopg's ``%s`` and ``%(name)s``, ``%`` as ``%%``, ``x''`` as an empty
    bytea; string literals and ``--`` comments left as they are."""
    out = []
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c == "'":  # a literal, to its closing quote ('' inside it is a quote)
            j = i + 1
            while j < n:
                if sql[j] == "'":
                    if j + 1 < n and sql[j + 1] == "'":
                        j += 2
                        continue
                    break
                j += 1
            out.append(sql[i : j + 1].replace("%", "%%"))
            i = j + 1
        elif c == "-" and sql.startswith("--", i):
            j = sql.find("\n", i)
            j = n if j < 0 else j
            out.append(sql[i:j].replace("%", "%%"))
            i = j
        elif c in "xX" and sql.startswith("''", i + 1) and (i == 0 or not (sql[i - 1].isalnum() or sql[i - 1] == "_")):
            out.append("''::bytea")
            i += 3
        elif c == "?":
            out.append("%s")
            i += 1
        elif c == ":" and i + 1 < n and (sql[i + 1].isalpha() or sql[i + 1] == "_") and not sql.startswith("::", i - 1):
            m = re.compile(r"\w+").match(sql, i + 1)
            assert m is not None
            out.append(f"%({m.group()})s")
            i = m.end()
        elif c == "%":
            out.append("%%")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


_DDL = (
    (re.compile(r"\bid INTEGER PRIMARY KEY\b"), "id BIGINT PRIMARY KEY"),  # (Archive gives each new row MAX + 1)
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bBLOB\b"), "BYTEA"),
    (re.compile(r"\bTEXT\b"), 'TEXT COLLATE "C"'),
)


def ddl(stmt: str) -> str:
    """A statement of the archive's SQLite schema as PostgreSQL's."""
    for pattern, repl in _DDL:
        stmt = pattern.sub(repl, stmt)
    return stmt


_CHANGES = ("INSERT", "UPDATE", "DELETE")


class Row(tuple[Any, ...]):
    """A row as ``sqlite3.Row``: by index, by column name, ``keys()``."""

    _names: dict[str, int]
    _keys: list[str]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._names[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return self._keys


def _row_factory(cursor: Any) -> Any:
    desc = cursor.description
    if desc is None:
        return tuple
    keys = [d.name for d in desc]
    cls: type[Row] = type("Row", (Row,), {"_names": {k: i for i, k in enumerate(keys)}, "_keys": keys})

    def make(values: Sequence[Any]) -> Row:
        return cls(values)

    return make


class Connection:
    """A psycopg connection that takes the archive's SQLite-dialect SQL (see the module's docstring).

    Autocommit, as ``Archive`` runs SQLite (``isolation_level=None``): a statement outside ``BEGIN`` ...
    ``COMMIT`` is its own transaction.  Every psycopg error is an ``ArchiveError`` of one line naming the
    database (``shown``)."""

    def __init__(self, url: str, timeout: float) -> None:
        from kitapi_host.archive.errors import ArchiveError

        self.url = url
        self.where = shown(url)
        self._error = ArchiveError
        try:
            import psycopg
        except ImportError:
            raise ArchiveError(
                f"{self.where}: PostgreSQL needs psycopg: install kitapi[postgresql] (or pip install 'psycopg[binary]')"
            ) from None
        self._psycopg = psycopg
        try:
            self.conn = psycopg.connect(
                url, autocommit=True, row_factory=_row_factory, connect_timeout=max(1, int(min(timeout, 30)) or 10)
            )
        except psycopg.Error as e:
            raise self._fail(e) from None
        except ValueError as e:  # (psycopg refuses some URLs before it asks libpq)
            raise ArchiveError(f"{self.where}: not a database URL ({e})") from None
        try:
            self.conn.execute("SET client_encoding = 'UTF8'")
            # a writer waits for another (Archive._tx's lock) as long as SQLite's busy timeout
            self.conn.execute(f"SET lock_timeout = {int(timeout * 1000)}")
        except psycopg.Error as e:
            self.conn.close()
            raise self._fail(e) from None

    def _fail(self, e: BaseException) -> Exception:
        """What went wrong, one line: the first of the server's (or libpq's) lines."""
        text = " ".join(str(e).split("\n", 1)[0].split()) or type(e).__name__
        text = text.replace(self.url, self.where)
        try:
            password = urlsplit(self.url).password
        except ValueError:
            password = self.url.partition("://")[2].rpartition("@")[0].partition(":")[2]
        if password:
            text = text.replace(password, "***")
        psycopg = self._psycopg
        if isinstance(e, psycopg.errors.LockNotAvailable):
            text = "the archive is busy: another kitapi kept writing to it; nothing was written, try again"
        elif isinstance(e, psycopg.OperationalError) and not text.startswith("connection"):
            text = f"the connection to the database was lost ({text})"
        return self._error(f"{self.where}: {text}")

    total_changes = 0  # rows inserted, updated or deleted through this connection (as sqlite3's)

    def execute(self, sql: str, params: Any = ()) -> Any:
        try:
            cur = self.conn.execute(_placeholders(sql), params or None)
        except self._psycopg.Error as e:
            raise self._fail(e) from None
        if sql.lstrip()[:6].upper() in _CHANGES and cur.rowcount > 0:
            self.total_changes += cur.rowcount
        return cur

    def executemany(self, sql: str, rows: Iterable[Any]) -> Any:
        try:
            with self.conn.cursor() as cur:
                cur.executemany(_placeholders(sql), rows)
        except self._psycopg.Error as e:
            raise self._fail(e) from None
        if cur.rowcount > 0:
            self.total_changes += cur.rowcount
        return cur

    def rows(self, sql: str, params: Any = ()) -> Iterator[Any]:
        yield from self.execute(sql, params)

    @property
    def in_transaction(self) -> bool:
        return bool(self.conn.info.transaction_status != self._psycopg.pq.TransactionStatus.IDLE)

    def close(self) -> None:
        self.conn.close()
