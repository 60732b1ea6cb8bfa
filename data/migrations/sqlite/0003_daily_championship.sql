-- Schema version 3: the daily championship.
-- 1. Each day of a server's championship: the deal's setup (the session layer's JSON,
--    frozen at the day's first try so that every player meets the same game), when it
--    closes, and whether its ranking was made and posted (once, across restarts).
-- 2. A try is a game of its own, saved after every move: the day's tries are counted when
--    they start (10 a day), and a finished try keeps its score, its turns and its end.
--    Version 2's tries (scores only) are kept as counted tries.
-- 3. Each player's final place of a closed day: their championship statistics.
-- 4. The secret the days' deals are derived from (HMAC), so nobody can compute one early.

CREATE TABLE challenge_days (
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    setup      TEXT    NOT NULL,
    closes_at  REAL    NOT NULL,
    closed_at  REAL,
    channel_id INTEGER,
    posted_at  REAL,
    message_id INTEGER,
    PRIMARY KEY (guild_id, day)
) STRICT;

-- due_challenge_days(now) and current_challenge_day(guild, now): the days still open.
CREATE INDEX challenge_days_open ON challenge_days (closes_at) WHERE closed_at IS NULL;
-- unposted_challenge_days(): closed, to be posted.
CREATE INDEX challenge_days_unposted ON challenge_days (closed_at)
    WHERE closed_at IS NOT NULL AND posted_at IS NULL;

CREATE TABLE challenge_tries_v3 (
    guild_id    INTEGER NOT NULL,
    day         TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    user_id     INTEGER NOT NULL,
    try         INTEGER NOT NULL CHECK (try BETWEEN 1 AND 10),
    name        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('playing', 'counted', 'late', 'abandoned')),
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    started_at  REAL    NOT NULL,
    finished_at REAL,
    score       INTEGER,
    turns       INTEGER,
    PRIMARY KEY (guild_id, day, user_id, try),
    CHECK ((status = 'counted') = (score IS NOT NULL AND turns IS NOT NULL
                                   AND finished_at IS NOT NULL))
) STRICT;

INSERT INTO challenge_tries_v3 (guild_id, day, user_id, try, name, status, state, version,
                                started_at, finished_at, score, turns)
SELECT guild_id, day, user_id, try, '', 'counted', NULL, 0, at, at, score, 0
FROM challenge_tries;

DROP TABLE challenge_tries;
ALTER TABLE challenge_tries_v3 RENAME TO challenge_tries;

-- delete_user_data(user) and challenge_played(guild, user).
CREATE INDEX challenge_tries_user ON challenge_tries (user_id, guild_id);
-- One try in progress per player and server.
CREATE UNIQUE INDEX challenge_tries_playing ON challenge_tries (guild_id, user_id)
    WHERE status = 'playing';

CREATE TABLE challenge_results (
    guild_id INTEGER NOT NULL,
    day      TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    rank     INTEGER NOT NULL CHECK (rank >= 1),
    name     TEXT    NOT NULL,
    score    INTEGER NOT NULL,
    turns    INTEGER NOT NULL,
    tries    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day, user_id)
) STRICT, WITHOUT ROWID;

-- challenge_stats(guild, user) and delete_user_data(user).
CREATE INDEX challenge_results_player ON challenge_results (user_id, guild_id);

CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      BLOB NOT NULL,
    created_at REAL NOT NULL
) STRICT, WITHOUT ROWID;
