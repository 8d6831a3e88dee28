"""``kitapi sim``: the screen's PNG and half-block forms, key scripts, and the simulator run
headless and in a terminal against a stand-in app (tests/pc/simdemo/main.py)."""

from __future__ import annotations

import os
import re
import select
import struct
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from kitapi_host.sim import screen
from kitapi_host.sim.firmware import LONG, ScriptError, Step, parse_script
from kitapi_host.sim.pick import rules_keys
from testkit import HANG_S

DEMO = Path(__file__).resolve().parent / "simdemo" / "main.py"


def frame_with(*pixels: tuple[int, int]) -> bytes:
    data = bytearray(screen.FRAME_BYTES)
    for x, y in pixels:
        data[(y // 8) * 128 + x] |= 1 << (y % 8)
    return bytes(data)


# ---------------------------------------------------------------------------
# the screen
# ---------------------------------------------------------------------------


def read_png(path: Path) -> tuple[int, int, bytes, list[list[int]]]:
    """A 1-bit palette PNG as (width, height, palette, rows of pixel indexes)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos = 8
    chunks: dict[bytes, bytes] = {}
    idat = b""
    order = []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        order.append(kind)
        if kind == b"IDAT":
            idat += body
        chunks[kind] = body
        pos += 12 + length
    assert order[0] == b"IHDR" and order[-1] == b"IEND"
    width, height, depth, colour, compression, filt, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour, compression, filt, interlace) == (1, 3, 0, 0, 0)
    raw = zlib.decompress(idat)
    stride = 1 + (width + 7) // 8
    assert len(raw) == stride * height
    rows = []
    for y in range(height):
        line = raw[y * stride : (y + 1) * stride]
        assert line[0] == 0  # no filter
        rows.append([line[1 + x // 8] >> (7 - x % 8) & 1 for x in range(width)])
    return width, height, chunks[b"PLTE"], rows


def test_png_size_colours_and_pixels(tmp_path: Path) -> None:
    lit = [(0, 0), (127, 63), (5, 10), (64, 7), (64, 8)]
    path = tmp_path / "f.png"
    screen.frame_to_png(frame_with(*lit), path)
    width, height, palette, rows = read_png(path)
    assert (width, height) == (512, 256)
    assert palette == bytes(screen.DARK + screen.LIT) == bytes.fromhex("05070ae8f4ff")
    expected = {(x * 4 + dx, y * 4 + dy) for x, y in lit for dx in range(4) for dy in range(4)}
    got = {(x, y) for y, row in enumerate(rows) for x, v in enumerate(row) if v}
    assert got == expected


def test_png_scale_1(tmp_path: Path) -> None:
    path = tmp_path / "f.png"
    screen.frame_to_png(frame_with((3, 3)), path, scale=1)
    width, height, _, rows = read_png(path)
    assert (width, height) == (128, 64)
    assert rows[3][3] == 1 and sum(map(sum, rows)) == 1


def test_halfblocks() -> None:
    lines = screen.frame_to_halfblocks(frame_with((0, 0), (1, 1), (2, 0), (2, 1), (127, 63), (10, 8)))
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
    assert lines[0][:4] == "▀▄█ "
    assert lines[31][127] == "▄"
    assert lines[4][10] == "▀"  # row 8: the top half of line 4
    assert sum(ch != " " for line in lines for ch in line) == 5
    assert set(screen.frame_to_halfblocks(bytes(1024))) == {" " * 128}
    assert set(screen.frame_to_halfblocks(b"\xff" * 1024)) == {"█" * 128}
    with pytest.raises(ValueError):
        screen.frame_to_halfblocks(b"\0" * 10)


def _lit(data: bytes) -> set[tuple[int, int]]:
    return {(x, y) for y in range(64) for x in range(128) if screen.pixel(data, x, y)}


def _decoded(lines: list[str], cell: tuple[int, int], dots: dict[str, list[tuple[int, int]]]) -> set[tuple[int, int]]:
    """The pixels a picture's characters show, each character a ``cell`` of pixels lit as ``dots`` says."""
    out = set()
    for cy, line in enumerate(lines):
        for cx, ch in enumerate(line):
            out |= {(cell[0] * cx + dx, cell[1] * cy + dy) for dx, dy in dots[ch]}
    return out


def test_quadrants_and_braille_show_every_pixel() -> None:
    """The two small pictures for an ordinary terminal (64 columns) lose no pixel: read back, character by
    character, from what each character means, they are the frame."""
    import random

    quarters = [(0, 0), (1, 0), (0, 1), (1, 1)]  # the quadrant characters in code point order below
    quadrant = {
        " ": [],
        "▘": [(0, 0)], "▝": [(1, 0)], "▀": [(0, 0), (1, 0)], "▖": [(0, 1)], "▌": [(0, 0), (0, 1)],
        "▞": [(1, 0), (0, 1)], "▛": [(0, 0), (1, 0), (0, 1)], "▗": [(1, 1)], "▚": [(0, 0), (1, 1)],
        "▐": [(1, 0), (1, 1)], "▜": [(0, 0), (1, 0), (1, 1)], "▄": [(0, 1), (1, 1)],
        "▙": [(0, 0), (0, 1), (1, 1)], "▟": [(1, 0), (0, 1), (1, 1)], "█": quarters,
    }  # fmt: skip
    # Braille (Unicode's dot numbering): dots 1-3 and 7 the left column top down, 4-6 and 8 the right
    dot_xy = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
    braille = {chr(0x2800 + k): [dot_xy[d] for d in range(8) if k >> d & 1] for k in range(256)}
    rng = random.Random(7)
    frames = [bytes(1024), b"\xff" * 1024, frame_with((0, 0), (127, 63), (5, 9))]
    frames += [bytes(rng.randrange(256) for _ in range(1024)) for _ in range(3)]
    for data in frames:
        q = screen.frame_to_quadrants(data)
        assert len(q) == 32 and all(len(line) == 64 for line in q)
        assert _decoded(q, (2, 2), quadrant) == _lit(data)
        b = screen.frame_to_braille(data)
        assert len(b) == 16 and all(len(line) == 64 for line in b)
        assert _decoded(b, (2, 4), braille) == _lit(data)


@pytest.mark.parametrize(
    ("columns", "lines", "picture"),
    [
        (0, 0, "frame_to_halfblocks"),  # a terminal that does not tell its size: as before
        (132, 40, "frame_to_halfblocks"),
        (130, 37, "frame_to_halfblocks"),
        (129, 60, "frame_to_quadrants"),
        (100, 40, "frame_to_quadrants"),
        (80, 24, "frame_to_braille"),
        (66, 21, "frame_to_braille"),
        (65, 40, None),
        (80, 20, None),
    ],
)
def test_the_picture_fits_the_terminal(columns: int, lines: int, picture: str | None) -> None:
    from kitapi_host.sim.firmware import picture_for

    pic = picture_for(columns, lines)
    assert (pic[2].__name__ if pic else None) == picture


# ---------------------------------------------------------------------------
# key scripts
# ---------------------------------------------------------------------------


def test_script_syntax() -> None:
    steps = parse_script("12 L* Ld ~1500 ~30s ~2m ~7ms\n a#\tC")
    assert [(s.kind, s.value) for s in steps] == [
        ("k", 1),
        ("k", 2),
        ("k", 14 + LONG),
        ("k", 13 + LONG),
        ("t", 1500),
        ("t", 30_000),
        ("t", 120_000),
        ("t", 7),
        ("k", 10),
        ("k", 15),
        ("k", 12),
    ]
    assert steps[2].label == "L*" and steps[3].line == "k 29\n"
    assert parse_script("") == []


def test_script_comments() -> None:
    text = "// the first hand\n6#  // six spades\n\n1 2 // Anna, Babis\n~5s\n"
    assert parse_script(text, "hand.keys", lines=True) == [
        Step("k", 6, "6"),
        Step("k", 15, "#"),
        Step("k", 1, "1"),
        Step("k", 2, "2"),
        Step("t", 5000, "~5s"),
    ]


@pytest.mark.parametrize(
    ("script", "where"),
    [
        ("12x", "--keys:3: 'x'"),
        ("1 L", "--keys:3: L must be followed by a key"),
        ("Lx", "--keys:1: L must be followed by a key"),
        ("~", "--keys:1: ~ must be followed by a time"),
        ("~0", "--keys:1: ~ must be followed by a time"),
        ("~5h", "--keys:3: 'h'"),
        ("1 / 2", "--keys:3: '/'"),
        ("12\n3\n 4 e", "--keys:3:4: 'e'"),
    ],
)
def test_script_errors(script: str, where: str) -> None:
    with pytest.raises(ScriptError) as e:
        parse_script(script)
    message = str(e.value)
    assert message.startswith(where) and "\n" not in message


# ---------------------------------------------------------------------------
# the simulator, headless
# ---------------------------------------------------------------------------


def sim(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "kitapi_host.cli", "sim", "--main", str(DEMO), "--data", str(tmp_path / "data")]
    return subprocess.run(
        [*cmd, *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=dict(os.environ, **(env or {})),
        timeout=HANG_S,
    )


def screens(stdout: str) -> list[list[str]]:
    blocks = stdout.split("----\n")
    assert blocks[-1] == ""
    return [block.splitlines() for block in blocks[:-1]]


def test_headless_text(tmp_path: Path) -> None:
    p = sim(tmp_path, "--keys", "1 L* d", "--text")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    got = screens(p.stdout)
    # in reading order: by row, then column ("t" at x 0 comes before "bat" at x 64)
    assert got == [
        ["keys 0", "timeouts 0", "t 0", "bat 4000"],
        ["keys 1", "last 1", "timeouts 0", "t 0", "bat 4000"],
        ["keys 2", "last L*", "timeouts 0", "t 0", "bat 4000"],
        ["keys 3", "last D", "timeouts 0", "t 0", "bat 4000"],
    ]
    assert (tmp_path / "data").is_dir()


def test_headless_time_passes(tmp_path: Path) -> None:
    # The demo waits 5 s for a key: 12 s with no key time it out twice, and the 2 s
    # left are spent by the next wait before the key comes.
    p = sim(tmp_path, "--keys", "~12s 5 ~4999 ~1", "--text", env={"KITAPI_SIM_BATTERY": "3456"})
    assert p.returncode == 0, p.stderr
    got = screens(p.stdout)
    assert got[1] == ["keys 0", "timeouts 2", "t 10", "bat 3456"]
    assert got[2] == ["keys 1", "last 5", "timeouts 2", "t 12", "bat 3456"]
    assert got[3] == got[2]  # 4.999 s: no timeout yet, no new frame
    assert got[4] == ["keys 1", "last 5", "timeouts 3", "t 17", "bat 3456"]


def test_headless_display_off(tmp_path: Path) -> None:
    p = sim(tmp_path, "--keys", "LC 1", "--text", "--screenshot", str(tmp_path / "shots"))
    assert p.returncode == 0, p.stderr
    assert screens(p.stdout)[1] == ["(display off)"]
    assert screens(p.stdout)[2][0] == "keys 2"
    _, _, _, rows = read_png(tmp_path / "shots" / "0001.png")
    assert not any(map(any, rows))


def test_headless_screenshots_change_per_key(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    p = sim(tmp_path, "--keys", f"1 {rules_keys('sochi')} 3 L#", "--screenshot", str(shots))
    assert p.returncode == 0, p.stderr
    assert p.stdout == ""
    files = sorted(shots.iterdir())
    assert [f.name for f in files] == [f"{i:04d}.png" for i in range(5)]
    images = [read_png(f) for f in files]
    assert all(img[:2] == (512, 256) for img in images)
    pictures = [str(img[3]) for img in images]
    assert len(set(pictures)) == 5  # every key changed the screen


def test_headless_prints_the_last_screen(tmp_path: Path) -> None:
    p = sim(tmp_path, "--keys", "7")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
    assert set("".join(lines)) <= {" ", "▀", "▄", "█"}


def test_headless_crash(tmp_path: Path) -> None:
    p = sim(tmp_path, "--keys", "1 LD 2 3", "--text")
    assert p.returncode == 1
    assert "Traceback (most recent call last):" in p.stderr
    assert 'File "main.py", line' in p.stderr
    assert "ValueError: demo crash on long D" in p.stderr
    assert p.stderr.splitlines()[-1] == "kitapi sim: the firmware stopped at step 2 (LD) (exit status 1)"
    assert len(screens(p.stdout)) == 2  # boot and the first key


def test_script_error_exit_2(tmp_path: Path) -> None:
    p = sim(tmp_path, "--keys", "1 2 x")
    assert p.returncode == 2
    assert p.stderr == "kitapi sim: --keys:5: 'x' is not a key (0-9 A-D * #), L<key> (a long press) or ~<ms> (a wait)\n"
    keys = tmp_path / "hand.keys"
    keys.write_text("6#\n// comment\n12 L\n")
    p = sim(tmp_path, "--keys-file", str(keys))
    assert p.returncode == 2
    assert p.stderr.startswith(f"kitapi sim: {keys}:3:4: L must be followed by a key") and p.stderr.count("\n") == 1


def test_keys_file(tmp_path: Path) -> None:
    keys = tmp_path / "hand.keys"
    keys.write_text("// two keys\n4 // four\nL5\n")
    p = sim(tmp_path, "--keys-file", str(keys), "--text")
    assert p.returncode == 0, p.stderr
    assert screens(p.stdout)[-1][:2] == ["keys 2", "last L5"]


def test_not_a_terminal(tmp_path: Path) -> None:
    p = sim(tmp_path)
    assert p.returncode == 2
    assert p.stderr == "kitapi sim: stdin is not a terminal: give a key script with --keys or --keys-file\n"


def test_help_documents_the_script() -> None:
    p = subprocess.run([sys.executable, "-m", "kitapi_host.cli", "sim", "--help"], capture_output=True, text=True)
    assert p.returncode == 0
    for item in ("--keys", "--keys-file", "--screenshot", "--text", "--heapsize", "--board", "L<key>", "~<time>"):
        assert item in p.stdout
    assert "--main" not in p.stdout


# ---------------------------------------------------------------------------
# the simulator in a terminal
# ---------------------------------------------------------------------------


class Terminal:
    """The simulator started in a pseudo-terminal, as a user runs it."""

    def __init__(self, tmp_path: Path, size: tuple[int, int] = (0, 0)) -> None:
        self.master, slave = os.openpty()
        if size != (0, 0):  # columns x lines, as a terminal window tells its programs
            import fcntl
            import termios

            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        cmd = [sys.executable, "-m", "kitapi_host.cli", "sim", "--main", str(DEMO), "--data", str(tmp_path / "d")]
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=subprocess.PIPE, close_fds=True)
        os.close(slave)
        self.seen = b""

    def read(self, timeout: float) -> None:
        if select.select([self.master], [], [], timeout)[0]:
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:  # EIO: the terminal is closed
                pass

    def wait_for(self, text: bytes, timeout: float = HANG_S) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} not shown; got {self.seen[-2000:]!r}"
            self.read(left)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait(self) -> tuple[int, str]:
        """The exit status and stderr; the screen is read meanwhile, or the simulator blocks on its writes."""
        deadline = time.monotonic() + HANG_S
        while self.proc.poll() is None and time.monotonic() < deadline:
            self.read(0.1)
        assert self.proc.stderr is not None
        return self.proc.wait(timeout=HANG_S), self.proc.stderr.read().decode()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    if not hasattr(os, "openpty"):
        pytest.skip("needs a pseudo-terminal")
    t = Terminal(tmp_path)
    yield t
    t.close()


def test_interactive(terminal: Terminal) -> None:
    terminal.wait_for(b"frames 1\x1b[K")
    assert "█".encode() in terminal.seen and b"display on" in terminal.seen
    terminal.type(b"1")
    terminal.wait_for(b"frames 2\x1b[K")
    terminal.type(b"!")
    terminal.wait_for(b"long press: now a key")
    terminal.type(b"C")  # long C: the demo turns the display off
    terminal.wait_for(b"display OFF")
    terminal.wait_for(b"clock 00:00:01")  # the virtual clock follows real time
    terminal.type(b"q")
    assert terminal.wait() == (0, "")
    assert b"\x1b[?1049l" in terminal.seen  # the terminal's own screen is back


@pytest.mark.parametrize(("size", "mark"), [((80, 24), "\u2800"), ((100, 40), "\u259b")])
def test_interactive_fits_an_ordinary_terminal(tmp_path: Path, size: tuple[int, int], mark: str) -> None:
    """In an 80x24 or 100x40 terminal the screen is drawn small enough to fit: no line wider than the
    terminal, no more lines than it has, and the smaller picture's characters are on it."""
    if not hasattr(os, "openpty"):
        pytest.skip("needs a pseudo-terminal")
    t = Terminal(tmp_path, size)
    try:
        t.wait_for(b"frames 1\x1b[K")
        t.type(b"1")
        t.wait_for(b"frames 2\x1b[K")
        t.type(b"q")
        assert t.wait() == (0, "")
    finally:
        t.close()
    shown = t.seen.decode()
    assert mark in shown and "\u2580" * 8 not in shown.replace("\u259b", "")  # not the 128-column picture
    for frame in shown.split("\x1b[H")[1:]:
        rows = frame.split("\x1b[J")[0].split("\n")
        assert len(rows) <= size[1], f"{len(rows)} lines in a {size[1]}-line terminal"
        for row in rows:
            visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", row)
            assert len(visible) < size[0], f"a line of {len(visible)} characters: {visible!r}"


def test_interactive_says_when_the_terminal_is_too_small(tmp_path: Path) -> None:
    if not hasattr(os, "openpty"):
        pytest.skip("needs a pseudo-terminal")
    t = Terminal(tmp_path, (60, 15))
    try:
        t.wait_for(b"kitapi sim: the terminal is 60x15; the box needs 66x21\x1b[K")
        t.type(b"q")
        assert t.wait() == (0, "")
    finally:
        t.close()


def test_interactive_crash(terminal: Terminal) -> None:
    terminal.wait_for(b"frames 1\x1b[K")
    terminal.type(b"D")  # long D: the demo crashes
    rc, err = terminal.wait()
    assert rc == 1
    assert "ValueError: demo crash on long D" in err
    assert err.splitlines()[-1] == "kitapi sim: the firmware stopped (exit status 1)"
    assert b"\x1b[?1049l" in terminal.seen


# ---------------------------------------------------------------------------
# boards/sim.py itself, on the unix port
# ---------------------------------------------------------------------------

BOARD_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[-1])
import sim
hw = sim.make()
say = lambda *a: print("#", *a)
say(hw.name, hw.root, hw.battery_mv(), hw.ticks_ms(), hw.time())
hw.fb.pixel(0, 0, 1)
hw.fb.pixel(127, 63, 1)
hw.show()
hw.display_power(True)
hw.display_power(False)
hw.contrast(100)
hw.contrast(100)
say(hw.key(1000), hw.ticks_ms())
say(hw.key(1000), hw.ticks_ms())
say(hw.key(1000), hw.ticks_ms())
say(hw.key(1000), hw.ticks_ms())
say(hw.key(0), hw.key(-1), hw.ticks_ms(), hw.time())
say(hasattr(hw, "trace_text"))
hw.key(None)
"""


def test_board_protocol(tmp_path: Path) -> None:
    from kitapi_host.mpy import micropython

    board_dir = Path(__file__).resolve().parents[2] / "boards"
    env = dict(os.environ, KITAPI_SIM_DATA=str(tmp_path), KITAPI_SIM_BATTERY="3700")
    env.pop("KITAPI_SIM_TEXT", None)
    # key(1000): 400 ms, then key 5.  key(1000): 2.5 s pass; it times out after 1 s, the next
    # key(1000) at once after 1 s more, and the next spends the 0.5 s left, then 0.3 s, then long #.
    # key(0) is a poll; key(-1) waits with no timeout through 5 s for key 0.  The end of stdin
    # ends it all (SystemExit, status 0).
    lines = "t 400\nk 5\nt 2500\nt 300\nk 31\nt 5000\nk 0\n"
    p = subprocess.run(
        [micropython(), "-c", BOARD_SCRIPT, str(board_dir)],
        input=lines.encode(),
        capture_output=True,
        env=env,
        timeout=HANG_S,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    frame = bytearray(1024)
    frame[0] = 1
    frame[7 * 128 + 127] = 0x80
    # the first frame: every page, one window, its bytes after the line; then the frame's own
    first = f"# sim {tmp_path} 3700 0 1795291200\n".encode() + b"W 0 7\n" + frame + b"F\n" + frame
    assert p.stdout.startswith(first), p.stdout[:80]
    assert p.stdout[len(first) :].decode().splitlines() == [
        "P 0",
        "C 100",
        "R",
        "R",
        "# 5 400",
        "R",
        "# -1 1400",
        "# -1 2400",
        "R",
        "R",
        "# 31 3200",
        "R",
        "R",
        "# -1 0 8200 1795291208",
        "# False",
        "R",
    ]


def test_board_text(tmp_path: Path) -> None:
    from kitapi_host.mpy import micropython

    board_dir = Path(__file__).resolve().parents[2] / "boards"
    code = (
        "import sys\nsys.path.insert(0, sys.argv[-1])\nimport sim\nhw = sim.make()\n"
        "hw.trace_text(0, 8, 'K\u03b1\"')\nhw.trace_text(8, 0, 'b')\nhw.show()\nhw.show()\n"
    )
    env = dict(os.environ, KITAPI_SIM_DATA=str(tmp_path), KITAPI_SIM_TEXT="1")
    p = subprocess.run([micropython(), "-c", code, str(board_dir)], capture_output=True, env=env, timeout=HANG_S)
    assert p.returncode == 0, p.stdout
    # the first frame goes to the panel whole (W: every page), the second, unchanged, sends no window; a window's
    # and a frame's bytes follow their line
    blank = bytes(1024)
    assert p.stdout == 'X 0 8 K\u03b1"\nX 8 0 b\n'.encode() + b"W 0 7\n" + blank + (b"F\n" + blank) * 2
    env.pop("KITAPI_SIM_DATA")
    p = subprocess.run([micropython(), "-c", code, str(board_dir)], capture_output=True, env=env, timeout=HANG_S)
    assert p.returncode == 1 and b"KITAPI_SIM_DATA is not set" in p.stdout


def test_the_cores_files_are_listed_again_only_when_a_folder_of_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """kitapi_host.mpy keeps the core's list of files for the next start of the firmware (the tests start it
    thousands of times) while its folders are unchanged; a file added (in a new folder too) or removed is seen."""
    import shutil

    from kitapi_host import mpy, resources

    shutil.copytree(resources.CORE, tmp_path / "kitapi", ignore=shutil.ignore_patterns("__pycache__"))
    for module in (mpy, resources):
        monkeypatch.setattr(module, "CORE", tmp_path / "kitapi")
    monkeypatch.setattr(resources, "SOURCES", tmp_path)
    files = mpy._core_files()
    assert "kitapi/game.py" in files and files["kitapi/game.py"] == tmp_path / "kitapi" / "game.py"
    assert mpy._core_files() is files  # (not listed again)
    (tmp_path / "kitapi" / "app" / "extra.py").write_text("X = 1\n")
    assert "kitapi/app/extra.py" in mpy._core_files()
    (tmp_path / "kitapi" / "new").mkdir()
    (tmp_path / "kitapi" / "new" / "more.py").write_text("Y = 2\n")
    assert "kitapi/new/more.py" in mpy._core_files()
    (tmp_path / "kitapi" / "new" / "more.py").unlink()
    (tmp_path / "kitapi" / "game.py").unlink()
    assert not {"kitapi/new/more.py", "kitapi/game.py"} & set(mpy._core_files())
