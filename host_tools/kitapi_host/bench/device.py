"""``kitapi bench``, the device's part: key presses per hand, the firmware's heap, screen drawing time.

- Key presses: the hand wizard's keys for each hand of a generated corpus (the
  typist, kitapi_host.sim.typist, whose keys the tests type into the simulator and
  find again in the device log).
- Heap: the smallest ``-X heapsize`` (1 KB steps) in which the simulator runs
  the firmware through a scripted game of 1,000 hands without an error, the code
  in ROMFS as on the device; and the heap after each hand (a collection, then
  ``gc.mem_alloc()``) for its baseline and its largest value.
- Drawing: the time the app takes to draw each main screen into the frame
  buffer, on the unix port on this PC (a Pico's RP2040 is slower).
- Boot: the app's work from start to the home screen with a 500-hand game on
  flash (replaying its log, drawing the screen), measured here and estimated
  for a Pico with an assumed slowdown (PICO_SLOWDOWN) until it is timed on one.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kitapi.game import RuleError, new_game
from kitapi.registry import rows
from kitapi_host import logs
from kitapi_host.bench import long_game
from kitapi_host.families import typist_family
from kitapi_host.logs import gen
from kitapi_host.mpy import NO_PATH, compiled_core, romfs_command, romfs_image
from kitapi_host.sim import typist
from kitapi_host.sim.firmware import BOARDS, MAIN, Firmware, compiled_boot, parse_script, start

SEED = 1
CORPUS = 2000  # hands in the key-press corpus
HANDS = 1000  # hands in the scripted game for the heap
TARGET_KEYS = 7  # the commonest hand, including the save
TARGET_MEDIAN = 8
TARGET_HEAP = 64 * 1024
TARGET_BOOT_MS = 1500
# How much slower MicroPython runs on a Pico (RP2040, 125 MHz) than the unix port on
# this PC: an assumption, generous on purpose, to be replaced by a timing on the device.
PICO_SLOWDOWN = 100
# Seconds the firmware in the simulator has for one key of the scripted game: near the smallest heap a key
# is mostly collections, and on a busy machine one took over 60 s (Prefa at 46 KB, two cores shared by five)
KEY_TIMEOUT = 600


def systems() -> tuple[str, ...]:
    """Every system the bench types, kitapi.registry's rows in order; SystemExit, one line, if a family
    has no typist and generator (kitapi_host.families.<family>) rather than a wrong family's script."""
    out = tuple(r[0] for r in rows())
    for rules in out:
        try:
            typist_family(rules)
        except ValueError as e:
            raise SystemExit(f"kitapi bench: {e}") from None
    return out


def _game(rules: str, hands: int, seed: int = SEED) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The generated game the bench types: the family's BENCH options (a game that 1,000 hands fit)."""
    return gen.generate(rules, seed, hands, None, **typist_family(rules).BENCH)


def commonest_keys(rules: str) -> str | None:
    """The keys of the family's commonest hand (its module's COMMONEST), in a new game of ``rules``; None
    for a family with none or a system that does not take it (Balkan's contracts are numbers)."""
    commonest = getattr(typist_family(rules), "COMMONEST", None)
    if commonest is None:
        return None
    g = new_game(_game(rules, 0)[0])
    try:
        keys = typist.hand_keys(g, commonest)
        g.play(typist.device_form(g, commonest))
    except RuleError:
        return None
    return keys


def key_presses(rules: str) -> tuple[int, float, float] | None:
    """(the presses of the family's commonest hand, the median and the mean of a corpus of CORPUS generated
    hands); None where there is no commonest hand (``commonest_keys``)."""
    keys = commonest_keys(rules)
    if keys is None:
        return None
    presses: list[int] = []
    seed = SEED
    while len(presses) < CORPUS:
        hdr, hands = _game(rules, CORPUS, seed)
        presses += [typist.presses(k) for k in typist.game_keys(hdr, hands)]
        seed += 1
    presses = presses[:CORPUS]
    return typist.presses(keys), statistics.median(presses), statistics.mean(presses)


