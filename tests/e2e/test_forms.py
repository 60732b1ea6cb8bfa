"""``/rummy settings show`` leads to the settings' forms: a moderator opens each topic's
form, changes values, submits; a bad value is refused and nothing saved; others refused."""

from __future__ import annotations

from bot.discord_app.fake import MEMBER_PERMISSIONS, FakeDiscord, Interaction, Message, User
from data import GuildSettings
from tests.e2e.harness import BotHarness
from tests.e2e.players import fill_form
from tests.e2e.test_admin import bot_of, moderator
from tests.e2e.test_behaviour import refused


async def settings_message(fake: FakeDiscord, mod: User) -> Message:
    shown = await fake.slash(mod, fake.channels[0], "rummy settings show")
    assert shown.reply.ephemeral
    return shown.reply


async def open_form(fake: FakeDiscord, mod: User, message: Message, custom_id: str,
                    ) -> Interaction:
    opened = await fake.click(mod, message, custom_id)
    assert opened.response_type == 9 and opened.modal is not None, opened.replies
    return opened


async def test_moderator_changes_each_topic_by_its_form(fake: FakeDiscord,
                                                        harness: BotHarness) -> None:
    bot, mod = bot_of(harness), moderator(fake)
    message = await settings_message(fake, mod)

    saved = await fill_form(fake, mod, message, "rami:setform:variant:1",
                            {"default_variant": "classic"})
    assert "Saved" in saved.reply.text() and "Classic rummy" in saved.reply.text()
    assert saved.reply.id == message.id  # the settings message shows the new values

    turns = await open_form(fake, mod, message, "rami:setform:turns:1")
    assert turns.modal is not None
    label = turns.modal["components"][0]
    assert label["type"] == 18 and label["component"]["value"] == "300"  # pre-filled
    await fake.submit(mod, turns, {"turn_timeout_s": "90"})

    await fill_form(fake, mod, message, "rami:setform:channels:1",
                    {"allowed_channels": [str(fake.channels[1])]})

    language = await open_form(fake, mod, message, "rami:setform:language:1")
    french = await fake.submit(mod, language, {"language": "fr"})
    assert "Enregistré" in french.reply.text()  # the new language answers

    settings = await bot.store.guild_settings(fake.guild_id)
    assert settings == GuildSettings(default_variant="classic", turn_timeout_s=90,
                                     language="fr",
                                     allowed_channels=frozenset({fake.channels[1]}))


async def test_rules_forms_change_only_what_was_changed(fake: FakeDiscord,
                                                        harness: BotHarness) -> None:
    bot, mod = bot_of(harness), moderator(fake)
    message = await settings_message(fake, mod)
    picked = await fake.select(mod, message, "rami:setrules", ["classic"])
    assert "Classic rummy" in picked.reply.text()
    first = await open_form(fake, mod, message, "rami:setrule:classic:1")
    assert first.modal is not None and len(first.modal["components"]) <= 5
    switches = first.modal["components"][0]["component"]
    ticked = [o["value"] for o in switches["options"] if o.get("default")]
    await fake.slash(mod, fake.channels[0], "rummy settings rule", parameter="target",
                     value="77", variant="classic")  # changed elsewhere while the form is open
    assert "ace_high" not in ticked  # classic: the ace low, any jokers in a meld
    saved = await fake.submit(mod, first, {switches["custom_id"]: [*ticked, "ace_high"],
                                           "meld_jokers": "one"})
    assert "Rules of Classic rummy saved" in saved.reply.text(), saved.reply.text()
    overrides = dict((await bot.store.guild_settings(fake.guild_id)).rule_overrides["classic"])
    assert overrides == {"target": 77, "ace_high": True, "meld_jokers": "one"}

    numbers = await open_form(fake, mod, message, "rami:setrule:classic:3")
    assert numbers.modal is not None
    field = numbers.modal["components"][0]["component"]
    answer = await fake.submit(mod, numbers, {field["custom_id"]: "lots"})
    assert "lots" in refused(answer)  # the engine's message, quoting the value
    assert answer.reply.component("rami:setrule:classic:3")["label"] == "Open the form again"
    after = dict((await bot.store.guild_settings(fake.guild_id)).rule_overrides["classic"])
    assert after == overrides


