"""What the fake Discord knows: the application, its guilds, and what happened there.

The first guild (``guild_id``, ``channels``) is on shard 0 whatever the shard count;
``add_guild`` adds one on a chosen shard. ``session_start_limit`` and
``recommended_shards`` are what ``GET /gateway/bot`` answers (each IDENTIFY spends one
session start).

Its ``clock`` is Discord's time: new messages get ids made from it, and an edit of a
message older than an hour by it is limited as Discord limits it
(:mod:`~bot.discord_app.fake.edits`). The tests move it to play a long game in a moment.

Direct messages (``dms``, :mod:`~bot.discord_app.fake.dms`): the bot's DM channel with
each member, 403 code 50007 for a member whose DMs are closed (``dms.close(user)``).

The REST routes and the gateway both read and change this state; whoever watches it (a
test, the benchmark) waits on ``wait_for``, which re-checks after every change. The faults
armed (``faults``) and the bot's permissions in each channel (``bot_permissions``) decide
what the REST routes refuse. ``retain=False`` (long runs, the benchmark) keeps only what
messages show now: no bodies' history, no file contents, no deleted messages.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from bot.discord_app.fake.dms import DirectMessages
from bot.discord_app.fake.edits import OldEdits
from bot.discord_app.fake.emojis import ApplicationEmojis
from bot.discord_app.fake.faults import Faults
from bot.discord_app.fake.model import (
    ALL_PERMISSIONS,
    MEMBER_PERMISSIONS,
    Attachment,
    Guild,
    Interaction,
    Message,
    User,
    guild_snowflake,
    snowflake,
    timed_snowflake,
)

DAY_MS = 86_400_000


class DiscordState:
    """One application, its bot user and its guilds with text channels and members."""

    def __init__(self, guild_locale: str = "en-US", token: str = "test-token",
                 channel_count: int = 3, *, retain: bool = True,
                 clock: Callable[[], float] = time.time) -> None:
        self.token = token
        self.retain = retain
        # Discord's time (seconds since 1970): the ids of new messages, and the age that
        # limits their edits (``old_edits``).
        self.clock = clock
        self.old_edits = OldEdits()
        self.app_id = snowflake()
        self.bot_user = User(snowflake(), "Rami", bot=True, permissions=ALL_PERMISSIONS)
        self.guild_locale = guild_locale
        self.owner = User(snowflake(), "owner", permissions=ALL_PERMISSIONS)
        self.users: dict[int, User] = {self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self._guild_of: dict[int, int] = {}  # channel id -> guild id
        first = self.add_guild(channel_count=channel_count, name="Rami test server")
        self.guild_id = first.id
        self.channels: list[int] = first.channels
        self.messages: dict[int, Message] = {}
        self.channel_log: list[Message] = []  # channel messages in creation order
        self.interactions: dict[str, Interaction] = {}  # by token
        # The commands registered, by application and guild (None: global), as Discord
        # keeps them: another application (a new token) starts with none.
        self.commands: dict[tuple[int, int | None], list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self.command_puts: list[int | None] = []  # each sync's guild (None: global)
        self.emojis = ApplicationEmojis(self.owner)  # the application's
        # What GET /gateway/bot answers; each IDENTIFY spends one of ``remaining``.
        self.recommended_shards = 1
        self.session_start_limit: dict[str, int] = {
            "total": 1000, "remaining": 1000, "reset_after": DAY_MS, "max_concurrency": 1}
        self.listeners: list[Callable[[Message], None]] = []  # told of new channel messages
        # The public follow-ups of interactions (webhook messages), in creation order, and
        # who is told of each new one (the benchmark's players, as ``listeners``).
        self.followup_log: list[Message] = []
        self.followup_listeners: list[Callable[[Message], None]] = []
        self.faults = Faults()
        # The bot's direct messages with the members (``dms.close(user)``: theirs refuse it).
        self.dms = DirectMessages(self.users, lambda: self.clock())
        self.bot_permissions: dict[int, int] = {}  # by channel; absent: every permission
        self.port = 0  # set once the server listens
        self._changed = asyncio.Condition()

    @property
    def global_commands(self) -> list[dict[str, Any]]:
        """The application's global commands."""
        return self.commands.get((self.app_id, None), [])

    @property
    def guild_commands(self) -> list[dict[str, Any]]:
        """The application's commands in the first guild (the development guild)."""
        return self.commands.get((self.app_id, self.guild_id), [])

    def switch_application(self) -> None:
        """The token now belongs to another application, which has no command yet (a
        host who moved the bot to a new application)."""
        self.app_id = snowflake()

    @property
    def api_base(self) -> str:
        """The REST base URL to give the bot (``DISCORD_API_BASE``)."""
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The gateway URL to give the bot (``DISCORD_GATEWAY_URL``)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    def add_guild(self, *, shard: tuple[int, int] | None = None, channel_count: int = 3,
                  name: str = "Rami server") -> Guild:
        """A new guild with ``channel_count`` text channels, on shard ``(id, count)``
        (None: on shard 0 of every count up to 16). Every user is a member."""
        guild = Guild(guild_snowflake(shard), name, [snowflake() for _ in range(channel_count)])
        self.guilds[guild.id] = guild
        for channel_id in guild.channels:
            self._guild_of[channel_id] = guild.id
        return guild

    def guild_of(self, channel_id: int) -> Guild:
        """The guild a channel belongs to (``KeyError`` for a channel of no guild)."""
        return self.guilds[self._guild_of[channel_id]]

    def add_user(
        self, name: str, *, permissions: int = MEMBER_PERMISSIONS, locale: str = "en-US"
    ) -> User:
        """A new member of the guild (the bot learns of them from their interactions)."""
        user = User(snowflake(), name, permissions=permissions, locale=locale)
        self.users[user.id] = user
        return user

    def new_message(
        self, channel_id: int, body: dict[str, Any], files: list[Attachment], flags: int = 0
    ) -> Message:
        """Store a message the bot sent, built from its create body."""
        message = Message(timed_snowflake(self.clock()), channel_id, self.bot_user,
                          flags=flags, keep_payloads=self.retain)
        if not self.retain:
            files = [Attachment(f.filename, b"", f.description) for f in files]
        message.apply(body, files)
        self.messages[message.id] = message
        return message

    def post_to_channel(
        self, channel_id: int, body: dict[str, Any], files: list[Attachment]
    ) -> Message:
        """A message the bot posted in a channel (not an interaction reply): logged, and
        every listener told. A message sent again with the same enforced ``nonce`` is the
        first one, as Discord answers (within minutes there; always here)."""
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        for earlier in self.channel_log if nonce is not None else ():
            if earlier.channel_id == channel_id and earlier.nonce == nonce:
                return earlier
        message = self.new_message(channel_id, body, files)
        message.nonce = nonce
        self.channel_log.append(message)
        for listener in self.listeners:
            listener(message)
        return message

    def post_followup(self, it: Interaction, body: dict[str, Any],
                      files: list[Attachment]) -> Message:
        """A follow-up message of ``it`` (its webhook's ``POST``): a public one logged, and
        every follow-up listener told."""
        message = self.new_message(it.channel_id, body, files)
        message.interaction_id = it.id
        it.followups.append(message)
        if not message.ephemeral:
            self.followup_log.append(message)
            for listener in self.followup_listeners:
                listener(message)
        return message

    def delete_message(self, message: Message) -> None:
        """The bot deleted ``message`` (kept, marked deleted, unless nothing is retained)."""
        message.deleted = True
        if not self.retain:
            self.messages.pop(message.id, None)
            for log in (self.channel_log, self.followup_log):
                if message in log:
                    log.remove(message)

    def age(self, message: Message, seconds: float) -> None:
        """Discord holds ``message`` posted ``seconds`` earlier than its id says, as when
        Discord's clock is ahead of the bot's: its edits are limited as an old message's
        (``old_edits``) while the bot, reading its id, sees it younger."""
        message.aged += seconds

    def forget(self, it: Interaction) -> None:
        """Drop an answered interaction and its private replies (long runs keep little)."""
        self.interactions.pop(it.token, None)
        for message in it.replies:
            if message.ephemeral:
                self.messages.pop(message.id, None)

    def direct_messages(self, user: User) -> list[Message]:
        """The bot's messages in its DM channel with ``user``, oldest first."""
        return self.dms.messages(user, self.channel_log)

    def permissions_in(self, channel_id: int) -> int:
        """The bot's permissions in a channel (every one unless set otherwise)."""
        return self.bot_permissions.get(channel_id, ALL_PERMISSIONS)

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        """The Discord channel object of one of the guilds' text channels."""
        guild = self.guild_of(channel_id)
        position = guild.channels.index(channel_id)
        return {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild.id),
            "name": f"table-{position + 1}",
            "position": position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    # ----------------------------------------------------------------- observing
    async def changed(self) -> None:
        """Wake every ``wait_for``: the state may have changed."""
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every REST call).

        Raises ``TimeoutError`` after ``timeout`` seconds.
        """

        async def check() -> Any:
            async with self._changed:
                while not (result := predicate()):
                    await self._changed.wait()
                return result

        return await asyncio.wait_for(check(), timeout)

    def channel_messages(self, channel_id: int) -> list[Message]:
        """The bot's channel messages (not interaction replies) still there, oldest first."""
        return [m for m in self.channel_log if m.channel_id == channel_id and not m.deleted]

    def followups(self, channel_id: int) -> list[Message]:
        """The public follow-ups of interactions in the channel still there, oldest first."""
        return [m for m in self.followup_log if m.channel_id == channel_id and not m.deleted]

    def posted_messages(self, channel_id: int) -> list[Message]:
        """What the bot posted in the channel and is still there, oldest first: its channel
        messages and the public follow-ups of interactions (not the answers themselves)."""
        return sorted(self.channel_messages(channel_id) + self.followups(channel_id),
                      key=lambda m: m.id)

    def all_messages(self) -> list[Message]:
        """Every message the bot ever sent, replies included, deleted ones too."""
        return list(self.messages.values())
