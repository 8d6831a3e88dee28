"""A tournament's pure computations (issue 34, the first step): no archive, no command, no page yet.

- ``tables``: the tables' sizes for n players under a points system (``serbian``: threes; ``matchpoints``:
  threes and as few fours as needed);
- ``seating``: the seeded draw of the players' numbers, the fixed rounds 1..K with no pair meeting twice
  where a design allows it (the affine plane of order 3, Kirkman's schoolgirls, else a seeded search), and
  the later rounds seated by the standings;
- ``points``: a table's points by its players' results (``serbian``, ``matchpoints``), exact fractions;
- ``standings``: the standings after every round with their tie-break columns.

A player is his drawn number (1..n) throughout; the names belong to the draw. docs/tournaments.md gives the
rules, their sources and the readings of their ambiguous sentences."""
