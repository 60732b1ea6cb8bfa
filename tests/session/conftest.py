"""Fixtures of the session layer's tests: a store on a real SQLite file; ``where`` a
database on each backend for the tests of several processes sharing one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Store


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "rami.sqlite3") as opened:
        yield opened


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where several processes' stores live: an SQLite path, or a fresh PostgreSQL
    database's URL."""
    if request.param == "sqlite":
        return tmp_path / "rami.sqlite3"
    url: str = request.getfixturevalue("postgres_url")
    return url
