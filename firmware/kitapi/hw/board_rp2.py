"""The ``hw`` object of the rp2 boards (Pico, Pico W, Pico 2), as docs/firmware.md specifies it.

A board file (boards/pico.py, ...) makes the pins and buses and hands them to
``RP2Hardware``; nothing here names a pin.  Runs on the device only (it imports
``machine``); the app sees just the ``hw`` object.

What the code relies on, from the MicroPython documentation and sources
(docs.micropython.org; github.com/micropython/micropython):

- Display: an ``ssd1306`` driver in lib/: Kitapi's (firmware/drivers/ssd1306.py,
  which ``kitapi deploy`` and ``kitapi image`` put there) or micropython-lib's
  (micropython/drivers/display/ssd1306, ``kitapi deploy --index URL`` or
  ``mpremote mip install ssd1306``), the same interface.  ``SSD1306_I2C(width, height, i2c, addr)``
  subclasses ``framebuf.FrameBuffer`` (128x64, MONO_VLSB), so it is ``hw.fb``
  itself; ``show()`` sends the buffer through a preallocated list
  (``i2c.writevto``), ``poweroff()``/``poweron()`` send 0xAE/0xAF,
  ``contrast(v)`` 0x81 v.  ``write_cmd(c)`` sends one command, ``write_data(buf)`` data
  (``show`` sends the whole buffer so, after the window 0x21 0 127, 0x22 0 7); ``RP2Hardware.show``
  sends the first frame so, then only the columns that changed in each page that changed, in page
  addressing (against its copy of the panel).
- Keypad: ``machine.Pin`` objects are callable, "a (fast) shortcut to set and get
  the value of the pin.  It is equivalent to Pin.value([x])" (machine.Pin docs),
  so ``Keypad`` calls them directly.
- Sleeping: see ``RP2Hardware.key`` and the notes at its end.
- Battery: "GP29 is connected to VSYS" through a divider to VSYS/3 (rp2 quick
  reference, ADC section); ``read_u16()`` is "0-65535 across voltage range 0.0v -
  3.3v".  The ADC is made from a Pin, ``ADC(Pin(29))``: "If a pin is specified,
  the pin is initialized in high-Z mode.  If a channel number is used, the pin is
  not initialized and configuring is left to the user code" (same section).  On
  the Pico W the pin is shared with the radio: ``PicoWVsysADC``.
"""

import ubinascii as binascii  # the built-ins by their u names: at once (docs/firmware.md, "Imports")
import umachine as machine
import uos as os
import utime as time
from micropython import const

_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_spans = _take = None  # type: Any  # (kitapi.hw.fast's, once _native has loaded it)
_tried = 0  # _native has tried

_WIDTH = const(128)
_HEIGHT = const(64)
_SCAN_MS = const(5)  # between keypad scans (the board files give theirs)
_LONGEST_MS = const(600000)  # the longest lightsleep asked for: a wait without a limit wakes every 10 minutes
_LONG_MS = const(600)  # a long press
_VBUS_MS = const(1000)  # a VBUS reading is trusted this long
_SAMPLES = const(4)  # ADC readings averaged for the battery
_MV = const(9900)  # mV at full scale: the VSYS/3 divider x the 3300 mV reference
_SET_YEAR = const(2024)  # an RTC before this year was never set
_EPOCH_2000 = const(946684800)  # 2000-01-01 in seconds since 1970
_WHOLE = b"\x80\x21\x80\x00\x80\x7f\x80\x22\x80\x00\x80\x07\x40"  # (show) the first frame's window: all
ROOT = "/data"  # the app's files (hw.root); kitapi.link reads it through the board file


def _epoch():
    """Seconds from 1970 to ``time``'s epoch: 0 if it counts from 1970, else (2000) 946684800."""
    return _EPOCH_2000 if time.gmtime(0)[0] == 2000 else 0


