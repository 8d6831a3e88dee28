"""The archive's tables: the schema at ``SCHEMA_VERSION`` (on SQLite; PostgreSQL's types by
``kitapi_host.archive.pg.ddl``), and the migrations from each older version."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

SCHEMA_VERSION = 7
# PRAGMA application_id of a Kitapi archive ("KTPI", as a device log's magic): another program's SQLite file
# is told apart before anything is written to it.  Archives made before it have 0 there and Kitapi's tables.
APPLICATION_ID = 0x4B545049
OWN_TABLES = {"schema_version", "players", "games", "game_players", "hands", "corrections"}

SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    device TEXT NOT NULL,          -- the device's name ("file" for kitapi archive add)
    name TEXT NOT NULL,            -- the log's file name on the device (or the file's path)
    started TEXT,                  -- the header's "started", if any
    rules TEXT NOT NULL,
    header TEXT NOT NULL,          -- the header line (kitapi.jsonw.header_json)
    log BLOB NOT NULL,             -- empty: the log is in the table logs (schema 1 and 2 kept it here)
    format TEXT NOT NULL,          -- "device" or "jsonl"
    sha256 TEXT NOT NULL,          -- of log
    hands INTEGER NOT NULL,        -- hands scored (the result's "hands")
    result TEXT NOT NULL,          -- kitapi.game.result_json of the replay
    over INTEGER NOT NULL,         -- 1: the game is over (played out, or closed: ended)
    ended INTEGER NOT NULL,        -- 1: the log closed the game ({"end": true})
    damage TEXT,                   -- NULL, or where a device log is damaged (scored up to there)
    added TEXT NOT NULL,           -- UTC, ISO 8601
    updated TEXT NOT NULL,
    canon TEXT,                    -- sha256 of the game as canonical JSON Lines (kitapi.jsonw, either form)
    canon_len INTEGER              -- the length of that text, in bytes
);
CREATE INDEX games_source ON games (device, name);
CREATE UNIQUE INDEX games_sha256_unique ON games (sha256);  -- the same bytes are one game, whoever sends them
CREATE INDEX games_header ON games (header);
CREATE INDEX games_date ON games ((COALESCE(started, added)), id);
CREATE INDEX games_rules ON games (rules);
CREATE TABLE logs (                -- a table of its own, the blob its last column: written and read in
                                   -- chunks (incremental blob I/O), never whole in memory
    game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    log BLOB NOT NULL              -- the log exactly as imported (device log or JSON Lines)
);
CREATE TABLE game_players (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (game, seat),
    UNIQUE (game, player)
);
CREATE INDEX game_players_player ON game_players (player, game);
CREATE TABLE hands (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,       -- the hand's number in the log (deleted hands leave a gap)
    hand TEXT NOT NULL,            -- the effective hand (after corrections), as its log line
    corrected INTEGER NOT NULL,    -- 1: a replace correction gave it these contents
    kind TEXT NOT NULL,            -- Prefa "play", "pass", "throw"; Preferans "play", "allpass", "resign", "misdeal";
                                   -- prefa_kasa also "topup" (every player adds to the kasa)
    bidder INTEGER REFERENCES players (id),  -- Prefa's bidder, Preferans' soloist; NULL for pass, allpass, misdeal,
                                             -- topup
    contract TEXT,                 -- "7H", Preferans' misere "M", Balkan's "2" to "7" (the closed Game bid:
                                   -- the hand's "game"); NULL unless played (or resigned)
    defense TEXT,                  -- Prefa: "both", "alone", "invite", "none"; NULL unless played
    bidder_tricks INTEGER,         -- the bidder's (soloist's) tricks; NULL unless the cards were played
    made INTEGER,                  -- 1 made, 0 not (a resignation: 0); NULL unless played (or resigned)
    short INTEGER,                 -- tricks short of the contract (0 when made; a failed misere: the tricks
                                   -- the soloist took); NULL unless played
    whist TEXT,                    -- Preferans: the defenders' final words as in the log, "whist/pass"
                                   -- (Hussar: one word); NULL without whisting
    tricks TEXT,                   -- every seat's tricks in seat order, a JSON array (an all-pass's too);
                                   -- NULL when no card was played
    PRIMARY KEY (game, number)
);
CREATE TABLE corrections (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    line INTEGER NOT NULL,         -- the record's line (a device log's as its JSON line would be)
    op TEXT NOT NULL,              -- "replace" or "delete"
    number INTEGER NOT NULL,       -- the hand it corrects
    hand TEXT,                     -- the new contents of a replace
    PRIMARY KEY (game, line)
);
"""

