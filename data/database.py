"""The database under the store, whichever it is: the :class:`Database` protocol its two
backends implement (:class:`data.sqlite.SqliteDatabase`, ``data.postgres.PgDatabase``),
choosing one from a path or URL, and :class:`StoreBase`, what the repository API
(:class:`data.store.Store`) stands on: opening, closing, reads and writes.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar
from urllib.parse import urlsplit, urlunsplit

from data.migrations import LATEST_VERSION
from data.sqlite import DEFAULT_PATH, SqliteDatabase, Synchronous
from data.tx import Dialect, TxFunction

T = TypeVar("T")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class Database(Protocol):
    """What the store needs of a database: SQL functions over a :class:`data.tx.Tx` run as
    reads, or as writes each committed in a transaction of its own (or a group commit's
    savepoint) before the call returns."""

    @property
    def dialect(self) -> Dialect:
        """``"sqlite"`` or ``"postgresql"``."""
        ...

    async def read(self, fn: TxFunction[T], *args: Any) -> T:
        """``fn(tx, *args)``, seeing only committed writes."""
        ...

    async def write(self, fn: TxFunction[T], *args: Any) -> T:
        """``fn(tx, *args)`` in a transaction; its result once committed. Raises what
        ``fn`` raised (then nothing of it was written)."""
        ...

    async def schema_version(self) -> int:
        """The migration the database is at."""
        ...

    async def close(self) -> None:
        """Wait for the writes under way, then close (idempotent)."""
        ...


def is_postgres_url(where: str | os.PathLike[str]) -> bool:
    """Whether ``where`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)
    rather than an SQLite file."""
    return isinstance(where, str) and where.lower().startswith(POSTGRES_SCHEMES)


def redact(where: str) -> str:
    """``where`` fit for a log: a URL's password replaced by ``***``."""
    if not is_postgres_url(where):
        return where
    try:
        parts = urlsplit(where)
        password = parts.password
    except ValueError:  # not a URL urllib can split (``postgresql://a:b@[bad``)
        return "postgresql://***"
    if password is None:
        return where
    netloc = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{netloc}"))


async def open_database(
    where: str | os.PathLike[str],
    *,
    synchronous: Synchronous = "NORMAL",
    busy_timeout_s: float = 5.0,
    schema_target: int = LATEST_VERSION,
) -> Database:
    """Open and migrate the database ``where`` names: a ``postgresql://`` URL, else an SQLite
    file path. Raises what the backend's ``open`` raises (``StoreError`` and its kinds)."""
    if is_postgres_url(where):
        from data.postgres import PgDatabase  # asyncpg is imported only when it is used

        url = str(where)
        return await PgDatabase.open(url, where=redact(url), schema_target=schema_target)
    return await SqliteDatabase.open(
        where, synchronous=synchronous, busy_timeout_s=busy_timeout_s,
        schema_target=schema_target,
    )  # fmt: skip


WriteObserver = Callable[[str, float, bool], None]  # (operation, seconds, succeeded)


def operation_name(fn: Callable[..., Any]) -> str:
    """A write's name for its observer: the module and the function that runs it
    (``games.save``, ``game_ui.save``), so that two functions of one name in two modules
    never count as one."""
    module = getattr(fn, "__module__", None) or ""
    name = getattr(fn, "__name__", None) or "write"
    return f"{module.rpartition('.')[2]}.{name.lstrip('_')}" if module else name


class StoreBase:
    """A store over one :class:`Database`: opening, closing, reads, writes and its clock."""

    def __init__(self, db: Database, where: str, clock: Callable[[], float]) -> None:
        self._db = db
        self.path = where  # an SQLite path, or a PostgreSQL URL without its password
        self._clock = clock
        # Told of every write once it ends: its operation's name, the seconds it took
        # (queueing included) and whether it succeeded (the bot's metrics).
        self.on_write: WriteObserver | None = None

    @classmethod
    async def open(
        cls,
        where: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "NORMAL",
        busy_timeout_s: float = 5.0,
        schema_target: int = LATEST_VERSION,
    ) -> Self:
        """Open (creating an SQLite file and its folder if needed) and migrate the database:
        ``where`` is a ``postgresql://user:password@host:port/name`` URL or an SQLite path.

        SQLite only: ``synchronous="NORMAL"`` (the default, with WAL) survives any crash of
        the process; ``"FULL"`` also survives a power cut, at the price of an fsync per
        commit. ``schema_target`` stops migrating at an older version (tests only).

        Raises:
            SchemaTooNew: the database was written by a newer Rami.
            MigrationError: a migration failed (the database stays at the version before).
            StoreError: not a database (or it cannot be reached or opened).
        """
        db = await open_database(
            where, synchronous=synchronous, busy_timeout_s=busy_timeout_s,
            schema_target=schema_target,
        )  # fmt: skip
        return cls(db, redact(os.fspath(where)), clock)

    @property
    def dialect(self) -> Dialect:
        """Which database the store is on: ``"sqlite"`` or ``"postgresql"``."""
        return self._db.dialect

    async def close(self) -> None:
        """Wait for pending writes, then close the database (idempotent)."""
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        """The schema version the database is at (``LATEST_VERSION`` once migrated)."""
        return await self._db.schema_version()

    async def _read(self, fn: TxFunction[T], *args: Any) -> T:
        return await self._db.read(fn, *args)

    async def _write(self, fn: TxFunction[T], *args: Any, operation: str | None = None) -> T:
        """Run ``fn`` as a write; its observer is told of it as ``operation`` (by default
        :func:`operation_name`)."""
        observer = self.on_write
        if observer is None:
            return await self._db.write(fn, *args)
        began = time.perf_counter()
        ok = False
        try:
            result = await self._db.write(fn, *args)
            ok = True
            return result
        finally:
            observer(operation or operation_name(fn), time.perf_counter() - began, ok)

    def _now(self, now: float | None = None) -> float:
        return self._clock() if now is None else now

