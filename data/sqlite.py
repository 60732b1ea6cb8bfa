"""The SQLite backend of the store: one file, one aiosqlite connection, group commit.

How writes work: every write is an SQL function over a :class:`data.tx.SqliteTx`, driven to
its end synchronously (it never suspends) on the connection's own thread. Writes submitted
while another batch is being committed are gathered into the next batch: one
``BEGIN IMMEDIATE ... COMMIT`` for the batch, each write inside its own SAVEPOINT so that
one failing write (a stale save, say) leaves the others intact. A call returns only once
its transaction is committed. Reads run on the same thread between batches, so they never
see a half-written batch.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, Self, TypeVar, cast

import aiosqlite

from data.checkpoint import BACKSTOP_PAGES, Checkpointer
from data.errors import StoreError
from data.migrations import LATEST_VERSION, migrate, schema_version
from data.tx import Dialect, SqliteTx, TxFunction, run_sync

DEFAULT_PATH = "data/rami.sqlite3"
MAX_BATCH = 256
T = TypeVar("T")
Job = Callable[[sqlite3.Connection], T]
Synchronous = Literal["NORMAL", "FULL"]


def run_batch(conn: sqlite3.Connection, jobs: list[Job[Any]]) -> list[tuple[bool, Any]]:
    """Run the jobs in one transaction; return (succeeded, result or exception) per job.

    Raises whatever made the whole transaction fail (then nothing of it was written).
    """
    outcomes: list[tuple[bool, Any]] = []
    single = len(jobs) == 1
    conn.execute("BEGIN IMMEDIATE")
    try:
        for job in jobs:
            if not single:
                conn.execute("SAVEPOINT job")
            try:
                outcomes.append((True, job(conn)))
            except Exception as error:  # this job's own failure: undo it alone
                if not conn.in_transaction:  # SQLite rolled back everything (disk full...)
                    raise
                conn.execute("ROLLBACK" if single else "ROLLBACK TO job")
                if single:
                    return [(False, error)]
                outcomes.append((False, error))
            if not single:
                conn.execute("RELEASE job")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    return outcomes


class SqliteDatabase:
    """One SQLite database file and its connection: opening, migrating, closing, reads and
    group-committed writes (a :class:`data.database.Database`)."""

    dialect: Dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._pending: list[tuple[Job[Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._closed = False
        self.checkpointer = Checkpointer(path)

    # ------------------------------------------------------------ opening and closing

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        synchronous: Synchronous = "NORMAL",
        busy_timeout_s: float = 5.0,
        schema_target: int = LATEST_VERSION,
    ) -> Self:
        """Open (creating it and its folder if needed) and migrate the database.

        ``synchronous="NORMAL"`` (the default, with WAL) survives any crash of the process;
        ``"FULL"`` also survives a power cut, at the price of an fsync per commit.
        ``schema_target`` stops migrating at an older version (tests only).

        Raises:
            SchemaTooNew: the database was written by a newer Rami.
            MigrationError: a migration failed (the database stays at the version before).
            StoreError: the file is not an SQLite database (or cannot be opened).
        """
        text = os.fspath(path)
        if text != ":memory:":
            Path(text).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(
            text, isolation_level=None, timeout=busy_timeout_s, cached_statements=256
        )
        opened = cls(db, text)
        try:
            await opened._call(_Call(_prepare, (text, synchronous, busy_timeout_s, schema_target)))
        except sqlite3.DatabaseError as error:
            await db.close()
            raise StoreError(f"cannot open {text!r} as a Rami database: {error}") from error
        except BaseException:
            await db.close()
            raise
        return opened

    async def close(self) -> None:
        """Wait for pending writes, then close the connection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._flusher is not None:
            await asyncio.shield(self._flusher)
        await self.checkpointer.close()
        await self._db.close()

    async def schema_version(self) -> int:
        """The schema version the database is at (``LATEST_VERSION`` once migrated)."""
        return await self._call(_Call(schema_version, ()))

    # ------------------------------------------------------------ reads and writes

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        # aiosqlite runs every call on the connection's one thread; _execute() is the hook
        # it uses itself to run a function there. Running a whole transaction as one call
        # (instead of one await per statement) is what makes a save take microseconds.
        raw = self._db._conn
        return cast(T, await self._db._execute(fn, raw))  # type: ignore[no-untyped-call]

    async def read(self, fn: TxFunction[T], *args: Any) -> T:
        """``fn(tx, *args)`` between write batches."""
        if self._closed:
            raise StoreError("the store is closed")
        return cast(T, await self._call(_TxCall(fn, args)))

    async def write(self, fn: TxFunction[T], *args: Any) -> T:
        """Queue ``fn(tx, *args)``; return its result once its transaction is committed."""
        if self._closed:
            raise StoreError("the store is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((_TxCall(fn, args), future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            try:
                outcomes = await self._call(_Call(run_batch, ([job for job, _ in batch],)))
            except BaseException as error:  # the transaction failed as a whole
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                if isinstance(error, asyncio.CancelledError | KeyboardInterrupt | SystemExit):
                    raise
                continue
            self.checkpointer.wrote(len(batch))
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():  # the caller was cancelled; the write stands anyway
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)


class _Call:
    """``fn(conn, *args)``, to run on the connection's thread. Its ``repr`` names the
    function only: aiosqlite logs every call it runs at DEBUG level, and the arguments
    hold game documents (hands, stock order, seed) that no log may ever show."""

    __slots__ = ("args", "fn")

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.fn, self.args = fn, args

    def __call__(self, conn: sqlite3.Connection) -> Any:
        return self.fn(conn, *self.args)

    def __repr__(self) -> str:
        return f"<{getattr(self.fn, '__qualname__', type(self.fn).__name__)}>"


class _TxCall(_Call):
    """``fn(tx, *args)`` over the connection, driven synchronously (:func:`run_sync`)."""

    __slots__ = ()

    def __call__(self, conn: sqlite3.Connection) -> Any:
        return run_sync(self.fn(SqliteTx(conn), *self.args))


def _prepare(
    conn: sqlite3.Connection, path: str, synchronous: str, busy_timeout_s: float, target: int
) -> None:
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
    # Refuse a too-new database before changing anything in it (even its journal mode).
    migrate(conn, path, target=0)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    conn.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
    migrate(conn, path, target=target)
