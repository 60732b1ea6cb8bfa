"""What the store offers to several processes sharing one database: whether they may,
a game's version to check a table kept in memory against, and the change notices of
settings and preferences (:mod:`data.changes`). A part of :class:`data.Store`.
"""

from __future__ import annotations

import os
from typing import Any, Self

import data.games as games
from data.changes import ChangeCallback, Silent, Subscription
from data.database import StoreBase, is_postgres_url
from data.sqlite import DEFAULT_PATH


class SharedStore(StoreBase):
    """The store's methods for a database that other processes write to as well."""

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
