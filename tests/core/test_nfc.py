"""Names compared as the archive compares them (issue 36, item 6): kitapi.nfc is Unicode NFC for every letter of
the box's languages, and the core refuses a header naming one player twice in two Unicode forms, as the archive
does (kitapi_host.archive.values.nfc).  Under MicroPython: tests/mp/test_nfc_mp.py."""

from __future__ import annotations

import unicodedata

import pytest

from kitapi.game import RuleError, new_game
from kitapi.nfc import _PAIRS, _SINGLE, nfc

# the letters the box's font draws, and the Latin ones of Western European names
LETTERS = (
    [chr(o) for o in range(0xC0, 0x180)]
    + [chr(o) for o in range(0x370, 0x400)]
    + [chr(o) for o in range(0x400, 0x460)]
    + [chr(o) for o in range(0x1F70, 0x2000)]
)


def test_every_letter_typed_either_way_is_the_archives_nfc() -> None:
    for ch in LETTERS:
        want = unicodedata.normalize("NFC", ch)
        if 0x1F00 <= ord(want[0]) < 0x2000:  # polytonic Greek: only the oxia forms NFC makes monotonic are done
            continue
        for form in ("NFC", "NFD"):
            s = unicodedata.normalize(form, ch)
            assert nfc(s) == want, (ch, form, s.encode("unicode_escape"))


@pytest.mark.parametrize(
    "name",
    ["Νίκος", "Άννα", "Ζωή", "Ευΐα", "Προϋπόθεση", "Ϊκαρος", "Йося", "Алёна", "Zoë", "misère", "Ĺudmila", "Ωραίο"],
)
def test_names_decomposed_or_with_oxia_compose_as_nfc(name: str) -> None:
    nfd = unicodedata.normalize("NFD", name)
    assert nfc(nfd) == unicodedata.normalize("NFC", name) == nfc(name)
    oxia = name.replace("ί", "\u1f77").replace("ά", "\u1f71").replace("ή", "\u1f75")  # polytonic keyboards
    assert nfc(oxia) == unicodedata.normalize("NFC", oxia)
    tone = nfd.replace("\u0301", "\u0341")  # the combining acute tone mark
    assert nfc(tone) == unicodedata.normalize("NFC", tone)


def test_the_tables_are_nfc_and_aligned() -> None:
    assert len(_PAIRS) % 3 == 0 and len(_SINGLE) % 2 == 0
    for i in range(0, len(_PAIRS), 3):
        assert unicodedata.normalize("NFC", _PAIRS[i : i + 2]) == _PAIRS[i + 2]
    for i in range(0, len(_SINGLE), 2):
        assert unicodedata.normalize("NFC", _SINGLE[i]) == _SINGLE[i + 1]


def _header(*players: str) -> dict[str, object]:
    return {"kitapi": 1, "rules": "prefa", "players": list(players)}


def test_one_player_written_two_ways_is_refused_as_twice() -> None:
    composed, decomposed = "Νίκος", "Νι\u0301κος"
    assert composed != decomposed and unicodedata.normalize("NFC", decomposed) == composed
    for players in ((composed, "Άννα", decomposed), (decomposed, composed, "Άννα"), ("Ν\u1f77κος", composed, "Ζωή")):
        with pytest.raises(RuleError) as e:
            new_game(_header(*players))
        assert e.value.args[0] == 7  # "player %s is listed twice"
    assert new_game(_header(decomposed, "Νικος", "Άννα")).players == [decomposed, "Νικος", "Άννα"]  # kept as written
    assert new_game(_header("Νίκος", "Νικος", "Νικός")).n == 3  # other accents, other names
