"""Austrian Préférence (rules id ``preference_at``), and the base of Illustrated Préférence.

Source: ``preferans-and-variants.txt``, the section "Austrian Préférence".
docs/rules/preference_at.md has every reading, each with the sentence it
interprets.

Three players.  Each holds a stock of chips and has put ``ante`` of them into
the pool.  The declarer (the high bidder, or the dealer when all passed) plays
against the two defenders; anyone may drop before the play.  Payments go into
and out of the pool, or between the players; an emptied pool is refilled by
everybody.  The game is over when a player has no chips left.  Always
``pot + sum(stock) == 3 * chips``.

A hand is a small reusable ``AtHand``; scoring it allocates nothing.

What the pot games share (American Preference's too) is kitapi.rules.pot,
imported while a game is made and where its standings are written.
"""

from kitapi.game import Game, RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# Bids, by index; 0: all passed, the dealer declares.  "A bid usually consists
# of a number from one to four ... a player may add 'Hand' ... The highest
# allowable bid, called Preference" (the bid ranking chart, 1-8).  Illustrated
# Préférence's chart goes on from 9 to 16 (kitapi.rules.preference_illustrated).
BIDS = ("none", "1", "2", "3", "4", "1H", "2H", "3H", "P", "5", "6", "5H", "6H", "7", "8", "7H", "8H")
PREFERENCE = const(8)
# The suit a bid names, 1-4 = C S D H ("1 Clubs, 2 Spades, 3 Diamonds, 4 Hearts";
# "Preference (Hand 4) Hearts"); 0: none (all passed, or misère and slam).
SUITS = "-CSDH"
_BID_SUIT = b"\x00\x01\x02\x03\x04\x01\x02\x03\x04"

# "If the Declarer is able to win six or more tricks he wins 10 chips from the
# central pool.  If he wins five or less tricks during the hand he must pay 20
# chips into the pool.  If a defender fails to win two or more tricks during the
# hand, he must pay 10 chips into the pool.  However, if a defender does manage
# to win two or more tricks the Declarer must directly give the defender one chip."
_MAKE = const(6)
_WIN = const(10)
_LOSE = const(20)
_DEF_NEED = const(2)
_DEF_FAIL = const(10)
_DEF_PAID = const(1)
# "If the Declarer dropped from the hand before actual play begins, he must give
# each defender 3 chips.  However, if one defender also dropped, he must give the
# other defender 5 chips."
_DROP_EACH = const(3)
_DROP_ONE = const(5)

_OPTIONS = ("chips", "ante", "both_drop")
_BOTH_DROP = ("win", "nothing")  # both defenders drop: the declarer takes 10 from the pool, or nothing

_E_SUM = const(45)
_E_DROPPED_TRICKS = const(47)
_E_NOT_HAND = const(48)
_E_SEAT = const(39)
_E_NO_TRICKS = const(65)
_E_TRUMP = const(82)
_E_DEALER_DECLARES = const(83)
_E_HIGH_DROP = const(85)


class AtHand:
    """One hand: the declarer, his bid and trump, who dropped, every seat's tricks."""

    def __init__(self):
        self.tricks = [0, 0, 0]
        self.clear()

    def clear(self):
        self.dealer = 0
        self.declarer = 0
        self.bid = 0  # index into BIDS
        self.trump = 0  # 0 not written, 1-4 C S D H
        self.drop = 0  # bit s: seat s dropped
        t = self.tricks
        t[0] = t[1] = t[2] = 0


