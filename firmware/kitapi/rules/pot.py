"""What the pot games share (kitapi.rules.preference_at, its Illustrated form, and
kitapi.rules.preference_us): three players, each with a stock of chips, the
options checked, and the pot and stocks written.

Functions, imported where they are used, never kept: a pot game's ``__init__``
imports this module and begins with ``start``, which lets it go on the box
(kitapi.forget, as kitapi.registry does); nothing the game keeps refers to it,
so the heap it took is back once the game is made.  Its class's
``write_fields`` imports it again to write the standings (the PC's and the
replay's work, never the box's).  Kept beside its games' modules, a module of
its own (its dict, a class, its functions) cost each pot game's heap some
0.8 KB against a copy in each (docs/figures.md)."""

from kitapi.game import Game, RuleError, write_ints

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_E_OPTION = const(23)
_E_INT = const(25)
_E_ONE_OF = const(72)
_E_PLAYERS3 = const(80)


def check_int(v, what, lo, hi):
    if type(v) is not int or v < lo or v > hi:
        raise RuleError(_E_INT, what, lo, hi)
    return v


def one_of(options, what, values):
    """The option ``what`` of ``options``: one of ``values``, the first if it is not given."""
    v = options.get(what, values[0])
    if v not in values:
        raise RuleError(_E_ONE_OF, what, ", ".join(values))
    return v


def start(g, header):
    """The beginning of pot game ``g``'s ``__init__``: Game's, three players, no option but those its class
    takes (``options``); the header's options, which its ``__init__`` then reads with ``check_int`` and
    ``one_of`` before it sets ``ante``, ``stock``, ``pot``, ``refills`` and ``hand``."""
    import sys

    if sys.implementation.name == "micropython":  # (on the PC threads make games at once, kitapi serve's:
        from kitapi import forget  # one letting it go while another imports it would break that import)

        forget("kitapi.rules.pot")  # (its functions live on while the __init__ that imported it runs)
    Game.__init__(g, header)
    if g.n != 3:
        raise RuleError(_E_PLAYERS3)
    options = header.get("options", {})
    for k in options:
        if k not in g.options:
            raise RuleError(_E_OPTION, k)
    g.over = False
    return options


def write_fields(g, w):
    """Write pot game ``g``'s ``"pot": P, "stock": [...], "refills": R`` (its class's ``write_fields``)."""
    w('"pot": ')
    w(str(g.pot))
    w(', "stock": ')
    write_ints(w, g.stock)
    w(', "refills": ')
    w(str(g.refills))
