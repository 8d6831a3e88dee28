"""The new-game wizard's pouch and options steps for Greek Prefa (kitapi.app.newgame), imported only
while a game is started; the kasa game takes its four aces amounts.  Digits cycle each option's
choices; 6 the four aces amount."""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_STEP = const(25)
_T_POUCH_SIZE = const(47)
_T_OPTION_NAMES = const(53)
_T_AMOUNT = const(54)
_T_ON = const(51)
_T_OFF = const(52)

SEATS = "34"  # three or four players
# Prefa's options, in the order of OPTION_NAMES in the string tables, with their choices.
_CHOICES = (("ten_no_trump", (False, "A", "B")), ("tens_as_nines", (False, True)),
            ("four_aces", (False, "A", "B")), ("tentative_bid", (False, True)),
            ("two_empty_pouches", (False, True)))  # fmt: skip
# The four aces amounts to choose from; the first offered is the one nearest a tenth of the
# pouch ("such as 1/10th the initial value of the pouches").
_AMOUNTS = (1, 2, 3, 4, 5, 10, 15, 20, 30, 50, 100)
# The four aces' ways on the options step in each language: A the bid value raised ("value+", Greek "αξία+" of
# "αξία της αγοράς", Russian "цена+"), B paid in chips.  Here and not in the string tables: this module is let go
# once the game starts, and every text in a string table stays in the heap of every game.
_ACES = {"en": ("value+", "chips"), "el": ("αξία+", "καπίκια"), "ru": ("цена+", "фишки")}


def setup(ng):
    ng.pouch = 31


def size_name(ng):
    return ng.app.ui.t[_T_POUCH_SIZE]


def aces_amount(ng):
    if not ng.amount:
        tenth = ng.pouch // 10
        ng.amount = min(_AMOUNTS, key=lambda a: abs(a - tenth))
    return ng.amount


def next_amount(ng):
    """The four aces amount after the one chosen (the options step's 6)."""
    ng.amount = _AMOUNTS[(_AMOUNTS.index(aces_amount(ng)) + 1) % len(_AMOUNTS)]


def option_word(t, lang, i, v):
    """The value of Prefa's option ``i`` (of _CHOICES) as the options step shows it (the kasa game's too): on/off,
    10NT's worth (A: 11, B: 10), the four aces' way (A: the bid value raised, B: paid in chips)."""
    if v is False or v is True:
        return t[_T_ON] if v else t[_T_OFF]
    if i == 0:
        return "=11" if v == "A" else "=10"
    if i == 2:
        return _ACES[lang][v == "B"]
    return v


def draw_options(ui, ng):
    t = ui.t
    for i in range(len(_CHOICES)):
        ui.at("%d %s" % (i + 1, t[_T_OPTION_NAMES][i]), 0, 1 + i)
        ui.right(option_word(t, ng.app.lang, i, _CHOICES[i][1][ng.options[i]]), 128, 1 + i)
    if ng.options[2]:  # four aces: its amount
        ui.at("6  %s" % t[_T_AMOUNT], 0, 6)
        ui.right(str(aces_amount(ng)), 128, 6)
    ui.hint(t[_T_HINT_STEP])


def key_options(ng, ev):
    if 1 <= ev <= len(_CHOICES):
        i = ev - 1
        ng.options[i] = (ng.options[i] + 1) % len(_CHOICES[i][1])
    elif ev == 6 and ng.options[2]:
        next_amount(ng)


def options(ng):
    o = {"pouch": ng.pouch}  # type: dict[str, object]
    for i in range(len(_CHOICES)):
        name, values = _CHOICES[i]
        v = values[ng.options[i]]
        if v is not False:
            o[name] = {"mode": v, "amount": aces_amount(ng)} if i == 2 else v
    return o