class PreferenceAt(Game):
    """A game of Austrian Préférence: the pool and each player's stock."""

    name = "preference_at"
    OUTCOME = 3  # a ladder of bids with drops (OUTCOME: kitapi.game.Game's comment, not an attribute of Game)
    max_bid = PREFERENCE
    options = _OPTIONS  # type: tuple[str, ...]
    bid_help = "1 to 4, 1H to 3H, P, or none"
    state = ("stock", "pot", "refills")  # what a hand changes (Game.preview)

    def __init__(self, header):
        from kitapi.rules import pot  # (let go on the box once the game is made: kitapi.rules.pot)

        options = pot.start(self, header)
        chips = pot.check_int(options.get("chips", 100), "chips", 2, 100000)
        ante = self.ante = pot.check_int(options.get("ante", 25), "ante", 1, chips - 1)
        self.both_drop_wins = pot.one_of(options, "both_drop", _BOTH_DROP) == "win"
        self.read_options(options, pot)
        self.stock = [chips - ante] * 3
        self.pot = 3 * ante
        self.refills = 0
        self.hand = AtHand()

    def read_options(self, options, pot):
        pass  # Illustrated Préférence's options (pot: kitapi.rules.pot, its one_of)

    def parse_hand(self, d, h):
        # (a loop kept for the heap: preference_at_json takes the rules' constants from here; imported only here
        # and in hand_json, so the device, which keeps its hands packed, never loads it)
        from kitapi.rules.preference_at_json import parse

        parse(self, d, h)

    def hand_json(self, h, prefix=""):
        from kitapi.rules.preference_at_json import to_json

        return to_json(self, h, prefix)

    def write_fields(self, w):
        from kitapi.rules.pot import write_fields

        write_fields(self, w)

    # --- the hand ------------------------------------------------------------

    def check(self, h):
        if h.dealer > 2 or h.declarer > 2 or h.drop > 7:
            raise RuleError(_E_SEAT, 3)
        b = h.bid
        if b > self.max_bid:
            raise RuleError(_E_NOT_HAND)
        if b == 0 and h.declarer != h.dealer:
            # "If all three players initially pass (no bids on the hand), the dealer
            # automatically becomes the Declarer for the hand."
            raise RuleError(_E_DEALER_DECLARES, h.dealer)
        if h.trump > 4 or (h.trump and (b > PREFERENCE or h.trump < _BID_SUIT[b])):
            # "He may name as the trump suit either the suit corresponding to his high
            # bid or any higher ranked suit"; misère and slam have "None".
            raise RuleError(_E_TRUMP, SUITS[h.trump] if h.trump <= 4 else h.trump, BIDS[b])
        dd = h.drop >> h.declarer & 1
        k = _bits(h.drop) - dd  # defenders who dropped
        if b > PREFERENCE and k == 1:
            # "If the bidding reaches a level higher than the bid of Preference, one
            # defender may never drop."
            raise RuleError(_E_HIGH_DROP)
        t = h.tricks
        if dd or k == 2:
            if t[0] or t[1] or t[2]:
                raise RuleError(_E_NO_TRICKS)
            return
        total = t[0] + t[1] + t[2]
        if total != 10:
            raise RuleError(_E_SUM, total)
        if k and t[_low(h.drop)]:
            raise RuleError(_E_DROPPED_TRICKS)

    def pack(self, h):
        """Hand -> a 28-bit integer (docs/rules/preference_at.md, "Device payload")."""
        t = h.tricks
        v = h.dealer << 26 | h.declarer << 24 | h.bid << 19 | h.trump << 16 | h.drop << 13
        return v | t[0] << 9 | t[1] << 5 | t[2] << 1

    def unpack(self, v, h):
        h.clear()
        h.dealer = v >> 26 & 3
        h.declarer = v >> 24 & 3
        h.bid = v >> 19 & 31
        h.trump = v >> 16 & 7
        h.drop = v >> 13 & 7
        t = h.tricks
        t[0] = v >> 9 & 15
        t[1] = v >> 5 & 15
        t[2] = v >> 1 & 15
        if self.pack(h) != v or h.bid > self.max_bid:
            raise RuleError(_E_NOT_HAND)

    # --- scoring -------------------------------------------------------------

    def pay(self, frm, to, amount):
        """Seat ``frm`` gives seat ``to`` chips (a stock may go below zero: he owes the rest)."""
        self.stock[frm] -= amount
        self.stock[to] += amount

    def into_pot(self, s, amount):
        self.stock[s] -= amount
        self.pot += amount

    def score(self, h):
        b = h.declarer
        dd = h.drop >> b & 1
        k = _bits(h.drop) - dd
        if h.bid > PREFERENCE:
            self.score_high(h, dd, k)
        elif dd:
            if k == 0:
                for s in range(3):
                    if s != b:
                        self.pay(b, s, _DROP_EACH)
            elif k == 1:
                self.pay(b, 3 - b - _low(h.drop & ~(1 << b)), _DROP_ONE)
            # all three dropped: nobody stayed to be paid (reading)
        elif k == 2:
            if self.both_drop_wins:
                self._take(b)
        else:
            t = h.tricks
            for s in range(3):
                if s == b or h.drop >> s & 1:
                    continue
                if t[s] < _DEF_NEED:
                    self.into_pot(s, _DEF_FAIL)
                else:
                    self.pay(b, s, _DEF_PAID)
            if t[b] >= _MAKE:
                self._take(b)
            else:
                self.into_pot(b, _LOSE)
        self._settle()

    def score_high(self, h, dd, k):
        raise RuleError(_E_NOT_HAND)  # Illustrated Préférence only

    def _take(self, b):
        """The declarer wins 10 from the pool: what a short pool holds (reading)."""
        x = _WIN if self.pot >= _WIN else self.pot
        self.pot -= x
        self.stock[b] += x

    def _settle(self):
        """The end of the game, or the pool's refill.

        "At any point, if a player completely runs out of his own collection of
        chips, the game ends."  "If the pool becomes depleted (all chips having
        been won), all players must then place that same equal number of chips
        from his own collection to the pool."
        """
        st = self.stock
        if st[0] <= 0 or st[1] <= 0 or st[2] <= 0:
            self.over = True
            return
        if self.pot <= 0:
            for s in range(3):
                self.into_pot(s, self.ante)
            self.refills += 1
            self.over = st[0] <= 0 or st[1] <= 0 or st[2] <= 0


def _bits(m):
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1)


def _low(m):
    """The lowest seat in mask ``m`` (nonzero)."""
    return 0 if m & 1 else 1 if m & 2 else 2


CLASS = PreferenceAt
