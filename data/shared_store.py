"""What several processes serving one database share through the store: the turns due to
time out (claimed under a lease, so one process plays each) and the players' hand messages
(so that any process refreshes them). Part of :class:`data.Store`; the SQL is in
:mod:`data.games` (claims) and :mod:`data.hand_messages`.
"""

from __future__ import annotations

import math

import data.games as games
import data.hand_messages as hand_messages
from data.database import StoreBase
from data.records import DueTurn, HandMessage

Shards = games.Shards  # (shard count, the shard ids a process serves)
LEASE_S = 30.0  # how long a claimed turn is left to its process before another takes it
CLAIM_LIMIT = 50  # turns claimed at most at once


class SharedStore(StoreBase):
    """Turn claims and hand messages: the state several processes share."""

    async def claim_due_turns(
        self, now: float | None = None, *, lease_s: float = LEASE_S,
        shards: Shards | None = None, limit: int = CLAIM_LIMIT,
    ) -> list[DueTurn]:
        """Claim, in one write transaction, the active games whose turn deadline is ``now``
        (default: the store's clock) or earlier and whose lease is free (never taken, or
        ended): each is leased until ``now + lease_s`` (a save of the game frees it), so
        that no other process claims it meanwhile, and one that dies holding it lets
        another take the turn once the lease ends. ``shards`` = (shard count, shard ids):
        only the guilds Discord sends to those shards (``(guild_id >> 22) % count``);
        None: every guild. The most overdue first, at most ``limit``.

        Raises:
            ValueError: ``lease_s`` not above 0, ``limit`` below 1, or ``shards`` without
                ids, or with an id outside ``0..count-1``.
        """
        moment = self._now(now)
        if not (isinstance(lease_s, float | int) and math.isfinite(lease_s) and lease_s > 0):
            raise ValueError(f"lease_s must be a number of seconds above 0, not {lease_s!r}")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a whole number from 1, not {limit!r}")
        if shards is not None:
            shards = check_shards(shards)
        return await self._write(games.claim_due, float(moment), float(lease_s), shards,
                                 limit)

    async def save_hand_message(
        self, channel_id: int, user_id: int, *, token: str, message_id: int, language: str,
        lifetime_s: float, application_id: int | None = None, now: float | None = None,
    ) -> HandMessage:
        """Keep the player's latest hand message in the channel and the interaction token
        that edits it, valid ``lifetime_s`` seconds from ``now`` (replacing the one before;
        the expired ones are deleted on the way). Returns what was kept.

        Raises:
            ValueError: an empty token or language, or ``lifetime_s`` not above 0.
        """
        if not isinstance(token, str) or not token:
            raise ValueError("an interaction token is non-empty text")
        if not isinstance(language, str) or not language:
            raise ValueError("a hand message's language is a language code such as 'en'")
        if not (isinstance(lifetime_s, float | int) and lifetime_s > 0):
            raise ValueError(f"lifetime_s must be seconds above 0, not {lifetime_s!r}")
        moment = float(self._now(now))
        message = HandMessage(channel_id, user_id, application_id, token, message_id,
                              language, moment, moment + float(lifetime_s))
        await self._write(hand_messages.save, message)
        return message

    async def hand_message(self, channel_id: int, user_id: int,
                           now: float | None = None) -> HandMessage | None:
        """The player's latest hand message in the channel, None once its token has
        expired (by ``now``, default the store's clock) or when there is none."""
        return await self._read(hand_messages.find, channel_id, user_id,
                                float(self._now(now)))

    async def forget_hand_message(self, channel_id: int, user_id: int) -> bool:
        """Forget the player's hand message in the channel (it can no longer be edited);
        returns whether there was one."""
        return await self._write(hand_messages.forget, channel_id, user_id)

    async def expire_hand_messages(self, now: float | None = None) -> int:
        """Delete the hand messages whose tokens have expired; returns how many."""
        return await self._write(hand_messages.expire, float(self._now(now)))


def check_shards(shards: Shards) -> Shards:
    """``shards`` as (count, sorted distinct ids), checked.

    Raises:
        ValueError: not a count from 1 with at least one id, each in ``0..count-1``.
    """
    try:
        count, ids = shards
        ids = tuple(sorted(set(ids)))
    except (TypeError, ValueError):
        raise ValueError(f"shards is (shard count, shard ids), not {shards!r}") from None
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in (count, *ids))
    if not whole or count < 1 or not ids or not all(0 <= n < count for n in ids):
        raise ValueError(f"shards is (shard count, shard ids from 0 to count - 1), not "
                         f"{shards!r}")
    return count, ids
