"""What several processes sharing one database get from the store: a game's version to
check a cached table against, singleton jobs (the idle sweep, the daily close) run by one
process at a time, and change notices of settings and preferences (PostgreSQL)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from data import Change, Store
from data.jobs import Job
from data.listener import APPLICATION_NAME
from tests.data.helpers import CLOSES_AT, Clock, Where, play_challenge

GUILD, DAY, ANN, BOB = 9, "2026-11-30", 101, 102
IDLE_S = 8 * 86400.0


async def test_the_store_says_whether_other_processes_share_it(store: Store) -> None:
    assert store.shared is (store.dialect == "postgresql")


async def test_a_game_version_is_read_while_the_game_is_active(store: Store) -> None:
    game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
    assert await store.game_version(game.id) == 0
    await store.save(game.id, "{}", actor=ANN, action="x", expected_version=0)
    assert await store.game_version(game.id) == 1
    await store.end_game(game.id, "cancelled", "{}")
    assert await store.game_version(game.id) is None
    assert await store.game_version(game.id + 1) is None


@asynccontextmanager
async def job_held(url: str, job: Job) -> AsyncIterator[None]:
    """Another process running ``job``: its lock held in an open transaction."""
    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            assert await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", int(job))
            yield
    finally:
        await conn.close()


@pytest.mark.postgresql
async def test_the_idle_sweep_skips_while_another_process_sweeps(postgres_url: str) -> None:
    clock = Clock()
    async with await Store.open(postgres_url, clock=clock) as store:
        game = await store.create_game(1, GUILD, ANN, "rami51", "{}")
        clock.advance(IDLE_S)
        async with job_held(postgres_url, Job.IDLE_SWEEP):
            assert await store.expire_idle() == []
            assert await store.game_version(game.id) == 0  # still active
        assert await store.expire_idle() == [game.id]  # the lock went with its transaction


@pytest.mark.postgresql
async def test_the_daily_close_skips_while_another_process_closes(postgres_url: str) -> None:
    async with await Store.open(postgres_url) as store:
        await play_challenge(store, GUILD, ANN, DAY, [10])
        async with job_held(postgres_url, Job.DAILY_CLOSE):
            assert await store.close_due_challenge_days(now=CLOSES_AT) == []
        [(day, results)] = await store.close_due_challenge_days(now=CLOSES_AT)
        assert (day.guild_id, day.day, day.closed) == (GUILD, DAY, True)
        assert [r.user_id for r in results] == [ANN]


async def test_two_processes_closing_at_once_close_a_day_once(where: Where) -> None:
    async with await Store.open(where) as first, await Store.open(where) as second:
        await first.update_guild_settings(GUILD, daily_channel=555)
        await play_challenge(first, GUILD, ANN, DAY, [10], name="Ann")
        await play_challenge(first, GUILD, BOB, DAY, [30], name="Bob")
        closes = await asyncio.gather(first.close_due_challenge_days(now=CLOSES_AT),
                                      second.close_due_challenge_days(now=CLOSES_AT))
        [(day, results)] = [closed for done in closes for closed in done]
        assert (day.channel_id, [r.user_id for r in results]) == (555, [BOB, ANN])
        assert await second.close_due_challenge_days(now=CLOSES_AT) == []
        for user in (ANN, BOB):
            assert (await second.challenge_stats(GUILD, user)).days == 1  # booked once


async def test_a_store_no_one_shares_hears_nothing(sqlite_path: Path) -> None:
    heard: list[tuple[Change, int | None]] = []
    async with await Store.open(sqlite_path) as store:
        subscription = await store.listen(lambda kind, key: heard.append((kind, key)))
        await subscription.ready()
        await store.update_guild_settings(GUILD, language="fr")
        await subscription.close()
    assert heard == []


class Heard:
    """The notices a subscription hears, each awaitable (no sleeping)."""

    def __init__(self) -> None:
        self.notices: list[tuple[Change, int | None]] = []
        self._changed = asyncio.Condition()

    def __call__(self, kind: Change, key: int | None) -> None:
        self.notices.append((kind, key))
        asyncio.get_running_loop().create_task(self._wake())

    async def _wake(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def until(self, count: int) -> list[tuple[Change, int | None]]:
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: len(self.notices) >= count),
                                   timeout=30)
        return self.notices


@pytest.mark.postgresql
async def test_every_change_of_settings_and_preferences_reaches_other_processes(
        postgres_url: str) -> None:
    heard = Heard()
    async with await Store.open(postgres_url) as writer, \
            await Store.open(postgres_url) as reader:
        subscription = await reader.listen(heard)
        try:
            await subscription.ready()
            assert await heard.until(1) == [(Change.ALL, None)]  # listening started
            await writer.update_guild_settings(GUILD, rule_overrides={"rami51": {"target": 500}})
            await writer.update_player_prefs(ANN, language="fr")
            await writer.delete_user_data(BOB)
            with pytest.raises(ValueError):  # refused: nothing written, nothing said
                await writer.update_player_prefs(ANN, language="xx")
            await writer.update_guild_settings(GUILD + 1, language="fr")
            assert (await heard.until(5))[1:] == [
                (Change.GUILD, GUILD), (Change.PLAYER, ANN), (Change.PLAYER, BOB),
                (Change.GUILD, GUILD + 1)]
        finally:
            await subscription.close()


@pytest.mark.postgresql
async def test_a_dropped_listening_connection_comes_back_and_flushes(
        postgres_url: str) -> None:
    heard = Heard()
    async with await Store.open(postgres_url) as store:
        subscription = await store.listen(heard)
        try:
            await subscription.ready()
            await heard.until(1)
            killed = await store_sql(postgres_url, "SELECT pg_terminate_backend(pid) FROM"
                                     " pg_stat_activity WHERE application_name = $1 AND"
                                     " datname = current_database()", APPLICATION_NAME)
            assert killed == [(True,)]
            assert (await heard.until(2))[1] == (Change.ALL, None)  # forget everything
            await subscription.ready()
            assert subscription.listening
            await store.update_player_prefs(ANN, sort="rank")
            assert (await heard.until(3))[2] == (Change.PLAYER, ANN)  # listening again
        finally:
            await subscription.close()


async def store_sql(url: str, sql: str, *args: object) -> list[tuple[object, ...]]:
    conn = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await conn.fetch(sql, *args)]
    finally:
        await conn.close()


@pytest.mark.postgresql
async def test_a_rule_change_or_reset_reaches_other_processes(postgres_url: str) -> None:
    heard = Heard()
    async with await Store.open(postgres_url) as writer, \
            await Store.open(postgres_url) as reader:
        subscription = await reader.listen(heard)
        try:
            await subscription.ready()
            await heard.until(1)  # listening started
            await writer.set_rule(GUILD, "classic", "target", "150")
            with pytest.raises(ValueError):  # refused: nothing written, nothing said
                await writer.set_rule(GUILD, "classic", "target", "many")
            await writer.reset_rule(GUILD, "classic")
            assert (await heard.until(3))[1:] == [(Change.GUILD, GUILD), (Change.GUILD, GUILD)]
        finally:
            await subscription.close()
