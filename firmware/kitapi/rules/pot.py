"""What the pot games share (kitapi.rules.preference_at, its Illustrated form, and
kitapi.rules.preference_us): three players, each with a stock of chips, the
pot and its refills, the options checked, and the hands' JSON form.  A module
of its own, so that each pot game loads only it beside its own module."""

from kitapi.game import Game, RuleError, write_ints

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

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


class Pot(Game):
    """A pot game: three players, each with a stock of chips, and the pot (``pot + sum(stock) == 3 * chips``).

    A pot game's class gives its ``options`` (those it accepts) and ``json_form()``, the module of its hands in
    JSON (``parse`` and ``to_json``): imported only there, so the device, which keeps its hands packed, never
    loads it (a loop kept for the heap: it takes the rules' constants from the rules' module).  Its ``__init__``
    reads its options after this one's, and sets ``ante``, ``stock``, ``pot`` and ``hand``."""

    state = ("stock", "pot", "refills")  # what a hand changes (Game.preview)
    if _HINTS:  # (declared for mypy alone: each name in the class would cost the device heap)
        options = ()  # type: tuple[str, ...]
        json_form = None  # type: Any
        stock = []  # type: list[int]
        pot = 0

    def __init__(self, header):
        super().__init__(header)
        if self.n != 3:
            raise RuleError(_E_PLAYERS3)
        for k in header.get("options", {}):
            if k not in self.options:
                raise RuleError(_E_OPTION, k)
        self.refills = 0
        self.over = False

    def parse_hand(self, d, h):
        self.json_form().parse(self, d, h)

    def hand_json(self, h, prefix=""):
        return self.json_form().to_json(self, h, prefix)

    def write_fields(self, w):
        """Write ``"pot": P, "stock": [...], "refills": R``."""
        w('"pot": ')
        w(str(self.pot))
        w(', "stock": ')
        write_ints(w, self.stock)
        w(', "refills": ')
        w(str(self.refills))
