"""The pot games on the device: Austrian Préférence (kitapi.rules.preference_at), Illustrated
Préférence (preference_illustrated) and American Preference (preference_us).

New game: the number step is each player's starting chips (option ``chips``;
100, American 50); the options step cycles, a digit each: the ante, and
Austrian/Illustrated what both defenders dropping pays (``both_drop``),
Illustrated the declarer dropping above Preference (``high_drop``), American
the win and which chip bids stay in the pot (``chip_bids``).

The home screen: a row per player (seat, the next dealer's mark, name, stock,
and the stock less the starting chips), then the pot and its refills.  Keys:
a seat's digit starts a hand with that declarer (American: of a suit bid), 0
an all-pass (the dealer declares; American: a hand thrown in), American D the
chip-bidding round; the hand wizard is kitapi.app.systems.pot.wiz.  The settlement
squares each stock less the starting chips, the pot's chips shared equally
(the rules do not say whose they are at the end).
The texts are App.pt("pot") (kitapi.app.systems.pot.lang_xx).

    Hand 12        [battery]
    1D Anna     110  +10
    2> Babis     95   -5
    3  Costas    70  -30
    Pot 25     refill 1
    1-3 play 0 pass
    A:log B:owe C:≡
"""

from kitapi.app.ui import signed

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_KEY_D = const(13)  # kitapi.keys.KEY_D (a constant: no name in the module)

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_THROWN = const(22)
_T_HINT_STEP = const(25)

# its family's texts it shows: their places in the table (kitapi.app.systems.pot.lang_<language>.T)
_O_ANTE_HIGH = const(0)
_O_CHIPS_Q = const(1)
_O_AT_OPTIONS = const(2)
_O_US_OPTIONS = const(3)
_O_WORDS = const(4)
_O_POT = const(5)
_O_REFILL = const(6)
_O_HOME = const(8)
_O_HOME_US = const(9)
_OUTCOME_US = const(4)  # kitapi.rules.preference_us.PreferenceUs.OUTCOME: a suit or chips

MODULES = ("app.systems.pot", "app.systems.pot.wiz", "app.systems.pot.lang_en", "app.systems.pot.lang_el",
           "app.systems.pot.lang_ru", "rules.pot", "rules.preference_at",
           "rules.preference_at_json", "rules.preference_illustrated", "rules.preference_us",
           "rules.preference_us_json")  # fmt: skip
SEATS = "3"
# The options step, in the order of AT_OPTIONS / US_OPTIONS of the texts, with their choices (the first
# the default, left out of the header).  Austrian Préférence has the first two of _AT.
_AT = (("ante", (25, 10, 20, 30, 50)), ("both_drop", ("win", "nothing")), ("high_drop", ("three", "lost")))
_US = (("ante", (10, 5, 15, 20, 25)), ("win", (25, 10, 15, 20, 30, 50)), ("chip_bids", ("pot", "declarer")))
_WORDS = ("win", "nothing", "three", "lost", "pot", "declarer")  # shown as WORDS of the texts
# The suits as the cores number them: Austrian 1-4 C S D H, American 0-3 S C D H.
AT_SUITS = "-\u2663\u2660\u2666\u2665"
US_SUITS = "\u2660\u2663\u2666\u2665"


# --- the new-game wizard ---------------------------------------------------------


def setup(ng):
    """The options step's rows, ``ng.offered``, asked of the system's class, never of a rules id (a variant added
    to the registry offers its parent's): American's (its hands a suit or chips: OUTCOME), the Illustrated
    game's (it accepts the dropper's loss: its ``options``), or the Austrian's first two; and the chips."""
    from kitapi.app.newgame import declared

    if declared(ng.rules, "OUTCOME") == _OUTCOME_US:
        ng.offered = _US
    else:
        ng.offered = _AT if "high_drop" in (declared(ng.rules, "options") or ()) else _AT[:2]
    ng.pouch = 50 if ng.offered is _US else 100  # "100 or so"; "such as 50"


def size_name(ng):
    return ng.app.pt("pot")[_O_CHIPS_Q]


def draw_options(ui, ng):
    p = ng.app.pt("pot")
    c = ng.offered
    names = p[_O_US_OPTIONS] if c is _US else p[_O_AT_OPTIONS]
    for i in range(len(c)):
        v = c[i][1][ng.options[i]]
        ui.at("%d %s" % (i + 1, names[i]), 0, 1 + i)
        ui.right(str(v) if type(v) is int else p[_O_WORDS][_WORDS.index(v)], 128, 1 + i)
    ante = c[0][1][ng.options[0]]
    if ante > ng.pouch or (ante == ng.pouch and c is not _US):  # the core would refuse the game
        ui.at(p[_O_ANTE_HIGH], 0, 6)
    ui.hint(ui.t[_T_HINT_STEP])


