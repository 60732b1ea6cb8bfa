-- Schema version 7.
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
    guild_id    INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    player      TEXT    NOT NULL,            -- 'user:<id>' or 'computer:<level>'
    user_id     INTEGER,                     -- NULL: a computer level
    name        TEXT    NOT NULL,            -- the name of the player's latest match
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,            -- mu - 3 sigma, what the boards sort by
    matches     INTEGER NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, variant, player)
) STRICT;

-- the rating board of a server and variant, and of a server (every variant)
CREATE INDEX ratings_board ON ratings (guild_id, variant, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_board_all ON ratings (guild_id, ordinal) WHERE user_id IS NOT NULL;
CREATE INDEX ratings_user ON ratings (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE rating_changes (
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    variant       TEXT    NOT NULL,
    player        TEXT,                      -- NULL: a deleted player, rated from scratch
    user_id       INTEGER,
    mu_before     REAL    NOT NULL,
    sigma_before  REAL    NOT NULL,
    mu_after      REAL    NOT NULL,
    sigma_after   REAL    NOT NULL,
    matches       INTEGER NOT NULL,          -- the player's rated matches with this one
    finished_at   REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
) STRICT;

-- a player's history of one server and variant (the picture of /rummy stats)
CREATE INDEX rating_changes_player ON rating_changes (user_id, guild_id, variant, finished_at)
    WHERE user_id IS NOT NULL;
