"""SQL for a guild's settings of one channel (issue 27): whether games are allowed there
and its own turn time-out, a row per channel (``guild_channels``, migration 0012).

They are two values of :class:`~data.settings.GuildSettings` (``allowed_channels``,
``channel_timeouts``), but not stored in its JSON: a change of one channel writes that
channel's row only, so two moderators changing two channels at once both keep their
change. The guild's settings row is locked first (made empty if missing), which puts the
changes of one guild's channels one after the other on PostgreSQL, so that the limit of
channels with a time-out of their own holds under concurrent changes (SQLite writes one
at a time anyway).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from data.errors import TooManyChannels
from data.settings import MAX_CHANNEL_TIMEOUTS, MAX_TURN_TIMEOUT_S, MIN_TURN_TIMEOUT_S, IntIn
from data.tx import Tx, for_update

log = logging.getLogger("data.settings")  # with the warnings about other stored values

CHANNEL_KEYS = ("allowed_channels", "channel_timeouts")  # the GuildSettings kept here
_SECONDS = IntIn(MIN_TURN_TIMEOUT_S, MAX_TURN_TIMEOUT_S)


@dataclass(frozen=True, slots=True)
class ChannelChanges:
    """What to change of a guild's channels, each channel named on its own: games
    allowed in ``allow``, no longer in ``disallow`` (in none but ``allow`` with
    ``disallow_all``); ``timeouts``: a channel's own time-out (None: the server's again)."""

    allow: frozenset[int] = frozenset()
    disallow: frozenset[int] = frozenset()
    disallow_all: bool = False
    timeouts: Mapping[int, int | None] = field(
        default_factory=lambda: MappingProxyType({}))
    clear_timeouts: bool = False  # every other channel's own time-out dropped first


async def read(tx: Tx, guild_id: int) -> tuple[frozenset[int], Mapping[int, int]]:
    """The guild's allowed channels and channels' own time-outs, as stored (a time-out
    that no longer passes its check is ignored, and said in the log)."""
    rows = await tx.fetchall(
        "SELECT channel_id, allowed, turn_timeout_s FROM guild_channels WHERE guild_id = ?"
        " ORDER BY channel_id", (guild_id,))
    allowed = frozenset(int(row[0]) for row in rows if row[1])
    timeouts: dict[int, int] = {}
    for channel, _, seconds in rows:
        if seconds is None:
            continue
        try:
            timeouts[int(channel)] = _SECONDS(f"channel_timeouts[{channel}]", int(seconds))
        except ValueError as error:
            log.warning("GuildSettings of guild %s: ignoring stored %s", guild_id, error)
    return allowed, MappingProxyType(timeouts)


async def lock_guild(tx: Tx, now: float, guild_id: int) -> None:
    """Lock the guild's settings row until the transaction ends (made empty if missing)."""
    await tx.execute(
        "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, '{}', ?)"
        " ON CONFLICT (guild_id) DO NOTHING", (guild_id, now))
    await tx.fetchval(f"SELECT guild_id FROM guild_settings WHERE guild_id = ?{for_update(tx)}",
                      (guild_id,))


async def change(tx: Tx, now: float, guild_id: int, changes: ChannelChanges) -> None:
    """Apply ``changes`` (checked by the caller) to the guild's channel rows, the guild's
    row locked by the caller (:func:`lock_guild`).

    Raises:
        TooManyChannels: more channels would have a time-out of their own than
            :data:`~data.settings.MAX_CHANNEL_TIMEOUTS` (the transaction writes nothing).
    """
    if changes.disallow_all:
        await tx.execute("UPDATE guild_channels SET allowed = 0, updated_at = ?"
                         " WHERE guild_id = ? AND allowed = 1", (now, guild_id))
    if changes.clear_timeouts:
        await tx.execute("UPDATE guild_channels SET turn_timeout_s = NULL, updated_at = ?"
                         " WHERE guild_id = ? AND turn_timeout_s IS NOT NULL", (now, guild_id))
    await _set(tx, now, guild_id, "allowed", 0, changes.disallow)
    await _set(tx, now, guild_id, "allowed", 1, changes.allow)
    for channel, seconds in sorted(changes.timeouts.items()):
        await _set(tx, now, guild_id, "turn_timeout_s", seconds, (channel,))
    await tx.execute("DELETE FROM guild_channels WHERE guild_id = ? AND allowed = 0"
                     " AND turn_timeout_s IS NULL", (guild_id,))
    if any(seconds is not None for seconds in changes.timeouts.values()):
        count = await tx.fetchval("SELECT COUNT(*) FROM guild_channels WHERE guild_id = ?"
                                  " AND turn_timeout_s IS NOT NULL", (guild_id,))
        if int(count or 0) > MAX_CHANNEL_TIMEOUTS:
            raise TooManyChannels(MAX_CHANNEL_TIMEOUTS)


async def _set(tx: Tx, now: float, guild_id: int, column: str, value: int | None,
               channels: Iterable[int]) -> None:
    """Set ``column`` of each channel's row, made if missing."""
    for channel in sorted(channels):
        await tx.execute(
            f"INSERT INTO guild_channels (guild_id, channel_id, {column}, updated_at)"
            f" VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, channel_id)"
            f" DO UPDATE SET {column} = excluded.{column}, updated_at = excluded.updated_at",
            (guild_id, channel, value, now))


def replacing(values: Mapping[str, object]) -> ChannelChanges:
    """The changes that make the guild's channels ``values`` (checked ``allowed_channels``
    and ``channel_timeouts``, whole: an update of the guild's settings naming them)."""
    allowed = values.get("allowed_channels")
    timeouts = values.get("channel_timeouts")
    return ChannelChanges(
        allow=frozenset(allowed) if isinstance(allowed, frozenset) else frozenset(),
        disallow_all=allowed is not None,
        timeouts=MappingProxyType(dict(timeouts)) if isinstance(timeouts, Mapping) else
        MappingProxyType({}),
        clear_timeouts=timeouts is not None)
