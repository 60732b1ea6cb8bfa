"""``/rummy settings``: moderators choose the variant and its rules, others change nothing;
idle games are archived by the bot's hourly sweep."""

from __future__ import annotations

import time
from pathlib import Path

from bot.discord_app.client import RamiBot
from bot.discord_app.fake import MANAGE_GUILD, MEMBER_PERMISSIONS, FakeDiscord, User
from data import GameStatus, GuildSettings
from tests.e2e.harness import BotHarness
from tests.e2e.test_behaviour import refused


def bot_of(harness: BotHarness) -> RamiBot:
    assert harness.bot is not None
    return harness.bot


def moderator(fake: FakeDiscord, locale: str = "en-US") -> User:
    return fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD, locale=locale)


async def test_moderator_sets_variant_and_rule_and_a_new_lobby_uses_them(
        fake: FakeDiscord, harness: BotHarness) -> None:
    bot, channel = bot_of(harness), fake.channels[0]
    mod = moderator(fake)

    chosen = await fake.slash(mod, channel, "rummy settings variant", variant="classic")
    assert chosen.reply.ephemeral
    assert "Classic rummy" in chosen.reply.text()
    ruled = await fake.slash(mod, channel, "rummy settings rule", parameter="target",
                             value="50")
    assert ruled.reply.ephemeral
    text = ruled.reply.text()
    assert "Target score (`target`) is now 50" in text
    assert "★ Target score: 50" in text  # the effective rules, the change starred
    settings = await bot.store.guild_settings(fake.guild_id)
    assert settings.default_variant == "classic"
    assert dict(settings.rule_overrides["classic"]) == {"target": 50}

    shown = await fake.slash(mod, channel, "rummy settings show")
    assert shown.reply.ephemeral and "Classic rummy (Target score: 50)" in shown.reply.text()

    # A lobby opened without a variant plays classic to 50.
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    lobby = (await fake.slash(alice, channel, "rummy new")).reply
    await fake.click(bob, lobby, "rami:lobby:join:")
    await fake.click(alice, lobby, "rami:lobby:start:")
    snapshot = await bot.tables.snapshot(channel)
    assert snapshot is not None and snapshot.variant == "classic"
    assert snapshot.rules.target == 50

    # Resetting the rule brings the standard value back.
    reset = await fake.slash(mod, channel, "rummy settings rule-reset", parameter="target")
    assert reset.reply.ephemeral and "back to its standard value" in reset.reply.text()
    assert "classic" not in (await bot.store.guild_settings(fake.guild_id)).rule_overrides


async def test_member_without_manage_server_is_refused(fake: FakeDiscord,
                                                       harness: BotHarness) -> None:
    bot, channel = bot_of(harness), fake.channels[0]
    bob = fake.add_user("bob")
    for command, options in (
        ("rummy settings variant", {"variant": "classic"}),
        ("rummy settings rule", {"parameter": "target", "value": "50"}),
        ("rummy settings timeout", {"seconds": 60}),
        ("rummy settings channels", {"action": "add"}),
        ("rummy settings show", {}),
    ):
        text = refused(await fake.slash(bob, channel, command, **options))
        assert "Manage Server" in text, command
    french = refused(await fake.slash(bob, channel, "rummy settings variant", locale="fr",
                                      variant="classic"))
    assert "Gérer le serveur" in french
    assert await bot.store.guild_settings(fake.guild_id) == GuildSettings()


async def test_invalid_rule_gets_the_engine_message_and_changes_nothing(
        fake: FakeDiscord, harness: BotHarness) -> None:
    bot, channel = bot_of(harness), fake.channels[0]
    mod, french_mod = moderator(fake), moderator(fake, locale="fr")
    await fake.slash(mod, channel, "rummy settings rule", variant="rami51",
                     parameter="target", value="500")
    said_no = await fake.slash(french_mod, channel, "rummy settings rule", variant="rami51",
                               parameter="ace_high", value="Non")
    assert "As haut, après le roi (`ace_high`) vaut maintenant non (`false`)" in (
        said_no.reply.text())
    before = await bot.store.guild_settings(fake.guild_id)
    assert dict(before.rule_overrides["rami51"]) == {"target": 500, "ace_high": False}

    text = refused(await fake.slash(mod, channel, "rummy settings rule", variant="rami51",
                                    parameter="target", value="lots"))
    assert "“lots” is not a valid value for Target score" in text
    text = refused(await fake.slash(french_mod, channel, "rummy settings rule",
                                    variant="rami51", parameter="target", value="lots"))
    assert "« lots » n'est pas une valeur valide pour Score à atteindre" in text
    text = refused(await fake.slash(mod, channel, "rummy settings rule", variant="rami51",
                                    parameter="colour", value="red"))
    assert "“colour” is not a rule parameter" in text
    # A value fine alone but impossible with the rest: 20 cards each from one deck.
    text = refused(await fake.slash(mod, channel, "rummy settings rule", variant="classic",
                                    parameter="hand_sizes", value="20"))
    assert "do not fit in a deck" in text
    # Numbers Python reads differently from people, and a parameter's bound.
    for value, said in (("²", "“²” is not a valid value for Target score"),
                        ("9" * 5000, "Target score must be between 0 and 100000 (got 999"),
                        ("25000000", "must be between 0 and 16 (got 25000000)")):
        parameter = "jokers" if value == "25000000" else "target"
        text = refused(await fake.slash(mod, channel, "rummy settings rule", variant="rami51",
                                        parameter=parameter, value=value))
        assert said in text and len(text) < 400, text
    assert await bot.store.guild_settings(fake.guild_id) == before


