"""Fixtures of the store tests: every store test runs on both backends (ids ``sqlite``:
a real SQLite file in a temporary folder; ``postgresql``: a fresh database of its own on
the tests' PostgreSQL server, see data/pg_server.py), with a settable clock. A test about
SQLite's file itself (WAL, checkpoints, query plans, a file that is not a database) asks
for ``sqlite_path`` instead and runs on SQLite only.

The PostgreSQL tests share one database, migrated once per run and emptied before each
test (DELETE, children before parents, and the id sequences restarted: ~10 ms, where a
database of its own per test costs a fsynced copy of ~8 MB to make and a checkpoint to
drop, and TRUNCATE ~250 ms). Tests of
migrating PostgreSQL take the empty ``postgres_url`` instead."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from data import Store
from data.pg_server import PostgresServer
from tests.data.helpers import Clock, Where


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "rami.sqlite3"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def where(request: pytest.FixtureRequest, sqlite_path: Path) -> Where:
    """Where the store lives: an SQLite path, or a PostgreSQL URL (a fresh database)."""
    return _located(request, sqlite_path, "pg_store_url")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def empty(request: pytest.FixtureRequest, sqlite_path: Path) -> Where:
    """An empty database (PostgreSQL's unmigrated, unlike ``where``'s)."""
    return _located(request, sqlite_path, "postgres_url")


def _located(request: pytest.FixtureRequest, sqlite_path: Path, postgres: str) -> Where:
    """The SQLite path, or the URL of the PostgreSQL fixture named ``postgres``."""
    if request.param == "sqlite":
        return sqlite_path
    url: str = request.getfixturevalue(postgres)
    return url


@pytest.fixture(scope="session")
def migrated_database(postgres_server: PostgresServer) -> str:
    """The URL of a database migrated to the latest schema, made once per run."""

    async def make() -> str:
        url = await postgres_server.create_database()
        async with await Store.open(url):
            pass
        return url

    return asyncio.run(make())


@pytest.fixture
async def pg_store_url(migrated_database: str) -> str:
    """The migrated database, emptied: every table but the migrations' own."""
    conn = await asyncpg.connect(migrated_database)
    try:
        tables = {name for (name,) in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            " AND tablename <> 'schema_migrations'")}
        parents = await conn.fetch("SELECT conrelid::regclass::text, confrelid::regclass::text"
                                   " FROM pg_constraint WHERE contype = 'f'")
        sequences = await conn.fetch("SELECT sequencename FROM pg_sequences"
                                     " WHERE schemaname = current_schema()")
        ordered: list[str] = []
        while tables:  # a table goes once no table left refers to it
            free = sorted(t for t in tables if not any(
                parent == t and child in tables and child != t for child, parent in parents))
            if not free:
                raise RuntimeError(f"foreign keys in a circle among {sorted(tables)}")
            ordered += free
            tables -= set(free)
        await conn.execute("BEGIN; " + "".join(f"DELETE FROM {t}; " for t in ordered)
                           + "".join(f"ALTER SEQUENCE {s} RESTART; " for (s,) in sequences)
                           + "COMMIT;")
    finally:
        await conn.close()
    return migrated_database


@pytest.fixture
async def store(where: Where, clock: Clock) -> AsyncIterator[Store]:
    opened = await Store.open(where, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def sqlite_store(sqlite_path: Path, clock: Clock) -> AsyncIterator[Store]:
    """A store on SQLite only, for the tests about SQLite's file and query plans."""
    async with await Store.open(sqlite_path, clock=clock) as opened:
        yield opened
