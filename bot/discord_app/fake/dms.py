"""Direct messages in the fake Discord: the bot's DM channel with a member, the messages
in it, and the interactions members send from it.

As on Discord: ``POST /users/@me/channels`` with a ``recipient_id`` opens (or finds) the
DM channel with that user, always the same one (type 1, no guild); the bot then posts
and edits messages in it as in a guild channel. A member whose direct messages are
closed (``close``: their privacy setting, or the bot blocked) makes every message sent
there fail with 403, code 50007 "Cannot send messages to this user" — opening the
channel still works, as it does on Discord. An interaction from a DM carries no
``guild_id`` and no ``member``: the ``user``, a channel of type 1 and ``context`` 1
(the bot's DM), as Discord sends them.

Discord's DM limits are not published; ``rate_limit`` arms a simple one per DM channel
(``count`` messages per ``per`` seconds of the fake's clock, then 429 with the time
left), off unless a test sets it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.discord_app.fake.faults import error_response, rate_limited
from bot.discord_app.fake.model import Message, User, snowflake

CANNOT_MESSAGE_USER = 50007
DM_CHANNEL = 1  # Discord's channel type of a direct message
BOT_DM_CONTEXT = 1  # an interaction's context: the bot's DM


@dataclass
class DmLimit:
    """At most ``count`` messages per ``per`` seconds in one DM channel."""

    count: int
    per: float
    sent: dict[int, list[float]] = field(default_factory=dict)  # by DM channel
    refused: int = 0  # 429s answered


class DirectMessages:
    """The bot's DM channels with the members, and what Discord refuses there."""

    def __init__(self, users: dict[int, User], clock: Callable[[], float]) -> None:
        self._users = users
        self._clock = clock
        self._channel_of: dict[int, int] = {}  # user id -> DM channel id
        self._user_of: dict[int, int] = {}  # DM channel id -> user id
        self.closed: set[int] = set()  # users whose DMs refuse the bot
        self.opened = 0  # POST /users/@me/channels answered (benchmarks)
        self.refused = 0  # messages refused with 50007
        self.limit: DmLimit | None = None

    # ----------------------------------------------------------------- the tests' switches
    def close(self, user: User, closed: bool = True) -> None:
        """``user`` accepts no direct message from the bot (``closed=False``: again)."""
        if closed:
            self.closed.add(user.id)
        else:
            self.closed.discard(user.id)

    def rate_limit(self, count: int, per: float) -> None:
        """Arm a limit of ``count`` messages per ``per`` seconds in each DM channel."""
        self.limit = DmLimit(count, per)

    # ----------------------------------------------------------------- channels
    def open(self, recipient_id: int) -> dict[str, Any]:
        """The DM channel with a user, made on the first call (``KeyError``: no such
        user, Discord's 404)."""
        user = self._users[recipient_id]
        channel_id = self._channel_of.get(user.id)
        if channel_id is None:
            channel_id = snowflake()
            self._channel_of[user.id] = channel_id
            self._user_of[channel_id] = user.id
        self.opened += 1
        return self.channel_payload(channel_id)

    def is_dm(self, channel_id: int) -> bool:
        return channel_id in self._user_of

    def channel_of(self, user: User) -> int | None:
        """The DM channel the bot opened with ``user`` (None: never opened)."""
        return self._channel_of.get(user.id)

    def recipient(self, channel_id: int) -> User:
        return self._users[self._user_of[channel_id]]

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        """The Discord channel object of a DM channel."""
        return {
            "id": str(channel_id),
            "type": DM_CHANNEL,
            "last_message_id": None,
            "flags": 0,
            "recipients": [self.recipient(channel_id).payload()],
        }

    # ----------------------------------------------------------------- refusals
    def refusal(self, channel_id: int) -> web.Response | None:
        """Discord's answer instead of a message sent in a DM channel (None: it is sent)."""
        if self._user_of[channel_id] in self.closed:
            self.refused += 1
            return error_response(403, {"message": "Cannot send messages to this user",
                                        "code": CANNOT_MESSAGE_USER})
        if self.limit is None:
            return None
        now = self._clock()
        recent = [at for at in self.limit.sent.get(channel_id, []) if now - at < self.limit.per]
        if len(recent) >= self.limit.count:
            self.limit.refused += 1
            retry = round(self.limit.per - (now - recent[0]), 3)
            return rate_limited(max(retry, 0.001), bucket="fake-dm", scope="user")
        self.limit.sent[channel_id] = [*recent, now]
        return None

    # ----------------------------------------------------------------- interactions
    def interaction_fields(self, channel_id: int, user: User) -> dict[str, Any]:
        """What an interaction from a DM carries in place of a guild's fields."""
        return {
            "channel_id": str(channel_id),
            "channel": self.channel_payload(channel_id),
            "user": user.payload(),
            "context": BOT_DM_CONTEXT,
            "authorizing_integration_owners": {"0": "0"},
        }

    def messages(self, user: User, messages: list[Message]) -> list[Message]:
        """The bot's messages still in its DM channel with ``user``, oldest first."""
        channel_id = self._channel_of.get(user.id)
        return [m for m in messages if m.channel_id == channel_id and not m.deleted]
