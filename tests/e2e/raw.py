"""Interactions the fake's own helpers do not send: in a thread, in a direct message, with a
forged custom id or options of any shape. Built from the fake's public state and sent on
its gateway, so the bot receives exactly what a misbehaving (or merely unusual) client
would make Discord send."""

from __future__ import annotations

from typing import Any, Literal

from bot.discord_app.fake import (
    ALL_PERMISSIONS,
    FakeDiscord,
    Interaction,
    Message,
    User,
    option_type,
)
from bot.discord_app.fake.model import TIMESTAMP

Place = Literal["channel", "thread", "dm"]
COMMAND, COMPONENT, AUTOCOMPLETE, MODAL = 2, 3, 4, 5


def thread_payload(fake: FakeDiscord, thread_id: int, parent_id: int) -> dict[str, Any]:
    """A public thread of the guild under ``parent_id`` (Discord's channel object)."""
    return {
        "id": str(thread_id), "type": 11, "guild_id": str(fake.guild_id),
        "parent_id": str(parent_id), "owner_id": str(fake.owner.id), "name": "a thread",
        "last_message_id": None, "rate_limit_per_user": 0, "message_count": 0,
        "member_count": 1, "flags": 0,
        "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                            "archive_timestamp": TIMESTAMP, "locked": False},
    }


async def send(fake: FakeDiscord, user: User, kind: int, data: dict[str, Any], *,
               channel_id: int | None = None, place: Place = "channel",
               parent_id: int | None = None, message: Message | None = None,
               locale: str | None = None) -> Interaction:
    """Send one interaction of ``kind`` with ``data`` as ``user``; returns it unanswered
    (``fake.settle(it)`` waits for the answer). ``place``: a guild channel, a thread under
    ``parent_id`` (``channel_id`` is then the thread's), or a direct message."""
    channel = channel_id if channel_id is not None else fake.channels[0]
    it = fake.new_interaction(kind, user, channel, message)
    payload: dict[str, Any] = {
        "id": str(it.id), "application_id": str(fake.app_id), "type": kind,
        "token": it.token, "version": 1, "channel_id": str(channel),
        "app_permissions": str(ALL_PERMISSIONS), "locale": locale or user.locale,
        "entitlements": [], "attachment_size_limit": 25 * 1024 * 1024, "data": data,
    }
    if place == "dm":
        payload |= {"user": user.payload(), "context": 1,
                    "channel": {"id": str(channel), "type": 1, "recipients": [user.payload()],
                                "last_message_id": None},
                    "authorizing_integration_owners": {"1": str(user.id)}}
    else:
        payload |= {"guild_id": str(fake.guild_id), "member": user.member(), "context": 0,
                    "guild_locale": fake.guild_locale,
                    "authorizing_integration_owners": {"0": str(fake.guild_id)}}
        payload["channel"] = (thread_payload(fake, channel, parent_id or fake.channels[0])
                              if place == "thread" else fake.channel_payload(channel))
    if message is not None:
        payload["message"] = message.payload()
    await fake.dispatch("INTERACTION_CREATE", payload)
    return it


def command_data(fake: FakeDiscord, path: str, options: list[dict[str, Any]]) -> dict[str, Any]:
    """A slash command's data with ``options`` as given (any type, any value): the path is
    a synced command's (``rummy discard``) or anything else (an unknown command)."""
    return fake.command_data(path.split(), options)


async def slash(fake: FakeDiscord, user: User, path: str, *, place: Place = "channel",
                channel_id: int | None = None, parent_id: int | None = None,
                **options: Any) -> Interaction:
    """``/path option:value…`` as ``user`` in ``place``, answered."""
    typed = [{"name": k, "type": option_type(v), "value": v} for k, v in options.items()]
    it = await send(fake, user, COMMAND, command_data(fake, path, typed), place=place,
                    channel_id=channel_id, parent_id=parent_id)
    return await fake.settle(it)


async def click(fake: FakeDiscord, user: User, custom_id: str, *,
                message: Message | None = None, values: list[str] | None = None,
                channel_id: int | None = None, place: Place = "channel") -> Interaction:
    """A click on ``custom_id`` (a menu pick with ``values``), whatever the message
    holds, answered."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = values
    channel = channel_id if channel_id is not None else (
        message.channel_id if message is not None else None)
    it = await send(fake, user, COMPONENT, data, message=message, channel_id=channel,
                    place=place)
    return await fake.settle(it)
