"""Entering a Prefa hand: a short wizard that offers only what the rules allow.

Steps: bidder, level, trump, defenders, (who stays in), (bidder's tricks),
(first defender's tricks: not when the bidder took all ten), summary.  A
digit answers a step and moves on, a key that does nothing is said; #
takes the step's default, the likeliest answer (6, spades, both defenders in,
the bidder made it exactly, the defenders' tricks as their responsibilities);
* goes back one step.  The commonest hand, both in and the bidder exact, takes
7 keys from the home screen: bidder, level, trump, #, #, #, # (save).

The summary shows what the hand changes before it is saved: who pays whom
(the chips between each pair) and the pouches that change; the hand is on
flash before the screen says so.
"""

from kitapi.app.shell import wizard_key, wizard_preview
from kitapi.app.ui import LANGUAGES, cut, fitted, signed
from kitapi.rules.prefa import ALONE, INVITE, NONE, PASS, PLAY, THROW

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the keys (kitapi.keys), as constants here: no names in the module
_HASH = const(15)  # kitapi.keys.HASH
_KEY_A = const(10)  # kitapi.keys.KEY_A
_STAR = const(14)  # kitapi.keys.STAR

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HAND = const(1)
_T_PAYS = const(7)
_T_BIDDER = const(11)
_T_LEVEL = const(12)
_T_HINT_LEVEL = const(13)
_T_SUIT = const(14)
_T_SUITS = const(15)
_T_DEFENSE = const(16)
_T_DEFENSES = const(17)
_T_ACTIVE = const(18)
_T_TRICKS_BIDDER = const(19)
_T_TRICKS_D1 = const(20)
_T_PASSED = const(21)
_T_THROWN = const(22)
_T_THROW_KEY = const(23)
_T_ACES_KEY = const(24)
_T_HINT_STEP = const(25)
_T_HINT_SAVE = const(26)
_T_POUCH = const(28)

_BIDDER = const(0)
_LEVEL = const(1)
_SUIT = const(2)
_DEFENSE = const(3)
_ACTIVE = const(4)
_TRICKS_B = const(5)
_TRICKS_D = const(6)
_SUMMARY = const(7)
_TEN_NT = const(24)  # contract index of 10N

# The summary's own words, in the order of LANGUAGES: the hand about to be saved ends the game (the last
# figure of Game.preview's change); the kasa game's summary says it too.  Here and not in the string
# tables: only a hand's summary shows it, and every text of a string table stays in the heap of every game.
ENDS = ("Ends the game", "Τέλος παρτίδας", "Конец игры")


def ends(app):
    """The words "Ends the game" in the player's language."""
    return ENDS[LANGUAGES.index(app.lang)]


def _no(app, ev):
    """Key ``ev`` does nothing at the step shown: said on the screen until the next key (kitapi.app.nokey,
    imported for it and let go); None, the step stays."""
    from kitapi.app.nokey import key

    key(app, ev)