async def test_bad_value_is_refused_and_nothing_saved(fake: FakeDiscord,
                                                      harness: BotHarness) -> None:
    bot, mod = bot_of(harness), moderator(fake)
    message = await settings_message(fake, mod)
    turns = await open_form(fake, mod, message, "rami:setform:turns:1")
    answer = await fake.submit(mod, turns, {"turn_timeout_s": "5"})
    assert "turn_timeout_s must be between 30 and 259200" in refused(answer)
    # The way back to the form, rather than retyping everything in a slash command:
    assert answer.reply.component("rami:setform:turns:1")["label"] == "Open the form again"
    turns = await open_form(fake, mod, message, "rami:setform:turns:1")  # a form submits once
    text = refused(await fake.submit(mod, turns, {"turn_timeout_s": "soon"}))
    assert "whole number" in text and "soon" in text
    assert await bot.store.guild_settings(fake.guild_id) == GuildSettings()


async def test_non_moderator_is_refused_on_open_and_on_submit(fake: FakeDiscord,
                                                              harness: BotHarness) -> None:
    bot, mod = bot_of(harness), moderator(fake)
    message = await settings_message(fake, mod)
    bob = fake.add_user("bob")
    assert "Manage Server" in refused(await fake.click(bob, message, "rami:setform:turns:1"))
    assert "Manage Server" in refused(await fake.click(bob, message, "rami:setrule:rami51:1"))
    opened = await open_form(fake, mod, message, "rami:setform:turns:1")
    mod.permissions = MEMBER_PERMISSIONS  # Manage Server taken away meanwhile
    assert "Manage Server" in refused(await fake.submit(mod, opened, {"turn_timeout_s": "60"}))
    assert await bot.store.guild_settings(fake.guild_id) == GuildSettings()


async def test_two_moderators_fill_in_their_own_forms(fake: FakeDiscord,
                                                      harness: BotHarness) -> None:
    bot, first, second = bot_of(harness), moderator(fake), moderator(fake)
    mine = await open_form(fake, first, await settings_message(fake, first),
                           "rami:setform:turns:1")
    theirs = await open_form(fake, second, await settings_message(fake, second),
                             "rami:setform:language:1")
    assert mine.modal is not None and theirs.modal is not None
    assert mine.modal["custom_id"] != theirs.modal["custom_id"]
    await fake.submit(second, theirs, {"language": "fr"})
    await fake.submit(first, mine, {"turn_timeout_s": "45"})
    settings = await bot.store.guild_settings(fake.guild_id)
    assert (settings.turn_timeout_s, settings.language) == (45, "fr")


async def test_a_form_submitted_after_a_restart_is_saved(fake: FakeDiscord,
                                                          harness: BotHarness) -> None:
    mod = moderator(fake)
    message = await settings_message(fake, mod)
    opened = await open_form(fake, mod, message, "rami:setform:turns:1")
    assert opened.modal is not None
    assert not bot_of(harness)._form_open(opened.modal["custom_id"])  # held by no process
    await harness.restart()  # the bot that sent the form is gone
    saved = await fake.submit(mod, opened, {"turn_timeout_s": "45"})
    assert "Saved: Seconds a player has for a turn: 45" in saved.reply.text()
    assert saved.reply.id == message.id  # the settings message shows the new values
    assert (await bot_of(harness).store.guild_settings(fake.guild_id)).turn_timeout_s == 45


