"""Long games keep a live table (issue 25): Discord lets a message older than an hour be
edited only a few times in a row (429 code 30046), so a table message that old is posted
anew before its next edit, and one Discord refuses for its age is posted anew at once; a
round that lasts a day stays playable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.discord_app.core import channel_api
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness

OLD_EDITS = 30046
TABLE = Picture(b"png of the table", "the table", "table.png")


@pytest.fixture
async def metered(fake: FakeDiscord, db_path: Path) -> AsyncIterator[BotHarness]:
    """A bot counting its requests (``METRICS_PORT``)."""
    runner = BotHarness(fake, db_path, metrics=True)
    await runner.start()
    yield runner
    await runner.stop()


@pytest.mark.parametrize("pictures", [(), (TABLE,)])
async def test_an_edit_refused_for_its_age_raises_at_once_where_discord_py_retries(
        fake: FakeDiscord, metered: BotHarness, pictures: tuple[Picture, ...]) -> None:
    """discord.py sleeps on a 429 with ``Via`` and sends the edit again, five times in
    all; the bot's edits raise Discord's refusal at once instead (JSON or multipart),
    and its metrics count that 429 all the same."""
    bot = metered.bot
    assert bot is not None and bot.metrics is not None
    channel = fake.channels[0]
    sent = await channel_api.send(bot, channel, Reply(content="the table"))
    message = fake.messages[int(sent["id"])]
    fake.rate_limit("edit", 0.01, code=OLD_EDITS, channel=channel)
    edits = fake.rest.requests["edit"]
    with pytest.raises(discord.HTTPException) as raised:
        await channel_api.edit(bot, channel, message.id,
                               Reply(content="a move later", pictures=pictures))
    assert channel_api.edits_exhausted(raised.value)
    assert fake.rest.requests["edit"] == edits + 1 and message.content == "the table"
    assert ('rami_discord_rate_limits_total{route="PATCH channels/messages",scope="shared"} '
            "1.0") in bot.metrics.exposition()[0].decode()

    fake.rate_limit("edit", 0.01, code=OLD_EDITS, channel=channel)
    await bot.get_partial_messageable(channel).get_partial_message(message.id).edit(
        content="waited out")  # discord.py's own edit: slept, then sent again
    assert message.content == "waited out" and fake.faults.hits == [("edit", 429)] * 2
