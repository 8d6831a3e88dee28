"""The archive's refusal, apart: kitapi_host.archive.db and its PostgreSQL connection (.pg) both raise it."""


class ArchiveError(Exception):
    """A request the archive refuses (unknown game or player, a merge that cannot be): one line."""
