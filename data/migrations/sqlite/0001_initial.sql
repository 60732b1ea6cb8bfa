-- Rami store, schema version 1: games and their action log, round and match scores,
-- guild settings and player preferences. Times are Unix seconds (REAL, UTC).

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,            -- a thread is a channel
    guild_id    INTEGER NOT NULL,
    created_by  INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'finished', 'cancelled', 'expired', 'corrupt')),
    state       TEXT    NOT NULL,            -- opaque JSON owned by the session layer
    version     INTEGER NOT NULL DEFAULT 0,  -- number of saved actions = rows in game_log
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
) STRICT;

-- At most one active game per channel; ended games stay for history.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE status = 'active';

CREATE TABLE game_log (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,               -- the game's version after this action
    actor    INTEGER,                        -- NULL: the computer or the bot itself
    action   TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
) STRICT, WITHOUT ROWID;

CREATE TABLE round_scores (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    round_number  INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    user_id       INTEGER,                   -- NULL: a computer seat
    name          TEXT    NOT NULL,
    points        INTEGER NOT NULL,
    total         INTEGER NOT NULL,
    PRIMARY KEY (game_id, round_number, seat)
) STRICT, WITHOUT ROWID;

CREATE TABLE matches (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER UNIQUE REFERENCES games (id) ON DELETE SET NULL,
    guild_id     INTEGER NOT NULL,
    variant      TEXT    NOT NULL,
    finished_at  REAL    NOT NULL
) STRICT;

CREATE INDEX matches_guild_time ON matches (guild_id, finished_at);

CREATE TABLE match_seats (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,                     -- NULL: a computer seat (or a deleted player)
    name        TEXT    NOT NULL,
    total       INTEGER NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    rounds_won  INTEGER NOT NULL,
    rami_secs   INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
) STRICT;

CREATE INDEX match_seats_user ON match_seats (user_id) WHERE user_id IS NOT NULL;

-- Only the values a guild or a player changed; defaults live in data/settings.py.
CREATE TABLE guild_settings (
    guild_id    INTEGER PRIMARY KEY,
    settings    TEXT NOT NULL,               -- JSON object
    updated_at  REAL NOT NULL
) STRICT;

CREATE TABLE player_prefs (
    user_id     INTEGER PRIMARY KEY,
    prefs       TEXT NOT NULL,               -- JSON object
    updated_at  REAL NOT NULL
) STRICT;
