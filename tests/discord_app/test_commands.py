"""The command groups: built with the bot, their choices read at that time."""

from __future__ import annotations

import pytest
from discord import app_commands

from bot.discord_app.core import choices
from bot.discord_app.core.i18n import language_choices
from engine.variants import variant_names
from tests.discord_app.helpers import features
from tests.engine.helpers import RAMI40, registered

# (command path, option): every option whose choices are the variants.
VARIANT_OPTIONS = [(("new",), "variant"), (("rules",), "variant"), (("leaderboard",), "name"),
                   (("settings", "variant"), "name"), (("settings", "rule"), "name"),
                   (("settings", "rule-reset"), "name")]
LANGUAGE_OPTIONS = [(("prefs",), "language"), (("settings", "language"), "language")]


def _choices(group: app_commands.Group, path: tuple[str, ...], option: str) -> list[str]:
    node: object = group
    for name in path:
        assert isinstance(node, app_commands.Group)
        node = node.get_command(name)
    assert isinstance(node, app_commands.Command), path
    (parameter,) = [p for p in node.parameters if p.name == option]
    return [str(choice.value) for choice in parameter.choices]


@pytest.mark.parametrize(("path", "option"), VARIANT_OPTIONS)
def test_every_variant_choice_lists_the_engines_variants(path: tuple[str, ...],
                                                         option: str) -> None:
    assert _choices(features().command_group(), path, option) == list(variant_names())
    assert "tiles" in _choices(features().command_group(), path, option)


def test_a_variant_registered_before_the_bot_is_built_is_offered() -> None:
    before = features().command_group()
    with registered(RAMI40):
        assert choices.variant_names()[-1] == "rami40"
        after = features().command_group()
    for path, option in VARIANT_OPTIONS:
        assert _choices(after, path, option)[-1] == "rami40"
        assert "rami40" not in _choices(before, path, option)  # built earlier: unchanged


@pytest.mark.parametrize(("path", "option"), LANGUAGE_OPTIONS)
def test_the_language_choices_come_from_the_catalog(path: tuple[str, ...], option: str) -> None:
    expected = [str(choice.value) for choice in language_choices()]
    assert _choices(features().command_group(), path, option) == expected
    assert expected[-1] == "auto" and {"en", "fr"} <= set(expected)
