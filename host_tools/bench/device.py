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

from kitapi_host.logs import gen
from kitapi_host.mpy import NO_PATH, romfs_command, romfs_image
from kitapi_host.sim import typist
from kitapi_host.sim.firmware import BOARDS, MAIN, Firmware, _start, compiled_boot, parse_script

SEED = 1
# the other systems whose 1,000-hand scripted game the bench types into the device (_script_of)
SYSTEMS = ("prefa_kasa", "preference_at", "preference_illustrated", "preference_us", "priffe")
CORPUS = 2000  # hands in the key-press corpus
HANDS = 1000  # hands in the scripted game for the heap
TARGET_KEYS = 7  # the commonest hand, including the save
TARGET_MEDIAN = 8
TARGET_HEAP = 64 * 1024
TARGET_BOOT_MS = 1500
# How much slower MicroPython runs on a Pico (RP2040, 125 MHz) than the unix port on
# this PC: an assumption, generous on purpose, to be replaced by a timing on the device.
PICO_SLOWDOWN = 100
# A new game with names Ann, Bob, Cat typed with multi-tap, a pouch, no options, first dealer seat 1.
SETUP = "1 1 3  0 2~1500 66~1500 66#  0 22~1500 666~1500 22#  0 222~1500 2~1500 8#  {pouch}# # # #"
COMMONEST = {"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}
# Russian Preferans (sochi): the same names, pool 10000 (a long game), no options.
PREF_SETUP = "1 2 3  0 2~1500 66~1500 66#  0 22~1500 666~1500 22#  0 222~1500 2~1500 8#  10000# # # #"
PREF_COMMONEST = {"dealer": 0, "soloist": 1, "contract": "6S", "whist": ["whist", "pass"], "open": False,
                  "tricks": [0, 6, 4]}  # fmt: skip


def pref_key_presses() -> tuple[int, float, float]:
    """Preferans (sochi, 3 players): (the commonest hand's presses, the corpus median, mean)."""
    from kitapi.game import new_game

    presses: list[int] = []
    seed = SEED
    while len(presses) < CORPUS:
        hdr, hands = gen.preferans_game(seed, CORPUS, "sochi", 3, pool=10000)
        g = new_game(hdr)
        for h in hands:
            d = typist.device_form(g, h)
            presses.append(typist.presses(typist.pref_keys_for(g, d)))
            g.play(d)
        seed += 1
    presses = presses[:CORPUS]
    g = new_game(gen.preferans_header("sochi", 3, pool=10000))
    return typist.presses(typist.pref_keys_for(g, PREF_COMMONEST)), statistics.median(presses), statistics.mean(presses)


def _pref_script() -> tuple[str, list[str]]:
    from kitapi.game import new_game

    hdr, hands = gen.preferans_game(SEED, HANDS, "sochi", 3, pool=10000)
    assert len(hands) == HANDS
    g = new_game(hdr)
    keys = []
    for h in hands:
        d = typist.device_form(g, h)
        keys.append(typist.pref_keys_for(g, d))
        g.play(d)
    return PREF_SETUP, keys


def key_presses() -> tuple[int, float, float]:
    """(the commonest hand's presses, the corpus median, the corpus mean)."""
    _, hands = gen.game(SEED, CORPUS, pouch=100_000)
    presses = [typist.presses(typist.keys_for(h, 3)) for h in hands]
    return typist.presses(typist.keys_for(COMMONEST, 3)), statistics.median(presses), statistics.mean(presses)


def _game_script() -> tuple[str, list[str]]:
    _, hands = gen.game(SEED, HANDS, pouch=5000)
    assert len(hands) == HANDS
    return SETUP.format(pouch=5000), [typist.keys_for(h, 3) for h in hands]


Script = Callable[[], tuple[str, list[str]]]


def _script_of(rules: str) -> Script:
    """The scripted 1,000-hand game of a system beyond Prefa and Sochi: its setup keys and each hand's keys."""
    from kitapi_host.sim import typist

    if rules == "prefa_kasa":
        return lambda: typist.kasa_script(SEED, HANDS)
    if rules == "priffe":
        return lambda: typist.priffe_script(rules, SEED, HANDS)
    return lambda: typist.pot_script(rules, SEED, HANDS)


def run_game(
    heap: str, measure: bool = False, preferans: bool = False, script: Script | None = None
) -> list[int] | None:
    """Type the scripted game into the simulator (Prefa's, Sochi's with ``preferans``, or ``script``'s);
    None if the firmware failed, else the heaps after each hand."""
    setup, hands = script() if script else _pref_script() if preferans else _game_script()
    with tempfile.TemporaryDirectory() as d:
        data = Path(d)
        out: list[str] = []
        fw: Firmware = _start(
            argparse.Namespace(main=None, board="sim", data=data, heapsize=heap, romfs=True), out.append, False
        )
        heaps = []
        try:
            if not fw.wait_ready(60):
                return None
            for keys in [setup, *hands]:
                for step in parse_script(keys):
                    fw.send(step.line)
                    if not fw.wait_ready(60):
                        return None
                if measure:
                    fw.send("m\n")
                    if not fw.wait_ready(60):
                        return None
                    heaps.append(int([x for x in out if x.startswith("M ")][-1].split()[1]))
            fw.quit()
            if fw.finish() != 0 or (data / "crash.log").exists():
                return None
            games = list((data / "games").glob("*.kitapi"))
            if len(games) != 1 or games[0].stat().st_size < 8 * len(hands):
                return None
        finally:
            fw.kill()
        return heaps


def smallest_heap(lo: int = 24, hi: int = 128, preferans: bool = False, script: Script | None = None) -> int:
    """The smallest heap, in KB, that runs the scripted game."""
    if run_game(f"{hi}K", preferans=preferans, script=script) is None:
        raise SystemExit(f"kitapi bench: the firmware cannot run the scripted game even in {hi} KB")
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if run_game(f"{mid}K", preferans=preferans, script=script) is None:
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

    hdr, hs = gen.game(SEED, hands, pouch=100_000)
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
    commonest, median, mean = key_presses()
    print()
    print("kitapi bench, the device: the firmware in the simulator (unix port, 64-bit), code in ROMFS")
    print(f"  key presses, commonest hand (both in, exact)  {commonest:>5}   (target {TARGET_KEYS})")
    print(f"  key presses, median of {CORPUS} hands           {median:>5g}   (target {TARGET_MEDIAN}; mean {mean:.2f})")
    heaps = (run_game("256K", measure=True) or [0, 0])[1:]  # after each hand (the first entry: the new game)
    flat = "flat" if max(heaps) == heaps[0] else f"grows to {max(heaps)}"
    print(f"  heap after hand 1 and hand {HANDS}            {heaps[0]:>6} / {heaps[-1]} bytes ({flat})")
    kb = smallest_heap()
    verdict = "meets" if kb * 1024 <= TARGET_HEAP else "misses"
    print(f"  smallest heap for the {HANDS}-hand game       {kb:>5} KB   ({verdict} the 64 KB target)")
    commonest, median, mean = pref_key_presses()
    print(f"  Preferans (sochi): key presses, commonest hand (one whists, exact)  {commonest}   (target {TARGET_KEYS})")
    print(
        f"  Preferans (sochi): key presses, median of {CORPUS} hands  {median:g}   "
        f"(target {TARGET_MEDIAN}; mean {mean:.2f})"
    )
    heaps = (run_game("256K", measure=True, preferans=True) or [0, 0])[1:]
    flat = "flat" if max(heaps) == heaps[0] else f"grows to {max(heaps)}"
    print(f"  Preferans (sochi): heap after hand 1 and hand {HANDS}   {heaps[0]} / {heaps[-1]} bytes ({flat})")
    kb = smallest_heap(preferans=True)
    verdict = "meets" if kb * 1024 <= TARGET_HEAP else "misses"
    print(f"  Preferans (sochi): smallest heap for the {HANDS}-hand game   {kb} KB   ({verdict} the 64 KB target)")
    for rules in SYSTEMS:
        script = _script_of(rules)
        presses = [typist.presses(k) for k in script()[1]]
        heaps = (run_game("256K", measure=True, script=script) or [0, 0])[1:]
        kb = smallest_heap(script=script)
        verdict = "meets" if kb * 1024 <= TARGET_HEAP else "misses"
        flat = "flat" if max(heaps) == heaps[0] else f"grows to {max(heaps)}"
        print(
            f"  {rules}: key presses, median of the {len(presses)} scripted hands {statistics.median(presses):g}"
            f" (mean {statistics.mean(presses):.2f}); heap after hand 1 and hand {len(presses)}"
            f" {heaps[0]} / {heaps[-1]} bytes ({flat}); smallest heap {kb} KB ({verdict} the 64 KB target)"
        )
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


def _scripts() -> list[tuple[str, Script]]:
    """Each system's scripted game (its setup keys, each hand's keys)."""
    out: list[tuple[str, Script]] = [("prefa", _game_script), ("preferans (sochi)", _pref_script)]
    return out + [(rules, _script_of(rules)) for rules in SYSTEMS]


def display_bytes() -> list[tuple[str, str, int, list[int]]]:
    """For each system: (name, the keys of its commonest hand (Prefa's, Sochi's, the kasa's: COMMONEST and
    PREF_COMMONEST; the others': the commonest keys of four presses or more among the 1,000 scripted hands),
    how many of those are typed so, the bytes sent to the display at each of its
    keys), the hand typed in the simulator after the system's new game and a first hand."""
    import collections

    out = []
    for name, script in _scripts():
        setup, hands = script()
        played = collections.Counter(k for k in hands if typist.presses(k) >= 4)  # a bid played, not passed out
        keys = played.most_common(1)[0][0]
        if name in ("prefa", "prefa_kasa"):  # the commonest hand as the bench counts its keys (COMMONEST)
            keys = typist.keys_for(COMMONEST, 3) if name == "prefa" else typist.kasa_keys_for(COMMONEST, 3, 50_000)
        elif name.startswith("preferans"):
            from kitapi.game import new_game

            keys = typist.pref_keys_for(new_game(gen.preferans_header("sochi", 3, pool=10000)), PREF_COMMONEST)
        count = hands.count(keys)
        with tempfile.TemporaryDirectory() as d:
            lines: list[str] = []
            args = argparse.Namespace(main=None, board="sim", data=Path(d), heapsize="256K", romfs=True)
            fw: Firmware = _start(args, lines.append, False)
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
        out.append((name, keys, count, per_key))
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
print(us, app.g.hands, app.store.seq if got[0] is None else got[0][2])
"""


def boot_work(hands: int, tail: int) -> tuple[int, float, float]:
    """A ``hands``-hand Prefa game whose checkpoint is ``tail`` hands behind the log: (the hands the boot
    replays, its milliseconds here, and those of a boot with no checkpoint)."""
    import os
    import subprocess

    from kitapi_host import logs

    hdr, hs = gen.game(SEED, hands, pouch=100_000)
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
        for _ in range(2):  # with no checkpoint: the whole log (the boot then writes one: timed with it)
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
    for name, keys, count, per_key in display_bytes():
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
