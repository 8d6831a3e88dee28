"""What CPython lacks of MicroPython's builtins, for the core's modules to run on both.

Imported only on CPython: on MicroPython ``from micropython import const``
succeeds (and the compiler folds ``const`` away), so this module is never
loaded on the device.
"""


def const(x):
    return x


def encode(s):
    """``s`` in UTF-8, a lone surrogate as its three bytes, as MicroPython's ``str.encode`` gives it
    (kitapi.game.check_name; not in kitapi.game itself: its string would cost the device's heap)."""
    return s.encode("utf-8", "surrogatepass")
