"""What the archive compares and counts, apart from its storage: a player's name in the one form the archive
compares (``nfc``) and a name that shows nothing (``blank``); what a stored game gave a seat in its family's
unit (``unit``).  ``kitapi_host.archive.db`` keeps its games with them, and ``kitapi_host.tournament.store``
(which ``db`` asks as it adds a game) reads the same figures, without importing ``db``."""

from __future__ import annotations

import functools
import unicodedata
from fractions import Fraction
from typing import Any

from kitapi_host.families import Family, archive_family


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
    """What a game (its stored ``result``) gave seat ``seat``, in its family's unit: ``(key, amount)``, its
    family's ``seat_total`` (kitapi_host.families.hookspecs): Prefa's chips (``prefa``), Russian Preferans' and
    Balkan's net whists (``preferans``, ``balkan``), the kasa's net kapikia (``kasa``), a pot game's chips won
    or lost (its rules id), Priffe's individual points (``priffe``)."""
    return _hooks(rules).seat_total(rules, result, seat)


@functools.lru_cache(maxsize=64)
def _hooks(rules: str) -> Family:
    """The family of ``rules`` with its hooks (asked once a system: a period's standings ask thousands)."""
    return archive_family(rules)
