"""The one interface every SQL function of the store is written against: a transaction.

Every SQL function of ``games.py``, ``scores.py``, ``challenge.py`` and ``accounts.py`` is
an ``async def f(tx: Tx, ...)``. SQL is written once, with ``?`` placeholders (``?N`` to
reuse argument N); rows are plain tuples. Two drivers implement :class:`Tx`:

- :class:`SqliteTx` wraps a ``sqlite3.Connection``; its methods never suspend, so a job is
  driven to its end synchronously on the connection's thread (:func:`run_sync`), inside
  the group commit of :mod:`data.sqlite`;
- ``data.postgres.PgTx`` wraps an asyncpg connection inside a transaction.

Where the two dialects differ, ``tx.dialect`` picks (the helpers below hold the usual
cases, so the differences stay in few places).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Literal, Protocol, TypeVar

Dialect = Literal["sqlite", "postgresql"]
Row = tuple[Any, ...]
T = TypeVar("T")
# An SQL function of the store: ``async def f(tx: Tx, *args) -> T``.
TxFunction = Callable[..., Coroutine[Any, Any, T]]


class Tx(Protocol):
    """One transaction of the store's database (or, for reads, one connection)."""

    @property
    def dialect(self) -> Dialect:
        """Which SQL the database speaks: ``"sqlite"`` or ``"postgresql"``."""
        ...

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; return the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per row of arguments."""
        ...

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        """The first row of the result, or None."""
        ...

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """Every row of the result."""
        ...

    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first column of the first row (None when there is no row)."""
        ...


def indexed_by(tx: Tx, index: str) -> str:
    """`` INDEXED BY index`` in SQLite (it pins a plan the tests check), nothing elsewhere."""
    return f" INDEXED BY {index}" if tx.dialect == "sqlite" else ""


def for_update(tx: Tx, mode: Literal["UPDATE", "SHARE"] = "UPDATE") -> str:
    """`` FOR UPDATE`` (or ``FOR SHARE``) in PostgreSQL, where several processes write at
    once and a row read to decide a write must be locked; nothing in SQLite, whose writes
    already run one transaction at a time."""
    return f" FOR {mode}" if tx.dialect == "postgresql" else ""


def skip_locked(tx: Tx) -> str:
    """`` FOR UPDATE SKIP LOCKED`` in PostgreSQL: rows another transaction holds (a save
    under way, another process's claim) are passed over rather than waited for, so that
    several processes take disjoint rows of a queue; nothing in SQLite (one writer)."""
    return " FOR UPDATE SKIP LOCKED" if tx.dialect == "postgresql" else ""


class SqliteTx:
    """:class:`Tx` over a ``sqlite3.Connection``: every method completes without suspending."""

    __slots__ = ("_conn",)
    dialect: Dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return self._conn.execute(sql, args).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._conn.executemany(sql, rows)

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        row: Row | None = self._conn.execute(sql, args).fetchone()
        return row

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql, args).fetchall()

    async def fetchval(self, sql: str, args: Sequence[Any] = ()) -> Any:
        row = self._conn.execute(sql, args).fetchone()
        return None if row is None else row[0]


def run_sync(job: Coroutine[Any, Any, T]) -> T:
    """Drive a job over a :class:`SqliteTx` to its end, synchronously; return its result.

    Raises:
        RuntimeError: the job suspended (it awaited something other than the Tx: a bug).
        Whatever the job raised.
    """
    try:
        job.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    job.close()
    name = getattr(job, "__qualname__", repr(job))
    raise RuntimeError(f"a SQLite job must not suspend, but {name} did")
