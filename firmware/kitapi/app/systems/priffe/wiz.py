"""Entering a Swedish Priffe hand (kitapi.rules.priffe): the wizard.

Steps: declarer (a seat 1-4; 0 a forced Noll, which has none), contract
(1 Play, 2 Noll, 3 Hearts, 4 Diamonds), the tricks of the declarer's team
(the dealer's in a forced Noll: 0-9, A-D 10-13), honours (0 none, 1 three in
one hand, 2 three and one with the partner, 3 four in one hand), who held
them (1-4), summary.  # takes the likeliest answer: Play, the contract won
by one (7 tricks; 6 in a Noll or a forced Noll), no honours, the declarer
(in a forced Noll the dealer) holding them; * goes back.  The commonest
hand, Play won with 7 tricks and no honours, takes 5 keys from the home
screen: declarer, #, #, #, # (save).  The dealer is not asked: the core's
(kitapi.rules.priffe.Priffe.next_dealer).

The summary shows what the hand changes before it is saved: each team's
points in the rubber, and its trick points and games after it; when the
hand ends the rubber, each player's individual points.  A hand edited from
the hands list is previewed against the game as it stood before it: the
summary it showed when it was new.
The texts are App.pt("priffe") (kitapi.app.systems.priffe.lang_xx).
"""

from kitapi.app.shell import wizard_key, wizard_preview
from kitapi.app.ui import cut, fitted

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
_T_HINT_STEP = const(25)
_T_HINT_SAVE = const(26)

# its family's texts it shows: their places in the table (kitapi.app.systems.priffe.lang_<language>.T)
_F_DECLARER = const(0)
_F_HINT_FORCED = const(1)
_F_CONTRACT = const(2)
_F_CONTRACTS = const(3)
_F_TRICKS = const(4)
_F_HINT_TRICKS = const(5)
_F_HONOURS = const(6)
_F_HONOUR_NAMES = const(7)
_F_HOLDER = const(8)
_F_RUBBER_OVER = const(9)
_F_TP = const(10)
_F_GAMES = const(11)
_F_ENDS = const(15)
_F_LEGEND = const(16)
_F_HINT_LEGEND = const(17)

_DECLARER = const(0)
_CONTRACT = const(1)
_TRICKS = const(2)
_HONOURS = const(3)
_HOLDER = const(4)
_SUMMARY = const(5)
_NOLL = const(1)  # kitapi.rules.priffe's contracts
_FORCED = const(4)


def _no(app, ev):
    """Key ``ev`` does nothing at the step shown: said on the screen until the next key (kitapi.app.nokey,
    imported for it and let go); None, the step stays."""
    from kitapi.app.nokey import key

    key(app, ev)