Script = Callable[[], tuple[str, list[str]]]


def script_of(rules: str, hands: int = HANDS) -> Script:
    """The scripted game of ``rules`` (HANDS hands): its setup keys and each hand's keys (kitapi_host.sim.typist)."""
    typist_family(rules)  # (an unknown system or family: ValueError now, not in the simulator)
    return lambda: typist.script(rules, SEED, hands)


def run_game(heap: str, script: Script, measure: bool = False, free: bool = False) -> list[int] | None:
    """Type the scripted game ``script`` into the simulator; None if the firmware failed, else the heaps
    after each hand (with ``free``, the heap left free after each).  Failed: a crash, or a soft reset once the
    game is open (the box resets then only when it ran out of heap: App.run, App.retry; it opens the game again
    and says so, and a key typed then is lost), or a log that does not hold every hand typed.  SystemExit, one
    line, if it neither waits for a key nor ends within KEY_TIMEOUT seconds: a heap that is not known to fail
    is not taken as failing (a busy machine would move the smallest heap)."""
    setup, hands = script()
    with tempfile.TemporaryDirectory() as d:
        data = Path(d) / "data"  # (the box's folder's name, as the device tests': the same paths, the same heap)
        out: list[str] = []
        fw: Firmware = start(
            argparse.Namespace(main=None, board="sim", data=data, heapsize=heap, romfs=True), out.append, False
        )
        heaps = []
        opened = -1  # the soft resets once the game is open (its start makes its own)
        try:
            if not fw.wait_ready(KEY_TIMEOUT):
                return None
            for keys in [setup, *hands]:
                for step in parse_script(keys):
                    fw.send(step.line)
                    if not fw.wait_ready(KEY_TIMEOUT):
                        return None
                if opened < 0:
                    opened = fw.resets
                elif fw.resets != opened:  # short of heap: the box reset, the hand's keys went elsewhere
                    return None
                if measure:
                    fw.send("m\n")
                    if not fw.wait_ready(KEY_TIMEOUT):
                        return None
                    heaps.append(int([x for x in out if x.startswith("M ")][-1].split()[2 if free else 1]))
            fw.quit()
            if fw.finish() != 0 or (data / "crash.log").exists():
                return None
            games = list((data / "games").glob("*.kitapi"))
            if len(games) != 1 or logs.replay_file(games[0])[0].hands != len(hands):
                return None
        except TimeoutError:
            raise SystemExit(
                f"kitapi bench: the firmware in {heap} took over {KEY_TIMEOUT} s for one key (the machine too busy?)"
            ) from None
        finally:
            fw.kill()
        return heaps


FREE_HANDS = 60  # hands of the typed game whose lowest free heap ``lowest_free`` reports


def lowest_free(rules: str, hands: int = FREE_HANDS, heap: str = "64K") -> int:
    """The least heap left free (bytes, after a collection) over a typed game of ``rules`` (its new game and
    ``hands`` hands) in the simulator's ``heap``: how far the box is from running out (issue 37)."""
    frees = run_game(heap, script_of(rules, hands), measure=True, free=True)
    if not frees:
        raise SystemExit(f"kitapi bench: the firmware cannot type a {rules} game in {heap}")
    return min(frees)


def core_sizes() -> list[tuple[str, int]]:
    """The core's size on the box: the ``.mpy`` bytes of kitapi.game and of each rules module (their ``_json``
    halves too, which the box never loads: the PC's and the replay's)."""
    core = compiled_core() / "kitapi"
    out = [("kitapi.game", (core / "game.mpy").stat().st_size)]
    for f in sorted((core / "rules").glob("*.mpy")):
        if f.stem != "__init__":
            out.append((f"kitapi.rules.{f.stem}", f.stat().st_size))
    return out


