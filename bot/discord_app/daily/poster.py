"""The daily championship's closes, posted: at start (a close missed while the bot was down,
or closed but not posted before a restart) and then at each close, the final first three
with a picture in the channel the moderators chose.

The session closes a day once (:meth:`bot.session.daily.Daily.close_due`) and hands out
each closed day until :meth:`~bot.session.daily.Daily.posted` is told; the post carries a
nonce made from the day, with which Discord itself refuses a second message (within
minutes) should the bot stop between posting and saying so. A channel that is gone or
closed to the bot is given up for good; any other failure is tried again later. With
several processes, each posts the days of the guilds on its shards (any one closes them).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import discord

from bot.discord_app.core import pictures
from bot.discord_app.daily import present as daily_present
from bot.discord_app.shards import serves, shard_filter
from bot.session.daily import ClosedDay, Daily
from bot.session.prefs import Preferences
from bot.session.repeating import Repeating

log = logging.getLogger("rami.bot.daily")

LONGEST_WAIT_S = 60.0  # a close is posted within this of its time, whatever the clock did


class DailyPoster(Repeating):
    """Posts the final rankings of the championship's closed days (from :meth:`start`,
    at start and at every close, until :meth:`stop`)."""

    what = "daily close"
    after_failure = LONGEST_WAIT_S

    def __init__(self, client: discord.Client, daily: Daily, prefs: Preferences, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.daily = daily
        self.prefs = prefs
        self.clock = clock
        self._running = asyncio.Lock()

    async def run_once(self) -> list[int]:
        """Close the days due and post every closed day not posted yet; returns the ids
        of the messages posted. One round at a time: a day is posted by the round that
        found it, and said posted before the next round looks."""
        posted = []
        async with self._running:
            shards = shard_filter(self.client)
            for closed in await self.daily.close_due():
                if not serves(shards, closed.day.guild_id):  # its shard's process posts it
                    continue
                message_id = await self._post(closed)
                if message_id is not None:
                    posted.append(message_id)
        return posted

    async def _post(self, closed: ClosedDay) -> int | None:
        lang = await self.prefs.channel_language(closed.day.guild_id, None)
        picture = None
        if closed.podium:
            picture = await pictures.draw_for_channel(
                daily_present.ranking_picture, closed.podium,
                daily_present.title(closed.day, lang), lang)
        reply = daily_present.close_post(closed, lang, picture)
        channel = self.client.get_partial_messageable(closed.channel_id)
        try:
            body = {name: value for name, value in reply.body().items() if value is not None}
            message = await channel.send(**body, files=reply.files(),
                                         allowed_mentions=reply.allowed_mentions,
                                         nonce=f"daily{closed.day.day.replace('-', '')}")
        except (discord.Forbidden, discord.NotFound) as error:
            log.warning("daily ranking not posted for good guild=%s day=%s channel=%s error=%s",
                        closed.day.guild_id, closed.day.day, closed.channel_id, error)
            await self.daily.posted(closed, None)
            return None
        except discord.HTTPException:
            log.exception("daily ranking not posted guild=%s day=%s: trying again later",
                          closed.day.guild_id, closed.day.day)
            return None
        await self.daily.posted(closed, message.id)
        log.info("daily ranking posted guild=%s day=%s message=%s", closed.day.guild_id,
                 closed.day.day, message.id)
        return message.id

    async def round(self) -> float:
        """Post what there is to post; wait until the next close (a minute at most)."""
        await self.run_once()
        upcoming = await self.daily.next_close()
        if upcoming is None:
            return LONGEST_WAIT_S
        return min(LONGEST_WAIT_S, max(upcoming - self.clock(), 0.0) + 0.5)
