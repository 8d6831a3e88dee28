"""The membrane keypad: a matrix scanned one scan at a time, debounced, with long presses.

Wiring (the board file gives the pins, this module names none): the row lines are
outputs, driven low one at a time; the column lines are inputs with pull-ups, so a
column reads 0 while a key joins it to the row being driven.  Like Peter Hinch's
micro-gui ``Keyboard(rowpins, colpins)``, ``Keypad(rows, cols)`` takes the pins
themselves; any object with ``.value()`` / ``.value(v)``, or a callable ``f()`` /
``f(v)`` (a ``machine.Pin`` is both), will do, so a fake matrix on the PC is trivial.
The key at (row r, column c) is ``layout[r * len(cols) + c]``; the default layout is
``kitapi.keys.LAYOUT``, ``1 2 3 A / 4 5 6 B / 7 8 9 C / * 0 # D``.

Between scans every row is driven low, so one read of the columns tells whether any
key is down at all: an idle scan reads the columns once and drives no row.  Only
when a column is low are the rows driven one at a time to find the key.

One ``scan(now_ms)`` reads the matrix once and allocates nothing.  Call it every
5-20 ms while a key is down or being debounced (``idle()`` false); while it is idle a
press's falling column can wake the caller instead (``RP2Hardware.key`` sleeps until
it, then scans at once).  What it reports:

- **Debounce.**  A reading counts only when two scans in a row agree, so a contact
  that bounces, or a glitch that lasts one scan, is not a key.  The cost is one
  scan of latency on press and on release.  But a key that acts on its press (below)
  counts at the first scan that sees it alone after a rest (the leading edge: on the
  pico-rig the second scan was 5 of the 7 ms from a press to its event), and then
  nothing changes for ``_BOUNCE_MS``: its contact's bounces cannot end it, nor make a
  second press; nor, that long after a release, can a press come on one scan (the
  release's bounces).  A glitch of one scan on such a key is a press: the price.
- **Act on the press.**  ``long_keys`` (set by the app from the screen's own, a
  bytes of key events) names the keys that have a long meaning now.  Any other
  key's event is sent at the press, as soon as the debounce accepts it, and
  nothing more for that press (no long event, nothing at the release).  With
  ``long_keys`` None (the default) every key waits, as below.
- **Short press.**  A key of ``long_keys`` sends its event (``kitapi.keys``:
  0-9, A-D 10-13, * 14, # 15) when it is released before the long-press time.
  It has to wait for the release: at the press it is not yet known whether the
  key will be held.  The release is seen one scan after the contact opens.
- **Long press.**  A key held for ``long_ms`` (600 ms) sends its event + ``LONG``
  (16) once, at the first scan that finds it held that long (counted from the
  first scan that saw it down).  No short event follows at its release.
- **One key at a time.**  When two or more keys are down together (a chord, or a
  second key pressed before the first is released), nothing is sent for any of
  them: everything is ignored until every key is up.  A key alone after another
  alone, no scan having seen both down, is a new press: the first was released
  between two scans (keys typed faster than the app's frame, when nothing scans).  A long press already sent
  stays sent.  (A membrane matrix without diodes can also show a third, phantom
  key when three keys are down; it is a chord all the same.)
- **Queue.**  Events go into a ring buffer of ``QUEUE`` (16) bytes; ``get()``
  takes the oldest, or -1.  When the queue is full a new event is dropped (the
  16 waiting events are kept in order) and counted in ``dropped``.

Times are ``time.ticks_ms()`` values compared with ``time.ticks_diff``, so the
counter may wrap.  On CPython (the tests) they are plain ints.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

try:
    from utime import ticks_diff  # the built-in at once (docs/firmware.md, "Imports")
except ImportError:  # CPython: the tests' clocks are plain ints that never wrap

    def ticks_diff(a, b):  # type: ignore[no-redef]
        return a - b


QUEUE = const(16)  # events the queue holds
LONG_MS = const(600)  # how long a key is held for its long event
_LONG = const(16)  # kitapi.keys.LONG: added to a key's event when it is held
_MASK = const(15)  # QUEUE - 1
_NONE = const(-1)  # no key down
_CHORD = const(-2)  # more than one key down
_BOUNCE_MS = const(10)  # after a key counted on its first scan, or a release: what a contact's bounces last


def _line(pin):
    """The call that reads or drives a pin: the pin itself if it is callable, else its ``value``."""
    return pin if callable(pin) else pin.value


class Keypad:
    def __init__(self, rows, cols, long_ms=LONG_MS, layout=None):
        # kitapi.keys read here and let go (no screen of a game keeps it either: its names are constants there)
        from kitapi import forget
        from kitapi.keys import LAYOUT, event_of

        if layout is None:  # (kitapi.keys.LAYOUT)
            layout = LAYOUT
        codes = bytes([event_of(ch) for ch in layout])  # (row, column) -> event
        forget("kitapi.keys")
        if len(rows) * len(cols) != len(layout):
            raise ValueError("keypad: %d rows x %d columns for %d keys" % (len(rows), len(cols), len(layout)))
        self._rows = [_line(p) for p in rows]
        self._cols = [_line(p) for p in cols]
        self._codes = codes
        self.long_ms = long_ms
        self._queue = bytearray(QUEUE)
        self._head = 0  # the oldest event
        self._n = 0  # events waiting
        self.dropped = 0  # events lost to a full queue
        self._last = _NONE  # the previous scan's reading
        self._since = 0  # when the reading became what it is
        self._down = _NONE  # the debounced state: a key index, _NONE or _CHORD
        self._t0 = -_BOUNCE_MS  # when the key now down was first seen; with none down, when the last one was let go
        self._quiet = False  # nothing more for this press: its event went out (long, or at the press), or a chord
        self.long_keys = None  # type: Any  # the keys that wait for the release or the long time (None: every key)
        for r in self._rows:
            r(0)  # at rest every row is driven low (see _read)

    def _read(self):
        """One reading of the matrix: the index of the one key down, _NONE, or _CHORD.  Two columns low are two
        keys down; one column low: its keys are all in it (another's row is low too), and the rows are raised
        one at a time, from the first, until the column reads high: no other row holds it low, so its key is on
        the raised row, checked with the row low again (a contact that opened meanwhile: none).  A column that
        no raised row lets go is held by two keys.  A pin's call is some 20 us on the pico-rig: 8-17 calls, the
        rows left low, where raising every row and lowering each in turn took 24."""
        cols = self._cols
        nc = len(cols)
        hit = _NONE
        for c in range(nc):
            if not cols[c]():
                if hit != _NONE:
                    return _CHORD
                hit = c
        if hit == _NONE:
            return _NONE  # every row is low and no column is: no key is down
        col = cols[hit]
        rows = self._rows
        for r in range(len(rows)):
            p = rows[r]
            p(1)
            up = col()
            p(0)
            if up:
                return _NONE if col() else r * nc + hit
        return _CHORD

    def scan(self, now_ms):
        """Read the keypad once (at ``now_ms``, a ticks_ms value); queue what it completes."""
        raw = self._read()
        down = self._down
        if raw != self._last:
            self._last = raw
            self._since = now_ms
            if down == _NONE and raw >= 0 and not 0 <= ticks_diff(now_ms, self._t0) < _BOUNCE_MS:  # a key alone:
                hold = self.long_keys  # one that acts on its press counts now (the leading edge)
                if hold is not None and self._codes[raw] not in hold:
                    self._settle(raw)
        elif raw != down and (down < 0 or not 0 <= ticks_diff(now_ms, self._t0) < _BOUNCE_MS):  # (a key's first
            self._settle(raw)  # _BOUNCE_MS: its bounces are no release)
            if raw == _NONE:
                self._t0 = now_ms  # (the release's bounces: no press on one scan for _BOUNCE_MS)
        down = self._down
        if down >= 0 and raw == down and not self._quiet and ticks_diff(now_ms, self._t0) >= self.long_ms:
            self._quiet = True
            self._put(self._codes[down] | _LONG)

    def idle(self):
        """True while no key is down and none is being debounced: the next scan may come at any time."""
        return self._last == _NONE and self._down == _NONE

    def _settle(self, new):
        """The debounced state changes from ``self._down`` to ``new``."""
        old = self._down
        self._down = new
        if old >= 0 and new != _CHORD and not self._quiet:
            self._put(self._codes[old])  # a short press, released (another key alone: its release fell between scans)
        if new >= 0 and old != _CHORD:  # a press: after none, or after another key alone (no scan saw both down)
            self._t0 = self._since
            self._quiet = False
            ev = self._codes[new]
            hold = self.long_keys
            if hold is not None and ev not in hold:  # no long meaning: it acts now
                self._quiet = True
                self._put(ev)
        else:
            # A chord, or a key alone after one: silent until every key is up.  Every key
            # up: ready for the next press.
            self._quiet = new != _NONE

    def _put(self, ev):
        n = self._n
        if n == QUEUE:
            self.dropped += 1
            return
        self._queue[(self._head + n) & _MASK] = ev
        self._n = n + 1

    def get(self):
        """The oldest queued event, or -1 if there is none."""
        if not self._n:
            return -1
        h = self._head
        self._head = (h + 1) & _MASK
        self._n -= 1
        return self._queue[h]

    def clear(self):
        """Drop the queued events (a key held now still ends as usual)."""
        self._n = 0
