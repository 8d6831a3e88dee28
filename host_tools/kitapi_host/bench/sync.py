"""``kitapi bench --part sync``: a 1,000-hand game synced from the simulated device, and what it costs a Pico.

The game is pulled with the real client (mpremote's transport) from the firmware
in the unix port behind a local socket (``kitapi simdevice``).  Measured there:
the wall time, the bytes each way on the wire and the round trips (the link's
commands, and the code that starts the link).  A Pico's USB CDC is far faster
than a 115200-baud UART, so the estimate for a real Pico assumes the worst case
the issue names, 115200 baud (11,520 bytes/s each way), plus ``ROUND_TRIP_MS``
for each round trip (a few USB frames of 1 ms and the device's work).  The same
is measured for an incremental sync after 10 more hands.
"""

from __future__ import annotations

import io
import tempfile
import time
from pathlib import Path

from kitapi_host import logs
from kitapi_host.archive.db import Archive
from kitapi_host.bench import long_game
from kitapi_host.device.box import open_device
from kitapi_host.device.sync import Report, sync
from kitapi_host.logs import gen
from kitapi_host.sim.device import SimDevice

SEED = 1
HANDS = 1000
MORE = 10
BAUD_BYTES_S = 11_520  # 115200 baud, 8N1
ROUND_TRIP_MS = 15  # per command on a Pico: USB frames and the device's work (an estimate)
TARGET_S = 3.0


def _game(path: Path, hands: int) -> int:
    hdr, hs = long_game(SEED, hands)
    src = path.with_suffix(".jsonl")
    gen.write_jsonl(src, hdr, hs)
    logs.convert(src, path)
    src.unlink()
    return len(hs)


def _measure(sim: SimDevice, db: Path) -> tuple[Report, float, int, int, int]:
    start = time.perf_counter()
    dev = open_device(sim.url)
    with Archive(db) as a:
        rep = sync(dev, a, progress=io.StringIO())
    elapsed = time.perf_counter() - start
    sent, received, trips = sim.sent, sim.received, dev.round_trips
    dev.close()
    return rep, elapsed, sent, received, trips


def _row(what: str, rep: Report, elapsed: float, sent: int, received: int, trips: int) -> float:
    estimate = (sent + received) / BAUD_BYTES_S + trips * ROUND_TRIP_MS / 1000
    print(
        f"  {what:<28} {rep.bytes_pulled:>7,} B of log   wire: {sent:>7,} B to the PC, {received:>6,} B to the device, "
        f"{trips:>3} round trips   here {elapsed:5.2f} s   Pico at 115200: ~{estimate:.1f} s"
    )
    return estimate


def run() -> int:
    print(f"sync (kitapi simdevice, mpremote's transport): a {HANDS:,}-hand game")
    with tempfile.TemporaryDirectory() as d:
        fs = Path(d) / "fs"
        games = fs / "data" / "games"
        games.mkdir(parents=True)
        log = games / "0001.kitapi"
        n = _game(log, HANDS)
        assert n == HANDS, n
        (fs / "data" / "current").write_text("0001.kitapi\n")
        db = Path(d) / "archive.sqlite3"
        with SimDevice(fs) as sim:
            first = _row("first sync", *_measure(sim, db))
        before = log.read_bytes()
        _game(log, HANDS + MORE)
        assert log.read_bytes().startswith(before)  # the same game, 10 hands on
        with SimDevice(fs) as sim:
            _row(f"after {MORE} more hands", *_measure(sim, db))
    verdict = "meets" if first < TARGET_S else "misses"
    print(f"  estimate for the first sync: {first:.1f} s, {verdict} the {TARGET_S:.0f} s target")
    return 0
