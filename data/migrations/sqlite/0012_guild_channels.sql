-- Schema version 12.
-- A guild's settings of one channel, a row per channel (issue 27): whether games are
-- allowed there (when a guild allows some channels, only those) and the channel's own
-- turn time-out (NULL: the server's). Both were values of the guild's settings JSON, read,
-- changed and written whole, so two moderators changing two channels at once could lose
-- one change; now each change writes its own row. A row saying nothing (not allowed, no
-- time-out) is deleted. Taken out of guild_settings.settings: its entries that were
-- channel ids (a whole number) with a whole number of seconds; the code reads the rows
-- and checks each value again (a bad one is ignored, and said in the log).
CREATE TABLE guild_channels (
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    allowed         INTEGER NOT NULL DEFAULT 0,  -- 1: games are allowed in it
    turn_timeout_s  INTEGER,                     -- its own turn time-out; NULL: the server's
    updated_at      REAL NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) STRICT;

INSERT INTO guild_channels (guild_id, channel_id, allowed, turn_timeout_s, updated_at)
SELECT guild_id, channel_id, MAX(allowed), MAX(turn_timeout_s), MAX(updated_at) FROM (
    SELECT g.guild_id, CAST(j.value AS INTEGER) AS channel_id, 1 AS allowed,
           NULL AS turn_timeout_s, g.updated_at
    FROM guild_settings g,
         json_each(CASE WHEN json_valid(g.settings)
                        AND json_type(g.settings, '$.allowed_channels') = 'array'
                   THEN g.settings ELSE '{}' END, '$.allowed_channels') j
    WHERE j.type = 'integer' AND j.value > 0
    UNION ALL
    SELECT g.guild_id, CAST(j.key AS INTEGER), 0, j.value, g.updated_at
    FROM guild_settings g,
         json_each(CASE WHEN json_valid(g.settings)
                        AND json_type(g.settings, '$.channel_timeouts') = 'object'
                   THEN g.settings ELSE '{}' END, '$.channel_timeouts') j
    WHERE j.type = 'integer' AND j.key GLOB '[1-9]*' AND NOT j.key GLOB '*[^0-9]*'
          AND length(j.key) <= 19 AND CAST(j.key AS INTEGER) > 0
) GROUP BY guild_id, channel_id;

UPDATE guild_settings
SET settings = json_remove(settings, '$.allowed_channels', '$.channel_timeouts')
WHERE json_valid(settings) AND json_type(settings) = 'object'
  AND (json_type(settings, '$.allowed_channels') IS NOT NULL
       OR json_type(settings, '$.channel_timeouts') IS NOT NULL);