def clock():
    """Seconds since 1970 from the RTC, or 0 if the clock was never set (it starts in 2021 on rp2)."""
    t = time.time()
    if time.gmtime(t)[0] < _SET_YEAR:
        return 0
    return t + _epoch()


def set_clock(seconds):
    """Set the RTC to ``seconds`` since 1970, UTC (``kitapi deploy`` and ``sync`` do).

    ``machine.RTC().datetime`` takes (year, month, day, weekday, hours, minutes,
    seconds, subseconds), weekday 0-6 from Monday, as ``time.gmtime`` gives it
    (machine.RTC and time docs).  The RTC keeps running across a soft reset, not
    across a power cut: the Pico has no battery-backed clock.
    """
    y, mo, d, h, mi, s, wd, _ = time.gmtime(seconds - _epoch())
    machine.RTC().datetime((y, mo, d, wd, h, mi, s, 0))


def device_id():
    """The flash chip's unique id as hex (``machine.unique_id()``): the device's name in the archive."""
    return binascii.hexlify(machine.unique_id()).decode()


class RP2Hardware:
    """The ``hw`` object: display, keypad, clock, battery and the data folder.

    ``i2c`` is the display's bus, ``addr`` its address; ``rows`` and ``cols`` the
    keypad's pins (see kitapi.hw.keypad); ``vsys_adc`` anything with ``read_u16()``
    that reads VSYS/3, or None; ``vbus`` a callable (a Pin) that reads 1 while USB
    power is present, or None if the board cannot tell.
    """

    def __init__(
        self,
        name,
        i2c,
        addr,
        rows,
        cols,
        vsys_adc=None,
        vbus=None,
        scan_ms=_SCAN_MS,
        long_ms=_LONG_MS,
        root=ROOT,
        poll_ms=0,
    ):
        try:
            import ssd1306  # lib/ssd1306.mpy: firmware/drivers/, or micropython-lib's by mip
        except ImportError:
            raise ImportError("no ssd1306 driver: kitapi deploy puts it in lib/")
        self.name = name
        try:  # (its first transfer, the setup, is the probe: i2c.scan() asked all 112 addresses at every boot)
            self.fb = ssd1306.SSD1306_I2C(_WIDTH, _HEIGHT, i2c, addr)
        except OSError:  # not acknowledged
            raise OSError("no display at I2C address 0x%02x" % addr)
        self._panel = None  # type: Any  # the panel's copy (1 KB: the Pico has it): what show sends; None: unknown
        if not getattr(ssd1306, "LAZY", 0):  # micropython-lib's driver has sent a blank frame: the first frame sends
            self._panel = bytearray(self.fb.buffer)  # the rest; Kitapi's sent none, the first frame is sent whole
        self._pv = None  # type: Any  # (show: the frame's pages as memoryviews, the panel's, its pages as integers)
        self._po = self._pi = self._pq = self._buf = self._mv = self._sp = self._tx = None  # type: Any
        self._paged = 0  # the panel in page addressing (show)
        self._cmd = bytearray(b"\x80\xb0\x80\x00\x80\x10\x40")  # a span's start (show)
        self._data = [self._cmd, None]  # type: list[Any]  # (show: the span's bytes after it)
        self.keypad = None  # type: Any  # made by the first ``key`` (kitapi.hw.keypad: 6-10 ms of the boot on the
        self._kp = (rows, cols, long_ms)  # pico-rig with kitapi.keys, after the first frame now; no scan before it)
        self.long_keys = None  # type: Any  # set by the app: the keys with a long meaning now (Keypad.long_keys)
        self.settled = None  # type: Any  # called once, by the first ``key`` once its keypad is made (the boot's)
        self.ticks_ms = time.ticks_ms
        self._vsys = vsys_adc
        self.vbus = vbus  # the VBUS pin (1 on USB power), or None: read here and by kitapi doctor's code
        self._period = scan_ms
        for c in cols:  # a column's falling edge (any press: the rows are held low) ends a lightsleep (key)
            c.irq(_woken, c.IRQ_FALLING)
        self._due = time.ticks_ms()  # when the next keypad scan is due
        self._poll = poll_ms or _LONGEST_MS  # the longest lightsleep while nothing is down (a board's own: pico2.py)
        self._usb = 1  # the last VBUS reading (1 until read: the safe guess)
        self._usb_at = time.ticks_add(self._due, -_VBUS_MS)
        self.root = root
        try:
            os.mkdir(root)
        except OSError:  # it exists
            pass

    # -- display -----------------------------------------------------------------

    def show(self):
        """Send what changed since the last frame, against the panel's copy (``_panel``): of each page that changed,
        the columns from the first to the last that changed in it, in page addressing (SSD1306 datasheet 10.1.3:
        the page and the first column, 3 commands), as two spans or more where 32 columns aligned (a block of 4
        cells) between them did not change.  The first frame is sent whole (horizontal addressing, the drivers'),
        then the panel turned to page addressing and on; a driver that sent a blank frame has it turned at the
        first frame.

        One I2C transfer a span, the driver's ``i2c`` and ``addr`` used directly: its 3 commands each after a
        control byte 0x80 (Co=1: another control byte follows, SSD1306 datasheet 8.1.5.2), then 0x40 and its bytes:
        7 bytes beside the data, where a window of horizontal addressing (0x21 and 0x22) took 13 (some 5 % fewer
        bytes a key, counted on the simulator's frames of every family's typed hands; windows of several pages,
        which horizontal addressing allowed, saved less than 0.5 %).  On the pico-rig a transfer costs some 50 us
        beside its bytes, 22.5 us each.  Python is slow on the rig's Cortex-M0+ (10-150 us a step, its allocation
        or not): the spans are found, and each transfer's bytes put in one buffer, by native code
        (kitapi.hw.fast, which the deploy compiles for the box's arch: 0.1-0.3 ms a frame and 0.05-0.1 ms a span
        on the rig), else in bytecode (``_search``: 1.5-2 ms a key's frame), the same transfers either way."""
        fb = self.fb
        buf = fb.buffer
        if (self._panel is None or self._mv is None or self._buf is not buf) and self._views():
            return  # (the first frame: sent whole)
        old = self._panel
        find = _spans  # type: Any  # (its arguments are viper's ptr8: any buffer)
        if find is None:
            self._search(fb, buf, old)
            return
        sp = self._sp
        tx = self._tx
        k = find(buf, old, sp)
        if k and not self._paged:  # (micropython-lib's driver: its blank frame sent in horizontal addressing)
            fb.i2c.writeto(fb.addr, b"\x80\x20\x80\x02")
            self._paged = 1
        take = _take  # type: Any
        k = take(buf, old, sp, tx)
        while k:  # (its bytes in one buffer: the transfer writevto made of the commands and the data)
            fb.i2c.writeto(fb.addr, tx[:k])
            k = take(buf, old, sp, tx)

    def _search(self, fb, buf, old):
        """``show``'s spans found and sent in bytecode, where kitapi.hw.fast cannot load.  The pages are memoryviews
        made once, compared in C; of a page that changed, the first and last changed columns are found from each
        end, by its blocks of 32 columns, then cells of 8 (their memoryviews made once too: 6.5 KB of heap on the
        Pico), then the bytes of the two cells that changed; the blocks between them are compared for one
        unchanged; each span sent in one ``writevto`` of its commands and its bytes."""
        pv = self._pv
        po = self._po
        cv, oc = self._pi
        qv, qo = self._pq
        cmd = self._cmd
        d = self._data
        mv = self._mv
        paged = self._paged
        for p in range(8):
            if pv[p] == po[p]:
                continue
            if not paged:  # (micropython-lib's driver: its blank frame sent in horizontal addressing)
                fb.i2c.writeto(fb.addr, b"\x80\x20\x80\x02")
                self._paged = paged = 1
            b = p << 2  # its first and last blocks that changed, from each end, then cells
            while qv[b] == qo[b]:
                b += 1
            a = b << 2
            while cv[a] == oc[a]:
                a += 1
            b = p << 2 | 3
            while qv[b] == qo[b]:
                b -= 1
            z = b << 2 | 3
            while cv[z] == oc[z]:
                z -= 1
            q = z >> 2
            cmd[1] = 0xB0 | p  # 0xB0 page, 0x00 | the column's low nibble, 0x10 | its high nibble
            while True:  # a span from cell a: to z, or to the last change before a block of 4 cells unchanged
                e = z
                b = (a >> 2) + 1
                while b < q:
                    if qv[b] == qo[b]:
                        e = (b << 2) - 1
                        while cv[e] == oc[e]:
                            e -= 1
                        break
                    b += 1
                x = a << 3  # its first and last bytes that changed
                y = e << 3 | 7
                while buf[x] == old[x]:
                    x += 1
                while buf[y] == old[y]:
                    y -= 1
                cmd[3] = x & 15
                cmd[5] = 0x10 | (x & 127) >> 4
                d[1] = s = mv[x : y + 1]
                fb.i2c.writevto(fb.addr, d)
                old[x : y + 1] = s
                if e == z:
                    break
                a = (b + 1) << 2
                while cv[a] == oc[a]:
                    a += 1

    def _views(self):
        """``show``'s state for a frame buffer.  At the first frame (the panel's RAM not known, and dark) the frame is
        sent whole, then the panel turned to page addressing and on: True then, nothing else made (the boot's
        first frame: kitapi.hw.fast is loaded after it, by the first ``key``, as the keypad is).  Else the search's:
        the native one's spans (16 at most) and a transfer's bytes; without it, memoryviews made once, the frame's
        pages and the panel's, their cells of 8 columns and their blocks of 32 (``_search``)."""
        fb = self.fb
        buf = fb.buffer
        old = self._panel
        self._buf = buf
        if old is None:
            old = self._panel = bytearray(len(buf))
            fb.i2c.writevto(fb.addr, (_WHOLE, buf))
            old[:] = buf
            fb.i2c.writeto(fb.addr, b"\x80\x20\x80\x02\x80\xaf")  # page addressing from now on; the panel on
            self._paged = 1
            return True
        _native()
        mv = self._mv = memoryview(buf)
        if _spans is not None:
            self._sp = bytearray(50)
            self._tx = memoryview(bytearray(135))
        else:
            ov = memoryview(old)
            self._pv = [mv[k : k + 128] for k in range(0, 1024, 128)]
            self._po = [ov[k : k + 128] for k in range(0, 1024, 128)]
            self._pi = ([mv[k : k + 8] for k in range(0, 1024, 8)], [ov[k : k + 8] for k in range(0, 1024, 8)])
            self._pq = ([mv[k : k + 32] for k in range(0, 1024, 32)], [ov[k : k + 32] for k in range(0, 1024, 32)])
        return False

    def display_power(self, on):
        """The display on or off (the keypad sleeps the same way either way: ``key``)."""
        if on:
            self.fb.poweron()
        else:
            self.fb.poweroff()

    def contrast(self, v):
        self.fb.contrast(0 if v < 0 else 255 if v > 255 else v)

    def reset(self):
        """A soft reset: a fresh heap, and main.py runs again (``kitapi.app.menus.new_game``: a game of another system
        starts with none of the last one's modules and interned names in the heap)."""
        import umachine as machine

        machine.soft_reset()

    # -- keys --------------------------------------------------------------------

    def key(self, timeout_ms):
        """The next key event, or -1 after ``timeout_ms``; the CPU asleep in between.

        ``timeout_ms`` None or negative waits without a limit, as on boards/sim.py.
        While no key is down (nor being debounced) the keypad is not scanned at
        all: on batteries the CPU waits in ``machine.lightsleep`` until the
        timeout or a key's edge (every row is held low between scans and the
        columns are pulled up, so any press pulls a column down: its interrupt
        ends the sleep, and the keypad is scanned at once).  While a key is down
        the keypad is scanned every ``scan_ms`` (its debounce and the long press
        count scans), in ``time.sleep_ms`` between.  Scans stay at least
        ``scan_ms`` apart, also across calls; the scan after a lightsleep comes
        at once.  On USB power (a sync, a deploy, ``kitapi doctor``) no
        lightsleep: ``time.sleep_ms`` and a scan every ``scan_ms``, as the link
        needs (the notes below).  Allocates nothing.
        """
        kp = self.keypad
        if kp is None:
            from kitapi.hw.keypad import Keypad

            kp = self.keypad = Keypad(*self._kp)
            _native()  # show's search made ready here too (kitapi.hw.fast): after the boot's frame, before a key
            if self._panel is not None and self._mv is None:  # loaded, or the bytecode search's views made
                self._views()
            if self.settled is not None:  # (kitapi_pack.boot's: the app's rows kept, kitapi.app.rows)
                self.settled()
        kp.long_keys = self.long_keys
        forever = timeout_ms is None or timeout_ms < 0
        start = time.ticks_ms()
        while True:
            ev = kp.get()
            if ev >= 0:
                return ev
            now = time.ticks_ms()
            wait = time.ticks_diff(self._due, now)
            if wait <= 0:
                kp.scan(now)
                self._due = time.ticks_add(now, self._period)
                continue
            left = _LONGEST_MS
            if not forever:
                left = timeout_ms - time.ticks_diff(now, start)
                if left <= 0:
                    return -1
            if kp.idle() and not self._usb_power(now):  # nothing down, on batteries: asleep until a key or the time
                kp.scan(now)  # a last look (a press since the last scan has had its edge already)
                if kp.idle():
                    machine.lightsleep(left if left < self._poll else self._poll)
                    now = time.ticks_ms()  # woken, maybe by a key's edge: a scan at once, its event returned
                    kp.scan(now)  # by the loop's next get
                    self._due = time.ticks_add(now, self._period)
                else:
                    self._due = time.ticks_add(now, self._period)
                continue
            if left < wait:
                wait = left
            time.sleep_ms(wait)

    # Why these sleeps (MicroPython 1.28, ports/rp2):
    # - ``time.sleep_ms`` waits in ``mp_event_wait_ms`` -> ``mp_wfe_or_timeout`` (``__wfe()``, ports/rp2/mphalport.c):
    #   the core is clock-gated but at 125 MHz with its PLLs running (hardware/power.md: 18 mA); any interrupt,
    #   USB's included, wakes it, and the link keeps working.  Used while a key is down (a scan every ``scan_ms``)
    #   and on USB power.
    # - ``machine.lightsleep(ms)`` stops the PLLs and most clocks (about 1.3 mA on a Pico, micropython#8832).  It
    #   sleeps with interrupts disabled (ports/rp2/modmachine.c) and once stopped the USB clock ("can lead to
    #   either the device going into a weird state or the host deciding to issue a bus reset", micropython#15111;
    #   with a host attached its interrupts end each lightsleep almost at once anyway, micropython#16442): on
    #   batteries only (``_usb_power``).  A pin interrupt ends it only when a handler is set and a timeout given
    #   (micropython#7035, comment of 2024-12-18; seen on the pico-rig): ``_woken`` on the four columns, and
    #   every wait has a timeout (at most ``_LONGEST_MS``).  Each wake-up costs about 1.35 ms of CPU on the rig
    #   (the clocks brought back): the keypad is scanned once after it, not polled.
    # - "execution may resume at any time if there are events that require processing" (machine.lightsleep
    #   docs): ``key`` looks at the time and the keys after every sleep and sleeps again.  ``time.ticks_ms`` keeps
    #   counting during lightsleep (micropython#8832).
    # - A press between the last scan and the sleep's start (a few microseconds) has its edge handled before the
    #   sleep and does not end it; a membrane contact bounces for milliseconds, so a later edge of the same press
    #   does.

    def _usb_power(self, now):
        """1 if USB power is (or may be) present; the VBUS pin is read at most every _VBUS_MS."""
        vbus = self.vbus
        if vbus is None:
            return 1  # the board cannot tell: assume a host may be there
        if time.ticks_diff(now, self._usb_at) >= _VBUS_MS:
            self._usb_at = now
            self._usb = vbus()
        return self._usb

    # -- clock and battery ---------------------------------------------------------

    def time(self):
        """Seconds since 1970 from the RTC, or 0 if the clock was never set (it starts in 2021 on rp2)."""
        return clock()

    def battery_mv(self):
        """VSYS in millivolts (the average of a few readings), or -1 if the board cannot read it."""
        adc = self._vsys
        if adc is None:
            return -1
        # The first conversion after the pin changed use may read low; the pico-examples
        # adc/read_vsys sample discards its first readings too.
        adc.read_u16()
        raw = 0
        for _ in range(_SAMPLES):
            raw += adc.read_u16()
        return raw // _SAMPLES * _MV // 65535


