-- Schema version 5.
-- Several processes may serve one database: the turn timers and the hand messages live in
-- it rather than in one process's memory.
--
-- games.turn_claimed_until: a lease (Unix seconds; NULL: nobody holds it). The process
-- that times out a due turn claims it first, so that two processes never both play it;
-- one that dies holding the lease lets another take the turn once the lease has ended.
-- Any save of the game clears it (the turn was played, or moved on).
ALTER TABLE games ADD COLUMN turn_claimed_until REAL;

-- Each player's latest private hand message in a channel, and the Discord interaction
-- token that edits it (a secret, valid 15 minutes): so that any process refreshes the
-- hand when the player's turn comes back, the one that sent it or its replacement.
CREATE TABLE hand_messages (
    channel_id      INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    application_id  INTEGER,
    token           TEXT    NOT NULL,
    message_id      INTEGER NOT NULL,
    language        TEXT    NOT NULL,
    created_at      REAL    NOT NULL,
    expires_at      REAL    NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) STRICT, WITHOUT ROWID;
-- expire_hand_messages(now): one range scan.
CREATE INDEX hand_messages_expires ON hand_messages (expires_at);
