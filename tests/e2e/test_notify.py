"""Turn notifications by direct message (issue 27), end to end: a whole turn played from
the DM, closed DMs (403, 50007) not retried and told in /rummy prefs, a notice never sent
twice across a restart, quiet hours holding one, and notifications off by default."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User
from bot.discord_app.notify.cog import Notifications
from bot.session.notices import Outcome
from data.notices import NoticeKind
from engine.ai import choose_action
from tests.e2e.harness import BotHarness
from tests.e2e.players import (
    Human,
    assert_ok,
    is_hand,
    lobby_with_a_computer,
    still_their_turn,
    wait_for_turn,
)

TURN = "Your turn"


def notifications(harness: BotHarness) -> Notifications:
    assert harness.bot is not None
    return harness.bot.features.notifications


async def seated_with_notify(fake: FakeDiscord, harness: BotHarness,
                             notify: str = "now", **more: str) -> tuple[User, Human]:
    """alice asks for notifications, opens a rami51 lobby with a computer and starts it;
    returns her and her seat once it is her turn."""
    channel = fake.channels[0]
    alice, lobby = await lobby_with_a_computer(fake, channel, "rami51")
    prefs = await fake.slash(alice, channel, "rummy prefs", notify=notify, **more)
    assert prefs.reply.ephemeral
    await fake.click(alice, lobby, "rami:lobby:start:")
    human = Human(fake, harness, alice, channel, "buttons", seed=7)
    assert await wait_for_turn(harness, channel, {alice.id: human}) is human
    return alice, human


def hand_of(it: Interaction) -> Message:
    """The hand an interaction answered with (a follow-up when the answer was deferred)."""
    if it.followups:
        assert is_hand(it.followups[-1]) and it.followups[-1].ephemeral
        return it.followups[-1]
    return assert_ok(it)


def turn_notices(fake: FakeDiscord, user: User) -> list[Message]:
    return [m for m in fake.direct_messages(user) if TURN in m.content]


async def test_a_whole_turn_is_played_from_a_direct_message(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice, human = await seated_with_notify(fake, harness)
    (notice,) = await fake.wait_for(lambda: turn_notices(fake, alice))
    assert "Rami test server" in notice.content and "#table-1" in notice.content
    assert f"https://discord.com/channels/{fake.guild_id}/{fake.channels[0]}/" in notice.content
    first, *later = fake.direct_messages(alice)
    assert "has started" in first.content  # the match started: told first
    assert "/rummy prefs notify: off" in first.content  # the first says how to stop them
    assert all("/rummy prefs notify: off" not in m.content for m in later)
    shown = await fake.click(alice, notice, "rami:notify:hand:")
    human.hand_message = hand_of(shown)
    assert human.hand_message.channel_id == notice.channel_id  # in the DM
    rules, view = await human.rules(), await human.view()
    begun = view
    while still_their_turn(view, begun):  # this turn only: the computer may be quick
        await human._click(choose_action(view, rules, "easy", human.rng))  # type: ignore[arg-type]
        assert human.hand_message.channel_id == notice.channel_id
        view = await human.view()
    # Played through the DM alone, to the turn's end:
    assert human.actions == 0 and (view.round_number, view.turn) != (begun.round_number, begun.turn)
    # A notice's hand button later still answers, with the game as it is now.
    assert hand_of(await fake.click(alice, notice, "rami:notify:hand:")).ephemeral


async def test_notifications_are_off_by_default(fake: FakeDiscord,
                                                harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice, lobby = await lobby_with_a_computer(fake, channel, "rami51")
    await fake.click(alice, lobby, "rami:lobby:start:")
    human = Human(fake, harness, alice, channel, "buttons", seed=7)
    assert await wait_for_turn(harness, channel, {alice.id: human}) is human
    assert await notifications(harness).notifier.send_due() == []
    assert fake.direct_messages(alice) == []


async def test_closed_dms_are_not_retried_and_prefs_say_so(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel = fake.channels[0]
    alice = fake.add_user("alice")
    fake.dms.close(alice)
    await fake.slash(alice, channel, "rummy prefs", notify="now")
    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51")).reply
    await fake.click(alice, lobby, "rami:lobby:ai:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    await fake.wait_for(lambda: fake.dms.refused >= 1)
    notifier = notifications(harness).notifier
    await asyncio.wait_for(noted_closed(harness, alice), 10)
    refused = fake.dms.refused
    # The preference is kept:
    assert (await harness.bot.features.prefs.player(alice.id)).notify == "now"  # type: ignore[union-attr]
    for _ in range(3):
        await notifier.send_due()
    assert fake.dms.refused == refused  # not tried again in a loop
    shown = await fake.slash(alice, channel, "rummy prefs")
    assert "direct messages are closed" in shown.reply.content


async def noted_closed(harness: BotHarness, user: User) -> None:
    """Until the bot has noted that ``user``'s DMs are closed (a condition polled)."""
    assert harness.bot is not None
    while (await harness.bot.store.dm_member(user.id)).closed_at is None:
        await asyncio.sleep(0.01)


