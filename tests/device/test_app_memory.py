"""Issue 16, item 10: no sequence of games and restarts ends in a MemoryError at the simulator's 64 KB.

A game's modules are let go when another system's game starts, but their interned
names stay in the heap for good: a Sochi game started after a Prefa one ran out of
memory at the pool step.  The new-game wizard now always starts on a heap that has
held no game (``kitapi.app.menus.new_game``: a soft reset first, invisible but for a frame).
"""

from __future__ import annotations

import json
from pathlib import Path

from kitapi.game import new_game
from kitapi_host import logs
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from kitapi_host.sim.pick import rules_keys
from test_app import SETUP, Device, device_log, home_standings, lines

# Sochi, 3 players: two new names typed (Dan, Eve) and Ann from the names used before, pool 10.
SOCHI_FROM_MENU = "C 1 # " + rules_keys("sochi") + " 3 0 3~1500 2~1500 66# 0 33~1500 888~1500 33# 1 10# # # #"


def test_a_sochi_game_after_a_prefa_game_fits_in_64k(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + " 1 6 1 4 #")
    before = dev.fw.resets
    shown = dev.keys("C 1 #")  # (asked first: the Prefa game stays open)
    assert lines(shown[-1])[0] == "New game" and dev.fw.resets == before + 1  # the wizard, on a fresh heap
    dev.keys(SOCHI_FROM_MENU[len("C 1 # ") :])
    hdr = gen.header("sochi", 3, pool=10)
    hdr["players"] = ["Dan", "Eve", "Ann"]
    _, hands = gen.generate("sochi", 7, 12, 3, pool=10)
    g = new_game(hdr)
    for h in hands:
        if g.over:
            break
        d = typist.device_form(g, h)
        shown = dev.keys(typist.hand_keys(g, d))
        g.play(d)
    assert not (dev.data / "crash.log").exists(), (dev.data / "crash.log").read_text()
    assert len(list((dev.data / "games").glob("*.kitapi"))) == 2
    dev.close()


def test_leaving_the_wizard_after_the_reset_goes_back_to_the_game(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + " 1 6 1 4 #")
    before = dev.fw.resets
    shown = dev.keys("C 1 # *")
    assert lines(shown[-1])[0] == "Hand 2"  # the Prefa game's home, its hand kept
    assert dev.fw.resets == before + 1
    shown = dev.keys("A")  # and its hands list opens (a restart, then A, ran out of memory once)
    assert lines(shown[-1])[0] == "Hands"
    dev.close()


def test_a_new_game_starts_on_a_fresh_heap(tmp_path: Path) -> None:
    """The new game on flash, the box resets softly and opens it: the wizard's names and pieces are gone.  Its
    header is checked and written on a fresh heap too (the wizard's header on flash first, ROOT/start, then a
    soft reset: App.start_game), so two resets in all; and the wizard itself opens on a fresh heap, on a box
    with no game too (kitapi.app.menus.new_game: the start menu's pieces cost a Sochi game 5 KB)."""
    dev = Device(tmp_path / "data", heapsize="64K")
    shown = dev.keys(SETUP[:-2])  # the wizard's last step: one reset, the wizard's own
    assert dev.fw.resets == 1
    shown = dev.keys("#")
    assert dev.fw.resets == 3 and lines(shown[-1])[0] == "Hand 1"
    assert not (dev.data / "start").exists()  # (the header's note, gone once the log holds it)
    assert home_standings(shown[-1]) == [("Ann", 100, 0), ("Bob", 100, 0), ("Cat", 100, 0)]
    dev.close()


def test_an_unexpected_error_restarts_on_a_fresh_heap(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data", heapsize="64K")
    dev.keys(SETUP + " 1 6 1 4 #")
    before = dev.fw.resets  # (the new game's start was one)
    dev.fw.send("x\n")  # a fault: the crash screen, then a soft reset into the game
    assert dev.fw.wait_ready(60)
    assert lines(dev.fw.texts) == ["Error", "RuntimeError", "restarting..."]
    shown = dev.keys("#")
    assert dev.fw.resets == before + 1 and lines(shown[-1])[0] == "Hand 2"
    (dev.data / "crash.log").unlink()  # (the fault's, expected)
    dev.close()


def test_a_fresh_game_then_a_restart_then_the_hands_list(tmp_path: Path) -> None:
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP)
    dev.close()
    dev = Device(data, heapsize="64K")
    shown = dev.keys("A")
    assert lines(shown[-1])[0] == "Hands"
    dev.close()


