"""Where the boot's time goes on the pico-rig: tools/rig/boot_main.py as /main.py for a few boots, then the real
main.py back.  The game on the rig as it is (tools/rig/latency.py leaves a 1,000-hand Prefa game with its
checkpoint), or with ``--hands N`` a generated N-hand Prefa game put there first and booted once by the real
main.py (which writes its checkpoint and keeps its home frame, kitapi.app.kept).  With ``--no-checkpoint`` the
checkpoint is removed before each boot: the whole log replayed; with ``--no-frame`` the kept home frame is
removed too (a log put on the box without them).  Each boot's line gives the steps, the kept frame's last byte
on the I2C bus (where it is shown) and the last byte of the app's own first frame (which sends only what
differs from the kept one: none if it is the same).  Also the time to compile main.py and board.py from their
source.

    .venv/bin/python tools/rig/boot.py [BOOTS] [--hands N] [--no-checkpoint [--no-frame]]
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rig  # noqa: E402

COMPILE = """import time, gc
for n in ('main.py', 'board.py', 'pico_board.py'):
    try:
        s = open(n).read()
    except OSError:
        continue
    gc.collect()
    t = time.ticks_us()
    compile(s, n, 'exec')
    print(n, len(s), 'bytes: compiled in', time.ticks_diff(time.ticks_us(), t), 'us')
"""


def put_game(r, hands):
    """A generated ``hands``-hand Prefa game as the rig's current game, booted once (its checkpoint written)."""
    hdr, hs, _ = rig.game(rig.systems()[0], hands)  # the box's first system (the registry's first row: Prefa)
    rig.put_game(
        r,
        hdr,
        hs,
        "+",
        "fs",
        "cp",
        str(rig.REPO / "boards" / "pico.py"),
        ":board.py",
        "+",
        "fs",
        "cp",
        str(rig.REPO / "firmware" / "main.py"),
        ":main.py",
    )
    r.cmd("reset")
    r.cmd(f"wait {4000 + hands * 3}")  # the whole log replayed (about 1.5 ms a hand), the checkpoint written
    print(f"{hands}-hand game put on the rig; booted once")


def main(argv):
    fresh = "--no-checkpoint" in argv
    frame = "--no-frame" in argv
    argv = [a for a in argv if a not in ("--no-checkpoint", "--no-frame")]
    hands = None
    if "--hands" in argv:
        i = argv.index("--hands")
        hands = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    boots = int(argv[0]) if argv else 3
    r = rig.Rig()
    if hands:
        put_game(r, hands)
    print(r.mp("exec", COMPILE))
    r.mp(
        "fs",
        "cp",
        str(rig.REPO / "boards" / "pico.py"),
        ":board.py",
        "+",
        "fs",
        "cp",
        str(rig.HERE / "boot_main.py"),
        ":main.py",
    )
    # the stand-in's own compile (its timing lines cost the boot's "main.py starts" beside the real main.py's)
    print("the stand-in:", r.mp("exec", COMPILE.replace("('main.py', 'board.py', 'pico_board.py')", "('main.py',)")))
    try:
        for _ in range(boots):
            if fresh:  # (the app stopped at the REPL, the checkpoint removed: the next boot replays the whole log)
                gone = "('/data/ckpt', '/data/home')" if frame else "('/data/ckpt',)"
                r.mp("exec", f"import os\nfor p in {gone}:\n try:\n  os.remove(p)\n except OSError:\n  pass")
            r.cmd("i2cstats clear")  # (the transfers of earlier boots)
            r.cmd("reset")
            r.cmd("wait 8000" if fresh else "wait 4000")
            text = r.console()
            m = re.findall(r"BT [^\r\n]*", text)
            frames = r.cmd("transfers 400")
            total = re.search(r"total (\d+) us", m[-1]) if m else None
            # the transfers of this boot: the emulated clock starts again at the reset (older ones may be later)
            ends = [float(re.search(r'"t1_us":([0-9.]+)', x).group(1)) for x in frames]
            last = max((t for t in ends if total and t <= int(total.group(1)) + 1000), default=0.0)
            at = re.search(r"\(shown at (\d+)\)", m[-1]) if m else None
            kept = max((t for t in ends if at and t <= int(at.group(1)) + 1000), default=0.0)
            if kept:  # the app's own frame: the display data after the kept one (App() sends the contrast, a command)
                data = [float(re.search(r'"t1_us":([0-9.]+)', x).group(1)) for x in frames if '"kind":"data"' in x]
                last = max((t for t in data if kept < t <= int(total.group(1)) + 1000), default=0.0)
            print(
                m[-1] if m else "no BT line: " + text[-300:],
                "| the kept home frame's last byte at %.1f ms" % (kept / 1000) if kept else "| no kept home frame",
                "| the app's first frame's last byte at %.1f ms" % (last / 1000)
                if last > kept
                else "| the app's first frame: nothing sent (the kept one), done at %.1f ms"
                % (int(total.group(1)) / 1000),
            )
    finally:
        r.mp("fs", "cp", str(rig.REPO / "firmware" / "main.py"), ":main.py")


if __name__ == "__main__":
    main(sys.argv[1:])