async def test_a_notice_is_never_sent_twice_across_a_restart(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice, _ = await seated_with_notify(fake, harness)
    await fake.wait_for(lambda: turn_notices(fake, alice))
    sent = len(fake.direct_messages(alice))
    await harness.restart()
    notifier = notifications(harness).notifier
    assert await notifier.send_due() == []
    snapshot = await harness.bot.tables.snapshot(fake.channels[0])  # type: ignore[union-attr]
    assert snapshot is not None
    # The same turn seen again (another process's event, a replay): no second notice.
    from bot.session.model import Event, EventKind
    await notifier.on_event(Event(EventKind.ACTION, snapshot, seat=None))
    assert await notifier.send_due() == []
    assert len(fake.direct_messages(alice)) == sent
    assert fake.dms.opened == 1  # one DM channel opened: every later notice is 1 request
    kinds = [n.kind for n in await harness.bot.store.notices_of(alice.id)]  # type: ignore[union-attr]
    assert kinds.count(NoticeKind.TURN) == 1 and NoticeKind.START in kinds


async def test_quiet_hours_hold_a_notice_until_they_end(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice, _ = await seated_with_notify(fake, harness, quiet="00:00-23:59", timezone="UTC")
    notifier = notifications(harness).notifier
    for _ in range(2):
        await notifier.send_due()
    assert turn_notices(fake, alice) == []  # held
    (held, *_) = [n for n in await harness.bot.store.notices_of(alice.id)  # type: ignore[union-attr]
                  if n.kind is NoticeKind.TURN]
    assert held.sent_at is None and held.due_at > notifier.clock()
    await notifier.send_due(held.due_at + 1)
    assert len(turn_notices(fake, alice)) == 1


async def test_a_long_turn_is_recalled_half_way_and_shortly_before_its_end(
        fake: FakeDiscord, db_path: Path) -> None:
    timed = BotHarness(fake, db_path, turn_timeout=3600)  # an hour a turn
    await timed.start()
    try:
        alice, _ = await seated_with_notify(fake, timed)
        await fake.wait_for(lambda: turn_notices(fake, alice))
        snapshot = await timed.bot.tables.snapshot(fake.channels[0])  # type: ignore[union-attr]
        assert snapshot is not None and snapshot.deadline is not None
        deadline, notifier = snapshot.deadline, notifications(timed).notifier
        assert await notifier.send_due(deadline - 1805) == []  # not half-way yet
        ((half, sent),) = await notifier.send_due(deadline - 1795)
        assert half.kind is NoticeKind.REMIND and sent is Outcome.SENT
        assert "is played for you in 30 minutes" in fake.direct_messages(alice)[-1].content
        await timed.restart()  # claimed once: a restart does not send it again
        notifier = notifications(timed).notifier
        ((soon, sent),) = await notifier.send_due(deadline - 355)  # a tenth of the hour
        assert soon.kind is NoticeKind.REMIND and sent is Outcome.SENT
        assert "is played for you in 6 minutes" in fake.direct_messages(alice)[-1].content
        assert await notifier.send_due(deadline - 1) == []
        reminded = [m for m in fake.direct_messages(alice) if "Reminder" in m.content]
        assert len(reminded) == 2
    finally:
        await timed.stop()


async def test_a_reminder_of_a_turn_that_moved_on_is_not_sent(
        fake: FakeDiscord, db_path: Path) -> None:
    timed = BotHarness(fake, db_path, turn_timeout=3600)
    await timed.start()
    try:
        alice, human = await seated_with_notify(fake, timed)
        await fake.wait_for(lambda: turn_notices(fake, alice))
        snapshot = await timed.bot.tables.snapshot(fake.channels[0])  # type: ignore[union-attr]
        assert snapshot is not None and snapshot.deadline is not None
        await human.play_turn()
        outcomes = await notifications(timed).notifier.send_due(snapshot.deadline - 355)
        assert [o for n, o in outcomes if n.kind is NoticeKind.REMIND] == [None, None]
        assert not [m for m in fake.direct_messages(alice) if "Reminder" in m.content]
    finally:
        await timed.stop()