def smallest_heap(script: Script, lo: int = 24, hi: int = 128) -> int:
    """The smallest heap, in KB, that runs the scripted game."""
    if run_game(f"{hi}K", script) is None:
        raise SystemExit(f"kitapi bench: the firmware cannot run the scripted game even in {hi} KB")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if run_game(f"{mid}K", script) is None:
            lo = mid
        else:
            hi = mid
    return hi


_DRAW = """import gc, sys, time
import board
hw = board.make()
hw.show = lambda: None
from kitapi.app.main import App
from kitapi.app.home import Home
from kitapi.app.systems.prefa.wiz import HandWizard
from kitapi.app.history import History
app = App(hw)
app.store.new_game({"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"],
                    "options": {"pouch": 31}, "dealer": 0})
app.first_screen()
for k in range(20):
    w = HandWizard(app, bidder=k % 3)
    for ev in (6, 1, 15, 15, 15):
        w.key(ev)
    app.save_hand(w)
summary = HandWizard(app, bidder=1)
for ev in (6, 1, 15, 15, 15):
    summary.key(ev)
for name, screen in (("home", Home(app)), ("hand summary", summary), ("hands", History(app))):
    screen.draw(app.ui)
    gc.collect()
    t = time.ticks_us()
    for i in range(200):
        app.ui.clear()
        screen.draw(app.ui)
    print(name, time.ticks_diff(time.ticks_us(), t) / 200)
"""


def draw_times() -> list[tuple[str, float]]:
    """Microseconds to draw each main screen, on the unix port here."""
    import os
    import subprocess

    boot = compiled_boot(MAIN, BOARDS / "sim.py")
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, MICROPYPATH=NO_PATH, KITAPI_SIM_DATA=d)
        cmd = romfs_command(romfs_image(boot), ["-X", "heapsize=256K"], _DRAW)
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=d, timeout=300)
    if p.returncode:
        raise SystemExit(f"kitapi bench: drawing the screens failed:\n{p.stdout}{p.stderr}")
    out = []
    for line in p.stdout.splitlines():
        name, _, us = line.rpartition(" ")
        out.append((name, float(us)))
    return out


_BOOT = """import sys, time
import board
hw = board.make()
hw.show = lambda: None
from kitapi.app.main import App
t = time.ticks_us()
app = App(hw)
screen = app.first_screen()
app.ui.clear()
screen.draw(app.ui)
print(time.ticks_diff(time.ticks_us(), t), app.g.hands)
"""


def boot_time(hands: int = 500) -> float:
    """Milliseconds from App() to the drawn home screen, with a game of ``hands`` hands on flash."""
    import os
    import subprocess

    from kitapi_host import logs

    hdr, hs = long_game(SEED, hands)
    boot = compiled_boot(MAIN, BOARDS / "sim.py")
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        (root / "games").mkdir()
        src = root / "g.jsonl"
        gen.write_jsonl(src, hdr, hs)
        logs.convert(src, root / "games" / "0001.kitapi")
        (root / "current").write_text("0001.kitapi\n")
        env = dict(os.environ, MICROPYPATH=NO_PATH, KITAPI_SIM_DATA=d)
        cmd = romfs_command(romfs_image(boot), ["-X", "heapsize=64K"], _BOOT)
        best = float("inf")
        for _ in range(3):
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=d, timeout=300)
            us, n = p.stdout.split()
            if p.returncode or int(n) != hands:
                raise SystemExit(f"kitapi bench: the boot failed:\n{p.stdout}{p.stderr}")
            best = min(best, int(us) / 1000)
    return best


