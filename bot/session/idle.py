"""The hourly archiving of idle games: :meth:`data.Store.expire_idle` once at start and
then every ``interval`` seconds, and the archived games dropped from the session layer so
that nothing in memory still plays them."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.session.repeating import Repeating
from data import IDLE_DAYS

if TYPE_CHECKING:
    from bot.session.tables import Tables
    from data import Store

log = logging.getLogger("rami.session")

SWEEP_INTERVAL_S = 3600.0


class IdleSweeper(Repeating):
    """Archive idle games once at start, then every ``interval`` seconds."""

    what = "idle sweep"

    def __init__(self, store: Store, tables: Tables, *, interval: float = SWEEP_INTERVAL_S,
                 idle_days: float = IDLE_DAYS, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.tables = tables
        self.interval = interval
        self.idle_days = idle_days
        self.clock = clock
        self.after_failure = interval

    async def sweep(self) -> list[int]:
        """Archive the games idle for more than ``idle_days``; returns their ids. Their
        tables are forgotten: computer turns and turn timers are cancelled."""
        expired = await self.store.expire_idle(now=self.clock(), idle_days=self.idle_days)
        if expired:
            channels = await self.tables.forget_games(expired)
            log.info("idle games archived games=%s channels=%s", expired, channels)
        return expired

    async def round(self) -> float:
        await self.sweep()
        return self.interval
