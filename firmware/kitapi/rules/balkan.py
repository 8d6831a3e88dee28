"""Balkan Preferans (rules id ``balkan``): six bids named 2 to 7, scored with the Sochi engine.

Source: ``preferans-and-variants.txt``, "Balkans Preferans" (and the Sochi
game it builds on).  docs/rules/balkan.md has the log's fields and every
reading, each with the sentence it interprets.

A contract is its number, which is also its game value: 2 clubs, 3 diamonds,
4 hearts, 5 spades, 6 Bettler (take no trick), 7 no trump.  The closed "Game"
bid (no talon) counts one higher.  Every contract but Bettler needs 6 tricks
and has Sochi's whist requirement at six, 4.  Everything else (pool, hill,
whists, American aid, all-pass, settlement) is Sochi's
(``kitapi.rules.preferans``).
"""

from kitapi.game import RuleError
from kitapi.rules.preferans import PLAY, RESIGN, Hand, Sochi

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

BETTLER = const(6)  # the contract to take no trick, played without trumps
LOW = const(2)  # the contracts are 2 to 7
HIGH = const(7)
_NEEDED = const(6)  # "the Declarer must win six or more hands to ... have fulfilled his contract"
_REQ = const(4)  # Sochi's whist requirement for a contract of six tricks
_GAME_BIT = const(0x100000)  # payload bit 20: the closed Game bid

# the box's options step's bits it offers (kitapi.rules.preferans._STEP_*: Sochi's options but these)
_STEP_HALF_WHIST = const(2)
_STEP_RESIGN = const(8)
_STEP_WHIST = const(32)

_OPTIONS = ("pool", "end", "half_whist", "half_whist_first", "whist", "resign", "source", "stake")

_E_NOT_HAND = const(48)
_E_ONLY = const(77)


class BalkanHand(Hand):
    """A Preferans hand with ``game``: the closed Game bid (no talon)."""

    def clear(self):
        self.game = False
        super().clear()


class Balkan(Sochi):
    """Balkan Preferans: the Sochi engine with the six numbered bids."""

    name = "balkan"
    OPTIONS = _OPTIONS
    NUMBERED = (LOW, HIGH)  # its contracts are numbers (kitapi.rules.preferans.Preferans.NUMBERED)
    NO_TRICK = BETTLER
    STEP_OPTIONS = _STEP_HALF_WHIST | _STEP_RESIGN | _STEP_WHIST  # the box's options step: Sochi's but these

    def __init__(self, header):
        super().__init__(header)
        self.hand = BalkanHand()

    def parse_hand(self, d, h):
        from kitapi.rules.balkan_json import parse

        parse(self, d, h)

    def hand_json(self, h, prefix=""):
        from kitapi.rules.balkan_json import to_json

        return to_json(self, h, prefix)

    def game_value(self, h):
        # the issue: "those numbers as game values, the closed "Game" bid ... counting one higher"
        return h.contract + 1 if h.game else h.contract

    def needed(self, h):
        return _NEEDED

    def requirement(self, contract):
        return 0 if contract == BETTLER else _REQ

    def check(self, h):
        if h.kind == PLAY or h.kind == RESIGN:
            if not LOW <= h.contract <= HIGH:
                raise RuleError(_E_NOT_HAND)
            if h.kind == RESIGN:
                if h.contract == BETTLER:
                    raise RuleError(_E_ONLY, "resign", "a contract of 2 to 5 or 7")
                if h.game:
                    raise RuleError(_E_ONLY, "resign", "a hand that took the talon")
        elif h.game:
            raise RuleError(_E_NOT_HAND)
        super().check(h)

    def pack(self, h):
        """Hand -> a 28-bit integer: Preferans' layout, contract 2-7 in bits 19-17, Game in bit 20."""
        v = super().pack(h)
        return v | _GAME_BIT if h.game else v

    def unpack(self, v, h):
        k = v >> 26 & 3
        g = v & _GAME_BIT if k == PLAY or k == RESIGN else 0
        super().unpack(v ^ g, h)
        h.game = g != 0


CLASS = Balkan  # what kitapi.rules.load returns for this rules id
