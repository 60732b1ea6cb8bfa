"""The store's direct-message notices (issue 27): scheduled, cancelled, claimed once by
whichever process polls (the SQL is in :mod:`data.notices`), and each member's direct
messages (first notice sent, closed). When a notice is due and what it says are the
session layer's business (:mod:`bot.session.notices`)."""

from __future__ import annotations

import math

import data.notices as notices
from data.database import StoreBase
from data.notices import DmMember, Notice, NoticeKind

NOTICE_CLAIM_LIMIT = 50  # notices claimed at most at once


class NoticeStore(StoreBase):
    """The notices' part of :class:`data.Store`."""

    async def add_notice(self, notice: Notice) -> bool:
        """Schedule ``notice`` unless its member has one of that topic at that table
        already (sent or not); returns whether it was added.

        Raises:
            ValueError: a due time that is not a finite number.
        """
        if not math.isfinite(notice.due_at):
            raise ValueError(f"due_at must be a finite time, not {notice.due_at!r}")
        return await self._write(notices.add, notice)

    async def cancel_notices(self, channel_id: int, user_id: int | None = None,
                             kind: NoticeKind | None = None) -> int:
        """Cancel the notices not sent yet of a table (of one member, of one kind): their
        topics are not noticed again. Returns how many."""
        return await self._write(notices.cancel, channel_id, user_id, kind)

    async def purge_notices(self, before: float) -> int:
        """Delete the notices sent or cancelled that were due before ``before``."""
        return await self._write(notices.purge, float(before))

    async def claim_notices(self, now: float | None = None, *,
                            limit: int = NOTICE_CLAIM_LIMIT) -> list[Notice]:
        """Take the notices due by ``now`` (default: the store's clock): each is marked
        sent in the same statement, so that no other process, nor this one after a
        restart, takes it again. The most overdue first, at most ``limit``."""
        return await self._write(notices.claim, float(self._now(now)), limit)

    async def postpone_notice(self, notice: Notice, due_at: float) -> None:
        """Make a claimed notice due again at ``due_at`` (it was not sent)."""
        await self._write(notices.postpone, notice, float(due_at))

    async def next_notice_due(self) -> float | None:
        """When the earliest notice not yet sent is due (None: none is)."""
        return await self._read(notices.next_due)

    async def notices_of(self, user_id: int) -> list[Notice]:
        """Every notice of a member, sent or not, earliest first."""
        return await self._read(notices.pending, user_id)

    async def dm_member(self, user_id: int) -> DmMember:
        """What the bot knows of a member's direct messages."""
        return await self._read(notices.member, user_id)

    async def save_dm_member(self, state: DmMember) -> None:
        await self._write(notices.save_member, state)