def _native():
    """Load ``show``'s search in native code (kitapi.hw.fast: compiled for this box's arch by the deploy), once.
    Where it cannot load (none deployed; another arch's, ValueError; no viper, CPython) ``show`` searches in
    bytecode, the same transfers.  Its packed bytes damaged: kitapi_pack.Damaged goes on, not an Exception, to
    main.py's boot, which shows the damaged-firmware screen (drawn with the bytecode search)."""
    global _spans, _take, _tried
    if _tried:
        return
    _tried = 1
    try:
        from kitapi.hw.fast import spans, take  # type: ignore[import-not-found]  # (native/: the deploy's)

        _spans, _take = spans, take
    except Exception:  # noqa: BLE001 - the bytecode search
        pass


def _woken(pin):
    """A column's falling edge while the display is off: the interrupt itself ends the lightsleep, nothing to do.

    On rp2 a pin interrupt wakes ``machine.lightsleep(ms)`` only when a handler is set and a timeout given
    (micropython#7035, comment of 2024-12-18); seen on the pico-rig too (hardware/power.md, section 7)."""


class PicoWVsysADC:
    """VSYS/3 on the Pico W, where the ADC pin is also the radio's SPI clock.

    The Pico W datasheet lists "GPIO29 OP/IP wireless SPI CLK/ADC mode (ADC3) to
    measure VSYS/3" and "GPIO25 OP wireless SPI CS - when high also enables GPIO29
    ADC pin to read VSYS" (quoted in micropython#10406).  MicroPython's ADC does
    nothing about the sharing (ports/rp2/machine_adc.c just calls adc_gpio_init), so
    each reading here:

    1. disables interrupts, so that no CYW43 transfer (run from an interrupt) can
       start while the pin is the ADC's;
    2. drives GPIO25 high: the radio's chip select at rest (the CYW43 driver leaves
       it high after every transfer) and the switch of the VSYS divider;
    3. makes ``ADC(Pin(29))``, which turns GPIO29 into an analog input, and reads it
       twice, keeping the second;
    4. enables interrupts again.

    GPIO29 needs no restoring: the pico-sdk CYW43 bus driver
    (pico_cyw43_driver/cyw43_bus_pio_spi.c, ``start_spi_comms``) sets the clock
    pin back to its PIO function, with its pull-down, before every transfer.
    ``adc_pin`` and ``cs_pin`` are GPIO numbers (29 and 25), given by boards/pico_w.py.
    """

    def __init__(self, adc_pin, cs_pin):
        self._adc_pin = machine.Pin(adc_pin)
        self._cs_pin = machine.Pin(cs_pin)

    def read_u16(self):
        cs = self._cs_pin
        irq = machine.disable_irq()
        try:
            cs.init(cs.OUT, value=1)
            adc = machine.ADC(self._adc_pin)
            adc.read_u16()
            raw = adc.read_u16()
        finally:
            machine.enable_irq(irq)
        return raw
