"""Entering a Russian Preferans hand (sochi, leningrad, rostov): the wizard, and one line per hand.

Steps: soloist (0 all-pass, A misdeal), level (6-9, 0=10, A misere), trump,
(Rostov's widow), the defenders' words, (the soloist's tricks), (defender 1's
tricks), summary.  The words are one step, one key: 1 both whist, 2 defender 1
whists, 3 defender 2 whists, 4 both pass, 5 defender 2 half-whists (and it
stood), 6 defender 1 half-whists (option half_whist_first), 7/8 the 4-player
dealer whists with defender 1's/2's hand; B resigns (option resign).  # takes
the likeliest answer (6, spades, one whister, made exactly); * goes back.  The
commonest hand, one whister and made exactly, takes 6 keys from the home
screen: soloist, level, trump, 2, #, # (save); both whisting takes 7.

When the split of the defenders' tricks cannot change the score (one whister,
a misere, a 10 without whisting), the device writes them all on the whisting
hand (or defender 1's), so it asks only for the soloist's tricks.  A in the
summary toggles "played open" (recorded, not scored).

An all-pass asks each player's tricks in turn (A = 10), each offered what
the players before him left; the last is what is left, and once none are
left the rest are not asked.  Defender 1's tricks are not asked when the
soloist took all ten; a key that does nothing on a step is said.  The
summary shows what the hand changes: pool (P), hill (H) and the whists each
player writes (W), before it is saved; the hand is on flash before the
screen says so.
"""

from kitapi.app.shell import wizard_key, wizard_preview
from kitapi.app.ui import cut, fitted

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the rules' constants it uses, as constants here: no names in the module
_PLAY = const(0)  # kitapi.rules.preferans.PLAY
_KIND_ALLPASS = const(1)  # kitapi.rules.preferans.ALLPASS
_RESIGN = const(2)  # kitapi.rules.preferans.RESIGN
_MISDEAL = const(3)  # kitapi.rules.preferans.MISDEAL
_WHIST = const(0)  # kitapi.rules.preferans.WHIST
_PASS = const(1)  # kitapi.rules.preferans.PASS
_HALF = const(2)  # kitapi.rules.preferans.HALF
_MISERE = const(25)  # kitapi.rules.preferans.MISERE
_REFUSED = const(5)  # kitapi.rules.preferans.REFUSED
# the keys (kitapi.keys), as constants here: no names in the module
_HASH = const(15)  # kitapi.keys.HASH
_KEY_A = const(10)  # kitapi.keys.KEY_A
_KEY_B = const(11)  # kitapi.keys.KEY_B
_LONG = const(16)  # kitapi.keys.LONG
_STAR = const(14)  # kitapi.keys.STAR

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HAND = const(1)
_T_SUIT = const(14)
_T_SUITS = const(15)
_T_TRICKS_D1 = const(20)
_T_HINT_STEP = const(25)
_T_HINT_SAVE = const(26)

# its family's texts it shows: their places in the table (kitapi.app.systems.preferans.lang_<language>.T)
_P_SUITS = const(0)
_P_SOLOIST = const(7)
_P_HINT_SOLOIST = const(8)
_P_CONTRACT = const(9)
_P_MISERE_KEY = const(10)
_P_MISERE = const(11)
_P_TRICKS_OF = const(12)
_P_WIDOW = const(13)
_P_WIDOW_Q = const(14)
_P_WIDOW_KEYS = const(15)
_P_WIDOW_KEYS2 = const(16)
_P_HINT_RESIGN = const(17)
_P_TRICKS_SOLOIST = const(18)
_P_DEALER_WORD = const(19)
_P_BOTH_WHIST = const(20)
_P_BOTH_PASS = const(21)
_P_HALF_WORD = const(22)
_P_WHISTS_WORD = const(23)
_P_CODES = const(24)
_P_HINT_SAVE_OPEN = const(25)
_P_MISDEAL = const(26)
_P_ALLPASS = const(27)
_P_RESIGNED = const(28)
_P_BALKAN_BIDS = const(32)
_P_BALKAN_GAME_KEY = const(33)
_P_BETTLER = const(34)
_P_ENDS = const(35)
_P_LEGEND = const(36)
_P_HINT_LEGEND = const(37)

