"""Whole matches played only through slash commands and button clicks."""

from __future__ import annotations

import pytest

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness
from tests.e2e.players import assert_hands_private, last_with, play_match


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
    pings = [m for m in fake.posted_messages(channel) if m.content.endswith("your turn.")]
    for message in fake.all_messages():
        mentions = message.allowed_mentions
        assert mentions is None or mentions.get("parse") == [], mentions
        assert mentions is None or len(mentions.get("users", [])) <= 1
    assert {str(m.allowed_mentions["users"][0]) for m in fake.channel_log + fake.followup_log
            if m.allowed_mentions and m.allowed_mentions.get("users")} <= {
                str(uid) for uid in humans}
    assert pings or rounds >= 1
