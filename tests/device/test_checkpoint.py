"""The boot's standings checkpoint (kitapi.app.ckpt): a boot replays only the hands after it, and any
doubt (a damaged, stale, cut or missing checkpoint, a damaged log) falls back to the whole log, with
the same standings as ``kitapi replay``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import faultfs
from kitapi.app import ckpt
from kitapi.app.store import Store
from kitapi.game import new_game, result_json
from kitapi.replay import replay
from kitapi_host.logs import gen
from testkit import balkan_kasa_game, log_standings, typed_into

EVERY = ckpt._EVERY


def games() -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """A game of every system, long enough for a few checkpoints."""
    out = [("prefa", *gen.generate("prefa", 4, 70, pouch=3000))]
    out.append(("sochi", *gen.generate("sochi", 5, 70, 3, pool=10000)))
    out.append(("rostov", *gen.generate("rostov", 6, 70, 4, pool=10000)))
    out.append(("balkan", *balkan_kasa_game("balkan", 7, 70, 3, pool=10000)))
    out.append(("prefa_kasa", *gen.generate("prefa_kasa", 8, 70, kasa=100000)))
    out.append(("priffe", *gen.generate("priffe", 9, 70)))
    for rules in ("preference_at", "preference_illustrated", "preference_us"):
        out.append((rules, *gen.generate(rules, 10, 70, chips=100000)))
    return out


class Counted:
    """Wraps ckpt.read: what each boot got from the checkpoint (None: the whole log was replayed)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.got: list[int | None] = []
        real = ckpt.read
        real_load = Store.load

        def read(store: Any, name: str, f: Any) -> Any:
            r = real(store, name, f)
            self.got[-1] = None if r is None else r[2]
            return r

        def load(store: Any, name: str, fix: Any = None) -> Any:
            self.got.append(None)  # (no checkpoint file: not read)
            return real_load(store, name, fix)

        monkeypatch.setattr(ckpt, "read", read)
        monkeypatch.setattr(Store, "load", load)


def play(store: Store, g: Any, d: dict[str, Any]) -> None:
    """What App.save_hand does with a new hand: on flash, in the standings, a checkpoint every EVERY hands."""
    h = g.parse(d)
    store.add_hand(g.pack(h))
    g.apply(h)
    store.last = store.seq
    if not store.seq % EVERY:
        store.dump(g)


def booted(root: str) -> tuple[Store, Any, tuple[str, int, int, int, Any]]:
    """A boot as App.run's: the game loaded, then (after the first frame) the checkpoint a long replay owes."""
    store = Store(root)
    g, damage = store.load(store.current())
    if store.due:
        store.dump(g)
    return store, g, (result_json(g), g.next_dealer(), store.seq, store.last, damage)


@pytest.mark.parametrize("which", range(9))
def test_a_boot_replays_only_the_hands_after_the_checkpoint(tmp_path: Path, monkeypatch, which: int) -> None:
    rules, hdr, hands = games()[which]
    counted = Counted(monkeypatch)
    root = str(tmp_path)
    store = Store(root)
    store.load(store.new_game(hdr))
    g = new_game(hdr)
    rng = random.Random(which)
    for i, d in enumerate(hands):
        play(store, g, d)
        if rng.random() < 0.15 or i == len(hands) - 1:  # a boot now and then
            store.close()
            store, g2, got = booted(root)
            assert got == log_standings(store), rules
            assert counted.got[-1] == (store.seq % EVERY if store.seq >= EVERY else None), rules
            g = g2
    assert store.seq >= 3 * EVERY
    # corrections: of a hand after the checkpoint (the checkpoint holds), of one before it (the whole log)
    seq = store.seq
    store.delete_hand(seq)  # an undo of the last hand
    store.close()
    store, g, got = booted(root)
    assert got == log_standings(store) and got[3] == seq - 1
    if seq % EVERY:
        assert counted.got[-1] == seq % EVERY
    store.delete_hand(EVERY)  # a hand long before the checkpoint
    store.close()
    store, g, got = booted(root)
    assert got == log_standings(store)
    assert counted.got[-1] is None  # the whole log: and then a new checkpoint
    store.close()
    store, g, got = booted(root)
    assert got == log_standings(store) and counted.got[-1] == 0


