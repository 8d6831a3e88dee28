"""Where a key's time goes on the pico-rig, press to last pixel (README, "The device's speed on an emulated Pico").

Needs the rig running with the firmware deployed (tools/rig/heap.py's docstring).  Puts tools/rig/time_board.py
on it as /board.py, a generated 1,000-hand Prefa game as its game (the first boot writes its checkpoint), boots
it again, then types HANDS x KEYS (80 ms presses) and prints for
each key: the press to the event (the keypad's scan and debounce: GP22), the wizard's work before a save, the
save (Store.append), the rest before the frame (the wizard, the loop's gc.collect), the drawing, hw.show (the
changed pages' CRCs and the I2C), the bytes and bus time of the I2C transfers, and the press to the last byte.

    .venv/bin/python tools/rig/latency.py [KEYS [HANDS]]     (default 261#### 9)
    .venv/bin/python tools/rig/latency.py --system ID [HANDS]  (a 1,000-hand game of system ID, then its next
                                                               HANDS generated hands typed, each its own keys)
    .venv/bin/python tools/rig/latency.py --system all [HANDS]  (the same for the first system of each family and
                                                                rules module of kitapi.registry: families(); then
                                                                the medians and worsts per system and over all)
    .venv/bin/python tools/rig/latency.py --system ID,ID,.. [HANDS]  (the same for the systems named)

Each key's line ends with "end": the press to hw.show's end from the device's own clock (the figure the README's
tables give per family: the transfer log can mix in a second frame or an earlier boot's transfers).
"""

import json
import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rig  # noqa: E402


def families():
    """--system all's systems: the first of each family and rules module, in the registry's order (ids never
    named here: tests/pc/test_typist.py)."""
    sys.path.insert(0, str(rig.REPO / "firmware"))
    from kitapi.registry import rows

    seen, out = set(), []
    for r in rows():
        if r[1:3] not in seen:
            seen.add(r[1:3])
            out.append(r[0])
    return out


def install(r):
    r.mp(
        "fs",
        "cp",
        str(rig.REPO / "boards" / "pico.py"),
        ":pico_board.py",
        "+",
        "fs",
        "cp",
        str(rig.HERE / "time_board.py"),
        ":board.py",
    )


def t_line(r, n):
    """The probe's line of the ``n``-th key timed since the boot, or None."""
    text = r.console().rpartition("BOOT")[2]
    for m in re.finditer(r"^T ([-\d ]+)\r?$", text, re.M):
        v = [int(x) for x in m.group(1).split()]
        if v[0] == n:
            return v[1:]
    return None


def boot(r):
    """Power-cycle the rig and let the boot finish (its time: tools/rig/boot.py, from the device's own clock)."""
    r.cmd("reset")
    r.cmd("wait 4000")


def one_key(r, k, seen):
    down = float(re.search(r"down ([0-9.]+) us", r.cmd(f"key {k} 80")[0]).group(1))
    r.cmd("wait 600")
    marks = [json.loads(x) if x.startswith("{") else x for x in r.cmd("marks")]
    edges = [float(m) for m in re.findall(r"([0-9]+(?:\.[0-9]+)?)", " ".join(str(m) for m in marks))]
    edge = min((e for e in edges if e >= down), default=None)
    tr = [json.loads(x) for x in r.cmd("transfers 60")]
    tr = [t for t in tr if down <= t["t0_us"] < down + 600_000]  # (not a transfer of an earlier boot: its clock)
    seen.append(0)
    t = t_line(r, len(seen))
    return down, edge, tr, t


def main(argv):
    system = None
    if argv[:1] == ["--system"]:
        system = argv[1]
        argv = ["", *argv[2:]]
    if system == "all" or (system and "," in system):
        every = []
        for s in families() if system == "all" else system.split(","):
            print(f"== {s}", flush=True)
            ends = main(["--system", s, *argv[1:]])
            every.append((s, ends))
        print("== every family: press to hw.show's end (ms, device clock)")
        for s, ends in every:
            print(f"{s}: n {len(ends)}  median {statistics.median(ends):.1f}  worst {max(ends):.1f}")
        allv = [e for _, x in every for e in x]
        print(f"all: n {len(allv)}  median {statistics.median(allv):.1f}  worst {max(allv):.1f}")
        return allv
    keys = argv[0] if argv else "261####"
    hands = int(argv[1]) if len(argv) > 1 else 9
    r = rig.Rig()
    install(r)
    hdr, hs, typed = rig.game(system or rig.systems()[0], 1000 + (hands if system else 0))  # (default: Prefa)
    rig.put_game(r, hdr, hs[:1000])
    boot(r)  # no checkpoint: replays the 1,000 hands, writes one
    boot(r)  # from the checkpoint
    r.cmd("marks clear")
    seen = []
    rows = []
    print(
        "key  press>event  >save  save  >frame  draw  show  i2c_bus  bytes  press>first_byte  press>last_byte  "
        "(ms; gc.collect now)"
    )
    for h in range(hands):
        if system:
            keys = typed[1000 + h]
        for i, k in enumerate(keys):
            down, edge, tr, t = one_key(r, k, seen)
            if not tr or t is None or edge is None:
                print(k, "no frame / no probe line", tr[:1], t, edge)
                continue
            ev = (edge - down) / 1000
            a0, a1, fill, s0, s1, gcus = [x / 1000 if x >= 0 else None for x in t]
            before_save = a0 if a0 is not None else None
            save = a1 - a0 if a0 is not None else None
            to_frame = fill - (a1 if a1 is not None else 0)
            draw = s0 - fill
            show = s1 - s0
            bus = sum(x["t1_us"] - x["t0_us"] for x in tr) / 1000
            nbytes = sum(x["bytes"] for x in tr)
            first = (min(x["t0_us"] for x in tr) - down) / 1000
            last = (max(x["t1_us"] for x in tr) - down) / 1000
            rows.append((h, i, k, ev, before_save, save, to_frame, draw, show, bus, nbytes, first, last, gcus, s1))

            def f(v):
                return "-" if v is None else f"{v:.1f}"

            print(
                f"{k} {h}.{i}  {f(ev)}  {f(before_save)}  {f(save)}  {f(to_frame)}  {f(draw)}  {f(show)}  {f(bus)}"
                f"  {nbytes}  {f(first)}  {f(last)}  (gc {f(gcus)})  end {f(ev + s1)}",
                flush=True,
            )
    lasts = [x[12] for x in rows]
    print(
        f"n {len(lasts)}  press to last byte: median {statistics.median(lasts):.1f}  worst {max(lasts):.1f}"
        f"  best {min(lasts):.1f}"
    )
    # the same from the device's own clock: the press to the event (GP22) and the event to hw.show's end (its I2C
    # writes block until the last byte is out); free of transfers the log mixes in (a second frame of the key, an
    # earlier boot's, whose clock started again at a reset)
    ends = [x[3] + x[14] for x in rows]
    print(f"n {len(ends)}  press to hw.show's end: median {statistics.median(ends):.1f}  worst {max(ends):.1f}")
    for i, k in enumerate(keys):
        sel = [x for x in rows if x[1] == i]
        if sel:
            cols = list(zip(*[x[3:13] for x in sel], strict=False))
            med = ["-" if None in c else f"{statistics.median(c):.1f}" for c in cols]
            print(f"key {i} ({k}) medians: " + " ".join(med))
    return ends


if __name__ == "__main__":
    main(sys.argv[1:])