class HandWizard:
    """The steps, and what a key does at each; * back, # saving and the preview are the shell's
    (kitapi.app.shell: wizard_key, wizard_preview)."""

    long_keys = b"\x0e"  # the keys with a long meaning here: * (leave the hand)
    key = wizard_key
    preview = wizard_preview

    def __init__(self, app, bidder=-1, number=0, hand=None):
        """A new hand (``bidder``: a seat chosen on the home screen, or -1), or hand ``number`` to edit."""
        self.app = app
        g = self.g = app.store.check_fix(None, number) if number else app.g  # an edit: the game before the hand
        self.number = number
        h = self.h = type(g.hand)() if hand is None else hand  # the rules' own (an edit: the hands list's)
        self.error = ""
        if hand is not None:
            self.step = _SUMMARY
            return
        h.dealer = app.next_dealer()
        h.contract = 0
        h.active = -1  # none yet: the defenders step makes it defender 1, whom # takes
        self.step = _BIDDER
        if bidder == -1:  # 0 on the home screen: all passed
            h.kind = PASS
            self.step = _SUMMARY
        elif bidder >= 0:
            self.key(bidder + 1)

    def steps(self):
        """The steps of the hand as it stands: a bit a step (kitapi.app.shell)."""
        h = self.h
        if h.kind == PASS:
            return 1 << _BIDDER | 1 << _SUMMARY
        if h.kind == THROW:
            return 1 << _BIDDER | 1 << _LEVEL | 1 << _SUMMARY
        seq = 1 << _BIDDER | 1 << _LEVEL | 1 << _SUIT | 1 << _DEFENSE | 1 << _SUMMARY
        if h.defense == NONE:
            return seq
        if h.defense == ALONE:
            return seq | 1 << _ACTIVE | 1 << _TRICKS_B
        seq |= 1 << _TRICKS_B
        if h.defense == INVITE:
            seq |= 1 << _ACTIVE
        # the first defender's tricks: not asked when the bidder took all ten (0-0, filled in by his step)
        if h.tricks[h.bidder] == 10 and h.tricks[0] + h.tricks[1] + h.tricks[2] + h.tricks[3] == 10:
            return seq
        return seq | 1 << _TRICKS_D

    # --- keys --------------------------------------------------------------------

    def answer(self, ev):
        """Key ``ev`` at the step shown: True when it answers it (the shell moves on)."""
        g = self.g
        h = self.h
        step = self.step
        if ev == _STAR:  # (no step of several questions: the shell goes back)
            return None
        if step == _SUMMARY:
            if ev == _KEY_A and h.kind == PLAY and g.aces_mode:
                h.aces = not h.aces
                return None
            return _no(self.app, ev)
        digit = ev if ev < 10 else -1
        level = h.contract // 5 + 6
        if step == _BIDDER:
            if digit == 0:
                h.kind = PASS
            elif 1 <= digit <= g.n and not (g.n == 4 and digit - 1 == h.dealer):
                h.kind = PLAY
                h.bidder = digit - 1
            else:
                return _no(self.app, ev)
        elif step == _LEVEL:
            if ev == _KEY_A and g.tentative_bid:
                h.kind = THROW
                self.step = _SUMMARY
                return None
            if ev == _HASH:
                digit = level
            if digit == 0:
                digit = 10
            if not 6 <= digit <= 10:
                return _no(self.app, ev)
            h.kind = PLAY
            h.contract = (digit - 6) * 5 + h.contract % 5  # the trump as it was, until the next step
        elif step == _SUIT:
            if ev == _HASH:
                digit = h.contract % 5 + 1
            if not 1 <= digit <= 5:
                return _no(self.app, ev)
            c = (level - 6) * 5 + digit - 1
            if c == _TEN_NT and not g.ten_nt_value:
                return _no(self.app, ev)
            h.contract = c
        elif step == _DEFENSE:
            if ev == _HASH:
                digit = h.defense + 1
            if not 1 <= digit <= 4:
                return _no(self.app, ev)
            h.defense = digit - 1
            g.defenders(h)
            if h.active != h.d1 and h.active != h.d2:
                h.active = h.d1
        elif step == _ACTIVE:
            if ev == _HASH:
                digit = h.active + 1
            if digit - 1 != h.d1 and digit - 1 != h.d2:
                return _no(self.app, ev)
            h.active = digit - 1
        elif step == _TRICKS_B or step == _TRICKS_D:
            return self.tricks(ev, digit)
        return True

    def tricks(self, ev, d):  # (a name the firmware interns anyway: no new one)
        """Key ``ev`` (``d`` its d) at a step of the tricks: True when it answers it."""
        h = self.h
        if self.step == _TRICKS_B:
            if ev == _HASH:
                tb = self.default_tricks()
            elif ev == _KEY_A:  # tricks: the d as it is, A ten (as on every screen)
                tb = 10
            elif 0 <= d <= 9:
                tb = d
            else:
                return _no(self.app, ev)
            t = h.tricks
            t[0] = t[1] = t[2] = t[3] = 0
            t[h.bidder] = tb
            if h.defense == ALONE:
                t[h.active] = 10 - tb
            else:  # the defenders' split until the next step says otherwise
                t[h.d1] = (11 - tb) // 2
                t[h.d2] = 10 - tb - t[h.d1]
        else:
            t = h.tricks
            rest = 10 - t[h.bidder]
            if ev == _KEY_A:  # (ten: the bidder took none)
                d = 10
            if ev == _HASH:
                d = t[h.d1] if t[h.d1] + t[h.d2] == rest else (rest + 1) // 2
            if not 0 <= d <= rest:
                return _no(self.app, ev)
            t[h.d1] = d
            t[h.d2] = rest - d
        return True

    def default_tricks(self):
        """The bidder's tricks that # takes: as entered before (an edit, or coming back), else the level."""
        h = self.h
        t = h.tricks
        return t[h.bidder] if t[0] + t[1] + t[2] + t[3] == 10 else h.contract // 5 + 6

    # --- drawing -------------------------------------------------------------------

    def draw(self, ui):
        g = self.g
        h = self.h
        t = ui.t
        step = self.step
        ui.title("%s %d" % (t[_T_HAND], self.number or self.app.number()))
        if h.kind != PASS and step != _BIDDER:
            ui.at(fitted(self.app.short, describe(t, g, h, step), 16), 0, 1)
        if step == _BIDDER:
            ui.at(t[_T_BIDDER], 0, 2)
            for s in range(g.n):
                if not (g.n == 4 and s == h.dealer):
                    ui.at("%d %s" % (s + 1, cut(g.players, s, 14)), 0, 3 + s)
            ui.hint("0 " + t[_T_PASSED])
        elif step == _LEVEL:
            ui.at(t[_T_LEVEL], 0, 2)
            ui.at(t[_T_HINT_LEVEL], 0, 3)
            if g.tentative_bid:
                ui.at(t[_T_THROW_KEY], 0, 5)
        elif step == _SUIT:
            ui.at(t[_T_SUIT], 0, 2)
            n = 5 if h.contract < 20 or g.ten_nt_value else 4  # one text (each its own: 0.5 ms on the pico-rig)
            ui.text(" ".join(["%d%s" % (i + 1, t[_T_SUITS][i]) for i in range(n)]), 0, 32)
        elif step == _DEFENSE:
            ui.at(t[_T_DEFENSE], 0, 2)
            for i in range(4):
                ui.at("%d %s" % (i + 1, t[_T_DEFENSES][i]), 0, 3 + i, i == h.defense)
        elif step == _ACTIVE:
            ui.at(t[_T_ACTIVE], 0, 2)
            for s in (h.d1, h.d2):
                ui.at("%d %s" % (s + 1, cut(g.players, s, 14)), 0, 3 + (s == h.d2), s == h.active)
        elif step == _TRICKS_B:
            ui.at(t[_T_TRICKS_BIDDER], 0, 2)
            ui.at(self.app.short[h.bidder], 0, 3)
            ui.at("0-9 A=10 #=%d" % self.default_tricks(), 0, 4)
        elif step == _TRICKS_D:
            ui.at("%s %s?" % (t[_T_TRICKS_D1], cut(self.app.short, h.d1, 14 - len(t[_T_TRICKS_D1]))), 0, 2)
            tr = h.tricks
            rest = 10 - tr[h.bidder]
            d = tr[h.d1] if tr[h.d1] + tr[h.d2] == rest else (rest + 1) // 2
            ui.at("%s #=%d" % ("0-9 A=10" if rest == 10 else "0-%d" % rest, d), 0, 3)
        else:
            self.draw_summary(ui)
            return
        ui.hint(t[_T_HINT_STEP] if step != _BIDDER else "0 " + t[_T_PASSED])

    def draw_summary(self, ui):
        g = self.g
        t = ui.t
        if self.h.kind == PASS:
            ui.at(t[_T_PASSED], 0, 1)
        b = self.preview(ui)  # (the pouches, chips, pair ledger it changes; or the refusal drawn)
        n = g.n
        if b is not None:
            # who pays whom (the pair ledger's changes), then the pouches that change; then whether the
            # hand ends the game (the change's last figure), on a row kept for it
            over = b[len(b) - 1]
            last = (5 if self.h.kind == PLAY and g.aces_mode else 6) - over  # the rows there is room for
            row = 2
            for i in range(n):
                for j in range(n):
                    owed = b[2 * n + i * n + j]  # what j now owes i more
                    if owed > 0 and row <= last:  # the names cut to leave the figure its room, told apart
                        w = min(6, (15 - len(t[_T_PAYS]) - len(str(owed))) // 2)
                        names = self.app.short
                        ui.at("%s%s%s" % (cut(names, j, w), t[_T_PAYS], cut(names, i, w)), 0, row)
                        ui.right(str(owed), 128, row)
                        row += 1
            for s in range(n):
                if b[s] and row <= last:
                    w = 14 - len(t[_T_POUCH]) - len(signed(b[s]))
                    ui.at("%s %s" % (cut(self.app.short, s, w), t[_T_POUCH]), 0, row)
                    ui.right(signed(b[s]), 128, row)
                    row += 1
            if over:
                ui.at(ends(self.app), 0, row)
        if self.h.kind == PLAY and g.aces_mode:
            ui.hint(t[_T_ACES_KEY], 6)
        ui.hint(t[_T_HINT_SAVE])


def describe(t, g, h, step=_SUMMARY):
    """One line for a hand: bidder, contract, defense and tricks as far as they are known."""
    if h.kind == PASS:
        return t[_T_PASSED]
    s = g.players[h.bidder]
    if len(s) > 6:  # its abbreviation, as every screen shows it (kitapi.app.names; App.short)
        from kitapi.app.names import short

        s = short(g.players)[h.bidder]
    if h.kind == THROW:
        return "%s %s" % (s, t[_T_THROWN])
    if step <= _LEVEL:
        return s
    level = h.contract // 5 + 6
    s = "%s %d%s" % (s, level, t[_T_SUITS][h.contract % 5] if step > _SUIT else "")
    if h.aces:
        s += "!"
    if step <= _DEFENSE:
        return s
    if h.defense == NONE:  # (both defenders out: the bidder wins unplayed, not "-", which reads as a loss)
        return s + " \u2713"
    if step > _TRICKS_B:
        tb = h.tricks[h.bidder]
        s += " =" if tb == level else " %+d" % (tb - level)
    return s
