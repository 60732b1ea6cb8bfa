"""The close of a day: its final ranking made once, booked in each player's statistics, and
handed to a front end to post (again after a restart, until it says it was posted).

Closing is the store's one transaction (:meth:`data.Store.close_due_challenge_days`): every
due day is marked closed and every player's place booked together, or nothing happens; a
day closed before, by another call, another process or before a restart, is not closed
again, and of several processes closing at once one does it (a job lock). Posting is the front
end's: :meth:`DailyClose.close_due` returns the closed days whose ranking is still to be
posted, and :meth:`DailyClose.posted` records that one was.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.session.daily.model import PODIUM, ClosedDay, DayInfo
from data import ChallengeDay, Store

log = logging.getLogger("rami.session.daily")


class DailyClose:
    """The closes of every server's days (a part of :class:`bot.session.daily.Daily`)."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self._clock = clock

    async def close_due(self) -> list[ClosedDay]:
        """Close every day whose close has come, then return the closed days whose
        ranking is still to be posted (a channel was set when they closed), oldest first.
        """
        for day, results in await self.store.close_due_challenge_days(self._clock()):
            log.info("daily closed guild=%s day=%s players=%d", day.guild_id, day.day,
                     len(results))
        return [await self._closed(day) for day in await self.store.unposted_challenge_days()]

    async def _closed(self, day: ChallengeDay) -> ClosedDay:
        assert day.channel_id is not None
        settings = await self.store.guild_settings(day.guild_id)
        ranking = await self.store.challenge_ranking(day.guild_id, day.day)
        info = DayInfo(day.guild_id, day.day, day.closes_at, settings.daily_timezone)
        return ClosedDay(info, day.channel_id, tuple(ranking[:PODIUM]), len(ranking))

    async def posted(self, closed: ClosedDay, message_id: int | None) -> None:
        """Record that the day's ranking was posted (``message_id`` None: it could not be,
        for good — the channel is gone — and will not be tried again)."""
        await self.store.mark_challenge_posted(closed.day.guild_id, closed.day.day, message_id,
                                               now=self._clock())

    async def next_close(self) -> float | None:
        """When the next open day closes (None: no day is open)."""
        return await self.store.next_challenge_close()