def key_options(ng, ev):
    c = ng.offered
    if 1 <= ev <= len(c):
        ng.options[ev - 1] = (ng.options[ev - 1] + 1) % len(c[ev - 1][1])


def options(ng):
    o = {"chips": ng.pouch}  # type: dict[str, object]
    c = ng.offered
    for i in range(len(c)):
        if ng.options[i]:
            o[c[i][0]] = c[i][1][ng.options[i]]
    return o


# --- the home screen, the hands, the settlement ---------------------------------------


def draw_home(ui, app):
    from kitapi.app.home import player_row, seat_mark

    g = app.g
    p = app.pt("pot")
    chips = (g.pot + sum(g.stock)) // 3  # each player's starting chips: the pot and the stocks hold them all
    dealer = app.next_dealer()
    wide = max([len(signed(v - chips)) for v in g.stock])
    for s in range(3):
        v = g.stock[s]
        player_row(ui, 2 + s, s, app.short, seat_mark(ui.t, g, s, dealer), str(v), signed(v - chips), wide)
    line = "%s %d" % (p[_O_POT], g.pot)
    ui.at(line, 0, 5)
    if g.refills:
        r = "%s %d" % (p[_O_REFILL], g.refills)
        ui.right(r if len(line) + len(r) < 16 else str(g.refills), 128, 5)
    if not g.over:
        ui.hint(p[_O_HOME_US] if g.OUTCOME == _OUTCOME_US else p[_O_HOME], 6)


def key_home(app, ev):
    """A seat's digit: a hand with that declarer; 0 an all-pass (thrown in); American D: the chip bids."""
    if ev <= 3 or (ev == _KEY_D and app.g.OUTCOME == _OUTCOME_US):
        from kitapi.app.systems.pot.wiz import PotWizard

        return PotWizard(app, ev)
    return None


def describe(app, g, h, step=7):
    """A hand in one line, as far as the wizard's ``step`` (kitapi.app.systems.pot.wiz) knows it: declarer, bid
    (American: $ and his chip bid), trump, "x" and the seats that dropped, the declarer's tricks."""
    if g.OUTCOME == _OUTCOME_US:
        if h.kind == 2:
            return app.ui.t[_T_THROWN]
        s = app.short[h.declarer] if h.kind == 0 or step > 2 else ""
        if h.kind == 1:
            s += "$%d" % h.chips[h.declarer] if step > 2 else "$"
        if step > 3 and (h.kind == 0 or h.suit):
            s += " " + US_SUITS[h.suit - h.kind]  # (after chip bids: 1-4, 0 none)
    else:
        from kitapi.rules.preference_at import BIDS

        s = app.short[h.declarer]
        if step < 2:  # (asked now: no bid yet, not the first one's "1")
            return s
        s += " " + (BIDS[h.bid] if h.bid else "-")
        if step > 3 and h.trump:
            s += AT_SUITS[h.trump]
        if step > 4 and h.drop:
            s += " x" + "".join([str(i + 1) for i in range(3) if h.drop >> i & 1])
        if step > 5 and (h.drop >> h.declarer & 1 or h.drop | 1 << h.declarer == 7):
            return s  # no play
    if step > 5:
        s += " %d" % (h.tricks if type(h.tricks) is int else h.tricks[h.declarer])
    return s


def edit(app, number, h):
    from kitapi.app.systems.pot.wiz import PotWizard

    return PotWizard(app, -1, number, h)


def transfers(g):
    """Who pays whom: each stock less the starting chips, the chips left in the pot shared equally (in
    thirds, exact; rounded once to whole chips, kitapi.settle.whole: the payments add up; then marked ≈)."""
    from kitapi.settle import settle_whole

    chips = (g.pot + sum(g.stock)) // 3
    mark = chr(8776) if g.pot % 3 else ""
    return [(a, b, mark + str(c)) for a, b, c in settle_whole([3 * (v - chips) + g.pot for v in g.stock], 3)[1]]


def draw_owes(app):
    """Who owes whom's words of the chips left in the pot, shared equally (kitapi.app.home.Home.draw_owes
    says them): its word, what is left, the players sharing it; None when nothing is."""
    g = app.g
    return (app.pt("pot")[_O_POT], g.pot, 3) if g.pot > 0 else None
