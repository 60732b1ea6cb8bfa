"""WAL checkpoints off the save path.

In WAL mode every commit appends to the ``-wal`` file, and by default the committing
connection copies the WAL back into the database (a checkpoint) every 1,000 pages: a few
milliseconds added to one save in ~150. Here the writer's automatic checkpoint is only a
backstop; a second connection checkpoints PASSIVE-ly on a worker thread after every
``every`` writes. A passive checkpoint never blocks the writer nor waits for it.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3

log = logging.getLogger(__name__)

BACKSTOP_PAGES = 8000  # the writer checkpoints itself only if the WAL grows past ~32 MB


class Checkpointer:
    """Runs ``PRAGMA wal_checkpoint(PASSIVE)`` in the background every ``every`` writes."""

    def __init__(self, path: str, every: int = 100) -> None:
        self._path = path
        self._every = every
        self._writes = 0
        self._conn: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self.runs = 0

    def wrote(self, count: int) -> None:
        """Count committed writes; start a checkpoint when enough have piled up."""
        self._writes += count
        if self._writes < self._every or self._path == ":memory:":
            return
        if self._task is not None and not self._task.done():
            return
        self._writes = 0
        self._task = asyncio.create_task(asyncio.to_thread(self._checkpoint))

    def _checkpoint(self) -> None:
        try:
            if self._conn is None:
                self._conn = sqlite3.connect(self._path, check_same_thread=False)
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self.runs += 1
        except sqlite3.Error as error:  # the writer's backstop checkpoint still runs
            log.warning("background WAL checkpoint failed: %s", error)

    async def close(self) -> None:
        if self._task is not None:
            await self._task
        if self._conn is not None:
            self._conn.close()
            self._conn = None
