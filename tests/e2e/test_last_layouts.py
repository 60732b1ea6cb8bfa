"""The last embeds become layouts (issue 25): a daily try, ``/rummy rules``, ``/rummy
settings show`` and the score sheet are layout messages (the fake checks their components,
limits and the flag rule), with alt text on every picture in the reader's language; a
message sent before layouts is still edited in its own form (an edit cannot add the flag).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord_app.core.replies import Reply
from bot.discord_app.daily import present as daily_present
from bot.discord_app.fake import FakeDiscord, Message
from tests.data.helpers import Clock
from tests.e2e.harness import BotHarness
from tests.session.daily.helpers import at


@pytest.fixture
def clock() -> Clock:
    return Clock(at(2026, 3, 3, 12))


def assert_layout_with_pictures(message: Message, *names: str) -> list[str]:
    """``message`` is a private layout showing the pictures ``names`` (attached), each
    with alt text; returns the alt texts."""
    assert message.is_layout and message.ephemeral
    assert not message.content and not message.embeds
    assert message.components[0]["type"] == 17  # one container
    shown = message.pictures()
    assert [url for url, _ in shown] == [f"attachment://{name}" for name in names]
    assert sorted(a.filename for a in message.attachments) == sorted(names)
    alts = [alt or "" for _, alt in shown]
    assert all(alts)
    return alts


# ---------------------------------------------------------------------- a daily try
@pytest.mark.parametrize(("locale", "words"), [
    ("en-US", ("Daily championship", "Your hand", "round 1", "CPU 1")),
    ("fr", ("Championnat du 3 mars", "Votre main", "manche 1", "Ordi 1")),
])
async def test_a_try_is_a_layout_with_the_hand_and_the_table(
        fake: FakeDiscord, harness: BotHarness, clock: Clock, locale: str,
        words: tuple[str, ...]) -> None:
    player, channel = fake.add_user("zoé", locale=locale), fake.channels[0]
    it = await fake.slash(player, channel, "rummy daily play", locale=locale)
    try_message = it.reply
    alts = assert_layout_with_pictures(try_message, "hand.png", "table.png")
    assert all(word in try_message.text() for word in words), try_message.text()
    english = "en" in locale
    assert all(("card" in alt) is english for alt in alts), alts  # the reader's language
    assert any(i.startswith("rami:dpick:a:") for i in try_message.custom_ids())

    # A pick edits it without drawing again: the pictures stay, referenced by name.
    first = try_message.component("rami:dpick:a:")["options"][0]["value"]
    picked = await fake.select(player, try_message, "rami:dpick:a:", [first])
    assert picked.response_type == 7
    assert assert_layout_with_pictures(try_message, "hand.png", "table.png") == alts
    drew = await fake.click(player, try_message, "rami:daily:draw:")
    assert drew.response_type == 7 and try_message.is_layout
    assert_layout_with_pictures(try_message, "hand.png", "table.png")


async def test_a_try_sent_before_layouts_is_edited_in_its_own_form(
        fake: FakeDiscord, harness: BotHarness, clock: Clock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown = daily_present.try_message

    def as_before(*args: Any, **options: Any) -> Reply:  # the bot before the upgrade
        return shown(*args, **{**options, "layout": False})

    monkeypatch.setattr(daily_present, "try_message", as_before)
    player, channel = fake.add_user("alice"), fake.channels[0]
    old = (await fake.slash(player, channel, "rummy daily play")).reply
    assert not old.is_layout and old.embeds and old.content
    monkeypatch.undo()

    drew = await fake.click(player, old, "rami:daily:draw:")
    assert drew.response_type == 7 and not old.is_layout  # edited in its own form
    assert "You drew" in old.text() and old.embeds
    assert not any(p.get("flags", 0) & (1 << 15) for p in old.payloads)
    again = (await fake.slash(player, channel, "rummy daily play")).reply
    assert again.is_layout and again is not old  # a new message is a layout


async def test_a_try_in_text_only_has_no_pictures(fake: FakeDiscord, harness: BotHarness,
                                                 clock: Clock) -> None:
    player, channel = fake.add_user("alice"), fake.channels[0]
    await fake.slash(player, channel, "rummy prefs", **{"text-only": True})
    it = await fake.slash(player, channel, "rummy daily play")
    assert it.reply.is_layout and not it.reply.attachments and not it.reply.pictures()
    assert "`1`" in it.reply.text()  # the hand in words, numbered as the menus


# ---------------------------------------------------------------------- /rummy rules
@pytest.mark.parametrize(("locale", "title", "line"), [
    ("en-US", "### Rami 51", "Deal: 13 cards each."),
    ("fr", "### Rami 51", "Distribution : 13 cartes chacun."),
])
async def test_the_rules_are_a_layout_with_a_text_per_topic(
        fake: FakeDiscord, harness: BotHarness, locale: str, title: str, line: str) -> None:
    player = fake.add_user("zoé", locale=locale)
    shown = (await fake.slash(player, fake.channels[0], "rummy rules", variant="rami51",
                              locale=locale)).reply
    assert shown.is_layout and shown.ephemeral and not shown.embeds and not shown.content
    texts = [c["content"] for c in shown.all_components() if c["type"] == 10]
    assert texts[0] == title and line in texts and len(texts) > 10  # a text per topic
    assert "rami:rules:classic" in shown.custom_ids()
    clicked = await fake.click(player, shown, "rami:rules:classic", locale=locale)
    assert clicked.response_type == 7 and shown.is_layout  # updated in place
    assert shown.text().startswith("### ") and "Rami 51" not in shown.text().split("\n")[0]


async def test_a_rules_message_sent_before_layouts_is_edited_in_its_own_form(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord_app.table import present as table_present

    shown = table_present.rules
    monkeypatch.setattr(table_present, "rules",  # the bot before the upgrade
                        lambda played, lang, layout=True: shown(played, lang, layout=False))
    player = fake.add_user("alice")
    old = (await fake.slash(player, fake.channels[0], "rummy rules")).reply
    assert not old.is_layout and old.embeds
    monkeypatch.undo()
    clicked = await fake.click(player, old, "rami:rules:classic")
    assert clicked.response_type == 7 and not old.is_layout and old.embeds
    assert old.embeds[0]["title"] == "Classic rummy"  # the rules of the variant clicked


# ---------------------------------------------------------------------- the score sheet
async def test_the_score_sheet_is_a_layout_with_its_picture_in_the_readers_language(
        fake: FakeDiscord, harness: BotHarness) -> None:
    from tests.e2e.players import play_match

    channel = fake.channels[2]
    await play_match(fake, harness, "rami30", 1, channel)
    await harness.idle()
    alice = next(u for u in fake.users.values() if u.name == "alice")
    sheet = (await fake.slash(alice, channel, "rummy score")).reply
    (alt,) = assert_layout_with_pictures(sheet, "scores.png")
    assert sheet.text().startswith("### Score sheet") and "```" in sheet.text()
    french = (await fake.slash(alice, channel, "rummy score", locale="fr")).reply
    (alt_fr,) = assert_layout_with_pictures(french, "scores.png")
    assert french.text().startswith("### Feuille de marque") and alt_fr != alt

    await fake.slash(alice, channel, "rummy prefs", **{"text-only": True})
    words = (await fake.slash(alice, channel, "rummy score")).reply
    assert words.is_layout and not words.attachments and not words.pictures()
    assert "```" in words.text() and "alice" in words.text()


# ---------------------------------------------------------------------- /rummy settings show
def moderator(fake: FakeDiscord, locale: str = "en-US") -> Any:
    from bot.discord_app.fake import MANAGE_GUILD, MEMBER_PERMISSIONS

    return fake.add_user("mod", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD, locale=locale)


@pytest.mark.parametrize(("locale", "title", "legend"), [
    ("en-US", "**Rules of Rami 51 on this server**", "-# ★ changed on this server"),
    ("fr", "**Règles de Rami 51 sur ce serveur**", "-# ★ modifié sur ce serveur"),
])
async def test_the_settings_are_a_layout_with_the_forms_buttons(
        fake: FakeDiscord, harness: BotHarness, locale: str, title: str,
        legend: str) -> None:
    mod = moderator(fake, locale)
    shown = (await fake.slash(mod, fake.channels[0], "rummy settings show",
                              locale=locale)).reply
    assert shown.is_layout and shown.ephemeral and not shown.embeds and not shown.content
    texts = [c["content"] for c in shown.all_components() if c["type"] == 10]
    assert title in texts and legend in texts, texts
    ids = shown.custom_ids()
    assert "rami:setform:turns:1" in ids and "rami:setrules" in ids
    assert any(i.startswith("rami:setrule:rami51:") for i in ids)
    picked = await fake.select(mod, shown, "rami:setrules", ["classic"])
    assert picked.response_type == 7 and shown.is_layout
    assert any(i.startswith("rami:setrule:classic:") for i in shown.custom_ids())


async def test_a_rule_changed_by_its_subcommand_is_answered_with_a_layout(
        fake: FakeDiscord, harness: BotHarness) -> None:
    mod = moderator(fake)
    answer = (await fake.slash(mod, fake.channels[0], "rummy settings rule",
                               parameter="target", value="300")).reply
    assert answer.is_layout and answer.ephemeral and not answer.embeds
    assert "Target score (`target`) is now 300" in answer.text()
    assert "★ Target score: 300" in answer.text()


async def test_a_settings_message_sent_before_layouts_is_edited_in_its_own_form(
        fake: FakeDiscord, harness: BotHarness, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord_app.settings.cog import ServerSettings

    shown = ServerSettings._settings_reply

    def as_before(self: ServerSettings, *args: Any, **options: Any) -> Reply:
        import discord

        class Old:  # a message without the flag: the reply as sent before layouts
            flags = discord.MessageFlags()

        return shown(self, *args, **{**options, "update": True, "clicked": Old()})

    monkeypatch.setattr(ServerSettings, "_settings_reply", as_before)
    mod = moderator(fake)
    old = (await fake.slash(mod, fake.channels[0], "rummy settings show")).reply
    assert not old.is_layout and old.embeds and old.content
    monkeypatch.undo()
    picked = await fake.select(mod, old, "rami:setrules", ["classic"])
    assert picked.response_type == 7 and not old.is_layout and old.embeds
    assert "Classic rummy" in old.embeds[0]["title"]
