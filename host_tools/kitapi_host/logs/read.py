"""The one reader of checked game logs, for the archive and the sheets.

A log (either form, from a file, bytes or an archive's blob) is read in three
steps, each a stream through the core's readers, so a log of any size costs
no more memory:

A log file is replayed alone by ``replay_file`` (``kitapi replay``, ``kitapi convert``); ``detect``
tells its form.

- ``check(f, name, Checked)``: the whole log replayed by ``kitapi.replay.replay``, the
  single source of truth: its standings, its damage; ``BadLog``
  (``NAME:LINE: reason``) for bad input;
- ``records(f, checked)``: the log in canonical JSON Lines (the header, then
  every record as ``kitapi.jsonw`` writes it; None for a damaged hand, which no
  log form can hold), noting where the last correction of each hand is;
- ``effective(f, checked)``: every hand by number after the corrections (the
  last correction of hand N wins, a delete removes it, a damaged hand scores
  nothing until replaced), as ``kitapi.replay`` scores them.

Whoever plays the effective hands on a fresh game must reach the replay's
standings: ``final(game, checked)`` closes the game as the log did and gives
its ``result_json`` to compare with ``checked.result``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

from kitapi.devlog import MAGIC, OP_LOST
from kitapi.game import OP_DELETE, OP_HAND, OP_REPLACE, Game, RuleError, new_game, result_json
from kitapi.jsonw import header_json, record_json
from kitapi.messages import damage as damage_text
from kitapi.replay import reader, replay


class InputError(Exception):
    """Bad input: ``str()`` is the one line ``FILE:LINE: reason`` to show."""


class BadLog(InputError):
    """A log the core refuses (its RuleError): ``NAME:LINE: reason``."""

    def __init__(self, name: str, line: int, reason: str) -> None:
        super().__init__(f"{name}:{line}: {reason}")
        self.name = name
        self.line = line
        self.reason = reason


class Mismatch(RuntimeError):
    """The core's reader and its replay disagree about a log (a bug, never bad input)."""


@dataclass
class Checked:
    """What the core makes of a log (``check``): nothing of its size is kept in memory."""

    format: str  # "jsonl" or "device"
    header: dict[str, Any]
    result: str  # the replay's standings, ``result_json``
    game: Game  # the replayed game
    damage: str | None  # a damaged device log: what was dropped (``kitapi.messages.damage``)
    damage_byte: int | None  # where the damage starts (bytes before it are sound)
    name: str = ""  # the log's name in messages (a file, or ``game ID``)
    fixes: dict[int, Any] = field(default_factory=dict)  # hand number -> reader mark of its last correction


C = TypeVar("C", bound=Checked)


def check(f: BinaryIO, name: str, kind: type[C]) -> C:
    """Replay the log in ``f`` with the core: a ``kind`` (Checked, or a subclass of it to fill); BadLog for
    bad input."""
    f.seek(0)
    try:
        g, r = replay(f)
    except RuleError as e:
        raise BadLog(name, e.line, str(e)) from None
    f.seek(0)
    fmt = "device" if f.read(1) == b"K" else "jsonl"  # as kitapi.replay.reader tells them apart
    dmg = r.damage
    return kind(fmt, g.header, result_json(g), g, damage_text(dmg) if dmg else None, int(dmg[1]) if dmg else None, name)


def records(f: BinaryIO, checked: Checked) -> Iterator[str | None]:
    """The log in ``f`` (``check``-ed) in canonical JSON Lines, line by line without the newline: the header,
    then every record (None for a damaged hand).  Notes ``checked.fixes`` (what ``effective`` reads)."""
    f.seek(0)
    rd = reader(f)
    gr = new_game(rd.header())
    yield header_json(gr.header)
    try:
        while True:
            op = rd.record(gr)
            if op < 0:
                break
            if op in (OP_REPLACE, OP_DELETE):
                checked.fixes[rd.target] = rd.mark_record()
            yield None if op == OP_LOST else record_json(gr, op, rd.target)
    except RuleError as e:  # replay accepted the log: the reader cannot refuse it
        raise Mismatch(f"{checked.name}:{rd.line}: the core's reader refused what replay accepted: {e}") from None


@dataclass(frozen=True)
class Effective:
    """Hand ``number`` of a log after the corrections: its game-log JSON (None: deleted, or damaged and not
    replaced), and whether a correction made it so."""

    number: int
    text: str | None
    corrected: bool


def effective(f: BinaryIO, checked: Checked) -> Iterator[Effective]:
    """Every hand of the log in ``f``, in order, after the corrections (``checked.fixes``, noted by
    ``records``, says where they are): read once more with the core's reader, in constant memory."""
    f.seek(0)
    rd = reader(f)
    gr = new_game(rd.header())
    k = 0
    try:
        while True:
            op = rd.record(gr)
            if op < 0:
                break
            if op != OP_HAND and op != OP_LOST:
                continue
            k += 1
            m = checked.fixes.get(k)
            if m is not None:
                back = rd.mark()
                rd.reset(m)
                fixed = rd.record(gr)
                rd.reset(back)
                if fixed == OP_DELETE:
                    yield Effective(k, None, True)
                    continue
            elif op == OP_LOST:
                yield Effective(k, None, False)
                continue
            yield Effective(k, gr.hand_json(gr.hand), m is not None)
    except RuleError as e:
        raise Mismatch(f"{checked.name}:{rd.line}: the core's reader refused what replay accepted: {e}") from None


def final(game: Game, checked: Checked) -> str:
    """``game``, the effective hands played on a fresh game, closed as the log closed it (by its end record:
    prefa_kasa then splits what is left in the kasa): its ``result_json``, to equal ``checked.result``."""
    if checked.game.ended:
        game.close()
    return str(result_json(game))


def detect(path: Path) -> str:
    """The form of the log file at ``path``: "device" or "jsonl"."""
    with open(path, "rb") as f:
        return "device" if f.read(len(MAGIC)) == MAGIC else "jsonl"


def replay_file(path: Path) -> tuple[Game, str | None]:
    """Replay a log of either form: (game, damage warning or None); InputError if bad."""
    try:
        f = open(path, "rb")
    except OSError as e:
        raise InputError(f"{path}:0: cannot open the file ({e.strerror})") from None
    with f:
        try:
            g, r = replay(f)
        except RuleError as e:
            raise InputError(f"{path}:{e.line}: {e}") from None
    return g, (damage_text(r.damage) if r.damage else None)
