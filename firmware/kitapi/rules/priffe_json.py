"""Priffe hands in the game log's JSON form (docs/rules/priffe.md, "Hands").

Imported only where JSON Lines are read or written; the device keeps its
hands in the compact form of ``Priffe.pack``.
"""

from kitapi.game import RuleError
from kitapi.rules.priffe import CONTRACTS, FORCED, HONOURS, check_int

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_HAND = const(28)
_E_FIELD = const(29)
_E_MISSING = const(30)
_E_ONLY = const(77)
_E_CONTRACT = const(89)
_E_HONOURS = const(90)

_KEYS = ("dealer", "contract", "declarer", "tricks", "honours", "holder")


def _get(d, key, lo, hi):
    if key not in d:
        raise RuleError(_E_MISSING, key)
    return check_int(d[key], key, lo, hi)


def parse(game, d, h):
    """Fill hand ``h`` from the hand object ``d``; RuleError if a field is missing, unknown or malformed."""
    if type(d) is not dict:
        raise RuleError(_E_HAND)
    for k in d:
        if k not in _KEYS:
            raise RuleError(_E_FIELD, k)
    h.clear()
    h.dealer = _get(d, "dealer", 0, 3)
    if "contract" not in d:
        raise RuleError(_E_MISSING, "contract")
    c = d["contract"]
    if type(c) is not str or c not in CONTRACTS:
        raise RuleError(_E_CONTRACT, c)
    h.contract = CONTRACTS.index(c)
    if h.contract == FORCED:
        if "declarer" in d:
            raise RuleError(_E_ONLY, "declarer", "play, noll, hearts and diamonds")
    else:
        h.declarer = _get(d, "declarer", 0, 3)
    h.tricks = _get(d, "tricks", 0, 13)
    if "honours" in d:
        v = d["honours"]
        if type(v) is not str or v not in HONOURS or not v:
            raise RuleError(_E_HONOURS, v)
        h.honours = HONOURS.index(v)
        h.holder = _get(d, "holder", 0, 3)
    elif "holder" in d:
        raise RuleError(_E_ONLY, "holder", "a hand with honours")


def to_json(game, h, prefix):
    """The hand's log line, keys in the documented order, ``prefix`` first inside the braces."""
    s = '{%s"dealer": %d, "contract": "%s"' % (prefix, h.dealer, CONTRACTS[h.contract])
    if h.contract != FORCED:
        s += ', "declarer": %d' % h.declarer
    s += ', "tricks": %d' % h.tricks
    if h.honours:
        s += ', "honours": "%s", "holder": %d' % (HONOURS[h.honours], h.holder)
    return s + "}"
