"""The ``hw`` object on CircuitPython (the Pico with CircuitPython instead of MicroPython).

The same contract as ``kitapi.hw.board_rp2`` (docs/firmware.md), made of
CircuitPython's own modules; the board file (boards/pico_circuitpython.py,
deployed as ``kitapi_board.py``: CircuitPython's ``board`` names the pins)
makes the buses and hands them over.  The app does not know which runtime it
is on.

- Display: Adafruit's ``adafruit_ssd1306`` driver (installed with ``circup``).
  The app draws with MicroPython's ``framebuf`` calls, which CircuitPython
  lacks: ``/lib/framebuf.py`` (firmware/circuitpython/framebuf.py) draws the
  same pixels straight into the driver's buffer (``SSD1306_I2C.buffer``, the
  MONO_VLSB page layout after its one control byte), so ``show()`` sends the
  frame without a copy.
- Keypad: ``keypad.KeyMatrix`` scans in the background, debounced in C, and
  queues events with timestamps; a long press is made here from the time a key
  is held, sent once when the hold time is reached, as the MicroPython keypad
  does (kitapi.hw.keypad).
- Battery: ``analogio.AnalogIn`` on VSYS/3 (``.value`` is 0-65535 over 0-3.3 V).
- Clock: ``rtc.RTC().datetime``; the id: ``microcontroller.cpu.uid``.
"""

import time

try:
    from micropython import const
except ImportError:  # CPython (the tests)
    from kitapi.compat import const

_WIDTH = const(128)
_HEIGHT = const(64)
_LONG = const(16)  # kitapi.app.keys.LONG
_LONG_MS = const(600)
_NAP_S = 0.01
_MV = const(9900)  # VSYS/3 divider x the 3300 mV reference, as on MicroPython
_SAMPLES = const(4)
_SET_YEAR = const(2024)
# KeyMatrix numbers keys row by row: 1 2 3 A / 4 5 6 B / 7 8 9 C / * 0 # D -> Kitapi's events
_EVENTS = b"\x01\x02\x03\x0a\x04\x05\x06\x0b\x07\x08\x09\x0c\x0e\x00\x0f\x0d"
ROOT = "/data"


def _ms():
    import supervisor  # type: ignore[import-not-found]  # CircuitPython

    return supervisor.ticks_ms()


def clock():
    """Seconds since 1970 from the RTC, or 0 if it was never set (it starts in 2000 on CircuitPython)."""
    t = time.time()
    return t if time.localtime(t)[0] >= _SET_YEAR else 0


def set_clock(seconds):
    import rtc  # type: ignore[import-not-found]  # CircuitPython

    rtc.RTC().datetime = time.localtime(seconds)


def device_id():
    import microcontroller  # type: ignore[import-not-found]  # CircuitPython

    return "".join(["%02x" % b for b in microcontroller.cpu.uid])


class CPHardware:
    """The ``hw`` object: ``display`` an ``adafruit_ssd1306.SSD1306_I2C``, ``keys`` a ``keypad.KeyMatrix``
    (rows then columns as on the board file), ``vsys`` an ``analogio.AnalogIn`` or None, ``ms`` a
    millisecond counter (``supervisor.ticks_ms`` on the device)."""

    def __init__(self, name, display, keys, vsys=None, ms=None, long_ms=_LONG_MS, root=ROOT):
        import framebuf

        self.name = name
        self.display = display
        # the app draws into the driver's own buffer, after its control byte
        self.fb = framebuf.FrameBuffer(memoryview(display.buffer)[1:], _WIDTH, _HEIGHT, framebuf.MONO_VLSB)
        self.keys = keys
        self._event = None  # one keypad.Event, reused
        self._vsys = vsys
        self.ticks_ms = ms or _ms
        self._long = long_ms
        self._held = -1  # the key held down, or -1
        self._since = 0  # when it went down
        self._sent = False  # its event was sent: long, or at the press
        self.long_keys = None  # set by the app: the keys with a long meaning now; any other acts on its press
        self.root = root
        import os

        try:
            os.mkdir(root)
        except OSError:  # it exists
            pass

    # -- display -----------------------------------------------------------------

    def show(self):
        self.display.show()

    def display_power(self, on):
        if on:
            self.display.poweron()
        else:
            self.display.poweroff()

    def contrast(self, v):
        self.display.contrast(0 if v < 0 else 255 if v > 255 else v)

    def reset(self):
        """A soft reset: code.py runs again on a fresh heap (``kitapi.app.menus.new_game``)."""
        import supervisor

        supervisor.reload()

    # -- keys --------------------------------------------------------------------

    def _diff(self, a, b):
        return a - b  # supervisor.ticks_ms wraps after 6 days: a key held over it is a short press

    def key(self, timeout_ms):
        """The next key event (a long press once held ``long_ms``), or -1 after ``timeout_ms`` (None/<0: no limit)."""
        forever = timeout_ms is None or timeout_ms < 0
        start = self.ticks_ms()
        queue = self.keys.events
        while True:
            ev = queue.get()
            while ev is not None:
                k = ev.key_number
                if ev.pressed:
                    self._held = k
                    self._since = self.ticks_ms()
                    self._sent = False
                    hold = self.long_keys
                    if hold is not None and _EVENTS[k] not in hold:
                        self._sent = True
                        return _EVENTS[k]
                elif k == self._held:
                    self._held = -1
                    if not self._sent:
                        return _EVENTS[k]
                ev = queue.get()
            now = self.ticks_ms()
            if self._held >= 0 and not self._sent and self._diff(now, self._since) >= self._long:
                self._sent = True
                return _EVENTS[self._held] | _LONG
            if not forever and self._diff(now, start) >= timeout_ms:
                return -1
            time.sleep(_NAP_S)

    # -- clock and battery -----------------------------------------------------------

    def time(self):
        return clock()

    def battery_mv(self):
        adc = self._vsys
        if adc is None:
            return -1
        raw = 0
        for _ in range(_SAMPLES):
            raw += adc.value
        return raw // _SAMPLES * _MV // 65535
