"""American Preference hands in the game log's JSON form (docs/rules/preference_us.md).

Imported only where JSON Lines are read or written.
"""

from kitapi.game import RuleError
from kitapi.handjson import fields, need
from kitapi.rules.pot import check_int
from kitapi.rules.preference_us import CHIPS, PASS, SUIT, SUITS

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_PASS = const(31)
_E_BID = const(81)
_E_TRUMP = const(82)
_E_CHIP_BIDS = const(86)

_KEYS = ("dealer", "declarer", "bid", "chips", "trump", "tricks", "pass")


def parse(game, d, h):
    fields(d, _KEYS)
    h.clear()
    h.dealer = need(d, "dealer", 0, 2)
    if "pass" in d:
        if d["pass"] is not True or len(d) != 2:
            raise RuleError(_E_PASS)
        h.kind = PASS
        return
    h.declarer = need(d, "declarer", 0, 2)
    h.tricks = need(d, "tricks", 0, 10)
    if "bid" in d:
        b = d["bid"]
        if type(b) is not str or len(b) != 1 or b not in SUITS or "chips" in d or "trump" in d:
            raise RuleError(_E_BID, b, "S, C, D or H; or chips")
        h.suit = SUITS.index(b)
        return
    c = d.get("chips")
    if type(c) is not list or len(c) != 3:
        raise RuleError(_E_CHIP_BIDS)
    h.kind = CHIPS
    for s in range(3):
        h.chips[s] = check_int(c[s], "chips", 0, 100000)
    if "trump" in d:
        t = d["trump"]
        if type(t) is not str or len(t) != 1 or t not in SUITS:
            raise RuleError(_E_TRUMP, t, "chips")
        h.suit = SUITS.index(t) + 1


def to_json(game, h, prefix):
    s = '{%s"dealer": %d' % (prefix, h.dealer)
    if h.kind == PASS:
        return s + ', "pass": true}'
    s += ', "declarer": %d' % h.declarer
    if h.kind == SUIT:
        s += ', "bid": "%s"' % SUITS[h.suit]
    else:
        c = h.chips
        s += ', "chips": [%d, %d, %d]' % (c[0], c[1], c[2])
        if h.suit:
            s += ', "trump": "%s"' % SUITS[h.suit - 1]
    return s + ', "tricks": %d}' % h.tricks
