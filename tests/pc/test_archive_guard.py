"""What the archive never does (issue 32, items 5 to 7): a read or a web page makes no archive, a PostgreSQL
database of another program is left alone (a schema of Kitapi's own named in the URL instead), and a URL or a
server that fails is one line that says which, never a piece of the password.  The real ``kitapi`` command, a
real ``kitapi serve`` over real sockets, SQLite and the tests' PostgreSQL server."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

import forkrun
from kitapi_host.archive.db import Archive
from kitapi_host.logs import gen
from testkit import KITAPI, ROOT, wait_until

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"


def kitapi(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The ``kitapi`` command (a process of its own), its output as text; ``serve``: 60 s at most (one that
    should have refused to start would serve: the test fails)."""
    return forkrun.run(list(args), text=True, timeout=60 if "serve" in args else None)


def one_line(out: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """The run ended with ``status``, nothing on stdout, one line on stderr (no traceback): that line."""
    assert out.returncode == status and out.stdout == "", (out.returncode, out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and out.stderr.endswith("\n") and "Traceback" not in out.stderr, out.stderr
    return out.stderr


def pg_tables(url: str) -> set[str]:
    """Every table of the database at ``url``, as ``schema.table`` (the system's aside)."""
    with psycopg.connect(url, autocommit=True) as c:
        rows = c.execute(
            "SELECT schemaname || '.' || tablename FROM pg_tables"
            " WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
        ).fetchall()
        return {r[0] for r in rows}


def pg_schemas(url: str) -> set[str]:
    with psycopg.connect(url, autocommit=True) as c:
        rows = c.execute("SELECT nspname FROM pg_namespace WHERE nspname !~ '^(pg_|information_schema)'").fetchall()
        return {r[0] for r in rows}


def nothing_made(db: str) -> None:
    """No archive was made at ``db``: no file (nor its folder's -wal, -shm), or no table in the database."""
    if db.startswith("postgresql://"):
        assert pg_tables(db) == set()
    else:
        assert not list(Path(db).parent.glob(Path(db).name + "*"))


# --- 5. a read, or a web page, never makes an archive ------------------------------------------------------------

READS = (
    ("games",),
    ("games", "--json"),
    ("show", "1"),
    ("stats",),
    ("stats", "Anna"),
    ("players", "list"),
    ("players", "rename", "Anna", "Zoe"),
    ("players", "merge", "Anna", "Zoe"),
    ("export", "1", "-f", "csv"),
    ("serve", "--port", "0", "--no-browser"),
)


def test_a_command_that_reads_makes_no_archive(tmp_path: Path, db: str) -> None:
    """No archive at ``--db`` (an SQLite file that is not there, a PostgreSQL database with no table): every
    command that reads it, ``serve`` too, says so in one line and exits 2, and nothing is made (before: an
    empty archive was made, a file with its folder or the tables, and ``games`` said it held no games)."""
    if not db.startswith("postgresql://"):
        db = str(tmp_path / "club" / "archive.sqlite3")  # (its folder is not there either)
    for args in READS:
        err = one_line(kitapi(*args, "--db", db))
        assert err.startswith(f"{db}: no archive here") or err.startswith(f"{db}: no Kitapi archive in this"), err
        nothing_made(db)
        assert not (tmp_path / "club").exists()
    out = kitapi("archive", "add", "--db", db, SAMPLE)  # what makes one: archive add (and sync, archive copy's TO)
    assert out.returncode == 0 and out.stdout.endswith(" game 1 new\n"), out.stderr
    assert kitapi("games", "--db", db).returncode == 0


def test_an_empty_sqlite_file_is_no_archive_to_read(tmp_path: Path) -> None:
    """An empty file (0 bytes: what ``touch`` makes) is no archive to read either: left as it is."""
    empty = tmp_path / "archive.sqlite3"
    empty.touch()
    for args in (("games",), ("serve", "--port", "0", "--no-browser")):
        assert "no archive here" in one_line(kitapi(*args, "--db", empty))
    assert empty.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["archive.sqlite3"]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@pytest.fixture
def serving(db: str) -> Iterator[tuple[str, str]]:
    """``kitapi serve`` on an archive of one game at ``db`` (either backend): (db, the server's URL)."""
    where = db if db.startswith("postgresql://") else Path(db)
    with Archive(where) as a:
        a.add_log(SAMPLE.read_bytes(), "file", "sample")
    p = subprocess.Popen(
        [*KITAPI, "serve", "--db", db, "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert p.stdout is not None
        line = p.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert m, line + (p.stderr.read() if p.stderr and p.poll() is not None else "")
        yield db, m.group()
    finally:
        p.terminate()
        assert wait_until(lambda: p.poll() is not None)
        p.communicate()


GONE = {
    "en": "The archive is missing",
    "el": "Το αρχείο παρτίδων λείπει",
    "ru": "Архива партий нет на месте",
}


def test_a_page_while_the_archive_is_gone_says_so_and_writes_nothing(serving: tuple[str, str], tmp_path: Path) -> None:
    """The archive removed under a running ``kitapi serve`` (the SQLite file and its -wal and -shm deleted; the
    PostgreSQL tables dropped): every page answers 503 saying so in its language, and nothing is made again (before:
    the next GET made a new, empty archive and showed it); the archive back, the pages are back."""
    db, url = serving
    assert _get(url)[0] == 200 and _get(url + "game/1")[0] == 200
    if db.startswith("postgresql://"):
        with psycopg.connect(db, autocommit=True) as c:
            c.execute("DROP SCHEMA public CASCADE")
            c.execute("CREATE SCHEMA public")
    else:
        kept = tmp_path / "kept.sqlite3"
        with Archive(Path(db)) as a:  # (a copy of the archive, to put back)
            a.db.execute("VACUUM INTO ?", (str(kept),))
        for p in Path(db).parent.glob(Path(db).name + "*"):
            p.unlink()
    for lang, words in GONE.items():
        for page in ("", "game/1", "players", "player/Anna", "stats/Anna", "game/1/download/log"):
            status, body = _get(f"{url}{page}?lang={lang}")
            assert status == 503 and words in body, (lang, page, status, body[:500])
        nothing_made(db)
    if db.startswith("postgresql://"):
        with Archive(db) as a:
            a.add_log(SAMPLE.read_bytes(), "file", "sample")
    else:
        shutil.copy(kept, db)
    status, body = _get(url + "game/1")
    assert status == 200 and "Anna" in body


# --- 6. another program's PostgreSQL database ---------------------------------------------------------------------


@pytest.fixture
def shop(pg_url: str) -> str:
    """A PostgreSQL database of another program: its table ``orders`` with a row."""
    with psycopg.connect(pg_url, autocommit=True) as c:
        c.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT)")
        c.execute("INSERT INTO orders VALUES (1, 'coffee')")
    return pg_url


def test_a_database_of_another_program_is_refused_and_left_as_it_is(shop: str, tmp_path: Path) -> None:
    """Every command, the writers too, refuses a database that holds another program's tables (``orders``): one
    line naming them, exit 2, not a table made (before: Kitapi's tables were made beside ``orders``)."""
    club = tmp_path / "club.sqlite3"
    with Archive(club) as a:
        a.add_log(SAMPLE.read_bytes(), "file", "sample")
    runs = [(*args, "--db", shop) for args in READS]
    runs += [("archive", "add", "--db", shop, str(SAMPLE)), ("archive", "copy", str(club), shop)]
    for args in runs:
        err = one_line(kitapi(*args))
        assert "not a Kitapi archive: tables orders of another program in schema public; left as they are" in err
        assert pg_tables(shop) == {"public.orders"}, args
    with psycopg.connect(shop) as c:
        assert c.execute("SELECT * FROM orders").fetchall() == [(1, "coffee")]


def test_a_schema_of_its_own_in_a_shared_database(shop: str) -> None:
    """``?options=-csearch_path%3Dkitapi``: the archive in the schema ``kitapi``, made by the first command that
    writes (never by one that reads), beside ``orders``, which nothing touches; every command then reads it."""
    url = f"{shop}?options=-csearch_path%3Dkitapi"
    for args in (("games",), ("serve", "--port", "0", "--no-browser"), ("players", "list")):
        err = one_line(kitapi(*args, "--db", url))
        assert err.startswith(f"{url}: no Kitapi archive in schema kitapi of this database (kitapi archive add"), err
    assert "kitapi" not in pg_schemas(shop) and pg_tables(shop) == {"public.orders"}
    out = kitapi("archive", "add", "--db", url, SAMPLE)
    assert out.returncode == 0 and out.stdout.endswith(" game 1 new\n"), out.stderr
    assert pg_tables(shop) - {"public.orders"} == {
        f"kitapi.{t}"
        for t in ("schema_version", "players", "games", "logs", "game_players", "hands", "corrections")
        + ("tournaments", "tournament_players", "tournament_tables", "tournament_detached")
    }
    out = kitapi("games", "--db", url, "--json")
    assert out.returncode == 0 and '"players": ["Anna", "Babis", "Costas"]' in out.stdout
    with Archive(url, create=False) as a:
        assert [g["id"] for g in a.games()] == [1]
    with psycopg.connect(shop) as c:
        assert c.execute("SELECT * FROM orders").fetchall() == [(1, "coffee")]


# --- 7. messages that help and hide the password ---------------------------------------------------------------


SECRET = ("Xq7", "Zw9")  # the pieces of the password, on each side of the character that ends it early


def test_a_malformed_url_is_refused_without_a_piece_of_the_password(pg_server: str) -> None:
    """A password typed as it is, whose ``@``, ``/``, ``#`` or ``%`` ends it early (before: libpq read the rest as
    the host and named it, ``kitapi:***@...`` then ``Zw9@127.0.0.1``), or a port that is not one: refused before
    anything is asked of the server, one line that says what is wrong, no piece of the password."""
    hostport = pg_server.split("@", 1)[1].rsplit("/", 1)[0]
    a, b = SECRET
    cases = (
        (f"postgresql://kitapi:{a}@{b}@{hostport}/league", "an @ in the user name or password"),
        (f"postgresql://kitapi:{a}/{b}@{hostport}/league", "an @ after the host name"),
        (f"postgresql://kitapi:{a}?{b}@{hostport}/league", "an @ after the host name"),
        (f"postgresql://kitapi:{a}#{b}@{hostport}/league", "a # in the URL"),
        (f"postgresql://kitapi:{a}%{b}@{hostport}/league", "a % not followed by two hex digits"),
        (f"postgresql://kitapi:{a}{b}@127.0.0.1:port/league", "the port is not a number from 1 to 65535"),
        (f"postgresql://kitapi:{a}{b}@127.0.0.1:99999/league", "the port is not a number from 1 to 65535"),
        (f"postgres://kitapi:{a}{b}@[::1/league", "a host name that is not one"),
    )
    for url, says in cases:
        for args in (("games", "--db", url), ("archive", "add", "--db", url, str(SAMPLE))):
            err = one_line(kitapi(*args))
            assert err.startswith(url.partition("://")[0] + "://...: not a database URL: " + says), err
            assert a not in err and b not in err and ("%40" in err or "IPv6" in err), err


def write(c: psycopg.Connection[tuple[object, ...]], path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path`` of the server's machine, as the server (a superuser's lo_export)."""
    oid = c.execute("SELECT lo_from_bytea(0, %s)", (data,)).fetchone()[0]  # type: ignore[index]
    c.execute("SELECT lo_export(%s, %s), lo_unlink(%s)", (oid, path, oid))


@pytest.fixture
def with_password(pg_server: str, pg_url: str) -> Iterator[str]:
    """A user ``kitapi_pw`` of the tests' server who must give his password (scram-sha-256): a line of its own
    put first in the server's pg_hba.conf (written by the server itself, a superuser's lo_export), every other
    login as it was (trust); the file as it was, and the user gone, after the test.  His URL (of ``pg_url``'s new
    database), with no password."""
    name = f"pw_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_server, autocommit=True) as c:
        hba = c.execute("SHOW hba_file").fetchone()[0]
        before = c.execute("SELECT pg_read_binary_file(%s)", (hba,)).fetchone()[0]
        c.execute(f"CREATE ROLE {name} LOGIN PASSWORD 'right-one'")
        line = f"host all {name} 127.0.0.1/32 scram-sha-256\n".encode()
        write(c, hba, line + bytes(before))
        c.execute("SELECT pg_reload_conf()")
    url = pg_url.replace("kitapi@", f"{name}@")  # (a new database: no archive in it)

    def asks() -> bool:
        try:
            psycopg.connect(url, connect_timeout=5).close()
            return False
        except psycopg.OperationalError:
            return True

    try:
        assert wait_until(asks), "the server did not read its new pg_hba.conf"
        yield url
    finally:
        with psycopg.connect(pg_server, autocommit=True) as c:
            write(c, hba, bytes(before))
            c.execute("SELECT pg_reload_conf()")
            c.execute(f"DROP ROLE {name}")


def test_each_failure_to_connect_has_its_own_line(pg_server: str, with_password: str) -> None:
    """An unknown host (before: "the connection to the database was lost"), a refused connection, a wrong
    password, no password, a missing database: each its own words, one line, the password as ``***``."""
    user = with_password.split("//", 1)[1].split("@", 1)[0]
    right = with_password.replace(f"{user}@", f"{user}:right-one@")
    # the password right, the server lets him in (his database holds no archive)
    assert "no Kitapi archive in this database" in one_line(kitapi("games", "--db", right))
    secret = "".join(SECRET)
    server = pg_server.rpartition("/")[0].replace("kitapi@", f"kitapi:{secret}@")
    cases = (
        (
            f"postgresql://kitapi:{secret}@nosuchhost.invalid/league",
            "no such database server: the host name nosuchhost.invalid is not known (check the URL's host)",
        ),
        (
            f"postgresql://kitapi:{secret}@127.0.0.1:1/league",
            "the database server 127.0.0.1 refused the connection on port 1: is PostgreSQL running there",
        ),
        (
            right.replace(":right-one@", f":{secret}@"),
            f'the database server refused the login: wrong password for the user "{user}"',
        ),
        (with_password, "the database server wants a password and the URL gives none"),
        (f"{server}/no_such_league", 'the database server has no database "no_such_league"'),
        (f"{with_password.rpartition('/')[0]}/postgres?password={secret}", "wrong password for the user"),
    )
    seen = set()
    for url, says in cases:
        err = one_line(kitapi("games", "--db", url))
        assert says in err and secret not in err, err
        assert ":***@" in err or "password=***" in err or url == with_password, err
        assert "was lost" not in err, err
        seen.add(err.split(": ", 1)[1].split(" (")[0].split(":")[0])
    assert len(seen) == len(cases) - 1, seen  # (the wrong password twice: in the user part and as a parameter)


def test_the_server_gone_mid_write_is_one_line(pg_url: str, tmp_path: Path) -> None:
    """The server ends the connection (pg_terminate_backend, as a restart or a crash would) while ``archive add``
    writes a big game's hands: one line on stderr (before: psycopg's ``error ignored terminating
    <psycopg.Pipeline [BAD]>`` and its lines first), exit 2, and none of the game written."""
    big = tmp_path / "big.jsonl"
    hdr, hands = gen.generate("prefa", 3, 8000, 3, pouch=100000)
    gen.write_jsonl(big, hdr, hands)
    assert kitapi("archive", "add", "--db", pg_url, SAMPLE).returncode == 0  # (the tables made: only hands below)
    p = subprocess.Popen(
        [*KITAPI, "archive", "add", "--db", pg_url, str(big)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    killed = False
    with psycopg.connect(pg_url, autocommit=True) as c:
        deadline = time.monotonic() + 120
        while p.poll() is None and time.monotonic() < deadline:
            row = c.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                " AND query LIKE 'INSERT INTO hands%%'"
            ).fetchone()
            if row:
                killed = bool(c.execute("SELECT pg_terminate_backend(%s)", (row[0],)).fetchone()[0])
                break
            time.sleep(0.002)
    out, err = p.communicate(timeout=120)
    assert killed, "the hands were written before the test saw them written"
    assert p.returncode == 2 and out == "", (out, err)
    assert err.count("\n") == 1 and err.startswith(f"{pg_url}: the connection to the database was lost ("), err
    with Archive(pg_url, create=False) as a:
        assert [g["id"] for g in a.games()] == [1]
