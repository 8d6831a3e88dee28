"""The device log: size, lossless conversion, and damage that is found and reported.

A device log cut at every byte offset or with any single bit flipped must
never crash the reader nor give a wrong standing.  A cut keeps every whole
record before it.  A damaged record costs only itself: every valid record
after it stays in play, a damaged hand keeps its number and scores nothing
until a correction replaces it (the standings are those of the JSON Lines log
with that hand deleted, or without the damaged correction), and the damage
is reported by hand number.  Random bytes and random mutations of valid logs
(hypothesis) raise nothing but RuleError.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitapi.devlog import RECORD
from kitapi.devlogw import header_bytes
from kitapi.game import RuleError, result_json
from kitapi.replay import replay
from kitapi_host import logs
from kitapi_host.logs import gen
from testkit import fuzz_cases


def jsonl(header: dict, lines: list[str]) -> bytes:
    from kitapi.jsonw import header_json

    return (header_json(header) + "\n" + "".join(line + "\n" for line in lines)).encode()


def standings(data: bytes) -> tuple[str, object]:
    g, r = replay(io.BytesIO(data))
    return result_json(g), r.damage


def to_device(tmp_path: Path, data: bytes, name: str = "g") -> bytes:
    src = tmp_path / f"{name}.jsonl"
    src.write_bytes(data)
    dst = tmp_path / f"{name}.kitapi"
    assert logs.convert(src, dst) is None
    return dst.read_bytes()


@pytest.fixture(scope="module")
def small_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A 24-hand game with two corrections, as JSON Lines and as a device log."""
    tmp = tmp_path_factory.mktemp("small")
    hdr, hands = gen.generate("prefa", 7, 24)
    path = tmp / "g.jsonl"
    gen.write_jsonl(path, hdr, hands)
    text = path.read_text().splitlines()
    text.insert(6, '{"replace": 2, "dealer": 1, "bidder": 0, "contract": "6S", "defense": "none"}')
    text.insert(12, '{"delete": 4}')
    data = ("\n".join(text) + "\n").encode()
    return data, to_device(tmp, data)


def test_a_hand_is_eight_bytes(small_game: tuple[bytes, bytes]) -> None:
    """The header line plus 11 bytes of framing, then 8 bytes a record, checksum included."""
    data, dev = small_game
    first, rest = data.split(b"\n", 1)
    head = header_bytes(json.loads(first))
    assert len(head) == len(first) + 11
    assert RECORD == 8
    assert len(dev) == len(head) + 8 * len(rest.strip().split(b"\n"))


def test_conversion_is_lossless(tmp_path: Path, small_game: tuple[bytes, bytes]) -> None:
    data, dev = small_game
    (tmp_path / "d.kitapi").write_bytes(dev)
    logs.convert(tmp_path / "d.kitapi", tmp_path / "back.jsonl")
    assert (tmp_path / "back.jsonl").read_bytes() == data
    assert standings(dev) == standings(data)


def test_corrections_change_the_standings(small_game: tuple[bytes, bytes]) -> None:
    data, _ = small_game
    plain = b"\n".join(line for line in data.split(b"\n") if b"replace" not in line and b"delete" not in line)
    with_fixes, _ = standings(data)
    without, _ = standings(plain)
    assert with_fixes != without
    assert '"hands": 23' in with_fixes  # hand 4 deleted
    assert '"hands": 24' in without


def _prefix_results(data: bytes, dev: bytes) -> dict[int, str]:
    """Standings of the device log cut after each whole record: the truth to compare against."""
    lines = data.strip().split(b"\n")
    start = len(dev) - RECORD * (len(lines) - 1)
    out = {}
    for k in range(len(lines)):
        out[start + RECORD * k] = standings(b"\n".join(lines[: k + 1]) + b"\n")[0]
    return out


def test_cut_at_every_byte(small_game: tuple[bytes, bytes]) -> None:
    data, dev = small_game
    truth = _prefix_results(data, dev)
    start = min(truth)
    for cut in range(len(dev)):
        if cut < start:
            with pytest.raises(RuleError) as e:
                standings(dev[:cut])
            assert e.value.line == 1
            continue
        res, damage = standings(dev[:cut])
        kept = start + (cut - start) // RECORD * RECORD
        assert res == truth[kept], cut
        if cut == kept:
            assert damage is None
        else:
            assert damage is not None and damage[1] == kept and damage[3] == cut - kept


