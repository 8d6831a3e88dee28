"""The archive: the games kept on the PC in SQLite (``store``), their hands and statistics; ``cli`` its subcommands."""
