"""Prefa hands in the game log's JSON form (docs/log-format.md).

Imported only where JSON Lines are read or written (the PC, exports); the
device keeps its hands in the compact form of ``Prefa.pack``.
"""

from kitapi.game import RuleError
from kitapi.handjson import fields, need
from kitapi.rules.prefa import (
    ALONE,
    DEFENSES,
    INVITE,
    NONE,
    PASS,
    SUITS,
    THROW,
    check_int,
)

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const


_E_PASS = const(31)
_E_THROW = const(32)
_E_CONTRACT = const(33)
_E_DEFENSE = const(34)
_E_ACES = const(35)
_E_ACTIVE = const(36)
_E_NO_TRICKS = const(37)
_E_TRICKS = const(38)

_KEYS = ("dealer", "bidder", "contract", "defense", "active", "tricks", "aces", "pass", "throw")
_LEVELS = ("6", "7", "8", "9", "10")


def contract_name(i):
    """Contract index -> ``"7H"``."""
    return str(i // 5 + 6) + SUITS[i % 5]


def parse_contract(c):
    """``"7H"`` -> contract index (level - 6) * 5 + suit; RuleError for anything else."""
    if type(c) is str and 2 <= len(c) <= 3:
        suit = SUITS.find(c[-1])
        level = c[:-1]
        if suit >= 0 and level in _LEVELS:
            return _LEVELS.index(level) * 5 + suit
    raise RuleError(_E_CONTRACT, c)


def parse(game, d, h):
    """Fill hand ``h`` from the hand object ``d``; RuleError if a field is missing, unknown or malformed."""
    fields(d, _KEYS)
    h.clear()
    n = game.n
    h.dealer = need(d, "dealer", 0, n - 1)
    if "pass" in d:
        if d["pass"] is not True or len(d) != 2:
            raise RuleError(_E_PASS)
        h.kind = PASS
        return
    h.bidder = need(d, "bidder", 0, n - 1)
    if "throw" in d:
        if d["throw"] is not True or len(d) != 3:
            raise RuleError(_E_THROW)
        h.kind = THROW
        return
    h.contract = parse_contract(d.get("contract"))
    defense = d.get("defense")
    if defense not in DEFENSES:
        raise RuleError(_E_DEFENSE, defense)
    h.defense = DEFENSES.index(defense)
    aces = d.get("aces", False)
    if aces is not True and aces is not False:
        raise RuleError(_E_ACES)
    h.aces = aces
    if h.defense == ALONE or h.defense == INVITE:
        h.active = need(d, "active", 0, n - 1)
    elif "active" in d:
        raise RuleError(_E_ACTIVE)
    if h.defense == NONE:
        if "tricks" in d:
            raise RuleError(_E_NO_TRICKS)
        return
    t = d.get("tricks")
    if type(t) is not list or len(t) != n:
        raise RuleError(_E_TRICKS, n)
    for i in range(n):
        h.tricks[i] = check_int(t[i], "tricks", 0, 10)


def to_json(game, h, prefix):
    """The hand's log line, keys in the documented order, ``prefix`` first inside the braces."""
    s = '{%s"dealer": %d' % (prefix, h.dealer)
    if h.kind == PASS:
        return s + ', "pass": true}'
    s += ', "bidder": %d' % h.bidder
    if h.kind == THROW:
        return s + ', "throw": true}'
    s += ', "contract": "%s", "defense": "%s"' % (contract_name(h.contract), DEFENSES[h.defense])
    if h.defense == ALONE or h.defense == INVITE:
        s += ', "active": %d' % h.active
    if h.defense != NONE:
        s += ', "tricks": [%s]' % ", ".join([str(h.tricks[i]) for i in range(game.n)])
    if h.aces:
        s += ', "aces": true'
    return s + "}"
