"""Swedish Priffe on the device (kitapi.rules.priffe): the screens of its own.

New game (kitapi.app.systems.priffe.options, imported only while a game is
started): 4 players; the number step is the rubbers of the evening (6);
the options step: 1 the points table (main, second), 2 slams in a Noll
(off, on), 3 the change of places (swap, cycle); a digit cycles its option.
The honour values (option ``honours``) are not set on the device: the
default, the second table's, is used.

The home screen: a row per player (seat, the next hand's dealer D or its
forehand >, name, team A or B, individual points), row 6 each team's trick
points towards the game and its games in the rubber:

    Hand 12        [battery]
    1D Ann      A  +12
    2> Bob      B  -12
    3  Cat      A  +12
    4  Dan      B  -12
    A 20/1     B 0/0
    A:log B:owe C:≡

A seat's digit (1-4) starts a hand with that declarer, 0 a forced Noll
(kitapi.app.systems.priffe.wiz, imported when a hand is entered).  The dealer is not
asked: the player on the last dealer's left, or after a change of places
the one who stays put (the core's ``lead``).  The settlement squares the
individual points.  The texts are App.pt("priffe") (kitapi.app.systems.priffe.lang_xx).
"""

import sys

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_DEALER = const(8)
_T_ELDEST = const(9)

# its family's texts it shows: their places in the table (kitapi.app.systems.priffe.lang_<language>.T)
_F_CONTRACTS = const(3)
_F_ROW_CONTRACTS = const(18)

MODULES = ("app.systems.priffe", "app.systems.priffe.wiz", "app.systems.priffe.lang_en", "app.systems.priffe.lang_el",
           "app.systems.priffe.lang_ru", "rules.priffe",
           "rules.priffe_json")  # fmt: skip
_FORCED = const(4)  # kitapi.rules.priffe.FORCED
_LIST = const(6)  # the hands list's line (kitapi.app.history): the whole hand (past the wizard's summary step,
# 5), in 12 columns at the narrowest


# --- the new-game wizard ---------------------------------------------------------


def setup(ng):
    """The new-game wizard's rubbers and options steps: kitapi.app.systems.priffe.options."""
    from kitapi.app.systems.priffe import options

    ng.sys = options
    options.setup(ng)


# --- the home screen, the hands, the settlement ---------------------------------------


def draw_home(ui, app):
    m = sys.modules.get("kitapi.app.home")  # (the home screen's, loaded: an import a frame was 0.45 ms on the pico-rig)
    if m is None:
        from kitapi.app.home import player_row
    else:
        player_row = m.player_row
    g = app.g
    t = ui.t
    o = g.order
    dealer = app.next_dealer()
    forehand = o[(o.index(dealer) + 1) % 4]
    chips = [(b"%+d" if v else b"%d") % v for v in g.individual]  # (bytes, as kitapi.app.ui.signed's: "+12", "0";
    wide = max([len(v) for v in chips])  # a string made costs a search of the interned ones, 0.13 ms on the pico-rig)
    for s in range(4):
        mark = "" if g.over else t[_T_DEALER] if s == dealer else t[_T_ELDEST] if s == forehand else ""
        player_row(ui, 2 + s, s, app.short, mark, "B" if g.side[s] else "A", chips[s], wide)
    for k in range(2):  # each team's: "A 20/1" at the left, "B 0/0" at the right (framebuf's font, as UI.text's)
        b = b"%c %d/%d" % (65 + k, g.below[k], g.games[k])  # (65: A)
        x = k * (128 - (len(b) << 3))
        if ui.trace:  # (the simulator's)
            ui.trace(x, 48, b.decode())
        ui.fb.text(b, x, 48, 1)


def key_home(app, ev):
    """A seat's digit starts a hand with that declarer, 0 a forced Noll."""
    if ev <= 4:
        from kitapi.app.systems.priffe.wiz import PriffeWizard

        return PriffeWizard(app, ev - 1)
    return None


def pair(g, k, w=16):
    """The two players of partnership ``k`` in ``w`` characters: "Ann/Cat"."""
    from kitapi.app.ui import cut

    names = g.players
    for a in names:
        if len(a) > 6:  # their abbreviations, as every screen shows them (kitapi.app.names; App.short)
            from kitapi.app.names import short

            names = short(names)
            break
    s = [cut(names, i, (w - 1) // 2) for i in range(4) if g.side[i] == k]
    return "%s/%s" % (s[0], s[1])


def describe(app, g, h, step=_LIST):
    """One line for a hand: the declarer (or the forced Noll), contract, tricks, * with honours; as far
    as the wizard's ``step`` knows it (in 16 columns), or on the hands list (12 at the narrowest).  A contract
    whose word leaves no room is said shorter (ROW_CONTRACTS: "ΣΑ", "♥"), or not at all, never cut ("Παιχ."),
    the declarer's name made to fit first (kitapi.app.fitline: 4 letters at least)."""
    p = app.pt("priffe")
    s = "" if h.contract == _FORCED else app.short[h.declarer]
    if s and step < 2:
        return s
    end = " %d" % h.tricks if step > 2 else ""
    if h.honours and step > 3:
        end += "*"
    room = (12 if step == _LIST else 16) - min(len(s), 4) - len(end)  # (the name made to fit: 4 letters)
    word = p[_F_CONTRACTS][h.contract]
    if len(word) + (1 if s else 0) > room:
        word = p[_F_ROW_CONTRACTS].split("|")[h.contract]
        if len(word) + (1 if s else 0) > room:  # (a Noll's 13 and honours on a deleted hand's row: no room
            word = ""  # for "Noll" either: less said, the hand whole on its summary, # on the row)
    return (s + " " if s and word else s) + word + end


def edit(app, number, h):
    from kitapi.app.systems.priffe.wiz import PriffeWizard

    return PriffeWizard(app, number=number, hand=h)


def transfers(g):
    """Who pays whom: the individual points."""
    from kitapi.settle import settle

    return [(a, b, str(c)) for a, b, c in settle(g.individual)]
