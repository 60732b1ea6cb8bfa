"""The settings and player commands: names Discord accepts, texts in both languages."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import discord
from discord import app_commands

from bot.discord_app.core import i18n
from bot.discord_app.settings.cog import RULE_PARAMETERS, parameter_choices
from engine import RuleSet
from tests.discord_app.helpers import features


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    """Every command, group, option and choice of a synced payload."""
    found = [node]
    for child in node.get("options", []) + node.get("choices", []):
        found += _walk(child)
    return found


async def test_extra_commands_have_valid_names_in_both_languages() -> None:
    group = features().command_group()
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await group.get_translated_payload(tree, i18n.RamiTranslator())
    top = {option["name"]: option for option in payload["options"]}
    assert {"settings", "prefs", "leaderboard", "stats", "forget-me"} <= set(top)
    assert top["settings"]["name_localizations"]["fr"] == "reglages"
    assert top["forget-me"]["name_localizations"]["fr"] == "oublie-moi"
    for node in _walk(payload):
        if "value" in node:  # a choice
            assert len(node["name"]) <= 100
            assert all(len(v) <= 100 for v in node.get("name_localizations", {}).values())
            continue
        for name in [node["name"], *node.get("name_localizations", {}).values()]:
            assert re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name
        for text in [node["description"], *node.get("description_localizations", {}).values()]:
            assert 1 <= len(text) <= 100, text
        assert node.get("name_localizations", {}).get("fr"), node["name"]


async def test_rule_parameters_are_the_rule_set_fields() -> None:
    editable = {f.name for f in dataclasses.fields(RuleSet)} - {"name", "kind"}
    assert set(RULE_PARAMETERS) == editable
    assert RULE_PARAMETERS[0] == "target"
    choices = await parameter_choices(None, "joker")  # type: ignore[arg-type]
    values = [c.value for c in choices]
    assert values[:2] == ["jokers", "joker_swap"]  # starting with it, common ones first
    assert values[-1] == "swapped_joker_must_be_laid"  # then containing it
    assert all("joker" in v for v in values)
