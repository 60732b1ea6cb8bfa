"""After a crash the public side is brought up to date from the saved game: a table never
posted is posted with its reminder, a table showing an older turn is edited, missed
results are posted once, and old reminders are deleted (issue 15, point 5).

A crash is played as Discord failing every channel message (so the process dies with its
public side behind the saved game) and the bot stopping: what it had not shown is lost
as in a real crash; the game itself was saved before each answer.
"""

from __future__ import annotations

import asyncio

from bot.discord_app.fake import FakeDiscord, User
from bot.session import Status
from tests.e2e.channel import (
    current_player_id,
    refuse_new_messages,
    reminders,
    table_is_current,
    tables,
)
from tests.e2e.harness import BotHarness
from tests.e2e.players import Human, last_with, wait_for_turn
from tests.e2e.test_behaviour import open_table, whose_turn


async def crash_and_restart(fake: FakeDiscord, harness: BotHarness) -> None:
    """Stop the bot with what it had not shown unsent, then start it with Discord well."""
    await harness.stop()
    fake.heal()
    await harness.start()
    await harness.idle(retries=True)


async def reminded(fake: FakeDiscord, harness: BotHarness, channel: int) -> bool:
    """Exactly one reminder is in the channel, for the human to play (none when a computer
    or nobody is to play)."""
    user = await current_player_id(harness, channel)
    shown = reminders(fake, channel)
    if user is None:
        return len(shown) <= 1
    return len(shown) == 1 and shown[0].content.startswith(f"<@{user}>")


async def test_stopped_while_its_reminder_is_answered_it_posts_no_second_one(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """Discord posted the turn's reminder and its answer is on its way as the bot stops:
    the stop lets that job finish, the reminder's id is saved, and the next start keeps
    it rather than posting another (before, the stop cancelled the job between the two)."""
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51")).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    held = fake.hold("followup")  # a follow-up names no channel: every one held
    await fake.click(alice, lobby, "rami:lobby:start:")
    await held.served.wait()  # the reminder posted, Discord's answer held
    assert harness.bot is not None
    publisher = harness.bot.features.publisher
    stopping = asyncio.ensure_future(harness.stop())
    while not publisher.closing:  # until the stop reaches the publisher's job under way
        await asyncio.sleep(0)
    held.release()
    await stopping
    fake.heal()
    await harness.start()
    await harness.idle(retries=True)
    assert await table_is_current(fake, harness, channel)
    assert await reminded(fake, harness, channel)


async def test_killed_while_start_is_answered(fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51")).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    fake.fail("send", 503, times=None, channel=channel)
    await fake.click(alice, lobby, "rami:lobby:start:")
    assert "started" in lobby.text()
    assert tables(fake, channel) == []

    await crash_and_restart(fake, harness)
    (table,) = tables(fake, channel)
    assert await table_is_current(fake, harness, channel)
    assert await reminded(fake, harness, channel)
    await harness.restart()  # the table's id was saved: not posted a second time
    await harness.idle(retries=True)
    assert tables(fake, channel) == [table] and await reminded(fake, harness, channel)


async def test_killed_within_a_second_of_a_move(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    (table,) = tables(fake, channel)
    fake.fail("edit", 503, times=None, channel=channel)
    assert (await fake.slash(player, channel, "rummy draw", source="stock")).reply.ephemeral
    await harness.idle()
    assert not await table_is_current(fake, harness, channel)  # shows the turn before

    await crash_and_restart(fake, harness)
    assert tables(fake, channel) == [table]  # edited in place
    assert await table_is_current(fake, harness, channel)


async def play_turn_unseen(fake: FakeDiscord, harness: BotHarness, channel: int,
                           users: tuple[User, ...], seed: int) -> None:
    """The human to play plays a whole turn while Discord refuses new messages (the next
    reminder cannot be posted before the crash)."""
    humans = {u.id: Human(fake, harness, u, channel, "slash", seed) for u in users}
    human = await wait_for_turn(harness, channel, humans)
    assert human is not None
    refuse_new_messages(fake, channel)
    await human.play_turn()
    await wait_for_turn(harness, channel, humans)


async def test_twelve_restarts_leave_one_reminder(fake: FakeDiscord,
                                                  harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    await whose_turn(harness, channel, alice, bob)
    for restart in range(12):
        if restart % 2:  # a turn passes that the channel never heard of
            await play_turn_unseen(fake, harness, channel, (alice, bob), restart)
        await crash_and_restart(fake, harness)
        assert await reminded(fake, harness, channel), restart
        assert len(tables(fake, channel)) == 1 and await table_is_current(fake, harness,
                                                                          channel)
    deleted = [m for m in fake.channel_log + fake.followup_log
               if m.deleted and m.content.endswith("your turn.")]
    assert len(deleted) >= 6  # each turn's reminder was deleted when the next one came


async def test_results_missed_by_a_crash_are_posted_once(fake: FakeDiscord,
                                                         harness: BotHarness) -> None:
    channel, alice, bob, _ = await open_table(fake, harness, variant="rami30")
    humans = {u.id: Human(fake, harness, u, channel, "slash", 8) for u in (alice, bob)}
    refuse_new_messages(fake, channel)
    while (human := await wait_for_turn(harness, channel, humans)) is not None:
        await human.play_turn()
    assert harness.bot is not None
    snapshot = await harness.bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.status is Status.MATCH_OVER  # target 1

    await crash_and_restart(fake, harness)
    ranking = last_with(fake, channel, "rami:table:rematch:")
    assert "The match is over" in ranking.text()
    rounds = [m for m in fake.posted_messages(channel) if "Round 1 is over" in m.text()]
    assert len(rounds) == 1
    await harness.restart()
    await harness.idle(retries=True)
    assert [m for m in fake.posted_messages(channel) if "Round 1 is over" in m.text()] == rounds
    assert last_with(fake, channel, "rami:table:rematch:") is ranking
    await fake.click(alice, ranking, "rami:table:rematch:")  # and the game goes on
    await harness.idle()
    assert await table_is_current(fake, harness, channel)
