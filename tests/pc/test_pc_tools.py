"""Issue 13, items 10-14: the PC tools (replay, convert, archive add, show, games, players) against
hostile input.  docs/reliability.md, "The PC tools", states each promise and names its test here.

- 10: no traceback for any input (deep nesting, lone surrogates, huge headers, duplicate keys, a closed pipe);
- 11: memory bounded whatever the input's size (a subprocess's max RSS, measured);
- 12: parallel commands wait, never crash (WAL, a busy timeout, one line when a writer gives up);
- 13: names are text a person typed (the core's check; nothing raw reaches the terminal; players rename);
- 14: a game imported as JSON Lines and as a device log is one game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import forkrun
from kitapi.devlog import crc16
from kitapi.game import RuleError, check_name, new_game
from kitapi_host import logs
from kitapi_host.archive.db import GROWN, NEW, SAME, Archive, ArchiveError
from kitapi_host.logs import gen
from testkit import ROOT

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"
HEADER = '{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "dealer": 0}'
GOOD = '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}'
RAW = ("\x1b", "\x07", "\u202e", "\u2066", "\x9b")  # what must never reach a terminal from a file


def kitapi(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return forkrun.run(
        list(args), text=True, errors="surrogateescape", env=None if env is None else {**os.environ, **env}
    )


def one_line_error(p: subprocess.CompletedProcess[str], where: str) -> str:
    """The run ended as bad input ends: exit 2, nothing on stdout, one line ``FILE:LINE: reason``."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr[-2000:])
    assert "Traceback" not in p.stderr and p.stdout == ""
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(where), p.stderr[-2000:]
    return lines[0]


def write(path: Path, *lines: str) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8", errors="surrogatepass")
    return path


def device_log(header_json: bytes) -> bytes:
    """A device log with this header JSON (any bytes) and no record: both CRCs right."""
    pre = bytearray(b"KTPI\x01" + bytes((len(header_json) >> 8, len(header_json) & 255)) + b"\0\0")
    c = crc16(pre, 0, 7)
    pre[7:9] = bytes((c >> 8, c & 255))
    c = crc16(header_json, 0, len(header_json))
    return bytes(pre) + header_json + bytes((c >> 8, c & 255))


# --- 10. No traceback for any input ----------------------------------------------------------


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_deep_nesting_is_one_line(tmp_path: Path, runtime: str) -> None:
    deep = write(tmp_path / "deep.jsonl", "[" * 30000 + "]" * 30000)
    line = one_line_error(kitapi("replay", "--runtime", runtime, str(deep)), f"{deep}:1: ")
    assert "nested deeper than 16" in line
    opts = write(tmp_path / "opts.jsonl", HEADER[:-1] + ', "options": ' + '{"a": ' * 40 + "1" + "}" * 41)
    assert "nested deeper" in one_line_error(kitapi("replay", "--runtime", runtime, str(opts)), f"{opts}:1: ")


def test_deep_nesting_in_a_device_log_header(tmp_path: Path) -> None:
    dev = tmp_path / "deep.kitapi"
    dev.write_bytes(device_log(b"[" * 2000 + b"]" * 2000))  # (within the 4,096 bytes a header may hold)
    assert "nested deeper" in one_line_error(kitapi("replay", str(dev)), f"{dev}:1: ")
    dev.write_bytes(device_log(b"[" * 30000 + b"]" * 30000))  # longer: refused before it is read
    line = one_line_error(kitapi("replay", str(dev)), f"{dev}:1: ")
    assert line.endswith("the header is 60000 bytes: a device log's header holds at most 4096")


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_lone_surrogate_is_refused_in_one_line(tmp_path: Path, runtime: str) -> None:
    for k, name in enumerate(["A\\udc80", "\\ud83d", "\\ude00B"]):
        f = write(tmp_path / f"s{k}.jsonl", HEADER.replace("Anna", name), GOOD)
        line = one_line_error(kitapi("replay", "--runtime", runtime, str(f)), f"{f}:1: ")
        assert "lone surrogates" in line
    f = write(tmp_path / "dev.jsonl", HEADER[:-1] + ', "device": "box\\udc80"}', GOOD)
    assert "'device' must not hold" in one_line_error(kitapi("replay", "--runtime", runtime, str(f)), f"{f}:1: ")


