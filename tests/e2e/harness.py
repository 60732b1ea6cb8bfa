"""Run the real bot against the fake Discord: start, stop, restart on the same database.

The bot retries a failed channel message after a few hundredths of a second here (not
seconds), so that a test heals a fault and sees the channel converge at once.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from pathlib import Path

from bot.config import Settings
from bot.discord_app.client import RamiBot, point_at
from bot.discord_app.fake import FakeDiscord

DAILY_SECRET = b"the secret of the end-to-end deals"  # every run deals the same days
RETRY_DELAYS = (0.01, 0.02, 0.05)


class BotHarness:
    """One bot process (in this event loop) talking to ``fake``, saving to ``db_path``."""

    def __init__(self, fake: FakeDiscord, db_path: Path, *, ai_delay: float = 0.001,
                 seed_source: Callable[[], int] | None = None, dev_guild: bool = True,
                 turn_timeout: float = 0, clock: Callable[[], float] = time.time) -> None:
        self.fake = fake
        self.turn_timeout = turn_timeout  # seconds; 0: no turn timer
        self.dev_guild = dev_guild
        self.db_path = db_path
        self.ai_delay = ai_delay
        self.seed_source = seed_source or itertools.count(1234).__next__
        self.clock = clock  # the daily championship's time
        self.bot: RamiBot | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def settings(self) -> Settings:
        return Settings(token=self.fake.token, db_path=self.db_path,
                        api_base=self.fake.api_base, gateway_url=self.fake.gateway_url,
                        dev_guild=self.fake.guild_id if self.dev_guild else None,
                        ai_delay=self.ai_delay, painters=0)

    async def start(self) -> RamiBot:
        settings = self.settings
        point_at(settings)
        bot = RamiBot(settings, seed_source=self.seed_source, turn_timeout=self.turn_timeout,
                      guild_ready_timeout=0.01, min_edit_interval=0, clock=self.clock,
                      secret_source=lambda: DAILY_SECRET, retry_delays=RETRY_DELAYS)
        self.bot = bot
        self._task = asyncio.create_task(bot.start(self.fake.token))
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, self._task}, timeout=15,
                                     return_when=asyncio.FIRST_COMPLETED)
        if self._task in done:
            ready.cancel()
            self._task.result()  # raises what stopped the bot
            raise AssertionError("the bot stopped before it was ready")
        if ready not in done:
            raise AssertionError("the bot was not ready within 15 s")
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            await asyncio.wait_for(self._task, 15)
        self.bot = None
        self._task = None

    async def restart(self) -> RamiBot:
        await self.stop()
        return await self.start()

    async def idle(self, *, retries: bool = False) -> None:
        """Wait until the bot has shown every change it queued, or waits for a retry
        after a failure (``retries``: until the retries succeeded too: faults healed)."""
        assert self.bot is not None
        await self.bot.wait_idle(retries=retries)
