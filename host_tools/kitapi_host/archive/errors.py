"""The archive's refusal, apart: kitapi_host.archive.db and its PostgreSQL connection (.pg) both raise it."""


class ArchiveError(Exception):
    """A request the archive refuses (unknown game or player, a merge that cannot be): one line."""


class LogError(ArchiveError):
    """A log with bad input (the core's RuleError): nothing was written."""

    def __init__(self, name: str, line: int, reason: str) -> None:
        super().__init__(f"{name}:{line}: {reason}")
        self.name = name
        self.line = line
        self.reason = reason


class NoArchive(ArchiveError):
    """No archive where one was to be read (``Archive(..., create=False)``): nothing was made."""


class ConsistencyError(ArchiveError):
    """The effective hands do not give the replay's standings (a bug, never bad input)."""
