-- Schema version 9 (PostgreSQL dialect of the SQLite 0009_notices.sql, issue 27): turn notifications by direct message.
--
-- notices: each direct message due to a member about one table (their turn, a match
-- started, a match ended), so that whichever process polls sends it, once: the statement
-- that picks the due notices marks them sent (sent_at), so two processes never both
-- take one and a restarted process finds it taken. ``topic`` names what it is about
-- ('turn:<game>:<version>', 'start:<game>', 'end:<game>'): one notice per topic at most.
CREATE TABLE notices (
    channel_id  BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    topic       TEXT    NOT NULL,
    guild_id    BIGINT NOT NULL,
    kind        TEXT    NOT NULL,
    due_at      DOUBLE PRECISION    NOT NULL,
    sent_at     DOUBLE PRECISION,
    PRIMARY KEY (channel_id, user_id, topic)
);
-- claim_notices(now): one range scan of the notices not yet sent.
CREATE INDEX notices_due ON notices (due_at) WHERE sent_at IS NULL;

-- dm_members: what the bot knows of a member's direct messages: when a first notice
-- reached them (it says how to turn them off), when Discord last refused one (403,
-- code 50007: their DMs are closed) and the day that refusal was last logged.
CREATE TABLE dm_members (
    user_id        BIGINT PRIMARY KEY,
    first_sent_at  DOUBLE PRECISION,
    closed_at      DOUBLE PRECISION,
    logged_day     TEXT
);