_SOLOIST = const(0)
_LEVEL = const(1)
_SUIT = const(2)
_WIDOW = const(3)
_WORDS = const(4)
_TRICKS_S = const(5)
_TRICKS_D = const(6)
_ALLPASS = const(7)
_SUMMARY = const(8)

# the words step's keys: (w1, w2, dealer_whist)
_CHOICES = ((_WHIST, _WHIST, -1), (_WHIST, _PASS, -1), (_PASS, _WHIST, -1), (_PASS, _PASS, -1), (_PASS, _HALF, -1),
            (_HALF, _PASS, -1), (_PASS, _PASS, 0), (_PASS, _PASS, 1))  # fmt: skip


def _no(app, ev):
    """Key ``ev`` does nothing at the step shown: said on the screen until the next key (kitapi.app.nokey,
    imported for it and let go); None, the step stays."""
    from kitapi.app.nokey import key

    key(app, ev)


class PrefWizard:
    """The steps, and what a key does at each; * back, # saving and the preview are the shell's
    (kitapi.app.shell: wizard_key, wizard_preview), but * within the all-pass's questions."""

    key = wizard_key
    preview = wizard_preview

    @property
    def long_keys(self):
        """The keys with a long meaning at the step shown, which wait for their release or the long time (App.run):
        * (leave the hand); A only at the bid's level where a long A is a misere without the widow (option
        misere_hand): else A acts on its press (a misdeal, ten tricks, the cards open), 80 ms sooner."""
        g = self.g
        return b"\x0a\x0e" if self.step == _LEVEL and g.misere_hand and not g.NUMBERED else b"\x0e"

    def __init__(self, app, soloist=-2, number=0, hand=None):
        """A new hand (``soloist``: a seat, -1 an all-pass, -2 ask), or hand ``number`` to edit."""
        self.app = app
        g = self.g = app.store.check_fix(None, number) if number else app.g  # an edit: the game before the hand
        self.number = number
        h = self.h = type(g.hand)() if hand is None else hand  # the rules' own (Balkan's has the Game flag)
        self.error = ""
        self.legend = False  # the summary's 0: its codes spelled out, until * (or 0) again
        self.k = 0  # the all-pass step: the index in self.order of the player asked
        self.order = b""  # the seats that hold cards in an all-pass
        if hand is not None:
            g.defenders(h)
            self.step = _SUMMARY
            return
        h.dealer = app.next_dealer()
        h.contract = g.NUMBERED[0] if g.NUMBERED else (g.min_level() - 6) * 5
        self.step = _SOLOIST
        if soloist == -1:
            self._allpass_start()
        elif soloist >= 0:
            self.key(soloist + 1)

    def _allpass_start(self):
        g = self.g
        h = self.h
        h.kind = _KIND_ALLPASS
        t = h.tricks
        t[0] = t[1] = t[2] = t[3] = 0
        # every seat, but the 4-player dealer only with a widow (Sochi, Leningrad: he owns it)
        order = b""
        for s in range(g.n):
            if not (g.n == 4 and s == h.dealer and g.ALLPASS_KIND == 2):
                order += bytes((s,))
        self.order = order
        self.k = 0
        self.step = _ALLPASS

    def steps(self):
        """The steps of the hand as it stands: a bit a step (kitapi.app.shell; the all-pass is off
        the list)."""
        g = self.g
        h = self.h
        if h.kind == _MISDEAL or h.kind == _KIND_ALLPASS:
            return 1 << _SOLOIST | 1 << _SUMMARY
        seq = 1 << _SOLOIST | 1 << _LEVEL | 1 << _SUMMARY
        # a numbered contract (Balkan's 2-7) is named in one step (no trump step); a misere has no trump
        if not (g.NUMBERED or g.is_misere(h)):
            seq |= 1 << _SUIT
        if getattr(g, "widow_points", False):
            seq |= 1 << _WIDOW
        if h.kind == _RESIGN:
            return seq | 1 << _WORDS
        if g.requirement(h.contract):
            seq |= 1 << _WORDS
            if not g.played(h):
                return seq
        seq |= 1 << _TRICKS_S
        if h.w1 == _WHIST and h.w2 == _WHIST and h.tricks[h.soloist] < 10:  # (all ten his: 0-0 for each, not asked)
            seq |= 1 << _TRICKS_D
        return seq

    # --- keys --------------------------------------------------------------------

    def answer(self, ev):
        """Key ``ev`` at the step shown: True when it answers it (the shell moves on); * True when it is
        taken here (the all-pass's question before; from its first, the shell goes to the first step: the
        all-pass is off the steps' list)."""
        g = self.g
        h = self.h
        step = self.step
        if ev == _STAR:
            if self.legend:  # the legend, back to the summary
                self.legend = False
                return True
            if step == _ALLPASS and self.k:
                self.k -= 1
                return True
            return None
        if step == _SUMMARY:
            if ev == 0 or self.legend:  # 0: the legend of the summary's codes; any key (# saves) leaves it
                self.legend = ev == 0 and not self.legend
                return None
            if ev == _KEY_A and h.open >= 0:
                h.open ^= 1
                return None
            return _no(self.app, ev)
        digit = ev if ev < 10 else -1
        n = g.n
        if step == _SOLOIST:
            if digit == 0:
                self._allpass_start()
                return None
            if ev == _KEY_A:
                h.kind = _MISDEAL
                self.step = _SUMMARY
                return None
            if not (1 <= digit <= n) or (n == 4 and digit - 1 == h.dealer):
                return _no(self.app, ev)
            h.kind = _PLAY
            h.soloist = digit - 1
            g.defenders(h)
        elif step == _ALLPASS:
            t = h.tricks
            seat = self.order[self.k]
            if ev == _KEY_A:
                digit = 10
            most = self._most()
            if ev == _HASH:
                digit = min(t[seat], most)
            if not 0 <= digit <= most:  # (more than the others left him)
                return _no(self.app, ev)
            t[seat] = digit
            self.k += 1
            left = self._most(False)
            if left and self.k < (len(self.order) if n == 2 else len(self.order) - 1):  # all but the last (Hussar:
                return None  # both); nobody once none are left (0-0, the one answer)
            for i in range(self.k, len(self.order)):  # the last player takes what is left, the others none
                t[self.order[i]] = left if i == self.k and n > 2 else 0
            self.step = _SUMMARY
            return None
        elif step == _LEVEL or step == _SUIT or step == _WIDOW:
            return self.level(ev, digit)
        elif step == _WORDS:
            if ev == _KEY_B and g.resign:
                h.kind = _RESIGN
                h.w1 = h.w2 = h.dealer_whist = h.open = -1
                self.step = _SUMMARY
                return None
            if ev == _HASH:
                digit = 2
            if not 1 <= digit <= len(_CHOICES) or not self.allowed(digit - 1):
                return _no(self.app, ev)
            h.kind = _PLAY
            h.w1, h.w2, h.dealer_whist = _CHOICES[digit - 1]
            if n == 2:
                h.w2 = -1
            whisters = (h.w1 == _WHIST) + (h.w2 == _WHIST)
            h.open = 0 if n > 2 and whisters == 1 and h.dealer_whist < 0 else -1
        elif step == _TRICKS_S or step == _TRICKS_D:
            return self.tricks(ev, digit)
        return True

    def level(self, ev, d):  # (a name the firmware interns anyway: no new one)
        """Key ``ev`` (``d`` its d) at a step of the contract (its level, trump or Rostov's widow): True
        when it answers it."""
        g = self.g
        h = self.h
        step = self.step
        if step == _LEVEL and g.NUMBERED:
            # the bid's number (Balkan's 2-7, 6 Bettler); A: the closed Game bid (no talon), on or off
            if ev == _KEY_A:
                h.game = not h.game
                return None
            if ev == _HASH:
                d = h.contract
            if not g.NUMBERED[0] <= d <= g.NUMBERED[1]:
                return _no(self.app, ev)
            h.contract = d
            if not g.requirement(d):
                h.w1 = h.w2 = -1
                h.dealer_whist = h.open = -1
        elif step == _LEVEL:
            level = h.contract // 5 + 6 if h.contract != _MISERE else 6
            if ev == _KEY_A or (ev == _KEY_A | _LONG and g.misere_hand):
                h.contract = _MISERE
                h.blind = ev != _KEY_A  # a long A: misere without the widow
                h.w1 = h.w2 = -1
                h.dealer_whist = h.open = -1
            else:
                if ev == _HASH:
                    d = level
                if d == 0:
                    d = 10
                if not g.min_level() <= d <= 10:
                    return _no(self.app, ev)
                h.contract = (d - 6) * 5 + (h.contract % 5 if h.contract != _MISERE else 0)
                h.blind = False
        elif step == _SUIT:
            if ev == _HASH:
                d = h.contract % 5 + 1
            if not 1 <= d <= 5:
                return _no(self.app, ev)
            h.contract = h.contract // 5 * 5 + d - 1
            if not g.requirement(h.contract):
                h.w1 = h.w2 = -1
                h.dealer_whist = h.open = -1
        else:
            if ev == _HASH:
                d = h.widow
            if not 0 <= d <= _REFUSED:
                return _no(self.app, ev)
            h.widow = d
        return True

    def tricks(self, ev, d):  # (a name the firmware interns anyway: no new one)
        """Key ``ev`` (``d`` its d) at a step of the tricks: True when it answers it."""
        g = self.g
        h = self.h
        if self.step == _TRICKS_S:
            if ev == _HASH:
                ts = 0 if g.is_misere(h) else g.needed(h)  # (# takes: none in a misere, else what it needs)
            elif ev == _KEY_A:  # tricks: the d as it is, A ten (as on every screen)
                ts = 10
            elif 0 <= d <= 9:
                ts = d
            else:
                return _no(self.app, ev)
            t = h.tricks
            t[0] = t[1] = t[2] = t[3] = 0
            t[h.soloist] = ts
            rest = 10 - ts
            if h.dealer_whist >= 0:
                t[h.dealer] = rest
            elif h.w1 == _WHIST and h.w2 == _WHIST:
                t[h.d1] = (rest + 1) // 2  # until the next step says otherwise
                t[h.d2] = rest - t[h.d1]
            elif h.w2 == _WHIST:
                t[h.d2] = rest
            else:
                t[h.d1] = rest
            if g.n == 2:
                t[h.d1] = rest
        else:
            t = h.tricks
            rest = 10 - t[h.soloist]
            if ev == _KEY_A:  # (ten: the soloist took none)
                d = 10
            if ev == _HASH:
                d = t[h.d1]
            if not 0 <= d <= rest:
                return _no(self.app, ev)
            t[h.d1] = d
            t[h.d2] = rest - d
        return True

    def _most(self, widow=True):
        """The all-pass's player asked (``k``): the most tricks he can have, what the players before him
        left (with ``widow``, 2 at most for the 4-player dealer who has the widow's)."""
        h = self.h
        left = 10
        for i in range(self.k):
            left -= h.tricks[self.order[i]]
        if widow and self.g.n == 4 and self.order[self.k] == h.dealer:
            return min(2, left)
        return left

    def allowed(self, i):
        """Whether the words step's choice ``i`` is legal for this hand (the rest the core checks)."""
        g = self.g
        h = self.h
        w1, w2, dw = _CHOICES[i]
        if g.n == 2:
            return i == 1 or i == 3  # Hussar: the one defender whists or passes
        if dw >= 0:
            return g.n == 4
        if w1 == _HALF or w2 == _HALF:
            return g.half_whist and h.contract < 10 and (w2 == _HALF or g.half_whist_first)
        return True

    # --- drawing -------------------------------------------------------------------

    def draw(self, ui):
        g = self.g
        h = self.h
        t = ui.t
        p = self.app.pt("preferans")
        step = self.step
        keys = p[_P_HINT_SOLOIST].split("|") if step == _SOLOIST else [""]  # (two parts: the title's, the hint's)
        ui.title("%s %d" % (t[_T_HAND], self.number or self.app.number()), keys[0] if len(keys) > 1 else "")
        if step != _SOLOIST:
            ui.at(fitted(self.app.short, describe(p, g, h, step), 16), 0, 1)
        if step == _SOLOIST:
            ui.at(p[_P_SOLOIST], 0, 2)
            for s in range(g.n):
                if not (g.n == 4 and s == h.dealer):
                    ui.at("%d %s" % (s + 1, cut(g.players, s, 14)), 0, 3 + s)
            ui.hint(keys[-1])
            return
        if step == _ALLPASS:
            ui.at(p[_P_TRICKS_OF], 0, 2)
            seat = self.order[self.k]
            name = self.app.short[seat]
            if g.n == 4 and seat == h.dealer:
                name += " " + p[_P_WIDOW]
            ui.at(name, 0, 3)
            most = self._most()  # (what the players before him left)
            ui.at("%s #=%d" % ("0-9 A=10" if most == 10 else "0-%d" % most, min(h.tricks[seat], most)), 0, 4)
        elif step == _LEVEL and g.NUMBERED:
            ui.at(p[_P_CONTRACT], 0, 2)
            ui.at(p[_P_BALKAN_BIDS], 0, 3)
            ui.at(p[_P_BALKAN_GAME_KEY], 0, 4, bool(h.game))
        elif step == _LEVEL:
            ui.at(p[_P_CONTRACT], 0, 2)
            ui.at("%d-9, 0=10" % g.min_level(), 0, 3)
            ui.at(p[_P_MISERE_KEY], 0, 4)
        elif step == _SUIT:
            ui.at(t[_T_SUIT], 0, 2)
            ui.text(" ".join(["%d%s" % (i + 1, t[_T_SUITS][i]) for i in range(5)]), 0, 32)  # (one text: 0.5 ms a text)
        elif step == _WIDOW:
            ui.at(p[_P_WIDOW_Q], 0, 2)
            ui.at(p[_P_WIDOW_KEYS], 0, 3)
            ui.at(p[_P_WIDOW_KEYS2], 0, 4)
        elif step == _WORDS:
            row = 2
            for i in range(len(_CHOICES)):
                if self.allowed(i) and row < 7:
                    ui.at("%d %s" % (i + 1, self.choice_text(p, i)), 0, row, i == 1)  # light: what # takes
                    row += 1
            ui.hint(p[_P_HINT_RESIGN] if g.resign else t[_T_HINT_STEP])
            return
        elif step == _TRICKS_S:
            ui.at(p[_P_TRICKS_SOLOIST], 0, 2)
            ui.at("0-9 A=10 #=%d" % (0 if g.is_misere(h) else g.needed(h)), 0, 3)
        elif step == _TRICKS_D:
            ui.at("%s %s?" % (t[_T_TRICKS_D1], cut(self.app.short, h.d1, 14 - len(t[_T_TRICKS_D1]))), 0, 2)
            rest = 10 - h.tricks[h.soloist]
            ui.at("%s #=%d" % ("0-9 A=10" if rest == 10 else "0-%d" % rest, h.tricks[h.d1]), 0, 3)
        else:
            self.draw_summary(ui)
            return
        ui.hint(t[_T_HINT_STEP])

    def choice_text(self, p, i):
        """The words step's line ``i`` (after "N "): 14 characters at most."""
        h = self.h
        w1, w2, dw = _CHOICES[i]
        if dw >= 0:
            word = p[_P_DEALER_WORD]
            k = h.d1 if dw == 0 else h.d2
        elif w1 == w2:
            return p[_P_BOTH_WHIST] if w1 == _WHIST else p[_P_BOTH_PASS]
        else:
            word = p[_P_HALF_WORD] if _HALF in (w1, w2) else p[_P_WHISTS_WORD]
            k = h.d1 if w1 != _PASS else h.d2
        who = cut(self.app.short, k, max(1, 13 - len(word)))
        return "%s %s" % (word, who) if dw >= 0 else "%s %s" % (who, word)

    def draw_summary(self, ui):
        g = self.g
        t = ui.t
        p = self.app.pt("preferans")
        if self.legend:  # the codes of row 1 and of the rows below, spelled out
            for i in range(5):
                ui.at(p[_P_LEGEND][i], 0, 2 + i)
            ui.hint(p[_P_HINT_LEGEND])
            return
        ui.text("0:?", 104, 0, True)  # on the title bar: 0 spells out the codes (the legend)
        b = self.preview(ui)  # (pools, hills, whists, then the all-pass level; or the refusal drawn)
        n = g.n
        if b is not None:
            row = 2
            for s in range(n):
                written = 0
                for j in range(n):
                    written += b[2 * n + s * n + j]
                line = ""
                if b[s]:
                    line += " %s%+d" % (p[_P_CODES][0], b[s])
                if b[n + s]:
                    line += " %s%s" % (p[_P_CODES][1], half(b[n + s], True))
                if written:
                    line += " %s%s" % (p[_P_CODES][2], half(written, True))
                if line and row <= 6:
                    ui.at(cut(self.app.short, s, max(3, 16 - len(line))) + line, 0, row)
                    row += 1
            if row == 2:
                ui.at("-", 0, row)
                row += 1
            if b[len(b) - 1]:  # the hand ends the game (the pools full...): on the row after (n <= 4: room)
                ui.at(p[_P_ENDS], 0, row)
        if self.h.open != 1 or ui.note:  # (a refused key's words in its place: UI.hint)
            ui.hint(t[_T_HINT_SAVE] if self.h.open < 0 else p[_P_HINT_SAVE_OPEN])
            return
        s = p[_P_HINT_SAVE_OPEN]  # "#save A:open": A:open light while the hand is marked played open
        k = s.find("A:")
        ui.at(s[:k], 0, 7)
        ui.at(s[k:], k, 7, True)


