"""The Discord side of the text catalog (:mod:`engine.i18n`): command names and
descriptions are ``locale_str`` keyed by their catalog key (:func:`loc`), and
:class:`RamiTranslator` gives Discord their text in every catalog language."""

from __future__ import annotations

import discord
from discord import app_commands

from engine.i18n import SOURCE_LANGUAGE, catalog, language_of, languages, t

__all__ = ["RamiTranslator", "language_choices", "language_name", "loc", "t"]


def language_name(code: str) -> str:
    """A language's name as its own catalog writes it (``Français``)."""
    return t("language.name", code)


def language_choices() -> list[app_commands.Choice[str]]:
    """Every catalog language by its own name, then "automatic" (each player's own)."""
    return [
        *(app_commands.Choice(name=language_name(code), value=code) for code in languages()),
        app_commands.Choice(name=loc("bot.admin.choice.auto"), value="auto"),
    ]


def loc(key: str) -> app_commands.locale_str:
    """A command, option or choice name: the English text, translated by its key."""
    return app_commands.locale_str(t(key, SOURCE_LANGUAGE), key=key)


class RamiTranslator(app_commands.Translator):
    """Gives Discord the names and descriptions of the commands in every catalog language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale.value)
        if key is None or lang is None or lang == SOURCE_LANGUAGE:
            return None
        if not catalog().has(key, lang):
            return None
        return t(key, lang)
