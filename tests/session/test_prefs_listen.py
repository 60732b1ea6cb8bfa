"""Preferences across processes: a change of settings or preferences made by another
process is seen at once (PostgreSQL's change notices), without waiting for the cache's
TTL; a dropped listening connection comes back and everything cached is read afresh."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.session import Preferences
from data import Change, Store
from data.listener import APPLICATION_NAME

GUILD, ANN = 9, 101


class Watched(Preferences):
    """Preferences whose test can wait for the next change notice (no sleeping)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store, ttl=30.0, clock=lambda: 0.0)  # the clock never moves
        self.heard: asyncio.Queue[tuple[Change, int | None]] = asyncio.Queue()

    def changed(self, kind: Change, key: int | None) -> None:
        super().changed(kind, key)
        self.heard.put_nowait((kind, key))

    async def next_notice(self) -> tuple[Change, int | None]:
        return await asyncio.wait_for(self.heard.get(), timeout=30)


@pytest.mark.postgresql
async def test_another_process_change_is_seen_without_waiting(postgres_url: str) -> None:
    async with await Store.open(postgres_url) as here_store, \
            await Store.open(postgres_url) as there_store:
        here, there = Watched(here_store), Preferences(there_store)
        await here.listen()
        try:
            assert await here.next_notice() == (Change.ALL, None)  # listening started
            assert here.listening_ttl > here.ttl  # notices heard: the TTL is a safety net
            assert (await here.guild(GUILD)).language is None
            assert (await here.player(ANN)).language is None
            await there.update_guild(GUILD, language="fr")
            assert await here.next_notice() == (Change.GUILD, GUILD)
            assert (await here.guild(GUILD)).language == "fr"
            await there.update_player(ANN, language="fr")
            assert await here.next_notice() == (Change.PLAYER, ANN)
            assert (await here.player(ANN)).language == "fr"
            await there_store.delete_user_data(ANN)
            assert await here.next_notice() == (Change.PLAYER, ANN)
            assert (await here.player(ANN)).language is None
        finally:
            await here.close()


@pytest.mark.postgresql
async def test_a_dropped_connection_comes_back_and_flushes(postgres_url: str) -> None:
    async with await Store.open(postgres_url) as store:
        prefs = Watched(store)
        await prefs.listen()
        try:
            await prefs.next_notice()
            assert (await prefs.guild(GUILD)).language is None
            conn = await asyncpg.connect(postgres_url)
            try:  # a change missed while the connection is down, then the connection cut
                await conn.execute("INSERT INTO guild_settings (guild_id, settings, updated_at)"
                                   " VALUES ($1, '{\"language\": \"fr\"}', 0)", GUILD)
                await conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                   " WHERE application_name = $1 AND datname ="
                                   " current_database()", APPLICATION_NAME)
            finally:
                await conn.close()
            assert await prefs.next_notice() == (Change.ALL, None)
            assert (await prefs.guild(GUILD)).language == "fr"
        finally:
            await prefs.close()


async def test_one_process_store_listens_to_nothing(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "rami.sqlite3") as store:
        prefs = Watched(store)
        await prefs.listen()  # returns at once: no other process writes
        await prefs.close()
        assert prefs.heard.empty()
