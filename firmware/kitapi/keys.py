"""Key events: an int per event, so a queue of them is a bytearray (docs/firmware.md).

The keypad reads ``1 2 3 A / 4 5 6 B / 7 8 9 C / * 0 # D``.  Digits are their
own value; a key held for the long-press time is its event plus ``LONG``.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

KEY_A = const(10)
KEY_B = const(11)
KEY_C = const(12)
KEY_D = const(13)
STAR = const(14)  # back
HASH = const(15)  # accept
LONG = const(16)  # added to a key's event when it is held

LAYOUT = "123A456B789C*0#D"  # row by row, as on the keypad
_CHARS = "0123456789ABCD*#"  # the char of each event value


def event_of(ch):
    """The event of a keypad character ('0'-'9', 'A'-'D', '*', '#'); -1 if none."""
    return _CHARS.find(ch.upper())


def char_of(ev):
    """The keypad character of an event (the long flag dropped)."""
    return _CHARS[ev & 15]
