"""Names compared as the archive compares them (issue 36, item 6): kitapi.app.name.name is Unicode NFC for every
letter of the box's languages (kitapi_host.archive.values.nfc: CPython's unicodedata).  Under MicroPython:
tests/mp/test_nfc_mp.py; the new-game wizard seating names in NFC: tests/device/test_app_greek_names.py."""

from __future__ import annotations

import unicodedata

import pytest

from kitapi.app.name import _PAIRS, _SINGLE
from kitapi.app.name import name as nfc

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
