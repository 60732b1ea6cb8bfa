"""Languages: preference, then a client in another language than English, then the server,
then English; and the translator of the command names."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.discord_app.core import i18n
from bot.session.prefs import player_language
from tests.discord_app.helpers import features


@pytest.mark.parametrize(("pref", "locale", "guild", "expected"), [
    ("en", "fr", "fr", "en"),
    (None, "fr", "en", "fr"),
    (None, discord.Locale.french.value, None, "fr"),
    (None, "fr-CA", "en", "fr"),
    ("de", None, "fr", "fr"),
    (None, "en-US", "fr", "fr"),
    (None, "de", None, "en"),
    (None, None, None, "en"),
])
def test_player_language(pref: str | None, locale: str | None, guild: str | None,
                         expected: str) -> None:
    assert player_language(pref, locale, guild) == expected


async def test_translator_gives_french_command_names() -> None:
    translator = i18n.RamiTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None)
    french = await translator.translate(app_commands.locale_str("discard", key="bot.cmd.discard"),
                                        discord.Locale.french, context)
    assert french == "defausser"
    assert await translator.translate(app_commands.locale_str("discard", key="bot.cmd.discard"),
                                      discord.Locale.german, context) is None


async def test_command_names_are_valid_for_discord() -> None:
    import re

    group = features().command_group()
    translator = i18n.RamiTranslator()
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await group.get_translated_payload(tree, translator)
    names = [payload["name"], *payload["name_localizations"].values()]
    for option in payload["options"]:
        names += [option["name"], *option.get("name_localizations", {}).values()]
        for sub in option.get("options", []):
            names += [sub["name"], *sub.get("name_localizations", {}).values()]
        assert len(option["description"]) <= 100
    for name in names:
        assert re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name
