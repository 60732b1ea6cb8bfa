"""The next player's ping and the results go as public follow-ups of the interaction that
ended the turn (issue 29, item 2): free of Discord's global limit, the ping deleted through
the same token once the next one comes. Without a young token (a computer's turn long
after, a restart) or when Discord refuses it, they go to the channel as before, never
lost."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User
from bot.discord_app.fake.rest import TOKEN_LIFE
from bot.session import Status
from tests.data.helpers import Clock
from tests.e2e.channel import current_player_id, refuse_new_messages, reminders
from tests.e2e.harness import BotHarness, shared_clock
from tests.e2e.players import Human, last_with, wait_for_turn
from tests.e2e.test_behaviour import open_table, whose_turn
from tests.e2e.test_recovery import crash_and_restart


@pytest.fixture
def clock(fake: FakeDiscord) -> Clock:
    """The time of the fake Discord and of the bot, moved by the tests only."""
    return shared_clock(fake)


@pytest.fixture
async def slow_computers(fake: FakeDiscord, db_path: Path,
                         clock: Clock) -> AsyncIterator[BotHarness]:
    """A bot whose computer players take a while, so a test moves the clock between a
    human's move and the computer's."""
    runner = BotHarness(fake, db_path, ai_delay=1.0, clock=clock)
    await runner.start()
    yield runner
    await runner.stop()


def last_interaction(fake: FakeDiscord, user: User) -> Interaction:
    """The newest interaction ``user`` sent."""
    return [it for it in fake.interactions.values() if it.user is user][-1]


def pinged(message: Message, user: User) -> bool:
    """``message`` is the turn reminder of ``user``, and pings them and only them."""
    mentions = message.allowed_mentions or {}
    return (message.content.startswith(f"<@{user.id}>") and not message.ephemeral
            and [int(u) for u in mentions.get("users", [])] == [user.id]
            and not mentions.get("parse"))


async def play_turn(fake: FakeDiscord, harness: BotHarness, channel: int,
                    player: User, others: tuple[User, ...]) -> Interaction:
    """``player`` plays a whole turn; the interaction that ended it."""
    await Human(fake, harness, player, channel, "slash", 5).play_turn()
    ended = last_interaction(fake, player)
    humans = {u.id: Human(fake, harness, u, channel, "slash", 5) for u in (player, *others)}
    await wait_for_turn(harness, channel, humans)
    await harness.idle()
    return ended


async def next_human(harness: BotHarness, channel: int, *users: User) -> User:
    user_id = await current_player_id(harness, channel)
    return next(u for u in users if u.id == user_id)


async def pinged_table(fake: FakeDiscord,
                       harness: BotHarness) -> tuple[int, User, User, Message]:
    """alice and bob at a started table, the bot settled: the channel, the player to act,
    the other, and the one ping posted."""
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    player, other = await whose_turn(harness, channel, alice, bob)
    await harness.idle()
    (ping,) = reminders(fake, channel)
    return channel, player, other, ping


async def test_the_ping_is_a_follow_up_of_the_move_that_ended_the_turn(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, player, other, before = await pinged_table(fake, harness)
    sends, deletes = fake.rest.requests["send"], fake.rest.requests["delete"]

    ended = await play_turn(fake, harness, channel, player, (other,))
    (ping,) = reminders(fake, channel)
    assert ping in ended.followups and pinged(ping, other)
    assert ping not in fake.channel_messages(channel)  # no channel route for it
    assert before.deleted  # the previous ping, through the token it was sent with
    assert fake.rest.requests["send"] == sends and fake.rest.requests["delete"] == deletes
    assert fake.rest.requests["webhook_delete"] >= 1
    assert fake.rest.unknown_routes == [] and fake.rest.spec_violations == []


async def test_a_computer_turn_after_the_token_expired_pings_through_the_channel(
        fake: FakeDiscord, slow_computers: BotHarness, clock: Clock) -> None:
    harness = slow_computers
    channel, alice, bob, _ = await open_table(fake, harness)
    humans = {u.id: Human(fake, harness, u, channel, "slash", 3) for u in (alice, bob)}
    assert harness.bot is not None
    while True:  # until the human to play is followed by the computer
        human = await wait_for_turn(harness, channel, humans)
        assert human is not None
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None and snapshot.view is not None
        after = snapshot.seats[(snapshot.view.current + 1) % len(snapshot.seats)]
        if after.is_computer:
            break
        await human.play_turn()
        await harness.idle()
    await harness.idle()
    (before,) = reminders(fake, channel)
    deletes, followups = fake.rest.requests["delete"], fake.rest.requests["followup"]

    await human.play_turn()
    clock.advance(TOKEN_LIFE)  # the computer plays once the human's token is stale
    following = await wait_for_turn(harness, channel, humans)
    assert following is not None
    await harness.idle()
    (ping,) = reminders(fake, channel)
    assert ping in fake.channel_messages(channel) and pinged(ping, following.user)
    assert before.deleted and fake.rest.requests["delete"] == deletes + 1  # channel route
    assert fake.rest.requests["followup"] == followups  # the bot knew not to try the token


async def test_a_turn_timed_out_long_after_pings_through_the_channel(
        fake: FakeDiscord, db_path: Path, clock: Clock) -> None:
    harness = BotHarness(fake, db_path, turn_timeout=3600, clock=clock)  # timed out by the test
    await harness.start()
    try:
        channel, _player, other, before = await pinged_table(fake, harness)
        followups = fake.rest.requests["followup"]
        assert harness.bot is not None
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None and snapshot.deadline is not None
        clock.advance(TOKEN_LIFE)  # nobody played: the start's token is stale
        assert await harness.bot.tables.play_overdue(snapshot.deadline) == [channel]
        await fake.wait_for(lambda: any(pinged(m, other) for m in reminders(fake, channel)))
        await harness.idle()
        (ping,) = reminders(fake, channel)
        assert ping in fake.channel_messages(channel) and before.deleted
        assert fake.rest.requests["followup"] == followups
    finally:
        await harness.stop()


async def test_after_a_restart_the_channel_is_used_and_nothing_is_lost(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, player, other, before = await pinged_table(fake, harness)
    assert before not in fake.channel_messages(channel)  # a follow-up of the start
    refuse_new_messages(fake, channel)  # the next ping is not sent before the crash
    await Human(fake, harness, player, channel, "slash", 4).play_turn()
    await harness.idle()
    assert reminders(fake, channel) == [before]

    await crash_and_restart(fake, harness)  # its tokens are gone with the process
    following = await next_human(harness, channel, player, other)
    (ping,) = reminders(fake, channel)
    assert ping in fake.channel_messages(channel) and pinged(ping, following)
    assert before.deleted  # through the channel route: its token is not known any more


@pytest.mark.parametrize(("status", "code"), [(404, 10015), (401, 50027)])
async def test_a_refused_token_sends_the_ping_to_the_channel(
        fake: FakeDiscord, harness: BotHarness, status: int, code: int) -> None:
    channel, alice, bob, _ = await open_table(fake, harness, computer=False)
    player, other = await whose_turn(harness, channel, alice, bob)
    await harness.idle()
    fake.fail("followup", status, code=code)
    await play_turn(fake, harness, channel, player, (other,))
    assert ("followup", status) in fake.faults.hits
    (ping,) = reminders(fake, channel)
    assert ping in fake.channel_messages(channel) and pinged(ping, other)


async def test_the_results_are_follow_ups_and_their_buttons_work(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness, variant="rami30",
                                              computer=False)
    humans = {u.id: Human(fake, harness, u, channel, "slash", 8) for u in (alice, bob)}
    while (human := await wait_for_turn(harness, channel, humans)) is not None:
        await human.play_turn()
        ended = last_interaction(fake, human.user)
    await harness.idle()
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.status is Status.MATCH_OVER  # target 1
    ranking = last_with(fake, channel, "rami:table:rematch:")
    scores = [m for m in fake.posted_messages(channel) if "Round 1 is over" in m.text()]
    assert len(scores) == 1 and scores[0] in ended.followups and ranking in ended.followups
    assert not ranking.ephemeral and "The match is over" in ranking.text()
    assert not any(m in fake.channel_messages(channel) for m in (ranking, *scores))
    await fake.click(alice, ranking, "rami:table:rematch:")  # clicked on a follow-up
    await harness.idle()
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.status is Status.PLAYING
