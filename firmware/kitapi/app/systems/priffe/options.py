"""The new-game wizard's rubbers and options steps for Swedish Priffe (kitapi.app.newgame), imported only
while a game is started (kitapi.app.systems.priffe.setup puts it in the wizard): 4 players; the number
step is the rubbers of the evening (6); the options step: 1 the points table (main, second), 2 slams in a
Noll (off, on), 3 the change of places (swap, cycle); a digit cycles its option."""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_STEP = const(25)

# its family's texts it shows: their places in the table (kitapi.app.systems.priffe.lang_<language>.T)
_F_RUBBERS = const(12)
_F_OPTION_NAMES = const(13)
_F_VALUE_NAMES = const(14)

SEATS = "4"
# the options step, in the order of OPTION_NAMES: the option and its choices, the first the default
_CHOICES = (("points", ("main", "second")), ("noll_slams", (False, True)), ("rotation", ("swap", "cycle")))


def setup(ng):
    ng.pouch = 6  # "Typically six rubbers are played"


def size_name(ng):
    return ng.app.pt("priffe")[_F_RUBBERS]


def draw_options(ui, ng):
    p = ng.app.pt("priffe")
    for i in range(3):
        ui.at("%d %s" % (i + 1, p[_F_OPTION_NAMES][i]), 0, 1 + i)
        ui.right(p[_F_VALUE_NAMES][2 * i + ng.options[i]], 128, 1 + i)
    ui.hint(ui.t[_T_HINT_STEP])


def key_options(ng, ev):
    if 1 <= ev <= 3:
        ng.options[ev - 1] ^= 1


def options(ng):
    o = {"rubbers": min(99, ng.pouch)}  # type: dict[str, object]
    for i in range(3):
        if ng.options[i]:
            name, values = _CHOICES[i]
            o[name] = values[1]
    return o
