"""The home screen kept for the boot (kitapi.app.kept, ROOT/home): shown before the app is loaded only while the
files it was drawn from are those on the flash, byte for byte the frame the app then draws (whose own first
frame then sends nothing); written after a boot's first frame and when the display turns off at the home screen;
a damaged, cut, stale or foreign one is ignored; a power cut while it is written leaves the old one, the new one or
none, never a wrong one shown.

The simulator's board sends a frame's pages that changed (``W``) before the frame (``F``): the frames of a boot are
read as the firmware sends them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import faultfs
from kitapi.app import kept
from kitapi_host import logs
from kitapi_host.logs import gen
from kitapi_host.sim import firmware as sim
from testkit import SETUP, Device, balkan_kasa_game, lines

FRAME = 1024


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """What the firmware sends its panel, in order: ("W", b"") a window of pages that changed, ("F", the frame)."""
    out: list[tuple[str, bytes]] = []
    real = sim.Firmware._handle

    def handle(self: Any, stream: str, line: str | None) -> str:
        what = real(self, stream, line)
        if what in ("F", "W"):
            out.append((what, self.frame if what == "F" else b""))
        return what

    monkeypatch.setattr(sim.Firmware, "_handle", handle)
    return out


def boot(data: Path, sent: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """A boot to its first screen, and what it sent; the device closed."""
    del sent[:]
    Device(data).close()
    return list(sent)


def frames(got: list[tuple[str, bytes]]) -> list[bytes]:
    return [f for w, f in got if w == "F"]


def put_game(data: Path, rules: str, hands: int = 20) -> None:
    """A generated game of ``rules`` as the current game."""
    if rules in ("balkan", "prefa_kasa"):
        hdr, hs = balkan_kasa_game(rules, 7, hands, 3, **({"pool": 10000} if rules == "balkan" else {"kasa": 100000}))
    else:
        opts = {"prefa": {"pouch": 3000}, "sochi": {"pool": 10000}, "priffe": {}}.get(rules, {"chips": 100000})
        hdr, hs = gen.generate(rules, 4, hands, 3 if rules == "sochi" else None, **opts)
    games = data / "games"
    games.mkdir(parents=True, exist_ok=True)
    src = data.parent / "g.jsonl"
    gen.write_jsonl(src, hdr, hs)
    logs.convert(src, games / "0001.kitapi")
    (data / "current").write_text("0001.kitapi\n")


@pytest.mark.parametrize("rules", ["prefa", "sochi", "balkan", "prefa_kasa", "preference_at", "priffe"])
def test_the_kept_frame_is_the_frame_the_app_draws_at_the_boot(tmp_path: Path, sent: Any, rules: str) -> None:
    data = tmp_path / "data"
    put_game(data, rules)
    first = boot(data, sent)
    assert len(frames(first)) == 1 and (data / "home").exists()  # none kept yet: kept after the first frame
    drawn = frames(first)[0]
    again = boot(data, sent)
    shown, own = frames(again)
    assert shown == own == drawn  # the kept frame, then the app's: the same bytes as a boot without it draws
    assert [w for w, _ in again] == ["W", "F", "F"]  # sent whole (one window), then nothing: the panel holds it
    assert boot(data, sent) == again


def test_a_hand_saved_makes_it_stale_and_the_display_off_keeps_the_new_home(tmp_path: Path, sent: Any) -> None:
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP)
    dev.close()
    kept_before = (data / "home").read_bytes()
    dev = Device(data)
    home = dev.keys("0#")[-1]  # a hand saved: its home screen says so ("Saved" is not in a boot's frame)
    dev.close()
    assert lines(home)[0] == "Hand 2"
    assert (data / "home").read_bytes() == kept_before  # (the display stayed on: kept at the boot's first frame)
    got = boot(data, sent)
    assert len(frames(got)) == 1  # stale: not shown; the boot's first frame keeps the new one
    boot_frame = frames(got)[0]
    dev = Device(data)
    dev.keys("0# B ~61s")  # another hand, the owes page, then the display off at the home screen
    woken = dev.keys("1 B")[-1]  # a key wakes it (not acted on); B: page 0 again, drawn as ever
    dev.close()
    got = boot(data, sent)
    shown, own = frames(got)
    assert shown == own != boot_frame  # the evening's end kept: hand 3's home, page 0, as the boot draws it
    assert [w for w, _ in got] == ["W", "F", "F"]
    dev = Device(data)
    assert lines(dev.fw.texts) == lines(woken) and lines(woken)[0] == "Hand 3"  # (the kept draw's texts not in it)
    dev.close()


def test_the_display_off_writes_only_a_frame_that_changed(tmp_path: Path, sent: Any) -> None:
    data = tmp_path / "data"
    put_game(data, "prefa")
    boot(data, sent)
    frame = data / "home"
    before = frame.stat().st_mtime_ns, frame.read_bytes()
    frame.touch()
    mtime = frame.stat().st_mtime_ns
    dev = Device(data)
    dev.keys("~61s ~61s")
    dev.close()
    assert frame.stat().st_mtime_ns == mtime and frame.read_bytes() == before[1]  # the same: not written again


def test_a_closed_game_viewed_is_never_kept_for_the_current_one(tmp_path: Path, sent: Any) -> None:
    """A closed game's home screen, viewed read only from the games kept, is not the current game's: the display
    off over it keeps nothing (the current game's frame stays)."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(SETUP + " 0# 0# C 3 # #")  # a game played and closed
    dev.keys(SETUP + " 0# ~61s 1")  # the next one: its home kept as the display goes off
    kept_home = (data / "home").read_bytes()
    viewed = dev.keys("C 5 2")[-1]  # the games kept: the closed one viewed
    assert "1 Game closed" in lines(viewed)
    dev.keys("~61s")  # the display off over it
    dev.close()
    assert (data / "home").read_bytes() == kept_home
    shown, own = frames(boot(data, sent))
    assert shown == own


def damaged(b: bytes) -> list[bytes]:
    """Every way the frame file is not the one kept: a bit flipped in its key, its frame and its crc, cut short,
    longer, empty, another file's bytes."""
    k = b.index(b"\n") + 1
    out = []
    for at in (0, 4, k - 2, k + 1, len(b) - FRAME - 5, len(b) - FRAME + 100, len(b) - 1):
        x = bytearray(b)
        x[at] ^= 0x10
        out.append(bytes(x))
    return [*out, b[:-1], b[: len(b) // 2], b + b"\0", b"", b"\xff" * len(b)]


def test_a_damaged_cut_or_foreign_frame_is_not_shown(tmp_path: Path, sent: Any) -> None:
    data = tmp_path / "data"
    put_game(data, "prefa")
    drawn = frames(boot(data, sent))[0]
    good = (data / "home").read_bytes()
    for bad in damaged(good):
        (data / "home").write_bytes(bad)
        assert frames(boot(data, sent)) == [drawn], bad[:40]  # the boot as without one
        assert (data / "home").read_bytes() == good  # and the right one kept again
    other = tmp_path / "other"
    put_game(other, "sochi")
    boot(other, sent)
    (data / "home").write_bytes((other / "home").read_bytes())  # another game's
    assert frames(boot(data, sent)) == [drawn]


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("next", b"g"),  # a note for this boot: the games kept
        ("fails", b"1 RuntimeError: x\n"),  # a boot failed before
        ("names.tmp", b"Ann\n"),  # a leftover the store mends first
        ("settings", b"255 30 el\n"),  # another language
        ("settings", b"999 60 en\n"),  # settings the store sets aside
        ("current", b"0002.kitapi\n"),  # another game
        ("journal/hand", b"12345678123 0001.kitapi\n"),  # a hand owed to the log
    ],
)
def test_what_the_boot_would_do_or_say_first_means_no_kept_frame(
    tmp_path: Path, sent: Any, name: str, content: bytes
) -> None:
    data = tmp_path / "data"
    put_game(data, "prefa")
    if name == "current":
        (data / "games" / "0002.kitapi").write_bytes((data / "games" / "0001.kitapi").read_bytes())
    assert len(frames(boot(data, sent))) == 1 and len(frames(boot(data, sent))) == 2  # kept, then shown
    (data / name).parent.mkdir(exist_ok=True)
    (data / name).write_bytes(content)
    assert len(frames(boot(data, sent))) == 1, name  # not shown: the boot as without it


def test_a_low_battery_or_another_firmware_means_no_kept_frame(
    tmp_path: Path, sent: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    put_game(data, "prefa")
    pack = tmp_path / "kitapi.pack"  # (the firmware's pack beside the data, as on a Pico; the simulator has none)
    pack.write_bytes(b"KPK3" + bytes(16) + b"\1\2\3\4")
    boot(data, sent)
    assert len(frames(boot(data, sent))) == 2
    pack.write_bytes(b"KPK3" + bytes(16) + b"\1\2\3\5")  # another deploy's
    assert len(frames(boot(data, sent))) == 1  # (and the boot keeps this firmware's)
    assert len(frames(boot(data, sent))) == 2
    monkeypatch.setenv("KITAPI_SIM_BATTERY", "3000")  # the home screen warns of it
    assert len(frames(boot(data, sent))) == 1


# --- on CPython, the store's flash that loses power (tests/device/faultfs.py) ----------------------------------


def flash_with(hands: int) -> tuple[faultfs.Flash, bytes]:
    flash = faultfs.game_with(hands)
    k = kept.key(faultfs.ROOT, flash, bytearray(256))
    assert k is not None
    return flash, k[0]


def test_the_key_pins_the_log_the_game_and_the_settings() -> None:
    flash, k = flash_with(3)
    log = faultfs.GAMES + "/0001.kitapi"
    keys = {k}
    flash.files[log] += b"\0" * 8
    keys.add(kept.key(faultfs.ROOT, flash, bytearray(256))[0])  # type: ignore[index]
    data = bytearray(flash.files[log])
    data[20] ^= 1  # the same length, one bit
    flash.files[log] = bytes(data)
    keys.add(kept.key(faultfs.ROOT, flash, bytearray(256))[0])  # type: ignore[index]
    flash.files[faultfs.ROOT + "/settings"] = b"255 60 en\n"
    keys.add(kept.key(faultfs.ROOT, flash, bytearray(256))[0])  # type: ignore[index]
    flash.files[faultfs.ROOT + "/settings"] = b"255 60 ru\n"
    keys.add(kept.key(faultfs.ROOT, flash, bytearray(256))[0])  # type: ignore[index]
    assert len(keys) == 5


def test_a_power_cut_at_each_step_of_its_write_leaves_the_old_frame_the_new_or_none() -> None:
    old = bytes(range(256)) * 4
    new = bytes(255 - (i & 255) for i in range(FRAME))
    for same in (True, False):  # a new frame for the same files (its battery gauge), or after a hand saved
        cuts = 0
        while True:
            cuts += 1
            flash, k = flash_with(3)
            kept.dump(faultfs.ROOT, flash, k, old)
            if not same:
                flash.files[faultfs.GAMES + "/0001.kitapi"] += b"\0" * 8  # (any change of the log)
            k2 = kept.key(faultfs.ROOT, flash, bytearray(256))[0]  # type: ignore[index]
            flash.arm(cuts)
            try:
                kept.dump(faultfs.ROOT, flash, k2, new)
                done = True
            except faultfs.PowerCut:
                done = False
            flash.power_up()
            buf = bytearray(FRAME)
            now = kept.key(faultfs.ROOT, flash, bytearray(256))
            assert now is not None and now[0] == k2  # (the leftover home.tmp is no leftover of the store's)
            if kept.read(faultfs.ROOT, flash, k2, buf):
                assert bytes(buf) == new or same and bytes(buf) == old, cuts
            if done:
                assert kept.read(faultfs.ROOT, flash, k2, buf) and bytes(buf) == new
                break
        assert cuts > 3
