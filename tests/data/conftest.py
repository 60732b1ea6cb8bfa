"""Fixtures of the store tests: real SQLite files in a temporary folder, a settable clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Store
from tests.data.helpers import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "rami.sqlite3"


@pytest.fixture
async def store(db_path: Path, clock: Clock) -> AsyncIterator[Store]:
    opened = await Store.open(db_path, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()
