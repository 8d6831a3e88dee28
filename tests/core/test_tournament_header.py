"""The header's ``tournament`` field (issue 34, item 5): the tournament, round and table a game was started for on
the box (``kitapi tournament load``). Optional, bounded, read back as written from both forms of the log; the same
cases under MicroPython are tests/mp/test_tournament_header_mp.py."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from kitapi.devlogw import header_bytes
from kitapi.game import MAX_TEXT, RuleError, new_game, result_json
from kitapi.jsonw import header_json
from kitapi.replay import replay
from kitapi_host import logs

HEADER: dict[str, Any] = {
    "kitapi": 1,
    "rules": "prefa",
    "players": ["Anna", "Babis", "Costas"],
    "options": {"pouch": 31},
}
TABLE = {"name": "Winter λ", "round": 3, "table": 2}
HANDS = (
    '{"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]}\n'
    '{"dealer": 1, "bidder": 0, "contract": "7H", "defense": "alone", "active": 1, "tricks": [7, 3, 0]}\n'
    '{"dealer": 2, "pass": true}\n'
)
TOURNAMENT_REFUSED = """'tournament' must be {"name": text, "round": 1-999, "table": 1-999}"""


def test_a_game_s_table_replays_from_both_forms_and_changes_nothing_else(tmp_path: Any) -> None:
    plain = (json.dumps(HEADER) + "\n" + HANDS).encode()
    text = (header_json({**HEADER, "tournament": TABLE}) + "\n" + HANDS).encode()
    assert text.startswith(json.dumps(HEADER)[:-1].encode())
    src = tmp_path / "t.jsonl"
    src.write_bytes(text)
    logs.convert(src, tmp_path / "t.kitapi")
    g0, _ = replay(io.BytesIO(plain))
    for data in (text, (tmp_path / "t.kitapi").read_bytes()):
        g, r = replay(io.BytesIO(data))
        assert g.header["tournament"] == TABLE
        assert result_json(g) == result_json(g0)
        assert r.damage is None
    assert header_json(new_game(dict(HEADER)).header).find("tournament") < 0  # optional
    assert header_bytes(new_game({**HEADER, "tournament": TABLE}).header).endswith(
        b'"tournament": {"name": "Winter \\u03bb", "round": 3, "table": 2}}'
        + header_bytes(new_game({**HEADER, "tournament": TABLE}).header)[-2:]
    )


@pytest.mark.parametrize(
    "value",
    [
        "Club",
        [],
        None,
        {},
        {"name": "Club", "round": 1},
        {"name": "Club", "round": 1, "table": 1, "seat": 1},
        {"name": "", "round": 1, "table": 1},
        {"name": 7, "round": 1, "table": 1},
        {"name": "Club", "round": 0, "table": 1},
        {"name": "Club", "round": 1, "table": 1000},
        {"name": "Club", "round": True, "table": 1},
        {"name": "Club", "round": "1", "table": 1},
        {"name": "Club", "round": 1, "table": 10**30},
    ],
)
def test_a_table_not_of_its_form_is_refused(value: Any) -> None:
    with pytest.raises(RuleError) as e:
        new_game({**HEADER, "tournament": value})
    assert str(e.value) == TOURNAMENT_REFUSED


def test_the_table_s_bounds() -> None:
    new_game({**HEADER, "tournament": {"name": "x" * MAX_TEXT, "round": 999, "table": 999}})
    with pytest.raises(RuleError) as e:
        new_game({**HEADER, "tournament": {"name": "x" * (MAX_TEXT + 1), "round": 1, "table": 1}})
    assert str(e.value) == f"'tournament' must be text of at most {MAX_TEXT} characters"
    with pytest.raises(RuleError) as e:
        new_game({**HEADER, "tournament": {"name": "a\x07", "round": 1, "table": 1}})
    assert "'tournament'" in str(e.value)
