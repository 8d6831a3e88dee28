"""What the systems' JSON forms of a hand share (kitapi/rules/<core>_json.py): the hand object's keys checked,
and a number it must hold read.  Imported only where JSON Lines are read or written, as those modules are: the
device, which keeps its hands packed, never loads it."""

from kitapi.game import RuleError, check_int

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

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
    """``d[key]``, an int from ``lo`` to ``hi``; RuleError if it is missing or is not one."""
    if key not in d:
        raise RuleError(_E_MISSING, key)
    return check_int(d[key], key, lo, hi)
