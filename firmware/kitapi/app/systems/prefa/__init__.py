"""Greek Prefa's screens (kitapi.registry: family prefa): its rows of the home screen, its hands and
who pays whom.  The hand wizard is .wiz (shared with the kasa game), the new-game steps .options
(imported only while a game is started).  Prefa's texts are the app's own (kitapi.app.lang_xx).
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_HOME = const(3)
_T_MORE = const(69)

MODULES = ("app.systems.prefa", "app.systems.prefa.wiz", "rules.prefa", "rules.prefa_json")


def setup(ng):
    """The new-game wizard's pouch and options steps: kitapi.app.systems.prefa.options."""
    from kitapi.app.systems.prefa import options

    ng.sys = options
    options.setup(ng)


def draw_home(ui, app):
    from kitapi.app.home import player_row, seat_mark
    from kitapi.app.ui import signed  # (here: 12 names in this package's table, which every Prefa game keeps)

    g = app.g
    t = ui.t
    if not (app.message or app.redo or app.battery_level()[1]):  # the columns' names, where no line is said
        ui.right(t[_T_MORE][0], 128, 1)
    dealer = app.next_dealer()
    wide = max([len(signed(v)) for v in g.chips])
    for s in range(g.n):
        player_row(ui, 2 + s, s, app.short, seat_mark(t, g, s, dealer), str(g.pouch[s]), signed(g.chips[s]), wide)
    if not g.over:
        ui.hint(t[_T_HINT_HOME] % g.n, 6)


def key_home(app, ev):
    """A seat's digit: a hand with that bidder (the 4-player dealer sits out); 0 a passed-out hand."""
    g = app.g
    if 0 <= ev <= g.n and not (g.n == 4 and ev - 1 == app.next_dealer()):
        from kitapi.app.systems.prefa.wiz import HandWizard

        return HandWizard(app, bidder=ev - 1)
    return None


def describe(app, g, h):
    from kitapi.app.systems.prefa.wiz import describe as d

    return d(app.ui.t, g, h)


def edit(app, number, h):
    from kitapi.app.systems.prefa.wiz import HandWizard

    return HandWizard(app, number=number, hand=h)


def transfers(g):
    """Who pays whom, fewest transfers: the chips."""
    from kitapi.settle import settle

    return [(a, b, str(c)) for a, b, c in settle(g.chips)]
