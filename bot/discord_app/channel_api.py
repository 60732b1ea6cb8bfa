"""Channel messages posted, edited and deleted through discord.py's low-level routes.

The publisher keeps only the ids of what it posts, so it calls ``client.http`` with the
body :func:`discord.http.handle_message_parameters` builds (as ``send`` and ``edit``
build it): a ``discord.Message`` made of each answer (its author, embeds, components
parsed) would be thrown away at once. The views sent hold only dynamic items, routed by
their custom_id, so none needs storing. An edit may keep a picture the message already
shows (:class:`Kept`) instead of uploading it again.
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord.http import MultipartParameters, handle_message_parameters

from bot.discord_app.replies import Reply

if TYPE_CHECKING:
    from discord.types.message import Message


@dataclass(frozen=True, slots=True)
class Kept:
    """An attachment a message has, kept by an edit that lists it (Discord keeps the
    attachments an edit lists by id and drops the others)."""

    id: int

    def to_dict(self) -> dict[str, Any]:  # what discord.py asks of an attachment kept
        return {"id": self.id}


async def send(client: discord.Client, channel_id: int, reply: Reply,
               mentions: discord.AllowedMentions | None = None) -> Message:
    """Post ``reply`` in the channel; returns Discord's answer (the new message).

    Raises:
        discord.HTTPException: Discord refused or failed (``Forbidden``, ``NotFound``…).
    """
    with _params(client, reply, mentions or reply.allowed_mentions, files=reply.files(),
                 nonce=secrets.randbits(64)) as params:
        return await client.http.send_message(channel_id, params=params)


async def edit(client: discord.Client, channel_id: int, message_id: int, reply: Reply, *,
               kept: Kept | None = None) -> Message | None:
    """Edit a message to ``reply`` (its picture ``kept`` by id, not uploaded again, when
    given; a reply without pictures leaves the attachments as they are); returns
    Discord's answer, None when the message is gone.

    Raises:
        discord.HTTPException: Discord refused or failed, the message not being gone.
    """
    files = reply.files() if reply.pictures and kept is None else discord.utils.MISSING
    try:
        with _params(client, reply, reply.allowed_mentions, files=files,
                     kept=kept) as params:
            return await client.http.edit_message(channel_id, message_id, params=params)
    except discord.NotFound:
        return None


async def delete(client: discord.Client, channel_id: int, message_id: int) -> None:
    """Delete a message (already gone: done).

    Raises:
        discord.HTTPException: Discord refused or failed.
    """
    with contextlib.suppress(discord.NotFound):
        await client.http.delete_message(channel_id, message_id)


def first_attachment(message: Message | None) -> Kept | None:
    """The first attachment of an answer (a table's picture), to keep it by id."""
    attachments = message.get("attachments") if message is not None else None
    return Kept(int(attachments[0]["id"])) if attachments else None


def _params(client: discord.Client, reply: Reply, mentions: discord.AllowedMentions, *,
            files: list[discord.File] | Any, kept: Kept | None = None,
            nonce: int | Any = discord.utils.MISSING) -> MultipartParameters:
    return handle_message_parameters(
        content=reply.content, embeds=list(reply.embeds),
        attachments=[kept] if kept is not None else files,  # type: ignore[list-item]
        view=reply.view, allowed_mentions=mentions, nonce=nonce,
        previous_allowed_mentions=client.allowed_mentions,
    )
