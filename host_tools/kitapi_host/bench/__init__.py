"""``kitapi bench``: figures of the core (``core``), the device in the simulator (``device``), the sync (``sync``)."""

from __future__ import annotations

from typing import Any


def long_game(seed: int, hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A generated game of the box's first system (kitapi.registry's first row: Prefa) that ``hands`` hands
    fit: the option of its new game's number step (the pouch) at 100,000."""
    from kitapi.registry import row
    from kitapi_host.families import typist_family
    from kitapi_host.logs import gen

    first = row(0)
    assert first is not None
    rules = first[0]
    return gen.generate(rules, seed, hands, None, **{typist_family(rules).SIZE: 100_000})
