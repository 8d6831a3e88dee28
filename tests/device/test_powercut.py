"""Every repair survives a power cut at any step (issue 13, items 2-4), on CPython.

The store runs on tests/device/faultfs.py's flash (littlefs's promises), which cuts the
power after each call that changes it, in turn; after each cut the box boots
again (itself cut at each of its own calls too), and every saved hand must come
back, no evidence be overwritten, no stray file be left.  The same scenarios run
under MicroPython in tests/mp/test_powercut_mp.py.
"""

from __future__ import annotations

import pytest

import faultfs


def test_every_power_cut_point_keeps_every_hand(capsys) -> None:  # type: ignore[no-untyped-def]
    total, failures = faultfs.run_all()
    assert failures == []
    assert total > 100  # (the figure docs/reliability.md gives)
    print(f"{total} power cuts tried")


def test_the_fault_layer_cuts_and_the_old_repair_would_lose_the_game() -> None:
    """The layer is not a no-op: the old repair order (rename the log away, then the copy in) cut
    between its renames leaves no log; the store's boot rolls the copy forward."""
    flash = faultfs.game_with(3)
    log = faultfs.GAMES + "/0001.kitapi"
    flash.files[log + ".tmp"] = flash.files[log]
    flash.files[log + ".bad1"] = flash.files.pop(log) + b"\x00"  # the state a cut between the renames leaves
    _, g, _ = faultfs.boot(flash)
    assert g is not None and g.hands == 3
    assert log + ".tmp" not in flash.files and log + ".bad1" in flash.files
    flash.power_up(1)
    try:
        faultfs.boot(flash.copy())
    except faultfs.PowerCut:
        raise AssertionError("a boot with nothing to mend changes nothing") from None


def test_a_damaged_record_stays_and_the_game_goes_on() -> None:
    """A bit flipped in hand 3 of 10 on flash: nothing is moved or cut; hands 4-10 are in play."""
    flash = faultfs.game_with(10)
    log = faultfs.GAMES + "/0001.kitapi"
    data = bytearray(flash.files[log])
    data[len(data) - 8 * 8 + 4] ^= 0x20  # hand 3's record
    flash.files[log] = bytes(data)
    store, g, damage = faultfs.boot(flash)
    assert g.hands == 9 and store.seq == 10 and damage[5:7] == (3, 1)
    assert sorted(flash.files) == [faultfs.ROOT + "/current", log]
    assert flash.files[log] == bytes(data)


def test_the_store_lists_its_folder_once_and_still_mends_each_leftover() -> None:
    """Store() (at every boot) lists ROOT once instead of a lookup a name (6 stats: 5.5 ms on the pico-rig);
    a small file's finished copy whose rename was cut is still renamed, and a leftover beside its file removed."""
    from kitapi.app.store import Store

    calls: list[str] = []

    class Counted(faultfs.Flash):
        def stat(self, path):  # type: ignore[no-untyped-def]
            calls.append(path)
            return super().stat(path)

    flash = Counted()
    Store(faultfs.ROOT, flash)  # a new box: its folders made
    assert faultfs.ROOT + "/games" in flash.dirs
    flash.files[faultfs.ROOT + "/settings.tmp"] = b"200 30 el\n"  # renamed: its file is not there
    flash.files[faultfs.ROOT + "/names"] = b"Ann\n"
    flash.files[faultfs.ROOT + "/names.tmp"] = b"Bob\n"  # removed: its file is there
    calls.clear()
    s = Store(faultfs.ROOT, flash)
    assert flash.files[faultfs.ROOT + "/settings"] == b"200 30 el\n" and s.settings() == (200, 30, "el")
    assert faultfs.ROOT + "/names.tmp" not in flash.files and s.names() == ["Ann"]
    calls.clear()
    Store(faultfs.ROOT, flash)
    assert calls == []


def _journal_left(hands: int) -> tuple[faultfs.Flash, bytes]:
    """A flash as a cut between a save and its settle leaves it: ``hands`` hands in the log, the next in
    ROOT/journal; and the journal's bytes."""
    flash = faultfs.game_with(hands)
    store, _, _ = faultfs.boot(flash)
    store.flush(True)  # (App.run after the first frame: the flash has room)
    store.add_hand(faultfs.passed_out(hands + 1))
    flash.power_up(0)  # (the cut: the store's log handle is gone)
    return flash, flash.files[JOURNAL]


JOURNAL = faultfs.ROOT + "/journal/hand"
LOG = faultfs.GAMES + "/0001.kitapi"


def test_a_hand_left_in_the_journal_is_appended_once_at_the_boot() -> None:
    flash, journal = _journal_left(3)
    assert journal[8:] == b"%d 0001.kitapi\n" % len(flash.files[LOG])  # (the record, then "LENGTH NAME")
    _, g, _ = faultfs.boot(flash)
    assert g.hands == 4 and JOURNAL not in flash.files
    with_it = flash.files[LOG]
    flash.files[JOURNAL] = journal  # (a cut after the settle's flush, before its remove: the log has it)
    _, g, damage = faultfs.boot(flash)
    assert g.hands == 4 and damage is None and flash.files[LOG] == with_it and JOURNAL not in flash.files


def _flip(b: bytes, i: int) -> bytes:
    return b[:i] + bytes([b[i] ^ 1]) + b[i + 1 :]


