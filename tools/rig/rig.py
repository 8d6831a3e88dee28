"""Helpers for measuring the firmware on the pico-rig (../shared/pico-rig): its control port, its console,
the device's files through mpremote, and the generated games of every system.  Not part of the product."""

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
MPREMOTE = str(REPO / ".venv" / "bin" / "mpremote")
SEED = 1


class Rig:
    def __init__(self, ctl_port=None, serial_port=None):
        # the rig's ports: RIG_PORT (its serial port) and RIG_CTL_PORT, 2317 and 2318 unless set
        serial_port = serial_port or int(os.environ.get("RIG_PORT", "2317"))
        ctl_port = ctl_port or int(os.environ.get("RIG_CTL_PORT", "2318"))
        self.dev = f"socket://127.0.0.1:{serial_port}"
        self.s = socket.create_connection(("127.0.0.1", ctl_port), timeout=600)
        self.f = self.s.makefile("rwb")
        self.seen = 0  # the last HEAP line's number read
        self.base = ""  # the console's end before the last reset: the lines after it are this boot's

    def cmd(self, c):
        self.f.write((c + "\n").encode())
        self.f.flush()
        out = []
        while True:
            line = self.f.readline().decode().rstrip("\n")
            if line == "ok":
                return out
            if line.startswith("err "):  # (a console line may begin "err...": "erry Pi Pico", cut)
                raise RuntimeError(f"{c}: {line}")
            out.append(line)

    def console(self):
        return "\n".join(self.cmd("console"))

    def mp(self, *args, timeout=300):
        p = subprocess.run([MPREMOTE, "connect", self.dev, *args], capture_output=True, text=True, timeout=timeout)
        if p.returncode:
            raise RuntimeError(f"mpremote {args}: {p.stdout}{p.stderr}")
        return p.stdout

    def heap_lines(self):
        """The HEAP lines of the console not read before: [(n, free after collect, lowest sample)]."""
        out = []
        text = self.console()
        if self.base:
            if self.base not in text:
                self.base = ""
            else:
                text = text.rpartition(self.base)[2]
                if "BOOT" not in text:
                    return []
        text = text.rpartition("BOOT")[2]  # this boot's lines
        for m in re.finditer(r"HEAP (\d+) (\d+) (\d+)", text):
            n, a, b = (int(x) for x in m.groups())
            if n > self.seen:
                out.append((n, a, b))
        if out:
            self.seen = max(n for n, _, _ in out)
        return out

    def wait_heap(self, timeout_s=600):
        """Wait for the next HEAP line (the app waits for a key again); its lines."""
        t = time.time()
        while time.time() - t < timeout_s:
            got = self.heap_lines()
            if got:
                return got
            time.sleep(0.1)
        raise RuntimeError("no HEAP line: " + self.console()[-600:])

    def ascii(self):
        return "\n".join(self.cmd("ascii"))

    def frame(self):
        return "".join(self.cmd("fbhex"))


def game(rules, hands):
    """(header, hands, each hand's keys) of a generated ``hands``-hand game of ``rules``, as the bench types it
    (its family's generator and typist, kitapi_host.families)."""
    sys.path.insert(0, str(REPO / "firmware"))
    from kitapi_host.families import typist_family
    from kitapi_host.logs import gen
    from kitapi_host.sim import typist

    hdr, hs = gen.generate(rules, SEED, hands, None, **typist_family(rules).BENCH)
    return hdr, hs, typist.game_keys(hdr, hs)


def systems():
    """Every system, kitapi.registry's rows in order."""
    sys.path.insert(0, str(REPO / "firmware"))
    from kitapi.registry import rows

    return [r[0] for r in rows()]


CLEAN = """import os
for d in ('/data', '/data/games'):  # (a fresh flash has neither)
    try:
        os.mkdir(d)
    except OSError:
        pass
for p in ('/data/ckpt', '/data/ckpt.tmp', '/data/current', '/data/crash.log', '/data/home', '/data/home.tmp'):
    try:
        os.remove(p)
    except OSError:
        pass
for n in os.listdir('/data/games'):
    os.remove('/data/games/' + n)
"""


def put_game(r, hdr, hands, *more):
    """A game (header, hands) as the rig's current game, with no checkpoint (CLEAN first); ``more``: mpremote's
    further arguments (``"+", "fs", "cp", ...``) in the same connection."""
    with tempfile.TemporaryDirectory() as d:
        log = Path(d) / "0001.kitapi"
        device_log(hdr, hands, log)
        cur = Path(d) / "current"
        cur.write_text("0001.kitapi\n")
        r.mp(
            "exec",
            CLEAN,
            "+",
            "fs",
            "cp",
            str(log),
            ":/data/games/0001.kitapi",
            "+",
            "fs",
            "cp",
            str(cur),
            ":/data/current",
            *more,
            timeout=900,
        )


def device_log(hdr, hands, dst):
    """Write the device log (.kitapi) of a game to ``dst``."""
    from kitapi_host import logs
    from kitapi_host.logs import gen

    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "g.jsonl"
        gen.write_jsonl(src, hdr, hands)
        logs.convert(src, dst)


def press(r, keys, hold_ms=80):
    """Press each key of ``keys`` (spaces skipped), waiting after each until the app waits for a key again;
    the HEAP lines seen."""
    out = []
    for ch in keys:
        if ch == " ":
            continue
        r.cmd(f"key {ch} {hold_ms}")
        r.cmd("wait 150")  # released and debounced before the next press (two keys down are a chord)
        out += r.wait_heap()
    return out


def reset(r):
    """Power-cycle the rig; the HEAP lines read after it are the new boot's."""
    r.base = r.console()[-300:]
    r.cmd("reset")
    r.seen = 0