def damaged_model(data: bytes, damaged: set[int]) -> bytes:
    """The JSON Lines log that scores as the device log whose records ``damaged`` (0 the first) are damaged.

    A damaged hand keeps its number and scores nothing until a later correction
    replaces it: the hand stays, deleted right after it.  A damaged correction
    or end is as if it had never been written.  While a damaged hand is missing,
    a later hand the rules refuse is held back: ``held_model``.
    """
    return held_model(data, damaged)[0]


def held_model(data: bytes, damaged: set[int]) -> tuple[bytes, int, int]:
    """``damaged_model``'s log, with the hands held back, and how many (and the first: 0 none).

    Replayed as JSON Lines: where the replay stops at a hand (its record or its correction's) after a
    damaged hand that no valid correction replaces, that hand is held back (a deletion put last, so it
    wins); the replay again, until it goes through or stops where no damaged hand is missing.
    """
    head, *records = data.strip().split(b"\n")
    out = [head]
    of = [0]  # the hand each line of ``out`` is, or corrects (0: none)
    number = 0
    lost = []  # damaged hands
    fixed = set()  # hands a valid correction names
    for i, line in enumerate(records):
        obj = json.loads(line)
        is_hand = not ({"replace", "delete", "end"} & set(obj))
        number += is_hand
        target = number if is_hand else obj.get("replace", obj.get("delete", 0))
        if i not in damaged:
            out.append(line)
            of.append(target)
            if not is_hand:
                fixed.add(target)
        elif is_hand:
            out += [line, b'{"delete": %d}' % number]
            of += [number, number]
            lost.append(number)
    missing = [n for n in lost if n not in fixed]
    held: list[int] = []
    while True:
        text = b"\n".join(out) + b"\n"
        try:
            replay(io.BytesIO(text))
        except RuleError as e:
            k = of[e.line - 1] if 1 < e.line <= len(of) else 0
            if not k or k in held or not any(n < k for n in missing):
                raise
            held.append(k)
            at = len(out) - 1 if out[-1] == b'{"end": true}' else len(out)
            out.insert(at, b'{"delete": %d}' % k)
            of.insert(at, k)
            continue
        return text, len(held), min(held, default=0)


