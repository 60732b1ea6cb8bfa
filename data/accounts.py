"""SQL for guild settings, player preferences, and deleting a player's data."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import data.channels as channels
from data.changes import Change, notify_change
from data.records import DeletedUserData, GameStatus
from data.settings import GuildSettings, PlayerPrefs, S, decode, encode
from data.tx import Tx, for_update

DELETED_NAME = "deleted player"


# Where each kind of values is stored: its table, key column and JSON column, and who
# owns a row (for the warnings about an unreadable value).
_TABLES: dict[type[Any], tuple[str, str, str, Change]] = {
    GuildSettings: ("guild_settings", "guild_id", "settings", Change.GUILD),
    PlayerPrefs: ("player_prefs", "user_id", "prefs", Change.PLAYER),
}


async def read_values(tx: Tx, cls: type[S], key: int, *, lock: bool = False) -> S:
    """A guild's settings or a player's preferences (``cls`` says which; defaults where
    nothing is stored; a guild's channels from their rows: :mod:`data.channels`).
    ``lock``: lock the row until the transaction ends (PostgreSQL)."""
    table, key_column, column, owner = _TABLES[cls]
    text = await tx.fetchval(
        f"SELECT {column} FROM {table} WHERE {key_column} = ?{for_update(tx) if lock else ''}",
        (key,))
    values = decode(cls, text, owner=f"{owner} {key}")
    if isinstance(values, GuildSettings):
        allowed, timeouts = await channels.read(tx, key)
        values = dataclasses.replace(values, allowed_channels=allowed,
                                     channel_timeouts=timeouts)
    return values


async def update_values(tx: Tx, now: float, cls: type[S], key: int,
                        changes: dict[str, Any]) -> S:
    """Apply already validated changes on top of what is stored; return all the values."""
    return await edit_values(tx, now, cls, key, lambda _: changes)


async def edit_values(tx: Tx, now: float, cls: type[S], key: int,
                      edit: Callable[[S], Mapping[str, Any]]) -> S:
    """Apply the changes ``edit`` makes of the stored values (read under the row's lock:
    ``edit`` returns checked changes, or raises to write nothing); return all the values.

    The row is made (empty) first, then locked and read, so two processes changing
    different keys at once both keep their change. Every process hears of it at commit
    (:func:`data.changes.notify_change`).
    """
    table, key_column, column, owner = _TABLES[cls]
    await tx.execute(
        f"INSERT INTO {table} ({key_column}, {column}, updated_at) VALUES (?, '{{}}', ?)"
        f" ON CONFLICT ({key_column}) DO NOTHING", (key, now))
    current = await read_values(tx, cls, key, lock=True)
    changes = edit(current)
    updated = dataclasses.replace(current, **changes)
    stored = updated
    if isinstance(updated, GuildSettings):  # its channels are rows of their own
        if any(name in changes for name in channels.CHANNEL_KEYS):
            await channels.change(tx, now, key, channels.replacing(changes))
        stored = dataclasses.replace(updated, **{k: getattr(GuildSettings(), k)
                                                 for k in channels.CHANNEL_KEYS})
    await tx.execute(
        f"UPDATE {table} SET {column} = ?, updated_at = ? WHERE {key_column} = ?",
        (encode(stored), now, key),
    )
    await notify_change(tx, owner, key)
    return updated


async def edit_channels(tx: Tx, now: float, guild_id: int,
                        changes: channels.ChannelChanges) -> GuildSettings:
    """Change only the channels ``changes`` names (checked), each its own row; return
    all the guild's settings. Every process hears of it at commit.

    Raises:
        TooManyChannels: too many channels would have a time-out of their own.
    """
    await channels.lock_guild(tx, now, guild_id)
    await channels.change(tx, now, guild_id, changes)
    await notify_change(tx, Change.GUILD, guild_id)
    return await read_values(tx, GuildSettings, guild_id)


async def delete_user_data(tx: Tx, user_id: int) -> DeletedUserData:
    """Delete the player's preferences, ratings, championship tries and places; anonymise their
    seats in match and round history (other players' history stays whole, nothing counts
    for them any more), and their id in the logs and creator column of ended games (0: unknown).
    Active games are left alone: the session layer still needs them and they end or
    expire within days. The opaque states of ended games are not searched."""
    active = str(GameStatus.ACTIVE)
    prefs = await tx.execute("DELETE FROM player_prefs WHERE user_id = ?", (user_id,))
    seats = await tx.execute(
        "UPDATE match_seats SET user_id = NULL, name = ? WHERE user_id = ?",
        (DELETED_NAME, user_id),
    )
    rounds = await tx.execute(
        "UPDATE round_scores SET user_id = NULL, name = ? WHERE user_id = ?"
        " AND game_id NOT IN (SELECT id FROM games WHERE status = ?)",
        (DELETED_NAME, user_id, active),
    )
    rated = await tx.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
    rated += await tx.execute(
        "UPDATE rating_changes SET user_id = NULL, player = NULL WHERE user_id = ?", (user_id,))
    tries = await tx.execute("DELETE FROM challenge_tries WHERE user_id = ?", (user_id,))
    places = await tx.execute("DELETE FROM challenge_results WHERE user_id = ?", (user_id,))
    log = await tx.execute(
        "UPDATE game_log SET actor = NULL WHERE actor = ?"
        " AND game_id NOT IN (SELECT id FROM games WHERE status = ?)",
        (user_id, active),
    )
    created = await tx.execute(
        "UPDATE games SET created_by = 0 WHERE created_by = ? AND status != ?",
        (user_id, active),
    )
    await notify_change(tx, Change.PLAYER, user_id)  # other processes drop their cache
    return DeletedUserData(user_id, prefs, seats, rounds, tries, log, created, places, rated)
