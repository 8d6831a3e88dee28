"""The new-game wizard's pool and options steps for Russian Preferans and Balkan (kitapi.app.newgame).

The same functions as the new-game part of a system's screens module
(kitapi.app.systems.<family>); kept out of kitapi.app.newgame, which every game's
start loads, so that a Prefa game does not carry Preferans' option names.
Options: digits cycle each one's choices; the pool step's A types the money
per whist (the stake) for the settlement, B its decimal point, D deletes.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_STEP = const(25)
_T_ON = const(51)
_T_OFF = const(52)
_T_POOL_SIZE = const(67)

# its family's texts it shows: their places in the table (kitapi.app.systems.preferans.lang_<language>.T)
_P_PREF_OPTION_NAMES = const(4)
_P_PREF_OWN_NAMES = const(5)
_P_VALUE_NAMES = const(6)
_P_STAKE = const(29)  # then HINT_POOL and HINT_STAKE

SEATS = "234"
# the pool step also asks the money per whist: the texts that say it (App.pt) and the place of the first of its
# three, the stake's name, the pool step's keys and the stake's keys (kitapi.app.newgame)
STAKE = ("preferans", _P_STAKE)
# Every option the step knows (docs/rules/preferans.md, balkan.md), in the order of PREF_OPTION_NAMES then
# PREF_OWN_NAMES, with its choices (the first is the default, left out of the header).  The system's class
# says which it offers: bit k of its STEP_OPTIONS (kitapi.rules.preferans._STEP_*) is the k-th here; a variant
# that declares none of its own offers its parent's.
_CHOICES = (("stalingrad", (False, True)), ("half_whist", (True, False)), ("ten_whist", (False, True)),
            ("resign", (False, True)), ("whist_one", ("second", "shared")), ("whist", ("greedy", "gentleman")),
            ("progression", ("7x3", "8x3", "8x4")), ("widow", (False, True)))  # fmt: skip
_VALUE_KEYS = ("second", "shared", "greedy", "gentleman")  # shown as VALUE_NAMES of the string tables
_ROWS = const(6)  # options on the step (rows 1-6; the wizard keeps six choices)


def setup(ng):
    """The pool (20) and the options the system's class offers: ``ng.offered``, their places in _CHOICES."""
    from kitapi.app.newgame import declared

    ng.pouch = 20
    bits = declared(ng.rules, "STEP_OPTIONS") or 0  # (an int: a bit an option; 0 for a class without)
    offered = bytearray()
    for k in range(len(_CHOICES)):
        if bits >> k & 1 and len(offered) < _ROWS:
            offered.append(k)
    ng.offered = offered


def size_name(ng):
    return ng.app.ui.t[_T_POOL_SIZE]


def draw_options(ui, ng):
    t = ui.t
    p = ng.app.pt("preferans")
    offered = ng.offered
    for i in range(len(offered)):
        k = offered[i]
        v = _CHOICES[k][1][ng.options[i]]
        name = p[_P_PREF_OPTION_NAMES][k] if k < 5 else p[_P_PREF_OWN_NAMES][k - 5]
        if v in _VALUE_KEYS:
            word = p[_P_VALUE_NAMES][_VALUE_KEYS.index(v)]
            if len(name) + len(word) > 13:  # no room for both, a space between: the choice alone, whole, naming
                ui.at("%d %s" % (i + 1, word), 0, 1 + i)  # its option ("6 джентльменский"), never a word cut
                continue  # ("джентл.")
        else:
            word = t[_T_OFF] if v is False else t[_T_ON] if v is True else v
        ui.at("%d %s" % (i + 1, name), 0, 1 + i)
        ui.right(word, 128, 1 + i)
    ui.hint(t[_T_HINT_STEP])


def key_options(ng, ev):
    offered = ng.offered
    if 1 <= ev <= len(offered):
        i = ev - 1
        ng.options[i] = (ng.options[i] + 1) % len(_CHOICES[offered[i]][1])


def options(ng):
    """The header's options: the pool, the options not at their default, and the stake if one was typed."""
    o = {"pool": ng.pouch}  # type: dict[str, object]
    offered = ng.offered
    for i in range(len(offered)):
        if ng.options[i]:
            name, values = _CHOICES[offered[i]]
            o[name] = values[ng.options[i]]
    s = ng.stake
    if s.strip("."):
        o["stake"] = ("0" + s if s[0] == "." else s).rstrip(".")
    return o
