"""What the archive compares and counts, apart from its storage: a player's name in the one form the archive
compares (``nfc``) and a name that shows nothing (``blank``); what a stored game gave a seat in its family's
unit (``unit``).  ``kitapi_host.archive.db`` keeps its games with them, and ``kitapi_host.tournament.store``
(which ``db`` asks as it adds a game) reads the same figures, without importing ``db``."""

from __future__ import annotations

import unicodedata
from fractions import Fraction
from typing import Any

from kitapi_host.families import family_name


def nfc(name: str) -> str:
    """``name`` as the archive compares names: Unicode NFC (one form for ``Zoë``, typed either way)."""
    return unicodedata.normalize("NFC", name)


# What shows nothing when printed: spaces, controls, format characters (the zero-width ones), combining
# marks on nothing, and the letters that are blanks (the Hangul fillers, the blank Braille pattern).
_BLANK_CATEGORIES = ("Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me")
_BLANK_LETTERS = "\u115f\u1160\u3164\uffa0\u2800"


def blank(name: str) -> bool:
    """``name`` shows nothing: only spaces, zero-width or other invisible characters (a name the PC refuses)."""
    return all(unicodedata.category(c) in _BLANK_CATEGORIES or c in _BLANK_LETTERS for c in name)


def unit(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    """What a game (its stored ``result``) gave seat ``seat``, in its family's unit: ``(family, amount)``.
    Prefa's chips (``prefa``), Russian Preferans' and Balkan's net whists (``preferans``, ``balkan``), the
    kasa's net kapikia (``kasa``), a pot game's chips won or lost (its rules id: the stock less what each
    player brought, as the stats count them), Priffe's individual points (``priffe``)."""
    fam = family_name(rules) or rules
    if "settlement" in result:  # (Balkan's whists are not Russian Preferans': its own standings, by its rules id)
        from kitapi_host.families.preferans import variant

        return (rules if variant(rules).NUMBERED else fam), Fraction(result["settlement"][seat])
    if "net" in result:
        return fam, Fraction(result["net"][seat])
    if "stock" in result:
        brought = (result["pot"] + sum(result["stock"])) // len(result["stock"])
        return rules, Fraction(result["stock"][seat] - brought)
    if "individual" in result:
        return fam, Fraction(result["individual"][seat])
    return fam, Fraction(result["chips"][seat])
