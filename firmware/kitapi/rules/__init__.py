"""The game systems.  One module per system, imported only when its game is chosen.

``load(name)`` imports the module of rules id ``name`` and returns its class (the
module's ``CLASS``), a subclass of ``kitapi.game.Game`` made from a log header;
None for a name it does not know.  ``kitapi.registry`` lists the systems and
names each one's module: it is imported only past Prefa, the device's own game,
and lets itself go once read, since a replay on the device runs in 16 KB and
every name costs heap.
"""


def load(name):
    if name == "prefa":  # the device's own game, with nothing on the way
        from kitapi.rules.prefa import Prefa

        return Prefa
    from kitapi.registry import load  # (the table's names are interned only past Prefa)

    return load(name)
