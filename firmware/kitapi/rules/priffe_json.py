"""Priffe hands in the game log's JSON form (docs/rules/priffe.md, "Hands").

Imported only where JSON Lines are read or written; the device keeps its
hands in the compact form of ``Priffe.pack``.
"""

from kitapi.game import RuleError
from kitapi.handjson import fields, need
from kitapi.rules.priffe import CONTRACTS, FORCED, HONOURS

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_MISSING = const(30)
_E_ONLY = const(77)
_E_CONTRACT = const(89)
_E_HONOURS = const(90)

_KEYS = ("dealer", "contract", "declarer", "tricks", "honours", "holder")


def parse(game, d, h):
    """Fill hand ``h`` from the hand object ``d``; RuleError if a field is missing, unknown or malformed."""
    fields(d, _KEYS)
    h.clear()
    h.dealer = need(d, "dealer", 0, 3)
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
        h.declarer = need(d, "declarer", 0, 3)
    h.tricks = need(d, "tricks", 0, 13)
    if "honours" in d:
        v = d["honours"]
        if type(v) is not str or v not in HONOURS or not v:
            raise RuleError(_E_HONOURS, v)
        h.honours = HONOURS.index(v)
        h.holder = need(d, "holder", 0, 3)
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
