"""Who sits with whom (issue 34, item 3): the seeded draw, the fixed rounds, the rounds seated by standings.

A player is his drawn number, 1..n. A round is a list of tables, table 1 first; a table is a tuple of numbers
(ascending in a fixed round, in standings order in a round seated by the standings).

- ``draw``: the players' numbers, from ``random.Random(seed)``; the seed is returned, so the draw can be
  shown and redone.
- ``fixed_rounds``: rounds 1..K, fixed when the tournament is made, with no pair meeting twice where a design
  allows it. 9 players at threes: the affine plane of order 3 (4 rounds, every pair exactly once); 15 players:
  a Kirkman triple system (Kirkman's schoolgirls, 7 rounds, every pair exactly once). Other sizes (and rounds
  past a design's) are the social golfer problem (CSPLib prob010): a seeded search, each round seated greedily
  and then a tabu search of swaps between two tables of a round, over every round, in a bounded number of
  steps (not of seconds: the result is the same on any machine), finds the fewest repeated meetings it can.
- ``by_standings``: a later round, seated from the standings (the rule is ``by_standings``'s docstring).

docs/tournaments.md says where each part comes from."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

Table = tuple[int, ...]
Round = list[Table]

# 9 players, 4 rounds (the affine plane of order 3): the numbers in a 3×3 grid; its rows, columns,
# diagonals and anti-diagonals (the four parallel classes of lines), each pair of points on one line.
AFFINE_9: list[Round] = [
    [(1, 2, 3), (4, 5, 6), (7, 8, 9)],
    [(1, 4, 7), (2, 5, 8), (3, 6, 9)],
    [(1, 5, 9), (2, 6, 7), (3, 4, 8)],
    [(1, 6, 8), (2, 4, 9), (3, 5, 7)],
]

# 15 players, 7 rounds (a Kirkman triple system): the solution of Kirkman's schoolgirl problem with the girls
# numbered 1 to 15 that Wikipedia gives ("Kirkman's schoolgirl problem", Solution: Sunday to Saturday).
KIRKMAN_15: list[Round] = [
    [(1, 6, 11), (2, 7, 12), (3, 8, 13), (4, 9, 14), (5, 10, 15)],
    [(1, 2, 5), (3, 4, 7), (8, 9, 12), (10, 11, 14), (13, 15, 6)],
    [(2, 3, 6), (4, 5, 8), (9, 10, 13), (11, 12, 15), (14, 1, 7)],
    [(5, 6, 9), (7, 8, 11), (12, 13, 1), (14, 15, 3), (2, 4, 10)],
    [(3, 5, 11), (4, 6, 12), (7, 9, 15), (8, 10, 1), (13, 14, 2)],
    [(5, 7, 13), (6, 8, 14), (9, 11, 2), (10, 12, 3), (15, 1, 4)],
    [(11, 13, 4), (12, 14, 5), (15, 2, 8), (1, 3, 9), (6, 7, 10)],
]

# The designs by their tables' sizes, with their names: every pair exactly once over their rounds.
DESIGNS: dict[tuple[int, ...], tuple[str, list[Round]]] = {
    (3,) * 3: ("affine plane of order 3", AFFINE_9),
    (3,) * 5: ("Kirkman triple system", KIRKMAN_15),
}

# The search's budget: tabu steps for each round added (a few seconds at most for 30 players on a slow core).
STEPS = 400
TRIES = 3  # the tries at a round with no repeat before K stops there
HOT = 8  # the players in a repeated pair whose swaps a step weighs, at most (drawn among them)
TABU = 8  # a swapped pair of players may not be swapped back in their round for this many steps


def draw(players: Sequence[str], seed: int | None = None) -> tuple[int, list[str]]:
    """The seeded draw of the players' numbers: ``(seed, names)``, ``names[i]`` the name drawn number i + 1.
    Without a seed one is chosen (from the system's randomness) and returned; the same seed and the same list
    of names give the same draw. A ValueError for a name given twice or an empty one."""
    names = list(players)
    twice = sorted({p for p in names if names.count(p) > 1})
    if twice:
        raise ValueError(f"a player is named twice: {', '.join(twice)}")
    if any(not p.strip() for p in names):
        raise ValueError("a player's name is empty")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    random.Random(seed).shuffle(names)
    return seed, names


def repeats(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """The repeated meetings of ``rounds``: over every pair, its meetings past the first (0: no pair twice)."""
    seen: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for table in rnd:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = (min(a, b), max(a, b))
                    seen[key] = seen.get(key, 0) + 1
    return sum(c - 1 for c in seen.values())


@dataclass
class Fixed:
    """The fixed rounds: ``rounds`` (1..K), ``repeats`` (their repeated meetings), ``design`` (the design they
    come from, or "search") and ``seed`` (the search's)."""

    rounds: list[Round]
    repeats: int
    design: str
    seed: int


def fixed_rounds(
    sizes: Sequence[int], most: int, rounds: int | None = None, seed: int = 0, steps: int = STEPS
) -> Fixed:
    """Rounds 1..K for tables of ``sizes`` (``tables.table_sizes``). ``rounds`` is K; without it, K is as many
    rounds as can be seated with no pair twice, at most ``most`` (a design's rounds; otherwise the rounds the
    search seats with no repeat). The same arguments give the same rounds. ``steps``: the search's tabu steps
    for each round it adds (a bigger budget may find more; the default keeps 30 players to a few seconds)."""
    if any(s < 2 for s in sizes) or not sizes:
        raise ValueError(f"cannot seat tables of {list(sizes)}")
    if most < 1 or (rounds is not None and not 1 <= rounds <= most):
        raise ValueError(f"the fixed rounds must be 1 to {most}, the tournament's rounds")
    n = sum(sizes)
    name, design = DESIGNS.get(tuple(sizes), ("search", []))
    start = [[tuple(sorted(t)) for t in r] for r in design][: most if rounds is None else rounds]
    if design and (rounds is None or rounds <= len(start)):
        return Fixed(start, 0, name, seed)
    search = _Search(n, list(sizes), random.Random(seed), steps)
    for r in start:
        search.freeze(r)
    tries = TRIES
    while len(search.rounds) < (most if rounds is None else rounds):
        kept = search.copy()
        for _ in range(tries):
            if search.add():
                break
            search.restore(kept)  # and again, from the rounds before, the generator's state moved on
        else:
            if rounds is None:  # K: the rounds seated without a repeat
                break
            tries = 0  # past them, one try a round: the fewest repeats it finds
            search.add()
    out = search.result()
    return Fixed(out, repeats(out), f"{name}, then a search" if design else name, seed)


class _Search:
    """The social golfer search: rounds as lists of tables of player indices 0..n-1 (the first ``frozen`` kept
    as given), ``met[a][b]`` the meetings of a and b over them. ``cost``: over every pair, the pairs of its
    meetings (c(c-1)/2 for c meetings): 0 when no pair meets twice, and a pair meeting 3 times costs more than
    two pairs meeting twice, so where repeats must be they are spread."""

    def __init__(self, n: int, sizes: list[int], rng: random.Random, steps: int) -> None:
        self.n, self.sizes, self.rng, self.steps = n, sizes, rng, steps
        self.rounds: list[list[list[int]]] = []
        self.frozen = 0
        self.met = [[0] * n for _ in range(n)]
        self.cost = 0

    def _meet(self, table: Sequence[int], d: int) -> None:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                c = self.met[a][b]
                self.cost += c if d > 0 else 1 - c
                self.met[a][b] = self.met[b][a] = c + d

    def freeze(self, rnd: Round) -> None:
        """Adds a round the search keeps as it is (a design's)."""
        tables = [[p - 1 for p in t] for t in rnd]
        for t in tables:
            self._meet(t, 1)
        self.rounds.append(tables)
        self.frozen = len(self.rounds)

    def copy(self) -> list[list[list[int]]]:
        """The rounds, to ``restore``."""
        return [[list(t) for t in r] for r in self.rounds]

    def restore(self, rounds: list[list[list[int]]]) -> None:
        """The rounds as ``copy`` gave them."""
        for r in self.rounds:
            for t in r:
                self._meet(t, -1)
        self.rounds = [[list(t) for t in r] for r in rounds]
        for r in self.rounds:
            for t in r:
                self._meet(t, 1)

    def add(self) -> bool:
        """Adds a round, greedily seated, then lowers the repeats by swaps in every round not frozen: True when
        the rounds then have no repeat."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in self.sizes]
        for p in order:  # each player to the open table where he meets the fewest he has met (then the emptiest)
            best = min(
                (i for i in range(len(tables)) if len(tables[i]) < self.sizes[i]),
                key=lambda i: (sum(self.met[p][q] > 0 for q in tables[i]), len(tables[i])),
            )
            tables[best].append(p)
        for t in tables:
            self._meet(t, 1)
        self.rounds.append(tables)
        self._tabu()
        return self.cost == 0

    def _delta(self, rnd: list[list[int]], ta: int, a: int, tb: int, b: int) -> int:
        """The change in ``cost`` if ``a`` (of table ``ta``) and ``b`` (of table ``tb``) swap their seats."""
        met, d = self.met, 0
        for x in rnd[ta]:
            if x != a:
                d += met[b][x] - met[a][x] + 1
        for y in rnd[tb]:
            if y != b:
                d += met[a][y] - met[b][y] + 1
        return d

    def _tabu(self) -> None:
        """A tabu search over the rounds not frozen: at each step, of the swaps of a player in a pair that meets
        again (up to ``HOT`` such players, drawn) with a player at another table of his round, the one that
        lowers ``cost`` most is made (ties drawn; a swap made within the last ``TABU`` steps not made again
        unless it beats the best rounds yet); the best rounds seen are kept."""
        rng, met = self.rng, self.met
        best_cost, best = self.cost, [[list(t) for t in r] for r in self.rounds]
        tabu: dict[tuple[int, int, int], int] = {}
        for step in range(self.steps if len(self.sizes) > 1 else 0):  # (one table: no swap to make)
            if self.cost == 0:
                break
            hot = [
                (r, ti, p)
                for r in range(self.frozen, len(self.rounds))
                for ti, t in enumerate(self.rounds[r])
                for p in t
                if any(met[p][q] >= 2 for q in t if q != p)
            ]
            if not hot:  # the repeats are all in frozen rounds
                break
            if len(hot) > HOT:
                hot = rng.sample(hot, HOT)
            moves: list[tuple[int, int, int, int, int]] = []
            low = None
            for r, ta, a in hot:
                rnd = self.rounds[r]
                for tb, t in enumerate(rnd):
                    if tb == ta:
                        continue
                    for b in t:
                        d = self._delta(rnd, ta, a, tb, b)
                        if tabu.get((r, min(a, b), max(a, b)), -1) >= step and self.cost + d >= best_cost:
                            continue
                        if low is None or d < low:
                            low, moves = d, [(r, ta, a, tb, b)]
                        elif d == low:
                            moves.append((r, ta, a, tb, b))
            if not moves:
                continue
            r, ta, a, tb, b = rng.choice(moves)
            rnd = self.rounds[r]
            self._meet(rnd[ta], -1)
            self._meet(rnd[tb], -1)
            rnd[ta][rnd[ta].index(a)] = b
            rnd[tb][rnd[tb].index(b)] = a
            self._meet(rnd[ta], 1)
            self._meet(rnd[tb], 1)
            tabu[(r, min(a, b), max(a, b))] = step + TABU
            if self.cost < best_cost:
                best_cost, best = self.cost, [[list(t) for t in rr] for rr in self.rounds]
        if self.cost > best_cost:  # back to the best rounds seen
            for rr in self.rounds[self.frozen :]:
                for t in rr:
                    self._meet(t, -1)
            self.rounds[self.frozen :] = best[self.frozen :]
            for rr in self.rounds[self.frozen :]:
                for t in rr:
                    self._meet(t, 1)

    def result(self) -> list[Round]:
        return [[tuple(sorted(p + 1 for p in t)) for t in r] for r in self.rounds]


def by_standings(standings: Sequence[int], sizes: Sequence[int], met: Sequence[Round]) -> Round:
    """A round seated by the standings (``standings``: the numbers, 1st first), tables of ``sizes``, avoiding
    the pairs that met in the rounds ``met``. The rule:

    1. Table 1 takes the first ``sizes[0]`` players of the standings, table 2 the next ``sizes[1]``, and so on.
    2. Then, for each two adjacent tables, table t and t + 1 from the top down, while the two hold a pair that
       has met before: of the exchanges of one player of table t with one of table t + 1 that make fewer such
       pairs at the two tables together, the one between the two players closest in the standings (the
       smallest difference of places; on equal differences, the higher-placed player of table t) is made.
    3. Step 2 is done again from the top while it made an exchange.

    Every exchange makes fewer pairs that meet again in the round, so it ends; a pair that no exchange between
    adjacent tables can part meets again (the Serbian league's playoff seats by standings "even if they have
    met"). Each table lists its players in standings order."""
    order = list(standings)
    if sorted(order) != list(range(1, len(order) + 1)) or sum(sizes) != len(order):
        raise ValueError(f"the standings must hold each of the players 1..{sum(sizes)} once")
    place = {p: i for i, p in enumerate(order)}
    pairs = {(min(a, b), max(a, b)) for rnd in met for t in rnd for i, a in enumerate(t) for b in t[i + 1 :]}
    tables: list[list[int]] = []
    at = 0
    for s in sizes:
        tables.append(order[at : at + s])
        at += s

    def again(t: Sequence[int]) -> int:
        return sum((min(a, b), max(a, b)) in pairs for i, a in enumerate(t) for b in t[i + 1 :])

    moved = True
    while moved:
        moved = False
        for t in range(len(tables) - 1):
            upper, lower = tables[t], tables[t + 1]
            while again(upper) + again(lower):
                now = again(upper) + again(lower)
                found = None
                for a in upper:
                    for b in lower:
                        u = [b if x == a else x for x in upper]
                        w = [a if x == b else x for x in lower]
                        if again(u) + again(w) < now:
                            key = (abs(place[b] - place[a]), place[a])
                            if found is None or key < found[0]:
                                found = (key, u, w)
                if found is None:
                    break
                upper[:], lower[:] = found[1], found[2]
                moved = True
    return [tuple(sorted(t, key=place.__getitem__)) for t in tables]
