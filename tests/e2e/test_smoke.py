"""The bot logs in to the fake Discord, syncs its commands and answers interactions."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness


async def test_login_and_command_sync(fake: FakeDiscord, harness: BotHarness) -> None:
    assert fake.identifies == 1
    (group,) = fake.guild_commands
    assert group["name"] == "rummy"
    assert group["name_localizations"]["fr"] == "rami"
    subcommands = {option["name"]: option for option in group["options"]}
    assert {"new", "join", "leave", "start", "hand", "draw", "meld", "layoff", "swap",
            "discard", "table", "score", "rules", "end"} <= set(subcommands)
    assert subcommands["discard"]["name_localizations"]["fr"] == "defausser"
    assert subcommands["new"]["description_localizations"]["fr"].startswith("Ouvrir")


async def test_slash_command_round_trip_is_ephemeral(
        fake: FakeDiscord, harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    it = await fake.slash(alice, fake.channels[0], "rummy rules", variant="rami51")
    assert it.response_type == 4
    reply = it.reply
    assert reply.ephemeral
    assert "Deal: 13 cards each." in reply.text() and "at least 51 points" in reply.text()
    assert "rami:rules:classic" in reply.custom_ids()


async def test_button_click_updates_the_message(fake: FakeDiscord, harness: BotHarness) -> None:
    alice = fake.add_user("alice")
    it = await fake.slash(alice, fake.channels[0], "rummy rules")
    click = await fake.click(alice, it.reply, "rami:rules:classic")
    assert click.response_type == 7
    assert "1 deck of 52 and no jokers" in it.reply.text()


async def test_french_client_gets_french_text(fake: FakeDiscord, harness: BotHarness) -> None:
    zoe = fake.add_user("zoé", locale="fr")
    it = await fake.slash(zoe, fake.channels[0], "rummy rules", variant="rami51")
    assert "2 jeux de 52 et 4 jokers" in it.reply.text()


async def test_global_commands_are_registered_only_when_discord_holds_others(
        fake: FakeDiscord, tmp_path: Path) -> None:
    runner = BotHarness(fake, tmp_path / "rami.sqlite3", dev_guild=False)
    await runner.start()
    try:
        assert fake.command_puts == [None] and fake.global_commands
        alice = fake.add_user("alice")
        assert (await fake.slash(alice, fake.channels[0], "rummy rules")).reply.ephemeral
        await runner.restart()
        assert fake.command_puts == [None]  # Discord holds them already: not registered
        fake.commands.clear()  # deleted in the Developer Portal (or a fresh Discord)
        await runner.restart()
        assert fake.command_puts == [None, None] and fake.global_commands
        fake.switch_application()  # the token now belongs to another application
        await runner.restart()
        assert fake.command_puts == [None, None, None] and fake.global_commands
        await runner.restart()
        assert len(fake.command_puts) == 3
    finally:
        await runner.stop()
    assert not list(tmp_path.glob("*.commands"))  # decided from Discord, never from a file


async def test_a_changed_command_is_registered_again(
        fake: FakeDiscord, tmp_path: Path) -> None:
    runner = BotHarness(fake, tmp_path / "rami.sqlite3", dev_guild=False)
    await runner.start()
    try:
        (group,) = fake.global_commands
        group["options"][0]["description_localizations"]["fr"] = "Autre chose"  # older text
        await runner.restart()
        assert fake.command_puts == [None, None]
        (group,) = fake.global_commands
        assert group["options"][0]["description_localizations"]["fr"] != "Autre chose"
    finally:
        await runner.stop()


async def test_the_development_guild_is_registered_only_on_a_difference(
        fake: FakeDiscord, harness: BotHarness) -> None:
    assert fake.command_puts == [fake.guild_id]
    await harness.restart()
    assert fake.command_puts == [fake.guild_id]
