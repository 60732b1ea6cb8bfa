"""A round of work repeated in the background until stopped: the archiving of idle games
(:class:`bot.session.IdleSweeper`), the daily championship's closes
(:class:`bot.discord_app.daily.poster.DailyPoster`). A round that fails is logged and
tried again after ``after_failure`` seconds; a stop waits for nothing but the cancel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Self

log = logging.getLogger("rami.session")


class Repeating:
    """Runs :meth:`round` in a task from :meth:`start` until :meth:`stop`."""

    what = "round"  # named in the log when a round fails
    after_failure = 60.0  # seconds before a failed round is tried again

    _task: asyncio.Task[None] | None = None

    async def round(self) -> float:
        """One round of the work; returns the seconds to wait before the next one."""
        raise NotImplementedError

    def start(self) -> Self:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._loop())
        return self

    async def _loop(self) -> None:
        while True:
            try:
                wait = await self.round()
            except asyncio.CancelledError:
                raise
            except Exception:  # a failed round is tried again at the next one
                log.exception("%s failed", self.what)
                wait = self.after_failure
            await asyncio.sleep(wait)

    async def stop(self) -> None:
        """Stop repeating (before the store closes)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
