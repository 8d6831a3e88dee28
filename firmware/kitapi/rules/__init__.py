"""The game systems.  One module per system, imported only when its game is chosen.

``load(name)`` imports the module of rules id ``name`` and returns its class (the
module's ``CLASS``), a subclass of ``kitapi.game.Game`` made from a log header;
None for a name it does not know.  ``kitapi.rules.names.NAMES`` lists the ids: it
is kept out of this module, which every replay imports, since a replay on the
device runs in 16 KB and every name costs heap.
"""


def load(name):
    if name == "prefa":  # the device's own game, with nothing on the way
        from kitapi.rules.prefa import Prefa

        return Prefa
    from kitapi.rules.names import NAMES

    if name not in NAMES:
        return None
    if name == "sochi" or name == "leningrad" or name == "rostov":  # one module, three conventions
        from kitapi.rules import preferans

        return preferans.CLASSES[name]
    return __import__("kitapi.rules." + name, None, None, ("CLASS",)).CLASS
