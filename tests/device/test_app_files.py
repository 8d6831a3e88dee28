"""Issue 23, items 1, 2, 4 (the box's half), 5 and 13: the box's own small files (``current``, ``settings``,
``next``, ``names``, ``fails``), the names in games/, the crash loop and the games list.  Every byte the box
reads is untrusted: a file it cannot use is set aside (renamed ``NAME.badK``, never removed) and a default
takes its place, said in one line; no boot fails twice in a row without the safe screen.  The real firmware
in the simulator, on the MicroPython runtime at the device's 64 KB heap."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from kitapi.devlog import DevLogReader
from kitapi.devlogw import header_bytes
from kitapi.replay import replay
from kitapi_host.logs import gen
from lang_table import table
from testkit import SETUP, Device, fuzz_cases, lines, write_game

GAME = "0001.kitapi"
HAND21 = "Διανομή 21"  # the home screen of the 20-hand game, in Greek (its settings)
ERRORS = {table(code).ERROR for code in ("en", "el", "ru")}
RESET = ("Reset: %s", "Επαναφ. %s", "Сброс: %s")  # kitapi.app.safe.WORDS
IGNORED = ("Note ignored", "Σημείωση άκυρη", "Заметка неверна")
SAFE = ["Safe mode", "MemoryError:", "memory", "PC: kitapi sync", "# try again", "C without game"]


def base(data: Path, hands: int = 20) -> bytes:
    """A box with game 0001 of ``hands`` hands being played, Greek chosen; the game's log."""
    log = write_game(data / "games", GAME, seed=1, hands=hands)
    (data / "current").write_text(GAME + "\n")
    (data / "settings").write_text("255 60 el\n")
    return log


def payload(log: bytes, number: int) -> int:
    """The packed hand of record ``number`` (1-based) of a device log."""
    import io

    r = DevLogReader(io.BytesIO(log))
    r.header()
    b = log[r.start + 8 * (number - 1) : r.start + 8 * number]
    return (b[0] & 31) << 24 | b[3] << 16 | b[4] << 8 | b[5]


def hands_of(log: bytes) -> int:
    import io

    g, r = replay(io.BytesIO(log))
    assert r.damage is None
    return int(g.hands)


def boot(data: Path, heap: str = "64K") -> tuple[Device, list[str]]:
    dev = Device(data, heapsize=heap)
    return dev, lines(dev.fw.texts)


def shut(dev: Device) -> None:
    dev.fw.quit()
    assert dev.fw.finish() == 0, dev.output


def usable(shown: list[str]) -> bool:
    """The home screen of a game, the start menu or the new-game wizard: not the error screen, not blank."""
    return bool(shown) and shown[0] not in ERRORS and shown[0] != "Error"


# --- item 1: every single-bit flip of the small files ---------------------------------------------------


