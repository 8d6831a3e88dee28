"""``kitapi sync``: every game on the device into the archive, verified, and only then marked synced.

The steps (docs/sync.md):

1. connect (mpremote's transport, no soft reset), start the device's link
   (``kitapi.link.serve``), check the firmware, set the clock;
2. list every file of the device's games folder (no cap) with a sha256 of each
   game log, computed on the device;
3. for each game that is new, or differs from what the archive has from this
   device under that name: pull it, only its new bytes if the archived copy is
   a prefix of it (the device hashes that prefix to prove it), check the copy
   against the device's hash, and store it with ``Archive.add_log`` (one
   transaction: all of it or nothing);
4. with ``--prune``: delete the games that have ended, are in the archive with
   the very hash the device gave, and are not the current game (the device
   checks the hash and "not current" again before it deletes, and then drops
   the game's mark): first, so that a full flash frees room for the marks;
5. copy each evidence file of a repair on the box (``NAME.kitapi.badK``) to
   ``evidence/DEVICE/`` next to the archive, verify the copy (size and hash,
   the device's read again through the link, the PC's read back from the disk),
   record it in ``evidence.txt``, and only then remove it from the device;
6. mark every other game synced on the device (name, size, sha256), once the
   archive has it; a flash with no room for the record leaves them unmarked and
   says so, the sync done all the same;
7. soft-reset the device so that the app runs again.

Whatever else is in the games folder and not archived (a repair's leftover, a name
that is not a game's, a log that cannot be read or is not a game log) is said
by name, one line each, and ``run`` exits 1 with a last line saying what and
why.  A log that cannot be read or stored costs only itself: the others go on.

Interrupted anywhere (cable, Ctrl-C, a crash of the PC), nothing is lost: a game
is deleted only once the archive holds the same bytes, and a second run finds
the games the archive has ("same") and marks them.  Nothing is counted twice:
``add_log`` recognises the same bytes and a log that grew.  A device that stops
answering, or answers too slowly, ends the sync with one line (each line of an
answer has a deadline); the device itself runs its app again after a short
silence (docs/sync.md).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from kitapi.messages import damage as damage_text
from kitapi.replay import replay
from kitapi_host.archive.db import DB_HELP, NEW, Archive, ArchiveError, LogError, db_arg, default_path, trouble
from kitapi_host.device.box import Device, DeviceError, FlashFull, open_device
from kitapi_host.device.drive import Drive

GAME_NAME = re.compile(r"[0-9]{1,8}\.kitapi")  # what kitapi.app.store names a game
# the box's repair leftovers (numbered copies too): not games, but said by name
LEFTOVER = re.compile(r"[0-9]{1,8}\.kitapi\.(bad|tmp)(\.?[0-9]{1,4})?")
# of them the evidence: the bytes a repair on the box set aside (kitapi.app.store): copied to the PC, then removed
EVIDENCE = re.compile(r"[0-9]{1,8}\.kitapi\.bad(\.?[0-9]{1,4})?")
EVIDENCE_RECORD = "evidence.txt"  # in the evidence folder: "NAME SIZE SHA256 FILE WHEN" a line, one a copy
MAX_LOG = 16 << 20  # bytes: more than any box's flash holds (a Pico 2's is 4 MB)
_HEX64 = re.compile(r"[0-9a-f]{64}")
LAST_LINE_NAMES = 8  # files named on the last line of the output (all of them in the lines above)


@dataclass
class Report:
    """What a sync did (for the summary line, the tests and ``kitapi bench``)."""

    device: str = ""
    games: int = 0  # game files on the device
    pulled: list[str] = field(default_factory=list)  # names pulled
    new: int = 0
    grown: int = 0
    same: int = 0
    marked: int = 0
    unmarked: int = 0  # games archived but not marked synced: the device's flash had no room for the record
    pruned: list[str] = field(default_factory=list)
    bytes_pulled: int = 0  # game bytes copied (not counting base64 and the REPL)
    warnings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)  # what is on the device and not archived: "NAME (why)"
    evidence: list[str] = field(default_factory=list)  # evidence files copied to the PC, then removed from the box
    evidence_dir: Path | None = None  # where they are
    tables: list[str] = field(default_factory=list)  # "NAME: tournament T round R table N": attached to a table
    clock: int = 0
    seconds: float = 0.0


def _safe(name: object) -> str:
    """A device's file name for a message: escaped, bounded."""
    return repr(name)[:60]


