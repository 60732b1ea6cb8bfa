"""Idle games are archived and forgotten by the session layer's sweeper."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.session import IdleSweeper, Player, Tables
from data import GameStatus, Store

CHANNEL, GUILD = 100, 7
DAY = 86_400


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "rami.sqlite3") as opened:
        yield opened


async def test_an_idle_game_is_archived_and_its_table_forgotten(store: Store) -> None:
    tables = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    lobby = await tables.open_lobby(CHANNEL, GUILD, Player(1, "Ann"), "classic")
    now = time.time()
    sweeper = IdleSweeper(store, tables, clock=lambda: now)
    assert await sweeper.sweep() == []  # fresh: kept
    sweeper.clock = lambda: now + 8 * DAY
    assert await sweeper.sweep() == [lobby.game_id]
    archived = await store.game(lobby.game_id)
    assert archived is not None and archived.status is GameStatus.EXPIRED
    assert await tables.snapshot(CHANNEL) is None
    await tables.close()


async def test_a_failed_sweep_is_tried_again(store: Store) -> None:
    tables = Tables(store, ai_delay=0, seed_source=lambda: 1, turn_timeout=0)
    calls: list[float] = []

    async def flaky(now: float | None = None, idle_days: float = 7) -> list[int]:
        calls.append(now or 0.0)
        if len(calls) == 1:
            raise OSError("disk busy")
        return []

    store.expire_idle = flaky  # type: ignore[method-assign]
    sweeper = IdleSweeper(store, tables, interval=0).start()
    for _ in range(100):
        if len(calls) >= 2:
            break
        await asyncio.sleep(0)
    await sweeper.stop()
    assert len(calls) >= 2
