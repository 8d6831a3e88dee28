"""The archive's statistics: per-player figures across every game, each family's apart (Prefa's chips,
Preferans' and Balkan's whists, the kasa's kapikia, each pot game's chips, Priffe's individual points), counted
from the stored hands with the core (``count``), each family's by its module (``kitapi_host.families``)."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from kitapi.game import new_game
from kitapi_host.families import archive_families, archive_family


def count(db: Any, player: str | None = None) -> list[dict[str, Any]]:
    """Per-player figures across every game of the archive ``db`` (or one player's); see ``PlayerStats``.
    ``db``: the archive's connection (sqlite3's, or kitapi_host.archive.pg's: the same SQL)."""
    table: dict[int, PlayerStats] = {}
    blank = blank_parts()  # (asked once: each family asks the core's classes)
    for pid, name in db.execute("SELECT id, name FROM players ORDER BY name"):
        if player is None or name == player:
            table[pid] = PlayerStats(name, parts=copy.deepcopy(blank))
    if player is None:
        games = db.execute("SELECT id, header, result FROM games ORDER BY id").fetchall()
        seats_of: dict[int, list[int]] | None = None
        hands_of: dict[int, list[str]] | None = None
    else:  # only his games, their seats and hands in one query each (a league's player page: milliseconds)
        mine = "SELECT gp.game FROM game_players gp JOIN players p ON p.id = gp.player WHERE p.name = ?"
        games = db.execute(
            f"SELECT id, header, result FROM games WHERE id IN ({mine}) ORDER BY id", (player,)
        ).fetchall()
        seats_of = {}  # (typed above)
        for game, pid in db.execute(
            f"SELECT game, player FROM game_players WHERE game IN ({mine}) ORDER BY game, seat", (player,)
        ):
            seats_of.setdefault(game, []).append(pid)
        hands_of = {}
        for game, text in db.execute(
            f"SELECT game, hand FROM hands WHERE game IN ({mine}) ORDER BY game, number", (player,)
        ):
            hands_of.setdefault(game, []).append(text)
    classes: dict[str, Any] = {}
    for gr in games:
        if seats_of is None:
            seats = [r[0] for r in db.execute("SELECT player FROM game_players WHERE game = ? ORDER BY seat", (gr[0],))]
        else:
            seats = seats_of.get(gr[0], [])
        if not any(p in table for p in seats):
            continue
        res = json.loads(gr["result"])
        header = json.loads(gr["header"])
        # the core's class of the game's rules, made once: new_game finds it through kitapi.registry, which lets
        # itself go after each look-up (for the Pico's heap), imported again each time (a third of the time)
        cls = classes.get(header.get("rules"))
        g: Any = new_game(header) if cls is None else cls(header)
        classes[g.name] = type(g)
        for pid in seats:
            if pid in table:
                table[pid].games += 1
                table[pid].hands += res["hands"]
        if hands_of is None:
            texts = [t for (t,) in db.execute("SELECT hand FROM hands WHERE game = ? ORDER BY number", (gr[0],))]
        else:
            texts = hands_of.get(gr[0], [])
        archive_family(g.name).count(g, res, [json.loads(t) for t in texts], seats, table)
    return [st.as_dict() for st in table.values()]


def blank_parts() -> dict[str, Any]:
    """A player's blank figures of every family the archive keeps (each family's ``stats_parts``), by their key."""
    parts: dict[str, Any] = {}
    for m in archive_families():
        parts.update(m.stats_parts())
    return parts


@dataclass
class PlayerStats:
    """One player's figures.

    - ``games``, ``hands`` (hands scored in his games): every game system;
    - ``parts``: his figures of each family, by their key (each family's ``stats_parts``, in
      kitapi.registry's order): Prefa's in the player's object itself (key ""), then ``preferans``
      (Russian Preferans), ``balkan`` (a variant whose contracts are numbers), ``kasa``, each pot game
      under its rules id, ``priffe``; each documented in its family's module.
    """

    name: str
    games: int = 0
    hands: int = 0
    parts: dict[str, Any] = field(default_factory=blank_parts)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.name, "games": self.games, "hands": self.hands}
        for key, part in self.parts.items():
            if key:
                out[key] = part.as_dict()
            else:
                out.update(part.as_dict())
        return out