Listing = tuple[str, list[tuple[str, int, str]], dict[str, tuple[int, str]], list[tuple[str, str]]]


def _leftover_why(name: str) -> str:
    if ".kitapi.bad" in name:
        return "the damaged bytes a repair on the box set aside"
    return "a repair on the box left it unfinished"


def classify(name: object, size: object, digest: object, has_hash: bool = True) -> tuple[str, str]:
    """How the sync takes one entry (name, size, sha256 or why not) of the games folder (``kitapi.link.ls``;
    ``kitapi doctor`` takes them so too): (name, "") for a game it archives, else (the name to say, why it is
    left on the device)."""
    if not isinstance(name, str) or not GAME_NAME.fullmatch(name):
        if isinstance(name, bytes):  # a name that is not UTF-8 (kitapi.link): by its bytes, in hex
            return f"hex {name[:60].hex()}", "a name that is not UTF-8"
        if isinstance(name, str) and LEFTOVER.fullmatch(name):
            return name, _leftover_why(name)
        if isinstance(size, int) and size < 0 and isinstance(digest, str) and digest == "not a file":
            return _safe(name), "not a file"
        return _safe(name), "an unexpected name"
    if isinstance(size, int) and size < 0:
        return name, _safe(digest)[1:-1][:60] if isinstance(digest, str) else "cannot be read"
    if not isinstance(size, int) or size <= 0 or size > MAX_LOG:
        return name, f"size {_safe(size)} is out of bounds (1..{MAX_LOG})"
    if not isinstance(digest, str) or not (_HEX64.fullmatch(digest) or (digest == "" and not has_hash)):
        return name, "no usable hash from the device"
    return name, ""


def _listing(dev: Device | Drive, answer: Any) -> Listing:
    """Check ``L.ls()``'s answer: (current, games, marks, left): ``left`` are (name, why) not to be synced."""
    if not (isinstance(answer, tuple) and len(answer) == 3):
        raise DeviceError(f"{dev.where}: the device's list of games is not understood")
    current, entries, marks = answer
    if not isinstance(current, str) or not isinstance(entries, list) or not isinstance(marks, dict):
        raise DeviceError(f"{dev.where}: the device's list of games is not understood")
    games: list[tuple[str, int, str]] = []
    left: list[tuple[str, str]] = []
    for e in entries:
        if not (isinstance(e, tuple) and len(e) == 3):
            left.append(("?", f"an entry of the list of games is not understood: {_safe(e)}"))
            continue
        name, why = classify(*e, has_hash=dev.has_hash)
        if why:
            left.append((name, why))
        else:
            games.append(e)
    good_marks: dict[str, tuple[int, str]] = {}
    for k, v in marks.items():
        if isinstance(k, str) and isinstance(v, tuple) and len(v) == 2:
            if isinstance(v[0], int) and isinstance(v[1], str):
                good_marks[k] = (v[0], v[1])
    return current, games, good_marks, left


def evidence_folder(archive: Archive, uid: str) -> Path:
    """Where the evidence files of device ``uid`` are kept: ``evidence/UID`` next to the archive (an archive on
    PostgreSQL: next to where the SQLite archive would be, on this PC)."""
    base = default_path().parent if archive.pg else archive.path.parent
    return Path(base) / "evidence" / (re.sub(r"[^0-9A-Za-z_-]", "_", uid)[:64] or "device")