def run() -> None:
    print()
    print("kitapi bench, the device: the firmware in the simulator (unix port, 64-bit), code in ROMFS")
    for rules in systems():
        keys = key_presses(rules)
        if keys is not None:
            commonest, median, mean = keys
            print(f"  {rules}: key presses, commonest hand  {commonest}   (target {TARGET_KEYS})")
            print(
                f"  {rules}: key presses, median of {CORPUS} hands  {median:g}"
                f"   (target {TARGET_MEDIAN}; mean {mean:.2f})"
            )
        script = script_of(rules)
        presses = [typist.presses(k) for k in script()[1]]
        heaps = (run_game("256K", script, measure=True) or [0, 0])[1:]  # after each hand (the first: the new game)
        kb = smallest_heap(script)
        verdict = "meets" if kb * 1024 <= TARGET_HEAP else "misses"
        flat = "flat" if max(heaps) == heaps[0] else f"grows to {max(heaps)}"
        print(
            f"  {rules}: key presses, median of the {len(presses)} scripted hands {statistics.median(presses):g}"
            f" (mean {statistics.mean(presses):.2f}); heap after hand 1 and hand {len(presses)}"
            f" {heaps[0]} / {heaps[-1]} bytes ({flat}); smallest heap {kb} KB ({verdict} the 64 KB target)"
        )
    for module, size in core_sizes():
        print(f"  the core on the box: {module + '.mpy':<40} {size:>6} bytes")
    for rules in systems():
        free = lowest_free(rules)
        print(f"  {rules}: lowest free heap, a typed game of {FREE_HANDS} hands in 64 KB  {free:>6} bytes")
    for name, us in draw_times():
        print(f"  drawing the {name + ' screen':<24}       {us / 1000:>7.2f} ms")
    ms = boot_time()
    estimate = ms * PICO_SLOWDOWN
    verdict = "meets" if estimate <= TARGET_BOOT_MS else "misses"
    print(f"  boot to the home screen, 500-hand game         {ms:>7.2f} ms here")
    print(f"    on a Pico, estimated (x{PICO_SLOWDOWN})            {estimate:>7.0f} ms   ({verdict} the 1.5 s target)")
    run_speed()


# --- issue 15: bytes to the display per key, and the boot's work ------------------------------------

FULL_FRAME_BYTES = 1024 + 13  # the whole frame as one window (kitapi_host.sim.firmware.PANEL_WINDOW_BYTES)
CHECKPOINT_EVERY = 16  # kitapi.app.ckpt: a checkpoint every 16th hand


def display_bytes() -> list[tuple[str, str, int, list[int]]]:
    """For each system: (its rules id, the keys of its commonest hand (``commonest_keys`` where there are
    some; else the commonest keys of four presses or more among the 1,000 scripted hands), how many of those
    are typed so, the bytes sent to the display at each of its keys), the hand typed in the simulator after
    the system's new game and a first hand."""
    import collections

    out = []
    for rules in systems():
        setup, hands = script_of(rules)()
        played = collections.Counter(k for k in hands if typist.presses(k) >= 4)  # a bid played, not passed out
        keys = commonest_keys(rules) or played.most_common(1)[0][0]  # (the first: as the bench counts its keys)
        count = hands.count(keys)
        with tempfile.TemporaryDirectory() as d:
            lines: list[str] = []
            args = argparse.Namespace(main=None, board="sim", data=Path(d), heapsize="256K", romfs=True)
            fw: Firmware = start(args, lines.append, False)
            try:
                assert fw.wait_ready(60)
                for step in parse_script(setup + " " + keys):
                    fw.send(step.line)
                    assert fw.wait_ready(60), lines
                per_key = []
                for step in parse_script(keys):
                    before = fw.panel_bytes
                    fw.send(step.line)
                    assert fw.wait_ready(60), lines
                    assert fw.panel == fw.frame, "the panel is not the frame"
                    per_key.append(fw.panel_bytes - before)
                fw.quit()
                fw.finish()
            finally:
                fw.kill()
        out.append((rules, keys, count, per_key))
    return out


