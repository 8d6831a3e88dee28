"""``kitapi convert``: a game log in the other form (JSON Lines or device log), without loss."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from kitapi.devlog import MAX_HEADER, OP_LOST
from kitapi.devlogw import header_bytes, write_record
from kitapi.game import OP_END, OP_HAND, OP_REPLACE, new_game
from kitapi.jsonw import header_json, record_json
from kitapi.replay import reader
from kitapi_host.logs.read import InputError, detect, replay_file

FORMATS = ("jsonl", "device")


def convert(src: Path, dst: Path, to: str | None = None) -> str | None:
    """Write the log ``src`` in the other form (or ``to``) to ``dst``; the damage warning, if any.

    The whole log is replayed first, so a log with bad input is refused
    (InputError) and nothing is written; ``dst`` appears complete or not at all.
    """
    if to is not None and to not in FORMATS:
        raise InputError(f"{dst}:0: unknown format {to!r} (jsonl or device)")
    g, warning = replay_file(src)  # a file that cannot be read, or bad input: refused here
    to = to or ("jsonl" if detect(src) == "device" else "device")
    if dst.exists() and dst.resolve() == src.resolve():
        raise InputError(f"{dst}:0: the output would overwrite the input")
    if to == "device":
        n = len(header_json(g.header).encode())
        if n > MAX_HEADER:
            raise InputError(f"{src}:1: the header is {n} bytes as JSON: a device log holds at most {MAX_HEADER}")
    try:
        fd, tmp = tempfile.mkstemp(dir=dst.parent, prefix=".kitapi-", suffix=".tmp")
    except OSError as e:
        raise InputError(f"{dst}:0: cannot write the file ({e.strerror})") from None
    try:
        with open(src, "rb") as f, os.fdopen(fd, "wb") as out:
            r = reader(f)
            g = new_game(r.header())
            if to == "jsonl":
                out.write(header_json(g.header).encode() + b"\n")
            else:
                out.write(header_bytes(g.header))
            buf = bytearray(8)
            seq = 0
            while True:
                op = r.record(g)
                if op < 0:
                    break
                if op == OP_LOST:  # no record to write for it in either form
                    raise InputError(f"{src}:{r.line}: hand {r.seq} is damaged: enter it again on the box first")
                if to == "jsonl":
                    out.write(record_json(g, op, r.target).encode() + b"\n")
                    continue
                if op == OP_HAND:
                    seq += 1
                    number = seq & 0xFFFF
                else:
                    number = 0 if op == OP_END else r.target
                payload = g.pack(g.hand) if op in (OP_HAND, OP_REPLACE) else 0
                write_record(out, buf, op, number, payload)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would have made it
        os.replace(tmp, dst)
    except OSError as e:
        os.unlink(tmp)
        raise InputError(f"{dst}:0: cannot write the file ({e.strerror})") from None
    except BaseException:
        os.unlink(tmp)
        raise
    return warning
