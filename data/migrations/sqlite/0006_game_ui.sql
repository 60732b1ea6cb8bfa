-- Schema version 6.
-- What the front end shows of a game in its channel, in a table of its own rather than in
-- the game's versioned document: saving a message id writes neither the game's row, nor
-- its version, its turn's lease or its log, so it never races a move. One row per game,
-- made by the first id saved; a new game in the channel (a rematch) starts its own.
-- Games saved before this version keep their document's "ui" object: the session layer
-- takes it over into this table when it loads them.
CREATE TABLE game_ui (
    game_id           INTEGER PRIMARY KEY REFERENCES games (id),
    lobby_message     INTEGER,
    table_message     INTEGER,
    lang              TEXT,
    reminder_message  INTEGER,
    reminder_turn     TEXT,
    results_shown     TEXT,
    updated_at        REAL    NOT NULL
) STRICT;
