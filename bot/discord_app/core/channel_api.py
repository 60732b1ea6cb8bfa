"""Channel messages posted, edited and deleted through discord.py's low-level routes.

The publisher keeps only the ids of what it posts, so it calls ``client.http`` with the
body :func:`discord.http.handle_message_parameters` builds (as ``send`` and ``edit``
build it): a ``discord.Message`` made of each answer (its author, embeds, components
parsed) would be thrown away at once. The views sent hold only dynamic items, routed by
their custom_id, so none needs storing. An edit may keep a picture the message already
shows (:class:`Kept`) instead of uploading it again.

An edit Discord refuses for the message's age (429, code 30046: a message older than an
hour is edited only a few times in a row) raises at once, though it carries ``Via``, with
which discord.py would sleep ``retry_after`` and send it again, five times in all: the
caller posts the message anew instead (:func:`edits_exhausted`).
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import aiohttp
import discord
from discord.http import MultipartParameters, Route, handle_message_parameters

from bot.discord_app.core.replies import Picture, Reply

if TYPE_CHECKING:
    from discord.types.message import Message

OLD_MESSAGE_EDITS = 30046  # Discord's code: too many edits of messages older than an hour


@dataclass(frozen=True, slots=True)
class Kept:
    """An attachment a message has, kept by an edit that lists it (Discord keeps the
    attachments an edit lists by id and drops the others)."""

    id: int

    def to_dict(self) -> dict[str, Any]:  # what discord.py asks of an attachment kept
        return {"id": self.id}


K = TypeVar("K", bound=Hashable)


class Uploads(Generic[K]):
    """Where a picture was last uploaded, per key (a channel's table, a player's hand): the
    message and its attachment, so that an edit of that message showing the same picture
    keeps the attachment by id instead of uploading it again. In memory: after a restart
    or a failover the picture is uploaded once more. ``most`` keys at most (the least
    recently noted forgotten first), or unbounded."""

    def __init__(self, most: int | None = None) -> None:
        self.most = most
        self._shown: dict[K, tuple[int, bytes, int]] = {}  # message, PNG, attachment

    def kept(self, key: K, message_id: int, picture: Picture) -> Kept | None:
        """The attachment of ``message_id`` that already shows ``picture``, if known."""
        shown = self._shown.get(key)
        if shown is None or shown[0] != message_id or shown[1] != picture.png:
            return None
        return Kept(shown[2])

    def note(self, key: K, message_id: int, picture: Picture | None,
             attachments: Sequence[int]) -> None:
        """``message_id`` was sent or edited showing ``picture`` as the first of
        ``attachments`` (empty: Discord did not say); ``picture`` None: its attachments
        were left as they were."""
        if picture is not None and attachments:
            self._shown.pop(key, None)
            self._shown[key] = (message_id, picture.png, attachments[0])
            if self.most is not None and len(self._shown) > self.most:
                del self._shown[next(iter(self._shown))]  # the least recent
        elif picture is not None or self._shown.get(key, (None,))[0] != message_id:
            self._shown.pop(key, None)  # another message, or not said: upload next time

    def forget(self, key: K) -> None:
        self._shown.pop(key, None)

    async def edit(self, key: K, message_id: int, picture: Picture | None,
                   edit: Callable[[Kept | None], Awaitable[Sequence[int] | None]],
                   ) -> Sequence[int] | None:
        """Edit ``message_id`` to show ``picture``: ``edit(kept)`` sends the edit, keeping
        that attachment by id, or uploading the picture when ``kept`` is None, and
        returns the attachments Discord's answer lists (None: the message is gone).

        The picture is kept by id when the message already shows it. When Discord no
        longer has that attachment (another process edited the message meanwhile, as in
        a failover: the answer lacks it, or Discord refuses the edit), the edit is sent
        again with the picture uploaded, so a message never loses its picture.
        """
        try:
            kept = None if picture is None else self.kept(key, message_id, picture)
            if kept is not None:
                try:
                    shown = await edit(kept)
                except discord.HTTPException as error:
                    if error.status != 400:
                        raise
                    shown = ()  # refused: that attachment is not the message's any more
                if shown is None or kept.id in shown:
                    self._after(key, message_id, picture, shown)
                    return shown
            shown = await edit(None)
        except BaseException:
            self.forget(key)  # what the message shows now is not known
            raise
        self._after(key, message_id, picture, shown)
        return shown

    def _after(self, key: K, message_id: int, picture: Picture | None,
               shown: Sequence[int] | None) -> None:
        if shown is None:
            self.forget(key)
        else:
            self.note(key, message_id, picture, shown)


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
        discord.HTTPException: Discord refused or failed, the message not being gone (a
            429 with code 30046 at once: :func:`edits_exhausted`).
    """
    files = reply.files() if reply.pictures and kept is None else discord.utils.MISSING
    # As ``client.http.edit_message``, with the check that refuses a 30046 at once.
    route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                  channel_id=channel_id, message_id=message_id)
    try:
        with _params(client, reply, reply.allowed_mentions, files=files,
                     kept=kept) as params:
            if params.files:
                edited = await client.http.request(route, files=params.files,
                                                   form=params.multipart,
                                                   raise_for_status=_refuse_old_edits)
            else:
                edited = await client.http.request(route, json=params.payload,
                                                   raise_for_status=_refuse_old_edits)
    except discord.NotFound:
        return None
    return cast("Message", edited)


def edits_exhausted(error: BaseException) -> bool:
    """Whether Discord refused an edit for the message's age (429, code 30046): it was
    posted more than an hour ago and edited too often lately."""
    return (isinstance(error, discord.HTTPException) and error.status == 429
            and error.code == OLD_MESSAGE_EDITS)


async def _refuse_old_edits(response: aiohttp.ClientResponse) -> None:
    """aiohttp's check of an edit's answer (``raise_for_status``), made before discord.py
    reads it: a 30046 raises discord.py's own ``HTTPException`` out of its request loop,
    which would otherwise sleep and send the edit again. The body read here is the one
    discord.py reads after (aiohttp keeps it)."""
    if response.status != 429 or response.content_type != "application/json":
        return
    data = json.loads(await response.text())
    if isinstance(data, dict) and data.get("code") == OLD_MESSAGE_EDITS:
        raise discord.HTTPException(response, data)


async def delete(client: discord.Client, channel_id: int, message_id: int) -> None:
    """Delete a message (already gone: done).

    Raises:
        discord.HTTPException: Discord refused or failed.
    """
    with contextlib.suppress(discord.NotFound):
        await client.http.delete_message(channel_id, message_id)


def attachment_ids(message: Message) -> tuple[int, ...]:
    """The ids of the attachments of a message in Discord's answer."""
    return tuple(int(a["id"]) for a in message.get("attachments") or ())


def _params(client: discord.Client, reply: Reply, mentions: discord.AllowedMentions, *,
            files: list[discord.File] | Any, kept: Kept | None = None,
            nonce: int | None = None) -> MultipartParameters:
    # None, not MISSING: handle_message_parameters sends any other value as the nonce
    # (an edit carried "nonce": "...", "enforce_nonce": true).
    return handle_message_parameters(
        **reply.body(),
        attachments=[kept] if kept is not None else files,  # type: ignore[list-item]
        allowed_mentions=mentions, nonce=nonce,
        previous_allowed_mentions=client.allowed_mentions,
    )
