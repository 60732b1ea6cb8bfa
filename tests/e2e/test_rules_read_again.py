"""Issue 30's two rule parameters are changed per server like the others: the settings
show and check them, ``/rummy rules`` says them as the server plays them."""

from __future__ import annotations

from bot.discord_app.fake import FakeDiscord
from tests.e2e.harness import BotHarness
from tests.e2e.test_admin import bot_of, moderator
from tests.e2e.test_behaviour import refused


async def test_a_server_changes_both_rules_and_rules_says_them(
        fake: FakeDiscord, harness: BotHarness) -> None:
    bot, channel = bot_of(harness), fake.channels[0]
    mod, french_mod = moderator(fake), moderator(fake, locale="fr")
    alice = fake.add_user("alice")
    before = await fake.slash(alice, channel, "rummy rules", variant="rami51")
    assert "Nor may a card identical to it be discarded" in before.reply.text()

    ruled = await fake.slash(mod, channel, "rummy settings rule", variant="rami51",
                             parameter="identical_discard_ban", value="false")
    assert ruled.reply.ephemeral
    assert "★ No discarding a twin of the card taken: no" in ruled.reply.text()
    said = await fake.slash(french_mod, channel, "rummy settings rule", variant="rami51",
                            parameter="lay_off_before_opening", value="oui")
    assert "(`lay_off_before_opening`) vaut maintenant oui (`true`)" in said.reply.text()
    settings = await bot.store.guild_settings(fake.guild_id)
    assert dict(settings.rule_overrides["rami51"]) == {
        "identical_discard_ban": False, "lay_off_before_opening": True}

    after = (await fake.slash(alice, channel, "rummy rules", variant="rami51")).reply.text()
    assert "Nor may a card identical" not in after
    assert "A card identical to it (its twin from another deck, or another joker) may be" in after
    assert "before laying a meld of your own" in after

    text = refused(await fake.slash(mod, channel, "rummy settings rule", variant="classic",
                                    parameter="lay_off_before_opening", value="maybe"))
    assert "“maybe” is not a valid value for Laying off before opening" in text
    assert await bot.store.guild_settings(fake.guild_id) == settings
