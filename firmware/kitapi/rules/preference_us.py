"""American Preference (rules id ``preference_us``).

Source: ``preferans-and-variants.txt``, the section "Preference (American)".
docs/rules/preference_us.md has every reading, each with the sentence it
interprets.

Three players, each with a stock of ``chips``.  Every deal each player puts
``ante`` into the pot.  One round of suit bids (hearts, the preference suit,
highest); if all pass, a round of chip bids, the chips going into the pot; if
all pass again, the hand is thrown in.  The declarer who takes six tricks
takes ``win`` from the pot, else he pays ``win`` into it.  An emptied pot is
refilled with an ante from each.  The game is over when a player must give
chips and has not enough.  Always ``pot + sum(stock) == 3 * chips``.

What the pot games share is kitapi.rules.pot, imported while a game is made
and where its standings are written.
"""

from kitapi.game import Game, RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# Hand kinds.
SUIT = const(0)  # the first round: a suit bid, the widow unused
CHIPS = const(1)  # the second round: chip bids, the declarer takes the widow
PASS = const(2)  # all passed twice: thrown in

# "the suits in American Preference also have a ranking.  This ranking is, from
# highest to lowest; Hearts (called the Preference suit), Diamonds, Clubs then
# Spades."  Index 0-3 low to high.
SUITS = "SCDH"
_MAKE = const(6)  # "The goal of the Declarer during the hand is to win at least six tricks"
MAX_CHIP_BID = const(63)  # the device payload's field (6 bits a seat)

_OPTIONS = ("chips", "ante", "win", "chip_bids")
_CHIP_BIDS = ("pot", "declarer")  # which chip bids stay in the pot: everybody's, or the declarer's only

_E_NOT_HAND = const(48)
_E_SEAT = const(39)
_E_CHIP_BIDS = const(86)
_E_NO_CHIPS = const(87)


class UsHand:
    """One hand: kind, dealer, declarer, the suit (bid, or trump named after chip bids), chip bids, tricks."""

    def __init__(self):
        self.chips = [0, 0, 0]
        self.clear()

    def clear(self):
        self.kind = SUIT
        self.dealer = 0
        self.declarer = 0
        self.suit = 0  # SUIT: 0-3 S C D H; CHIPS: 0 not written, 1-4 S C D H
        self.tricks = 0  # the declarer's
        c = self.chips
        c[0] = c[1] = c[2] = 0


