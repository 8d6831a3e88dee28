"""The archive: the games kept on the PC in SQLite.

- ``db``: the storage, ``Archive``: a log in (``Archive.add_log``), games, players, the stored logs; made of
  ``connection`` (the database opened, its transactions), ``schema`` (the tables and their migrations), ``parse``
  (what the core makes of a log), ``adding`` (a log in), ``players``, ``queries`` and ``league`` (the league's
  pages);
- ``facts``: the archive's columns of a hand (what kind, who bid what, made or not), per family;
- ``stats``: per-player statistics across every game;
- ``cli``: the subcommands (``archive add``, ``games``, ``show``, ``stats``, ``players``...).
"""
