"""The kasa game's hands (kitapi.app.systems.kasa): Prefa's wizard with the kasa's summary, and the top-up."""

from kitapi.app.shell import wizard_preview
from kitapi.app.systems.prefa.wiz import HandWizard, ends
from kitapi.app.ui import signed
from kitapi.rules.prefa import PASS, PLAY

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the keys (kitapi.keys), as constants here: no names in the module
_HASH = const(15)  # kitapi.keys.HASH
_LONG = const(16)  # kitapi.keys.LONG
_STAR = const(14)  # kitapi.keys.STAR

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HAND = const(1)
_T_PASSED = const(21)
_T_ACES_KEY = const(24)
_T_HINT_STEP = const(25)
_T_HINT_SAVE = const(26)

# its family's texts it shows: their places in the table (kitapi.app.systems.kasa.lang_<language>.T)
_K_KASA = const(1)
_K_TOPUP = const(5)
_K_TOPUP_Q = const(6)

_TOPUP = const(3)  # kitapi.rules.prefa_kasa.TOPUP, the hand kind of a top-up
_MAX_TOPUP = const(100000)


def _draw_change(ui, w, first, last=6):
    """The preview's change (Wizard.preview: the nets' and the kasa's, n + 1 ints, then whether the hand ends
    the game) from row ``first`` to ``last``: the kasa, then each player's net that changes, then "Ends the game" (the
    kasa emptied) on a row kept for it."""
    n = w.g.n
    b = w.preview(ui)
    if b is None:  # (the refusal, drawn)
        return
    ui.at(w.app.pt("kasa")[_K_KASA], 0, first)
    ui.right(signed(b[n]), 128, first)
    row = first + 1
    over = b[n + 1]
    for s in range(n):
        if b[s] and row <= last - over:
            ui.at(w.app.short[s], 0, row)
            ui.right(signed(b[s]), 128, row)
            row += 1
    if over:
        ui.at(ends(w.app), 0, row)


class KasaWizard(HandWizard):
    """Prefa's hand wizard; its summary shows the kasa's change and the nets'."""

    def draw_summary(self, ui):
        t = ui.t
        if self.h.kind == PASS:
            ui.at(t[_T_PASSED], 0, 1)
        aces = self.h.kind == PLAY and self.g.aces_mode
        _draw_change(ui, self, 2, 5 if aces else 6)
        if aces:
            ui.hint(t[_T_ACES_KEY], 6)
        ui.hint(t[_T_HINT_SAVE])


class TopUp:
    """A top-up: every player adds the same amount to the kasa (digits, * deletes; # the amount each put
    in at the start if none is typed), then its change (# saves).  Its keys are its own; the title and the
    preview are the shell's (kitapi.app.shell: wizard_key, wizard_preview)."""

    long_keys = b"\x0e"  # the keys with a long meaning here: * (leave the hand)
    preview = wizard_preview

    def __init__(self, app, number=0, amount=0):
        self.app = app
        g = self.g = app.store.check_fix(None, number) if number else app.g  # an edit: the game before the hand
        self.number = number
        h = self.h = type(g.hand)()
        self.error = ""
        h.kind = _TOPUP
        h.topup = amount
        self.summary = number > 0

    def key(self, ev):
        h = self.h
        self.error = ""
        if ev == _STAR | _LONG:  # leave the top-up
            return self.app.home()
        if self.summary:
            if ev == _HASH:
                return self.app.save_hand(self)
            if ev == _STAR:
                self.summary = False
            else:  # (said until the next key: kitapi.app.nokey, imported for it and let go)
                from kitapi.app.nokey import key

                key(self.app, ev)
            return None
        if ev == _STAR:
            if not h.topup:
                return self.app.home()
            h.topup //= 10
        elif ev < 10 and h.topup * 10 + ev <= _MAX_TOPUP:
            h.topup = h.topup * 10 + ev
        elif ev == _HASH:
            if not h.topup:
                h.topup = self.g.header.get("options", {}).get("kasa", 500)
            self.summary = True
        else:  # a letter, or a digit past the most: said (kitapi.app.nokey)
            from kitapi.app.nokey import key

            key(self.app, ev)
        return None

    def draw(self, ui):
        g = self.g
        t = ui.t
        k = self.app.pt("kasa")
        ui.title("%s %d" % (t[_T_HAND], self.number or self.app.number()))
        if self.summary:
            ui.at("%s %d" % (k[_K_TOPUP], self.h.topup), 0, 1)
            _draw_change(ui, self, 2)
            ui.hint(t[_T_HINT_SAVE])
            return
        ui.at(k[_K_TOPUP_Q], 0, 2)
        ui.at("%s_" % (self.h.topup or ""), 0, 3)
        ui.at("%s %d" % (k[_K_KASA], g.kasa), 0, 5)
        ui.hint(t[_T_HINT_STEP])
