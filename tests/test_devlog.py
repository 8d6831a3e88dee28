"""The device log: size, lossless conversion, and damage that is found and reported.

A device log cut at every byte offset or with any single bit flipped must
never crash the reader nor give a wrong standing: every hand before the
damage is recovered, and the damage is reported unless the log is simply a
shorter, complete log (a cut at a record boundary).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from kitapi.devlog import RECORD
from kitapi.devlogw import header_bytes
from kitapi.game import RuleError, result_json
from kitapi.replay import replay
from kitapi_host import gen, logs


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
    hdr, hands = gen.game(seed=7, hands=24)
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


def test_every_single_bit_flip(small_game: tuple[bytes, bytes]) -> None:
    data, dev = small_game
    truth = _prefix_results(data, dev)
    start = min(truth)
    for bit in range(len(dev) * 8):
        bad = bytearray(dev)
        bad[bit // 8] ^= 1 << (bit % 8)
        if bit // 8 < start:
            with pytest.raises(RuleError) as e:
                standings(bytes(bad))
            assert e.value.line == 1
            continue
        res, damage = standings(bytes(bad))
        kept = start + (bit // 8 - start) // RECORD * RECORD
        assert res == truth[kept], bit
        assert damage is not None and damage[1] == kept and damage[3] == len(dev) - kept


def test_damage_is_worded(tmp_path: Path, small_game: tuple[bytes, bytes]) -> None:
    _, dev = small_game
    path = tmp_path / "cut.kitapi"
    path.write_bytes(dev[:-3])
    _, warning = logs.replay_file(path)
    assert warning is not None
    assert "the last record is cut short" in warning and "5 bytes dropped" in warning


def test_a_valid_record_out_of_place_is_damage(small_game: tuple[bytes, bytes]) -> None:
    """A whole record copied twice (a flash or writer fault) stops the reading there."""
    data, dev = small_game
    start = len(dev) - RECORD * (len(data.strip().split(b"\n")) - 1)
    doubled = dev[: start + RECORD] + dev[start : start + RECORD] + dev[start + RECORD :]
    res, damage = standings(doubled)
    assert damage is not None and damage[1] == start + RECORD
    assert res == _prefix_results(data, dev)[start + RECORD]


def test_crc16_is_ccitt_false() -> None:
    """The table-driven CRC is CRC-16/CCITT-FALSE: its check value, and the bit-by-bit definition."""
    import random

    from kitapi.devlog import crc16

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
