"""The PC's side of the pot family (kitapi.registry's family column): see kitapi_host.families."""

from __future__ import annotations

# --- the archive: a hand's facts, its row in show, the statistics, the titles --------------------------------


# --- the typist and the generator: the keys a hand is typed with, a new game's setup, random games ----------
