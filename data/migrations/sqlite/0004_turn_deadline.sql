-- Schema version 4.
-- A human turn's deadline (Unix seconds; NULL: no timer runs, e.g. a computer's turn or a
-- lobby), fixed when the turn starts and saved with each save of the game, so that a
-- restarted bot times the turn out at the time it was given, and so that any process can
-- find the turns that are due with one range scan.

ALTER TABLE games ADD COLUMN turn_deadline REAL;
-- due_games(now): active games whose turn deadline has passed.
CREATE INDEX games_active_deadline ON games (turn_deadline)
    WHERE status = 'active' AND turn_deadline IS NOT NULL;
