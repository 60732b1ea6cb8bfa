-- Schema version 8.
-- /rummy history: a player's finished matches in a server, newest first, a page at a time
-- (data/history.py). The player's seats in time order, so that a page is read from the
-- index's newest end and stops after it (match_seats_player, of 0002, has them by
-- variant, not time: every seat of the player was then read and sorted).
CREATE INDEX match_seats_history ON match_seats (user_id, guild_id, finished_at, match_id)
    WHERE user_id IS NOT NULL;
