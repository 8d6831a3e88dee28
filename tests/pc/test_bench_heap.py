"""kitapi bench's device part (issue 37, item 4): a typed game that ran out of heap is a failure, and the core's
size on the box and each system's lowest free heap are measured, through the simulator running the real app."""

from __future__ import annotations

from pathlib import Path

from kitapi_host import logs
from kitapi_host.bench import device as bench
from kitapi_host.mpy import compiled_core
from kitapi_host.sim import typist
from testkit import Device


def _with_legend() -> tuple[str, list[str]]:
    """A 4-hand Sochi game whose last hand ends on the hands list's legend and back: the game's highest heap."""
    setup, hands = typist.script("sochi", bench.SEED, 4)
    return setup, [*hands[:-1], hands[-1] + " A 0 * *"]


def test_a_game_that_ran_out_of_heap_is_no_success(tmp_path: Path) -> None:
    """Below 64 KB there are heaps in which the game starts and takes every hand but its legend has no room:
    the box resets softly, says so and opens the game again, every hand kept (the log alone would call it a
    success: the bench once did, so that its smallest heap was a heap the box runs out in).  There the game
    without the legend is a success, the game with it a failure; in 64 KB both are successes."""
    plain = bench.script_of("sochi", 4)
    short = [
        kb
        for kb in range(52, 64)
        if bench.run_game(f"{kb}K", plain) is not None and bench.run_game(f"{kb}K", _with_legend) is None
    ]
    assert short, "no heap in which the legend alone runs out"
    # the largest of them, typed on the box as the bench types it (no texts sent: they take heap too): every hand
    # on flash, no crash, but a soft reset once the game was open (short of heap: the box said so and opened the
    # game again)
    dev = Device(tmp_path / "data", heapsize=f"{max(short)}K", text=False)
    setup, hands = _with_legend()
    dev.keys(setup)
    opened = dev.fw.resets
    for keys in hands:
        dev.keys(keys)
    assert dev.fw.resets > opened
    dev.close()
    (game,) = (tmp_path / "data" / "games").glob("*.kitapi")
    assert logs.replay_file(game)[0].hands == len(hands)
    heaps = bench.run_game("64K", _with_legend, measure=True)
    assert heaps is not None and len(heaps) == 1 + 4
    frees = bench.run_game("64K", _with_legend, measure=True, free=True)
    assert frees is not None and all(0 < f < 65536 - h for f, h in zip(frees, heaps, strict=True))


def test_the_core_s_size_and_a_system_s_lowest_free_heap() -> None:
    sizes = dict(bench.core_sizes())
    assert sizes["kitapi.game"] == (compiled_core() / "kitapi" / "game.mpy").stat().st_size
    assert {"kitapi.rules.prefa", "kitapi.rules.preferans", "kitapi.rules.balkan"} <= set(sizes)
    free = bench.lowest_free("prefa", 6)
    assert 4096 < free < 65536
