"""A long log with no checkpoint is read in one pass when it holds only hands (kitapi.app.onepass): each hand
checked once less, and the standings, the hand numbers and the damage as ``kitapi replay`` gives them; a
log with a correction, a damaged or torn record or an end goes to the whole replay, as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kitapi.app import onepass
from kitapi.app import store as store_module
from kitapi.app.store import Store
from kitapi.game import new_game, result_json
from kitapi_host.logs import gen
from testkit import balkan_kasa_game, log_standings, typed_into

N = 300  # hands: a log past Store.load's _ONE_PASS bytes


def long_games() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    return [
        gen.generate("prefa", 4, N, pouch=30000),
        gen.generate("sochi", 5, N, 3, pool=10000),
        balkan_kasa_game("balkan", 7, N, 3, pool=10000),
        gen.generate("prefa_kasa", 8, N, kasa=100000),
        gen.generate("priffe", 9, N),
        gen.generate("preference_at", 10, N, chips=100000),
        gen.generate("preference_us", 10, N, chips=100000),
    ]


def written(tmp_path: Path, hdr: dict[str, Any], hands: list[dict[str, Any]]) -> Store:
    """The game on flash as the box writes it, with no checkpoint."""
    store = Store(str(tmp_path))
    typed_into(store, hdr, hands)
    (tmp_path / "ckpt").unlink(missing_ok=True)
    return store


class Checks:
    """Counts the rules' checks of a hand, and what onepass.read gave (None: the whole replay)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, g: Any) -> None:
        self.n = 0
        self.got: list[Any] = []
        cls = type(g)
        real = cls.check
        real_read = onepass.read

        def check(game: Any, h: Any) -> Any:
            self.n += 1
            return real(game, h)

        def read(f: Any) -> Any:
            got = real_read(f)
            self.got.append(got if got is None else got[2])
            return got

        monkeypatch.setattr(cls, "check", check)
        monkeypatch.setattr(onepass, "read", read)


@pytest.mark.parametrize("which", range(7))
def test_a_long_log_of_hands_alone_is_read_in_one_pass_each_hand_checked_once_less(
    tmp_path: Path, monkeypatch, which: int
) -> None:
    hdr, hands = long_games()[which]
    store = written(tmp_path, hdr, hands)
    assert (Path(store.dir) / store.name).stat().st_size > store_module._ONE_PASS
    checks = Checks(monkeypatch, new_game(hdr))
    want = log_standings(store)
    replayed = checks.n
    checks.n = 0
    store = Store(str(tmp_path))
    g, damage = store.load(store.current())
    assert (result_json(g), g.next_dealer(), store.seq, store.last, damage) == want
    assert checks.got == [N]
    assert checks.n == replayed - N  # (kitapi.replay checks each hand as its record is read, then as it is scored)
    assert store.due and not (tmp_path / "ckpt").exists()  # the next boot's checkpoint owed (App.run writes it
    store.dump(g)  # after the first frame)
    assert (tmp_path / "ckpt").exists()


def test_anything_but_hands_goes_to_the_whole_replay(tmp_path: Path, monkeypatch) -> None:
    hdr, hands = long_games()[0]
    store = written(tmp_path, hdr, hands)
    log = Path(store.dir) / store.name
    data = log.read_bytes()
    checks = Checks(monkeypatch, new_game(hdr))

    def boot() -> tuple[Any, ...]:
        (tmp_path / "ckpt").unlink(missing_ok=True)
        s = Store(str(tmp_path))
        g, damage = s.load(s.current())
        got = (result_json(g), g.next_dealer(), s.seq, s.last, damage)
        s.close()
        return got

    # a correction (the last hand deleted), a damaged record, a torn one, a hand out of turn: the whole replay
    s = Store(str(tmp_path))
    s.load(s.current())
    s.delete_hand(N)
    s.close()
    assert boot() == log_standings(s) and checks.got[-1] is None
    bad = bytearray(data)
    bad[len(data) - 8 * 20 + 3] ^= 4
    for variant in (bytes(bad), data + b"\x01\x02"):
        log.write_bytes(variant)
        got = boot()
        assert checks.got[-1] is None and got[4] is not None
        assert got[:4] == log_standings(store)[:4]
    swapped = bytearray(data)
    a, b = len(data) - 16, len(data) - 8
    swapped[a:b], swapped[b:] = data[b:], data[a:b]  # the last two hands in the wrong order
    log.write_bytes(bytes(swapped))
    got = boot()
    assert checks.got[-1] is None and got == log_standings(store)
    # the log as written: in one pass again
    log.write_bytes(data)
    assert boot() == log_standings(store) and checks.got[-1] == N


def test_a_bit_flipped_anywhere_in_a_record_sends_the_log_to_the_whole_replay(tmp_path: Path) -> None:
    """The pass's own CRC-16 (kitapi.devlog.crc16's, unrolled) finds each of the 64 bits of a record flipped,
    in the first, a middle and the last record: ``read`` gives None (the whole replay says the damage)."""
    hdr, hands = long_games()[0]
    store = written(tmp_path, hdr, hands)
    log = Path(store.dir) / store.name
    data = log.read_bytes()
    with open(log, "rb") as f:
        assert onepass.read(f) is not None
    for at in (len(data) - 8 * N, len(data) - 8 * (N // 2), len(data) - 8):
        for bit in range(64):
            bad = bytearray(data)
            bad[at + bit // 8] ^= 1 << (bit % 8)
            log.write_bytes(bytes(bad))
            with open(log, "rb") as f:
                assert onepass.read(f) is None, (at, bit)


def test_the_pass_has_the_devlogs_crc_table() -> None:
    from kitapi import devlog

    t = devlog._CRC_TABLE
    assert onepass._T == tuple(t[j] << 8 | t[j + 1] for j in range(0, 512, 2))
