"""The home screen's figures stand in columns, as on a paper sheet (issue 36, item 3): in every family each
column of figures (Prefa's pouch and chips, the kasa's net, the pot games' stock and chips, Priffe's team and
points, Preferans' pool, hill and whists) ends at one x on every player's row, read from the frame the
simulator draws, after every hand of a generated game typed in."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitapi_host.logs import gen
from kitapi_host.sim import typist
from testkit import Device

Screen = list[tuple[int, int, str]]

# (rules, players, the new game's number, the figures' columns of a row, the language)
FAMILIES = (
    ("prefa", 3, 100, 2, "en"),
    ("prefa_kasa", 4, 500, 1, "el"),
    ("sochi", 3, 10, 3, "ru"),
    ("balkan", 3, 10, 3, "en"),
    ("preference_at", 3, 100, 2, "ru"),
    ("priffe", 4, 6, 2, "el"),
)


def columns(texts: Screen, figures: int) -> list[list[tuple[int, int]]]:
    """Each player row's figures, the rightmost ``figures`` texts right of the name: (x, right end) each."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for x, y, s in texts:
        if 16 <= y <= 40 and s:
            rows.setdefault(y, []).append((x, s))
    out = []
    for y in sorted(rows):
        cells = sorted(rows[y])
        if cells[0] != (0, str(y // 8 - 1)):  # (not a player's row)
            continue
        out.append([(x, x + 8 * len(s)) for x, s in cells[-figures:]])
    return out


def aligned(texts: Screen, figures: int) -> None:
    rows = columns(texts, figures)
    assert len(rows) >= 3, texts
    for k in range(figures):
        ends = {row[k][1] for row in rows}
        assert len(ends) == 1, (k, rows, sorted(texts, key=lambda t: (t[1], t[0])))
    for row in rows:  # and apart: a figure ends before the next begins
        for k in range(figures - 1):
            assert row[k][1] < row[k + 1][0], row


@pytest.mark.parametrize(("rules", "players", "size", "figures", "code"), FAMILIES)
def test_every_column_of_figures_keeps_one_x_on_every_row(
    tmp_path: Path, rules: str, players: int, size: int, figures: int, code: str
) -> None:
    hdr, hands = gen.generate(rules, 3, 8, players, **{typist.typist_family(rules).SIZE: size})
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings").write_text(f"255 60 {code}\n")
    dev = Device(data, heapsize="96K")
    dev.keys(typist.setup_keys(rules, players, size))
    for keys in typist.game_keys(hdr, hands):
        home = dev.keys(keys)[-1]
        aligned(home, figures)
    dev.close()