def test_a_header_too_long_for_a_device_log_is_refused_by_convert(tmp_path: Path) -> None:
    # 30,000 Greek letters: 60 kB of UTF-8 in the line, 180 kB as the device log's (ASCII) header JSON: refused
    # by the header's check (issue 23: the box could not hold it), in either direction
    f = write(tmp_path / "long.jsonl", HEADER[:-1] + ', "device": "' + "α" * 30000 + '"}', GOOD)
    out = tmp_path / "long.kitapi"
    line = one_line_error(kitapi("convert", str(f), str(out)), f"{f}:1: ")
    assert line.endswith("'device' must be text of at most 64 characters")
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["long.jsonl"]
    line = one_line_error(kitapi("convert", str(f), str(tmp_path / "back.jsonl"), "--to", "jsonl"), f"{f}:1: ")
    assert line.endswith("'device' must be text of at most 64 characters")


def test_convert_cannot_read_or_write_is_one_line(tmp_path: Path) -> None:
    one_line_error(kitapi("convert", str(tmp_path / "none.jsonl"), str(tmp_path / "x.kitapi")), f"{tmp_path}")
    one_line_error(kitapi("convert", str(SAMPLE), str(tmp_path / "no" / "x.kitapi")), f"{tmp_path}/no/x.kitapi:0:")


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_duplicate_keys_are_refused(tmp_path: Path, runtime: str) -> None:
    cases = {
        "header": (HEADER[:-1] + ', "dealer": 1}', GOOD),
        "hand": (HEADER, GOOD[:-1] + ', "bidder": 2}'),
        "nested": (HEADER[:-1] + ', "options": {"pouch": 20, "pouch": 40}}', GOOD),
    }
    for case, lines in cases.items():
        f = write(tmp_path / f"{case}.jsonl", *lines)
        line = 2 if case == "hand" else 1
        assert "a key twice" in one_line_error(kitapi("replay", "--runtime", runtime, str(f)), f"{f}:{line}: ")
    # a colon inside a string is no key: a header with "started" (a time) is read as before
    ok = write(tmp_path / "ok.jsonl", HEADER[:-1] + ', "started": "2026-01-31T21:30:00", "device": "a:b"}', GOOD)
    assert kitapi("replay", "--runtime", runtime, str(ok)).returncode == 0


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_duplicate_keys_in_a_device_log_header_are_refused(tmp_path: Path, runtime: str) -> None:
    """A device log's header is JSON too: a key twice is refused as in JSON Lines (json would keep the
    last one silently), whatever the PC command; a colon inside a text, even escaped, is still read."""
    cases = {
        "top": HEADER[:-1] + ', "dealer": 1}',
        "nested": HEADER[:-1] + ', "options": {"pouch": 20, "pouch": 40}}',
        "colon": HEADER[:-1] + ', "device": "a:b", "dealer": 1}',  # the colons even out: still found
    }
    for case, text in cases.items():
        dev = tmp_path / f"{case}.kitapi"
        dev.write_bytes(device_log(text.encode()))
        line = one_line_error(kitapi("replay", "--runtime", runtime, str(dev)), f"{dev}:1: ")
        assert line.endswith("a JSON object has a key twice"), line
        if runtime == "cpython":
            out = tmp_path / f"{case}.jsonl"
            assert "a key twice" in one_line_error(kitapi("convert", str(dev), str(out)), f"{dev}:1: ")
            assert not out.exists()
            db = tmp_path / "a.sqlite3"
            assert "a key twice" in one_line_error(kitapi("archive", "add", str(dev), "--db", str(db)), f"{dev}:1: ")
    for k, text in enumerate(
        [
            HEADER[:-1] + ', "started": "2026-01-31T21:30:00", "device": "a:b"}',
            HEADER[:-1] + ', "device": "a\\u003ab"}',  # an escaped colon: no key twice, read as before
        ]
    ):
        dev = tmp_path / f"ok{k}.kitapi"
        dev.write_bytes(device_log(text.encode()))
        p = kitapi("replay", "--runtime", runtime, str(dev))
        assert p.returncode == 0 and p.stderr == "", p.stderr


