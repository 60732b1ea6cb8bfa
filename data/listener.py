"""Listening to the change notices of PostgreSQL (:mod:`data.changes`) on ONE dedicated
connection, kept up for as long as the subscription runs.

``LISTEN`` belongs to a server session, so the connection is not one of the pool's (whose
connections serve any transaction): behind PgBouncer in transaction mode it must reach
PostgreSQL directly (``DATABASE_LISTEN_URL``). When the connection drops, or stops
answering the periodic check, it is opened again with growing pauses, and the callback
hears ``Change.ALL``: the notices sent meanwhile are lost, so every cached value goes.
The callback also hears ``Change.ALL`` once listening first starts (what changed before
was not heard either).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import asyncpg

from data.changes import CHANNEL, Change, ChangeCallback, read_notice
from data.database import redact

log = logging.getLogger(__name__)

FIRST_PAUSE_S = 0.1
LONGEST_PAUSE_S = 30.0
CHECK_EVERY_S = 30.0  # a connection silent this long is asked SELECT 1, to find it dead
APPLICATION_NAME = "rami-listen"  # how the connection shows in pg_stat_activity


class PgSubscription:
    """Listens on ``url`` and calls ``callback`` for each notice (see the module)."""

    def __init__(self, url: str, callback: ChangeCallback, *,
                 check_every: float = CHECK_EVERY_S) -> None:
        self._url = url
        self._callback = callback
        self._check_every = check_every
        self._listening = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="rami-listen")

    @property
    def listening(self) -> bool:
        """Whether the connection is up and listening."""
        return self._listening.is_set()

    async def ready(self) -> None:
        """Return once the connection listens (it may be down again by then)."""
        await self._listening.wait()

    async def close(self) -> None:
        """Stop listening and close the connection (idempotent)."""
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _run(self) -> None:
        pause = FIRST_PAUSE_S
        while True:
            try:
                conn = await asyncpg.connect(
                    self._url, server_settings={"application_name": APPLICATION_NAME})
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning("change notices: cannot connect to %s (%s); again in %.1f s",
                            redact(self._url), error, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE_S)
                continue
            try:
                await self._listen(conn)
                pause = FIRST_PAUSE_S  # it was up: the next drop starts from a short pause
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
                log.warning("change notices: connection lost (%s); listening again", error)
            finally:
                self._listening.clear()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(conn.close(), timeout=1.0)
                if not conn.is_closed():
                    conn.terminate()
            await asyncio.sleep(pause)

    async def _listen(self, conn: Any) -> None:
        """Listen until the connection is lost (returns) or fails its check (raises)."""
        lost = asyncio.Event()
        conn.add_termination_listener(lambda _conn: lost.set())
        await conn.add_listener(CHANNEL, self._notified)
        self._listening.set()
        self._call(Change.ALL, None)  # whatever changed before now was not heard
        log.info("change notices: listening on %s", redact(self._url))
        while not lost.is_set():
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for loses a cancel that
            # comes as what it waits for completes, and the loop would outlive its stop.
            try:
                async with asyncio.timeout(self._check_every):
                    await lost.wait()
            except TimeoutError:
                async with asyncio.timeout(self._check_every):
                    await conn.fetchval("SELECT 1")
        log.warning("change notices: connection closed by the server; listening again")

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        notice = read_notice(payload)
        if notice is not None:
            self._call(*notice)

    def _call(self, kind: Change, key: int | None) -> None:
        try:
            self._callback(kind, key)
        except Exception:  # a broken callback must not stop the notices
            log.exception("change notice callback failed kind=%s id=%s", kind, key)
