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
                                        for m in fake.posted_messages(channel)))
        after = await harness.bot.tables.snapshot(channel)
        assert after is not None and after.seats[first.view.current].is_computer
        assert not after.seats[1 - first.view.current].is_computer
        settings = await harness.bot.store.guild_settings(fake.guild_id)
        assert (settings.timeout_action, settings.timeout_seat_after) == ("seat", 1)
    finally:
        await harness.stop()
        await asyncio.sleep(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_channel_has_a_time_out_of_its_own(
        fake: FakeDiscord, db_path: Path, lang: str) -> None:
    timed = BotHarness(fake, db_path, turn_timeout=None)  # the server's setting decides
    await timed.start()
    try:
        here, elsewhere = fake.channels[0], fake.channels[1]
        mod = moderator(fake, locale="fr" if lang == "fr" else "en-US")
        await fake.slash(mod, here, "rummy settings timeout", seconds=90)
        data = fake.command_data(["rummy", "settings", "timeout"], [
            {"name": "seconds", "type": 4, "value": 45},
            {"name": "channel", "type": 7, "value": str(here)}])
        data["resolved"] = {"channels": {str(here): {**fake.channel_payload(here),
                                                   "permissions": "0"}}}
        answer = await fake.command(mod, elsewhere, data)
        set_words = {"en": "now has 45 s", "fr": "a maintenant 45 s"}[lang]
        assert answer.reply.ephemeral and set_words in answer.reply.text()
        shown = await fake.slash(mod, here, "rummy settings show")
        assert f"<#{here}> 45 s" in shown.reply.text()
        alice = fake.add_user("alice")
        lobby = (await fake.slash(alice, here, "rummy new", variant="rami51")).reply
        assert "A turn may take up to 45 seconds" in lobby.text()
        other = (await fake.slash(alice, elsewhere, "rummy new", variant="rami51")).reply
        assert "A turn may take up to 1 minute and 30 seconds" in other.text()
        # Its own time-out and a server-wide setting at once: refused, nothing changed.
        mixed = fake.command_data(["rummy", "settings", "timeout"], [
            {"name": "action", "type": 3, "value": "skip"},
            {"name": "channel", "type": 7, "value": str(here)}])
        mixed["resolved"] = data["resolved"]
        refusal = {"en": "is the server's", "fr": "pour tout le serveur"}[lang]
        assert refusal in refused(await fake.command(mod, elsewhere, mixed))
        assert timed.bot is not None
        settings = await timed.bot.store.guild_settings(fake.guild_id)
        assert settings.timeout_action == "play" and dict(settings.channel_timeouts) == {
            here: 45}
    finally:
        await timed.stop()
        await asyncio.sleep(0)
