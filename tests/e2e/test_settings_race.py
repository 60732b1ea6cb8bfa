"""Two moderators changing two channels' settings at the same moment (issue 27): each
change writes that channel's row only, so both stay — a channel's own turn time-out
(``/rummy settings timeout seconds: channel:``), the channels games are allowed in
(``/rummy settings channels``, and the channels form); the limit of channels with a
time-out of their own is told in words."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.discord_app.fake import FakeDiscord, User
from data.settings import MAX_CHANNEL_TIMEOUTS
from tests.e2e.harness import BotHarness
from tests.e2e.test_admin import moderator
from tests.e2e.test_behaviour import refused


def channel_timeout(fake: FakeDiscord, channel: int, seconds: int) -> dict[str, Any]:
    """``/rummy settings timeout seconds: channel:`` as Discord's client sends it."""
    data = fake.command_data(["rummy", "settings", "timeout"], [
        {"name": "seconds", "type": 4, "value": seconds},
        {"name": "channel", "type": 7, "value": str(channel)}])
    data["resolved"] = {"channels": {str(channel): {**fake.channel_payload(channel),
                                                    "permissions": "0"}}}
    return data


def two_moderators(fake: FakeDiscord) -> tuple[User, User]:
    return moderator(fake), moderator(fake)


async def test_two_channels_time_outs_set_at_the_same_moment_both_stay(
        fake: FakeDiscord, harness: BotHarness) -> None:
    assert harness.bot is not None
    first, second = two_moderators(fake)
    here, there = fake.channels[0], fake.channels[1]
    for seconds in (45, 600, 3600):
        answers = await asyncio.gather(
            fake.command(first, here, channel_timeout(fake, here, seconds)),
            fake.command(second, there, channel_timeout(fake, there, seconds + 15)))
        assert all(a.reply.ephemeral and "now has" in a.reply.text() for a in answers)
        settings = await harness.bot.store.guild_settings(fake.guild_id)
        assert dict(settings.channel_timeouts) == {here: seconds, there: seconds + 15}
    shown = (await fake.slash(first, here, "rummy settings show")).reply.text()
    assert f"<#{here}>" in shown and f"<#{there}>" in shown


async def test_two_channels_allowed_at_the_same_moment_both_stay(
        fake: FakeDiscord, harness: BotHarness) -> None:
    assert harness.bot is not None
    first, second = two_moderators(fake)
    here, there = fake.channels[0], fake.channels[1]
    answers = await asyncio.gather(
        fake.slash(first, here, "rummy settings channels", action="add"),
        fake.slash(second, there, "rummy settings channels", action="add"))
    assert all(a.reply.ephemeral for a in answers)
    settings = await harness.bot.store.guild_settings(fake.guild_id)
    assert settings.allowed_channels == {here, there}
    await asyncio.gather(
        fake.slash(first, here, "rummy settings channels", action="remove"),
        fake.command(second, there, channel_timeout(fake, there, 90)))
    settings = await harness.bot.store.guild_settings(fake.guild_id)
    assert settings.allowed_channels == {there} and dict(settings.channel_timeouts) == {
        there: 90}


async def test_a_channels_form_opened_before_another_change_saves_nothing(
        fake: FakeDiscord, harness: BotHarness) -> None:
    assert harness.bot is not None
    first, second = two_moderators(fake)
    here, there, third = fake.channels[0], fake.channels[1], fake.channels[2]
    await fake.slash(first, here, "rummy settings channels", action="add")
    panel = (await fake.slash(first, here, "rummy settings show")).reply
    opened = await fake.click(first, panel, "rami:setform:channels:")
    assert opened.modal is not None, opened.replies
    # Meanwhile another moderator allows a second channel by the command.
    await fake.slash(second, there, "rummy settings channels", action="add")
    # The form, opened before, showed only the first: saving its set would take the
    # second away, so it is refused, and it offers the form with the channels of now.
    refused = await fake.submit(first, opened, {"allowed_channels": [str(here), str(third)]})
    assert refused.reply.ephemeral and "nothing was saved" in refused.reply.text()
    settings = await harness.bot.store.guild_settings(fake.guild_id)
    assert settings.allowed_channels == {here, there}
    again = await fake.click(first, refused.reply, "rami:setform:channels:")
    assert again.modal is not None, again.replies
    await fake.submit(first, again, {"allowed_channels": [str(here), str(there), str(third)]})
    settings = await harness.bot.store.guild_settings(fake.guild_id)
    assert settings.allowed_channels == {here, there, third}


async def test_the_limit_of_channels_with_their_own_time_out_is_told_in_words(
        fake: FakeDiscord, harness: BotHarness) -> None:
    assert harness.bot is not None
    first, _ = two_moderators(fake)
    full = {10_000 + n: 60 for n in range(MAX_CHANNEL_TIMEOUTS)}
    await harness.bot.store.edit_channels(fake.guild_id, timeouts=full)
    here = fake.channels[0]
    answer = await fake.command(first, here, channel_timeout(fake, here, 45))
    assert f"{MAX_CHANNEL_TIMEOUTS}" in refused(answer)
    settings = await harness.bot.store.guild_settings(fake.guild_id)
    assert here not in settings.channel_timeouts
