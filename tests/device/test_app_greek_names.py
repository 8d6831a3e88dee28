"""Greek names as Greeks write them, and misère with its è (issue 36, item 6): the real firmware in the simulator
(MicroPython, 64 KB heap), keys in, screens and log out."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

from kitapi.app import font
from testkit import Device, device_log, lines, new_game_keys

# Greek multi-tap (kitapi.app.lang_el: LETTERS, CAPITALS): each vowel's tonos on its key after the plain letters
#   Νίκος: 6 (Ν), 44444 (ί: η θ ι ή ί), 5 (κ), 666 (ο), 7777 (ς: π ρ σ ς)
#   Άννα: 2222 (Ά: Α Β Γ Ά), 6 (ν), 6 (ν), 2 (α)
#   Ζωή: 333 (Ζ), 999 (ω: χ ψ ω), 4444 (ή)
_GREEK = (
    ("Νίκος", "0 6~1500 44444~1500 5~1500 666~1500 7777#"),
    ("Άννα", "0 2222~1500 6~1500 6~1500 2#"),
    ("Ζωή", "0 333~1500 999~1500 4444#"),
)


def _device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="64K")


def test_a_greek_name_with_its_tonos_is_typed_shown_and_logged_as_nfc(tmp_path: Path) -> None:
    dev = _device(tmp_path, "el")
    shown = dev.keys(new_game_keys("prefa") + " 3 " + " ".join(keys for _, keys in _GREEK) + " 100# # # #")
    home = " ".join(lines(shown[-1]))
    dev.close()
    names = [n for n, _ in _GREEK]
    for n in names:
        assert n in home, home  # on the home screen, each letter drawn from the font (none a box)
        assert all(c.isascii() or c in font.GLYPHS for c in n)
    log, _ = device_log(dev.data, tmp_path)
    header = json.loads(log[0])
    assert header["players"] == names
    assert all(unicodedata.is_normalized("NFC", n) for n in header["players"])
    assert "\u0301" not in log[0] and "\u0308" not in log[0]


def test_the_greek_keys_hold_every_vowel_with_tonos_and_dialytika_on_its_plain_vowels_key() -> None:
    from kitapi.app import lang_el

    letters, capitals = lang_el.T[71], lang_el.T[72]  # LETTERS, CAPITALS
    assert "".join(letters[2:]) == "αβγάδεζέηθιήίϊκλμνξοόπρσςτυφύϋχψωώ"
    for plain, marked in zip("αεηιιουυω", "άέήίϊόύϋώ", strict=True):  # a marked vowel on its plain vowel's key
        assert [k for k in range(10) if plain in letters[k]] == [k for k in range(10) if marked in letters[k]]
    for plain, marked in zip("ΑΕΗΙΟΥΩ", "ΆΈΉΊΌΎΏ", strict=True):
        assert [k for k in range(10) if plain in capitals[k]] == [k for k in range(10) if marked in capitals[k]]
    assert all(c in font.GLYPHS for c in "".join(letters + capitals).replace(" ", "").replace("-", ""))


def test_misere_is_spelled_with_its_e_grave_on_an_english_preferans_box(tmp_path: Path) -> None:
    dev = _device(tmp_path, "en")
    typed = ("0 2~1500 66~1500 66#", "0 22~1500 666~1500 22#", "0 222~1500 2~1500 8#")  # Ann, Bob, Cat
    dev.keys(new_game_keys("sochi") + " 3 " + " ".join(typed) + " 10# # # #")
    contract = lines(dev.keys("1")[-1])  # Ann is the soloist: the contract step
    legend = lines(dev.keys("* * 0 # # # A 0")[-1])  # an all-pass hand, the hands list, its legend
    dev.close()
    assert "A: misère" in contract, contract
    assert "Mis misère" in legend, legend
    assert not any("misere" in s for s in contract + legend)


def test_a_kept_name_in_another_unicode_form_is_seated_as_nfc_and_typed_again_is_taken(tmp_path: Path) -> None:
    """The names kept hold "Νίκος" with ι + U+0301 (as a PC may write it): picked, he is seated in NFC, as the
    archive compares names; typed again with the keys' ί he is the same player, refused as taken."""
    nikos, decomposed = "Νίκος", "Νι\u0301κος"
    dev = _device(tmp_path, "el")
    (dev.data / "names").write_text(f"{decomposed}\nΆννα\n", encoding="utf-8")
    dev.keys(new_game_keys("prefa") + " 3")
    seated = lines(dev.keys("1")[-1])  # Νίκος from the names kept
    again = lines(dev.keys(_GREEK[0][1])[-1])  # Νίκος typed with the keys
    dev.keys("2 " + _GREEK[2][1] + " 100# # # #")  # Άννα kept, Ζωή typed
    dev.close()
    assert "Παίκτης 2" in seated, seated
    assert any(s.startswith(nikos + ":") for s in again), again  # "Νίκος: υπάρχει", still the second player
    log, _ = device_log(dev.data, tmp_path)
    assert json.loads(log[0])["players"] == [nikos, "Άννα", "Ζωή"]
    assert decomposed not in log[0]
