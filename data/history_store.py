"""The store's match history and what a replay reads (the SQL is in :mod:`data.history`;
a replay reads the game's row and its log, :meth:`data.Store.game` and ``game_log``)."""

from __future__ import annotations

import data.history as history
from data.database import StoreBase
from data.history import HistoryPage
from data.records import MatchRecord

HISTORY_PAGE = 5  # matches per page of /rummy history (its menu opens one of them)
LATEST_MATCHES = 50  # a player's matches /rummy replay reads to suggest 25 matching what was typed


class HistoryStore(StoreBase):
    """The match history's part of :class:`data.Store`."""

    async def player_history(self, guild_id: int, user_id: int, *,
                             variant: str | None = None, page: int = 0,
                             size: int = HISTORY_PAGE) -> HistoryPage:
        """Page ``page`` (from 0) of the player's finished matches in the guild, newest
        first (a page past the last is empty; ``total`` says how many there are).

        Raises:
            ValueError: ``page`` below 0 or ``size`` below 1.
        """
        if isinstance(page, bool) or not isinstance(page, int) or page < 0:
            raise ValueError(f"page must be a whole number from 0, not {page!r}")
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"size must be a whole number from 1, not {size!r}")
        return await self._read(history.player_history, guild_id, user_id, variant, page,
                                size)

    async def latest_matches(self, guild_id: int, user_id: int, *,
                             limit: int = LATEST_MATCHES) -> list[MatchRecord]:
        """The player's ``limit`` latest finished matches in the guild, newest first.

        Raises:
            ValueError: ``limit`` below 1.
        """
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a whole number from 1, not {limit!r}")
        return await self._read(history.latest_matches, guild_id, user_id, limit)

    async def match(self, guild_id: int, match_id: int) -> MatchRecord | None:
        """The guild's finished match ``match_id`` (None: none of that number there)."""
        return await self._read(history.match_record, guild_id, match_id)