async def test_a_rules_form_submitted_after_a_restart_changes_only_what_was_changed(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod = moderator(fake)
    opened = await open_form(fake, mod, await settings_message(fake, mod),
                             "rami:setrule:rami51:2")
    await harness.restart()
    assert opened.modal is not None
    radio = opened.modal["components"][0]["component"]
    other = next(o["value"] for o in radio["options"] if not o.get("default"))
    saved = await fake.submit(mod, opened, {radio["custom_id"]: other})
    assert "Rules of Rami 51 saved" in saved.reply.text(), saved.reply.text()
    overrides = (await bot_of(harness).store.guild_settings(fake.guild_id)).rule_overrides
    assert overrides == {"rami51": {radio["custom_id"]: other}}


async def test_a_form_whose_settings_changed_meanwhile_is_refused_with_the_way_back(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod = moderator(fake)
    opened = await open_form(fake, mod, await settings_message(fake, mod),
                             "rami:setform:turns:1")
    await harness.restart()
    await fake.slash(mod, fake.channels[0], "rummy settings timeout", seconds=60)
    answer = await fake.submit(mod, opened, {"turn_timeout_s": "45"})
    text = refused(answer)
    assert "changed since this form was opened" in text and "nothing was saved" in text
    assert (await bot_of(harness).store.guild_settings(fake.guild_id)).turn_timeout_s == 60
    again = answer.reply.component("rami:setform:turns:1")
    assert again["label"] == "Open the form again"
    reopened = await open_form(fake, mod, answer.reply, "rami:setform:turns:1")
    assert reopened.modal is not None
    assert reopened.modal["components"][0]["component"]["value"] == "60"  # the values of now
    await fake.submit(mod, reopened, {"turn_timeout_s": "45"})
    assert (await bot_of(harness).store.guild_settings(fake.guild_id)).turn_timeout_s == 45


async def test_a_setting_of_another_form_changed_meanwhile_does_not_refuse(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod = moderator(fake)
    opened = await open_form(fake, mod, await settings_message(fake, mod),
                             "rami:setform:turns:1")
    await fake.slash(mod, fake.channels[0], "rummy settings language", language="fr")
    await fake.submit(mod, opened, {"turn_timeout_s": "45"})
    settings = await bot_of(harness).store.guild_settings(fake.guild_id)
    assert (settings.turn_timeout_s, settings.language) == (45, "fr")


async def test_the_refusals_of_a_form_are_french_in_french(fake: FakeDiscord,
                                                           harness: BotHarness) -> None:
    mod = moderator(fake, locale="fr")
    message = await settings_message(fake, mod)
    opened = await open_form(fake, mod, message, "rami:setform:turns:1")
    await fake.slash(mod, fake.channels[0], "rummy settings timeout", seconds=60)
    answer = await fake.submit(mod, opened, {"turn_timeout_s": "45"})
    assert "ont changé depuis l'ouverture de ce formulaire" in refused(answer)
    assert answer.reply.component("rami:setform:turns:1")["label"] == "Rouvrir le formulaire"
    opened = await open_form(fake, mod, message, "rami:setform:turns:1")
    bad = await fake.submit(mod, opened, {"turn_timeout_s": "bientôt"})
    assert "bientôt" in refused(bad)
    assert bad.reply.component("rami:setform:turns:1")["label"] == "Rouvrir le formulaire"


async def test_a_forged_form_is_answered_out_of_date(fake: FakeDiscord,
                                                     harness: BotHarness) -> None:
    mod = moderator(fake)
    opened = await open_form(fake, mod, await settings_message(fake, mod),
                             "rami:setform:turns:1")
    assert opened.modal is not None
    opened.modal["custom_id"] = "rami:form:turns:9:0123456789"  # a page that does not exist
    assert "no longer exists" in refused(await fake.submit(mod, opened, {}))
    opened.modal["custom_id"] = "rami:form:nothing:1:0123456789"  # no form of the bot's
    assert "out of date" in refused(await fake.submit(mod, opened, {}))
    assert await bot_of(harness).store.guild_settings(fake.guild_id) == GuildSettings()