def half(v2, sign=False):
    """A figure kept in halves, for the eye: 7, 3.5, +12, -0.5."""
    a = -v2 if v2 < 0 else v2
    s = str(a // 2) + (".5" if a % 2 else "")
    return "-" + s if v2 < 0 else "+" + s if sign else s


def describe(p, g, h, step=_SUMMARY):
    """One line for a hand: soloist, contract, words and tricks as far as they are known (``p``: the
    Preferans texts, App.pt("preferans"))."""
    if h.kind == _MISDEAL:
        return p[_P_MISDEAL]
    if h.kind == _KIND_ALLPASS:
        if step == _SUMMARY:
            return "%s %s" % (p[_P_ALLPASS], "-".join([str(h.tricks[i]) for i in range(g.n)]))
        return p[_P_ALLPASS]
    s = g.players[h.soloist]
    if len(s) > 6:  # its abbreviation, as every screen shows it (kitapi.app.names; App.short)
        from kitapi.app.names import short

        s = short(g.players)[h.soloist]
    if step <= _LEVEL:
        return s
    if g.NUMBERED:
        s += " " + (p[_P_BETTLER] if g.is_misere(h) else str(h.contract)) + ("G" if h.game else "")
    elif h.contract == _MISERE:
        s += " " + p[_P_MISERE]
    else:
        s += " %d%s" % (h.contract // 5 + 6, p[_P_SUITS][h.contract % 5] if step > _SUIT else "")
    if h.kind == _RESIGN:
        return s + " " + p[_P_RESIGNED]
    if step <= _WORDS:
        return s
    if h.w1 >= 0:
        c = p[_P_CODES]
        s += " " + c[3 + h.w1] + (c[3 + h.w2] if h.w2 >= 0 else "")
        if h.dealer_whist >= 0:
            s += c[6]  # (the dealer's whist: "d", Greek "μ", Russian "с")
    if step > _TRICKS_S and g.played(h):
        ts = h.tricks[h.soloist]
        if g.is_misere(h):
            s += " %d" % ts
        else:
            level = g.needed(h)
            s += " =" if ts == level else " %+d" % (ts - level)
    return s
