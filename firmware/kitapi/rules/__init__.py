"""The game systems.  One module per system, imported only when its game is chosen.

``NAMES`` lists every rules id this firmware knows; ``load(name)`` imports the
module and returns its class, a subclass of ``kitapi.game.Game`` made from a
log header.
"""

NAMES = ("prefa", "sochi", "leningrad", "rostov", "balkan", "prefa_kasa")


def load(name):
    if name == "prefa":
        from kitapi.rules.prefa import Prefa

        return Prefa
    if name == "sochi" or name == "leningrad" or name == "rostov":
        from kitapi.rules import preferans

        return preferans.CLASSES[name]
    if name == "balkan":
        from kitapi.rules.balkan import Balkan

        return Balkan
    if name == "prefa_kasa":
        from kitapi.rules.prefa_kasa import PrefaKasa

        return PrefaKasa
    return None
