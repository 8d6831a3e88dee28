"""Which keys wait for their release (a long meaning at the step shown): the Preferans wizard's A only where a long
A means something, at the bid's level with the option misere_hand (issue 37, item 2: Sochi's A, at every step,
waited the whole press for its release, 80 ms on the rig, where it is a misdeal, ten tricks or the cards opened).

The wizard is the firmware's own, driven by its keys in CPython (App.run hands the keypad ``screen.long_keys``
before each key: tests/device/test_keypad.py has the keypad's side)."""

from __future__ import annotations

import pytest

from kitapi.app.systems.preferans.wiz import PrefWizard
from kitapi.game import new_game
from kitapi.keys import KEY_A, STAR, event_of

A, STAR_ = bytes([KEY_A]), bytes([STAR])


class _App:
    """What the wizard asks of the app for a new hand's keys: the game and the next dealer."""

    def __init__(self, options: dict[str, object]) -> None:
        header = {"kitapi": 1, "rules": "sochi", "players": ["Anna", "Boris", "Vera"], "options": options, "dealer": 0}
        self.g = new_game(header)

    def next_dealer(self) -> int:
        return self.g.next_dealer()


def _type(w: PrefWizard, keys: str) -> None:
    for k in keys.split():
        assert w.key(event_of(k)) is None, k


@pytest.mark.parametrize("misere_hand", [False, True])
def test_a_waits_only_where_a_long_a_means_a_misere_without_the_widow(misere_hand: bool) -> None:
    w = PrefWizard(_App({"misere_hand": True} if misere_hand else {}))
    waits = []
    # the soloist (A: a misdeal), the level (A: misere), the trump, the words, the soloist's tricks (A: ten)
    for keys in ("", "2", "7", "1", "#"):
        _type(w, keys)
        waits.append(A[0] in w.long_keys)
        assert STAR_[0] in w.long_keys  # (long *: leave the hand, at every step)
    assert waits == [False, misere_hand, False, False, False], waits
    _type(w, "A")
    assert w.h.tricks[w.h.soloist] == 10 and A[0] not in w.long_keys  # the summary (A: the cards open)


def test_a_long_a_at_the_level_is_the_misere_without_the_widow() -> None:
    from kitapi.keys import LONG

    w = PrefWizard(_App({"misere_hand": True}))
    _type(w, "2")
    assert w.key(KEY_A | LONG) is None and w.h.blind
