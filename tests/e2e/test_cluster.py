"""A bot in several processes: each connects its shards, sees its guilds' events only,
and only cluster 0 registers the commands; a start that would spend too much of
Discord's daily session budget is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Cluster
from bot.discord_app.fake import FakeDiscord
from bot.discord_app.main import sync_only
from bot.discord_app.starting import IdentifyBudgetLow
from bot.session import Status
from tests.e2e.harness import BotHarness, BotProcess
from tests.e2e.harness import guild_on as sharded_guild_on
from tests.e2e.players import play_match

SHARDS = 4


@pytest.fixture
def fake(sharded_fake: FakeDiscord) -> FakeDiscord:
    """The four-shard fake (tests/e2e/conftest.py): one guild on each shard."""
    return sharded_fake


def guild_on(fake: FakeDiscord, shard: int) -> int:
    return sharded_guild_on(fake, shard, SHARDS)


def cluster(cluster_id: int, count: int = 2) -> Cluster:
    return Cluster(shard_count=SHARDS, cluster_id=cluster_id, cluster_count=count)


async def test_a_cluster_connects_its_shards_and_plays_in_its_guilds(
        fake: FakeDiscord, db_path: Path) -> None:
    harness = BotHarness(fake, db_path, dev_guild=False, cluster=cluster(1))
    await sync_only(harness.settings)  # rummy-bot sync: cluster 1 never registers them
    assert fake.command_puts == [None] and fake.identifies == 0
    bot = await harness.start()
    try:
        assert sorted(s for s in fake.connected_shards() if s) == [(1, SHARDS), (3, SHARDS)]
        assert {g.id for g in bot.guilds} == {guild_on(fake, 1), guild_on(fake, 3)}
        assert fake.command_puts == [None]
        mine = fake.guilds[guild_on(fake, 3)].channels[0]
        rounds, _ = await play_match(fake, harness, "classic", 1, mine)
        snapshot = await bot.tables.snapshot(mine)
        assert rounds >= 1 and snapshot is not None and snapshot.status is Status.MATCH_OVER
        other = fake.guilds[guild_on(fake, 2)].channels[0]
        with pytest.raises(AssertionError, match="no bot is connected"):
            await fake.slash(fake.add_user("carol"), other, "rummy new", variant="classic")
    finally:
        await harness.stop()


async def test_two_clusters_answer_their_own_guilds_and_only_cluster_0_syncs(
        fake: FakeDiscord, db_path: Path) -> None:
    second = BotHarness(fake, db_path, dev_guild=False, cluster=cluster(1))
    first = BotHarness(fake, db_path, dev_guild=False, cluster=cluster(0))
    await second.start()
    assert fake.command_puts == []  # cluster 1 does not register the commands
    await first.start()
    try:
        assert fake.command_puts == [None]
        assert sorted(s for s in fake.connected_shards() if s) == [
            (shard, SHARDS) for shard in range(SHARDS)]
        alice = fake.add_user("alice")
        for shard in range(SHARDS):
            owner, other = (first, second) if shard % 2 == 0 else (second, first)
            assert owner.bot is not None and other.bot is not None
            guild = guild_on(fake, shard)
            assert owner.bot.get_guild(guild) is not None and other.bot.get_guild(guild) is None
            channel = fake.guilds[guild].channels[0]
            lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51")).reply
            assert not lobby.ephemeral and "rami:lobby:join:" in " ".join(lobby.custom_ids())
        assert fake.gateway_deliveries("INTERACTION_CREATE") == [
            (shard, SHARDS) for shard in range(SHARDS)]
    finally:
        await first.stop()
        await second.stop()


async def test_a_start_that_would_spend_the_last_session_starts_is_refused(
        fake: FakeDiscord, db_path: Path) -> None:
    fake.session_start_limit.update(remaining=1, reset_after=90 * 60_000)
    harness = BotHarness(fake, db_path, dev_guild=False, cluster=cluster(1))
    with pytest.raises(IdentifyBudgetLow) as refused:
        await harness.start()
    assert harness.bot is not None
    await harness.bot.close()
    assert fake.identifies == 0 and fake.session_start_limit["remaining"] == 1
    text = str(refused.value)
    assert "1 more" in text and "1 h 30 min" in text and "would open 2" in text
    assert "MIN_IDENTIFIES_LEFT" in text


async def test_each_identify_spends_one_session_start(fake: FakeDiscord, db_path: Path) -> None:
    harness = BotHarness(fake, db_path, dev_guild=False, cluster=cluster(0, count=1))
    await harness.start()
    await harness.stop()
    assert fake.session_start_limit["remaining"] == 1000 - SHARDS
    assert sorted(s for s in fake.identified if s) == [(s, SHARDS) for s in range(SHARDS)]


async def test_rummy_bot_run_as_a_process_connects_its_shards(
        fake: FakeDiscord, db_path: Path) -> None:
    process = BotProcess(fake, db_path, "--shard-count", "4", "--cluster-id", "1",
                         "--cluster-count", "2", "--no-sync")
    await process.start()
    await process.connected([(1, SHARDS), (3, SHARDS)])
    assert fake.command_puts == []
    assert await process.stop() == 0, process.output


async def test_a_refused_process_exits_3_and_says_why(fake: FakeDiscord, db_path: Path) -> None:
    fake.session_start_limit["remaining"] = 1
    process = BotProcess(fake, db_path, "--shard-count", "4", "--cluster-id", "1",
                         "--cluster-count", "2")
    await process.start()
    assert await process.exit_status() == 3, process.output
    lines = [line for line in process.output.splitlines() if "refusing to start" in line]
    assert len(lines) == 1 and "MIN_IDENTIFIES_LEFT" in lines[0]
    assert fake.identifies == 0


async def test_spread_gives_each_event_to_one_of_two_sessions_of_a_shard(
        fake: FakeDiscord, tmp_path: Path) -> None:
    old = BotHarness(fake, tmp_path / "old.sqlite3", dev_guild=False, cluster=cluster(1))
    new = BotHarness(fake, tmp_path / "new.sqlite3", dev_guild=False, cluster=cluster(1))
    await sync_only(old.settings)
    await old.start()
    await new.start()  # a failover: both hold shards 1 and 3
    try:
        fake.gateway.spread = True
        channels = fake.guilds[guild_on(fake, 1)].channels[:2]
        for channel in channels:  # a lobby in each, each saved by the process that got it
            lobby = (await fake.slash(fake.add_user("al"), channel, "rummy new",
                                      variant="rami51")).reply
            assert "rami:lobby:join:" in " ".join(lobby.custom_ids())
        assert fake.gateway_deliveries("INTERACTION_CREATE") == [(1, SHARDS)] * 2  # once each
        assert old.bot is not None and new.bot is not None
        held = [[await bot.tables.snapshot(c) is not None for c in channels]
                for bot in (old.bot, new.bot)]
        assert sorted(held) == [[False, True], [True, False]]
    finally:
        await new.stop()
        await old.stop()
