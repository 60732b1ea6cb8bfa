"""Long games keep a live table (issue 25): Discord lets a message older than an hour be
edited only a few times in a row (429 code 30046), so a table message that old is posted
anew before its next edit, and one Discord refuses for its age is posted anew at once; a
round that lasts a day stays playable."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.discord_app.core import channel_api
from bot.discord_app.core.replies import Picture, Reply
from bot.discord_app.fake import FakeDiscord, Message, User
from tests.data.helpers import Clock
from tests.e2e.channel import table_is_current, tables
from tests.e2e.harness import BotHarness, shared_clock
from tests.e2e.players import Human, wait_for_turn
from tests.e2e.test_behaviour import open_table, whose_turn

OLD_EDITS = 30046
TABLE = Picture(b"png of the table", "the table", "table.png")
HOUR = 3600.0
PUBLISHER = "rami.bot.discord_app.publisher"
SETTLE_S = 30.0  # a bound for a broken bot (retrying forever), not a pace


@pytest.fixture
def clock(fake: FakeDiscord) -> Clock:
    """The time of the fake Discord and of the bot, moved by the tests only."""
    return shared_clock(fake)


@pytest.fixture
async def metered(fake: FakeDiscord, db_path: Path) -> AsyncIterator[BotHarness]:
    """A bot counting its requests (``METRICS_PORT``)."""
    runner = BotHarness(fake, db_path, metrics=True)
    await runner.start()
    yield runner
    await runner.stop()


async def settled(harness: BotHarness) -> None:
    """The channel shows every change, its retries done."""
    await asyncio.wait_for(harness.idle(retries=True), SETTLE_S)


async def saved_table(harness: BotHarness, channel: int) -> int | None:
    """The table message's id saved with the game (what a restart edits)."""
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None
    return snapshot.ui.table_message


async def one_table(fake: FakeDiscord, harness: BotHarness, channel: int) -> Message:
    """The channel's one table message, up to date and saved with the game."""
    (table,) = tables(fake, channel)
    assert await table_is_current(fake, harness, channel)
    assert await saved_table(harness, channel) == table.id
    return table


async def move(fake: FakeDiscord, harness: BotHarness, player: User, channel: int,
               command: str, **options: str) -> None:
    """``player`` plays ``/rummy …`` (their hand is the answer), and the channel shows it."""
    assert (await fake.slash(player, channel, f"rummy {command}", **options)).reply.ephemeral
    await settled(harness)


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


async def test_a_table_message_older_than_an_hour_is_posted_anew_at_the_next_move(
        fake: FakeDiscord, harness: BotHarness, clock: Clock) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    old = await one_table(fake, harness, channel)
    edits = len(old.payloads)
    clock.advance(2 * HOUR)
    await move(fake, harness, player, channel, "draw", source="stock")
    new = await one_table(fake, harness, channel)
    assert new.id != old.id and old.deleted
    assert len(old.payloads) == edits  # posted anew before any edit of the old one
    assert fake.old_edits.refused == [] and fake.faults.hits == []
    await harness.restart()  # its id was saved: the restart edits the new one
    await settled(harness)
    assert await one_table(fake, harness, channel) == new


async def test_an_edit_refused_for_its_age_posts_the_table_anew_at_once(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    old = await one_table(fake, harness, channel)
    fake.rate_limit("edit", 3.0, code=OLD_EDITS, channel=channel)  # discord.py would wait
    edits = fake.rest.requests["edit"]
    await move(fake, harness, player, channel, "draw", source="stock")
    new = await one_table(fake, harness, channel)
    assert new.id != old.id and old.deleted
    assert fake.faults.hits == [("edit", 429)] and fake.rest.requests["edit"] == edits + 1


async def test_a_table_message_discord_holds_older_than_its_id_says_is_posted_anew(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """Discord's clock ahead of the bot's: the bot edits the table it sees young, Discord
    allows three edits of an old message and refuses the next; the table is posted anew."""
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    humans = {u.id: Human(fake, harness, u, channel, "slash", seed) for seed, u in
              enumerate((alice, bob))}
    old = await one_table(fake, harness, channel)
    fake.age(old, 2 * HOUR)
    while not fake.old_edits.refused:
        human = await wait_for_turn(harness, channel, humans)
        assert human is not None, "the round ended before Discord refused an edit"
        await human.play_turn()
        await settled(harness)
    assert fake.old_edits.refused == [old.id]
    new = await one_table(fake, harness, channel)
    assert new.id != old.id and old.deleted


async def test_a_repost_refused_again_is_edited_in_place_not_posted_forever(
        fake: FakeDiscord, harness: BotHarness, caplog: pytest.LogCaptureFixture) -> None:
    """Discord refuses for its age an edit of the table posted anew on such a refusal
    (Discord and the bot far apart on the time): it is said once, and that message is
    edited again once Discord allows it, never posted again."""
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    player, _ = await whose_turn(harness, channel, alice, bob)
    fake.rate_limit("edit", 0.01, code=OLD_EDITS, times=2, channel=channel)
    await move(fake, harness, player, channel, "draw", source="stock")
    reposted = await one_table(fake, harness, channel)
    with caplog.at_level(logging.WARNING, logger=PUBLISHER):
        await move(fake, harness, player, channel, "discard", card="1")
    assert await one_table(fake, harness, channel) == reposted
    assert fake.faults.hits == [("edit", 429)] * 2
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(said) == 1 and "edited in place from now on" in said[0]


async def test_a_table_that_cannot_be_posted_anew_is_edited_in_place(
        fake: FakeDiscord, harness: BotHarness, clock: Clock,
        caplog: pytest.LogCaptureFixture) -> None:
    """Posting the old table anew fails: it is said once, and the old message is edited in
    place from then on (Discord allows a few edits of it at a time), not posted again."""
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    player, _ = await whose_turn(harness, channel, alice, bob)
    old = await one_table(fake, harness, channel)
    clock.advance(2 * HOUR)
    fake.fail("send", 503, channel=channel)
    with caplog.at_level(logging.WARNING, logger=PUBLISHER):
        await move(fake, harness, player, channel, "draw", source="stock")
        clock.advance(10)  # Discord's allowance of edits of an old message comes back
        await move(fake, harness, player, channel, "discard", card="1")
    assert await one_table(fake, harness, channel) == old and not old.deleted
    assert fake.faults.hits == [("send", 503)]
    said = [r.getMessage() for r in caplog.records if "could not post the table anew" in
            r.getMessage()]
    assert len(said) == 1 and "edited in place from now on" in said[0]


async def test_a_round_that_lasts_a_day_stays_playable(
        fake: FakeDiscord, harness: BotHarness, clock: Clock) -> None:
    """Two people play a turn every three hours, the bot restarting once: each move after
    a pause is shown on a table posted anew (the old one deleted), never refused."""
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    humans = {u.id: Human(fake, harness, u, channel, "slash", seed) for seed, u in
              enumerate((alice, bob))}
    shown = [await one_table(fake, harness, channel)]
    for turn in range(8):
        clock.advance(3 * HOUR)
        if turn == 4:
            await harness.restart()
            await settled(harness)
        human = await wait_for_turn(harness, channel, humans)
        if human is None:  # somebody went out
            break
        await human.play_turn()
        await settled(harness)
        shown.append(await one_table(fake, harness, channel))
        assert shown[-1].id != shown[-2].id and shown[-2].deleted
    assert len(shown) >= 5, "the round ended too soon to last a day"
    assert fake.old_edits.refused == [] and fake.faults.hits == []
