"""Starting a bot that shares Discord's daily budget of gateway sessions with others.

Discord allows a bot a number of IDENTIFYs a day (``session_start_limit`` of
``GET /gateway/bot``: ``total``, ``remaining``, ``reset_after`` in milliseconds) and at
most one IDENTIFY every 5 seconds per bucket (``shard_id % max_concurrency``). A process
that crash-loops while starting many shards can spend the whole day's budget and leave
every process of the bot unable to connect until it resets: :func:`check_budget`
refuses to start when too few would be left, and :class:`IdentifyPacer` spaces a
process's own IDENTIFYs by bucket (discord.py's default waits 5 s before every IDENTIFY
after the first, whatever ``max_concurrency`` allows).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

IDENTIFY_WINDOW = 5.0  # seconds: one IDENTIFY per bucket in each window


class IdentifyBudgetLow(RuntimeError):
    """Starting would leave Discord's daily budget of session starts below the reserve;
    the message says how many are left, when the budget resets and what to do."""


def check_budget(*, remaining: int, total: int, reset_after_ms: int, needed: int,
                 reserve: int) -> None:
    """Check that ``needed`` session starts leave at least ``reserve`` of the
    ``remaining`` (of ``total`` a day, reset in ``reset_after_ms``).

    Raises:
        IdentifyBudgetLow: ``remaining - needed < reserve``.
    """
    if remaining - needed >= reserve:
        return
    minutes = reset_after_ms // 60_000
    raise IdentifyBudgetLow(
        f"refusing to start: Discord allows {remaining} more gateway session starts "
        f"(of {total} a day) until the budget resets in {minutes // 60} h {minutes % 60} "
        f"min; this process would open {needed} and MIN_IDENTIFIES_LEFT keeps {reserve} "
        f"in reserve. Wait for the reset, or lower MIN_IDENTIFIES_LEFT "
        f"(--min-identifies-left) if the other processes can spare them; if a process "
        f"restarts in a loop, fix its cause first (the log before this line)")


class IdentifyPacer:
    """Spaces this process's IDENTIFYs: one per bucket (``shard_id % max_concurrency``)
    every :data:`IDENTIFY_WINDOW` seconds. discord.py asks one shard at a time, so no
    two waits overlap."""

    def __init__(self, max_concurrency: int = 1, *, window: float = IDENTIFY_WINDOW,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.max_concurrency = max(1, max_concurrency)
        self.window = window
        self._clock = clock
        self._sleep = sleep
        self._last: dict[int, float] = {}  # bucket -> when its last IDENTIFY went

    async def wait(self, shard_id: int | None) -> float:
        """Wait until shard ``shard_id`` (None: unsharded) may IDENTIFY; returns the
        seconds waited."""
        bucket = (shard_id or 0) % self.max_concurrency
        last = self._last.get(bucket)
        delay = 0.0 if last is None else max(0.0, last + self.window - self._clock())
        if delay > 0:
            await self._sleep(delay)
        self._last[bucket] = self._clock()
        return delay
