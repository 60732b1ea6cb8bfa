"""Which guilds' turns a bot process times out: those of its shards."""

from __future__ import annotations

import discord
import pytest

from bot.discord_app.client import shard_filter


@pytest.mark.parametrize(("make", "expected"), [
    (lambda: discord.Client(intents=discord.Intents(guilds=True)), None),
    (lambda: discord.Client(intents=discord.Intents(guilds=True), shard_id=0, shard_count=1), None),
    (lambda: discord.Client(intents=discord.Intents(guilds=True), shard_id=2, shard_count=4),
     (4, (2,))),
    (lambda: discord.AutoShardedClient(intents=discord.Intents(guilds=True), shard_ids=[1, 3],
                                       shard_count=4), (4, (1, 3))),
    (lambda: discord.AutoShardedClient(intents=discord.Intents(guilds=True)), None),
])
async def test_a_process_times_out_the_turns_of_its_shards(
        make: object, expected: tuple[int, tuple[int, ...]] | None) -> None:
    client = make()  # type: ignore[operator]  # never connected: nothing to close
    assert shard_filter(client) == expected
