"""Where the boot's time goes on the pico-rig: tools/rig/boot_main.py as /main.py for a few boots (the game on
the rig as it is: run tools/rig/latency.py first for a 1,000-hand Prefa game with its checkpoint), then the real
main.py back.  Also the time to compile main.py and board.py from their source (what each boot does).

    .venv/bin/python tools/rig/boot.py [BOOTS]
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


def main(argv):
    boots = int(argv[0]) if argv else 3
    r = rig.Rig()
    print(r.mp("exec", COMPILE))
    r.mp("fs", "cp", str(rig.REPO / "boards" / "pico.py"), ":board.py", "+",
         "fs", "cp", str(rig.HERE / "boot_main.py"), ":main.py")
    try:
        for _ in range(boots):
            r.cmd("reset")
            r.cmd("wait 4000")
            text = r.console()
            m = re.findall(r"BT [^\r\n]*", text)
            frames = r.cmd("transfers 400")
            last = max(float(re.search(r'"t1_us":([0-9.]+)', x).group(1)) for x in frames)
            print(m[-1] if m else "no BT line: " + text[-300:], "| the home screen's last byte at %.1f ms" % (last / 1000))
    finally:
        r.mp("fs", "cp", str(rig.REPO / "firmware" / "main.py"), ":main.py")


if __name__ == "__main__":
    main(sys.argv[1:])
