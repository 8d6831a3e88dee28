"""kitapi.hw.keypad on CPython: the keypad driven through scripted timelines on a fake matrix.

The fake matrix is a 4x4 membrane keypad without diodes: a column reads 0 when it is
joined, through pressed keys (and so possibly through other rows and columns), to a
row that is driven low.  Scans come every 20 ms, as ``RP2Hardware.key`` makes them.
That scan() allocates nothing is checked under MicroPython (tests/mp/test_keypad_mp.py).
"""

import pytest

from kitapi.hw.keypad import LONG_MS, QUEUE, Keypad
from kitapi.keys import HASH, KEY_A, KEY_D, LAYOUT, LONG, STAR, event_of

PERIOD = 20  # ms between scans


class Matrix:
    """A 4x4 key matrix: ``pressed`` holds the characters of the keys held down."""

    def __init__(self):
        self.pressed = set()
        self.driven_low = [False] * 4
        self.row_writes = 0

    def column_low(self, c):
        # Everything joined to column c through pressed keys, found by walking the keys.
        cols, rows = {c}, set()
        grew = True
        while grew:
            grew = False
            for i, ch in enumerate(LAYOUT):
                r, k = divmod(i, 4)
                if ch in self.pressed and (r in rows) != (k in cols):
                    rows.add(r)
                    cols.add(k)
                    grew = True
        return any(self.driven_low[r] for r in rows)


class Row:
    def __init__(self, m, r):
        self.m, self.r = m, r

    def value(self, v):
        self.m.driven_low[self.r] = not v
        self.m.row_writes += 1


class Col:
    def __init__(self, m, c):
        self.m, self.c = m, c

    def value(self):
        return 0 if self.m.column_low(self.c) else 1


def make(**kw):
    m = Matrix()
    return m, Keypad([Row(m, r) for r in range(4)], [Col(m, c) for c in range(4)], **kw)


def run(script, end, kp=None, m=None, drain=True):
    """Scan every PERIOD ms from 0 to ``end``; ``script`` maps a time to the keys held from then on.

    Returns ``[(time, event)]``: each event with the time of the scan that sent it.
    """
    if kp is None:
        m, kp = make()
    assert m is not None
    out = []
    for t in range(0, end + 1, PERIOD):
        if t in script:
            m.pressed = set(script[t])
        kp.scan(t)
        while drain:
            ev = kp.get()
            if ev < 0:
                break
            out.append((t, ev))
    return out


def test_constants():
    assert LONG == 16 and LONG_MS == 600 and QUEUE == 16
    assert [event_of(ch) for ch in LAYOUT] == [1, 2, 3, 10, 4, 5, 6, 11, 7, 8, 9, 12, 14, 0, 15, 13]
    assert (KEY_A, KEY_D, STAR, HASH) == (10, 13, 14, 15)


def test_single_press_one_short_event_on_release():
    # held 0..180 ms, released at 200: seen released at 200, confirmed at 220
    assert run({0: "5", 200: ""}, 1000) == [(220, 5)]


@pytest.mark.parametrize("ch", LAYOUT)
def test_every_key_gives_its_event(ch):
    assert run({100: ch, 200: ""}, 600) == [(220, event_of(ch))]


def test_nothing_while_idle_and_no_row_driven():
    m, kp = make()
    writes = m.row_writes  # the constructor drives every row low once
    assert m.driven_low == [True] * 4
    assert run({}, 2000, kp, m) == []
    assert m.row_writes == writes  # idle scans read the columns only
    assert kp.get() == -1


def test_rows_rest_low_after_a_scan_with_a_key():
    m, kp = make()
    run({0: "9"}, 100, kp, m)
    assert m.driven_low == [True] * 4


