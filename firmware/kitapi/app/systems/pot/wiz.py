"""Entering a hand of a pot game (Austrian, Illustrated, American Préférence): the wizard.

Austrian and Illustrated (docs/rules/preference_at.md): declarer (1-3; 0 all
passed: the dealer declares, bid "none"), bid, trump, who dropped, the
declarer's tricks, the first defender's, summary.

- Bid: 1-4 the number; A toggles Hand first (A 2: Hand 2; A 4: Preference);
  Illustrated 5-8 (5 misère, 6 slam, 7 open misère, 8 open slam; A first:
  their Hand forms).  # keeps the bid shown.
- Trump: 1-4 clubs, spades, diamonds, hearts (the bid's suit or higher); 0
  none written; # the bid's own suit (none after an all-pass).  Above
  Preference there is no trump step.
- Dropped: a seat's digit marks or unmarks him; # goes on (nobody marked:
  nobody dropped).  When the declarer or both defenders dropped nobody plays:
  no tricks are asked.
- Tricks: the declarer's (0-9, A 10; # the likeliest: 6, misère 0, slam 10),
  then those of the first defender after him if both played and the
  declarer left any (# half the rest, rounded up); the last player takes
  what is left.

The commonest hand, a bid made with six tricks, nobody dropping and the
defenders 2 and 2, takes 7 keys from the home screen: declarer, bid, #
(its suit), # (nobody dropped), # (6 tricks), # (2), # (save).

American (docs/rules/preference_us.md): declarer of a suit bid (1-3), suit
(1-4 spades, clubs, diamonds, hearts; # keeps it), his tricks (0-9, A 10; #
6), summary: a bid made with six tricks takes 4 keys.  D: the chip-bidding
round: each seat's chip bid in turn (digits, # next; 0 a pass), the highest
declares; the trump (1-4 as above, 0 or # none written); his tricks.  0: the
hand thrown in (0 # saves it).

The summary shows each stock's change and the pot's (a refill, the end of the
game) before the hand is saved, or why the rules refuse it; # saves, * goes
back a step.
"""

from kitapi.app.shell import wizard_key, wizard_preview
from kitapi.app.ui import cut, fitted, signed

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the keys (kitapi.keys), as constants here: no names in the module
_HASH = const(15)  # kitapi.keys.HASH
_KEY_A = const(10)  # kitapi.keys.KEY_A
_KEY_D = const(13)  # kitapi.keys.KEY_D
_STAR = const(14)  # kitapi.keys.STAR

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HAND = const(1)
_T_SUIT = const(14)
_T_TRICKS_D1 = const(20)
_T_HINT_STEP = const(25)
_T_HINT_SAVE = const(26)

# its family's texts it shows: their places in the table (kitapi.app.systems.pot.lang_<language>.T)
_O_POT = const(5)
_O_REFILLED = const(7)
_O_DECLARER = const(10)
_O_DROPPED = const(11)
_O_WHO_AT = const(12)
_O_WHO_US = const(13)
_O_DROP_KEYS = const(14)
_O_BID = const(15)
_O_BID_KEYS = const(16)
_O_PREF_KEY = const(17)
_O_HIGH_KEYS = const(18)
_O_OPEN_KEYS = const(19)
_O_CHIP_BID = const(20)
_O_NO_TRUMP = const(21)
_O_TRICK_KEYS = const(22)
_O_ENDS = const(23)

_WHO = const(0)
_BID = const(1)
_CHIPS = const(2)
_TRUMP = const(3)
_DROP = const(4)
_TRICKS = const(5)
_TRICKS2 = const(6)
_SUMMARY = const(7)
_PREFERENCE = const(8)  # kitapi.rules.preference_at.PREFERENCE, the highest bid with a trump
_MAX_CHIPS = const(63)  # kitapi.rules.preference_us.MAX_CHIP_BID
_OUTCOME_US = const(4)  # kitapi.rules.preference_us.PreferenceUs.OUTCOME: a suit or chips
# Bid index (kitapi.rules.preference_at.BIDS) by the bid step's number 0-8, then its Hand form at +9
_BIDS = b"\x00\x01\x02\x03\x04\x09\x0a\x0d\x0e\x00\x05\x06\x07\x08\x0b\x0c\x0f\x10"
# American steps by hand kind: a suit bid, the chip bids, thrown in (a bit a step: kitapi.app.shell)
_US_STEPS = (
    1 << _WHO | 1 << _TRUMP | 1 << _TRICKS | 1 << _SUMMARY,
    1 << _WHO | 1 << _CHIPS | 1 << _TRUMP | 1 << _TRICKS | 1 << _SUMMARY,
    1 << _WHO | 1 << _SUMMARY,
)


def _no(app, ev):
    """Key ``ev`` does nothing at the step shown: said on the screen until the next key (kitapi.app.nokey,
    imported for it and let go); None, the step stays."""
    from kitapi.app.nokey import key

    key(app, ev)


