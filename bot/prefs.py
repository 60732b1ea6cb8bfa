"""Player preferences and guild settings, read through a short-lived cache.

Nearly every interaction needs the player's language and sort, and every table update the
guild's language: reading them from SQLite each time would cost a thread hop per read.
The bot's own changes go through :meth:`Preferences.update_player` and are seen at once;
a change made elsewhere shows within ``ttl`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from data import GuildSettings, PlayerPrefs, Store


class Preferences:
    def __init__(self, store: Store, ttl: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.ttl = ttl
        self.clock = clock
        self._players: dict[int, tuple[float, PlayerPrefs]] = {}
        self._guilds: dict[int, tuple[float, GuildSettings]] = {}

    async def player(self, user_id: int) -> PlayerPrefs:
        now = self.clock()
        cached = self._players.get(user_id)
        if cached is not None and cached[0] > now:
            return cached[1]
        prefs = await self.store.player_prefs(user_id)
        self._players[user_id] = (now + self.ttl, prefs)
        return prefs

    async def guild(self, guild_id: int) -> GuildSettings:
        now = self.clock()
        cached = self._guilds.get(guild_id)
        if cached is not None and cached[0] > now:
            return cached[1]
        settings = await self.store.guild_settings(guild_id)
        self._guilds[guild_id] = (now + self.ttl, settings)
        return settings

    async def update_player(self, user_id: int, **changes: object) -> PlayerPrefs:
        """Save changes to a player's preferences (validated by the store).

        Raises:
            ValueError: an unknown key or a bad value (nothing is written).
        """
        prefs = await self.store.update_player_prefs(user_id, **changes)
        self._players[user_id] = (self.clock() + self.ttl, prefs)
        return prefs

    async def update_guild(self, guild_id: int, **changes: object) -> GuildSettings:
        """Save changes to a guild's settings (validated by the store).

        Raises:
            ValueError: an unknown key or a bad value (nothing is written).
        """
        settings = await self.store.update_guild_settings(guild_id, **changes)
        self._guilds[guild_id] = (self.clock() + self.ttl, settings)
        return settings

    def forget_player(self, user_id: int) -> None:
        """Drop a player's cached preferences (after their data was deleted)."""
        self._players.pop(user_id, None)
