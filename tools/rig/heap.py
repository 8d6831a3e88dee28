"""The lowest free heap of each system on the pico-rig, during a 1,000-hand game (README, "The device's speed on
an emulated Pico").  Needs the rig running (../shared/pico-rig/start 2317 --ctl-port 2318 ...) with the firmware
deployed by ``kitapi deploy``; puts tools/rig/probe_board.py on it as /board.py (the real one as /pico_board.py),
and for each system a generated 1,000-hand log as its game, then: boot (no checkpoint: the whole log replayed),
type the next hands, edit one (the hands list, one up, open it, # through its steps), open the hands list and
page through it, then boot again (from the checkpoint).  Prints each step's lowest figures.

    .venv/bin/python tools/rig/heap.py [SYSTEM ...]
    .venv/bin/python tools/rig/heap.py --restore      # the real board.py back
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rig  # noqa: E402

OUT = "/tmp/i15c"  # the screens seen, as PNG
TYPED = 3  # hands typed after the 1,000 of the log


def install(r):
    r.mp(
        "fs",
        "cp",
        str(rig.REPO / "boards" / "pico.py"),
        ":pico_board.py",
        "+",
        "fs",
        "cp",
        str(rig.HERE / "probe_board.py"),
        ":board.py",
    )


def restore(r):
    r.mp("fs", "cp", str(rig.REPO / "boards" / "pico.py"), ":board.py", "+", "fs", "rm", ":pico_board.py")


def low(lines):
    return (min(a for _, a, _ in lines), min(b for _, _, b in lines)) if lines else (None, None)


def boot(r):
    rig.reset(r)
    t = time.time()
    lines = r.wait_heap()
    return lines, time.time() - t


def system(r, rules, edit_keys=None):
    hdr, hs, keys = rig.game(rules, 1000 + TYPED)
    rig.put_game(r, hdr, hs[:1000])
    steps = []
    lines, _ = boot(r)
    steps.append(("boot, no checkpoint", lines))
    typed = []
    for k in keys[1000:]:
        typed += rig.press(r, k)
    steps.append((f"{TYPED} hands typed ({' '.join(keys[1000:])})", typed))
    home = r.frame()[:256] + r.frame()[512:]  # but for page 1 (the status line: "Saved", "Battery low!")
    r.cmd(f"png {OUT}/{rules}-home.png 2")
    edit = rig.press(r, "A8#")  # the hands list, one up, open that hand
    r.cmd(f"png {OUT}/{rules}-edit.png 2")
    n = 0
    while n < 12:  # # through the edit's steps until the home screen is back (the correction saved)
        edit += rig.press(r, "#")
        n += 1
        f = r.frame()
        if f[:256] + f[512:] == home:
            break
    r.cmd(f"png {OUT}/{rules}-edited.png 2")
    steps.append((f"edit hand {1000 + TYPED - 1} (A8# then # x{n}{'' if n < 12 else ', home not seen again'})", edit))
    lst = rig.press(r, "A8888*")
    steps.append(("the hands list, paged", lst))
    lines, _ = boot(r)
    steps.append(("boot from the checkpoint", lines))
    print(f"== {rules}")
    for name, lines in steps:
        a, b = low(lines)
        print(f"  {name}: lowest free after a collect {a}, lowest sample {b}")
    sys.stdout.flush()
    return steps


def main(argv):
    global OUT
    r = rig.Rig()
    if argv and argv[0].startswith("--out="):
        OUT = argv.pop(0)[6:]
    if argv == ["--restore"]:
        restore(r)
        return
    Path(OUT).mkdir(parents=True, exist_ok=True)  # (the rig writes the PNGs there)
    install(r)
    for rules in argv or rig.systems():  # (kitapi.registry's rows, in order)
        system(r, rules)


if __name__ == "__main__":
    main(sys.argv[1:])