# Schema 7: the tournaments (kitapi tournament, kitapi_host.tournament.store), their players, tables and the
# games attached to them.
TOURNAMENTS = """
CREATE TABLE IF NOT EXISTS tournaments (  -- kitapi tournament (kitapi_host.tournament.store)
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    rules TEXT NOT NULL,           -- the system of its games
    options TEXT NOT NULL,         -- their options, a JSON object
    points TEXT NOT NULL,          -- "serbian" or "matchpoints"
    rounds INTEGER NOT NULL,
    fixed INTEGER NOT NULL,        -- rounds 1..fixed were seated when it was made
    seed INTEGER NOT NULL,         -- of the draw (and of the fixed rounds' search)
    design TEXT NOT NULL,          -- where the fixed rounds come from
    made TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournament_players (
    tournament INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,       -- drawn
    player INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament, number),
    UNIQUE (tournament, player)
);
CREATE TABLE IF NOT EXISTS tournament_tables (
    tournament INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,
    seats TEXT NOT NULL,           -- the drawn numbers of its players, a JSON array
    seated TEXT NOT NULL,          -- UTC: a game started since may be the table's
    game INTEGER REFERENCES games (id),
    results TEXT,                  -- a decided or closed table's results seat by seat, a JSON array of "N/D"
    mark TEXT,                     -- NULL, "decided" (kitapi tournament result), "closed" (close-round)
    PRIMARY KEY (tournament, round, number)
);
CREATE UNIQUE INDEX IF NOT EXISTS tournament_tables_game ON tournament_tables (game);
CREATE TABLE IF NOT EXISTS tournament_detached (  -- a game detached from a table: not attached again by itself
    tournament INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game INTEGER NOT NULL REFERENCES games (id),
    PRIMARY KEY (tournament, game)
);
"""

SCHEMA += TOURNAMENTS

# From one schema version to the next: what changes in the tables; the hand table is
# then filled again from the stored logs (Archive._migrate).
MIGRATIONS = {
    1: (
        # 2: Russian Preferans hands in detail (v1 stored them as "play" with no facts),
        # the defenders' words and every seat's tricks.
        "ALTER TABLE hands ADD COLUMN whist TEXT;",
        "ALTER TABLE hands ADD COLUMN tricks TEXT;",
    ),
    2: (
        # 3: one game whatever its form (a JSON Lines copy and a device log of one game):
        # the digest of its canonical JSON Lines.
        "ALTER TABLE games ADD COLUMN canon TEXT;",
        "ALTER TABLE games ADD COLUMN canon_len INTEGER;",
        "CREATE INDEX games_header ON games (header);",
        # and each log in a table of its own, read and written in chunks
        "CREATE TABLE logs (game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE, log BLOB NOT NULL);",
        "INSERT INTO logs (game, log) SELECT id, log FROM games;",
        "UPDATE games SET log = x'';",
    ),
    3: (
        # 4: a game closed by its log's end record is over (the core's Game.close): its
        # stored result (which always ends with "over") says so too.
        "UPDATE games SET over = 1, result = replace(result, '\"over\": false}', '\"over\": true}') WHERE ended = 1;",
    ),
    4: (
        # 5: the league (many venues' PCs writing to one database): the same bytes are one game as a
        # constraint of the database, not only add_log's look-up; and the indexes of the standings of a
        # period and of a player's games (Archive.standings, player_games, head_to_head).
        "DROP INDEX IF EXISTS games_sha256;",
        "CREATE UNIQUE INDEX IF NOT EXISTS games_sha256_unique ON games (sha256);",
        "CREATE INDEX IF NOT EXISTS games_date ON games ((COALESCE(started, added)), id);",
        "CREATE INDEX IF NOT EXISTS game_players_player ON game_players (player, game);",
    ),
    5: (
        # 6: the systems the archive holds games of (every page of kitapi serve lists them) read from an
        # index, a step per system, not from every game's row (150 ms at 100,000 games).
        "CREATE INDEX IF NOT EXISTS games_rules ON games (rules);",
    ),
    # 7: the tournaments (kitapi tournament).
    6: tuple(f"{stmt.strip()};" for stmt in TOURNAMENTS.split(";\n") if stmt.strip()),
}
# The migrations from these versions change what the hand table holds: it is filled again from the logs.
REFILL_BELOW = 4
# An archive of this schema or a later one that cannot be written (a read-only disk) is read as it is by what
# only reads (``create=False``: the web page): schema 6 lacks only the tournaments' tables, 5 an index too,
# which the readers do without (the web page then shows no tournaments).
READ_AS_IS = 5


def statements(script: str) -> Iterator[str]:
    """The statements of an SQL script, one at a time (executescript would commit the transaction)."""
    stmt = ""
    for line in script.splitlines(keepends=True):
        stmt += line
        if sqlite3.complete_statement(stmt):
            yield stmt
            stmt = ""
