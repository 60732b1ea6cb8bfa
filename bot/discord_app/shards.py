"""Which guilds this process serves: those Discord sends to its shards
(``(guild_id >> 22) % shard_count``). A job that must run once per guild across processes
(timing out turns, posting a day's ranking) does it only for the guilds it serves."""

from __future__ import annotations

import discord

from data.shared_store import Shards  # (shard count, this process's shard ids)


def shard_filter(client: discord.Client) -> Shards | None:
    """The shards whose guilds' turns this process times out: (shard count, its shard
    ids), or None when it is not sharded (every guild)."""
    count = getattr(client, "shard_count", None)
    ids = getattr(client, "shard_ids", None)  # an AutoShardedClient's
    shard_id = getattr(client, "shard_id", None)
    if ids is None and shard_id is not None:
        ids = [shard_id]
    if not count or count <= 1 or not ids:
        return None
    return count, tuple(ids)


def serves(shards: Shards | None, guild_id: int) -> bool:
    """Whether a process serving ``shards`` (None: every guild) serves ``guild_id``."""
    return shards is None or (guild_id >> 22) % shards[0] in shards[1]
