"""The PostgreSQL backend of the store (asyncpg): a pool of connections, each write one
transaction of its own, migrations under a transaction-scoped advisory lock.

The SQL is the store's one SQL (``?`` placeholders rewritten into ``$1, $2...``, rows
turned into tuples), so ``games.py`` and friends serve both backends. Only
transaction-scoped locks are taken (row locks, ``pg_advisory_xact_lock``), never a
session's: a pooler such as PgBouncer in transaction mode may hand each transaction to
another server connection.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Self, TypeVar

import asyncpg

import data.migrations as migrations
from data.errors import MigrationError, SchemaTooNew, StoreError
from data.migrations import LATEST_VERSION, Migration
from data.tx import Dialect, Row, TxFunction

log = logging.getLogger(__name__)

T = TypeVar("T")
# Any two processes migrating the same database take this lock (a constant of Rami's own:
# the letters "RAMI"), so that they migrate it once.
MIGRATION_LOCK = 0x52414D49
RETRIES = 5  # a write that hit a deadlock or a serialization failure runs again
POOL_SIZE = 10
_RETRYABLE = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)
_PLACEHOLDER = re.compile(r"'(?:[^']|'')*'|\?(\d*)")


@lru_cache(maxsize=1024)
def pg_sql(sql: str) -> str:
    """The store's SQL in PostgreSQL's placeholders: ``?`` becomes ``$1, $2...`` in order,
    ``?N`` becomes ``$N``; quoted text is left alone."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match[0].startswith("'"):
            return match[0]
        if match[1]:
            return f"${match[1]}"
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgTx:
    """:class:`data.tx.Tx` over one asyncpg connection (in a transaction, for writes)."""

    __slots__ = ("_conn",)
    dialect: Dialect = "postgresql"

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return _changed(await self._conn.execute(pg_sql(sql), *args))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._conn.executemany(pg_sql(sql), rows)

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        record = await self._conn.fetchrow(pg_sql(sql), *args)
        return None if record is None else tuple(record)

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return [tuple(record) for record in await self._conn.fetch(pg_sql(sql), *args)]

    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return await self._conn.fetchval(pg_sql(sql), *args)


class PgDatabase:
    """A PostgreSQL database through a pool of asyncpg connections (a
    :class:`data.database.Database`). Reads run on any connection without a transaction;
    each write runs in a transaction of its own, retried after a deadlock or a
    serialization failure."""

    dialect: Dialect = "postgresql"

    def __init__(self, pool: Any, where: str) -> None:
        self._pool = pool
        self._where = where
        self._closed = False
        self._writes: set[asyncio.Future[Any]] = set()

    @classmethod
    async def open(cls, url: str, *, where: str, schema_target: int = LATEST_VERSION,
                   pool_size: int = POOL_SIZE) -> Self:
        """Connect to ``url`` and migrate the database (``where``: the URL for messages,
        without its password).

        Raises:
            SchemaTooNew: the database was written by a newer Rami.
            MigrationError: a migration failed (the database stays at the version before).
            StoreError: the server cannot be reached, or refuses the connection.
        """
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size,
                                             reset=_keep_session)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise StoreError(f"cannot open {where!r} as a Rami database: {error}") from error
        opened = cls(pool, where)
        try:
            async with pool.acquire() as conn:
                await migrate(conn, where, schema_target)
        except BaseException:
            await pool.close()
            raise
        return opened

    async def read(self, fn: TxFunction[T], *args: Any) -> T:
        """``fn(tx, *args)`` on a connection of the pool, seeing committed writes only."""
        self._check_open()
        async with self._pool.acquire() as conn:
            return await fn(PgTx(conn), *args)

    async def write(self, fn: TxFunction[T], *args: Any) -> T:
        """``fn(tx, *args)`` in a transaction of its own; its result once committed. A
        deadlock or serialization failure rolls it back and runs it again (a few times).
        As in SQLite, cancelling the caller does not undo a write under way: it runs to
        its end (and :meth:`close` waits for it)."""
        self._check_open()
        task = asyncio.ensure_future(self._transaction(fn, args))
        self._writes.add(task)
        task.add_done_callback(self._written)
        return await asyncio.shield(task)

    def _written(self, task: asyncio.Future[Any]) -> None:
        self._writes.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a caller cancelled meanwhile no longer wants it

    async def _transaction(self, fn: TxFunction[T], args: tuple[Any, ...]) -> T:
        async with self._pool.acquire() as conn:
            for attempt in range(RETRIES):
                try:
                    async with conn.transaction():
                        return await fn(PgTx(conn), *args)
                except _RETRYABLE as error:
                    if attempt == RETRIES - 1:
                        raise StoreError(f"gave up after {RETRIES} tries: {error}") from error
                    log.info("write %s retried after %s", fn.__qualname__, type(error).__name__)
                    await asyncio.sleep(0.005 * 2**attempt)
        raise AssertionError("unreachable")

    async def schema_version(self) -> int:
        """The last migration applied (0 on an empty database)."""
        self._check_open()
        async with self._pool.acquire() as conn:
            return await schema_version(conn)

    async def close(self) -> None:
        """Wait for the connections in use to be released, then close them (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._writes:
            await asyncio.wait(set(self._writes))
        await self._pool.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("the store is closed")


async def _keep_session(conn: Any) -> None:
    """What a connection goes back to the pool with: nothing to reset. The store never
    changes a session (no SET, LISTEN, session lock, cursor), so asyncpg's reset query,
    one more round trip per read and write, would find nothing to undo."""


async def schema_version(conn: Any) -> int:
    """The last migration applied to the database (0: none, not even the table)."""
    if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def migrate(conn: Any, where: str, target: int = LATEST_VERSION) -> list[int]:
    """Bring the schema up to ``target``; return the versions applied here.

    Each migration runs in its own transaction with its row in ``schema_migrations``, under
    ``pg_advisory_xact_lock``: processes starting together take turns, and each finds what
    the one before it applied.

    Raises:
        SchemaTooNew: the database is already beyond what this code knows.
        MigrationError: a migration failed; its transaction was rolled back.
    """
    applied: list[int] = []
    latest = migrations.LATEST_VERSION  # looked up now: the tests add a broken migration
    for migration in (*migrations.load_migrations("postgresql")[:target], None):
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY,"
                " name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)")
            current = await schema_version(conn)
            if current > latest:
                raise SchemaTooNew(where, current, latest)
            if migration is not None and current < migration.version:
                await _apply(conn, migration)
                applied.append(migration.version)
    return applied


async def _apply(conn: Any, migration: Migration) -> None:
    try:
        await conn.execute(migration.sql)  # no arguments: the script may hold many statements
        await conn.execute("INSERT INTO schema_migrations (version, name, applied_at)"
                           " VALUES ($1, $2, $3)", migration.version, migration.name, time.time())
    except asyncpg.PostgresError as error:
        raise MigrationError(
            f"migration {migration.version:04d}_{migration.name} failed: {error}"
        ) from error