def test_an_error_line_is_capped(tmp_path: Path) -> None:
    key = "k" * 50000
    f = write(tmp_path / "key.jsonl", HEADER[:-1] + f', "{key}": 1}}')
    line = one_line_error(kitapi("replay", str(f)), f"{f}:1: unknown header field 'kkk")
    assert len(line) < len(str(f)) + 100 and line.endswith("'...")
    # however long the file's name, the line keeps its reason
    deep = tmp_path / ("d" * 200) / ("e" * 200) / ("f" * 200) / ("g" * 200)
    deep.mkdir(parents=True)
    f = write(deep / "key.jsonl", HEADER[:-1] + ', "x": 1}')
    p = kitapi("replay", str(f))
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1
    assert len(p.stderr) <= 1001 and p.stderr.rstrip().endswith("unknown header field 'x'")


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    big = tmp_path / "big.jsonl"
    hdr, hands = gen.generate("prefa", 3, 3000, 3, pouch=5000)
    gen.write_jsonl(big, hdr, hands)
    assert kitapi("archive", "add", "--db", str(db), str(big)).returncode == 0
    for cmd in (["show", "1", "--db", str(db)], ["replay", str(big)], ["games", "--db", str(db)]):
        p = subprocess.Popen(
            [sys.executable, "-m", "kitapi_host.cli", *cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert p.stdout is not None and p.stderr is not None
        p.stdout.read(10)
        p.stdout.close()  # as `| head -c 10` does
        err = p.stderr.read().decode()
        assert p.wait() in (0, 141) and err == "", err


# --- 11. Bounded memory -----------------------------------------------------------------------

LIMIT_MB = 100


def max_rss_mb(*args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run ``kitapi ARGS`` in a fresh process and return its max RSS (MB), measured by its own parent
    with getrusage(RUSAGE_CHILDREN), so no earlier child of the test run counts."""
    code = (
        "import json, resource, subprocess, sys\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "print(json.dumps([resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.returncode, p.stdout,"
        " p.stderr]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, sys.executable, "-m", "kitapi_host.cli", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    kb, rc, stdout, stderr = json.loads(out.stdout)
    return kb / 1024, subprocess.CompletedProcess(args, rc, stdout, stderr)


def damaged_big_device_log(tmp_path: Path, mb: int) -> Path:
    """A device log of ``mb`` MB: a game of 3 hands, then damage (bytes the reader drops)."""
    small = write(tmp_path / "small.jsonl", HEADER, GOOD, '{"dealer": 1, "pass": true}', '{"dealer": 2, "pass": true}')
    dev = tmp_path / "small.kitapi"
    logs.convert(small, dev)
    big = tmp_path / f"big{mb}.kitapi"
    with open(big, "wb") as f:
        f.write(dev.read_bytes())
        chunk = b"\xfe" * (1 << 20)  # (not 0xFF: a tail of 0xFF alone is unwritten space, no damage)
        for _ in range(mb):
            f.write(chunk)
    return big


def test_archive_add_of_an_8_mb_device_log_stays_under_100_mb(tmp_path: Path) -> None:
    big = damaged_big_device_log(tmp_path, 8)  # (today's kitapi took about 64 MB a MB of log)
    db = tmp_path / "a.sqlite3"
    mb, p = max_rss_mb("archive", "add", "--db", str(db), str(big))
    assert p.returncode == 0 and "8388608 bytes, skipped" in p.stdout, p.stderr
    assert mb < LIMIT_MB, f"max RSS {mb:.0f} MB"
    with Archive(db) as a:
        assert a.log(1) == big.read_bytes()  # kept byte for byte
    mb, p = max_rss_mb("show", "1", "--db", str(db))
    assert p.returncode == 0 and mb < LIMIT_MB
    mb, p = max_rss_mb("archive", "add", "--db", str(db), str(big))  # the same: compared as a stream
    assert p.returncode == 0 and "game 1 same" in p.stdout and mb < LIMIT_MB


def test_archive_add_memory_does_not_grow_with_the_hands(tmp_path: Path) -> None:
    rss = []
    for n in (1000, 30000):
        f = tmp_path / f"h{n}.jsonl"
        write(f, HEADER, *(f'{{"dealer": {i % 3}, "pass": true}}' for i in range(n)))
        dev = tmp_path / f"h{n}.kitapi"
        logs.convert(f, dev)
        mb, p = max_rss_mb("archive", "add", "--db", str(tmp_path / f"a{n}.sqlite3"), str(dev))
        assert p.returncode == 0, p.stderr
        rss.append(mb)
    # today's kitapi kept every hand in lists: about 470 bytes a hand, 13 MB more for 29,000 more hands
    assert rss[1] - rss[0] < 6, rss


def test_a_20_mb_line_is_refused_as_soon_as_its_limit_is_passed(tmp_path: Path) -> None:
    f = tmp_path / "line.jsonl"
    with open(f, "w") as out:
        out.write(HEADER[:-1] + ', "device": "')
        for _ in range(20):
            out.write("x" * (1 << 20))
        out.write('"}\n' + GOOD + "\n")
    for args in (["replay", str(f)], ["convert", str(f), str(tmp_path / "o.kitapi")]):
        mb, p = max_rss_mb(*args)
        assert mb < LIMIT_MB / 2, mb
        assert "a log line is longer than 65535 bytes" in one_line_error(p, f"{f}:1: ")
    mb, p = max_rss_mb("archive", "add", "--db", str(tmp_path / "a.sqlite3"), str(f))
    assert p.returncode == 2 and "longer than 65535" in p.stderr and mb < LIMIT_MB / 2


# --- 12. Parallel commands wait, never crash -------------------------------------------------

HOLD = """
import sys, time
from kitapi_host.archive.db import Archive
a = Archive(sys.argv[1])
with a.transaction():
    a.db.execute("INSERT INTO players (name) VALUES ('holder')")
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_a_writer_holding_the_archive_makes_nobody_fail(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    assert kitapi("archive", "add", "--db", str(db), str(SAMPLE)).returncode == 0
    other = tmp_path / "other.jsonl"
    hdr, hands = gen.generate("prefa", 5, 20, 3, pouch=60)
    gen.write_jsonl(other, hdr, hands)
    hold = 10.0  # past the 5 s busy timeout of old
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(hold)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
    start = time.monotonic()
    cmd = [sys.executable, "-m", "kitapi_host.cli"]
    pipe = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True}
    writer = subprocess.Popen([*cmd, "archive", "add", "--db", str(db), str(other)], **pipe)  # type: ignore[call-overload]
    quitter = subprocess.Popen(
        [*cmd, "archive", "add", "--db", str(db), str(other)],
        env={**os.environ, "KITAPI_BUSY_TIMEOUT": "1"},
        **pipe,
    )
    reader = subprocess.run([*cmd, "games", "--db", str(db)], capture_output=True, text=True)
    assert reader.returncode == 0 and reader.stderr == "" and "Anna" in reader.stdout
    assert holder.poll() is None, "the reader ended only after the writer let go"
    out, err = quitter.communicate()
    assert holder.poll() is None, "the writer that gave up waited for the holder"
    assert quitter.returncode == 2 and out == "" and "Traceback" not in err
    assert err.splitlines() == [
        f"{db}: the archive is busy: another kitapi kept writing to it for 1 s; nothing was written, try again"
    ]
    out, err = writer.communicate()
    assert writer.returncode == 0 and err == "" and out == f"{other}: game 2 new\n"
    assert time.monotonic() - start >= hold - 1  # it waited for the holder
    assert holder.wait() == 0


def test_parallel_writers_all_get_in(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    files = []
    for k in range(8):
        f = tmp_path / f"g{k}.jsonl"
        hdr, hands = gen.generate("prefa", 100 + k, 60, 3, pouch=60)
        gen.write_jsonl(f, hdr, hands)
        files.append(f)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "kitapi_host.cli", "archive", "add", "--db", str(db), str(f)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for f in files
    ]
    for p in procs:
        out, err = p.communicate()
        assert p.returncode == 0 and err == "" and " new" in out, err
    with Archive(db) as a:
        assert len(a.games()) == 8


def test_a_file_that_is_not_an_archive_is_one_line(tmp_path: Path) -> None:
    db = write(tmp_path / "not.sqlite3", "hello " * 1000)
    for args in (["games"], ["archive", "add", str(SAMPLE)], ["show", "1"], ["stats"]):
        p = kitapi(*args, "--db", str(db))
        assert p.returncode == 2 and "Traceback" not in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr
        assert p.stderr.startswith(f"{db}: not a Kitapi archive")


# --- 13. Names are text a person typed -------------------------------------------------------

KEPT = ["Anna", "Άννα", "Анна", "Jörg-Éric", "😀🃏", "Ngô Bảo", "😀" * 12, "a b"]
REFUSED = ["\x1b]0;pwned\x07", "A\x1b[2J", "\x00", "Tab\there", "A\x7f", "A\x85", "\u202eevil", "A\u2066", "\udc80"]


def test_the_core_keeps_typed_names_and_refuses_control_characters() -> None:
    for name in KEPT:
        g = new_game({"kitapi": 1, "rules": "prefa", "players": [name, "B", "C"]})
        assert g.players[0] == name
        check_name(name)  # (raises if refused)
    for name in REFUSED:
        with pytest.raises(RuleError) as e:
            new_game({"kitapi": 1, "rules": "prefa", "players": [name, "B", "C"]})
        assert e.value.args[0] == 97
        assert not any(c in str(e.value) for c in RAW)
    for field in ("started", "device"):
        with pytest.raises(RuleError) as e:
            new_game({"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"], field: "x\x1b[2J"})
        assert str(e.value) == f"'{field}' must not hold control characters or lone surrogates (U+001B)"


def test_nothing_raw_from_a_file_reaches_the_terminal(tmp_path: Path) -> None:
    crafted = [
        HEADER.replace("Anna", "\\u001b]0;pwned\\u0007"),
        HEADER.replace("Anna", "\\u001b[2J"),
        HEADER[:-1] + ', "\\u001b[2J\\u202e": 1}',
        HEADER[:-1] + ', "rules2": "\\u0007\\u009b"}',
        HEADER.replace('"prefa"', '"\\u001b[31mred"'),
    ]
    for k, header in enumerate(crafted):
        f = write(tmp_path / f"c{k}.jsonl", header, GOOD)
        for args in (["replay", str(f)], ["replay", "--runtime", "micropython", str(f)], ["convert", str(f), "x"]):
            p = kitapi(*args)
            assert p.returncode == 2 and "Traceback" not in p.stderr
            assert not any(c in p.stdout + p.stderr for c in RAW), repr(p.stderr)
        p = kitapi("archive", "add", "--db", str(tmp_path / "a.sqlite3"), str(f))
        assert p.returncode == 2 and not any(c in p.stdout + p.stderr for c in RAW), repr(p.stderr)
    hand = write(tmp_path / "hand.jsonl", HEADER, GOOD[:-1] + ', "\\u001b]0;x\\u0007": 1}')
    p = kitapi("replay", str(hand))
    assert p.returncode == 2 and "\\x1b]0;x\\x07" in p.stderr and "\x1b" not in p.stderr


def test_players_rename_applies_the_cores_rules(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite3"
    assert kitapi("archive", "add", "--db", str(db), str(SAMPLE)).returncode == 0
    for bad in ["", "x" * 25, "😀" * 13, "\x1b[2J", "A\u202e", "A\x85"]:
        p = kitapi("players", "rename", "Anna", bad, "--db", str(db))
        assert p.returncode == 2 and "Traceback" not in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr
        assert "player names must" in p.stderr and not any(c in p.stderr for c in RAW)
    with Archive(db) as a:
        with pytest.raises(ArchiveError, match="lone surrogates"):
            a.rename_player("Anna", "A\udc80")
        assert "Anna" in a.players()
    prev = "Anna"
    for good in ["Άννα", "😀" * 12, "x" * 24]:
        p = kitapi("players", "rename", prev, good, "--db", str(db))
        assert p.returncode == 0, p.stderr
        prev = good


def test_a_rename_is_kept_when_the_game_grows(tmp_path: Path) -> None:
    hdr, hands = gen.generate("prefa", 21, 30, 3, pouch=60)
    full = tmp_path / "full.jsonl"
    gen.write_jsonl(full, hdr, hands)
    dev = tmp_path / "full.kitapi"
    logs.convert(full, dev)
    data = dev.read_bytes()
    names = hdr["players"]
    with Archive(tmp_path / "a.sqlite3") as a:
        gid, status = a.add_log(data[: len(data) - 8 * 10], "pico", "games/0001.kitapi")
        a.rename_player(names[0], "Renamed")
        again = a.add_log(data, "pico", "games/0001.kitapi")
        assert tuple(again) == (gid, GROWN)
        assert a.game(gid)["result"]["players"] == ["Renamed", *names[1:]]
        assert names[0] not in a.players()
        assert a.game(gid)["hands"][-1]["bidder"] is not None


# --- 14. One game whatever its form ----------------------------------------------------------


def test_a_game_as_json_lines_and_as_device_log_is_one_game(tmp_path: Path) -> None:
    hdr, hands = gen.generate("prefa", 31, 40, 3, pouch=60)
    jl = tmp_path / "g.jsonl"
    gen.write_jsonl(jl, hdr, hands)
    dev = tmp_path / "g.kitapi"
    logs.convert(jl, dev)
    for first, second in ((jl, dev), (dev, jl)):
        with Archive(tmp_path / f"{first.suffix}.sqlite3") as a:
            gid, status = a.add_log(first.read_bytes(), "file", str(first))
            again = a.add_log(second.read_bytes(), "pico", "games/0001.kitapi")
            assert status == NEW and tuple(again) == (gid, SAME)
            assert again.warnings == [f"the same game is already archived as game {gid} (file:{first})"]
            assert len(a.games()) == 1
    # a copy written otherwise (other spacing and key order) is the same game too
    other = tmp_path / "other.jsonl"
    other.write_text(
        "\n".join(
            json.dumps(json.loads(x), indent=None, separators=(",", ":"), sort_keys=True)
            for x in jl.read_text().splitlines()
        )
        + "\n"
    )
    with Archive(tmp_path / ".jsonl.sqlite3") as a:
        assert a.add_log(other.read_bytes(), "file", "other").status == SAME


def test_a_device_game_grows_across_forms(tmp_path: Path) -> None:
    """A device's game (its header says when it started) exported early as JSON Lines, then synced whole."""
    hdr, hands = gen.generate("prefa", 41, 40, 3, pouch=60)
    hdr["started"] = "2026-11-25T11:00:00"
    early = tmp_path / "early.jsonl"
    gen.write_jsonl(early, hdr, hands[:25])
    whole = tmp_path / "whole.jsonl"
    gen.write_jsonl(whole, hdr, hands)
    dev = tmp_path / "whole.kitapi"
    logs.convert(whole, dev)
    with Archive(tmp_path / "a.sqlite3") as a:
        gid, _ = a.add_log(early.read_bytes(), "file", "early.jsonl")
        grown = a.add_log(dev.read_bytes(), "pico", "games/0001.kitapi")
        assert tuple(grown) == (gid, GROWN) and len(a.games()) == 1
        assert a.game(gid)["result"]["hands"] == 40
        older = a.add_log(early.read_bytes(), "file", "again/early.jsonl")  # the early copy once more
        assert tuple(older) == (gid, SAME) and "an older copy of game" in older.warnings[0]
