"""What the core makes of a log, for the archive: the log replayed and checked (``kitapi_host.logs.read``), its
canonical form's digests (one game whatever its form), its effective hands with the archive's columns, and the
rows of the hand and correction tables written from them."""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from kitapi.game import OP_DELETE, OP_REPLACE, RuleError, new_game
from kitapi.replay import reader
from kitapi_host.archive.errors import ConsistencyError, LogError
from kitapi_host.archive.facts import HandFacts
from kitapi_host.families import NoFamily, archive_family
from kitapi_host.logs.read import BadLog, Checked, Effective, Mismatch, check, effective, final, records


@dataclass
class Parsed(Checked):
    """What the core makes of a log (``kitapi_host.logs.read.check``) and its canonical form's digests."""

    canon: str = ""  # sha256 of the game as canonical JSON Lines (``canonical``)
    canon_len: int = 0
    prefixes: dict[int, str] = field(default_factory=dict)  # canonical length asked for -> digest of that prefix
    asked: set[int] = field(default_factory=set)  # the lengths asked for (prefixes has those between records)
    # the hands' lines as ``canonical`` read them, a log of plain hands only (no correction, no damage) of at most
    # KEPT_HANDS: its effective hands, as ``effective`` would read them once more; else None
    hands_read: list[str] | None = None


CHUNK = 1 << 20  # bytes read at a time: a log of any size costs no more memory
# hands of a log kept as ``canonical`` reads them (a plain log's effective hands: the log not read again for them),
# some 300 KB at most
KEPT_HANDS = 2000


class BlobIO(io.RawIOBase):
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


def digest_of(f: BinaryIO) -> tuple[int, str]:
    """``(size, sha256)`` of the file ``f``, read in chunks."""
    f.seek(0)
    h = hashlib.sha256()
    size = 0
    while chunk := f.read(CHUNK):
        h.update(chunk)
        size += len(chunk)
    return size, h.hexdigest()


def same_prefix(a: BinaryIO, b: BinaryIO, n: int) -> bool:
    """The first ``n`` bytes of ``a`` and ``b`` are the same (both at least that long)."""
    a.seek(0)
    b.seek(0)
    while n > 0:
        x = a.read(min(n, CHUNK))
        if not x or x != b.read(len(x)):
            return False
        n -= len(x)
    return True


def replayed(f: BinaryIO, name: str) -> Parsed:
    """Replay the log in ``f`` with the core; LogError for bad input.  Streams: the core reads record by record."""
    try:
        out = check(f, name, Parsed)
    except BadLog as e:
        raise LogError(e.name, e.line, e.reason) from None
    try:
        archive_family(out.game.name)  # a system whose family the archive cannot show and count is refused
    except NoFamily as e:
        raise LogError(name, 1, f"{e} (kitapi replay keeps it)") from None
    return out


def canonical(f: BinaryIO, name: str, out: Parsed, stops: Collection[int] = ()) -> None:
    """The game in ``f`` as canonical JSON Lines (``kitapi_host.logs.read.records``; a damaged hand as
    ``{"damaged": true}``, in no form a log can be written in), hashed as it is read: ``out.canon``,
    ``out.canon_len``, and the digest of each prefix ``stops`` asks for (a length that falls between
    records gets none); ``out.fixes``: where the last correction of each corrected hand is.  A JSON Lines
    copy and a device log of one game have the same canonical form.
    """
    h = hashlib.sha256()
    n = 0
    out.name = name
    hands: list[str] | None = []
    try:
        for i, line in enumerate(records(f, out)):
            text = b'{"damaged": true}\n' if line is None else (line + "\n").encode()
            h.update(text)
            n += len(text)
            if n in stops:
                out.prefixes[n] = h.hexdigest()
            if i and hands is not None and line != '{"end": true}':  # (the header's line aside)
                if line is None or line.startswith(('{"replace"', '{"delete"')) or len(hands) == KEPT_HANDS:
                    hands = None
                else:
                    hands.append(line)  # (a hand's line is kitapi.jsonw's of the hand, as effective gives it)
    except Mismatch as e:
        raise ConsistencyError(str(e)) from None
    out.canon = h.hexdigest()
    out.canon_len = n
    out.asked = set(stops)
    out.hands_read = hands if not out.fixes else None


def parse_log(f: BinaryIO, name: str, stops: Collection[int] = ()) -> Parsed:
    """Replay the log in ``f`` and hash its canonical form; LogError for bad input."""
    out = replayed(f, name)
    canonical(f, name, out, stops)
    return out


def _effective(f: BinaryIO, name: str, parsed: Parsed) -> Iterator[HandFacts]:
    """The effective hands of the log in ``f`` (after corrections, ``kitapi_host.logs.read.effective``), in
    order, each with the archive's columns.

    A hand the rules refuse while a damaged hand before it is missing is held
    back (as kitapi.replay scores them): not an effective hand.  The archive's
    guarantee: the effective hands, played one by one on a fresh game, give the
    replay's standings (checked when the last one is out), or ConsistencyError.
    """
    g = new_game(parsed.header)
    fam = archive_family(g.name)  # (replayed refused a system whose family the archive cannot keep)
    parsed.name = name
    missing = 0  # damaged hands no correction replaces, so far
    kept = parsed.hands_read
    try:
        for e in effective(f, parsed) if kept is None else (Effective(k, t, False) for k, t in enumerate(kept, 1)):
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


ROWS = 64  # rows an INSERT writes at most (insert_rows)


def insert_rows(db: Any, table: str, columns: str, rows: Iterable[tuple[Any, ...]]) -> None:
    """INSERT ``rows`` into ``table``'s ``columns``, up to ``ROWS`` rows a statement (SQLite's limit of 999
    values a statement kept): one round trip each on PostgreSQL, where executemany's pipeline cost a round trip's
    time a row (2.4 ms of the 12.5 ms of adding a game of 12 hands); the same SQL on SQLite."""
    one = "(" + ", ".join("?" * (columns.count(",") + 1)) + ")"
    part: list[tuple[Any, ...]] = []

    def flush() -> None:
        db.execute(
            f"INSERT INTO {table} ({columns}) VALUES " + ", ".join([one] * len(part)), [v for r in part for v in r]
        )
        part.clear()

    for row in rows:
        part.append(row)
        if len(part) == ROWS:
            flush()
    if part:
        flush()


def insert_hands(db: Any, game_id: int, f: BinaryIO, name: str, parsed: Parsed, seats: list[int]) -> None:
    """The hand table's and the corrections' rows of a game, read from its log ``f`` as a stream;
    ``seats``: the player id of each seat."""
    insert_rows(
        db,
        "hands",
        "game, number, hand, corrected, kind, bidder, contract, defense, bidder_tricks, made, short, whist, tricks",
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
        insert_rows(db, "corrections", "game, line, op, number, hand", ((game_id, *c) for c in _corrections(f)))
