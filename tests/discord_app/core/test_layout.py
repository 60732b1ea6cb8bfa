"""A layout reply is within Discord's limits from the moment it is made."""

from __future__ import annotations

import discord
import pytest
from discord.http import handle_message_parameters

from bot.discord_app.core import layout as layouts
from bot.discord_app.core.replies import Picture, Reply


def test_a_layout_reply_is_sent_with_the_flag_and_no_content() -> None:
    view = layouts.layout([layouts.text("hello"), layouts.gallery([("t.png", "a table")])])
    reply = Reply(layout=view, pictures=[Picture(b"png", "a table", "t.png")])
    payload = handle_message_parameters(**reply.body()).payload
    assert payload["flags"] & (1 << 15)
    assert "content" not in payload and "embeds" not in payload


def test_a_layout_reply_refuses_content_and_embeds() -> None:
    view = layouts.layout([layouts.text("x")])
    with pytest.raises(TypeError):
        Reply(layout=view, content="hello")
    with pytest.raises(TypeError):
        Reply(layout=view, embeds=[discord.Embed(title="t")])


def test_its_texts_and_alt_texts_are_cut_to_discords_limits() -> None:
    view = layouts.layout([layouts.text("a" * 3000), layouts.text("b" * 3000),
                           layouts.gallery([("t.png", "c" * 2000)])])
    Reply(layout=view)
    assert layouts.text_size(view) <= layouts.MOST_TEXT
    assert layouts.texts(view)[0].content == "a" * 3000  # the last gives way first
    (item,) = layouts.media_items(view)
    assert item.description is not None and len(item.description) <= 1024


def test_a_picture_renamed_for_discord_is_named_so_in_the_layout() -> None:
    view = layouts.layout([layouts.gallery([("my table!.png", "alt")])])
    reply = Reply(layout=view, pictures=[Picture(b"png", "alt", "my table!.png")])
    (item,) = layouts.media_items(view)
    assert item.media.url == f"attachment://{reply.pictures[0].filename}"


def test_blocks_beyond_forty_components_are_left_out_buttons_kept() -> None:
    button = discord.ui.Button(label="Go", custom_id="rami:x:y:1")
    view = layouts.layout([*(layouts.text(str(i)) for i in range(50)), layouts.row(button)])
    assert view._total_children <= layouts.MOST_COMPONENTS
    assert any(isinstance(item, discord.ui.Button) for item in layouts.walk(view))
