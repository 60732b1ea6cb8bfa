"""The hourly archiving of idle games: :meth:`data.Store.expire_idle` once at start and
then every ``interval`` seconds, and the archived games dropped from the session layer so
that nothing in memory still plays them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from data import IDLE_DAYS

if TYPE_CHECKING:
    from bot.session.tables import Tables
    from data import Store

log = logging.getLogger("rami.session")

SWEEP_INTERVAL_S = 3600.0


class IdleSweeper:
    """Archive idle games once at start, then every ``interval`` seconds."""

    def __init__(self, store: Store, tables: Tables, *, interval: float = SWEEP_INTERVAL_S,
                 idle_days: float = IDLE_DAYS, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.tables = tables
        self.interval = interval
        self.idle_days = idle_days
        self.clock = clock
        self._task: asyncio.Task[None] | None = None

    async def sweep(self) -> list[int]:
        """Archive the games idle for more than ``idle_days``; returns their ids. Their
        tables are forgotten: computer turns and turn timers are cancelled."""
        expired = await self.store.expire_idle(now=self.clock(), idle_days=self.idle_days)
        if expired:
            channels = await self.tables.forget_games(expired)
            log.info("idle games archived games=%s channels=%s", expired, channels)
        return expired

    def start(self) -> IdleSweeper:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._loop())
        return self

    async def _loop(self) -> None:
        while True:
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:  # a failed sweep is retried at the next one
                log.exception("idle sweep failed")
            await asyncio.sleep(self.interval)

    async def stop(self) -> None:
        """Stop sweeping (before the store closes)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