@pytest.mark.parametrize("ch", LAYOUT)
def test_a_key_is_read_by_raising_the_rows_up_to_its_own(ch):
    # its row found by raising the rows one at a time until its column lets go: 2 row writes a row up to it
    m, kp = make()
    m.pressed = set(ch)
    writes = m.row_writes
    assert kp._read() == LAYOUT.index(ch)
    assert m.row_writes - writes == 2 * (LAYOUT.index(ch) // 4 + 1)
    assert m.driven_low == [True] * 4


def test_two_keys_of_one_column_are_a_chord():
    m, kp = make()
    for keys in ("14", "17", "47", "3#", "A D", "147"):
        m.pressed = set(keys.replace(" ", ""))
        assert kp._read() == -2, keys
        assert m.driven_low == [True] * 4


class OpensAfter(Col):
    """A column whose key lets go after ``n`` reads (a contact opening while the rows are being raised)."""

    def __init__(self, m, c, n):
        super().__init__(m, c)
        self.n = n

    def value(self):
        self.n -= 1
        if self.n < 0:
            self.m.pressed = set()
        return super().value()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_a_contact_that_opens_while_its_row_is_sought_is_no_key(n):
    # key 9 (row 2, column 2) lets go after the column's first reads: never a key of another row
    m = Matrix()
    cols = [Col(m, c) for c in range(4)]
    cols[2] = OpensAfter(m, 2, n)
    kp = Keypad([Row(m, r) for r in range(4)], cols)
    m.pressed = {"9"}
    got = kp._read()
    assert got in (-1, LAYOUT.index("9")), got
    assert m.driven_low == [True] * 4


def test_glitch_of_one_scan_is_no_key():
    assert run({100: "7", 120: ""}, 1000) == []


def test_bounce_on_press_gives_one_event():
    # contact chatter: down, up, down for one scan each, then held
    assert run({100: "3", 120: "", 140: "3", 300: ""}, 1000) == [(320, 3)]


def test_bounce_on_release_gives_one_event():
    assert run({100: "8", 300: "", 320: "8", 340: "", 360: "8", 380: ""}, 1000) == [(400, 8)]


def test_two_separate_presses_two_events():
    assert run({0: "1", 100: "", 200: "#", 300: ""}, 600) == [(120, 1), (320, HASH)]


def test_long_press_one_long_event_and_no_short_on_release():
    out = run({0: "*", 2000: ""}, 3000)
    assert out == [(LONG_MS, STAR | LONG)]


def test_long_press_counts_from_the_first_scan_that_saw_the_key():
    out = run({100: "A", 1000: ""}, 1200)
    assert out == [(100 + LONG_MS, KEY_A | LONG)]


def test_just_under_long_is_short():
    # last scan that sees the key is at 580 ms: held < 600 ms, so a short event
    assert run({0: "0", 600: ""}, 1000) == [(620, 0)]


def test_just_long_enough_is_long():
    # the scan at 600 ms still sees the key
    assert run({0: "0", 620: ""}, 1000) == [(600, LONG)]


def test_bounce_during_a_hold_does_not_break_the_long_press():
    # the one-scan gap at 300 ms is not a release: the hold still counts from 0
    assert run({0: "6", 300: "", 320: "6", 1500: ""}, 2000) == [(600, 6 | LONG)]


def test_bounce_at_the_long_press_time_delays_it_one_scan():
    assert run({0: "6", 600: "", 620: "6", 1500: ""}, 2000) == [(620, 6 | LONG)]


def test_long_press_repeated():
    out = run({0: "2", 700: "", 1000: "2", 1700: ""}, 2000)
    assert out == [(600, 2 | LONG), (1600, 2 | LONG)]


def test_two_keys_at_once_no_events():
    assert run({100: "14", 300: ""}, 1000) == []


def test_two_keys_held_long_no_events():
    assert run({100: "58", 1500: ""}, 2000) == []


def test_roll_over_cancels_both_keys():
    # 1 down, then 2 down before 1 is up, then 1 up, then 2 up: no event at all
    assert run({100: "1", 200: "12", 300: "2", 400: ""}, 1000) == []


def test_second_key_of_a_chord_held_long_stays_silent():
    assert run({100: "1", 200: "12", 300: "2", 1500: ""}, 2000) == []


def test_chord_glitch_of_one_scan_is_ignored():
    assert run({100: "4", 200: "47", 220: "4", 300: ""}, 1000) == [(320, 4)]


def test_a_key_replacing_another_without_a_scan_seeing_both_is_a_new_press():
    # 3 then (a full debounce later) 6, with no scan seeing both or neither: 3 was released between two scans (the
    # app busy with a frame while keys come fast); a chord would have been seen as one (above)
    assert run({100: "3", 200: "6", 300: ""}, 1000) == [(220, 3), (320, 6)]


def test_press_after_a_chord_works():
    assert run({100: "12", 200: "", 300: "9", 400: ""}, 1000) == [(420, 9)]


def test_long_press_stays_sent_when_a_second_key_joins():
    out = run({0: "B", 700: "BC", 800: "C", 900: ""}, 1200)
    assert out == [(600, 11 | LONG)]


def test_three_keys_with_a_phantom_fourth_no_events():
    # 1, 2 and 4 down: the matrix also shows 5 (no diodes); still a chord
    m, kp = make()
    m.pressed = set("124")
    m.driven_low = [False, True, False, False]  # only the row of 4, 5, 6, B driven low
    assert m.column_low(1)  # the column of 2, 5, 8, 0 reads low: 5 looks pressed
    m.driven_low = [True] * 4  # back to the keypad's rest state
    assert run({100: "124", 300: ""}, 1000, kp, m) == []


def test_queue_keeps_order_and_drops_newest_when_full():
    m, kp = make()
    script = {}
    presses = [LAYOUT[i % 16] for i in range(QUEUE + 4)]
    for i, ch in enumerate(presses):
        script[100 * i] = ch
        script[100 * i + 40] = ""
    run(script, 100 * len(presses), kp, m, drain=False)
    got = []
    while (ev := kp.get()) >= 0:
        got.append(ev)
    assert got == [event_of(ch) for ch in presses[:QUEUE]]
    assert kp.dropped == 4
    assert kp.get() == -1
    # and the queue works again afterwards
    assert run({0: "D", 100: ""}, 300, kp, m) == [(120, KEY_D)]


def test_queue_wraps_around():
    m, kp = make()
    t = 0
    seen = []
    for i in range(3 * QUEUE + 5):
        ch = LAYOUT[i % 16]
        for held in (ch, ch, ""):
            m.pressed = set(held)
            kp.scan(t)
            t += PERIOD
        kp.scan(t)
        t += PERIOD
        if i % 3 == 2:  # read two of every three events late
            while (ev := kp.get()) >= 0:
                seen.append(ev)
    while (ev := kp.get()) >= 0:
        seen.append(ev)
    assert seen == [event_of(LAYOUT[i % 16]) for i in range(3 * QUEUE + 5)]
    assert kp.dropped == 0


def test_clear():
    m, kp = make()
    run({0: "1", 100: "", 200: "2", 300: ""}, 400, kp, m, drain=False)
    kp.clear()
    assert kp.get() == -1
    assert run({0: "3", 100: ""}, 200, kp, m) == [(120, 3)]


def test_callable_pins():
    m = Matrix()
    rows = [Row(m, r).value for r in range(4)]
    cols = [Col(m, c).value for c in range(4)]
    kp = Keypad(rows, cols)
    assert run({0: "C", 100: ""}, 200, kp, m) == [(120, 12)]


def test_other_long_time():
    m, kp = make(long_ms=1000)
    assert run({0: "5", 800: ""}, 1000, kp, m) == [(820, 5)]
    assert run({0: "5", 1100: ""}, 1200, kp, m) == [(1000, 5 | LONG)]


def test_size_mismatch():
    m = Matrix()
    with pytest.raises(ValueError):
        Keypad([Row(m, r) for r in range(3)], [Col(m, c) for c in range(4)])


# --- acting on the press: only the keys with a long meaning on the screen (long_keys) wait ---------


def pressing(long_keys):
    m, kp = make()
    kp.long_keys = long_keys
    return m, kp


def test_a_key_without_a_long_meaning_acts_on_the_press():
    # down at 100, seen alone by the scan at 100 (the leading edge): its event then, nothing at the release or
    # after a hold
    m, kp = pressing(bytes([STAR]))
    assert run({100: "5", 200: ""}, 1000, kp, m) == [(100, 5)]
    m, kp = pressing(b"")
    assert run({100: "5", 2000: ""}, 3000, kp, m) == [(100, 5)]  # held long: still the one press


def test_a_key_with_a_long_meaning_still_waits():
    m, kp = pressing(bytes([STAR, 0]))
    assert run({100: "*", 200: ""}, 1000, kp, m) == [(220, STAR)]
    m, kp = pressing(bytes([STAR, 0]))
    assert run({100: "0", 1000: ""}, 1500, kp, m) == [(100 + LONG_MS, LONG)]  # 0 | LONG


@pytest.mark.parametrize("ch", LAYOUT)
def test_every_key_acts_on_the_press_unless_it_has_a_long_meaning(ch):
    ev = event_of(ch)
    m, kp = pressing(bytes([ev]))
    assert run({100: ch, 300: ""}, 600, kp, m) == [(320, ev)]
    m, kp = pressing(bytes(k for k in range(16) if k != ev))
    assert run({100: ch, 300: ""}, 600, kp, m) == [(100, ev)]


def test_bounces_and_chords_when_acting_on_the_press():
    m, kp = pressing(b"")
    assert run({100: "3", 120: "", 140: "3", 300: "", 320: "3", 340: ""}, 1000, kp, m) == [(100, 3)]
    m, kp = pressing(b"")
    assert run({100: "12", 300: ""}, 1000, kp, m) == []  # two at once: nothing
    m, kp = pressing(b"")
    assert run({100: "1", 200: "12", 300: ""}, 1000, kp, m) == [(100, 1)]  # the second key joins: silent
    m, kp = pressing(b"")
    assert run({100: "1", 200: "", 300: "#", 400: ""}, 1000, kp, m) == [(100, 1), (300, HASH)]


def test_the_long_keys_can_change_between_presses():
    m, kp = pressing(bytes([STAR]))
    out = run({100: "*", 200: ""}, 400, kp, m)
    kp.long_keys = b""
    out += run({500: "*", 600: ""}, 800, kp, m)
    assert out == [(220, STAR), (500, STAR)]  # (then it acts on the press: at the first scan)


def scans(kp, m, timeline, end, step=1):
    """Scan every ``step`` ms from 0 to ``end`` (the pico's 5 ms, or finer); ``timeline`` maps a time to the keys
    held from then on; ``[(time, event)]``."""
    out = []
    held = ""
    for t in range(0, end + 1):
        held = timeline.get(t, held)
        if t % step:
            continue
        m.pressed = set(held)
        kp.scan(t)
        while True:
            ev = kp.get()
            if ev < 0:
                break
            out.append((t, ev))
    return out


def bouncing(key, down, up):
    """A contact that bounces for 4 ms at its press and at its release (closed, open, closed ... every ms)."""
    tl = {}
    for i in range(5):
        tl[down + i] = key if i % 2 == 0 else ""
        tl[up + i] = "" if i % 2 == 0 else key
    return tl


@pytest.mark.parametrize("step", [1, 2, 5])
def test_a_key_acting_on_its_press_counts_at_the_first_scan_that_sees_it_and_a_bouncing_contact_is_one_press(step):
    # the leading edge: the event at the first scan after the contact closes (the pico's second scan 5 ms later
    # cost 5 ms a key); its bounces at the press and at the release, scanned every 1, 2 or 5 ms: no second press
    m, kp = pressing(b"")
    tl = bouncing("7", 100, 180)
    tl.update(bouncing("8", 300, 330))
    assert scans(kp, m, tl, 600, step) == [(100, 7), (300, 8)]
    assert kp.idle()


def test_a_press_right_after_a_release_waits_for_the_second_scan():
    # within _BOUNCE_MS of a release settled, a key seen on one scan may be the release's bounce: two scans, as
    # before; a key pressed later counts at once again
    m, kp = pressing(b"")
    assert scans(kp, m, {100: "1", 150: "", 157: "2", 190: ""}, 300, 5) == [(100, 1), (165, 2)]
    m, kp = pressing(b"")
    assert scans(kp, m, {100: "1", 150: "", 170: "2", 190: ""}, 300, 5) == [(100, 1), (170, 2)]


def test_a_key_with_a_long_meaning_keeps_the_two_scan_debounce():
    # it waits for its release anyway: a glitch of one scan is no key, and a bounce is one press
    m, kp = pressing(bytes([STAR]))
    assert scans(kp, m, {100: "*", 101: ""}, 300, 5) == []
    m, kp = pressing(bytes([STAR]))
    assert scans(kp, m, bouncing("*", 100, 180), 400, 5) == [(185, STAR)]
