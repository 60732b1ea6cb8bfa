-- Schema version 6 (PostgreSQL dialect of the SQLite 0006_game_ui.sql).
-- What the front end shows of a game in its channel, in a table of its own rather than in
-- the game's versioned document: saving a message id writes neither the game's row, nor
-- its version, its turn's lease or its log, so it never races a move. One row per game,
-- made by the first id saved; a new game in the channel (a rematch) starts its own.
-- Games saved before this version keep their document's "ui" object: the session layer
-- takes it over into this table when it loads them.
CREATE TABLE game_ui (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id),
    lobby_message     BIGINT,
    table_message     BIGINT,
    lang              TEXT,
    reminder_message  BIGINT,
    reminder_turn     TEXT,
    results_shown     TEXT,
    updated_at        DOUBLE PRECISION NOT NULL
);
