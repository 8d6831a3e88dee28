"""The keys a scorekeeper presses to enter a hand on the device (the hand wizards of kitapi.app), and the
keys of a new game and of a scripted game (``script``, for ``kitapi bench``).

Used by the tests (a game typed into the simulator must come out of its log
unchanged) and by ``kitapi bench`` (key presses per hand).  The typist knows
the wizard's defaults and presses # wherever the default is the answer.  What
differs by family (a hand's keys, the number a new game asks for, the bench's
long game) is the family's PC module's (kitapi_host.families.<family>); here,
what every family shares and the dispatch by the game's family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kitapi.game import new_game
from kitapi_host.families import typist_family
from kitapi_host.families.scripted import TYPED
from kitapi_host.sim.pick import rules_keys

if TYPE_CHECKING:  # each family module is a TypistFamily (mypy checks the modules against the Protocol)
    from kitapi_host.families import TypistFamily, kasa, pot, prefa, preferans, priffe

    _FAMILIES: tuple[TypistFamily, ...] = (prefa, preferans, kasa, pot, priffe)

__all__ = ["TYPED", "device_form", "game_keys", "hand_keys", "presses", "script", "setup_keys"]


def presses(keys: str) -> int:
    """How many key presses a script holds (a long press is one)."""
    return len(keys) - keys.count("L")


def hand_keys(g: Any, hand: dict[str, Any]) -> str:
    """The key presses of ``hand``, from the home screen to the saved hand, in the simulator's key-script
    syntax (``g``: the core's game before the hand, whose header's rules pick the family)."""
    return str(typist_family(g.header["rules"]).hand_keys(g, hand))


def device_form(g: Any, hand: dict[str, Any]) -> dict[str, Any]:
    """``hand`` as the device writes it once typed (Preferans puts the defenders' tricks on one hand
    wherever their split cannot change the score); a copy."""
    return dict(typist_family(g.header["rules"]).device_form(g, hand))


def setup_keys(rules: str, players: int, size: int, option_keys: str = "") -> str:
    """The keys of a new game of the system ``rules``: its key on the rules step, the players, their names
    (Ann, Bob, Cat, Dan), the number the family asks for (``size``: the pouch, pool, kasa, rubbers or
    chips), the options' keys, first dealer seat 1, start."""
    return f"1 {rules_keys(rules)} {players} {' '.join(TYPED[:players])} {size}# {option_keys}# # #"


def game_keys(hdr: dict[str, Any], hands: list[dict[str, Any]]) -> list[str]:
    """Each hand's keys, the hands played in turn by the core (in their device form) from ``hdr``."""
    g = new_game(hdr)
    out = []
    for h in hands:
        d = device_form(g, h)
        out.append(hand_keys(g, d))
        g.play(d)
    return out


def script(rules: str, seed: int, hands: int) -> tuple[str, list[str]]:
    """A new game of the system ``rules`` as the bench types it (the family's ``BENCH`` options: a game
    long enough for 1,000 hands) and the keys of its first ``hands`` generated hands (fewer if it ends)."""
    from kitapi_host.logs import gen

    fam = typist_family(rules)
    hdr, hs = gen.generate(rules, seed, hands, None, **fam.BENCH)
    return setup_keys(rules, len(hdr["players"]), hdr["options"][fam.SIZE]), game_keys(hdr, hs)