class PriffeWizard:
    """The steps, and what a key does at each; * back, # saving and the preview are the shell's
    (kitapi.app.shell: wizard_key, wizard_preview)."""

    long_keys = b"\x0e"  # the keys with a long meaning here: * (leave the hand)
    key = wizard_key
    preview = wizard_preview

    def __init__(self, app, declarer=0, number=0, hand=None):
        """A new hand (``declarer``: a seat, or -1 a forced Noll), or hand ``number`` to edit."""
        self.app = app
        g = self.g = app.store.check_fix(None, number) if number else app.g  # an edit: the game before the hand
        self.number = number
        h = self.h = type(g.hand)() if hand is None else hand  # the rules' own (an edit: the hands list's)
        self.error = ""
        self.typed = hand is not None  # the tricks were given (an edit): # keeps them
        self.legend = False  # the summary's 0: its codes spelled out, until * (or 0) again
        self.step = _SUMMARY
        if hand is not None:
            return
        h.dealer = app.next_dealer()
        self.step = _DECLARER
        self.key(declarer + 1)

    def steps(self):
        """The steps of the hand as it stands: a bit a step (kitapi.app.shell)."""
        h = self.h
        seq = 1 << _DECLARER | 1 << _TRICKS | 1 << _HONOURS | 1 << _SUMMARY
        if h.contract != _FORCED:
            seq |= 1 << _CONTRACT
        return seq | 1 << _HOLDER if h.honours else seq

    def answer(self, ev):
        """Key ``ev`` at the step shown: True when it answers it (the shell moves on; the summary's keys
        but # do nothing)."""
        h = self.h
        step = self.step
        if ev == _STAR:  # (no step of several questions: the shell goes back)
            if self.legend:  # the summary's legend: back to the summary
                self.legend = False
                return True
            return None
        if step == _SUMMARY:  # 0: the legend of its codes; any key (# saves) leaves it; # is the shell's
            if ev == 0 or self.legend:
                self.legend = ev == 0 and not self.legend
                return None
            return _no(self.app, ev)
        if step == _DECLARER:
            if ev == 0:
                h.contract = _FORCED
                h.declarer = 0
            elif 1 <= ev <= 4:
                if h.contract == _FORCED:
                    h.contract = 0
                h.declarer = ev - 1
            else:
                return _no(self.app, ev)
        elif step == _CONTRACT:
            if 1 <= ev <= 4:
                h.contract = ev - 1
            elif ev != _HASH:
                return _no(self.app, ev)
        elif step == _TRICKS:
            if ev == _HASH:
                if not self.typed:
                    h.tricks = 6 if h.contract == _NOLL or h.contract == _FORCED else 7
            elif ev < 10:
                h.tricks = ev
            elif _KEY_A <= ev <= _KEY_D:
                h.tricks = 10 + ev - _KEY_A
            else:
                return _no(self.app, ev)
            self.typed = True
        elif step == _HONOURS:
            if ev <= 3:
                if ev and not h.honours:
                    h.holder = h.dealer if h.contract == _FORCED else h.declarer
                h.honours = ev
                if not ev:
                    h.holder = 0
            elif ev != _HASH:
                return _no(self.app, ev)
        elif step == _HOLDER:
            if 1 <= ev <= 4:
                h.holder = ev - 1
            elif ev != _HASH:
                return _no(self.app, ev)
        return True

    def draw(self, ui):
        g = self.g
        h = self.h
        app = self.app
        p = app.pt("priffe")
        step = self.step
        ui.title("%s %d" % (ui.t[_T_HAND], self.number or self.app.number()))
        if step > _DECLARER:
            ui.at(fitted(app.short, app.sys.describe(app, g, h, step), 16), 0, 1)  # (its family's: app.sys)
        if step == _DECLARER:
            ui.at(p[_F_DECLARER], 0, 2)
            for s in range(4):
                ui.at("%d %s" % (s + 1, cut(g.players, s, 14)), 0, 3 + s)
            ui.hint(p[_F_HINT_FORCED])
            return
        if step == _CONTRACT:
            ui.at(p[_F_CONTRACT], 0, 2)
            for i in range(4):
                ui.at("%d %s" % (i + 1, p[_F_CONTRACTS][i]), 0, 3 + i, i == h.contract)
        elif step == _TRICKS:
            ui.at(p[_F_TRICKS], 0, 2)
            who = h.dealer if h.contract == _FORCED else h.declarer
            ui.at(app.sys.pair(g, g.side[who]), 0, 3)  # (an edit's game is the one before the hand: its teams)
            ui.at(p[_F_HINT_TRICKS], 0, 5)
        elif step == _HONOURS:
            ui.at(p[_F_HONOURS], 0, 2)
            for i in range(4):
                ui.at("%d %s" % (i, p[_F_HONOUR_NAMES][i]), 0, 3 + i, i == h.honours)
        elif step == _HOLDER:
            ui.at(p[_F_HOLDER], 0, 2)
            for s in range(4):
                ui.at("%d %s" % (s + 1, cut(g.players, s, 14)), 0, 3 + s, s == h.holder)
        else:  # the summary
            if self.legend:  # its codes spelled out, under the hand's line
                for i in range(3):
                    ui.at(p[_F_LEGEND][i], 0, 2 + i)
                ui.hint(p[_F_HINT_LEGEND])
                return
            ui.text("0:?", 104, 0, True)  # on the title bar: 0 spells out the codes (the legend)
            ui.hint(ui.t[_T_HINT_SAVE])
            # what the hand changes in below, games, points, individual, order, side (18 ints), then prev,
            # lead, rubbers (an edit: against the game before the hand, as when it was new); or the refusal
            b = self.preview(ui)
            if b is None:
                return
            from kitapi.app.ui import signed  # (here: no name in the module)

            if b[20]:  # the rubber is over (the last: the hand ends the game), each player's individual points
                ui.at(p[_F_ENDS] if b[21] else p[_F_RUBBER_OVER], 0, 2)
                for s in range(4):
                    ui.at(app.short[s], 0, 3 + s)
                    ui.right(signed(b[6 + s]), 128, 3 + s)
                return
            for k in (0, 1):  # each team: the points it gets; its trick points and games after the hand
                v = signed(b[4 + k])
                ui.at("%s %s" % ("AB"[k], app.sys.pair(g, k, 13 - len(v))), 0, 2 + 2 * k)
                ui.right(v, 128, 2 + 2 * k)
                ui.at("%s %d  %s %d" % (p[_F_TP], g.below[k] + b[k], p[_F_GAMES], g.games[k] + b[2 + k]), 2, 3 + 2 * k)
            return
        ui.hint(ui.t[_T_HINT_STEP])
