"""Slow work is deferred within Discord's 3 seconds; the table and scores on demand."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_app.core import replies
from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_hands_private, assert_ok, is_hand
from tests.e2e.test_behaviour import open_table, refused, whose_turn


async def test_slow_work_is_deferred_then_filled_in(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)  # as if every handler were slow

    hand = await fake.slash(player, channel, "rummy hand")
    assert hand.response_type == 5  # "thinking", ephemeral from the start
    assert hand.original is not None and hand.original.ephemeral
    message = assert_ok(hand)

    click = await fake.click(player, message, "rami:hand:draw:")
    assert click.response_type == 6  # deferred update of the hand message
    assert "You drew" in message.text() and message.ephemeral

    # A refusal is private whether or not it was deferred, and the hand stays as it was.
    before = message.text()
    wrong = await fake.click(player, message, "rami:hand:draw:")
    refusal = wrong.followups[-1] if wrong.response_type == 6 else wrong.reply
    assert refusal.ephemeral and not is_hand(refusal)
    assert message.text() == before
    assert_hands_private(fake)


async def test_table_is_posted_again_on_demand(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, _, _ = await open_table(fake, harness)
    tables_before = [m for m in fake.channel_messages(channel)
                     if "rami:table:hand:" in " ".join(m.custom_ids())]
    it = await fake.slash(alice, channel, "rummy table")
    assert it.reply.ephemeral
    await harness.idle()
    tables = [m for m in fake.channel_messages(channel)
              if "rami:table:hand:" in " ".join(m.custom_ids())]
    assert len(tables) == len(tables_before) + 1
    newest = tables[-1]
    assert not newest.ephemeral and newest.attachments[0].filename == "table.png"
    assert newest.attachments[0].description  # alt text
    # The table's "My hand" button gives the clicker's own hand, privately.
    assert_ok(await fake.click(alice, newest, "rami:table:hand:"))


async def test_score_before_any_round_ends(fake: FakeDiscord, harness: BotHarness) -> None:
    channel, alice, _, _ = await open_table(fake, harness)
    text = refused(await fake.slash(alice, channel, "rummy score"))
    assert "No round finished" in text


async def test_commands_without_a_game(fake: FakeDiscord, harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    channel = fake.channels[2]
    for command in ("rummy hand", "rummy join", "rummy start", "rummy table", "rummy end"):
        assert "/rummy new" in refused(await fake.slash(alice, channel, command))


async def test_a_slow_lobby_is_public_and_a_slow_refusal_private(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.0)
    assert harness.bot is not None
    tables = harness.bot.tables
    open_lobby = tables.open_lobby

    async def slow_open_lobby(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.01)  # slower than DEFER_AFTER
        return await open_lobby(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tables, "open_lobby", slow_open_lobby)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    channel = fake.channels[1]
    it = await fake.slash(alice, channel, "rummy new", variant="classic")
    assert it.response_type == 5
    lobby = it.reply
    assert not lobby.ephemeral and "rami:lobby:join:" in " ".join(lobby.custom_ids())
    await fake.click(bob, lobby, "rami:lobby:join:")
    await harness.idle()
    assert f"<@{bob.id}>" in lobby.text()

    again = await fake.slash(bob, channel, "rummy new")
    assert again.response_type == 5
    assert again.original is not None and again.original.deleted
    assert again.followups and again.followups[-1].ephemeral
    assert "/rummy end" in again.followups[-1].text()


async def test_the_bot_keeps_no_view_nor_timer_per_message_sent(
        fake: FakeDiscord, harness: BotHarness) -> None:
    """Every component is routed by its class, so discord.py is not asked to keep the views
    sent: a hand message (ephemeral) would otherwise be kept 15 minutes with a timer task."""
    channel, alice, bob, _ = await open_table(fake, harness)
    player, _ = await whose_turn(harness, channel, alice, bob)
    hands = [assert_ok(await fake.slash(player, channel, "rummy hand")) for _ in range(3)]
    assert_ok(await fake.click(player, hands[-1], "rami:hand:draw:"))
    await harness.idle()
    assert harness.bot is not None
    store = harness.bot._connection._view_store
    assert not store._views and not store._synced_message_views
    timers = [task for task in asyncio.all_tasks()
              if "__timeout_task_impl" in repr(task.get_coro())]
    assert timers == []
    # The clicks still reach the bot: a hand's sort button, the table's hand button.
    assert_ok(await fake.click(player, hands[0], "rami:hand:sort:"))
    table = [m for m in fake.channel_messages(channel)
             if "rami:table:hand:" in " ".join(m.custom_ids())][-1]
    assert is_hand(assert_ok(await fake.click(bob, table, "rami:table:hand:")))