def test_an_edit_short_of_heap_opens_on_a_fresh_heap(tmp_path: Path) -> None:
    """An edit replays the game before its hand; when a long evening has cut the heap up so that it does not
    fit (the 100,000-key test found one in Sochi at 64 KB), the box resets softly and opens the same edit
    on a fresh heap: the same wizard, and its save a correction as any other.  The simulator's "h N" holds
    the heap until N bytes are free, until the next reset."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0#")  # Ann 6S, Bob 7S, all passed
    before = dev.fw.resets  # (one: the new game opened on a fresh heap)
    plain = dev.keys("A 8 #")[-1]  # hand 2's edit, with heap enough: no reset
    assert dev.fw.resets == before
    dev.keys("L*")
    shown = dev.keys("A 8")
    dev.fw.send("h 500\n")
    assert dev.fw.wait_ready(60)
    shown = dev.keys("#")
    assert dev.fw.resets == before + 1, lines(shown[-1])  # short of heap: the edit opened after a soft reset
    assert shown[-1] == plain  # the same screen, hand 2's summary
    shown = dev.keys("*" * 4 + "3 6 1 ####")  # back to its first step: Cat 6S instead, saved
    assert not (data / "crash.log").exists(), (data / "crash.log").read_text()
    dev.close()
    (game,) = (data / "games").glob("*.kitapi")
    g, damage = logs.replay_file(game)
    assert damage is None and g.hands == 3
    assert (data / "next").exists() is False


def _short_of_heap_then_hash(dev: Device, said: str) -> None:
    """# with the heap held short (300 bytes free): one soft reset, then the hands list at hand 2 saying ``said``
    (as with room: kitapi.app.history.fixed), * the home screen, no crash; closed."""
    before = dev.fw.resets
    dev.fw.send("h 300\n")
    assert dev.fw.wait_ready(60)
    shown = dev.keys("#")
    assert dev.fw.resets == before + 1, lines(shown[-1])
    assert lines(shown[-1])[:2] == ["Hands", "2/3 0:?"] and said in lines(shown[-1]), lines(shown[-1])
    assert lines(dev.keys("*")[-1])[0] == "Hand 4"
    assert not (dev.data / "crash.log").exists(), (dev.data / "crash.log").read_text()
    dev.close()


def test_a_delete_short_of_heap_lands_on_the_hands_list_after_a_reset(tmp_path: Path) -> None:
    """A deletion's record is on flash before the game is replayed again; if the replay does not fit (the
    100,000-key test found one in a 4-player Sochi game at 64 KB), the box resets softly and its boot deletes
    it on the fresh heap: the hands list it would have shown, "Deleted"."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0#")
    dev.keys("A 8 D")  # hand 2: delete? (asked)
    _short_of_heap_then_hash(dev, "Deleted")
    (game,) = (data / "games").glob("*.kitapi")
    g, damage = logs.replay_file(game)
    assert damage is None and g.hands == 2  # hands 1 and 3


def test_a_correction_short_of_heap_is_saved_after_a_reset(tmp_path: Path) -> None:
    """Saving an edit checks the corrected log beside the game before the hand; without room for both the box
    resets softly and saves it on the fresh heap (the same check, the same correction record): the hands list
    after it is the one a save with room shows, "Saved"."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0#")
    shown = dev.keys("A 8 # **** 3 1 ##")  # hand 2: Bob 7D instead of 7S, at its summary
    assert lines(shown[-1])[1] == "Bob 7♦ =" and lines(shown[-1])[-1] == "#save *back"
    _short_of_heap_then_hash(dev, "Saved")  # (a hand there: not "Restored", the note's form the same)
    log, res = device_log(data, tmp_path)
    assert json.loads(log[-1]) == dict(json.loads(log[2]), replace=2, contract="7D")  # hand 2's correction
    assert res["hands"] == 3


def test_a_boot_short_of_heap_shows_the_error_and_does_not_reset_for_ever(tmp_path: Path) -> None:
    """The soft reset after a MemoryError is for a heap cut up by the keys since the boot: a game whose first
    screen does not fit a fresh heap (a 32 KB one here) would reset for ever, so before the first key the
    box shows the error (and logs it) as for any other."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0#")
    dev.close()
    dev = Device(data, heapsize="32K")
    assert lines(dev.keys("~1")[-1])[:2] == ["Error", "MemoryError"]
    assert dev.fw.resets == 0 and "MemoryError" in (data / "crash.log").read_text()
    dev.fw.kill()


