"""What a turn that times out does (issue 27), as a moderator sets it and a channel reads
it, in English and in French: ``/rummy settings timeout action:seat in_a_row:1`` gives
the seat of a player whose turn timed out to a computer, and the channel says so."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness
from tests.e2e.test_admin import moderator
from tests.e2e.test_behaviour import refused

WORDS = {
    "en": ("after 1 time-out in a row the computer keeps the seat",
           "let too many turns time out in a row"),
    "fr": ("après 1 délai dépassé de suite, l'ordinateur garde la place",
           "a laissé passer trop de tours de suite"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_seat_whose_turn_timed_out_goes_to_a_computer(
        fake: FakeDiscord, db_path: Path, lang: str) -> None:
    harness = BotHarness(fake, db_path, turn_timeout=3600)  # played by the test, not the poller
    await harness.start()
    try:
        channel, mod = fake.channels[0], moderator(fake)
        if lang == "fr":
            await fake.slash(mod, channel, "rummy settings language", language="fr")
        said, told = WORDS[lang]
        assert "1" in refused(await fake.slash(mod, channel, "rummy settings timeout"))
        answer = await fake.slash(mod, channel, "rummy settings timeout", action="seat",
                                  in_a_row=1)
        assert answer.reply.ephemeral and said in answer.reply.text()
        shown = await fake.slash(mod, channel, "rummy settings show")
        assert said in shown.reply.text()
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        lobby = (await fake.slash(alice, channel, "rummy new", variant="classic")).reply
        await fake.click(bob, lobby, "rami:lobby:join:")
        await fake.click(alice, lobby, "rami:lobby:start:")
        await harness.idle()
        assert harness.bot is not None
        first = await harness.bot.tables.snapshot(channel)
        assert first is not None and first.view is not None
        assert first.deadline is not None
        assert await harness.bot.tables.play_overdue(first.deadline) == [channel]
        await fake.wait_for(lambda: any(told in m.text()
                                        for m in fake.channel_messages(channel)))
        after = await harness.bot.tables.snapshot(channel)
        assert after is not None and after.seats[first.view.current].is_computer
        assert not after.seats[1 - first.view.current].is_computer
        settings = await harness.bot.store.guild_settings(fake.guild_id)
        assert (settings.timeout_action, settings.timeout_seat_after) == ("seat", 1)
    finally:
        await harness.stop()
        await asyncio.sleep(0)
