"""The fake Discord's direct messages, as the real discord.py client sees them: one DM
channel per member, messages sent and edited there, 403 code 50007 for a member whose
DMs are closed, a DM's rate limit waited out, and clicks from a DM sent as Discord sends
them (no guild, the user, a private channel)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness


def bot_of(harness: BotHarness) -> discord.Client:
    assert harness.bot is not None
    return harness.bot


async def test_the_dm_channel_is_the_same_each_time_and_holds_its_messages(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    http = bot_of(harness).http
    first = await http.start_private_message(alice.id)
    again = await http.start_private_message(alice.id)
    assert first["id"] == again["id"] and first["type"] == 1
    assert [r["id"] for r in first["recipients"]] == [str(alice.id)]
    channel = bot_of(harness).get_partial_messageable(int(first["id"]),
                                                      type=discord.ChannelType.private)
    sent = await channel.send("your turn")
    await channel.get_partial_message(sent.id).edit(content="your turn, still")
    assert [m.content for m in fake.direct_messages(alice)] == ["your turn, still"]
    assert fake.direct_messages(fake.add_user("bob")) == []


async def test_a_member_whose_dms_are_closed_gets_discords_403_50007(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    fake.dms.close(alice)
    opened = await bot_of(harness).http.start_private_message(alice.id)  # opening works
    channel = bot_of(harness).get_partial_messageable(int(opened["id"]))
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("never seen")
    assert refused.value.code == 50007
    assert fake.direct_messages(alice) == [] and fake.dms.refused == 1
    fake.dms.close(alice, closed=False)
    await channel.send("seen")
    assert [m.content for m in fake.direct_messages(alice)] == ["seen"]


async def test_a_dms_rate_limit_is_waited_out(fake: FakeDiscord, harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    fake.dms.rate_limit(2, 0.05)
    opened = await bot_of(harness).http.start_private_message(alice.id)
    channel = bot_of(harness).get_partial_messageable(int(opened["id"]))
    for number in range(3):
        await channel.send(f"message {number}")
    assert [m.content for m in fake.direct_messages(alice)] == [
        "message 0", "message 1", "message 2"]
    assert fake.dms.limit is not None and fake.dms.limit.refused == 1


async def test_a_click_in_a_dm_comes_without_a_guild(fake: FakeDiscord,
                                                     harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    bot = bot_of(harness)
    seen: list[discord.Interaction] = []
    connection = bot._connection  # what discord.py's parsers dispatch through
    dispatch = connection.dispatch

    def recording(event: str, /, *args: Any, **kwargs: Any) -> None:
        if event == "interaction":
            seen.append(args[0])
        dispatch(event, *args, **kwargs)

    connection.dispatch = recording
    opened = await bot.http.start_private_message(alice.id)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="press", custom_id="nobody:takes:this"))
    await bot.get_partial_messageable(int(opened["id"])).send("press it", view=view)
    message = fake.direct_messages(alice)[0]
    it = await fake.click(alice, message, "nobody:takes:this")
    (interaction,) = seen
    assert interaction.guild_id is None and interaction.guild is None
    assert isinstance(interaction.user, discord.User) and interaction.user.id == alice.id
    assert isinstance(interaction.channel, discord.DMChannel)
    assert interaction.channel_id == message.channel_id
    assert interaction.context.dm_channel
    assert it.reply.channel_id == message.channel_id  # answered where it was clicked