@pytest.mark.fuzz
def test_every_single_bit_flip(small_game: tuple[bytes, bytes]) -> None:
    """Any one bit flipped in a record costs that record alone; every other record stays in play (every bit under
    `make fuzz`, a seeded sample of 600 under `make test`)."""
    data, dev = small_game
    start = len(dev) - RECORD * (len(data.strip().split(b"\n")) - 1)
    flips = 0
    bits = fuzz_cases(range(len(dev) * 8), 600, seed=3)
    for bit in bits:
        bad = bytearray(dev)
        bad[bit // 8] ^= 1 << (bit % 8)
        if bit // 8 < start:
            with pytest.raises(RuleError) as e:
                standings(bytes(bad))
            assert e.value.line == 1
            continue
        res, damage = standings(bytes(bad))
        k = (bit // 8 - start) // RECORD
        assert res == standings(damaged_model(data, {k}))[0], bit
        assert damage is not None and damage[1] == start + k * RECORD and damage[3:5] == (RECORD, 1)
        flips += 1
    assert flips == sum(bit // 8 >= start for bit in bits)


def test_a_damaged_hand_is_named_and_entered_again(tmp_path: Path) -> None:
    """The issue's case: a bit flipped inside hand 3 of 10.  Hands 4-10 stay in play, hand 3 is named,
    and a correction record that replaces hand 3 brings the game back whole."""
    from kitapi.devlog import DevLogReader
    from kitapi.devlogw import write_record
    from kitapi.messages import damage as worded

    hdr, hands = gen.generate("prefa", 11, 10)
    gen.write_jsonl(tmp_path / "g.jsonl", hdr, hands)
    data = (tmp_path / "g.jsonl").read_bytes()
    dev = to_device(tmp_path, data)
    start = len(dev) - 10 * RECORD
    bad = bytearray(dev)
    bad[start + 2 * RECORD + 3] ^= 0x04
    g, r = replay(io.BytesIO(bytes(bad)))
    assert g.hands == 9 and r.seq == 10 and r.last == 10
    assert result_json(g) == standings(damaged_model(data, {2}))[0]
    assert r.damage[5:7] == (3, 1)
    assert "hand 3 is damaged: enter it again" in worded(r.damage)
    # entered again: a replace of hand 3 (what the box appends), with hand 3's contents
    rd = DevLogReader(io.BytesIO(dev))
    rd.header()
    for _ in range(3):
        rd.record(None)
    fixed = io.BytesIO()
    fixed.write(bytes(bad))
    write_record(fixed, bytearray(RECORD), 1, 3, rd.payload)
    fixed.seek(0)
    g2, r2 = replay(fixed)
    assert result_json(g2) == standings(dev)[0] and r2.damage is not None and r2.damage[5:7] == (0, 0)
    assert "enter it again" not in worded(r2.damage)


def test_hands_a_missing_damaged_hand_makes_illegal_are_held_back_until_it_is_entered_again(tmp_path: Path) -> None:
    """Issue 13's gap: without damaged hand 3 the game (a pouch of 10) would be over before hand 9, so the
    rules refuse hand 9.  The replay does not stop: hand 9 is held back (kept, counted and named, not
    scored), the other hands score; once hand 3 is entered again hand 9 scores too, and the game is whole.
    Every single hand's damage in this game agrees with the JSON Lines model (``held_model``)."""
    from kitapi.devlog import DevLogReader
    from kitapi.devlogw import write_record
    from kitapi.messages import damage as worded

    hdr, hands = gen.generate("prefa", 1, 40, pouch=10)
    gen.write_jsonl(tmp_path / "g.jsonl", hdr, hands)
    data = (tmp_path / "g.jsonl").read_bytes()
    dev = to_device(tmp_path, data)
    n = len(hands)
    assert n == 9
    start = len(dev) - n * RECORD
    bad = bytearray(dev)
    bad[start + 2 * RECORD + 3] ^= 0x04  # hand 3
    with pytest.raises(RuleError):  # the JSON Lines log without hand 3 breaks a rule at hand 9
        standings(jsonl_without(data, 3))
    g, r = replay(io.BytesIO(bytes(bad)))
    assert g.hands == 7 and r.seq == 9 and r.last == 8 and g.over
    assert r.damage[5:] == (3, 1, 1, 9)
    assert result_json(g) == standings(damaged_model(data, {2}))[0]
    assert "hand 3 is damaged: enter it again; 1 later hand(s) held back from hand 9" in worded(r.damage)
    # entered again (a replace of hand 3, as the box appends it): hand 9 scores, the game is whole
    rd = DevLogReader(io.BytesIO(dev))
    rd.header()
    for _ in range(3):
        rd.record(None)
    fixed = io.BytesIO()
    fixed.write(bytes(bad))
    write_record(fixed, bytearray(RECORD), 1, 3, rd.payload)
    fixed.seek(0)
    g2, r2 = replay(fixed)
    assert result_json(g2) == standings(dev)[0] and r2.damage[5:] == (0, 0, 0, 0)
    # a later correction of hand 9 (the box's edit of it): refused without hand 3 too, so held back too
    rd = DevLogReader(io.BytesIO(dev))
    rd.header()
    for _ in range(9):
        rd.record(None)
    edited = io.BytesIO()
    edited.write(bytes(bad))
    write_record(edited, bytearray(RECORD), 1, 9, rd.payload)
    g3, r3 = replay(io.BytesIO(edited.getvalue()))
    assert result_json(g3) == result_json(g) and r3.damage[5:] == (3, 1, 1, 9)
    text, count, late = held_model(data + b'{"replace": 9, %s\n' % data.strip().split(b"\n")[9][1:], {2})
    assert standings(text)[0] == result_json(g3) and (count, late) == (1, 9)
    # each hand damaged in turn (one bit of its payload), and each pair: the model agrees
    tried = held = 0
    for hit in [{k} for k in range(n)] + [{a, b} for a in range(n) for b in range(a + 1, n)]:
        bad = bytearray(dev)
        for k in hit:
            bad[start + k * RECORD + 4] ^= 0x20
        text, count, late = held_model(data, hit)
        res, damage = standings(bytes(bad))
        assert res == standings(text)[0] and damage[7:] == (count, late), hit
        tried += 1
        held += count > 0
    assert tried == 45 and held == 3, held


def jsonl_without(data: bytes, number: int) -> bytes:
    """The JSON Lines log with hand ``number`` deleted right after it (as the damaged hand scores)."""
    lines = data.strip().split(b"\n")
    return b"\n".join(lines[: number + 1] + [b'{"delete": %d}' % number] + lines[number + 1 :]) + b"\n"


def test_damage_is_worded(tmp_path: Path, small_game: tuple[bytes, bytes]) -> None:
    _, dev = small_game
    path = tmp_path / "cut.kitapi"
    path.write_bytes(dev[:-3])
    _, warning = logs.replay_file(path)
    assert warning is not None
    assert "the last record is cut short" in warning and "5 bytes, skipped" in warning


def test_a_valid_record_out_of_place_is_skipped(small_game: tuple[bytes, bytes]) -> None:
    """A whole record copied twice (a flash or writer fault): the copy is skipped, nothing else."""
    data, dev = small_game
    start = len(dev) - RECORD * (len(data.strip().split(b"\n")) - 1)
    doubled = dev[: start + RECORD] + dev[start : start + RECORD] + dev[start + RECORD :]
    res, damage = standings(doubled)
    assert damage is not None and damage[1] == start + RECORD and damage[0] == 54  # a hand out of sequence
    assert res == standings(data)[0]


def test_damaged_last_hand_keeps_its_number(small_game: tuple[bytes, bytes]) -> None:
    """The last hand damaged: it is hand N, and the box numbers the next hand N + 1; a hand appended
    after it agrees."""
    from kitapi.devlogw import write_record

    data, dev = small_game
    bad = bytearray(dev)
    bad[-4] ^= 0x01  # the small game ends with hand 24: a bit of its payload
    g, r = replay(io.BytesIO(bytes(bad)))
    assert r.seq == 24 and r.damage[5:7] == (24, 1)
    more = io.BytesIO()
    more.write(bytes(bad))
    write_record(more, bytearray(RECORD), 0, 25, 0x04000000)  # a passed-out hand (dealer 0), numbered 25
    more.seek(0)
    g2, r2 = replay(more)
    assert r2.seq == 25 and r2.damage[5:7] == (24, 1) and g2.hands == g.hands + 1


def test_two_to_three_bits_in_one_record_cost_that_record_alone(small_game: tuple[bytes, bytes]) -> None:
    """CRC-16/CCITT finds every 2- and 3-bit error in a record; where a valid hand follows the damage,
    the damaged records cost themselves alone, whatever they were."""
    import random

    data, dev = small_game
    n = len(data.strip().split(b"\n")) - 1
    start = len(dev) - RECORD * n
    rng = random.Random(13)
    for _ in range(400):
        k = rng.randrange(n - 1)  # not the last record: a hand (24) follows
        bad = bytearray(dev)
        for bit in rng.sample(range(64), rng.choice((2, 3))):
            bad[start + k * RECORD + bit // 8] ^= 1 << (bit % 8)
        res, damage = standings(bytes(bad))
        assert damage is not None and damage[1] == start + k * RECORD
        assert res == standings(damaged_model(data, {k}))[0], k


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400))
def test_fuzz_random_bytes(blob: bytes) -> None:
    """Random bytes, alone and after a valid device header: RuleError or a replay, nothing else."""
    for data in (blob, header_bytes({"kitapi": 1, "rules": "prefa", "players": ["A", "B", "C"]}) + blob):
        try:
            replay(io.BytesIO(data))
        except RuleError:
            pass


@st.composite
def mutations(draw: st.DrawFn) -> list[tuple[str, int, int]]:
    kind = st.sampled_from(["flip", "set", "cut", "insert", "delete", "dup"])
    return draw(st.lists(st.tuples(kind, st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6))


def _mutate(dev: bytes, ops: list[tuple[str, int, int]]) -> bytes:
    b = bytearray(dev)
    for kind, at, v in ops:
        if not b:
            break
        i = at % len(b)
        if kind == "flip":
            b[i] ^= 1 << (v % 8)
        elif kind == "set":
            b[i] = v
        elif kind == "cut":
            del b[i:]
        elif kind == "insert":
            b[i:i] = bytes([v])
        elif kind == "delete":
            del b[i]
        else:
            b[i:i] = b[i : i + RECORD]
    return bytes(b)


_FUZZ: dict[str, tuple[bytes, bytes]] = {}


def _fuzz_game() -> tuple[bytes, bytes]:
    """A 24-hand game with corrections (the small game's), made once for the fuzz tests."""
    if not _FUZZ:
        import tempfile

        tmp = Path(tempfile.mkdtemp())
        hdr, hands = gen.generate("prefa", 7, 24)
        gen.write_jsonl(tmp / "g.jsonl", hdr, hands)
        text = (tmp / "g.jsonl").read_text().splitlines()
        text.insert(6, '{"replace": 2, "dealer": 1, "bidder": 0, "contract": "6S", "defense": "none"}')
        text.insert(12, '{"delete": 4}')
        data = ("\n".join(text) + "\n").encode()
        _FUZZ["g"] = (data, to_device(tmp, data))
    return _FUZZ["g"]


@settings(max_examples=400, deadline=None)
@given(mutations())
def test_fuzz_mutations_of_a_valid_log(ops: list[tuple[str, int, int]]) -> None:
    """Random mutations of a valid device log: RuleError or a replay, nothing else."""
    _, dev = _fuzz_game()
    try:
        replay(io.BytesIO(_mutate(dev, ops)))
    except RuleError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 63)), min_size=1, max_size=5))
