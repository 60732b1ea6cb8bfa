"""``/metrics`` of running bots, scraped as Prometheus does: the figures move as games are
played, Discord's requests and its 429s are counted by route family, and each bot of a
cluster serves its own figures (its own registry), even several bots in one process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Cluster
from bot.discord_app.fake import FakeDiscord
from data import Store
from tests.e2e.channel import tables
from tests.e2e.cluster import ClusterGame
from tests.e2e.harness import BotHarness, BotProcess, guild_on
from tests.e2e.scrape import figure, figures, free_port, total, until_ready


@pytest.fixture
def fake(fake: FakeDiscord) -> FakeDiscord:
    """The fake Discord of tests/e2e/conftest.py; a process's first pictures take seconds
    on a busy machine: the people wait up to 30 s for an answer."""
    fake.settle_timeout = 30.0
    return fake


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


async def test_the_figures_of_a_running_process_move_as_games_are_played(
        fake: FakeDiscord, db_path: Path, store: Store) -> None:
    port = free_port()
    process = BotProcess(fake, db_path, env={"METRICS_PORT": str(port)})
    await process.start()
    try:
        await process.connected([None])
        await until_ready(port)
        before = await figures(port)
        assert figure(before, "rami_shard", shard="none") == 1
        assert total(before, "rami_interactions_total") == 0
        assert ("rami_event_loop_lag_seconds", ()) in before

        game = ClusterGame(fake, store, fake.channels[0], seed=7)
        await game.open()
        await game.play(stop=lambda s: s.row.version >= 12)
        # Once the table is posted, every move is shown by editing it (none posts another).
        await fake.wait_for(lambda: tables(fake, game.channel), timeout=20)
        fake.rate_limit("edit", 0.05)  # Discord's proxy says wait: discord.py waits, retries
        now = await game.play(stop=lambda s: s.row.version >= 20)
        await fake.wait_for(lambda: fake.faults.hits, timeout=20)
        after = await figures(port)
        for _ in range(200):  # the table edit that met it is retried, then counted
            if total(after, "rami_discord_rate_limits_total"):
                break
            await asyncio.sleep(0.05)
            after = await figures(port)
    finally:
        assert await process.stop() == 0

    answered = total(after, "rami_interactions_total", outcome="answered")
    assert answered >= 10  # the lobby's clicks, then the people's commands
    assert figure(after, "rami_interactions_total", kind="lobby.start",
                  outcome="answered") == 1
    assert total(after, "rami_interactions_total", kind="draw") >= 2
    assert figure(after, "rami_reply_seconds_count", type="command") >= answered - 4
    assert figure(after, "rami_games", status="playing", variant="classic") == (
        0 if now.over else 1)
    # Each version of the game is one save of a move (its lobby was created at version 0).
    assert figure(after, "rami_store_writes_total", operation="games.save", outcome="ok") == (
        now.row.version)
    assert figure(after, "rami_store_write_seconds_count", operation="games.save") == (
        now.row.version)
    assert figure(after, "rami_store_writes_total", operation="games.create_game",
                  outcome="ok") == 1
    assert total(after, "rami_discord_requests_total",
                 route="POST interactions/callback", status="200") >= answered
    assert total(after, "rami_discord_requests_total", route="PATCH channels/messages",
                 status="200") >= 1
    assert figure(after, "rami_discord_rate_limits_total", route="PATCH channels/messages",
                  scope="user") == 1
    assert figure(after, "rami_discord_requests_total", route="PATCH channels/messages",
                  status="429") == 1
    assert total(after, "rami_discord_rate_limits_total") == 1
    labels = {value for (_, keys) in after for _, value in keys}
    ids = {str(fake.channels[0]), str(fake.guild_id), *(str(u) for u in fake.users)}
    assert labels.isdisjoint(ids)  # never a user, channel or guild id


async def test_each_bot_of_a_cluster_serves_its_own_figures(
        sharded_fake: FakeDiscord, db_path: Path) -> None:
    fake = sharded_fake
    bots = [BotHarness(fake, db_path, dev_guild=False, metrics=True,
                       cluster=Cluster(shard_count=4, cluster_id=i, cluster_count=2))
            for i in (0, 1)]
    for harness in bots:
        await harness.start()
    try:
        ports = [harness.bot.ops.port for harness in bots  # type: ignore[union-attr]
                 if harness.bot is not None and harness.bot.ops is not None]
        assert len(set(ports)) == 2
        alice = fake.add_user("alice")
        channel = fake.guilds[guild_on(fake, 3, 4)].channels[0]  # cluster 1's shard 3
        await fake.slash(alice, channel, "rummy new", variant="rami51")
        await fake.slash(alice, channel, "rummy rules")
        first, second = [await figures(port) for port in ports]
    finally:
        for harness in bots:
            await harness.stop()
    assert {k for (n, keys) in first for _, k in keys if n == "rami_shard"} == {"0", "2"}
    assert {k for (n, keys) in second for _, k in keys if n == "rami_shard"} == {"1", "3"}
    assert total(first, "rami_interactions_total") == 0
    assert total(second, "rami_interactions_total", outcome="answered") == 2
    assert figure(second, "rami_games", status="lobby", variant="rami51") == 1
