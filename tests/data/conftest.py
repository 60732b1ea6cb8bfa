"""Fixtures of the store tests: every store test runs on both backends (ids ``sqlite``:
a real SQLite file in a temporary folder; ``postgresql``: a fresh database of its own on
the tests' PostgreSQL server, see tests/postgres.py), with a settable clock. A test about
SQLite's file itself (WAL, checkpoints, query plans, a file that is not a database) asks
for ``sqlite_path`` instead and runs on SQLite only."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Store
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
    if request.param == "sqlite":
        return sqlite_path
    url: str = request.getfixturevalue("postgres_url")
    return url


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
