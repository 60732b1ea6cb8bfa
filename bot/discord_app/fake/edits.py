"""Discord's limit on edits of old messages: a message posted more than an hour ago may be
edited only :data:`OLD_EDITS` times per :data:`OLD_EDIT_WINDOW` seconds in its channel;
the next edit gets a 429 with code 30046, "Maximum number of edits to messages older than
1 hour reached. Try again later.", as a resource's own limit (``X-RateLimit-Scope:
shared``, the route's bucket not spent) with ``Via``.

Discord documents the code only; the figures are those the community measured
(discord-userdoccers: "Messages older than 1 hour may only be edited 3 times per 6-second
window per channel"), and the headers those of Discord's other per-resource limits. The
age is counted on the fake's clock (``DiscordState.clock``, which the tests move) from
when Discord holds the message posted (``Message.posted_at``: its id's time, unless
``DiscordState.age`` made it older).

discord.py treats that answer as any 429 with ``Via``: it sleeps ``retry_after`` and sends
the edit again, five times in all (see :mod:`~bot.discord_app.fake.faults`).
"""

from __future__ import annotations

from collections import deque

from aiohttp import web

from bot.discord_app.fake.faults import LIMIT_MESSAGES, OLD_MESSAGE_EDITS, rate_limited
from bot.discord_app.fake.model import Message

OLD_AFTER = 3600.0  # seconds: a message older than this is an old one
OLD_EDITS = 3  # edits of old messages allowed per window, per channel
OLD_EDIT_WINDOW = 6.0  # seconds


class OldEdits:
    """The recent edits of old messages, per channel."""

    def __init__(self) -> None:
        self._recent: dict[int, deque[float]] = {}
        self.refused: list[int] = []  # the messages whose edit was refused, in order

    def refusal(self, message: Message, now: float) -> web.Response | None:
        """Discord's answer to an edit of ``message`` at ``now`` when it refuses it (None:
        allowed, and counted when the message is old)."""
        if now - message.posted_at <= OLD_AFTER:
            return None
        recent = self._recent.setdefault(message.channel_id, deque())
        while recent and recent[0] <= now - OLD_EDIT_WINDOW:
            recent.popleft()
        if len(recent) < OLD_EDITS:
            recent.append(now)
            return None
        self.refused.append(message.id)
        wait = round(recent[0] + OLD_EDIT_WINDOW - now, 3)
        return rate_limited(wait, bucket="fake-edit", scope="shared", code=OLD_MESSAGE_EDITS,
                            message=LIMIT_MESSAGES[OLD_MESSAGE_EDITS])