def _fsynced(path: Path, data: bytes) -> None:
    """Write ``path`` whole (a ``.part`` file, flushed to the disk, then renamed into place)."""
    part = path.with_name(path.name + ".part")
    with part.open("wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(part, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _keep_evidence(dev: Device | Drive, archive: Archive, name: str, rep: Report) -> str:
    """Copy evidence file ``name`` to the PC, verify the copy, record it, and only then remove it from the
    device; "" when done, else why it is left on the device.

    The steps, each checked before the next: the device's size and sha256 of the file; its bytes through
    the link, which must hash to them; the copy written (flushed to the disk) as ``evidence/UID/NAME``
    (``NAME.SHA12`` if another file of that name is there) and read back from the disk; the device's size
    and hash asked again (the file did not change meanwhile); a line in ``evidence.txt``; then the
    device marks it and deletes it only if it still hashes so.  Cut anywhere, the file stays on the box
    or the PC holds its verified, recorded copy; a sync run again finds the copy and goes on.
    """
    if not dev.has_hash:
        return "the device computes no hash, so its copy cannot be verified"
    answer = dev.sha(name, MAX_LOG + 1)
    if not (isinstance(answer, tuple) and len(answer) == 2 and isinstance(answer[1], int)):
        return "the device's hash of it is not understood"
    digest, size = answer
    if not isinstance(digest, str) or not _HEX64.fullmatch(digest) or not 0 <= size <= MAX_LOG:
        return "no usable hash or size from the device"
    data = dev.read(name, 0, size)
    if len(data) != size or hashlib.sha256(data).hexdigest() != digest:
        return "the copy does not match the device's hash (run the sync again)"
    folder = evidence_folder(archive, dev.uid)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        dst = folder / name
        if dst.exists() and hashlib.sha256(dst.read_bytes()).hexdigest() != digest:
            dst = folder / f"{name}.{digest[:12]}"  # another box's, or an earlier repair's of that name: kept
        if not dst.exists() or hashlib.sha256(dst.read_bytes()).hexdigest() != digest:
            _fsynced(dst, data)
        back = dst.read_bytes()
        if len(back) != size or hashlib.sha256(back).hexdigest() != digest:
            return f"the copy in {dst} does not read back right"
    except OSError as e:
        return f"cannot be copied to {folder} ({e.strerror or e})"
    if dev.sha(name, MAX_LOG + 1) != (digest, size):
        return "it changed on the device while it was copied (run the sync again)"
    line = f"{name} {size} {digest} {dst.name}"
    record = folder / EVIDENCE_RECORD
    try:
        # read and kept as bytes: a damaged line (a byte that is no UTF-8) is kept as it is, and costs nothing
        old = record.read_bytes() if record.exists() else b""
        if not any(x.startswith((line + " ").encode()) for x in old.splitlines()):
            when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            sep = b"" if not old or old.endswith(b"\n") else b"\n"
            _fsynced(record, old + sep + f"{line} {when}\n".encode())
    except OSError as e:
        return f"cannot record its copy in {record} ({e.strerror or e})"
    try:  # removed as held by the PC (a full flash has no room for a mark); a box that wants the mark first: marked
        gone = dev.remove(name, size, digest, held=True) or (
            dev.mark(name, size, digest) and dev.remove(name, size, digest)
        )
    except FlashFull:
        gone = False
    if not gone:
        return f"copied to {dst}, but the device did not remove it"
    rep.evidence.append(name)
    rep.evidence_dir = folder
    return ""


class Progress:
    """A one-line progress bar on a terminal: games and bytes; silent elsewhere."""

    def __init__(self, out: TextIO, games: int, total: int) -> None:
        self.out = out
        self.on = out.isatty()
        self.games = games
        self.total = max(total, 1)
        self.done_games = 0
        self.done_bytes = 0

    def show(self, extra: int = 0) -> None:
        if not self.on:
            return
        got = self.done_bytes + extra
        width = 24
        fill = min(width, got * width // self.total)
        bar = "#" * fill + "." * (width - fill)
        self.out.write(f"\r[{bar}] games {self.done_games}/{self.games}  {got / 1024:.1f}/{self.total / 1024:.1f} KB ")
        self.out.flush()

    def end(self) -> None:
        if self.on:
            self.out.write("\n")
            self.out.flush()


def sync(
    dev: Device | Drive,
    archive: Archive,
    prune: bool = False,
    set_clock: bool = True,
    progress: TextIO | None = None,
    on_pulled: Callable[[str], None] | None = None,
) -> Report:
    """Sync the games of ``dev`` (connected, ``hello`` done) into ``archive``; see the module's docstring."""
    start = time.monotonic()
    rep = Report(device=dev.uid)
    if set_clock:
        rep.clock = dev.set_clock()
    current, games, marks, left = _listing(dev, dev.ls())
    games.sort()
    rep.games = len(games)

    def leave(name: str, why: str) -> None:
        rep.errors.append(f"{dev.where}: {name}: {why}: not archived, left on the device")
        rep.left.append(f"{name} ({why})")

    for name, why in sorted(left):
        if not EVIDENCE.fullmatch(name):  # (evidence is copied after the games)
            leave(name, why)
    todo = _to_pull(dev, archive, games, leave)
    games = _pull(dev, archive, todo, games, rep, leave, progress, on_pulled)
    _prune_and_mark(dev, archive, games, current, marks, left, prune, rep, leave)
    rep.seconds = time.monotonic() - start
    return rep


def _to_pull(
    dev: Device | Drive, archive: Archive, games: list[tuple[str, int, str]], leave: Callable[[str, str], None]
) -> list[tuple[str, int, str, bytes]]:
    """What to pull of ``games``: ``(name, size, digest, base)``, ``base`` the bytes already archived that the
    device log starts with (the device hashes that prefix to prove it)."""
    todo: list[tuple[str, int, str, bytes]] = []
    for name, size, digest in games:
        stored = archive.stored(dev.uid, name)
        if any(s["sha256"] == digest for s in stored):
            continue
        base = b""
        if not dev.has_hash:  # no hash on the device: the whole log, read twice (below)
            if any(len(s["log"]) == size for s in stored):
                # the same size as an archived copy: read it once to see whether it is the same
                try:
                    data = dev.read(name, 0, size)
                except DeviceError as e:
                    if getattr(dev, "broken", False):
                        raise
                    leave(name, f"cannot be read on the device ({e})")
                    continue
                if any(s["log"] == data for s in stored):
                    continue
            todo.append((name, size, digest, base))
            continue
        for s in stored:
            old = s["log"]
            if 0 < len(old) < size:
                try:
                    answer = dev.sha(name, len(old))
                except DeviceError:
                    if getattr(dev, "broken", False):
                        raise
                    break  # then the whole log is pulled, and said if it cannot be
                if answer == (hashlib.sha256(old).hexdigest(), len(old)):
                    base = old
                    break
        todo.append((name, size, digest, base))
    return todo


def _pull(
    dev: Device | Drive,
    archive: Archive,
    todo: list[tuple[str, int, str, bytes]],
    games: list[tuple[str, int, str]],
    rep: Report,
    leave: Callable[[str, str], None],
    progress: TextIO | None,
    on_pulled: Callable[[str], None] | None,
) -> list[tuple[str, int, str]]:
    """Pull each game of ``todo``, check the copy and archive it; ``games`` with the digests the PC computed
    for a device that hashes nothing."""
    bar = Progress(progress or sys.stderr, len(todo), sum(size - len(base) for _, size, _, base in todo))
    bar.show()
    for name, size, digest, base in todo:
        try:
            tail = dev.read(name, len(base), size - len(base), bar.show)
            data = base + tail
            again = b"" if dev.has_hash else dev.read(name, 0, size)
        except DeviceError as e:
            if getattr(dev, "broken", False) or not getattr(dev, "serving", False):  # the link is gone: stop here
                bar.end()
                raise DeviceError(f"{e} (nothing of {name} was archived; run the sync again)") from None
            leave(name, f"cannot be read on the device ({e})")  # this file only: the others go on
            continue
        if not dev.has_hash:
            # No hash from the device: a second copy must be byte for byte the same.
            if again != data:
                leave(name, "two copies differ (run the sync again)")
                continue
            digest = hashlib.sha256(data).hexdigest()
            games = [(n, z, digest if n == name else d) for n, z, d in games]
        if len(data) != size or hashlib.sha256(data).hexdigest() != digest:
            leave(name, "the copy does not match the device's hash (run the sync again)")
            continue
        if not _archived(dev, archive, name, data, rep, leave):
            continue
        rep.bytes_pulled += len(tail)
        bar.done_games += 1
        bar.done_bytes += len(tail)
        bar.show()
        if on_pulled is not None:
            on_pulled(name)
    bar.end()
    return games


def _archived(
    dev: Device | Drive, archive: Archive, name: str, data: bytes, rep: Report, leave: Callable[[str, str], None]
) -> bool:
    """Archive the checked copy ``data`` of the game ``name``, told in ``rep``; False if the archive refused it
    (said, and the game left on the device)."""
    where = f"game {name} of device {dev.uid}"
    with dev.busy():  # the archive may take a while with a big log: the device is told the PC is there
        try:
            added = archive.add_log(data, dev.uid, name)
        except LogError as e:
            rep.errors.append(f"{dev.where}:{e}: not archived, left on the device")
            rep.left.append(f"{name} (not a game log Kitapi reads)")
            return False
        except (UnicodeError, ValueError, RecursionError) as e:  # text the archive cannot hold
            leave(name, f"the log holds text the archive cannot store ({type(e).__name__})")
            return False
        _, replayed = replay(io.BytesIO(data))
    rep.pulled.append(name)
    if added.status == NEW:
        rep.new += 1
    elif added.status == "grown":
        rep.grown += 1
    else:
        rep.same += 1
    damage = damage_text(replayed.damage) if replayed.damage else None
    if damage:
        # every valid hand is archived; the core's text says where, and which hands to enter again
        rep.warnings.append(f"{where}: archived with its damage noted: {damage}")
    rep.warnings += [f"{where}: {w}" for w in added.warnings if w != damage]
    if added.table:
        rep.tables.append(f"{name}: tournament {added.table}")
    return True


def _prune_and_mark(
    dev: Device | Drive,
    archive: Archive,
    games: list[tuple[str, int, str]],
    current: str | None,
    marks: dict[str, tuple[int, str]],
    left: list[tuple[str, str]],
    prune: bool,
    rep: Report,
    leave: Callable[[str, str], None],
) -> None:
    """After the pull: prune (``prune``), copy the evidence of repairs, and mark the archived games on the device."""
    # With --prune, first the ended games the archive holds at their present size and hash (never the current
    # one): the device removes each and then its mark, so that a full flash frees the room the marks need.
    prunable = []
    for name, size, digest in games if prune else []:
        held = archive.has_sha256(digest)
        if name != current and held is not None and held["ended"]:
            prunable.append((name, size, digest))
    for name, size, digest in prunable:
        if dev.remove(name, size, digest, held=True):
            rep.pruned.append(name)

    # The evidence of repairs on the box: copied to the PC, verified, recorded, and only then removed.
    for name, why in sorted(left):
        if EVIDENCE.fullmatch(name):
            try:
                why = _keep_evidence(dev, archive, name, rep)
            except DeviceError as e:
                if getattr(dev, "broken", False) or not getattr(dev, "serving", True):
                    raise DeviceError(f"{e} ({name} is still on the device; run the sync again)") from None
                why = f"cannot be copied from the device ({e})"
            if why:
                leave(name, why)

    # Mark every game left that the archive holds at the device's present size and hash; a flash with no room
    # for the record leaves the rest unmarked (the next sync finds them archived, "same", and marks them).
    for name, size, digest in games:
        if name in rep.pruned or marks.get(name) == (size, digest) or archive.has_sha256(digest) is None:
            continue
        if rep.unmarked:
            rep.unmarked += 1
            continue
        try:
            if dev.mark(name, size, digest):
                marks[name] = (size, digest)
                rep.marked += 1
        except FlashFull:
            rep.unmarked += 1

    # A box whose firmware removes a game only once it is marked (older than "held"): those, now marked.
    for name, size, digest in prunable:
        if name not in rep.pruned and marks.get(name) == (size, digest) and dev.remove(name, size, digest):
            rep.pruned.append(name)


# --- kitapi sync ----------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "sync",
        help="copy every new or grown game from the device into the archive, verified; set its clock",
        description="Copies every game log that is new or has grown since the last sync, checks each copy "
        "against a sha256 computed on the device, stores it in the archive, and only then marks it synced "
        "on the device.  Safe to interrupt and to run again.",
    )
    p.add_argument(
        "--device",
        "-d",
        default="auto",
        metavar="CONNECT",
        help="auto (default), a serial port, socket://HOST:PORT..., or a CircuitPython device's CIRCUITPY drive",
    )
    p.add_argument("--db", type=db_arg, metavar="PATH|URL", help=f"{DB_HELP} (default {default_path()})")
    p.add_argument(
        "--prune",
        action="store_true",
        help="then delete from the device the ended games that are synced (never the current game)",
    )
    p.add_argument("--no-clock", action="store_true", help="leave the device's clock alone")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from kitapi_host.device.drive import is_drive

    dev: Device | Drive | None = None
    db: Path | str = args.db if args.db is not None else default_path()
    try:
        dev = Drive(args.device) if is_drive(args.device) else open_device(args.device)
        try:
            archive = Archive(db)
        except OSError as e:  # its folder cannot be made (an OSError later is the device's)
            raise ArchiveError(trouble(db, e)) from None
        with archive:
            rep = sync(dev, archive, prune=args.prune, set_clock=not args.no_clock)
        if isinstance(dev, Drive):
            rep.warnings += dev.warnings
    except (DeviceError, ArchiveError) as e:
        print(f"kitapi sync: {e}", file=sys.stderr)
        return 1
    except sqlite3.Error as e:  # the archive cannot take the games (a full disk, read-only...): the sync stops
        # before it marks or removes anything on the device; what was archived is kept
        print(f"kitapi sync: {trouble(db, e)}; the games not archived are still on the device", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("kitapi sync: interrupted; what was archived is kept, run it again to finish", file=sys.stderr)
        return 130
    finally:
        if dev is not None:
            dev.close()
    for w in rep.warnings:
        print(f"warning: {w}", file=sys.stderr)
    for err in rep.errors:
        print(f"error: {err}", file=sys.stderr)
    for line in rep.tables:  # (kitapi tournament: the games that are a table's)
        print(line)
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(rep.clock)) if rep.clock else "not set"
    print(
        f"device {rep.device}: {rep.games} game(s); pulled {len(rep.pulled)} ({rep.new} new, {rep.grown} grown, "
        f"{rep.same} already archived), {rep.bytes_pulled} bytes; marked {rep.marked} synced"
        + (f"; removed {len(rep.pruned)} ended game(s)" if args.prune else "")
        + f"; clock {when}",
        flush=True,
    )
    if rep.unmarked:
        print(
            f"kitapi sync: the device's flash is full: {rep.unmarked} archived game(s) not marked synced there "
            f"(no room for the record){'' if args.prune else '; `kitapi sync --prune` removes the ended ones'}",
            file=sys.stderr,
            flush=True,
        )
    if rep.evidence:
        print(
            f"kept {len(rep.evidence)} evidence file(s) of repairs on the device in {rep.evidence_dir}, "
            "verified, then removed from the device",
            flush=True,
        )
    if rep.left:
        shown = "; ".join(rep.left[:LAST_LINE_NAMES])
        more = f"; and {len(rep.left) - LAST_LINE_NAMES} more (above)" if len(rep.left) > LAST_LINE_NAMES else ""
        print(
            f"kitapi sync: NOT everything on the device was archived: {len(rep.left)} file(s) left there: "
            f"{shown}{more}",
            file=sys.stderr,
        )
    if isinstance(dev, Device) and dev.damaged:  # (the pack's check: kitapi_host.device.box, check_pack)
        print(f"kitapi sync: the firmware is damaged: run kitapi deploy ({dev.damaged})", file=sys.stderr)
        return 1
    return 1 if rep.errors or rep.left else 0
