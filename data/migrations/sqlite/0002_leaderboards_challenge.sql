-- Schema version 2.
-- 1. Leaderboards by guild, variant and period read match_seats alone: copy the match's
--    guild, variant and finish time onto each seat (backfilled from matches) and index them.
-- 2. Why a game left play (expired, corrupt) is kept next to its status.
-- 3. Daily challenge results: one row per player, day and try.

ALTER TABLE match_seats ADD COLUMN guild_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_seats ADD COLUMN variant TEXT NOT NULL DEFAULT '';
ALTER TABLE match_seats ADD COLUMN finished_at REAL NOT NULL DEFAULT 0;

UPDATE match_seats
SET guild_id    = (SELECT m.guild_id FROM matches AS m WHERE m.id = match_seats.match_id),
    variant     = (SELECT m.variant FROM matches AS m WHERE m.id = match_seats.match_id),
    finished_at = (SELECT m.finished_at FROM matches AS m WHERE m.id = match_seats.match_id);

DROP INDEX match_seats_user;
-- leaderboard(guild, variant, period)
CREATE INDEX match_seats_board_variant
    ON match_seats (guild_id, variant, finished_at) WHERE user_id IS NOT NULL;
-- leaderboard(guild, all variants, period)
CREATE INDEX match_seats_board_all
    ON match_seats (guild_id, finished_at) WHERE user_id IS NOT NULL;
-- player_stats(guild, user[, variant]) and delete_user_data(user)
CREATE INDEX match_seats_player ON match_seats (user_id, guild_id, variant)
    WHERE user_id IS NOT NULL;

CREATE INDEX round_scores_user ON round_scores (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX game_log_actor ON game_log (actor) WHERE actor IS NOT NULL;

ALTER TABLE games ADD COLUMN status_reason TEXT;
-- expire_idle() scans active games by last activity.
CREATE INDEX games_active_idle ON games (updated_at) WHERE status = 'active';

CREATE TABLE challenge_tries (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    day       TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    try       INTEGER NOT NULL CHECK (try BETWEEN 1 AND 10),
    score     INTEGER NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (guild_id, day, user_id, try)
) STRICT, WITHOUT ROWID;

CREATE INDEX challenge_tries_user ON challenge_tries (user_id);
