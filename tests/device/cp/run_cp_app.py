"""Run Kitapi's app on CPython as on CircuitPython: the CircuitPython board file and hw backend,
Adafruit's real adafruit_ssd1306 driver (and adafruit_bus_device) on a fake I2C bus that keeps
the SSD1306's display RAM as the controller would, and fakes of the CircuitPython modules
(board, busio, keypad, analogio, supervisor, rtc, microcontroller).

    python tests/device/cp/run_cp_app.py DATA_DIR KEYS

KEYS as in a key script (0-9 A-D * #, L<key> a long press).  Prints, each time the app waits
for a key, the display RAM as hex (1024 bytes, MONO_VLSB pages as the SSD1306 holds them).
Used by tests/device/test_circuitpython.py, which compares every frame with the MicroPython simulator's.
"""

import importlib.util
import os
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
# With KITAPI_CP_DRIVE: the firmware as `kitapi deploy` put it on a CIRCUITPY drive (its lib/ and
# its root on the path, as CircuitPython has them); else this checkout's.
DRIVE = os.environ.get("KITAPI_CP_DRIVE")
if DRIVE:
    sys.path[0:0] = [str(Path(DRIVE) / "lib"), DRIVE]
    BOARD_FILE = Path(DRIVE) / "kitapi_board.py"
else:
    sys.path[0:0] = [str(ROOT / "firmware" / "circuitpython"), str(ROOT / "firmware")]  # /lib/framebuf.py
    BOARD_FILE = ROOT / "boards" / "pico_circuitpython.py"

KEYS = "0123456789ABCD*#"
LONG = 16
_clock = [0]  # the fake supervisor.ticks_ms


def _module(name, **attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    sys.modules[name] = m
    return m


_module("micropython", const=lambda x: x)
_module("board", **{f"GP{i}": f"GP{i}" for i in range(30)}, VOLTAGE_MONITOR="GP29")


class Reload(Exception):
    """supervisor.reload(): code.py starts again (here: a new App on the same hardware)."""


def _reload():
    raise Reload


_module("supervisor", ticks_ms=lambda: _clock[0], reload=_reload)
_module("rtc", RTC=lambda: types.SimpleNamespace(datetime=None))
_module("microcontroller", cpu=types.SimpleNamespace(uid=bytes.fromhex("e6614103e7000001")))
_module("analogio", AnalogIn=lambda pin: types.SimpleNamespace(value=26480))  # VSYS 4000 mV, as the simulator


class SSD1306Bus:
    """busio.I2C with one SSD1306 on it: commands and data land in its 1 KB display RAM."""

    def __init__(self, scl, sda, frequency=400000):
        self.ram = bytearray(1024)
        self.col = self.page = 0
        self.cols = (0, 127)
        self.pages = (0, 7)
        self._args = []  # a command's parameters still to come
        self._cmd = 0

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [0x3C]

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        if addr != 0x3C:
            raise OSError(19, "no device at this address")

    def writeto(self, addr, buf, *, start=0, end=None):
        data = bytes(buf[start : len(buf) if end is None else end])
        if addr != 0x3C:
            raise OSError(19, "no device at this address")  # as busio does: nothing answers
        if not data:  # the driver probes for the device with an empty write
            return
        control, rest = data[0], data[1:]
        if control == 0x40:  # a data stream: horizontal addressing
            for b in rest:
                self.ram[self.page * 128 + self.col] = b
                self.col += 1
                if self.col > self.cols[1]:
                    self.col = self.cols[0]
                    self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]
        elif control == 0x80:  # one command byte (Co=1, D/C#=0)
            for b in rest:
                self._command(b)
        else:
            raise AssertionError(f"unknown control byte {control:#x}")

    def _command(self, b):
        if self._args:
            self._args.append(b)
            if self._cmd in (0x21, 0x22) and len(self._args) == 3:
                lo, hi = self._args[1], self._args[2]
                if self._cmd == 0x21:
                    self.cols = (lo, hi)
                    self.col = lo
                else:
                    self.pages = (lo, hi)
                    self.page = lo
                self._args = []
            elif self._cmd not in (0x21, 0x22) and len(self._args) == 2:
                self._args = []
            return
        if b in (0x21, 0x22, 0x20, 0x81, 0xA8, 0xD3, 0xDA, 0xD5, 0xD9, 0xDB, 0x8D, 0xAD):
            self._cmd = b
            self._args = [b]


bus = []


def _i2c(scl, sda, frequency=400000):
    b = SSD1306Bus(scl, sda, frequency)
    bus.append(b)
    return b


_module("busio", I2C=_i2c, SPI=type("SPI", (), {}))
_module("digitalio", DigitalInOut=type("DigitalInOut", (), {}))


class Events:
    """keypad.EventQueue fed from the key script: a press, then a release (a long press: held 650 ms)."""

    def __init__(self, script):
        self.items = []
        i = 0
        while i < len(script):
            ch = script[i]
            if ch.isspace():
                i += 1
                continue
            if ch == "L":
                k = KEYS.index(script[i + 1].upper())
                self.items += [("press", k), ("hold", 650), ("release", k)]
                i += 2
            else:
                k = KEYS.index(ch.upper())
                self.items += [("press", k), ("release", k)]
                i += 1
        self.until = None

    def get(self):
        if not self.items:
            raise SystemExit  # the script is over
        kind, v = self.items[0]
        if kind == "hold":
            if self.until is None:
                self.until = _clock[0] + v
            if _clock[0] < self.until:
                return None
            self.until = None
            self.items.pop(0)
            return self.get()
        self.items.pop(0)
        number = "123A456B789C*0#D".index(KEYS[v])  # KeyMatrix numbers keys row by row
        return types.SimpleNamespace(key_number=number, pressed=kind == "press", released=kind != "press")


class KeyMatrix:
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02, debounce_threshold=1):
        assert row_pins == ["GP6", "GP7", "GP8", "GP9"] and column_pins == ["GP10", "GP11", "GP12", "GP13"]
        self.events = Events(sys.argv[2])


_module("keypad", KeyMatrix=KeyMatrix)


def main():
    spec = importlib.util.spec_from_file_location("kitapi_board", BOARD_FILE)
    board_file = importlib.util.module_from_spec(spec)
    sys.modules["kitapi_board"] = board_file
    spec.loader.exec_module(board_file)
    import kitapi.hw.board_cp as backend

    # time passes only in the backend's naps (the fake clock), as the simulator's virtual clock
    backend.time = types.SimpleNamespace(
        sleep=lambda s: _clock.__setitem__(0, _clock[0] + int(s * 1000)), time=time.time, localtime=time.localtime
    )
    hw = board_file.make()
    hw.root = sys.argv[1]
    Path(hw.root).mkdir(parents=True, exist_ok=True)
    ram = bus[0].ram
    wait = hw.key

    def key(timeout_ms):
        print(ram.hex(), flush=True)
        return wait(timeout_ms)

    hw.key = key
    from kitapi.app.main import App

    while True:
        try:
            App(hw).run(False)
        except Reload:
            continue
        except SystemExit:
            pass
        break


main()
