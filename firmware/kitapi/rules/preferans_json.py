"""Preferans hands in the game log's JSON form (docs/rules/preferans.md, "Hands").

Imported only where JSON Lines are read or written; the device keeps its hands
in the compact form of ``Preferans.pack``.
"""

from kitapi.game import RuleError
from kitapi.handjson import fields, need
from kitapi.rules.preferans import (
    ALLPASS,
    HALF,
    MISDEAL,
    MISERE,
    REFUSED,
    RESIGN,
    SUITS,
    WIDOWS,
    WORDS,
    check_int,
)

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_MISSING = const(30)
_E_TRICKS = const(38)
_E_CONTRACT = const(58)
_E_WHIST = const(59)
_E_ALLPASS = const(69)
_E_WIDOW = const(74)
_E_TRUE = const(75)
_E_ALONE = const(76)
_E_ONLY = const(77)
_E_FLAG = const(24)

_KEYS = ("dealer", "soloist", "contract", "hand", "resign", "whist", "open", "dealer_whist", "tricks",
         "widow", "refused", "allpass", "misdeal")  # fmt: skip
_LEVELS = ("6", "7", "8", "9", "10")


def _true(d, key):
    if d[key] is not True:
        raise RuleError(_E_TRUE, key)


def contract_name(i):
    """Contract index -> ``"7H"`` or ``"M"``."""
    return "M" if i == MISERE else str(i // 5 + 6) + SUITS[i % 5]


def parse_contract(c):
    if c == "M":
        return MISERE
    if type(c) is str and 2 <= len(c) <= 3:
        suit = SUITS.find(c[-1])
        level = c[:-1]
        if suit >= 0 and level in _LEVELS:
            return _LEVELS.index(level) * 5 + suit
    raise RuleError(_E_CONTRACT, c)


def _tricks(v, n, code):
    if type(v) is not list or len(v) != n:
        raise RuleError(code, n)
    out = []
    for x in v:
        out.append(check_int(x, "tricks", 0, 10))
    return out


def parse(game, d, h, contract=None, keys=_KEYS):
    """Fill hand ``h`` from the hand object ``d``; RuleError if a field is missing, unknown or malformed.

    ``contract`` (Balkan Preferans) reads the contract instead of ``parse_contract``; ``keys``
    are the fields allowed.
    """
    fields(d, keys)
    h.clear()
    n = game.n
    h.dealer = need(d, "dealer", 0, n - 1)
    t = h.tricks
    if "misdeal" in d:
        _true(d, "misdeal")
        if len(d) != 2:
            raise RuleError(_E_ALONE, "misdeal")
        h.kind = MISDEAL
        return
    if "allpass" in d:
        if len(d) != 2:
            raise RuleError(_E_ALONE, "allpass")
        h.kind = ALLPASS
        v = _tricks(d["allpass"], n, _E_ALLPASS)
        for i in range(n):
            t[i] = v[i]
        return
    h.soloist = need(d, "soloist", 0, n - 1)
    if "contract" not in d:
        raise RuleError(_E_MISSING, "contract")
    h.contract = (contract or parse_contract)(d["contract"])
    if "hand" in d:
        _true(d, "hand")
        h.blind = True
    if "widow" in d:
        w = d["widow"]
        if type(w) is not str or not w or w not in WIDOWS:
            raise RuleError(_E_WIDOW)
        if "refused" in d:
            raise RuleError(_E_ONLY, "refused", "a hand without 'widow'")
        h.widow = WIDOWS.index(w)
    elif "refused" in d:
        _true(d, "refused")
        h.widow = REFUSED
    if "resign" in d:
        _true(d, "resign")
        for k in d:
            if k not in ("dealer", "soloist", "contract", "resign", "widow", "refused"):
                raise RuleError(_E_ONLY, k, "a hand that was played")
        h.kind = RESIGN
        return
    if "whist" in d:
        w = d["whist"]
        want = 1 if n == 2 else 2
        if type(w) is not list or len(w) != want:
            raise RuleError(_E_WHIST, want)
        for x in w:
            if x not in WORDS:
                raise RuleError(_E_WHIST, want)
        h.w1 = WORDS.index(w[0])
        h.w2 = WORDS.index(w[1]) if want == 2 else -1
    if "open" in d:
        o = d["open"]
        if o is not True and o is not False:
            raise RuleError(_E_FLAG, "open")
        h.open = 1 if o else 0
    if "dealer_whist" in d:
        h.dealer_whist = check_int(d["dealer_whist"], "dealer_whist", 0, 1)
    if "tricks" in d:
        v = _tricks(d["tricks"], n, _E_TRICKS)
        for i in range(n):
            t[i] = v[i]
    elif game.played(h) and h.w1 != HALF and h.w2 != HALF:  # a half-whist by a whister: check() names it
        raise RuleError(_E_MISSING, "tricks")


def to_json(game, h, prefix, contract=None):
    """The hand's log line, keys in the documented order, ``prefix`` first inside the braces.

    ``contract(h)`` (Balkan Preferans) writes the contract's value and what follows it.
    """
    n = game.n
    s = '{%s"dealer": %d' % (prefix, h.dealer)
    t = h.tricks
    if h.kind == MISDEAL:
        return s + ', "misdeal": true}'
    if h.kind == ALLPASS:
        return s + ', "allpass": [%s]}' % ", ".join([str(t[i]) for i in range(n)])
    if contract:
        s += ', "soloist": %d, "contract": %s' % (h.soloist, contract(h))
    else:
        s += ', "soloist": %d, "contract": "%s"' % (h.soloist, contract_name(h.contract))
    if h.blind:
        s += ', "hand": true'
    if h.kind == RESIGN:
        s += ', "resign": true'
    elif h.w1 >= 0:
        s += ', "whist": ["%s"' % WORDS[h.w1]
        s += ', "%s"]' % WORDS[h.w2] if h.w2 >= 0 else "]"
    if h.open >= 0:
        s += ', "open": true' if h.open else ', "open": false'
    if h.dealer_whist >= 0:
        s += ', "dealer_whist": %d' % h.dealer_whist
    if h.kind != RESIGN and game.played(h):
        s += ', "tricks": [%s]' % ", ".join([str(t[i]) for i in range(n)])
    if h.widow == REFUSED:
        s += ', "refused": true'
    elif h.widow:
        s += ', "widow": "%s"' % WIDOWS[h.widow]
    return s + "}"
