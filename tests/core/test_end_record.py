"""A game closed by its log's end record is over, everywhere (issue 12, item 2).

The end record (``{"end": true}``, or the device log's end record) closes the game: the core's result says
``"over": true``, and `kitapi replay` (text and JSON, both runtimes, both log forms), the archive and the score
sheets agree.  The same game without the end record is still on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import forkrun
from kitapi_host.logs import gen
from testkit import MICROPYTHON, ROOT, vector


def _vector(fn: str, name: str) -> tuple[dict[str, Any], list[Any]]:
    v = vector(name, fn)
    return v["header"], v["hands"]


def _games() -> list[tuple[str, dict[str, Any], list[Any]]]:
    """One short game per family, none of them played out: a closed one is over only by its end record."""
    out = [
        ("prefa", *gen.generate("prefa", 3, 6)),
        ("sochi", *gen.generate("sochi", 4, 6)),
        ("balkan", *_vector("balkan_main.json", "balkan-mixed-game")),
        ("prefa_kasa", *gen.generate("prefa_kasa", 6, 6)),
        ("priffe", *gen.generate("priffe", 7, 3)),
        ("preference_at", *gen.generate("preference_at", 8, 4, chips=200)),
        ("preference_us", *gen.generate("preference_us", 9, 4, chips=200)),
    ]
    return out


GAMES = _games()


def _kitapi(*args: str | Path, db: Path | None = None) -> str:
    p = forkrun.run(list(args), text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    return p.stdout


def _logs(tmp_path: Path, name: str, hdr: dict[str, Any], hands: list[Any]) -> tuple[Path, Path]:
    """The game written open (no end record) and closed (with one), as JSON Lines."""
    open_log = tmp_path / f"{name}-open.jsonl"
    gen.write_jsonl(open_log, hdr, hands)
    closed = tmp_path / f"{name}-closed.jsonl"
    closed.write_text(open_log.read_text() + '{"end": true}\n')
    return open_log, closed


@pytest.mark.parametrize(("name", "hdr", "hands"), [pytest.param(*g, id=g[0]) for g in GAMES])
def test_the_end_record_makes_the_game_over_in_replay(tmp_path: Path, name: str, hdr: Any, hands: Any) -> None:
    open_log, closed = _logs(tmp_path, name, hdr, hands)
    still_on = json.loads(_kitapi("replay", "--json", open_log))
    assert still_on["over"] is False, "the generated game must not be played out, or the test proves nothing"
    over = json.loads(_kitapi("replay", "--json", closed))
    assert over["over"] is True
    # the device log form, replayed by the core on both runtimes, says the same
    dev = tmp_path / f"{name}.kitapi"
    _kitapi("convert", closed, dev)
    assert json.loads(_kitapi("replay", "--json", dev)) == over
    if MICROPYTHON.exists():
        for src in (closed, dev):
            assert json.loads(_kitapi("replay", "--json", "--runtime", "micropython", src)) == over
    text = _kitapi("replay", closed)
    assert text.splitlines()[0].endswith("game over"), text
    assert "if the game ended now" not in text and "game on" not in text
    assert _kitapi("replay", open_log).splitlines()[0].endswith("game on")


@pytest.mark.parametrize(("name", "hdr", "hands"), [pytest.param(*g, id=g[0]) for g in GAMES])
def test_the_archive_and_the_sheet_agree_that_a_closed_game_is_over(
    tmp_path: Path, name: str, hdr: Any, hands: Any
) -> None:
    open_log, closed = _logs(tmp_path, name, hdr, hands)
    db = tmp_path / "a.sqlite3"
    _kitapi("archive", "add", "--db", db, closed)
    listing = _kitapi("games", "--db", db)
    assert "over (closed):" in listing and " on:" not in listing, listing
    shown = _kitapi("show", "--db", db, "1")
    assert "game on" not in shown and "if the game ended now" not in shown, shown
    sheet = _kitapi("export", "--format", "html", closed)
    assert "game over" in sheet and "game on" not in sheet
    for unfinished in ("not over", "(so far)", "chips so far", "if it stopped now"):
        assert unfinished not in sheet, unfinished
    open_sheet = _kitapi("export", "--format", "html", open_log)
    assert "game on" in open_sheet
