"""SQL for the direct-message notices (issue 27): the notices due to members about their
tables, claimed once by whichever process polls, and what the bot knows of each member's
direct messages. Functions over a :class:`data.tx.Tx`, run by
:class:`data.notice_store.NoticeStore`.

Glossary: a *notice* is one direct message due to one member about one table; its *topic*
says what it is about (``turn:<game>:<version>``, ``start:<game>``, ``end:<game>``), and a
member gets one notice per topic at most; *claiming* a due notice marks it sent in the
statement that picks it (at most once, across restarts and processes).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from data.tx import Tx, indexed_by, skip_locked


class NoticeKind(StrEnum):
    TURN = "turn"  # the member's turn came and they have not acted
    START = "start"  # a match they joined started
    END = "end"  # a match they played ended
    REMIND = "remind"  # their turn goes on: half of its time, or nearly all, has gone


@dataclass(frozen=True, slots=True)
class Notice:
    """A direct message due to ``user_id`` about the table of ``channel_id`` at ``due_at``
    (Unix seconds); ``sent_at`` None until it is claimed."""

    channel_id: int
    user_id: int
    topic: str
    guild_id: int
    kind: NoticeKind
    due_at: float
    sent_at: float | None = None


@dataclass(frozen=True, slots=True)
class DmMember:
    """What the bot knows of a member's direct messages: when the first notice reached
    them, when Discord last refused one (their DMs closed) and the day (YYYY-MM-DD) that
    refusal was last logged."""

    user_id: int
    first_sent_at: float | None = None
    closed_at: float | None = None
    logged_day: str | None = None


_COLUMNS = "channel_id, user_id, topic, guild_id, kind, due_at, sent_at"


def _notice(row: tuple[object, ...]) -> Notice:
    channel, user, topic, guild, kind, due, sent = row
    return Notice(int(channel), int(user), str(topic), int(guild),  # type: ignore[call-overload]
                  NoticeKind(str(kind)), float(due),  # type: ignore[arg-type]
                  None if sent is None else float(sent))  # type: ignore[arg-type]


async def add(tx: Tx, notice: Notice) -> bool:
    """Schedule ``notice`` unless one of its topic exists already (sent or not); returns
    whether it was added."""
    return await tx.execute(
        f"INSERT INTO notices ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, NULL)"
        " ON CONFLICT (channel_id, user_id, topic) DO NOTHING",
        (notice.channel_id, notice.user_id, notice.topic, notice.guild_id, notice.kind.value,
         notice.due_at),
    ) > 0


CANCELLED = 0.0  # a notice's sent_at once cancelled: kept, so that its topic is not noticed


async def cancel(tx: Tx, channel_id: int, user_id: int | None, kind: NoticeKind | None) -> int:
    """Cancel the notices not yet sent of the channel (of one member; of one kind): they
    are kept as sent at :data:`CANCELLED`, so that their topics are not noticed again
    (a member who acted on their turn is not told of it later). Returns how many."""
    where = "channel_id = ? AND sent_at IS NULL"
    args: list[object] = [channel_id]
    if user_id is not None:
        where, args = where + " AND user_id = ?", [*args, user_id]
    if kind is not None:
        where, args = where + " AND kind = ?", [*args, kind.value]
    return await tx.execute(f"UPDATE notices SET sent_at = ? WHERE {where}",
                            [CANCELLED, *args])


async def purge(tx: Tx, before: float) -> int:
    """Delete the notices sent or cancelled that were due before ``before``."""
    return await tx.execute(
        "DELETE FROM notices WHERE sent_at IS NOT NULL AND due_at < ?", (before,))


async def claim(tx: Tx, now: float, limit: int) -> list[Notice]:
    """Mark sent, and return, the notices due by ``now`` not sent yet, the most overdue
    first, at most ``limit``. One statement: the rows chosen are the rows marked; in
    PostgreSQL rows another transaction holds are skipped, so two processes claiming at
    once take different notices."""
    rows = await tx.fetchall(
        "UPDATE notices SET sent_at = ? WHERE (channel_id, user_id, topic) IN ("
        f" SELECT channel_id, user_id, topic FROM notices{indexed_by(tx, 'notices_due')}"
        " WHERE sent_at IS NULL AND due_at <= ?"
        f" ORDER BY due_at LIMIT ?{skip_locked(tx)})"
        f" RETURNING {_COLUMNS}",
        (now, now, limit),
    )
    return sorted((_notice(tuple(row)) for row in rows), key=lambda n: (n.due_at, n.topic))


async def postpone(tx: Tx, notice: Notice, due_at: float) -> None:
    """Make a claimed notice due again at ``due_at`` (quiet hours, the member's pace)."""
    await tx.execute(
        "UPDATE notices SET sent_at = NULL, due_at = ?"
        " WHERE channel_id = ? AND user_id = ? AND topic = ?",
        (due_at, notice.channel_id, notice.user_id, notice.topic),
    )


async def next_due(tx: Tx) -> float | None:
    """When the earliest notice not sent yet is due (None: none is)."""
    row = await tx.fetchone(
        f"SELECT MIN(due_at) FROM notices{indexed_by(tx, 'notices_due')}"
        " WHERE sent_at IS NULL", ())
    return None if row is None or row[0] is None else float(row[0])


async def pending(tx: Tx, user_id: int) -> list[Notice]:
    """The member's notices, sent or not (for tests and the member's own view)."""
    rows = await tx.fetchall(
        f"SELECT {_COLUMNS} FROM notices WHERE user_id = ? ORDER BY due_at, topic", (user_id,))
    return [_notice(tuple(row)) for row in rows]


async def member(tx: Tx, user_id: int) -> DmMember:
    row = await tx.fetchone(
        "SELECT first_sent_at, closed_at, logged_day FROM dm_members WHERE user_id = ?",
        (user_id,))
    if row is None:
        return DmMember(user_id)
    first, closed, day = row
    return DmMember(user_id, None if first is None else float(first),
                    None if closed is None else float(closed),
                    None if day is None else str(day))


async def save_member(tx: Tx, state: DmMember) -> None:
    await tx.execute(
        "INSERT INTO dm_members (user_id, first_sent_at, closed_at, logged_day)"
        " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
        " first_sent_at = excluded.first_sent_at, closed_at = excluded.closed_at,"
        " logged_day = excluded.logged_day",
        (state.user_id, state.first_sent_at, state.closed_at, state.logged_day),
    )