@pytest.mark.parametrize(
    "damage",
    [
        lambda j: _flip(j, 2),  # the record's hand number: its CRC fails
        lambda j: j[:8] + b"9" + j[8:],  # a length the log is not, before it or after it
        lambda j: j.replace(b"0001", b"0002"),  # a game that is not there
        lambda j: j.replace(b"0001", b"../x"),  # not a game's name
        lambda j: j[:8] + b"\xff\xfe 0001.kitapi\n",  # not UTF-8
        lambda j: j[:-1],  # no end of line
        lambda j: j[:12],
        lambda j: b"\x00" * 200,
    ],
)
def test_a_journal_not_of_its_form_is_set_aside_and_the_log_is_untouched(damage) -> None:  # type: ignore[no-untyped-def]
    """Every byte read is untrusted, the box's own journal too: one not of its form costs itself only (set aside
    as evidence, said on the screen: ``Store.bad``), the log is as it was, the game opens."""
    flash, journal = _journal_left(3)
    before = flash.files[LOG]
    bad = damage(journal)
    flash.files[JOURNAL] = bad
    store, g, _ = faultfs.boot(flash)
    assert g.hands == 3 and flash.files[LOG] == before
    assert JOURNAL not in flash.files and flash.files[JOURNAL + ".bad1"] == bad and store.bad == "journal"


def test_an_empty_journal_is_no_hand_and_is_left() -> None:
    """The journal as a settle leaves it, or a cut before a save's flush: empty, no hand called saved; the boot
    reads it and leaves it (nothing written at the boot), sets nothing aside."""
    flash, _ = _journal_left(3)
    flash.files[JOURNAL] = b""
    store, g, _ = faultfs.boot(flash)
    assert g.hands == 3 and flash.files[JOURNAL] == b"" and store.bad == ""


def test_a_journal_whose_hand_is_in_the_log_before_later_records_is_removed() -> None:
    """A cut after the settle's flush, before the journal was emptied, and then (the next boot's game) a
    correction appended at once: the log holds the record at the length the journal names, and more after it.
    Nothing appended, nothing set aside."""
    flash, journal = _journal_left(3)
    store, g, _ = faultfs.boot(flash)  # (the hand settled, the journal removed)
    store.delete_hand(2)
    store.close()
    after = flash.files[LOG]
    flash.files[JOURNAL] = journal
    store, g, damage = faultfs.boot(flash)
    assert flash.files[LOG] == after and JOURNAL not in flash.files and store.bad == "" and damage is None


def test_a_journal_is_settled_once_a_repair_cut_between_its_renames_is_finished() -> None:
    """A hand in the journal, and its log as a repair's cut between its two renames leaves it (the log gone, its
    whole copy ``.tmp`` and the evidence there): the boot renames the copy in first, then appends the journal's
    hand to it; nothing set aside but the repair's own evidence."""
    flash, journal = _journal_left(3)
    whole = flash.files[LOG]
    flash.files[LOG + ".tmp"] = whole
    flash.files[LOG + ".bad1"] = flash.files.pop(LOG) + b"\x00"
    store, g, damage = faultfs.boot(flash)
    assert g.hands == 4 and damage is None and flash.files[LOG] == whole + journal[:8]
    assert JOURNAL not in flash.files and store.bad == "" and LOG + ".tmp" not in flash.files


def test_a_flash_short_of_room_or_counted_wrapped_round_keeps_no_journal() -> None:
    """The journal (and the home frame kept, kitapi.app.kept: the same measure) only where the flash has 16 blocks
    free: with 15, or with littlefs's count of a full flash wrapped round past the total (kitapi doctor's "full"),
    a hand is appended to the log at once, before the screen says saved, as on a box without a journal."""
    for free in (15, 2**32 - 3):

        class Short(faultfs.Flash):
            blocks = free

            def statvfs(self, path):  # type: ignore[no-untyped-def]
                return (4096, 4096, 352, self.blocks, self.blocks, 0, 0, 0, 0, 255)

        flash = Short()
        flash.files.update(faultfs.game_with(3).files)
        flash.dirs.update(faultfs.game_with(3).dirs)
        store, _, _ = faultfs.boot(flash)
        store.flush(True)  # (App.run after the first frame: the room measured)
        assert store.journal == 0, free
        n = len(flash.files[LOG])
        store.add_hand(faultfs.passed_out(4))
        assert len(flash.files[LOG]) == n + 8 and JOURNAL not in flash.files, free  # on flash in the log itself


def test_a_home_frame_cut_in_its_write_is_removed_at_the_boot() -> None:
    """ROOT/home.tmp, a kept home frame (kitapi.app.kept) whose write a cut stopped: only ever a copy of the
    screen, removed by the next boot's Store(), never renamed into place; the frame kept before it stays."""
    flash = faultfs.game_with(3)
    flash.files[faultfs.ROOT + "/home"] = b"KF1 old"
    flash.files[faultfs.ROOT + "/home.tmp"] = b"KF1 new, cut"
    _, g, _ = faultfs.boot(flash)
    assert g.hands == 3 and faultfs.ROOT + "/home.tmp" not in flash.files
    assert flash.files[faultfs.ROOT + "/home"] == b"KF1 old"
