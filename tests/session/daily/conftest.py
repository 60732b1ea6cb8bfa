"""Fixtures of the daily championship's tests: a store on a real file, a settable clock
(3 March 2026, noon in Paris) shared by the store and the championship."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.session.daily import Daily
from data import Store
from tests.session.daily.helpers import Clock, at, new_daily


@pytest.fixture
def clock() -> Clock:
    return Clock(at(2026, 3, 3, 12))


@pytest.fixture
async def store(tmp_path: Path, clock: Clock) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "rami.sqlite3", clock=clock) as opened:
        yield opened


@pytest.fixture
def daily(store: Store, clock: Clock) -> Daily:
    return new_daily(store, clock)
