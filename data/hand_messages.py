"""SQL for the players' hand messages: the Discord interaction token that edits each
player's latest private hand message in a channel, so that whichever process serves the
channel refreshes it when the player's turn comes back. Functions over a
:class:`data.tx.Tx`, run by :class:`data.shared_store.SharedStore`.

A token is a secret for its lifetime (15 minutes): it is stored, never logged, and its row
is deleted once expired.
"""

from __future__ import annotations

from data.records import HandMessage
from data.tx import Tx

_COLUMNS = ("channel_id, user_id, application_id, token, message_id, language, created_at,"
            " expires_at, layout")


async def save(tx: Tx, message: HandMessage) -> None:
    """Keep ``message`` as its player's latest in the channel (replacing the one before);
    the expired rows are deleted in the same transaction (one range scan of an index)."""
    await expire(tx, message.created_at)
    await tx.execute(
        f"INSERT INTO hand_messages ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (channel_id, user_id) DO UPDATE SET"
        " application_id = excluded.application_id, token = excluded.token,"
        " message_id = excluded.message_id, language = excluded.language,"
        " created_at = excluded.created_at, expires_at = excluded.expires_at,"
        " layout = excluded.layout",
        (message.channel_id, message.user_id, message.application_id, message.token,
         message.message_id, message.language, message.created_at, message.expires_at,
         int(message.layout)),
    )


async def find(tx: Tx, channel_id: int, user_id: int, now: float) -> HandMessage | None:
    """The player's hand message in the channel, unless its token has expired by ``now``."""
    row = await tx.fetchone(
        f"SELECT {_COLUMNS} FROM hand_messages"
        " WHERE channel_id = ? AND user_id = ? AND expires_at > ?",
        (channel_id, user_id, now),
    )
    if row is None:
        return None
    channel, user, application, token, message, language, created, expires, layout = row
    return HandMessage(channel, user, application, token, message, language, float(created),
                       float(expires), bool(layout))


async def forget(tx: Tx, channel_id: int, user_id: int) -> bool:
    """Delete the player's hand message in the channel; returns whether there was one."""
    return await tx.execute(
        "DELETE FROM hand_messages WHERE channel_id = ? AND user_id = ?", (channel_id, user_id)
    ) > 0


async def expire(tx: Tx, now: float) -> int:
    """Delete every hand message whose token has expired by ``now``; returns how many."""
    return await tx.execute("DELETE FROM hand_messages WHERE expires_at <= ?", (now,))