def test_a_closed_game_viewed_short_of_heap_opens_after_a_reset(tmp_path: Path) -> None:
    """The games list's closed game replays its log; short of heap the box resets softly and views it on the
    fresh heap: the same screen, read only, as a view with room."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0# C 3 # #")  # the game ended, closed
    assert lines(dev.keys("3")[-1])[0] == "Games"
    before = dev.fw.resets
    dev.fw.send("h 1500\n")
    assert dev.fw.wait_ready(60)
    short = dev.keys("1")[-1]
    assert dev.fw.resets == before + 1, lines(short)
    assert "1 Game closed" in lines(short)
    dev.keys("* 3")  # left (the start menu), the games list again
    assert dev.keys("1")[-1] == short  # viewed with room
    assert not (data / "crash.log").exists(), (data / "crash.log").read_text()
    dev.close()


def test_a_closed_games_hand_shown_keeps_no_screen_it_let_go_and_star_makes_them_again(tmp_path: Path) -> None:
    """Issue 35, item 10: a closed game's hand viewed (kitapi.app.readonly) lets its hands list, its home screen
    and their modules go; the app's stack keeps only what views them again (kitapi.app.games.view's arguments),
    so the heap while the hand is shown is kilobytes below the list's; * comes back by the stack (App.back): the
    list at the hand, then the home screen on the page it was on (its standings, B before A)."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0# C 3 # #")  # three hands, the game ended and closed
    dev.keys("3 1 B A 8")  # Games, the closed game, its standings, its hands, the cursor on hand 2
    listed = dev.heap()
    shown = dev.keys("#")[-1]
    assert lines(shown)[0] == "Hand 2" and lines(shown)[-1] == "Read only *back"
    held = dev.heap()
    assert held < listed - 3000, (held, listed)
    back = lines(dev.keys("*")[-1])
    assert back[1] == "2/3 0:?", back  # the list at the hand
    home = dev.keys("*")[-1]
    assert "1 Game closed" in lines(home) and home_standings(home), lines(home)  # its standings, as left
    assert "Who owes whom" in lines(dev.keys("B")[-1])
    dev.keys("*")
    dev.close()


_MP_SCREENS = """
import sys
import kitapi.app.home, kitapi.app.main, kitapi.app.store
for f in sys.argv[-1].split():
    __import__("kitapi.app.systems." + f)
held = "kitapi.keys" in sys.modules
from kitapi.hw.keypad import Keypad
kp = Keypad([lambda *a: 1] * 4, [lambda *a: 1] * 4)
print(held, "kitapi.keys" in sys.modules, list(kp._codes) == [1, 2, 3, 10, 4, 5, 6, 11, 7, 8, 9, 12, 14, 0, 15, 13])
"""


def test_no_screen_a_game_keeps_holds_kitapi_keys() -> None:
    """Issue 35's proof (the heap figures of kitapi bench): the app's main module, its store, the home screen and
    every family's screens test keys by constants of their own, and the keypad reads the layout from kitapi.keys
    and lets it go, so that no game keeps the module (about 580 bytes of every game's heap at the simulator's
    64 KB: each family's D held it). On MicroPython, the code in ROMFS as on the box."""
    from kitapi.registry import rows
    from kitapi_host.mpy import run_core

    families = " ".join(sorted({r[1] for r in rows()}))
    p = run_core(_MP_SCREENS, [families], "64K", romfs=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.split() == ["False", "False", "True"], p.stdout  # (the keypad's events as kitapi.keys gives)
