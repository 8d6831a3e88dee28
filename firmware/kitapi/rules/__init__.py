"""The game systems.  One module per system, imported only when its game is chosen.

``NAMES`` lists every rules id this firmware knows; ``load(name)`` imports the
module and returns its rules class, ``rules_class(seats, options)``.
"""

NAMES = ("prefa",)


def load(name):
    if name == "prefa":
        from kitapi.rules.prefa import Prefa

        return Prefa
    return None
