"""The tables' sizes for n players under a points system (issue 34, item 2).

``serbian`` seats threes only, as the Serbian league does (preferans.org, PRAVILA TURNIRA 1: "Ukupan broj
igrača mora biti deljiv sa 3"); ``matchpoints`` seats threes and as few fours as needed: n ≡ 1 (mod 3) one
table of 4, n ≡ 2 two. The tables of 4 come last: table 1, the top table of a round seated by the standings,
is a three whenever there is one (docs/tournaments.md)."""

from __future__ import annotations

SYSTEMS = ("serbian", "matchpoints")


def table_sizes(n: int, points: str) -> list[int]:
    """The sizes of a round's tables, table 1 first, for ``n`` players under ``points`` (one of ``SYSTEMS``).
    A ValueError, its message one line a user can act on, for a number that cannot be seated."""
    if points not in SYSTEMS:
        raise ValueError(f"unknown points system {points!r}: one of {', '.join(SYSTEMS)}")
    if n < 3:
        raise ValueError(f"{n} players cannot make a table: a tournament needs at least 3")
    if points == "serbian":
        if n % 3:
            raise ValueError(
                f"serbian points need a number of players that is a multiple of 3 (tables of 3), not {n}:"
                " use --points matchpoints for tables of 3 and 4"
            )
        return [3] * (n // 3)
    if n == 5:
        raise ValueError("5 players cannot be seated at tables of 3 and 4: matchpoints needs 3, 4, 6 or more")
    fours = n % 3  # n ≡ 1: one table of 4 (3k + 4 = 3(k+1) + 1); n ≡ 2: two (3k + 8 = 3(k+2) + 2)
    return [3] * ((n - 4 * fours) // 3) + [4] * fours