@pytest.mark.fuzz
@pytest.mark.parametrize("name", ["current", "settings", "next"])
def test_every_bit_flip_of_a_small_file_boots_to_a_usable_screen_and_sets_the_file_aside(
    tmp_path: Path, name: str
) -> None:
    """current (``0001.kitapi``: 96 flips), settings (``255 60 el``: 80), next (a restoration of hand 3 that
    a MemoryError stopped, ``r3 38536738``: 88): each boot reaches a usable screen, never the error screen
    nor a crash.log; a file the box cannot use is set aside with the flipped bytes as they were, and one line
    says so; next never survives its boot (removed or set aside before it is acted on); no hand is lost."""
    seed = tmp_path / "seed"
    log = base(seed)
    (seed / "next").write_text(f"r3 {payload(log, 3)}")
    orig = (seed / name).read_bytes()
    bits = fuzz_cases(range(8 * len(orig)), 24, seed=len(name))  # (every bit under `make fuzz`)
    aside = 0
    for bit in bits:
        data = tmp_path / f"d{bit}"
        shutil.copytree(seed, data)
        flipped = bytearray(orig)
        flipped[bit // 8] ^= 1 << (bit % 8)
        (data / name).write_bytes(flipped)
        dev, shown = boot(data)
        assert usable(shown), (bit, bytes(flipped), shown)
        assert not (data / "crash.log").exists(), (bit, (data / "crash.log").read_text())
        assert dev.fw.resets == 0, (bit, shown)
        if (data / (name + ".bad1")).exists():
            aside += 1
            assert (data / (name + ".bad1")).read_bytes() == flipped
            assert any(r % name in shown for r in RESET), (bit, shown)
        if name == "next":
            assert not (data / "next").exists(), bit
        else:
            assert not (data / name).exists() or (data / name).read_bytes() in (bytes(flipped), b"")
        game = (data / "games" / GAME).read_bytes()
        assert game[: len(log)] == log and hands_of(game) == 20, bit  # (a valid note may add its correction)
        shut(dev)
        shutil.rmtree(data)
    assert aside >= len(bits) // 8  # (most flips make a file the box cannot use)
    # (the code before: 12 of the 96 flips of current, 10 of the 80 of settings, 56 of the 88 of next ended in
    # "Error / UnicodeError" or a TypeError, at every boot)


def rows(texts: list[tuple[int, int, str]]) -> list[tuple[int, bool]]:
    """The games list's games: (game number, open) each; the numbers from the title's range ("200-198", the
    games of these tests numbered without gaps), the picks from the rows ("1 Prefa 21.11", + at the right)."""
    shown = sorted(texts, key=lambda t: (t[1], t[0]))
    picks = [y for x, y, s in shown if x == 0 and 8 <= y <= 48 and s[:1].isdigit() and s[1:2] == " "]
    if not picks:
        return []
    hi, _, lo = [s for x, y, s in shown if y == 0 and x > 0][0].partition("-")
    nums = list(range(int(hi), int(lo or hi) - 1, -1))
    assert len(nums) == len(picks), shown
    return [(k, any(t == (120, y, "+") for t in texts)) for k, y in zip(nums, picks, strict=True)]


def test_a_file_name_that_is_not_utf8_or_not_a_game_is_skipped(tmp_path: Path) -> None:
    """games/ holding a name that is not UTF-8, evidence, a number written another way, a name with no number:
    the box opens its game; the games list shows the game alone; a new game takes the number after every
    number taken."""
    data = tmp_path / "data"
    log = base(data, 5)
    (data / "settings").unlink()
    games = data / "games"
    odd = [os.fsdecode(b"\xff\xfe.kitapi"), "0001.kitapi.bad1", "00002.kitapi", "x.kitapi", "0009.kitapi.bad2"]
    for n in odd:
        (games / n).write_bytes(log)
    dev, shown = boot(data)
    assert shown[0] == "Hand 6", shown
    shut(dev)
    (data / "current").unlink()
    dev, shown = boot(data)
    assert shown[0] == "No game", shown
    assert rows(dev.keys("3")[-1]) == [(1, True)]
    dev.keys("* " + SETUP)
    assert (data / "current").read_text() == "0010.kitapi\n"  # after 0009 (its evidence's number)
    assert not (data / "crash.log").exists()
    shut(dev)
    assert sorted(p.name for p in games.iterdir()) == sorted([GAME, "0010.kitapi", *odd])


def test_games_that_is_a_file_not_a_folder_leaves_the_box_usable(tmp_path: Path) -> None:
    """ROOT/games a file: the start menu, an empty games list, a new game refused with the reason; no crash."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "games").write_bytes(b"not a folder")
    dev, shown = boot(data)
    assert shown[0] == "No game"
    shown = lines(dev.keys("3")[-1])
    assert shown[:2] == ["Games", "-"], shown
    shown = lines(dev.keys("* " + SETUP)[-1])
    assert shown[0] == "Not started" and shown[1], shown  # (the reason: kitapi.app.refusal)
    assert lines(dev.keys("#")[-1])[0] == "No game"  # any key: the start menu
    shut(dev)
    assert not (data / "crash.log").exists() and (data / "games").read_bytes() == b"not a folder"


def test_names_used_before_that_are_not_names_are_set_aside(tmp_path: Path) -> None:
    """ROOT/names with a byte that is not UTF-8: set aside when the new-game wizard opens, which says so;
    the game starts, and the names file is written anew."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "names").write_bytes(b"Ann\n\xff\xfeBob\n")
    dev, shown = boot(data)
    assert shown[0] == "No game"
    assert lines(dev.keys("1")[-1])[:2] == ["New game", "Reset: names"]
    assert (data / "names.bad1").read_bytes() == b"Ann\n\xff\xfeBob\n"
    dev.keys("* " + SETUP)
    assert (data / "names").read_text() == "Ann\nBob\nCat\n"
    shut(dev)


@pytest.mark.fuzz
def test_every_bit_flip_of_the_names_used_before_opens_the_new_game_wizard(tmp_path: Path) -> None:
    """ROOT/names ``Ann\\nBob\\n`` (64 flips): the new-game wizard opens each time, with no crash.log; a flip that
    leaves no list of names sets the file aside with its bytes, and the wizard's first screen says so."""
    orig = b"Ann\nBob\n"
    bits = fuzz_cases(range(8 * len(orig)), 24, seed=1)  # (every bit under `make fuzz`)
    aside = 0
    for bit in bits:
        data = tmp_path / f"d{bit}"
        data.mkdir()
        flipped = bytearray(orig)
        flipped[bit // 8] ^= 1 << (bit % 8)
        (data / "names").write_bytes(flipped)
        dev, shown = boot(data)
        shown = lines(dev.keys("1")[-1])
        assert shown[0] == "New game", (bit, shown)
        if (data / "names.bad1").exists():
            aside += 1
            assert (data / "names.bad1").read_bytes() == flipped and shown[1] == "Reset: names", (bit, shown)
        else:
            assert (data / "names").read_bytes() == flipped
            assert all(" " <= c for c in flipped.decode().replace("\n", "")), bit  # (no control characters)
        assert not (data / "crash.log").exists(), bit
        shut(dev)
        shutil.rmtree(data)
    # (a byte with its top bit set is not UTF-8 here: each of those flips at least)
    assert aside >= max(sum(bit % 8 == 7 for bit in bits), len(bits) // 4)


# --- item 5: current names a game, nothing else -------------------------------------------------------------


@pytest.mark.parametrize("named", ["0001.kitapi.bad1", "../settings", "/data/settings", "games/0001.kitapi", ""])
def test_current_naming_evidence_or_a_path_is_not_opened(tmp_path: Path, named: str) -> None:
    """current naming a game's evidence, a path out of games/ or an absolute one: no game is opened (nothing is
    appended to any file), current is set aside, and the start menu says so."""
    data = tmp_path / "data"
    log = base(data, 3)
    (data / "games" / "0001.kitapi.bad1").write_bytes(log)
    text = (named or str(data / "settings")) + "\n"
    (data / "current").write_text(text)
    before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file() and p.name != "current"}
    dev, shown = boot(data)
    assert shown[:2] == ["Καμία παρτίδα", RESET[1] % "current"], shown
    dev.keys("1")  # a key: nothing is entered anywhere
    shut(dev)
    assert {p: p.read_bytes() for p in before} == before
    assert (data / "current.bad1").read_text() == text and not (data / "current").exists()


# --- item 4 (the box's half): a note to itself is checked before it is acted on ------------------------------


@pytest.mark.parametrize("note", ["d21", "d99999", "d65535", "r21 5", "e25 5"])
def test_a_note_for_a_hand_that_is_not_there_is_not_acted_on(tmp_path: Path, note: str) -> None:
    """ROOT/next asking to delete, restore or edit a hand the 20-hand game does not have: the game opens, one
    line says the note was ignored, nothing is appended, and the note is gone."""
    data = tmp_path / "data"
    log = base(data)
    (data / "next").write_text(note)
    dev, shown = boot(data)
    assert shown[0] == HAND21 and IGNORED[1] in shown, shown
    shut(dev)
    assert (data / "games" / GAME).read_bytes() == log and not (data / "next").exists()


@pytest.mark.parametrize(
    "note", ["d-1", "r-1 5", "d0", "d3 ", "r3 5 6", "r3 -5", "r3 99999999999", "x", "v../settings"]
)
def test_a_note_not_of_its_forms_is_set_aside(tmp_path: Path, note: str) -> None:
    data = tmp_path / "data"
    log = base(data)
    (data / "next").write_text(note)
    dev, shown = boot(data)
    assert shown[0] == HAND21, shown
    shut(dev)
    assert (data / "games" / GAME).read_bytes() == log and not (data / "next").exists()
    if note:
        assert RESET[1] % "next" in shown and (data / "next.bad1").read_text() == note


def test_a_valid_note_is_still_acted_on_once(tmp_path: Path) -> None:
    """A deletion a MemoryError stopped (App.retry): done once after the reset, the note gone first; the hands
    list at it says so."""
    data = tmp_path / "data"
    log = base(data)
    (data / "next").write_text("d20")
    dev, shown = boot(data)
    assert shown[:2] == ["Διανομές", "0:?"] and "Διαγράφηκε" in shown and not (data / "next").exists()
    shut(dev)
    game = (data / "games" / GAME).read_bytes()
    assert len(game) == len(log) + 8 and game[-8] >> 5 == 2  # one correction record: the deletion (OP_DELETE)


# --- item 2: no crash loop ------------------------------------------------------------------------------


def _failing(data: Path) -> None:
    base(data)
    (data / "settings").unlink()


def test_a_boot_that_fails_twice_in_a_row_starts_in_the_safe_screen(tmp_path: Path) -> None:
    """A 20-hand game that does not fit a 32 KB heap fails every boot before its first screen (MemoryError):
    the error screen twice (ROOT/fails counts them), then the safe screen, which says what failed and that a
    PC can sync, and stays whatever the other keys (dark after a minute).  # tries again on a fresh heap (and
    fails twice again); C sets the current game aside (its log untouched): the next boot is the start menu."""
    data = tmp_path / "data"
    _failing(data)
    log = (data / "games" / GAME).read_bytes()
    dev, shown = boot(data, "32K")
    assert dev.fw.resets == 0 and (data / "fails").read_text().startswith("1 MemoryError: ")
    dev.keys("~10s")  # the error screen's wait: a soft reset, the same failure
    assert dev.fw.resets == 1 and (data / "fails").read_text().startswith("2 MemoryError: ")
    assert lines(dev.keys("~10s")[-1]) == SAFE
    assert lines(dev.keys("~10m 1 2 *")[-1]) == SAFE  # it stays, whatever the other keys
    assert dev.fw.resets == 2
    # a minute without a key: the display dark (a box left in a bag); the key that lights it is not acted on
    assert dev.keys("~59s")[-1] != [] and dev.keys("~2s")[-1] == []
    assert lines(dev.keys("#")[-1]) == SAFE and dev.fw.resets == 2
    dev.keys("#")  # tried again, on a fresh heap: failed again
    assert dev.fw.resets == 3 and (data / "fails").read_text().startswith("1 MemoryError: ")
    assert lines(dev.keys("~10s ~10s")[-1]) == SAFE
    dev.keys("C")  # (then the start menu: a 32 KB heap has no room for it either, a first failure again)
    assert (data / "current.bad1").read_text() == GAME + "\n" and not (data / "current").exists()
    assert (data / "fails").read_text().startswith("1 MemoryError: ")
    assert (data / "crash.log").read_text().count("MemoryError") >= 4
    dev.fw.kill()
    (data / "crash.log").unlink()
    dev, shown = boot(data)  # at 64 KB: the start menu, and its screen up clears the count
    assert shown[0] == "No game"
    dev.close()
    assert not (data / "fails").exists()
    assert (data / "games" / GAME).read_bytes() == log


def test_a_header_the_heap_cannot_hold_never_loops(tmp_path: Path) -> None:
    """A game whose header has a 30 KB ``started``: refused at once (the start menu, the reason said), or
    failing before its first screen: then the safe screen after the second boot, and C leaves it."""
    data = tmp_path / "data"
    hdr, _ = gen.generate("prefa", 1, 5)
    hdr["started"] = "2026-11-21T20:00:00" + " " * 30000
    (data / "games").mkdir(parents=True)
    (data / "games" / GAME).write_bytes(header_bytes(hdr))
    (data / "current").write_text(GAME + "\n")
    dev, shown = boot(data)
    if shown[0] == "Error":
        dev.keys("~10s")
        assert lines(dev.keys("~10s")[-1]) == SAFE
        shown = lines(dev.keys("C")[-1])
    if shown[0] == "Not opened":  # the reason said whole (kitapi.app.refusal), then the start menu
        assert " ".join(shown[1:-1]).startswith("the header is 30"), shown
        shown = lines(dev.keys("#")[-1])
    assert shown[0] == "No game", shown
    assert dev.fw.resets <= 3  # (two failed boots, and C's)
    shut(dev)


@pytest.mark.fuzz
def test_a_stable_screen_clears_the_failure_count_and_a_damaged_count_never_stops_the_box(tmp_path: Path) -> None:
    """ROOT/fails with one failure: the game opens, and the count is removed once its screen is up.  Every
    single-bit flip of it: the game, or the safe screen (a count that reads 2 or more), whose # opens it."""
    seed = tmp_path / "seed"
    base(seed)
    orig = b"1 MemoryError: x\n"
    bits = fuzz_cases(range(8 * len(orig)), 24, seed=2)  # (every bit under `make fuzz`)
    for bit in bits:
        data = tmp_path / f"d{bit}"
        shutil.copytree(seed, data)
        flipped = bytearray(orig)
        flipped[bit // 8] ^= 1 << (bit % 8)
        (data / "fails").write_bytes(flipped)
        dev, shown = boot(data)
        if shown[0] in ("Safe mode", "Ασφαλής εκκίνηση"):  # (its settings: Greek)
            shown = lines(dev.keys("#")[-1])
        assert shown[0] == HAND21, (bit, shown)
        assert not (data / "fails").exists(), bit
        shut(dev)
        shutil.rmtree(data)


def test_crash_log_is_bounded(tmp_path: Path) -> None:
    """60 faults (each after the game's screen is up: no failed boot, no safe screen) leave crash.log under
    4 KB and one entry, the one before it as crash.log.1, and nothing more."""
    data = tmp_path / "data"
    base(data)
    dev, shown = boot(data)
    for i in range(60):
        dev.fw.send("x\n")  # a fault: the crash screen, then a soft reset into the game
        assert dev.fw.wait_ready(60)
        assert lines(dev.keys("~10s")[-1])[0] == HAND21, i
    shut(dev)
    log = (data / "crash.log").read_text()
    old = (data / "crash.log.1").read_text()
    assert len(log) < 4096 + 400 and 4096 < len(old) < 4096 + 400
    assert "RuntimeError" in log and "RuntimeError" in old
    assert sorted(p.name for p in data.iterdir() if p.name.startswith("crash")) == ["crash.log", "crash.log.1"]
    assert not (data / "fails").exists()


# --- item 13: the games list at 64 KB ----------------------------------------------------------------------


def test_the_games_list_pages_through_200_games_at_64k(tmp_path: Path) -> None:
    """200 games kept (every third closed): the list shows them newest first, three a page; B pages on to the
    oldest, A back to the newest, every game once; a digit opens the game of its row."""
    data = tmp_path / "data"
    games = data / "games"
    log = write_game(games, "0001.kitapi", seed=3, hands=5)
    closed = write_game(games, "0002.kitapi", seed=3, hands=5, end=True)
    for k in range(3, 201):
        (games / f"{k:04d}.kitapi").write_bytes(closed if k % 3 == 2 else log)
    dev, shown = boot(data)
    assert shown[0] == "No game"
    pages = [rows(dev.keys("3")[-1])]
    while True:
        shown = rows(dev.keys("B")[-1])
        if shown == pages[-1]:
            break
        pages.append(shown)
    assert len(pages) == 67
    assert [k for page in pages for k, _ in page] == list(range(200, 0, -1))
    assert all(is_open == (k % 3 != 2) for page in pages for k, is_open in page)
    for page in reversed(pages[:-1]):
        assert rows(dev.keys("A")[-1]) == page
    assert rows(dev.keys("A")[-1]) == pages[0]  # no page before the newest
    assert "197 Game closed" in lines(dev.keys("B 1")[-1])  # page 2, its first: game 197, closed, viewed
    shut(dev)
    assert not (data / "crash.log").exists()


_SYSTEM_WORDS = {"en": ("Prefa", "Kasa"), "el": ("Πρέφα", "Κάσα"), "ru": ("Префа", "Каса")}


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_games_list_says_each_games_system_and_day(tmp_path: Path, code: str) -> None:
    """Issue 24, item 6: a Prefa game and a kasa game: each row says which system and the day it started (its
    header's ``started``), the players on the row under it; a game whose header has no day (no clock) shows
    none; at 64 KB."""
    from kitapi_host.sim import typist

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings").write_text(f"255 60 {code}\n")
    dev = Device(data)
    dev.keys(SETUP)
    dev.keys("C 1 # " + typist.script("prefa_kasa", 5, 1)[0][2:])  # a new game while Prefa stays open: kasa (rules 6)
    shown = dev.keys("C 5")
    dev.close()
    days, names = [], []
    for k in (2, 1):
        with (data / "games" / f"{k:04d}.kitapi").open("rb") as f:
            h = DevLogReader(f).header()
        days.append(h["started"][8:10] + "." + h["started"][5:7])
        names.append(" ".join(h["players"]))  # (typed in the language's letters)
    prefa, kasa = _SYSTEM_WORDS[code]
    got = [s for x, y, s in sorted(shown[-1], key=lambda t: (t[1], t[0])) if x in (0, 8) and 8 <= y <= 48]
    assert got == [f"1 {kasa} {days[0]}", names[0], f"2 {prefa} {days[1]}", names[1]], got
    # a game whose header has no day (written by the PC, no clock): its system, no day
    write_game(data / "games", "0003.kitapi", seed=3, hands=2)
    dev = Device(data)
    shown = lines(dev.keys("C 5")[-1])
    dev.close()
    assert shown[1:3] == ["3-1", f"1 {prefa}"], shown


@pytest.mark.parametrize(("code", "reset"), list(zip(("en", "el", "ru"), RESET, strict=True)))
def test_a_damaged_journal_is_set_aside_and_said_whole_in_the_players_words(
    tmp_path: Path, code: str, reset: str
) -> None:
    """ROOT/journal/hand not of its form (zeros): the boot sets it aside and says so on the home screen's row 1 in
    the box's language, whole (its path, "journal/hand", was cut at 16 cells on every box); the game as it was,
    an empty journal made again for the next hand."""
    data = tmp_path / "data"
    log = base(data)
    (data / "settings").write_text(f"255 60 {code}\n")
    (data / "journal").mkdir()
    (data / "journal" / "hand").write_bytes(b"\x00" * 30)
    dev, shown = boot(data)
    dev.close()
    assert shown[1] == reset % "journal" and len(shown[1]) <= 16, shown
    assert (data / "games" / GAME).read_bytes() == log and (data / "journal" / "hand.bad1").read_bytes() == b"\x00" * 30
    assert (data / "journal" / "hand").read_bytes() == b""
