"""Text from a file or the archive made safe to show, the same way wherever it goes: on a terminal
(``clean``: the ``kitapi`` command's streams), as one line (``one_line``: a name in a table, on a sheet, in a
CSV cell) and in a spreadsheet (``cell`` and ``csv_value``: no cell a spreadsheet app takes for a formula).

A character shown as an escape is written as Python writes it in a string: ``\\x1b``, ``\\n``, ``\\u202e``."""

from __future__ import annotations

import re
import unicodedata

# What a terminal must never be sent from a file: C0 controls but tab and newline (ESC, BEL, CR...),
# DEL, C1 controls, the bidi controls, lone surrogates (which no encoder takes).
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
# What one line must not hold besides: tab, line feed and Unicode's line and paragraph separators.
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

# What a spreadsheet app takes as the start of a formula in a cell (OWASP, "CSV Injection").
FORMULA = ("=", "+", "-", "@", "\t", "\r")
# A figure a sheet writes as text: a whole number or a decimal, maybe signed (a minus or U+2212).
_NUMBER = re.compile("[-+\u2212]?[0-9]+(?:\\.[0-9]+)?")


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    return repr(c)[1:-1] if ord(c) < 0x100 else f"\\u{ord(c):04x}"


def clean(text: str) -> str:
    """``text`` with every character a terminal could act on shown as an escape (``\\x1b``, ``\\u202e``);
    its tabs and line feeds kept (the command's own output has them)."""
    return UNSAFE.sub(_escape, text)


def one_line(text: str) -> str:
    """``text`` as ``clean`` shows it, and its tabs and line breaks as escapes too (``\\t``, ``\\n``,
    ``\\u2028``): a name from the archive is one line, in a table row, a sheet's cell, a CSV's cell."""
    return _BREAKS.sub(_escape, text)


def _lead(text: str) -> str:
    """``text`` from its first character that is not a space, a control or an invisible format character."""
    i = 0
    while i < len(text) and (text[i].isspace() or unicodedata.category(text[i]) in ("Cc", "Cf", "Zs", "Zl", "Zp")):
        i += 1
    return text[i:]


def cell(text: str) -> str:
    """A CSV cell of text (a name, a word): one line (``one_line``), with a leading ``'`` when it starts,
    after any spaces and invisible characters, as a formula does (``FORMULA``): a spreadsheet app then
    shows it as the text it is.  A name that looks like a number ("-12") is text too."""
    text = one_line(text)
    return "'" + text if _lead(text)[:1] in FORMULA else text


def csv_value(v: object) -> object:
    """A value of a CSV row as written: a number as it is, a text that is a figure (``-12``, ``-6.67``, a
    sheet's rounded thirds) as it is, any other text as ``cell`` writes it."""
    if not isinstance(v, str) or _NUMBER.fullmatch(v):
        return v
    return cell(v)