def prefa_game(tmp_path: Path, n: int = 40) -> tuple[str, Store]:
    root = str(tmp_path)
    hdr, hands = gen.generate("prefa", 2, n, pouch=3000)
    store = Store(root)
    store.load(store.new_game(hdr))
    g = new_game(hdr)
    for d in hands:
        play(store, g, d)
    store.close()
    return root, store


def test_every_bit_flip_of_the_checkpoint_falls_back_to_the_whole_log(tmp_path: Path, monkeypatch) -> None:
    root, store = prefa_game(tmp_path, 40)
    counted = Counted(monkeypatch)
    want = log_standings(store)
    path = Path(root) / "ckpt"
    good = path.read_bytes()
    _, _, got = booted(root)
    assert got == want and counted.got[-1] == 40 - 32
    flips = 0
    for bit in range(len(good) * 8):
        bad = bytearray(good)
        bad[bit >> 3] ^= 128 >> (bit & 7)
        path.write_bytes(bytes(bad))
        s, _, got = booted(root)
        assert got == want, bit
        assert counted.got[-1] is None, f"bit {bit}: a damaged checkpoint was used"
        s.close()
        flips += 1
    assert flips == len(good) * 8 > 800


def test_a_stale_or_foreign_checkpoint_is_not_used(tmp_path: Path, monkeypatch) -> None:
    root, store = prefa_game(tmp_path, 40)
    counted = Counted(monkeypatch)
    path = Path(root) / "ckpt"
    good = path.read_text()
    log = Path(store.dir) / store.name
    data = log.read_bytes()
    want = log_standings(store)
    # another game's name
    path.write_text(good.replace(store.name, "0009.kitapi"))
    assert booted(root)[2] == want and counted.got[-1] is None
    # a log shorter than the checkpoint (a checkpoint of another log of this name)
    path.write_text(good)
    log.write_bytes(data[: len(data) - 8 * 9])
    s, _, got = booted(root)
    assert got == log_standings(s) and counted.got[-1] is None and got[2] == 31
    s.close()
    # a damaged record before the checkpoint: its SUM differs, the whole log is read and says so
    path.write_text(good)
    bad = bytearray(data)
    bad[len(data) - 8 * 20 + 3] ^= 4  # hand 21's record
    log.write_bytes(bytes(bad))
    s, _, got = booted(root)
    assert counted.got[-1] is None and got == log_standings(s) and got[4] is not None
    s.close()
    # a torn record after it: the whole log (its repair) as before
    path.write_text(good)
    log.write_bytes(data + b"\x01\x02")
    s, _, got = booted(root)
    assert counted.got[-1] is None and got[:4] == want[:4] and got[4] is not None
    s.close()


def test_every_power_cut_while_writing_a_checkpoint_keeps_the_standings(monkeypatch) -> None:
    """On tests/device/faultfs.py's flash: the 32nd hand saved, then its checkpoint written, the power cut after
    each call of it; the next boot (itself cut at each of its calls too) has every hand and the standings of
    the whole log, and no leftover."""
    hdr, hands = gen.generate("prefa", 6, 40, pouch=3000)
    base = faultfs.Flash()
    store, _, _ = faultfs.boot(base)
    store.load(store.new_game(hdr))
    g = new_game(hdr)
    for d in hands[: 2 * EVERY - 1]:
        play(store, g, d)
    store.close()
    points = [0]

    def step(flash: faultfs.Flash) -> None:
        s, g2, _ = faultfs.boot(flash)
        play(s, g2, hands[2 * EVERY - 1])  # the hand, then its checkpoint

    ref = base.copy()
    s, g2, _ = faultfs.boot(ref)
    play(s, g2, hands[2 * EVERY - 1])
    want = result_json(g2)
    assert ref.files[faultfs.ROOT + "/ckpt"] != base.files.get(faultfs.ROOT + "/ckpt")

    def check(flash: faultfs.Flash, store: Store, g: Any, k: int) -> str | None:
        points[0] += 1
        if g is None:
            return "no game"
        with flash.open(store.dir + "/" + store.name, "rb") as f:
            g3, _ = replay(f)
        if result_json(g) != result_json(g3):
            return "the boot's standings are not the log's"
        if store.seq == 2 * EVERY and result_json(g) != want:
            return "the saved hand's standings are wrong"
        return None

    res = faultfs.Result()
    faultfs.cut_everywhere(base, step, check, res, "checkpoint")
    assert res.failures == []
    assert points[0] > 10


