"""Balkan Preferans hands in the game log's JSON form (docs/rules/balkan.md, "Hands").

Preferans' form (``kitapi.rules.preferans_json``) with the contract a number
from "2" to "7" and ``"game": true`` for the closed Game bid; no widow, no
blind misere.
"""

from kitapi.game import RuleError
from kitapi.rules import preferans_json
from kitapi.rules.preferans import PLAY, RESIGN

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_CONTRACT = const(78)
_E_TRUE = const(75)
_E_ONLY = const(77)

_KEYS = ("dealer", "soloist", "contract", "resign", "whist", "open", "dealer_whist", "tricks", "allpass",
         "misdeal")  # fmt: skip


def parse_contract(c):
    """``"2"`` ... ``"7"`` -> 2 ... 7; RuleError for anything else."""
    if type(c) is str and len(c) == 1 and "2" <= c <= "7":
        return int(c)
    raise RuleError(_E_CONTRACT, c)


def parse(game, d, h):
    """Fill hand ``h`` from the hand object ``d``; RuleError if a field is missing, unknown or malformed."""
    closed = False
    if type(d) is dict and "game" in d:
        if d["game"] is not True:
            raise RuleError(_E_TRUE, "game")
        d = dict(d)
        del d["game"]
        closed = True
    preferans_json.parse(game, d, h, parse_contract, _KEYS)
    if closed:
        if h.kind != PLAY and h.kind != RESIGN:
            raise RuleError(_E_ONLY, "game", "a contract")
        h.game = True


def _contract(h):
    return '"%d", "game": true' % h.contract if h.game else '"%d"' % h.contract


def to_json(game, h, prefix):
    """The hand's log line, keys in the documented order, ``prefix`` first inside the braces."""
    return preferans_json.to_json(game, h, prefix, _contract)
