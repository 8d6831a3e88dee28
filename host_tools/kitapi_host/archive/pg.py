"""The archive on PostgreSQL (``--db postgresql://...``): a league of venues in one database.

``Archive`` speaks SQLite's dialect (``?`` placeholders, ``:name`` ones, SQLite's types); ``Connection`` here
runs that same portable SQL on PostgreSQL through psycopg 3: the placeholders become psycopg's, ``x''`` an
empty bytea, a literal ``%`` doubled, and each row answers by index and by column name as ``sqlite3.Row``
does.  So a query written once for the archive runs on both (``Archive``'s methods, and any added later).
The schema is SQLite's translated (``ddl``): integers as bigint, blobs as bytea, text compared and sorted
byte by byte (``COLLATE "C"``, SQLite's BINARY), so every answer is the same on both, in the same order.

psycopg is imported only here, and this module only for a ``postgresql://`` URL: SQLite needs nothing
installed.  The URL is checked before anything is asked of the server (``url_fault``: what is wrong, never a
piece of it); a failure of the server is an ``ArchiveError`` of one line, with the URL shown without its password
(``shown``), each failure to connect in its own words (``_connect_fault``: no such host, refused, wrong password,
no such database, no answer).

A league that shares its database with another program keeps the archive in a schema of its own, named in the
URL: ``?options=-csearch_path%3Dkitapi`` (``Connection.schema``, ``wanted_schema``).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

URL_SCHEMES = ("postgresql://", "postgres://")

# psycopg tells what it ignored while closing a broken connection (``error ignored terminating <psycopg.Pipeline
# [BAD]>``, an executemany's pipeline when the server died mid-write) through its logger: with no handler of its
# own, Python's last resort would print it on stderr before the one line that says what happened.
logging.getLogger("psycopg").addHandler(logging.NullHandler())


def is_url(db: object) -> bool:
    """``db`` (a ``--db``) names a PostgreSQL database, not an SQLite file."""
    return isinstance(db, str) and db.startswith(URL_SCHEMES)


_PORT = re.compile(r"(?:\[[^\[\]]*\]|[^:\[\]]*)(?::([^:]*))?\Z")  # host[:port], [v6][:port]


def url_fault(url: str) -> str | None:
    """What is wrong with the PostgreSQL URL ``url``, in words that quote no piece of it (a piece may be the
    password's), or None: a URL libpq will read as it is meant.  The usual fault is a password typed as it is,
    whose ``@``, ``/``, ``?``, ``#`` or ``%`` then ends the password early: libpq would take the rest for the host
    and name it (``kitapi:***@...`` then half the password) in its message."""
    rest = url.partition("://")[2]
    cut = re.search(r"[/?]", rest)
    netloc, tail = (rest[: cut.start()], rest[cut.start() :]) if cut else (rest, "")
    encode = "percent-encode it (@ as %40, / as %2F, ? as %3F, # as %23, % as %25, : as %3A)"
    if "#" in rest:
        return f"a # in the URL (in the password?): {encode}"
    if netloc.count("@") > 1:
        return f"an @ in the user name or password: {encode}"
    if "@" in tail:
        return f"an @ after the host name (a / or ? in the password?): {encode}"
    if re.search(r"%(?![0-9A-Fa-f]{2})", rest):
        return f"a % not followed by two hex digits (in the password?): {encode}"
    for host in netloc.rpartition("@")[2].split(","):
        m = _PORT.match(host)
        if m is None:
            return "a host name that is not one (an IPv6 address goes in [ ])"
        port = m.group(1)
        if port is not None and not (port.isdigit() and 0 < int(port) < 65536):
            why = "" if "@" in netloc else " (a : or / in the password?)"
            return f"the port is not a number from 1 to 65535{why}: {encode}"
    return None


def shown(url: str) -> str:
    """``url`` with its password (if any) as ``***``, in the user part or a ``password=`` parameter: what a
    message may show (of a URL ``url_fault`` passes: another may hide a piece of its password where a URL
    does not say it)."""
    try:
        u = urlsplit(url)
        if "password" in u.query:
            u = u._replace(
                query="&".join(
                    f"{k}=***" if unquote(k) == "password" else q
                    for q in u.query.split("&")
                    for k in [q.partition("=")[0]]
                )
            )
        if u.password is None:
            return urlunsplit(u) if "password" in u.query else url
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


def _params(query: str) -> list[tuple[str, str]]:
    """The ``key=value`` parameters of a URL's query (the keys decoded, the values as written)."""
    return [(unquote(k), v) for q in query.split("&") for k, _, v in [q.partition("=")] if q]


# libpq's and the server's words for a connection that could not be made -> what the user is told
_CONNECT_FAULTS = (
    (
        re.compile(r"(?:failed to resolve host|could not translate host name) ['\"]([^'\"]*)['\"]"),
        "no such database server: the host name {0} is not known (check the URL's host)",
    ),
    (
        re.compile(r"connection to server at \"([^\"]*)\", port (\d+) failed: Connection refused"),
        "the database server {0} refused the connection on port {1}: is PostgreSQL running there, on that port?",
    ),
    (
        re.compile(r"connection to server on socket \"([^\"]*)\" failed: (?:No such file|Connection refused)"),
        "no database server listens on the socket {0}: is PostgreSQL running on this machine?",
    ),
    (
        re.compile(r"password authentication failed for user \"([^\"]*)\""),
        'the database server refused the login: wrong password for the user "{0}" (or no such user)',
    ),
    (
        re.compile(r"no password supplied"),
        "the database server wants a password and the URL gives none (postgresql://USER:PASSWORD@HOST/DB)",
    ),
    (
        re.compile(r"database \"([^\"]*)\" does not exist"),
        'the database server has no database "{0}" (make it first: createdb, or CREATE DATABASE)',
    ),
    (re.compile(r"role \"([^\"]*)\" does not exist"), 'the database server has no user "{0}"'),
    (re.compile(r"no pg_hba\.conf entry"), "the database server does not let this user in from here (pg_hba.conf)"),
    (re.compile(r"timeout expired"), "the database server did not answer within {wait} s"),
)


def _connect_fault(text: str, wait: int) -> str:
    """The line that says why a connection failed, from libpq's first line ``text``."""
    for pattern, words in _CONNECT_FAULTS:
        m = pattern.search(text)
        if m:
            return words.format(*m.groups(), wait=wait)
    return f"cannot connect to the database ({text})"


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


@functools.lru_cache(maxsize=256)
def _row_class(keys: tuple[str, ...]) -> type[Row]:
    """The Row class of a result with these columns (made once: a class a statement cost 40 us)."""
    return type("Row", (Row,), {"_names": {k: i for i, k in enumerate(keys)}, "_keys": list(keys)})


def _row_factory(cursor: Any) -> Any:
    desc = cursor.description
    if desc is None:
        return tuple
    cls = _row_class(tuple(d.name for d in desc))

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

        fault = url_fault(url)
        if fault is not None:  # (the URL is not shown: where it is malformed, a piece of the password may show)
            raise ArchiveError(f"{url.partition('://')[0]}://...: not a database URL: {fault}")
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
        wait = max(1, int(min(timeout, 30)) or 10)
        try:
            self.conn = psycopg.connect(url, autocommit=True, row_factory=_row_factory, connect_timeout=wait)
        except psycopg.Error as e:
            raise self._error(f"{self.where}: {self._hidden(_connect_fault(self._first_line(e), wait))}") from None
        except ValueError as e:  # (psycopg refuses some URLs before it asks libpq)
            raise ArchiveError(f"{self.where}: not a database URL ({self._hidden(str(e))})") from None
        try:
            self.conn.execute("SET client_encoding = 'UTF8'")
            # a writer waits for another (Archive.transaction's lock) as long as SQLite's busy timeout
            self.conn.execute(f"SET lock_timeout = {int(timeout * 1000)}")
        except psycopg.Error as e:
            self.conn.close()
            raise self._fail(e) from None

    @staticmethod
    def _first_line(e: BaseException) -> str:
        return " ".join(str(e).split("\n", 1)[0].split()) or type(e).__name__

    def _hidden(self, text: str) -> str:
        """``text`` with the URL as ``shown`` and its password (written or percent-decoded) as ``***``."""
        text = text.replace(self.url, self.where)
        try:
            u = urlsplit(self.url)
            passwords = [u.password or "", *(v for k, v in _params(u.query) if k == "password")]
        except ValueError:
            passwords = [self.url.partition("://")[2].rpartition("@")[0].partition(":")[2]]
        for password in passwords:
            for form in {password, unquote(password)}:
                if form:
                    text = text.replace(form, "***")
        return text

    def _fail(self, e: BaseException) -> Exception:
        """What went wrong, one line: the first of the server's (or libpq's) lines."""
        text = self._hidden(self._first_line(e))
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

    def schema(self) -> str | None:
        """The schema the archive's tables are in (or go in): the first of the search path that exists; None
        when the search path names none that does (the URL's ``options=-csearch_path%3DNAME``, not made yet)."""
        name: str | None = self.execute("SELECT current_schema()").fetchone()[0]
        return name

    def wanted_schema(self) -> str:
        """The first schema the search path names (``"$user"``: the user's own), the one to make when none of
        them exists."""
        path = self.execute("SELECT current_setting('search_path'), current_user").fetchone()
        first = re.match(r'\s*("(?:[^"]|"")*"|[^,]*)', path[0])
        name = first.group(1).strip() if first else ""
        name = name[1:-1].replace('""', '"') if name.startswith('"') else name.lower()
        return str(path[1]) if name == "$user" else name

    def make_schema(self, name: str) -> None:
        """Make the schema ``name`` if it is not there (the URL's search path names it)."""
        from psycopg import sql

        try:
            self.conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(name)))
        except self._psycopg.Error as e:
            raise self._fail(e) from None

    @property
    def in_transaction(self) -> bool:
        return bool(self.conn.info.transaction_status != self._psycopg.pq.TransactionStatus.IDLE)

    def close(self) -> None:
        self.conn.close()
