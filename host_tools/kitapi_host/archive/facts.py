"""The archive's columns of a hand (``HandFacts``): what kind of hand, who bid what, made or not, the tricks,
as the core parsed and scored it; each family's own in its module (``kitapi_host.families.<family>.facts``).

Used by the family modules (``kitapi_host.families``), whose ``facts`` the archive's storage
(``kitapi_host.archive.db``), its statistics and the pot sheet ask.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass
class HandFacts:
    number: int
    hand: str  # the log line
    corrected: bool
    kind: str
    bidder: int | None  # seat
    contract: str | None = None
    defense: str | None = None
    bidder_tricks: int | None = None
    made: bool | None = None
    short: int | None = None
    whist: str | None = None
    tricks: str | None = None  # JSON


def tricks_json(line: str) -> str | None:
    """Every seat's tricks of a hand's log line, as JSON (a played hand's or an all-pass's), or None."""
    if not line:
        return None
    d = json.loads(line)
    tricks = d.get("tricks", d.get("allpass"))
    return None if tricks is None else json.dumps(tricks)


def outcome_facts(o: dict[str, Any], number: int, line: str, corrected: bool) -> HandFacts:
    """The columns every family's hand has, from its outcome ``o`` (the family's ``outcome`` hook,
    kitapi_host.families.hookspecs): kind, bidder, contract, defense, tricks, made, short; a family adds its own
    (``tricks``, ``whist``)."""
    f = HandFacts(number, line, corrected, o["kind"], o["bidder"], o["contract"], o["defense"], o["tricks"])
    f.made, f.short = o["made"], o["short"]
    return f
