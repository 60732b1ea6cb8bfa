"""Whole matches played only through slash commands and button clicks."""

from __future__ import annotations

import pytest

from bot.discord_app.fake import FakeDiscord, Message
from bot.session import Status
from tests.e2e.harness import BotHarness
from tests.e2e.players import Human, assert_hands_private, wait_for_turn


def last_with(fake: FakeDiscord, channel: int, custom_id: str) -> Message:
    for message in reversed(fake.channel_messages(channel)):
        if any(c.startswith(custom_id) for c in message.custom_ids()):
            return message
    raise AssertionError(f"no message with {custom_id}")


async def play_match(fake: FakeDiscord, harness: BotHarness, variant: str, target: int,
                     channel: int) -> tuple[int, dict[int, Human]]:
    assert harness.bot is not None
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    it = await fake.slash(alice, channel, "rummy new", variant=variant, target=target)
    lobby = it.reply
    assert not lobby.ephemeral
    assert (await fake.click(bob, lobby, "rami:lobby:join:")).response_type == 7
    assert (await fake.click(alice, lobby, "rami:lobby:ai:")).response_type == 7
    assert "bob" in lobby.text() or f"<@{bob.id}>" in lobby.text()
    assert (await fake.click(alice, lobby, "rami:lobby:start:")).response_type == 7
    humans = {
        alice.id: Human(fake, harness, alice, channel, "slash", seed=1),
        bob.id: Human(fake, harness, bob, channel, "buttons", seed=2),
    }
    rounds = 1
    while True:
        human = await wait_for_turn(harness, channel, humans)
        if human is not None:
            await human.play_turn()
            continue
        await harness.idle()
        snapshot = await harness.bot.tables.snapshot(channel)
        assert snapshot is not None
        if snapshot.status is Status.MATCH_OVER:
            break
        next_round = last_with(fake, channel, "rami:table:next:")
        assert "Round" in next_round.text()
        await fake.click(bob, next_round, "rami:table:next:")
        rounds += 1
    return rounds, humans


@pytest.mark.parametrize(("variant", "target", "rounds_at_least"), [
    ("classic", 1, 1), ("rami51", 100, 2), ("rami30", 1, 1), ("gameduell", 1, 1),
])
async def test_whole_match(fake: FakeDiscord, harness: BotHarness, variant: str,
                           target: int, rounds_at_least: int) -> None:
    channel = fake.channels[0]
    rounds, humans = await play_match(fake, harness, variant, target, channel)
    assert rounds >= rounds_at_least
    await harness.idle()
    assert all(h.actions > 0 for h in humans.values())
    ranking = last_with(fake, channel, "rami:table:rematch:")
    assert "wins" in ranking.text()
    assert assert_hands_private(fake) > 0
    pings = [m for m in fake.channel_messages(channel) if m.content.endswith("your turn.")]
    for message in fake.all_messages():
        mentions = message.allowed_mentions
        assert mentions is None or mentions.get("parse") == [], mentions
        assert mentions is None or len(mentions.get("users", [])) <= 1
    assert {str(m.allowed_mentions["users"][0]) for m in fake.channel_log
            if m.allowed_mentions and m.allowed_mentions.get("users")} <= {
                str(uid) for uid in humans}
    assert pings or rounds >= 1
