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
    guild_id        BIGINT NOT NULL,
    channel_id      BIGINT NOT NULL,
    allowed         INTEGER NOT NULL DEFAULT 0,  -- 1: games are allowed in it
    turn_timeout_s  BIGINT,                      -- its own turn time-out; NULL: the server's
    updated_at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

DO $$
DECLARE
    g RECORD;
    doc JSONB;
BEGIN
    FOR g IN SELECT guild_id, settings, updated_at FROM guild_settings LOOP
        BEGIN
            doc := g.settings::jsonb;
        EXCEPTION WHEN others THEN
            CONTINUE;  -- unreadable: the code reads it as the defaults (and says so)
        END;
        CONTINUE WHEN jsonb_typeof(doc) IS DISTINCT FROM 'object';
        IF jsonb_typeof(doc -> 'allowed_channels') = 'array' THEN
            INSERT INTO guild_channels (guild_id, channel_id, allowed, updated_at)
            SELECT DISTINCT g.guild_id, e::text::numeric::bigint, 1, g.updated_at
            FROM jsonb_array_elements(doc -> 'allowed_channels') AS e
            WHERE jsonb_typeof(e) = 'number' AND e::text ~ '^[1-9][0-9]{0,18}$'
              AND e::text::numeric <= 9223372036854775807
            ON CONFLICT (guild_id, channel_id) DO NOTHING;
        END IF;
        IF jsonb_typeof(doc -> 'channel_timeouts') = 'object' THEN
            INSERT INTO guild_channels (guild_id, channel_id, turn_timeout_s, updated_at)
            SELECT g.guild_id, t.key::numeric::bigint, t.value::text::numeric::bigint,
                   g.updated_at
            FROM jsonb_each(doc -> 'channel_timeouts') AS t
            WHERE t.key ~ '^[1-9][0-9]{0,18}$' AND t.key::numeric <= 9223372036854775807
              AND jsonb_typeof(t.value) = 'number' AND t.value::text ~ '^-?[0-9]{1,18}$'
            ON CONFLICT (guild_id, channel_id)
            DO UPDATE SET turn_timeout_s = EXCLUDED.turn_timeout_s;
        END IF;
        IF doc -> 'allowed_channels' IS NOT NULL OR doc -> 'channel_timeouts' IS NOT NULL THEN
            UPDATE guild_settings
            SET settings = (doc - 'allowed_channels' - 'channel_timeouts')::text
            WHERE guild_id = g.guild_id;
        END IF;
    END LOOP;
END $$;