def test_fuzz_bit_flips_keep_every_valid_record(flips: list[tuple[int, int]]) -> None:
    """One bit flipped in each of several records: each damaged record costs itself alone (the JSON Lines
    model: a damaged hand deleted, a damaged correction gone); every valid record stays in play."""
    data, dev = _fuzz_game()
    n = len(data.strip().split(b"\n")) - 1
    start = len(dev) - RECORD * n
    bad = bytearray(dev)
    hit: dict[int, int] = {}
    for k, bit in flips:
        hit.setdefault(k % n, bit)
    for k, bit in hit.items():
        bad[start + k * RECORD + bit // 8] ^= 1 << (bit % 8)
    try:
        text, held, late = held_model(data, set(hit))
    except RuleError as e:  # an error no damaged hand's absence explains: the same
        with pytest.raises(RuleError) as got:
            standings(bytes(bad))
        assert str(got.value) == str(e)
        return
    res, damage = standings(bytes(bad))
    assert damage is not None and damage[4] == len(hit) and damage[1] == start + min(hit) * RECORD
    assert res == standings(text)[0] and damage[7:] == (held, late)


@pytest.mark.parametrize("where", ["pc", "box"])
def test_crc16_is_ccitt_false(where: str) -> None:
    """The CRC is CRC-16/CCITT-FALSE: its check value, and the bit-by-bit definition; both as the PC computes it
    (kitapi_host puts binascii.crc_hqx in place of kitapi.devlog's) and by the core's table, as the box does."""
    import random

    import kitapi_host
    from kitapi import devlog

    assert devlog.crc16 is kitapi_host._crc16  # what the PC's reader uses
    crc16 = kitapi_host._crc16 if where == "pc" else kitapi_host._TABLE_CRC16

    def by_bits(data: bytes) -> int:
        crc = 0xFFFF
        for b in data:
            crc ^= b << 8
            for _ in range(8):
                crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
        return crc

    assert crc16(b"123456789", 0, 9) == 0x29B1  # the catalogued check value
    rng = random.Random(7)
    for _ in range(500):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        assert crc16(data, 0, len(data)) == by_bits(data)
    assert crc16(b"xx123456789yy", 2, 11) == 0x29B1