def test_the_box_writes_a_checkpoint_every_16th_hand_and_boots_from_it(tmp_path: Path) -> None:
    """The real firmware in the simulator (64 KB): 40 hands typed; the checkpoint is hand 32's; a boot
    shows the standings of the whole log."""
    from kitapi_host import logs
    from kitapi_host.sim import typist
    from testkit import SETUP, Device, home_standings

    data = tmp_path / "data"
    hdr, hands = gen.generate("prefa", 11, 40, pouch=100)
    dev = Device(data)
    dev.keys(SETUP)
    dev.keys("".join(typist.game_keys(hdr, hands)))
    dev.close()
    line = (data / "ckpt").read_text().split()
    assert line[0] == "0001.kitapi" and line[3] == "32"
    g, damage = logs.replay_file(data / "games" / "0001.kitapi")
    dev = Device(data)
    shown = dev.keys("~10")
    dev.close()
    assert home_standings(shown[-1]) == list(zip(g.players, g.pouch, g.chips, strict=True))
    assert (data / "ckpt").read_text().split()[3] == "32"  # (8 hands replayed: no new checkpoint)


def test_a_long_replay_owes_its_checkpoint_and_the_box_writes_it_after_its_first_frame(tmp_path: Path) -> None:
    """The load of a 40-hand log with no checkpoint writes none (it is owed: 21.7 ms of the boot on the pico-rig);
    the real firmware in the simulator writes it once its first frame is out, and the next boot replays from it."""
    from testkit import Device, write_game

    root = tmp_path / "data"
    write_game(root / "games", "0001.kitapi", seed=5, hands=40, pouch=200)
    (root / "current").write_text("0001.kitapi\n")
    s = Store(str(root))
    g, _ = s.load("0001.kitapi")
    assert s.due and not (root / "ckpt").exists()
    s.close()
    dev = Device(root)  # (booted: the app waits for a key)
    shown = list(dev.fw.texts)
    dev.close()
    assert shown and (root / "ckpt").read_text().split()[3] == "40"
    s = Store(str(root))
    s.load("0001.kitapi")
    assert not s.due  # (from the checkpoint: nothing owed)
    s.close()


def test_every_power_cut_in_a_boot_that_owes_its_checkpoint_keeps_the_standings() -> None:
    """On tests/device/faultfs.py's flash: a 40-hand game with no checkpoint booted (its load, then the owed
    checkpoint written after the first frame), the power cut after each call; the next boot (itself cut at each
    of its calls too) has the standings of the whole log and no leftover, and a whole boot leaves the checkpoint."""
    hdr, hands = gen.generate("prefa", 7, 40, pouch=3000)
    base = faultfs.Flash()
    store, _, _ = faultfs.boot(base)
    g = typed_into(store, hdr, hands)
    base.files.pop(faultfs.ROOT + "/ckpt", None)
    want = result_json(g)

    def check(flash: faultfs.Flash, store: Store, g: Any, k: int) -> str | None:
        if g is None or result_json(g) != want or store.seq != 40:
            return "the boot's standings are not the log's"
        if faultfs.ROOT + "/ckpt" not in flash.files:
            return "no checkpoint after a whole boot"
        return None

    res = faultfs.Result()
    calls = faultfs.cut_everywhere(base, lambda flash: faultfs.boot(flash), check, res, "owed checkpoint")
    assert res.failures == []
    assert calls >= 4 and res.points > calls
