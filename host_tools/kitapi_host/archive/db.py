"""The game archive on the PC: every game log ever imported, in one SQLite database.

The archive keeps each game's log exactly as it came (device log or JSON Lines)
and, next to it, what the core makes of it: the standings (the core's
``result_json``), the effective hands (after corrections), the corrections and
the players.  Nothing is computed here that the core does not compute: a game is
replayed with ``kitapi.replay.replay``, its records are read with the core's
readers, and the effective hands, played one by one on a fresh game, must give
exactly the replay's standings, or nothing is stored.  So a game's standings can
always be recomputed from its stored log and equal what the device showed.

``Archive.add_log(data, device, name)`` is the one way in; ``kitapi archive add``
calls it for files and the sync will call it for each log pulled from a device
(``device`` the device's name, ``name`` the file name on the device).  It is
idempotent and safe to call again after an interruption: each call is one
transaction, or a savepoint of a batch (``Archive.in_batches``: ``archive add`` of
many files and ``archive copy`` write up to 100 logs a transaction, whose commit
was most of the time of adding a small game alone).

``add_log`` and a log already stored under the same ``device`` and ``name``:

- the same bytes (sha256): ``"same"``, nothing written;
- a longer log that starts with the stored bytes (more hands were played since):
  the game is updated in place, ``"grown"``;
- a log that agrees with a *damaged* stored copy up to its damage and scores more
  hands (a good copy of a log once pulled damaged): updated in place, ``"grown"``,
  with a warning;
- a shorter log that the stored one starts with (an older copy): ``"same"``,
  nothing written, with a warning;
- any other log (the device reused the file name for another game): stored as a
  new game, ``"new"``, with a warning naming the game it did not replace.  Both
  are kept: the archive never throws a game away.

A log whose exact bytes are already archived under another device or name is
also ``"same"`` (with a warning): the same bytes are the same game, and counting
it twice would double its chips in the statistics.  So is a log of a game already
archived in the other form (a JSON Lines copy of a device log, or the reverse):
each game keeps the digest of its canonical JSON Lines (``canon``).  A game whose
header has ``started`` (as the device writes it) is matched also when one copy has
more hands: the longer one grows the game, the shorter one is an older copy.

A log is read as a stream (its size costs no memory) and kept in the table
``logs``, written and read in chunks.  The database is in WAL mode: readers never
wait for a writer, a writer waits for another up to ``busy_timeout()`` seconds.

Every game system of the core is archived: Greek Prefa (pouches and chips),
Russian Preferans (``sochi``, ``leningrad``, ``rostov``: pools, hills, whists and
the net settlement), Balkan Preferans (``balkan``: the Sochi engine with the bids
2 to 7, stored as Preferans) and Greek Prefa with a common kasa (``prefa_kasa``:
the kasa and each player's net kapikia, stored as Prefa, a top-up as a hand of
its own kind), the pot games (``preference_at``, ``preference_illustrated``,
``preference_us``: the pot, each player's stock and the refills; a hand's bid in
``contract``, the declarer in ``bidder``) and Swedish Priffe (``priffe``: the
contract, the declarer, the rubber and the individual points; what a hand scored
is the core's outcome, ``kitapi.outcome.hand_outcome``, by ``kitapi_host.families.priffe.priffe_points``).  The
hand table has columns for all of them (see ``kitapi_host.archive.schema``); the statistics keep
Prefa's chips, Preferans' whists, Balkan's whists, the kasa's kapikia, each pot
game's chips and Priffe's individual points apart.

Players are matched by name across games and devices: the same name is the same
player, the name compared after Unicode NFC normalisation (``Zoë`` typed as one
character or as ``e`` and a combining diaeresis is one player, its name kept in
NFC).  ``rename_player`` and ``merge_players`` fix names; the stored logs are
never changed, so the archive shows the player's current name wherever a game
names the player.
"""

from __future__ import annotations

from kitapi_host.archive.adding import GROWN, NEW, SAME, Added, Adding
from kitapi_host.archive.connection import DB_HELP, busy_timeout, db_arg, default_path, trouble
from kitapi_host.archive.errors import ArchiveError, ConsistencyError, LogError, NoArchive
from kitapi_host.archive.league import League
from kitapi_host.archive.schema import APPLICATION_ID, READ_AS_IS, SCHEMA_VERSION
from kitapi_host.archive.values import unit

__all__ = [
    "APPLICATION_ID",
    "DB_HELP",
    "GROWN",
    "NEW",
    "READ_AS_IS",
    "SAME",
    "SCHEMA_VERSION",
    "Added",
    "Archive",
    "ArchiveError",
    "ConsistencyError",
    "LogError",
    "NoArchive",
    "busy_timeout",
    "db_arg",
    "default_path",
    "trouble",
    "unit",
]


class Archive(Adding, League):
    """The archive database at ``path`` (created with its folder if missing; not ``create``: NoArchive, and
    nothing made, a file, a table or a schema, as every command that only reads and every web page open it).

    Many kitapi may use one archive at once: the database is in WAL mode, so a
    reader (``games``, ``show``, ``stats``) never waits for a writer and takes no
    write lock; a writer waits up to ``timeout`` seconds (``busy_timeout()``) for
    another writer, then sqlite3.OperationalError ("database is locked").

    ``path`` may be a PostgreSQL URL (``postgresql://USER:PASSWORD@HOST/DB``): the
    same tables in that database (``kitapi_host.archive.pg``), the same answers.
    Readers never wait there either; a writer waits for another (an advisory lock
    held to the end of its transaction, as SQLite's write lock) up to ``timeout``,
    then ArchiveError.  ``path`` is then the URL without its password.
    """
