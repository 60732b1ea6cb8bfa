"""Change notices between processes: a guild's settings or a player's preferences changed.

Each process caches settings and preferences (:class:`bot.session.Preferences`). On
PostgreSQL the transaction that changes them also runs ``pg_notify('rami_changes',
'guild:<id>' | 'player:<id>')``, delivered to every listening process when it commits
(never when it rolls back); :meth:`data.Store.listen` hears them (see
:mod:`data.listener`). SQLite sends nothing: one process, which already knows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import StrEnum
from typing import Protocol

from data.tx import Tx

log = logging.getLogger(__name__)

CHANNEL = "rami_changes"


class Change(StrEnum):
    """What a notice names: a guild's settings, a player's preferences, or ``all`` (notices
    may have been missed, while the listening connection was down: forget everything)."""

    GUILD = "guild"
    PLAYER = "player"
    ALL = "all"


# Called with what changed and its id (None with ``Change.ALL``); it must not block.
ChangeCallback = Callable[[Change, int | None], None]


async def notify_change(tx: Tx, kind: Change, key: int) -> None:
    """Tell every listening process, when ``tx`` commits, that ``kind`` ``key`` changed
    (PostgreSQL; nothing in SQLite)."""
    if tx.dialect == "postgresql":
        await tx.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{kind}:{key}"))


def read_notice(payload: str) -> tuple[Change, int] | None:
    """A notice's kind and id, or None (logged) for a payload Rami does not write."""
    kind, _, key = payload.partition(":")
    try:
        change = Change(kind)
        number = int(key)
    except ValueError:
        change = Change.ALL
    if change is Change.ALL:
        log.warning("change notice ignored: %r is not guild:<id> or player:<id>", payload[:80])
        return None
    return change, number


class Subscription(Protocol):
    """A running :meth:`data.Store.listen`."""

    @property
    def listening(self) -> bool:
        """Whether notices are heard right now (its connection is up)."""
        ...

    async def ready(self) -> None:
        """Return once notices are being listened to (at once when none ever come)."""
        ...

    async def close(self) -> None:
        """Stop listening (idempotent)."""
        ...


class Silent:
    """The subscription of a store no other process writes to (SQLite): nothing to hear."""

    @property
    def listening(self) -> bool:
        return False

    async def ready(self) -> None:
        return None

    async def close(self) -> None:
        return None
