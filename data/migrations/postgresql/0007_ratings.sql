-- Schema version 7 (PostgreSQL dialect of the SQLite 0007_ratings.sql).
-- Skill ratings (OpenSkill's Plackett-Luce model, see data/rating.py) per server, variant
-- and player: a person ("user:<id>") or a computer level ("computer:<level>"), so that
-- beating a hard computer counts more than beating an easy one. A finished match updates
-- them in the transaction that stores it (data/ratings.py), and rating_changes keeps every
-- seat's rating before and after each match: the end-of-match message, the picture of
-- /rummy stats, and the rebuild (rummy-bot ratings --rebuild) read it.
-- match_seats.level: the level a computer seat played at (NULL: a person, or a match
-- stored before this version, whose computers the rebuild reads from their names).

ALTER TABLE match_seats ADD COLUMN level TEXT;

CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    variant     TEXT    NOT NULL,
    player      TEXT    NOT NULL,            -- 'user:<id>' or 'computer:<level>'
    user_id     BIGINT,                      -- NULL: a computer level
    name        TEXT    NOT NULL,            -- the name of the player's latest match
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    ordinal     DOUBLE PRECISION NOT NULL, -- mu - 3 sigma, what the boards sort by
    matches     INTEGER NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, variant, player)
);

-- the rating board of a server and variant, and of a server (every variant)
CREATE INDEX ratings_board ON ratings (guild_id, variant, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_board_all ON ratings (guild_id, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_user ON ratings (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE rating_changes (
    match_id      BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    guild_id      BIGINT  NOT NULL,
    variant       TEXT    NOT NULL,
    player        TEXT,                      -- NULL: a deleted player, rated from scratch
    user_id       BIGINT,
    mu_before     DOUBLE PRECISION NOT NULL,
    sigma_before  DOUBLE PRECISION NOT NULL,
    mu_after      DOUBLE PRECISION NOT NULL,
    sigma_after   DOUBLE PRECISION NOT NULL,
    matches       INTEGER NOT NULL,          -- the player's rated matches with this one
    finished_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, seat)
);

-- a player's history of one server and variant (the picture of /rummy stats)
CREATE INDEX rating_changes_player ON rating_changes (user_id, guild_id, variant, finished_at)
    WHERE user_id IS NOT NULL;