async def test_hand_sizes_are_typed_as_one_number_or_per_player_count(
        fake: FakeDiscord, harness: BotHarness) -> None:
    bot, channel, mod = bot_of(harness), fake.channels[0], moderator(fake)
    await fake.slash(mod, channel, "rummy settings rule", variant="rami30",
                     parameter="hand_sizes", value="2:12, 3:11, 4:9")
    settings = await bot.store.guild_settings(fake.guild_id)
    assert settings.rule_overrides["rami30"]["hand_sizes"] == "2:12, 3:11, 4:9"
    await fake.slash(mod, channel, "rummy settings rule", variant="rami30",
                     parameter="hand_sizes", value="9")
    settings = await bot.store.guild_settings(fake.guild_id)
    assert settings.rule_overrides["rami30"]["hand_sizes"] == "2:9, 3:9, 4:9"


async def test_rule_parameter_autocomplete_offers_rule_set_fields(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod = moderator(fake)
    choices = await fake.autocomplete(mod, fake.channels[0], "rummy settings rule",
                                      "parameter", parameter="open", value="")
    names = [c["value"] for c in choices]
    assert names[:2] == ["opening_minimum", "opening_minimum_two_players"]
    everything = await fake.autocomplete(mod, fake.channels[0], "rummy settings rule",
                                         "parameter", parameter="", value="")
    assert "target" in [c["value"] for c in everything] and len(everything) <= 25
    assert "name" not in [c["value"] for c in everything]


async def test_rule_value_autocomplete_offers_the_values_in_words(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod, channel = moderator(fake), fake.channels[0]
    await fake.slash(mod, channel, "rummy settings rule", parameter="target", value="500")
    swap = await fake.autocomplete(mod, channel, "rummy settings rule", "value",
                                   parameter="joker_swap", value="")
    assert [c["value"] for c in swap] == ["after_opening", "never", "complete_group"]
    assert swap[1]["name"] == "never" and swap[0]["name"] == "after opening — as now"
    target = await fake.autocomplete(mod, channel, "rummy settings rule", "value",
                                     parameter="target", value="")
    assert target[0] == {"name": "500 (a whole number from 0 to 100000) — as now",
                         "value": "500"}  # as this server plays it
    classic = await fake.autocomplete(mod, channel, "rummy settings rule", "value",
                                      parameter="ace_high", value="", variant="classic")
    assert [c["value"] for c in classic] == ["false", "true"]  # classic's ace is low
    french = moderator(fake, locale="fr")
    oui = await fake.autocomplete(french, channel, "rummy settings rule", "value",
                                  parameter="ace_high", value="ou")
    assert oui == [{"name": "oui — valeur actuelle", "value": "true"}]
    assert await fake.autocomplete(mod, channel, "rummy settings rule", "value",
                                   parameter="nothing", value="") == []
    # What is suggested is what the command takes:
    picked = await fake.slash(mod, channel, "rummy settings rule", parameter="joker_swap",
                              value=swap[1]["value"])
    assert "Joker swap" in picked.reply.text() and "never" in picked.reply.text()


async def test_language_and_channels_apply_at_once(fake: FakeDiscord,
                                                   harness: BotHarness) -> None:
    bot = bot_of(harness)
    mod, alice = moderator(fake), fake.add_user("alice")
    games_here, elsewhere = fake.channels[1], fake.channels[0]

    added = await fake.slash(mod, games_here, "rummy settings channels", action="add")
    assert added.reply.ephemeral and f"<#{games_here}>" in added.reply.text()
    assert "not allowed in this channel" in refused(await fake.slash(alice, elsewhere,
                                                                    "rummy new"))
    assert not (await fake.slash(alice, games_here, "rummy new")).reply.ephemeral

    timeout = await fake.slash(mod, games_here, "rummy settings timeout", seconds=90)
    assert timeout.reply.ephemeral and "90 s" in timeout.reply.text()
    language = await fake.slash(mod, games_here, "rummy settings language", language="fr")
    assert language.reply.ephemeral and "Langue du serveur" in language.reply.text()
    # An English client with no preference now reads the server's language, at once.
    joined = await fake.slash(fake.add_user("bob"), games_here, "rummy join")
    assert joined.reply.ephemeral and "Vous avez une place" in joined.reply.text()

    cleared = await fake.slash(mod, games_here, "rummy settings channels", action="clear")
    assert "tous les salons" in cleared.reply.text()  # the moderator reads French now
    settings = await bot.store.guild_settings(fake.guild_id)
    assert settings.allowed_channels == frozenset() and settings.turn_timeout_s == 90


async def test_idle_sweep_archives_an_idle_game(fake: FakeDiscord, harness: BotHarness) -> None:
    bot, channel = bot_of(harness), fake.channels[0]
    alice = fake.add_user("alice")
    await fake.slash(alice, channel, "rummy new")
    snapshot = await bot.tables.snapshot(channel)
    assert snapshot is not None

    sweeper = bot.idle_sweeper
    assert await sweeper.sweep() == []  # fresh: kept
    sweeper.clock = lambda: time.time() + 8 * 86_400
    assert await sweeper.sweep() == [snapshot.game_id]
    stored = await bot.store.game(snapshot.game_id)
    assert stored is not None and stored.status is GameStatus.EXPIRED
    assert await bot.tables.snapshot(channel) is None
    # The channel is free for a new game.
    assert not (await fake.slash(alice, channel, "rummy new")).reply.ephemeral


async def test_rules_and_lobbies_show_the_rules_as_this_server_plays_them(
        fake: FakeDiscord, harness: BotHarness) -> None:
    channel, mod = fake.channels[0], moderator(fake)
    await fake.slash(mod, channel, "rummy settings rule", variant="rami51",
                     parameter="opening_minimum", value="40")
    alice, zoe = fake.add_user("alice"), fake.add_user("zoé", locale="fr")

    shown = await fake.slash(alice, channel, "rummy rules", variant="51")
    assert "at least 40 points (51 points with two players)" in shown.reply.text()
    french = await fake.slash(zoe, channel, "rummy rules", variant="rami51")
    assert "au moins 40 points (51 points à deux joueurs)" in french.reply.text()
    await fake.click(alice, shown.reply, "rami:rules:rami30")  # the message is updated
    assert "at least 30 points (50 points with two players)" in shown.reply.text()
    await fake.click(alice, shown.reply, "rami:rules:rami51")
    assert "at least 40 points" in shown.reply.text()

    lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51", target=300)).reply
    assert "at least 40 points" in lobby.text() and "reaches 300 points" in lobby.text()


def _option(commands: list[dict[str, object]], *path: str) -> dict[str, object]:
    """The option at ``path`` (command, group, subcommand…, option) of the synced commands."""
    options: list[dict[str, object]] = commands
    found: dict[str, object] = {}
    for name in path:
        found = next(o for o in options if o["name"] == name)
        options = found.get("options") or []  # type: ignore[assignment]
    return found


async def test_a_turn_takes_30_seconds_at_least_and_3_days_at_most(
        fake: FakeDiscord, harness: BotHarness) -> None:
    seconds = _option(fake.guild_commands, "rummy", "settings", "timeout", "seconds")
    assert (seconds["min_value"], seconds["max_value"]) == (30, 259_200)
    mod = fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    channel = fake.channels[0]
    assert "30" in refused(await fake.slash(mod, channel, "rummy settings timeout", seconds=29))
    assert harness.bot is not None
    assert (await harness.bot.store.guild_settings(fake.guild_id)).turn_timeout_s == 300
    await fake.slash(mod, channel, "rummy settings timeout", seconds=30)
    assert (await harness.bot.store.guild_settings(fake.guild_id)).turn_timeout_s == 30


async def test_the_lobby_and_rummy_table_say_how_long_a_turn_may_take(
        fake: FakeDiscord, db_path: Path) -> None:
    timed = BotHarness(fake, db_path, turn_timeout=None)  # the server's setting decides
    await timed.start()
    try:
        channel, mod = fake.channels[0], moderator(fake)
        await fake.slash(mod, channel, "rummy settings timeout", seconds=90)
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51")).reply
        said = "A turn may take up to 1 minute and 30 seconds"
        assert said in lobby.text()
        assert said in (await fake.slash(bob, channel, "rummy table")).reply.text()
        await fake.click(bob, lobby, "rami:lobby:join:")
        await fake.click(alice, lobby, "rami:lobby:start:")
        table = await fake.slash(bob, channel, "rummy table", locale="fr")
        assert table.reply.ephemeral
        assert "Un tour peut durer jusqu’à 1 minute et 30 secondes" in table.reply.text()
    finally:
        await timed.stop()
