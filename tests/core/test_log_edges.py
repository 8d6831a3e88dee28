"""The edges of a game log and the checks of the core (issue 23, items 4, 7, 8, 9 and 12).

- Unwritten space after the last record (whole records of 0x00 or 0xFF bytes, erased or zeroed flash, a
  file a crash extended) is neither a hand nor damage, and is read at the speed of the file; blank records
  between written ones are damage as before.
- A record whose CRC holds but which is no hand of these rules is a damaged hand: every valid hand kept.
- A correction of a hand that does not exist is refused before it is written (``replay(f, fix)``, which the
  box's ``Store.check_fix`` is), and one already in a device log is not applied, reported, every other
  record kept.
- A header the box cannot hold is refused (its texts bounded, a device log's header read only up to
  ``MAX_HEADER``), with the limit in the message; a player name of spaces or invisible characters alone is
  refused.
"""

from __future__ import annotations

import io
import json
import random
import time
from pathlib import Path

import pytest

from kitapi.devlog import _SYNDROME, _SYNDROME_AT, MAX_HEADER, RECORD, DevLogReader, crc16
from kitapi.devlogw import header_bytes, write_record
from kitapi.game import MAX_TEXT, OP_DELETE, OP_HAND, OP_REPLACE, RuleError, new_game, result_json
from kitapi.messages import damage as damage_text
from kitapi.replay import replay
from kitapi_host import logs
from kitapi_host.logs import gen