_BOOT_WORK = """import sys, time
import board
import kitapi.app.ckpt as ck
got = []
real = ck.read
def load(store, name, f):
    r = real(store, name, f)
    got.append(r)
    return r
ck.read = load
hw = board.make()
hw.show = lambda: None
from kitapi.app.main import App
t = time.ticks_us()
app = App(hw)
screen = app.first_screen()
app.ui.clear()
screen.draw(app.ui)
us = time.ticks_diff(time.ticks_us(), t)
if app.store.due:  # the checkpoint a long replay owes, written once the frame is out (App.run): not timed
    app.store.dump(app.g)
print(us, app.g.hands, app.store.seq if not got or got[0] is None else got[0][2])  # (no ckpt file: not read)
"""


def boot_work(hands: int, tail: int) -> tuple[int, float, float]:
    """A ``hands``-hand game of the first system (``kitapi_host.bench.long_game``) whose checkpoint is ``tail``
    hands behind the log: (the hands the boot replays, its milliseconds here, and those of a boot with
    no checkpoint)."""
    import os
    import subprocess

    from kitapi_host import logs

    hdr, hs = long_game(SEED, hands)
    assert len(hs) == hands
    boot = compiled_boot(MAIN, BOARDS / "sim.py")
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        (root / "games").mkdir()
        src = root / "g.jsonl"
        log = root / "games" / "0001.kitapi"
        (root / "current").write_text("0001.kitapi\n")
        env = dict(os.environ, MICROPYPATH=NO_PATH, KITAPI_SIM_DATA=d)
        cmd = romfs_command(romfs_image(boot), ["-X", "heapsize=64K"], _BOOT_WORK)

        def run(expect: int = hands) -> tuple[float, int]:
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=d, timeout=600)
            if p.returncode:
                raise SystemExit(f"kitapi bench: the boot failed:\n{p.stdout}{p.stderr}")
            us, n, replayed = p.stdout.split()
            if int(n) != expect:
                raise SystemExit(f"kitapi bench: the boot found {n} hands, not {expect}")
            return int(us) / 1000, int(replayed)

        gen.write_jsonl(src, hdr, hs)
        logs.convert(src, log)
        ckpt = root / "ckpt"
        full = float("inf")
        for _ in range(2):  # with no checkpoint: the whole log (then it writes one, after the frame: not timed)
            ckpt.unlink(missing_ok=True)
            full = min(full, run()[0])
        ckpt.unlink()
        whole = log.read_bytes()
        log.write_bytes(whole[: len(whole) - 8 * tail])  # the game as it was at its last checkpoint
        run(hands - tail)  # a boot of it: replays it all and writes its checkpoint
        log.write_bytes(whole)  # then the hands typed after it
        best, replayed = float("inf"), 0
        for _ in range(3):
            ms, replayed = run()
            best = min(best, ms)
            if tail >= CHECKPOINT_EVERY:
                break  # (that boot wrote a new checkpoint)
        return replayed, best, full


def run_speed() -> None:
    """Issue 15's figures: bytes sent to the display per key, the boot's work in hands replayed."""
    print()
    print("kitapi bench, the device's speed: the firmware in the simulator (unix port), code in ROMFS")
    print(f"  bytes sent to the display per key (a whole frame is {FULL_FRAME_BYTES}: the windows of the pages")
    print("  that changed, each 13 bytes of commands and control, then 128 bytes a page)")
    for name, keys, count, per_key in display_bytes():  # (name: the rules id)
        print(
            f"    {name:<24} commonest hand {keys!r} ({count} of {HANDS}): per key {per_key}, "
            f"mean {statistics.mean(per_key):.0f}, most {max(per_key)}"
        )
    print(f"  boot to the home screen (Prefa; a checkpoint every {CHECKPOINT_EVERY}th hand)")
    for hands in (500, 1000, 10_000):
        for tail in (hands % CHECKPOINT_EVERY, CHECKPOINT_EVERY - 1):
            replayed, ms, full = boot_work(hands, tail)
            print(
                f"    {hands:>6}-hand game, checkpoint {tail:>2} hands behind: replays {replayed:>2} hands, "
                f"{ms:7.2f} ms here (without a checkpoint: {hands} hands, {full:7.2f} ms)"
            )
