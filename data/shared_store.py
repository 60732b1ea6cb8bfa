"""What several processes serving one database share through the store: the turns due to
time out (claimed under a lease, so one process plays each), the players' hand messages (so
that any process refreshes them), what the front end shows of each game in its channel
(message ids, beside the game and never in its versioned state), a game's version to check
a table kept in memory against, and the change notices of settings and preferences
(:mod:`data.changes`). Part of :class:`data.Store`; the SQL is in :mod:`data.games`
(claims, versions), :mod:`data.hand_messages` and :mod:`data.game_ui`.
"""

from __future__ import annotations

import math
import os
from typing import Any, Self

import data.game_ui as game_ui
import data.games as games
import data.hand_messages as hand_messages
from data.changes import ChangeCallback, Silent, Subscription
from data.database import StoreBase, is_postgres_url
from data.records import DueTurn, GameUi, HandMessage
from data.sqlite import DEFAULT_PATH

Shards = games.Shards  # (shard count, the shard ids a process serves)
LEASE_S = 30.0  # how long a claimed turn is left to its process before another takes it
CLAIM_LIMIT = 50  # turns claimed at most at once


class SharedStore(StoreBase):
    """The store's methods for a database that other processes use as well: turn claims,
    hand messages, table versions, change notices."""

    _url: str | None = None  # the PostgreSQL URL with its password, to listen on

    @classmethod
    async def open(cls, where: str | os.PathLike[str] = DEFAULT_PATH, **options: Any) -> Self:
        """As :meth:`data.database.StoreBase.open` (same arguments and errors)."""
        opened = await super().open(where, **options)
        if is_postgres_url(where):
            opened._url = str(where)
        return opened

    @property
    def shared(self) -> bool:
        """Whether other processes may change the games under this one (PostgreSQL): a
        table kept in memory is then checked against its row before each use. SQLite is
        one process's."""
        return self.dialect == "postgresql"

    async def game_version(self, game_id: int) -> int | None:
        """The game's saved version while it is active; None once it ended (or for an
        unknown id). One read of the primary key."""
        return await self._read(games.active_version, game_id)

    async def game_head(self, game_id: int) -> tuple[int, GameUi] | None:
        """The active game's version and what its channel shows (:meth:`game_ui`), in one
        read of both primary keys; None once the game ended (or for an unknown id)."""
        return await self._read(game_ui.head, game_id)

    async def game_ui(self, game_id: int) -> GameUi:
        """What the front end shows of the game in its channel (every field None where
        nothing was saved, or for an unknown game). One read of the primary key."""
        return await self._read(game_ui.find, game_id)

    async def set_game_ui(
        self, game_id: int, *, channel_id: int | None = None,
        lobby_message: int | None = None, table_message: int | None = None,
        lang: str | None = None, reminder_message: int | None = None,
        reminder_turn: str | None = None, results_shown: str | None = None,
        lobby_layout: int | None = None, table_layout: int | None = None,
        now: float | None = None,
    ) -> GameUi | None:
        """Save what the front end shows of an active game in its channel: the values given
        replace the saved ones, a value left None stays as it was. The game's row, version,
        turn's lease and log are left alone (one statement on the ``game_ui`` row).
        Returns what is now saved, or None (nothing written) when the game is not active,
        or not in ``channel_id`` when that is given: a stale game's ids are ignored.

        Raises:
            ValueError: nothing given, a message id that is not a whole number from 1 to
                2**63 - 1, or a ``lang``, ``reminder_turn`` or ``results_shown`` that is not
                non-empty text.
        """
        values = _ui_values(lobby_message=lobby_message, table_message=table_message,
                            lang=lang, reminder_message=reminder_message,
                            reminder_turn=reminder_turn, results_shown=results_shown,
                            lobby_layout=lobby_layout, table_layout=table_layout)
        if not values:
            raise ValueError("set_game_ui needs at least one value to save")
        if channel_id is not None:
            _check_id("channel_id", channel_id)
        return await self._write(game_ui.save, float(self._now(now)), game_id, channel_id,
                                 values)

    async def take_over_game_ui(
        self, game_id: int, *, lobby_message: int | None = None,
        table_message: int | None = None, lang: str | None = None,
        reminder_message: int | None = None, reminder_turn: str | None = None,
        results_shown: str | None = None,
    ) -> GameUi | None:
        """Keep what a game saved before schema version 6 held of its channel (in its
        document) as its :meth:`game_ui`, unless the game has saved some since (then that
        stays). Returns what is saved, None when the game is not active.

        Raises:
            ValueError: as :meth:`set_game_ui` (nothing given is allowed: nothing written).
        """
        values = _ui_values(lobby_message=lobby_message, table_message=table_message,
                            lang=lang, reminder_message=reminder_message,
                            reminder_turn=reminder_turn, results_shown=results_shown)
        if not values:
            found = await self.game_head(game_id)
            return None if found is None else found[1]
        return await self._write(game_ui.take_over, float(self._now()), game_id, values)

    async def listen(self, callback: ChangeCallback, *, url: str | None = None) -> Subscription:
        """Call ``callback(kind, id)`` whenever any process changes a guild's settings or a
        player's preferences (:class:`data.changes.Change`), and ``(Change.ALL, None)``
        when listening starts or starts again after its connection dropped (notices may
        have been missed: forget every cached value). Close the subscription when done.

        PostgreSQL: ONE dedicated connection to ``url`` (default: the store's own URL);
        behind PgBouncer in transaction mode, give the server's direct URL, since LISTEN
        needs a session of its own. SQLite: a subscription that never calls (one process).
        """
        target = url or self._url
        if not self.shared or target is None:
            return Silent()
        from data.listener import PgSubscription  # asyncpg is imported only when used

        return PgSubscription(target, callback)

    async def claim_due_turns(
        self, now: float | None = None, *, lease_s: float = LEASE_S,
        shards: Shards | None = None, limit: int = CLAIM_LIMIT,
    ) -> list[DueTurn]:
        """Claim, in one write transaction, the active games whose turn deadline is ``now``
        (default: the store's clock) or earlier and whose lease is free (never taken, or
        ended): each is leased until ``now + lease_s`` (a save that ends the turn frees it), so
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
        check_limit(limit)
        if shards is not None:
            shards = check_shards(shards)
        return await self._write(games.claim_due, float(moment), float(lease_s), shards,
                                 limit)

    async def save_hand_message(
        self, channel_id: int, user_id: int, *, token: str, message_id: int, language: str,
        lifetime_s: float, application_id: int | None = None, now: float | None = None,
        layout: bool = False,
    ) -> HandMessage:
        """Keep the player's latest hand message in the channel and the interaction token
        that edits it, valid ``lifetime_s`` seconds from ``now`` (replacing the one before;
        the expired ones are deleted on the way; ``layout``: it was sent as a layout
        message). Returns what was kept.

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
                              language, moment, moment + float(lifetime_s), bool(layout))
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


MAX_ID = 2**63 - 1  # a BIGINT's largest (Discord's ids are far below it)


def _check_id(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ID:
        raise ValueError(f"{name} must be a Discord id (a whole number from 1 to 2**63 - 1),"
                         f" not {value!r}")
    return value


def _ui_values(**given: int | str | None) -> dict[str, int | str]:
    """The values given (not None), checked: ids whole numbers from 1, the rest text.

    Raises:
        ValueError: a bad value, naming it (nothing is written).
    """
    values: dict[str, int | str] = {}
    for name, kind in game_ui.FIELDS:
        value = given.get(name)
        if value is None:
            continue
        if kind == "BIGINT":
            values[name] = _check_id(name, value)
        elif not isinstance(value, str) or not value.strip():
            raise ValueError(f"{name} must be non-empty text, not {value!r}")
        else:
            values[name] = value
    return values


def check_limit(limit: int) -> None:
    """Raises ValueError unless ``limit`` is a whole number from 1."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number from 1, not {limit!r}")


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
