"""Austrian and Illustrated Préférence hands in the game log's JSON form.

Imported only where JSON Lines are read or written; the device keeps its
hands in the compact form of ``PreferenceAt.pack``.
"""

from kitapi.game import RuleError
from kitapi.handjson import fields, need
from kitapi.rules.pot import check_int
from kitapi.rules.preference_at import BIDS, SUITS

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_MISSING = const(30)
_E_TRICKS = const(38)
_E_NO_TRICKS = const(65)
_E_BID = const(81)
_E_TRUMP = const(82)
_E_DROP = const(84)

_KEYS = ("dealer", "declarer", "bid", "trump", "drop", "tricks")


def parse(game, d, h):
    fields(d, _KEYS)
    h.clear()
    h.dealer = need(d, "dealer", 0, 2)
    h.declarer = need(d, "declarer", 0, 2)
    b = d.get("bid")
    if b is None:
        raise RuleError(_E_MISSING, "bid")
    if type(b) is not str or b not in BIDS or BIDS.index(b) > game.max_bid:
        raise RuleError(_E_BID, b, game.bid_help)
    h.bid = BIDS.index(b)
    if "trump" in d:
        tr = d["trump"]
        if type(tr) is not str or len(tr) != 1 or tr not in "CSDH":
            raise RuleError(_E_TRUMP, tr, b)
        h.trump = SUITS.index(tr)
    drop = d.get("drop", [])
    if type(drop) is not list or not 1 <= len(drop) <= 3 and "drop" in d:
        raise RuleError(_E_DROP)
    last = -1
    for s in drop:
        if type(s) is not int or s <= last or s > 2:
            raise RuleError(_E_DROP)
        h.drop |= 1 << s
        last = s
    dd = h.drop >> h.declarer & 1
    if dd or h.drop & ~(1 << h.declarer) == 7 & ~(1 << h.declarer):
        if "tricks" in d:
            raise RuleError(_E_NO_TRICKS)
        return
    t = d.get("tricks")
    if type(t) is not list or len(t) != 3:
        raise RuleError(_E_TRICKS, 3)
    for i in range(3):
        h.tricks[i] = check_int(t[i], "tricks", 0, 10)


def to_json(game, h, prefix):
    s = '{%s"dealer": %d, "declarer": %d, "bid": "%s"' % (prefix, h.dealer, h.declarer, BIDS[h.bid])
    if h.trump:
        s += ', "trump": "%s"' % SUITS[h.trump]
    m = h.drop
    if m:
        s += ', "drop": [%s]' % ", ".join([str(i) for i in range(3) if m >> i & 1])
    dd = m >> h.declarer & 1
    if not dd and m & ~(1 << h.declarer) != 7 & ~(1 << h.declarer):
        t = h.tricks
        s += ', "tricks": [%d, %d, %d]' % (t[0], t[1], t[2])
    return s + "}"
