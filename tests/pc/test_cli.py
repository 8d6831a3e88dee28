"""``kitapi replay`` and ``kitapi convert`` as a user runs them, on both runtimes."""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

import pytest

import forkrun
from kitapi_host import cli, logs
from kitapi_host.logs import gen
from kitapi_host.sim.device import SimDevice
from testkit import KITAPI, ROOT

SAMPLE = ROOT / "examples" / "sample-prefa.jsonl"
HEADER = (
    '{"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 31}, "dealer": 0}'
)
HEADER4 = '{"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C", "D"], "dealer": 0}'
GOOD = '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}'


def kitapi(*args: str) -> subprocess.CompletedProcess[str]:
    return forkrun.run(list(args), text=True)


def test_sample_human_table() -> None:
    p = kitapi("replay", str(SAMPLE))
    assert p.returncode == 0, p.stderr
    assert "Who owes whom:" in p.stdout
    res = json.loads(kitapi("replay", str(SAMPLE), "--json").stdout)
    for name, pouch in zip(res["players"], res["pouch"], strict=True):
        assert any(line.split()[:2] == [name, str(pouch)] for line in p.stdout.splitlines())


def test_json_shape() -> None:
    p = kitapi("replay", str(SAMPLE), "--json")
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.count("\n") == 1
    res = json.loads(p.stdout)
    assert list(res) == ["rules", "players", "hands", "pouch", "chips", "over"]
    assert res["rules"] == "prefa" and res["hands"] == 10 and sum(res["chips"]) == 0