class PreferenceUs(Game):
    """A game of American Preference: the pot and each player's stock."""

    name = "preference_us"
    OUTCOME = 4  # a suit or chips (OUTCOME: kitapi.game.Game's comment, not an attribute of Game)
    state = ("stock", "pot", "refills")  # what a hand changes (Game.preview)
    options = _OPTIONS

    def __init__(self, header):
        from kitapi.rules import pot  # (let go on the box once the game is made: kitapi.rules.pot)

        options = pot.start(self, header)
        chips = pot.check_int(options.get("chips", 50), "chips", 1, 100000)
        self.ante = pot.check_int(options.get("ante", 10), "ante", 1, chips)
        self.win = pot.check_int(options.get("win", 25), "win", 1, 100000)
        self.all_bids = pot.one_of(options, "chip_bids", _CHIP_BIDS) == "pot"
        self.stock = [chips] * 3
        self.pot = 0
        self.refills = 0
        self.hand = UsHand()

    def parse_hand(self, d, h):
        # (a loop kept for the heap: preference_us_json takes the rules' constants from here; imported only here
        # and in hand_json, so the device, which keeps its hands packed, never loads it)
        from kitapi.rules.preference_us_json import parse

        parse(self, d, h)

    def hand_json(self, h, prefix=""):
        from kitapi.rules.preference_us_json import to_json

        return to_json(self, h, prefix)

    # --- the hand ------------------------------------------------------------

    def check(self, h):
        if h.dealer > 2 or h.declarer > 2:
            raise RuleError(_E_SEAT, 3)
        if h.kind > PASS or h.tricks > 10:
            raise RuleError(_E_NOT_HAND)
        if h.kind != CHIPS:
            return
        c = h.chips
        b = h.declarer
        for s in range(3):
            if c[s] > MAX_CHIP_BID or (s != b and c[s] >= c[b]):
                # "Whichever player has placed the highest number of chips into the
                # pool is considered to have won the bidding"
                raise RuleError(_E_CHIP_BIDS)
            # "a player must either pass or place some number of chips from his stock"
            if c[s] > self.stock[s] - self.ante:
                raise RuleError(_E_NO_CHIPS, s, c[s], self.stock[s] - self.ante)

    def pack(self, h):
        """Hand -> a 28-bit integer (docs/rules/preference_us.md, "Device payload")."""
        v = h.dealer << 26
        if h.kind == PASS:
            return v | 9 << 22
        if h.kind == SUIT:
            return v | h.suit << 22 | h.tricks << 18 | h.declarer << 16
        c = h.chips
        return v | (4 + h.suit) << 22 | h.tricks << 18 | c[0] << 12 | c[1] << 6 | c[2]

    def unpack(self, v, h):
        h.clear()
        h.dealer = v >> 26 & 3
        k = v >> 22 & 15
        h.tricks = v >> 18 & 15
        if k == 9:
            h.kind = PASS
        elif k < 4:
            h.suit = k
            h.declarer = v >> 16 & 3
        elif k < 9:
            h.kind = CHIPS
            h.suit = k - 4
            c = h.chips
            c[0] = v >> 12 & 63
            c[1] = v >> 6 & 63
            c[2] = v & 63
            h.declarer = 0 if c[0] >= c[1] and c[0] >= c[2] else 1 if c[1] >= c[2] else 2
        if k > 9 or self.pack(h) != v:
            raise RuleError(_E_NOT_HAND)

    # --- scoring -------------------------------------------------------------

    def _give(self, s, amount):
        """Seat ``s`` gives ``amount`` to the pot; False (and all he has given) if he has not enough.

        "The game continues until at such time a player is required to give chips
        from his stock to the center and does not have the necessary chips to do
        so, the game immediately ends."
        """
        st = self.stock
        if st[s] < amount:
            self.pot += st[s]
            st[s] = 0
            self.over = True
            return False
        st[s] -= amount
        self.pot += amount
        return True

    def score(self, h):
        st = self.stock
        # "After the deal is complete, each player places a previously agreed on
        # number of chips into the pot (say 10)."  (Every player can: a deal after
        # which one could not ended the game with the failed ante, _next.)
        for s in range(3):
            self._give(s, self.ante)
        if h.kind == PASS:
            self._next()
            return
        b = h.declarer
        if h.kind == CHIPS:
            c = h.chips
            for s in range(3):
                if self.all_bids or s == b:
                    self._give(s, c[s])
        if h.tricks >= _MAKE:
            # "he is entitled to take some previously agreed number of chips from
            # the center pile (say 25)": what the pot holds, if less (reading).
            x = self.win if self.pot >= self.win else self.pot
            self.pot -= x
            st[b] += x
        elif not self._give(b, self.win):
            return
        if self.pot == 0:
            # "If the center pile runs out of chips, each player must again
            # replenish it by adding a number of chips from his pile as
            # originally placed by each player into it."
            self.refills += 1
            for s in range(3):
                if not self._give(s, self.ante):
                    return
        self._next()

    def _next(self):
        """The next deal's ante, when a player cannot put it in: the game ends there.

        "The game continues until at such time a player is required to give chips
        from his stock to the center and does not have the necessary chips to do
        so, the game immediately ends": at the next deal's ante ("After the deal is
        complete, each player places ... chips into the pot").  Nothing is bid or
        played in that deal, so it has no record: its ante is taken now, as a
        refill is (seat by seat; the first who cannot gives what he has, and the
        seats after him are not asked).
        """
        a = self.ante
        st = self.stock
        if st[0] < a or st[1] < a or st[2] < a:
            for s in range(3):
                if not self._give(s, a):
                    return

    def write_fields(self, w):
        from kitapi.rules.pot import write_fields

        write_fields(self, w)


CLASS = PreferenceUs
