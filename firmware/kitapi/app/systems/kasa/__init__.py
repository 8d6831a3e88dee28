"""Greek Prefa with a common kasa on the device (kitapi.rules.prefa_kasa): the screens of its own.

The hands are Prefa's, entered with Prefa's wizard (kitapi.app.systems.prefa.wiz) and
its keys (kitapi.app.systems.kasa.wiz, imported when a hand is entered); the summary
shows what the hand changes: the kasa, and each player's net kapikia.  On
the home screen a row holds each player's net
(what he got minus what he paid in), row 6 the kasa; D starts a top-up:
the amount from each player (# the amount each put in at the start), #
shows the change, # saves it.  The settlement shares the kasa left equally
(an early end).  The texts are App.pt("kasa") (kitapi.app.systems.kasa.lang_xx); Prefa's
option names are the language table's.

    Hand 12        [battery]
    1D Anna       +120
    2> Babis       -80
    3  Costas      -40
    Kasa 1500      D:+
    A:log B:owe C:≡
"""

from kitapi.app.ui import signed

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_KEY_D = const(13)  # kitapi.keys.KEY_D (a constant: no name in the module)

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_STEP = const(25)
_T_OPTION_NAMES = const(53)
_T_AMOUNT = const(54)

# its family's texts it shows: their places in the table (kitapi.app.systems.kasa.lang_<language>.T)
_K_KASA_SIZE = const(0)
_K_KASA = const(1)
_K_KASA_OPTION = const(2)
_K_BIDDER_IN_VALUES = const(3)
_K_TOPUP_KEY = const(4)
_K_TOPUP = const(5)

# (with Prefa's that its game and wizard use: kept when a Prefa game is opened)
MODULES = ("app.systems.kasa", "app.systems.kasa.wiz", "app.systems.kasa.lang_en", "app.systems.kasa.lang_el",
           "app.systems.kasa.lang_ru", "rules.prefa_kasa", "app.systems.prefa", "app.systems.prefa.wiz",
           "rules.prefa", "rules.prefa_json")  # fmt: skip
SEATS = "34"
_TOPUP = const(3)  # kitapi.rules.prefa_kasa.TOPUP, the hand kind of a top-up
_AMOUNT_ROW = const(6)  # the four aces amount, as Prefa's options step shows it
# the options step: Prefa's first three (OPTION_NAMES of the language table) and what a bidder who
# went in puts into the kasa (KASA_OPTION); with their choices, the first the default
_CHOICES = (("ten_no_trump", (False, "A", "B")), ("tens_as_nines", (False, True)), ("four_aces", (False, "A", "B")),
            ("bidder_in", ("ten", "level")))  # fmt: skip


# --- the new-game wizard ---------------------------------------------------------


def setup(ng):
    ng.pouch = 500  # "e.g. 500 or 300 kapikia each"


def size_name(ng):
    return ng.app.pt("kasa")[_K_KASA_SIZE]


def draw_options(ui, ng):
    from kitapi.app.systems.prefa.options import option_word  # (Prefa's options: their words)

    t = ui.t
    k = ng.app.pt("kasa")
    for i in range(len(_CHOICES)):
        v = _CHOICES[i][1][ng.options[i]]
        if i == 3:  # what a bidder who went in puts into the kasa: the question, the answer below it (row 5)
            ui.at("4 %s" % k[_K_KASA_OPTION], 0, 4)
            ui.right(k[_K_BIDDER_IN_VALUES][ng.options[i]], 128, 5)
        else:
            ui.at("%d %s" % (i + 1, t[_T_OPTION_NAMES][i]), 0, 1 + i)
            ui.right(option_word(t, ng.app.lang, i, v), 128, 1 + i)
    if ng.options[2]:  # four aces: its amount
        from kitapi.app.systems.prefa.options import aces_amount

        ui.at("6  %s" % t[_T_AMOUNT], 0, _AMOUNT_ROW)
        ui.right(str(aces_amount(ng)), 128, _AMOUNT_ROW)
    ui.hint(t[_T_HINT_STEP])


def key_options(ng, ev):
    if 1 <= ev <= len(_CHOICES):
        i = ev - 1
        ng.options[i] = (ng.options[i] + 1) % len(_CHOICES[i][1])
    elif ev == 6 and ng.options[2]:  # the four aces amount: as Prefa's options step
        from kitapi.app.systems.prefa.options import next_amount

        next_amount(ng)


def options(ng):
    from kitapi.app.systems.prefa.options import aces_amount

    o = {"kasa": ng.pouch}  # type: dict[str, object]
    for i in range(len(_CHOICES)):
        if ng.options[i]:
            name, values = _CHOICES[i]
            v = values[ng.options[i]]
            o[name] = {"mode": v, "amount": aces_amount(ng)} if i == 2 else v
    return o


# --- the home screen, the hands, the settlement ---------------------------------------


def draw_home(ui, app):
    from kitapi.app.home import player_row, seat_mark

    g = app.g
    t = ui.t
    dealer = app.next_dealer()
    for s in range(g.n):
        player_row(ui, 2 + s, s, app.short, seat_mark(t, g, s, dealer), "", signed(g.net[s]), 0)
    k = app.pt("kasa")
    ui.at("%s %d" % (k[_K_KASA], g.kasa), 0, 6)
    if not g.over:
        ui.right(k[_K_TOPUP_KEY], 128, 6)


def key_home(app, ev):
    """A seat's digit starts a hand with that bidder (the 4-player dealer sits out), 0 a passed-out hand,
    D a top-up."""
    from kitapi.app.systems.kasa.wiz import KasaWizard, TopUp

    g = app.g
    if ev == _KEY_D:
        return TopUp(app)
    if 0 <= ev <= g.n and not (g.n == 4 and ev - 1 == app.next_dealer()):
        return KasaWizard(app, bidder=ev - 1)
    return None


def describe(app, g, h):
    from kitapi.app.systems.prefa.wiz import describe as prefa_describe

    if h.kind == _TOPUP:
        return "%s %d" % (app.pt("kasa")[_K_TOPUP], h.topup)
    return prefa_describe(app.ui.t, g, h)


def edit(app, number, h):
    from kitapi.app.systems.kasa.wiz import KasaWizard, TopUp

    if h.kind == _TOPUP:
        return TopUp(app, number, h.topup)
    return KasaWizard(app, number=number, hand=h)


def transfers(g):
    """Who pays whom: the nets, the kasa left shared equally (an early end); in n-ths, exact, rounded once
    to whole kapikia (kitapi.settle.whole: each player's payments sum to his net, rounded; then marked ≈)."""
    from kitapi.settle import settle_whole

    n = g.n
    mark = chr(8776) if g.kasa % n else ""  # the share not whole: the amounts rounded, marked ≈
    return [(a, b, mark + str(c)) for a, b, c in settle_whole([v * n + g.kasa for v in g.net], n)[1]]


def draw_owes(app):
    """Who owes whom's words of the kasa left, shared equally (kitapi.app.home.Home.draw_owes says them): its
    word, what is left, the players sharing it; None when nothing is."""
    g = app.g
    return (app.pt("kasa")[_K_KASA], g.kasa, g.n) if g.kasa > 0 else None