@pytest.fixture(scope="module")
def logs_to_compare(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    tmp = tmp_path_factory.mktemp("cmp")
    paths = [SAMPLE]
    for seed, players in ((1, 3), (2, 4), (3, 3)):
        hdr, hands = gen.generate("prefa", seed, 400, players, pouch=40)
        p = tmp / f"g{seed}.jsonl"
        gen.write_jsonl(p, hdr, hands)
        paths.append(p)
        d = tmp / f"g{seed}.kitapi"
        logs.convert(p, d)
        paths.append(d)
    greek = tmp / "greek.jsonl"
    greek.write_text(HEADER.replace("Anna", "Άννα").replace("Costas", "Κώστας 😀") + "\n" + GOOD + "\n", "utf-8")
    paths.append(greek)
    return paths


def test_runtimes_print_identical_json(logs_to_compare: list[Path]) -> None:
    for path in logs_to_compare:
        cp = kitapi("replay", str(path), "--json")
        mp = kitapi("replay", str(path), "--json", "--runtime", "micropython")
        assert cp.returncode == mp.returncode == 0, (path, cp.stderr, mp.stderr)
        assert cp.stdout == mp.stdout, path


def test_romfs_runtime_prints_identical_json(logs_to_compare: list[Path]) -> None:
    for path in logs_to_compare[:3]:
        cp = kitapi("replay", str(path), "--json")
        mp = kitapi("replay", str(path), "--json", "--runtime", "micropython", "--romfs")
        assert mp.returncode == 0, mp.stderr
        assert cp.stdout == mp.stdout, path


def test_a_long_device_log_replays_in_16k_from_romfs() -> None:
    """The memory figure: the core in ROMFS replays the bench's 10,000-hand game in a 16 KB heap (README, "The
    core"; missed by 0.6 KB once the damage-tolerant reader, the core's preview and its name checks came: the
    replay's 161 interned names took a fourth pool of 160 entries at once; 138 now, the log's path in the
    environment, not on the command line, and the parameters named as the port's own names).

    Run as kitapi bench runs it, on a file in a fresh temporary folder.
    """
    import shutil
    import tempfile

    from kitapi_host.bench import long_game

    tmp_path = Path(tempfile.mkdtemp())
    hdr, hands = long_game(1, 10_000)
    src, dev = tmp_path / "g.jsonl", tmp_path / "g.kitapi"
    gen.write_jsonl(src, hdr, hands)
    logs.convert(src, dev)
    p = kitapi("replay", str(dev), "--json", "--runtime", "micropython", "--romfs", "--heapsize", "16K")
    assert p.returncode == 0, p.stdout + p.stderr
    assert json.loads(p.stdout)["hands"] == 10_000
    assert p.stdout == kitapi("replay", str(dev), "--json").stdout
    shutil.rmtree(tmp_path)


def test_micropython_heapsize_is_passed_on() -> None:
    p = kitapi("replay", str(SAMPLE), "--json", "--runtime", "micropython", "--heapsize", "6K")
    assert p.returncode != 0 and p.stdout == "" and "MemoryError" in p.stderr


BAD = [
    ("unknown field value", [HEADER, GOOD.replace('"both"', '"all"')], 2, "unknown defense 'all'"),
    ("unknown field", [HEADER, GOOD.replace('"defense"', '"defence"')], 2, "unknown field 'defence'"),
    ("tricks sum", [HEADER, GOOD, GOOD.replace("[2, 6, 2]", "[2, 6, 3]")], 3, "tricks must sum to 10, not 11"),
    ("dealer bids", [HEADER4, '{"dealer": 2, "bidder": 2, "contract": "6S", "defense": "none"}'], 2, "dealer sits out"),
    (
        "active",
        [HEADER, '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "alone", "active": 1, "tricks": [4, 6, 0]}'],
        2,
        "'active' must be a defender",
    ),
    ("10N", [HEADER, '{"dealer": 0, "bidder": 1, "contract": "10N", "defense": "none"}'], 2, "ten_no_trump"),
    (
        "over",
        [
            HEADER.replace("31", "2"),
            *[f'{{"dealer": 0, "bidder": {s}, "contract": "6S", "defense": "none"}}' for s in (0, 1, 2)],
            '{"dealer": 0, "pass": true}',
        ],
        5,
        "game is over",
    ),
    ("broken JSON", [HEADER, GOOD, '{"dealer": 0, "bidder": 1,'], 3, "broken JSON"),
    ("bad header", [HEADER.replace('"prefa"', '"whist"')], 1, "unknown rules 'whist'"),
    ("correction ahead", [HEADER, GOOD, '{"delete": 2}'], 3, "no hand 2 to correct"),
    ("after the end", [HEADER, GOOD, '{"end": true}', GOOD], 4, "game has ended"),
]


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
@pytest.mark.parametrize(("case", "lines", "line", "reason"), BAD, ids=[b[0] for b in BAD])
def test_bad_input(tmp_path: Path, runtime: str, case: str, lines: list[str], line: int, reason: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    p = kitapi("replay", str(path), "--json", "--runtime", runtime)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1
    assert p.stderr.startswith(f"{path}:{line}: "), p.stderr
    assert reason in p.stderr


def test_an_intact_record_that_breaks_the_rules_is_a_damaged_hand(tmp_path: Path) -> None:
    """A device log record whose CRC holds but whose hand breaks the rules (the box never writes one: a CRC
    that held by chance) is a damaged hand, named with its line, every other hand kept (issue 23, item 8;
    it was bad input, exit 2, before)."""
    src = tmp_path / "g.jsonl"
    src.write_text(HEADER4 + "\n" + '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "none"}\n')
    dev = tmp_path / "g.kitapi"
    logs.convert(src, dev)
    # One more record with a valid checksum, in which the sitting-out dealer bids.
    from kitapi.devlogw import write_record
    from kitapi.game import new_game

    g = new_game(json.loads(HEADER4))
    g.hand.dealer = g.hand.bidder = 1
    with open(dev, "ab") as f:
        write_record(f, bytearray(8), 0, 2, g.pack(g.hand))
    for runtime in ("cpython", "micropython"):
        p = kitapi("replay", str(dev), "--json", "--runtime", runtime)
        assert p.returncode == 0 and json.loads(p.stdout)["hands"] == 1, p.stderr
        assert p.stderr == (
            f"{dev}: warning: damaged at byte {dev.stat().st_size - 8} (line 3): not a hand of these rules; 1 "
            "damaged record(s), 8 bytes, skipped; every valid record kept; hand 2 is damaged: enter it again\n"
        )


def _game20(tmp_path: Path) -> tuple[Path, bytes]:
    hdr, hands = gen.generate("prefa", 3, 20, pouch=200)
    src = tmp_path / "g20.jsonl"
    gen.write_jsonl(src, hdr, hands)
    dev = tmp_path / "g20.kitapi"
    logs.convert(src, dev)
    return src, dev.read_bytes()


def _record(op: int, number: int, payload: int) -> bytes:
    import io

    from kitapi.devlogw import write_record

    out = io.BytesIO()
    write_record(out, bytearray(8), op, number, payload)
    return out.getvalue()


def test_the_reports_record_whose_crc_holds_keeps_every_valid_hand(tmp_path: Path) -> None:
    """Issue 23's case: 10 hands, record 6 zeroed, record 7 a CRC-valid hand 7 of payload 0x0FFFFFFF:
    ``kitapi replay`` on both runtimes keeps the 8 valid hands and names hands 6 and 7 (exit 2 before, with
    ``:8: not a hand of these rules``); ``archive add`` archives the game with its 8 hands."""
    src, dev = _game20(tmp_path)
    start = len(dev) - 20 * 8
    bad = dev[: start + 40] + bytes(8) + _record(0, 7, 0x0FFFFFFF) + dev[start + 56 : start + 80]
    path = tmp_path / "bad.kitapi"
    path.write_bytes(bad)
    want = tmp_path / "want.jsonl"
    want.write_text("\n".join(src.read_text().splitlines()[:11]) + '\n{"delete": 6}\n{"delete": 7}\n')
    expected = kitapi("replay", str(want), "--json").stdout
    for runtime in ("cpython", "micropython"):
        p = kitapi("replay", str(path), "--json", "--runtime", runtime)
        assert p.returncode == 0 and p.stdout == expected and json.loads(p.stdout)["hands"] == 8, p.stderr
        assert "(line 7): checksum mismatch; 2 damaged record(s), 16 bytes" in p.stderr
        assert "hand 6 and 1 more are damaged: enter them again" in p.stderr
    db = tmp_path / "a.sqlite3"
    p = kitapi("archive", "add", "--db", str(db), str(path))
    assert p.returncode == 0, p.stderr
    (game,) = json.loads(kitapi("games", "--db", str(db), "--json").stdout)["games"]
    assert game["hands"] == 8 and game["result"] == json.loads(expected)
    assert "hand 6 and 1 more are damaged" in game["damage"]


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_a_blank_tail_is_no_hand_for_replay_and_archive(tmp_path: Path, fill: int) -> None:
    """20 hands then 2 MB of 0x00 or 0xFF (erased or zeroed flash): ``kitapi replay`` on both runtimes gives
    the 20 hands' standings with no warning, quickly (46.6 s for 2 MB of zeros before), and ``archive add``
    archives the 20 hands (a 30 MB zero tail ran for more than 10 minutes before)."""
    import time

    src, dev = _game20(tmp_path)
    path = tmp_path / "blank.kitapi"
    path.write_bytes(dev + bytes([fill]) * (2 << 20))
    expected = kitapi("replay", str(src), "--json").stdout
    for runtime in ("cpython", "micropython"):
        t = time.perf_counter()
        p = kitapi("replay", str(path), "--json", "--runtime", runtime)
        assert p.returncode == 0 and p.stdout == expected and p.stderr == "", p.stderr
        assert time.perf_counter() - t < 10
    db = tmp_path / "a.sqlite3"
    t = time.perf_counter()
    p = kitapi("archive", "add", "--db", str(db), str(path))
    assert p.returncode == 0 and "damaged" not in p.stdout + p.stderr, p.stdout + p.stderr
    assert time.perf_counter() - t < 30


def test_a_correction_of_a_hand_not_played_is_not_applied(tmp_path: Path) -> None:
    """``d21`` written after 20 hands (the box did so from ``printf d21 > ROOT/next``): replay keeps all 20
    hands and says the record is not applied (exit 2 before, ``there is no hand 21 to correct yet``); the
    archive takes the game."""
    src, dev = _game20(tmp_path)
    path = tmp_path / "d21.kitapi"
    path.write_bytes(dev + _record(2, 21, 0))
    expected = kitapi("replay", str(src), "--json").stdout
    for runtime in ("cpython", "micropython"):
        p = kitapi("replay", str(path), "--json", "--runtime", runtime)
        assert p.returncode == 0 and p.stdout == expected, p.stderr
        assert "(line 22): a correction of a hand not played yet (not applied); 1 damaged record(s)" in p.stderr
    p = kitapi("archive", "add", "--db", str(tmp_path / "a.sqlite3"), str(path))
    assert p.returncode == 0, p.stderr


def test_a_header_the_box_cannot_hold_is_refused(tmp_path: Path) -> None:
    """A 30 KB ``started``: ``replay`` (both runtimes), ``convert`` and ``archive add`` refuse it in one line
    with the limit (``convert`` and ``archive add`` took it before), and write nothing."""
    src = tmp_path / "big.jsonl"
    src.write_text(HEADER[:-1] + ', "started": "' + "x" * 30000 + '"}\n' + GOOD + "\n")
    line = f"{src}:1: 'started' must be text of at most 64 characters\n"
    for runtime in ("cpython", "micropython"):
        p = kitapi("replay", str(src), "--runtime", runtime)
        assert p.returncode == 2 and p.stderr == line
    p = kitapi("convert", str(src), str(tmp_path / "big.kitapi"))
    assert p.returncode != 0 and p.stderr == line and not (tmp_path / "big.kitapi").exists()
    db = tmp_path / "a.sqlite3"
    p = kitapi("archive", "add", "--db", str(db), str(src))
    assert p.returncode != 0 and "'started' must be text of at most 64 characters" in p.stderr
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_damaged_device_log_warns_and_keeps_the_rest(tmp_path: Path) -> None:
    src = tmp_path / "g.jsonl"
    src.write_text(HEADER + "\n" + GOOD + "\n" + GOOD.replace('"dealer": 0', '"dealer": 1') + "\n")
    dev = tmp_path / "g.kitapi"
    logs.convert(src, dev)
    data = bytearray(dev.read_bytes())
    data[-1] ^= 0x40
    dev.write_bytes(bytes(data))
    for runtime in ("cpython", "micropython"):
        p = kitapi("replay", str(dev), "--json", "--runtime", runtime)
        assert p.returncode == 0
        assert json.loads(p.stdout)["hands"] == 1
        assert (
            p.stderr == f"{dev}: warning: damaged at byte {len(data) - 8} (line 3): checksum mismatch; "
            "1 damaged record(s), 8 bytes, skipped; every valid record kept; hand 2 is damaged: enter it again\n"
        )


def test_a_hand_held_back_for_a_damaged_one_is_said_on_both_runtimes(tmp_path: Path) -> None:
    """Without damaged hand 3 the game would be over before hand 9: kitapi replay scores the rest, holds
    hand 9 back and says so in the warning, the same on CPython and MicroPython."""
    hdr, hands = gen.generate("prefa", 1, 40, pouch=10)
    src, dev = tmp_path / "g.jsonl", tmp_path / "g.kitapi"
    gen.write_jsonl(src, hdr, hands)
    logs.convert(src, dev)
    data = bytearray(dev.read_bytes())
    at = len(data) - 7 * 8
    data[at + 3] ^= 0x04  # hand 3
    dev.write_bytes(bytes(data))
    out = set()
    for runtime in ("cpython", "micropython"):
        p = kitapi("replay", str(dev), "--json", "--runtime", runtime)
        assert p.returncode == 0, p.stderr
        assert json.loads(p.stdout)["hands"] == 7
        assert p.stderr == (
            f"{dev}: warning: damaged at byte {at} (line 4): checksum mismatch; 1 damaged record(s), 8 bytes, "
            "skipped; every valid record kept; hand 3 is damaged: enter it again; 1 later hand(s) held back "
            "from hand 9: the rules refuse them until it is entered again\n"
        )
        out.add(p.stdout)
    assert len(out) == 1


def test_missing_file() -> None:
    p = kitapi("replay", "/nonexistent/game.jsonl")
    assert p.returncode == 2 and p.stderr.startswith("/nonexistent/game.jsonl:0: ")


def test_convert_round_trip_and_refusals(tmp_path: Path) -> None:
    dev, back = tmp_path / "s.kitapi", tmp_path / "s.jsonl"
    assert kitapi("convert", str(SAMPLE), str(dev)).returncode == 0
    assert dev.read_bytes().startswith(b"KTPI")
    assert kitapi("convert", str(dev), str(back)).returncode == 0
    assert back.read_bytes() == SAMPLE.read_bytes()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(HEADER + "\n" + GOOD.replace("6S", "6X") + "\n")
    out = tmp_path / "out.kitapi"
    p = kitapi("convert", str(bad), str(out))
    assert p.returncode == 2 and p.stderr.startswith(f"{bad}:2: unknown contract '6X'")
    assert not out.exists() and list(tmp_path.glob(".kitapi-*")) == []


def test_one_table_of_subcommands() -> None:
    """``kitapi``'s subcommands are cli.COMMANDS's, in its order, each added by the module the table names."""
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    listed = [name for _module, names in cli.COMMANDS for name in names]
    assert list(sub.choices) == listed
    assert len(set(listed)) == len(listed) and len({m for m, _ in cli.COMMANDS}) == len(cli.COMMANDS)
    for module, names in cli.COMMANDS:
        for name in names:  # the parser of each was made by its module's register()
            assert sub.choices[name].get_default("func").__module__ == module
    # every listing takes --json
    for argv in (["games"], ["show", "1"], ["stats"], ["players", "list"], ["replay", "f"]):
        assert parser.parse_args([*argv, "--json"]).json is True


_AS_ON_WINDOWS = """import sys, subprocess, pathlib, socket, selectors, threading, tempfile, signal, shutil
import serial, serial.tools.list_ports, mpremote.transport_serial  # pyserial has a Windows backend of its own
sys.platform = "win32"  # (the modules above were imported as this system's)
for name in ("fcntl", "pty", "termios", "tty"):
    sys.modules[name] = None  # their import now fails, as on Windows
from kitapi_host.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_kitapi_imports_nothing_posix_only_for_its_commands() -> None:
    """Windows has no fcntl, pty, termios or tty: only ``kitapi simdevice`` needs them, and says so."""
    out = subprocess.run(
        [*KITAPI[:1], "-c", _AS_ON_WINDOWS, "replay", "--json", str(SAMPLE)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == kitapi("replay", str(SAMPLE), "--json").stdout
    out = subprocess.run([*KITAPI[:1], "-c", _AS_ON_WINDOWS, "simdevice", "--fs", "x"], capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr == "kitapi simdevice: needs a POSIX system (it runs the firmware on a pseudo-terminal)\n"


def test_sync_gets_every_such_game_off_the_box(device: SimDevice, tmp_path: Path) -> None:
    """On the device: a log with ``d21`` after 20 hands, the report's CRC-valid record of no hand, and 20
    hands then 4 KB of zeros: ``kitapi sync`` archives all three, with 20, 8 and 20 hands (the first two
    stopped every sync before: ``there is no hand 21 to correct yet``, ``not a hand of these rules``)."""
    from kitapi_host.archive.db import Archive
    from testkit import write_game

    games = device.fs / "data" / "games"
    dev = write_game(games, "0001.kitapi", seed=3, hands=20, pouch=200)
    start = len(dev) - 20 * 8
    (games / "0001.kitapi").write_bytes(dev + _record(2, 21, 0))
    bad = dev[: start + 40] + bytes(8) + _record(0, 7, 0x0FFFFFFF) + dev[start + 56 : start + 80]
    (games / "0002.kitapi").write_bytes(bad)
    other = write_game(games, "0003.kitapi", seed=4, hands=20, pouch=200)  # (another game: not one of the same)
    (games / "0003.kitapi").write_bytes(other + bytes(4096))
    url = device.start()
    db = tmp_path / "a.sqlite3"
    out = forkrun.run(["sync", "--device", url, "--db", str(db)], text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    with Archive(db) as a:
        hands = {g["name"]: g["hands"] for g in a.games()}
    assert hands == {"0001.kitapi": 20, "0002.kitapi": 8, "0003.kitapi": 20}, hands
