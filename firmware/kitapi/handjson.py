"""What the systems' JSON forms of a hand share (kitapi/rules/<core>_json.py): the hand object's keys checked,
and a number it must hold read.  Imported only where JSON Lines are read or written, as those modules are: the
device, which keeps its hands packed, never loads it."""

from kitapi.game import RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_INT = const(25)
_E_HAND = const(28)
_E_FIELD = const(29)
_E_MISSING = const(30)


def fields(d, keys):
    """RuleError unless ``d`` is a hand object (a dict) with no key but ``keys``."""
    if type(d) is not dict:
        raise RuleError(_E_HAND)
    for k in d:
        if k not in keys:
            raise RuleError(_E_FIELD, k)


def need(d, key, lo, hi):
    """``d[key]``, an int from ``lo`` to ``hi``; RuleError if it is missing or is not one (as each rules
    module's ``check_int`` says it: that check stays one a rules module, which the box loads, since a function
    more in kitapi.game costs the 17 KB replay its margin, tests/pc/test_cli.py)."""
    if key not in d:
        raise RuleError(_E_MISSING, key)
    v = d[key]
    if type(v) is not int or v < lo or v > hi:
        raise RuleError(_E_INT, key, lo, hi)
    return v
