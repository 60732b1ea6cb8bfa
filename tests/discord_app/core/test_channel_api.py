"""``channel_api.Uploads``: a picture a message already shows is kept by id, and uploaded
again whenever Discord no longer has that attachment."""

from __future__ import annotations

from collections.abc import Sequence
from unittest.mock import AsyncMock, Mock

import discord
import pytest

from bot.discord_app.core import channel_api
from bot.discord_app.core.channel_api import Kept, Uploads
from bot.discord_app.core.replies import Picture, Reply

TABLE = Picture(b"png of the table", "the table", "table.png")
MOVED = Picture(b"png after a move", "the table", "table.png")


class Message:
    """A message as Discord keeps it: an edit keeps the attachments listed by id (the ones
    it has), and uploads get new ids."""

    def __init__(self) -> None:
        self.attachments: list[int] = []
        self.next_id = 100
        self.edits: list[Kept | None] = []
        self.refuse_unknown = False

    async def edit(self, kept: Kept | None) -> Sequence[int] | None:
        self.edits.append(kept)
        if kept is None:
            self.next_id += 1
            self.attachments = [self.next_id]
        elif kept.id not in self.attachments and self.refuse_unknown:
            raise discord.HTTPException(Mock(status=400, reason="Bad Request"),
                                        {"code": 50035, "message": "Invalid Form Body"})
        else:
            self.attachments = [a for a in self.attachments if a == kept.id]
        return tuple(self.attachments)


async def test_the_same_picture_on_the_same_message_is_kept_by_id() -> None:
    uploads: Uploads[int] = Uploads()
    message = Message()
    assert await uploads.edit(1, 10, TABLE, message.edit) == (101,)
    assert await uploads.edit(1, 10, TABLE, message.edit) == (101,)
    assert message.edits == [None, Kept(101)]
    await uploads.edit(1, 10, MOVED, message.edit)  # another picture: uploaded
    assert message.edits[-1] is None and message.attachments == [102]
    await uploads.edit(1, 11, MOVED, message.edit)  # another message: uploaded
    assert message.edits[-1] is None


async def test_an_equal_picture_drawn_again_is_the_same_picture() -> None:
    uploads: Uploads[int] = Uploads()
    message = Message()
    await uploads.edit(1, 10, TABLE, message.edit)
    await uploads.edit(1, 10, Picture(bytes(TABLE.png), "", "t.png"), message.edit)
    assert message.edits == [None, Kept(101)]


@pytest.mark.parametrize("refused", [False, True])
async def test_a_picture_replaced_meanwhile_is_uploaded_again(refused: bool) -> None:
    """Another process edited the message (a failover): the attachment kept in memory is
    not the message's any more. Whether Discord drops the unknown id or refuses the edit,
    the picture is uploaded again, and the message never stays without it."""
    uploads: Uploads[int] = Uploads()
    message = Message()
    message.refuse_unknown = refused
    await uploads.edit(1, 10, TABLE, message.edit)
    message.attachments = [555]  # the other process's upload
    assert await uploads.edit(1, 10, TABLE, message.edit) == (102,)
    assert message.edits == [None, Kept(101), None] and message.attachments == [102]
    await uploads.edit(1, 10, TABLE, message.edit)  # then kept by id again
    assert message.edits[-1] == Kept(102)


async def test_a_failed_edit_forgets_what_the_message_shows() -> None:
    uploads: Uploads[int] = Uploads()
    message = Message()
    await uploads.edit(1, 10, TABLE, message.edit)

    async def failing(kept: Kept | None) -> Sequence[int] | None:
        raise discord.HTTPException(Mock(status=503, reason="Unavailable"), "down")

    with pytest.raises(discord.HTTPException):
        await uploads.edit(1, 10, TABLE, failing)
    assert uploads.kept(1, 10, TABLE) is None


async def test_a_message_gone_is_forgotten() -> None:
    uploads: Uploads[int] = Uploads()
    message = Message()
    await uploads.edit(1, 10, TABLE, message.edit)

    async def gone(kept: Kept | None) -> Sequence[int] | None:
        return None

    assert await uploads.edit(1, 10, TABLE, gone) is None
    assert uploads.kept(1, 10, TABLE) is None


def test_an_edit_without_picture_keeps_what_the_message_shows() -> None:
    uploads: Uploads[int] = Uploads()
    uploads.note(1, 10, TABLE, (101,))
    uploads.note(1, 10, None, ())  # the text edited, the attachments left
    assert uploads.kept(1, 10, TABLE) == Kept(101)
    uploads.note(1, 11, None, ())  # another message
    assert uploads.kept(1, 10, TABLE) is None


def test_at_most_the_newest_keys_are_kept() -> None:
    uploads: Uploads[int] = Uploads(most=2)
    for key in (1, 2, 3):
        uploads.note(key, 10 + key, TABLE, (100 + key,))
    assert uploads.kept(1, 11, TABLE) is None
    assert uploads.kept(3, 13, TABLE) == Kept(103)


async def test_a_post_carries_an_enforced_nonce_an_edit_none() -> None:
    client = Mock(allowed_mentions=None)
    client.http.send_message = AsyncMock(return_value={})
    client.http.request = AsyncMock(return_value={})  # edit: its own request (30046)
    await channel_api.send(client, 1, Reply("the table"))
    await channel_api.edit(client, 1, 2, Reply("the table"))
    posted = client.http.send_message.await_args.kwargs["params"].payload
    edited = client.http.request.await_args.kwargs["json"]
    assert posted["enforce_nonce"] is True and posted["nonce"].isdigit()
    assert "nonce" not in edited and "enforce_nonce" not in edited