HEADER = {"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 31}}


def record(op: int, number: int, payload: int) -> bytes:
    buf = bytearray(RECORD)
    out = io.BytesIO()
    write_record(out, buf, op, number, payload)
    return out.getvalue()


@pytest.fixture(scope="module")
def game20(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A 20-hand game as JSON Lines and as a device log."""
    tmp = tmp_path_factory.mktemp("g20")
    hdr, hands = gen.generate("prefa", 3, 20, pouch=200)
    assert len(hands) == 20
    src = tmp / "g.jsonl"
    gen.write_jsonl(src, hdr, hands)
    logs.convert(src, tmp / "g.kitapi")
    return src.read_bytes(), (tmp / "g.kitapi").read_bytes()


def run(data: bytes, fix: tuple[int, int] | None = None) -> tuple[str, DevLogReader]:
    g, r = replay(io.BytesIO(data), fix)
    return result_json(g), r


def start_of_records(dev: bytes, n: int = 20) -> int:
    return len(dev) - n * RECORD


def without(data: bytes, *numbers: int) -> bytes:
    """The JSON Lines log with hands ``numbers`` deleted at its end (as damaged hands score: nothing)."""
    return data + b"".join(b'{"delete": %d}\n' % k for k in numbers)


# --- item 7: unwritten space ---------------------------------------------------------------------------


@pytest.mark.parametrize("fill", [0x00, 0xFF])
@pytest.mark.parametrize("size", [8, 9, 15, 16, 512, 4096, 4096 + 5, 65536])
def test_a_blank_tail_is_unwritten_space(game20: tuple[bytes, bytes], fill: int, size: int) -> None:
    """20 hands, then ``size`` bytes of 0x00 or 0xFF: the 20 hands' standings, no damage, hand 21 next,
    the readers' end right after hand 20 (where the box appends), the blank bytes counted apart."""
    data, dev = game20
    res, r = run(dev + bytes([fill]) * size)
    assert res == run(data)[0]
    assert r.damage is None
    assert r.seq == 20 and r.last == 20  # the next hand is 21
    assert r.end == len(dev) and r.blank == size


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_blank_bytes_short_of_a_record_are_a_torn_record_still(game20: tuple[bytes, bytes], fill: int) -> None:
    """Fewer than 8 blank bytes after the last record: a torn append, as before (the box names it)."""
    data, dev = game20
    for n in range(1, RECORD):
        res, r = run(dev + bytes([fill]) * n)
        assert res == run(data)[0] and r.damage is not None and r.damage[0] == 51 and r.damage[3] == n


def test_a_written_record_before_the_blank_tail_is_read_as_one(game20: tuple[bytes, bytes]) -> None:
    """A record with a byte written (here the first 3 bytes of hand 21, then zeros to the end) is a record:
    damaged, and read as the hand it names; the blank records after it are unwritten space."""
    data, dev = game20
    res, r = run(dev + b"\x00\x00\x15" + bytes(4096 - 3))
    assert res == run(data)[0]
    assert r.damage is not None and r.damage[:5] == (52, len(dev), 22, 8, 1) and r.damage[5:7] == (21, 1)
    assert r.seq == 21 and r.end == len(dev) + RECORD


def test_blank_records_between_written_ones_are_damage(game20: tuple[bytes, bytes]) -> None:
    """A zeroed block in the middle (records 6-8) stays damage: those three hands are lost, every other kept."""
    data, dev = game20
    s = start_of_records(dev)
    for fill in (0x00, 0xFF):
        bad = dev[: s + 5 * RECORD] + bytes([fill]) * (3 * RECORD) + dev[s + 8 * RECORD :]
        res, r = run(bad)
        assert res == run(without(data, 6, 7, 8))[0]
        assert r.damage is not None and r.damage[3:7] == (24, 3, 6, 3)


def test_no_blank_record_is_a_valid_record() -> None:
    """Why a blank tail can be skipped whole: no record made of 0x00 and 0xFF bytes alone is one the reader
    takes (every one of the 256): its CRC fails, or its op is 7 (FF FF 00 00 00 00 00 00 has a CRC that
    holds)."""
    for k in range(256):
        b = bytes(0xFF if k >> i & 1 else 0 for i in range(RECORD))
        assert crc16(b, 0, 6) != b[6] << 8 | b[7] or b[0] >> 5 == 7


def test_the_syndrome_table_names_each_flipped_bit() -> None:
    """The reader mends one flipped bit by its syndrome (one lookup, not 64 CRCs): the table is each bit's."""
    zero = crc16(bytes(6), 0, 6)
    for bit in range(48):
        e = bytearray(6)
        e[bit >> 3] = 128 >> (bit & 7)
        s = _SYNDROME[2 * bit] << 8 | _SYNDROME[2 * bit + 1]
        assert s == crc16(e, 0, 6) ^ zero
        assert s & (s - 1)  # not a flip of the CRC itself (one bit set)
    assert len(_SYNDROME) == 96
    for k in range(79):  # the lookup by remainder names each bit whose syndrome has that remainder, and no other
        at = [bit for bit in range(48) if (_SYNDROME[2 * bit] << 8 | _SYNDROME[2 * bit + 1]) % 79 == k]
        assert _SYNDROME_AT[k] == (at[0] + 1 if at else 0) and len(at) <= 1


def _seconds(data: bytes) -> float:
    t = time.perf_counter()
    replay(io.BytesIO(data))
    return time.perf_counter() - t


def test_zeros_read_as_fast_as_any_bytes(game20: tuple[bytes, bytes]) -> None:
    """2 MB of zeros after the records is read in well under a second (46.6 s before), as fast as 0xFF; a
    zeroed block between records (64 KB: 8,192 damaged records) costs no more than an erased one (each
    damaged record tried 64 CRCs before, 30x the time)."""
    _, dev = game20
    s = start_of_records(dev)
    assert _seconds(dev + bytes(2 << 20)) < 1.0
    assert _seconds(dev + b"\xff" * (2 << 20)) < 1.0
    zeros = min(_seconds(dev[: s + 80] + bytes(65536) + dev[s + 80 :]) for _ in range(3))
    erased = min(_seconds(dev[: s + 80] + b"\xff" * 65536 + dev[s + 80 :]) for _ in range(3))
    assert zeros < 3 * erased, (zeros, erased)


# --- item 8: a CRC that holds on no hand ---------------------------------------------------------------


def test_a_record_whose_crc_holds_on_no_hand_is_a_damaged_hand(game20: tuple[bytes, bytes]) -> None:
    """The report's case: record 6 zeroed, record 7 a CRC-valid hand 7 of payload 0x0FFFFFFF, 10 hands: the
    8 valid hands are kept and hands 6 and 7 named (exit 2 before: ``:8: not a hand of these rules``)."""
    data, dev = game20
    s = start_of_records(dev)
    lines = data.split(b"\n")
    data10 = b"\n".join(lines[:11]) + b"\n"
    bad = dev[: s + 5 * RECORD] + bytes(RECORD) + record(OP_HAND, 7, 0x0FFFFFFF) + dev[s + 7 * RECORD : s + 80]
    res, r = run(bad)
    assert res == run(without(data10, 6, 7))[0]
    assert json.loads(res)["hands"] == 8
    assert r.damage is not None and r.damage[3:7] == (16, 2, 6, 2)
    assert "hand 6 and 1 more are damaged" in damage_text(r.damage)
    # alone, it is named by its kind, its byte and its line
    res, r = run(dev[: s + 6 * RECORD] + record(OP_HAND, 7, 0x0FFFFFFF) + dev[s + 7 * RECORD : s + 80])
    assert res == run(without(data10, 7))[0]
    assert r.damage is not None and r.damage[:7] == (48, s + 48, 8, 8, 1, 7, 1)
    assert damage_text(r.damage).startswith(f"damaged at byte {s + 48} (line 8): not a hand of these rules;")


def test_a_hand_the_rules_refuse_is_damage_too(game20: tuple[bytes, bytes]) -> None:
    """A payload Prefa unpacks but whose tricks do not sum to 10 (its check refuses it), CRC-valid, as the
    last hand: a damaged hand 20, the other 19 kept, the next hand 21."""
    data, dev = game20
    g = new_game(HEADER)
    h = g.parse({"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]})
    payload = g.pack(h) & ~0xF | 3  # the second defender's tricks 3: 11 in all
    res, r = run(dev[:-RECORD] + record(OP_HAND, 20, payload))
    assert res == run(without(data, 20))[0]
    assert r.damage is not None and r.damage[0] == 48 and r.damage[5:7] == (20, 1) and r.seq == 20


def test_a_correction_whose_crc_holds_on_no_hand_is_not_applied(game20: tuple[bytes, bytes]) -> None:
    data, dev = game20
    res, r = run(dev + record(OP_REPLACE, 3, 0x0FFFFFFF))
    assert res == run(data)[0] and r.damage is not None and r.damage[:5] == (48, len(dev), 22, 8, 1)


def test_random_crc_valid_records_never_stop_the_replay(game20: tuple[bytes, bytes]) -> None:
    """2,000 random records (seeded) with a CRC that holds, in place of hand 7 of the 20 (as 1 damaged record
    in 65,536 reads): never an error (232 of 2,000 such were before), the 20 hands counted; one that reads as
    a hand (op 0) is hand 7, damaged (no random payload of these makes a legal hand) with every other kept;
    then 2,000 random payloads of hand 7 itself, each a damaged hand 7."""
    data, dev = game20
    s = start_of_records(dev)
    rng = random.Random(23)
    lost7 = run(without(data, 7))[0]
    for k in range(4000):
        if k < 2000:
            op, number, payload = rng.randrange(4), rng.randrange(65536), rng.getrandbits(29)
        else:
            op, number, payload = OP_HAND, 7, rng.getrandbits(29)
        bad = dev[: s + 6 * RECORD] + record(op, number, payload) + dev[s + 7 * RECORD :]
        res, r = run(bad)
        assert r.seq == 20
        if op == OP_HAND:
            assert res == lost7 and r.damage is not None and r.damage[5:7] == (7, 1), (op, number, payload)


# --- item 4: corrections of hands that do not exist ----------------------------------------------------


@pytest.mark.parametrize("fix", [(21, -1), (0, -1), (65535, -1), (99999, -1), (-1, -1), (21, 0x1000000)])
def test_a_correction_of_a_hand_that_does_not_exist_is_refused_before_it_is_written(
    game20: tuple[bytes, bytes], fix: tuple[int, int]
) -> None:
    """``replay(f, fix)``, as the box's ``Store.check_fix`` calls it before it writes a correction."""
    _, dev = game20
    with pytest.raises(RuleError) as e:
        run(dev, fix)
    assert str(e.value) == f"there is no hand {fix[0]} to correct yet"
    run(dev, (20, -1))  # the last hand can be deleted
    run(dev, (1, -1))


@pytest.mark.parametrize(
    "rec", [record(OP_DELETE, 21, 0), record(OP_DELETE, 65535, 0), record(OP_REPLACE, 25, 0x1000000)]
)
def test_a_correction_of_a_hand_not_played_in_the_log_is_not_applied(game20: tuple[bytes, bytes], rec: bytes) -> None:
    """Written by the firmware before this check (``d21`` in ROOT/next on a 20-hand game): every hand kept,
    the record reported as not applicable (the game never opened again before), and a hand 21 after it is
    hand 21, scored."""
    data, dev = game20
    res, r = run(dev + rec)
    assert res == run(data)[0] and r.seq == 20
    assert r.damage is not None and r.damage[:5] == (107, len(dev), 22, 8, 1) and r.damage[5] == 0
    assert "a correction of a hand not played yet (not applied)" in damage_text(r.damage)
    last = dev[-RECORD:]  # hand 20's payload again, as hand 21
    res, r = run(dev + rec + record(OP_HAND, 21, (last[0] & 31) << 24 | int.from_bytes(last[3:6], "big")))
    assert json.loads(res)["hands"] == 21 and r.seq == 21


# --- items 9 and 12: the header ------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["started", "device"])
def test_the_header_texts_are_bounded(field: str) -> None:
    new_game({**HEADER, field: "é" * MAX_TEXT})
    for n in (MAX_TEXT + 1, 30000, 60000):
        with pytest.raises(RuleError) as e:
            new_game({**HEADER, field: "x" * n})
        assert str(e.value) == f"'{field}' must be text of at most {MAX_TEXT} characters"


def test_a_device_log_header_over_the_limit_is_refused_before_it_is_read() -> None:
    """A 60 KB header (a ``started`` of 60,000 characters, its CRCs right): refused by its length field, with
    the limit, before it is read into memory."""
    body = json.dumps({**HEADER, "started": "x" * 60000}).encode()
    pre = bytearray(b"KTPI\x01" + len(body).to_bytes(2, "big"))
    pre += crc16(pre, 0, 7).to_bytes(2, "big")
    dev = bytes(pre) + body + crc16(body, 0, len(body)).to_bytes(2, "big")
    with pytest.raises(RuleError) as e:
        run(dev)
    assert e.value.line == 1
    assert str(e.value) == f"the header is {len(body)} bytes: a device log's header holds at most {MAX_HEADER}"


def test_the_largest_header_the_checks_let_through_fits_a_device_log() -> None:
    """Four names of 24 UTF-16 units (emoji, each escaped), the texts at their limit, Prefa's every option:
    its canonical form is well under ``MAX_HEADER``, so no log the checks accept is one the box refuses."""
    big = {
        "kitapi": 1,
        "rules": "prefa",
        "players": ["\U0001f600" * 11 + "A" + str(k) for k in range(4)],
        "options": {"pouch": 200, "four_aces": {"mode": "A", "amount": 5}, "ten_no_trump": "A", "tentative_bid": True},
        "dealer": 3,
        "started": "\u03a9" * MAX_TEXT,
        "device": "\u0416" * MAX_TEXT,
        "tournament": {"name": "\u03bb" * MAX_TEXT, "round": 999, "table": 999},
    }
    g = new_game(big)
    n = len(header_bytes(g.header))
    assert n < MAX_HEADER // 2, n
    _, r = run(header_bytes(g.header))
    assert r.damage is None


@pytest.mark.parametrize(
    "name", [" ", "   ", "\u200b", "\u200b\u200c\u200d", "\u2060", "\ufeff", "\u3000", "\u00a0 ", "\u3164", "\u00ad"]
)
def test_a_name_of_spaces_or_invisible_characters_is_refused(name: str) -> None:
    with pytest.raises(RuleError) as e:
        new_game({**HEADER, "players": ["Anna", name, "Costas"]})
    assert str(e.value) == "player names must hold a visible character (not only spaces or invisible ones)"


@pytest.mark.parametrize("name", ["A\u200b", " Zo\u00eb", "Zoe\u0308", "\U0001f600", "Ωμέγα", "Жора"])
def test_a_name_with_a_visible_character_is_kept(name: str) -> None:
    new_game({**HEADER, "players": ["Anna", name, "Costas"]})


def test_a_blank_name_in_a_log_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps({**HEADER, "players": ["Anna", "\u200b", "Costas"]}) + "\n")
    with pytest.raises(logs.InputError) as e:
        logs.replay_file(path)
    assert str(e.value) == f"{path}:1: player names must hold a visible character (not only spaces or invisible ones)"