class PotWizard:
    """The steps, and what a key does at each; * back, # saving and the preview are the shell's
    (kitapi.app.shell: wizard_key, wizard_preview), but * within the chip bids."""

    long_keys = b"\x0e"  # the keys with a long meaning here: * (leave the hand)
    key = wizard_key
    preview = wizard_preview

    def __init__(self, app, ev=-1, number=0, hand=None):
        """A new hand started by home key ``ev``, or hand ``number`` (``hand``) to edit."""
        self.app = app
        g = self.g = app.store.check_fix(None, number) if number else app.g  # an edit: the game before the hand
        self.number = number
        h = self.h = type(g.hand)() if hand is None else hand  # the rules' own (an edit: the hands list's)
        self.error = ""
        self.us = g.OUTCOME == _OUTCOME_US  # (asked of the class: a variant of it is American too)
        self.k = 0  # the chip bids: the seat asked
        self.fresh = True  # the chip bids: the next digit begins a number
        if hand is not None:
            self.step = _SUMMARY
            return
        h.dealer = app.next_dealer()
        self.step = _WHO
        self.key(ev)

    def steps(self):
        """The steps of the hand as it stands: a bit a step (kitapi.app.shell)."""
        h = self.h
        if self.us:
            return _US_STEPS[h.kind]
        seq = 1 << _WHO | 1 << _DROP | 1 << _SUMMARY
        if h.bid:
            seq |= 1 << _BID
        if h.bid <= _PREFERENCE:
            seq |= 1 << _TRUMP
        # who plays: nobody (the declarer or both defenders dropped), one defender, or both
        b = h.declarer
        m = h.drop
        play = 0 if m >> b & 1 else 2 - (m >> (b + 1) % 3 & 1) - (m >> (b + 2) % 3 & 1)
        if play:  # (the first defender's tricks not asked when the declarer took all ten: 0-0)
            seq |= 1 << _TRICKS if play == 1 or h.tricks[b] == 10 else 1 << _TRICKS | 1 << _TRICKS2
        return seq

    def _likely(self):
        """The declarer's likeliest tricks: 6; a misère 0, a slam 10 (Illustrated, bids 9-16)."""
        b = 0 if self.us else self.h.bid
        return 6 if b <= _PREFERENCE else 10 * (1 - b % 2)

    # --- keys --------------------------------------------------------------------

    def answer(self, ev):
        """Key ``ev`` at the step shown: True when it answers it (the shell moves on; at the summary,
        nothing); * True when it is taken here (the chip bid before)."""
        h = self.h
        step = self.step
        if ev == _STAR:
            self.fresh = True
            if step == _CHIPS and self.k:
                self.k -= 1
                return True
            self.k = 2  # back into the chip bids: the last
            return None
        if step == _SUMMARY:  # (# is the shell's: no other key there)
            return _no(self.app, ev)
        us = self.us
        d = ev if ev < 10 else 10 if ev == _KEY_A else -1  # a number of tricks
        if step == _WHO:
            kind = 0 if 1 <= ev <= 3 else 1 if ev == _KEY_D and us else 2 if ev == 0 else -1
            if kind < 0:
                return _no(self.app, ev)
            if us:
                if h.kind != kind:
                    h.suit = 0
                h.kind = kind
                self.k = 0
                self.fresh = True
            elif kind == 2:
                h.bid = 0
                h.trump = 0
            elif not h.bid:
                h.bid = 1
            h.declarer = ev - 1 if kind == 0 else h.dealer
        elif step == _BID:
            i = _BIDS.find(bytes((h.bid,)))
            if ev == _KEY_A:  # Hand, or not
                h.bid = _BIDS[(i + 9) % 18]
                return None
            if ev != _HASH:
                if not 1 <= d <= (8 if self.g.max_bid > _PREFERENCE else 4):
                    return _no(self.app, ev)
                h.bid = _BIDS[d + i // 9 * 9]
            if h.bid > _PREFERENCE:
                h.trump = 0
        elif step == _CHIPS:
            c = h.chips
            s = self.k
            if ev < 10:
                c[s] = ev if self.fresh or c[s] * 10 + ev > _MAX_CHIPS else c[s] * 10 + ev
                self.fresh = False
                return None
            if ev != _HASH:
                return _no(self.app, ev)
            self.k += 1
            self.fresh = True
            if self.k < 3:
                return None
            h.declarer = 0 if c[0] >= c[1] and c[0] >= c[2] else 1 if c[1] >= c[2] else 2  # the highest
        elif step == _TRUMP:
            if us:
                if ev != _HASH:
                    if not 1 - h.kind <= d <= 4:
                        return _no(self.app, ev)
                    h.suit = d - 1 + h.kind  # a suit bid: 0-3; after chip bids 1-4, 0 none
            else:
                lo = (h.bid - 1) % 4 + 1 if h.bid else 0
                if ev == _HASH:
                    d = lo
                if not (d == 0 or lo <= d <= 4):
                    return _no(self.app, ev)
                h.trump = d
        elif step == _DROP or step == _TRICKS or step == _TRICKS2:
            return self.tricks(ev, d)
        return True

    def tricks(self, ev, d):  # (a name the firmware interns anyway: no new one)
        """Key ``ev`` (``d`` its number of tricks) at a step of the tricks (who dropped out, then the tricks):
        True when it answers it."""
        h = self.h
        t = h.tricks
        if self.step == _DROP:
            if 1 <= ev <= 3:
                h.drop ^= 1 << ev - 1
                return None
            if ev != _HASH:
                return _no(self.app, ev)
            t[0] = t[1] = t[2] = 0
        elif self.step == _TRICKS:
            if ev == _HASH:
                d = self._likely()
            if not 0 <= d <= 10:
                return _no(self.app, ev)
            if self.us:
                h.tricks = d
            else:
                b = h.declarer
                d1 = (b + 1) % 3
                d2 = (b + 2) % 3
                t[0] = t[1] = t[2] = 0
                t[b] = d
                r = 10 - d
                if h.drop >> d1 & 1:
                    t[d2] = r
                else:
                    t[d1] = r if h.drop >> d2 & 1 else (r + 1) // 2  # until the next step says otherwise
                    t[d2] = r - t[d1]
        else:
            b = h.declarer
            r = 10 - t[b]
            if ev == _HASH:
                d = t[(b + 1) % 3]
            if not 0 <= d <= r:
                return _no(self.app, ev)
            t[(b + 1) % 3] = d
            t[(b + 2) % 3] = r - d
        return True

    # --- drawing -------------------------------------------------------------------

    def draw(self, ui):
        g = self.g
        h = self.h
        t = ui.t
        p = self.app.pt("pot")
        step = self.step
        us = self.us
        ui.title("%s %d" % (t[_T_HAND], self.number or self.app.number()))
        if step != _WHO:
            line = self.app.sys.describe(self.app, g, h, step)  # (its family's: app.sys)
            ui.at(fitted(self.app.short, line, 16), 0, 1)
        if step == _WHO or step == _DROP:
            ui.at(p[_O_DECLARER] if step == _WHO else p[_O_DROPPED], 0, 2)
            for s in range(3):
                ui.at("%d %s" % (s + 1, cut(g.players, s, 14)), 0, 3 + s, step == _DROP and h.drop >> s & 1 == 1)
            ui.at(p[_O_WHO_US] if step == _WHO and us else p[_O_WHO_AT] if step == _WHO else p[_O_DROP_KEYS], 0, 6)
        elif step == _BID:
            ui.at(p[_O_BID], 0, 2)
            ui.at(p[_O_BID_KEYS], 0, 3)
            ui.at(p[_O_PREF_KEY], 0, 4)
            if g.max_bid > _PREFERENCE:
                ui.at(p[_O_HIGH_KEYS], 0, 5)
                ui.at(p[_O_OPEN_KEYS], 0, 6)
        elif step == _CHIPS:
            label = p[_O_CHIP_BID]
            ui.at("%s %s?" % (label, cut(self.app.short, self.k, 14 - len(label))), 0, 2)
            ui.at(str(h.chips[self.k]) + ("" if self.fresh else "_"), 0, 3)
            ui.at("0-%d" % _MAX_CHIPS, 0, 4)
        elif step == _TRUMP:
            ui.at(t[_T_SUIT], 0, 2)
            lo = 0 if us else (h.bid - 1) % 4 + 1 if h.bid else 0
            m = self.app.sys  # the suits as one text (each its own: 0.5 ms on the pico-rig)
            suits = ["%d%s" % (i, m.US_SUITS[i - 1] if us else m.AT_SUITS[i]) for i in range(max(lo, 1), 5)]
            ui.text(" ".join(suits), 0, 24)
            if not (us and h.kind == 0):
                ui.at(p[_O_NO_TRUMP], 0, 4)
        elif step == _TRICKS or step == _TRICKS2:
            b = h.declarer
            label = t[_T_TRICKS_D1]
            ui.at("%s %s?" % (label, cut(self.app.short, b if step == _TRICKS else (b + 1) % 3, 14 - len(label))), 0, 2)
            if step == _TRICKS:
                ui.at(p[_O_TRICK_KEYS] % self._likely(), 0, 3)
            else:
                r = 10 - h.tricks[b]
                ui.at("%s #=%d" % ("0-9 A=10" if r == 10 else "0-%d" % r, h.tricks[(b + 1) % 3]), 0, 3)
        else:
            b = self.preview(ui)  # (each stock's change, the pot's, a refill, the end; or the refusal drawn)
            if b is not None:
                for s in range(4):  # each stock's change, then the pot's
                    ui.at(self.app.short[s] if s < 3 else p[_O_POT], 0, 2 + s)
                    ui.right(signed(b[s]), 128, 2 + s)
                if b[5] == 1 or b[4]:  # the hand ends the game, or refills the pot
                    ui.at(p[_O_ENDS] if b[5] == 1 else p[_O_REFILLED], 0, 6)
            ui.hint(t[_T_HINT_SAVE])
            return
        ui.hint(t[_T_HINT_STEP])
