"""Fuzzing the log readers (issue 13, item 10): any bytes, and any mutation of a valid log, either form,
are read or refused with the core's RuleError; ``kitapi replay`` and ``kitapi convert`` end with exit
status 0 or 2, never a traceback, and print no control character from the file.

The seeds are the sample games (examples/) and every game of tests/core/vectors, as JSON Lines and, for the
games the core accepts, as device logs.  tests/mp/test_jsonl_fuzz_mp.py runs a seeded mutation loop of
the JSON Lines reader under MicroPython.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitapi.game import RuleError, result_json
from kitapi.replay import replay
from kitapi_host import cli, logs
from testkit import ROOT, VECTORS, fuzz_count

RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066")


@functools.cache
def _seeds() -> list[bytes]:
    """Every example and vector game as a log, in both forms: the fuzz's seeds, made on first use (not while
    pytest collects the tests, which each worker does)."""
    out = [p.read_bytes() for p in sorted((ROOT / "examples").glob("*.jsonl"))]
    for fn in sorted((VECTORS).glob("*.json")):
        for v in json.loads(fn.read_text()):
            if "header" in v and "hands" in v:
                out.append(("\n".join(json.dumps(x) for x in [v["header"], *v["hands"]]) + "\n").encode())
    with tempfile.TemporaryDirectory() as d:
        for k, data in enumerate(list(out)):
            src, dst = Path(d) / f"{k}.jsonl", Path(d) / f"{k}.kitapi"
            src.write_bytes(data)
            try:
                logs.convert(src, dst)
            except logs.InputError:
                continue
            out.append(dst.read_bytes())
    return out


FUZZ = settings(max_examples=fuzz_count(300, 100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(data: bytes) -> str | None:
    """The standings of ``data`` replayed by the core, or None if it refused it (RuleError only)."""
    try:
        g, _ = replay(io.BytesIO(data))
    except RuleError as e:
        assert e.line >= 0 and str(e)
        return None
    return result_json(g)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(_seeds())))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "byte", "insert", "delete", "line", "cut", "nest", "dup"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "byte" and data:
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 16))]
        elif kind == "line":  # a line doubled, or moved
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            lines.insert(j, lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == "cut":
            del data[at:]
        elif kind == "nest":  # deep nesting, or a key doubled, where a value stands
            n = draw(st.integers(10, 3000))
            data[at:at] = b"[" * n + b"]" * n
        else:
            data[at:at] = b'"dealer": 1, "dealer": 2, '
    return bytes(data)


@pytest.mark.fuzz
@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_are_read_or_refused(data: bytes) -> None:
    read(data)
    read(b"KTPI\x01" + data)  # past the device log's magic


@pytest.mark.fuzz
@FUZZ
@given(mutated())
def test_mutated_logs_are_read_or_refused(data: bytes) -> None:
    read(data)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@pytest.mark.fuzz
@FUZZ
@given(st.lists(json_values, min_size=1, max_size=6), st.deferred(lambda: st.sampled_from(_seeds()[:2])))
def test_random_json_lines_are_read_or_refused(values: list[object], seed: bytes) -> None:
    body = b"".join(json.dumps(v).encode() + b"\n" for v in values)
    read(body)
    read(seed.split(b"\n", 1)[0] + b"\n" + body)  # after a good header


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(list(args))
    return rc, out.getvalue() + err.getvalue()


@pytest.mark.fuzz
@settings(max_examples=fuzz_count(150, 50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated(), st.binary(max_size=500)))
def test_kitapi_replay_and_convert_never_crash(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "in.log"
        src.write_bytes(data)
        rc, text = run("replay", str(src))
        assert rc in (0, 2) and not any(c in text for c in RAW)
        assert (rc == 0) == (read(data) is not None)
        rc, text = run("convert", str(src), str(Path(d) / "out.log"))
        assert rc in (0, 2) and not any(c in text for c in RAW)
        if rc == 0:  # the other form replays to the same standings
            assert read((Path(d) / "out.log").read_bytes()) == read(data)
