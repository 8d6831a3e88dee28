"""Illustrated Préférence (rules id ``preference_illustrated``): Austrian Préférence with misère and slam.

Source: ``preferans-and-variants.txt``, the section "Illustrated Préférence";
everything else is Austrian Préférence (``kitapi.rules.preference_at``):
"In all other aspects this game is played identically to standard Austrian
Préférence."  docs/rules/preference_illustrated.md has the readings.

Bids 9 to 16 of the chart are 5 (misère), 6 (slam), Hand 5, Hand 6, 7 (open
misère), 8 (open slam), Hand 7 and Hand 8.  They are paid between the
players, never through the pool.
"""

from kitapi.rules.preference_at import PREFERENCE, PreferenceAt

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# Bid index 9-16 -> (the bid's number 5-8, hand or not).  "If the Declarer wins
# a bid of 5, the defenders must each pay him 10 chips directly.  If he wins a
# bid of 6 each opponent must give him 20 chips.  For a bid of 7 made, each
# opponent must give him 30 chips and for a successful bid of 8 each opponent
# must give him 40 chips.  If the hand version of the contract is played, the
# defenders must give him this amount times two."
_HIGH_AMOUNT = b"\x0a\x14\x14\x28\x1e\x28\x3c\x50"  # 5: 10, 6: 20, H5: 20, H6: 40, 7: 30, 8: 40, H7: 60, H8: 80
HIGH_MISERE = b"\x01\x00\x01\x00\x01\x00\x01\x00"  # 5 and 7 (and their hand forms): misère; 6 and 8: slam
_DROP_EACH = const(3)

_HIGH_DROP = ("three", "lost")  # the declarer drops above Preference: 3 to each defender, or as if lost


class PreferenceIllustrated(PreferenceAt):
    name = "preference_illustrated"
    max_bid = 16
    options = PreferenceAt.options + ("high_drop",)
    bid_help = "1 to 4, 1H to 3H, P, 5 to 8, 5H to 8H, or none"

    def read_options(self, options, pot):
        self.high_drop_lost = pot.one_of(options, "high_drop", _HIGH_DROP) == "lost"

    def score_high(self, h, dd, k):
        b = h.declarer
        i = h.bid - PREFERENCE - 1
        amount = _HIGH_AMOUNT[i]
        if dd and not self.high_drop_lost:
            if k == 0:
                for s in range(3):
                    if s != b:
                        self.pay(b, s, _DROP_EACH)
            return  # both defenders dropped as well: nobody stayed to be paid (as in the Austrian game)
        if dd:
            made = False
        elif k == 2:
            made = True  # both defenders dropped: the declarer is paid as if he made it (reading)
        else:
            tb = h.tricks[b]
            made = tb == 0 if HIGH_MISERE[i] else tb == 10
        for s in range(3):
            if s != b:
                if made:
                    self.pay(s, b, amount)
                else:
                    self.pay(b, s, amount)


CLASS = PreferenceIllustrated
