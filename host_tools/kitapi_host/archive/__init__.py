"""The archive: the games kept on the PC in SQLite.

- ``store``: storage: a log in (``Archive.add_log``), games, players, the stored logs;
- ``facts``: the archive's columns of a hand (what kind, who bid what, made or not), per family;
- ``stats``: per-player statistics across every game;
- ``cli``: the subcommands (``archive add``, ``games``, ``show``, ``stats``, ``players``...).
"""
