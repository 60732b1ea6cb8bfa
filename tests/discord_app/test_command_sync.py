"""The start registers the slash commands only when Discord holds others: the comparison
of the bot's payload with Discord's list, which carries ids and defaults of its own."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.discord_app.command_sync import same_commands

WANTED: list[dict[str, Any]] = [{
    "name": "rummy", "description": "Play rummy", "type": 1,
    "name_localizations": {"fr": "rami"},
    "description_localizations": {"fr": "Jouer au rami"},
    "options": [{
        "type": 1, "name": "new", "description": "Open a lobby",
        "name_localizations": {"fr": "nouvelle"},
        "description_localizations": {"fr": "Ouvrir un salon"},
        "options": [
            {"type": 3, "name": "variant", "description": "Variant", "required": False,
             "choices": [{"name": "Classic", "value": "classic",
                          "name_localizations": {"fr": "Classique"}}]},
            {"type": 4, "name": "target", "description": "Target", "required": True,
             "min_value": 1, "max_value": 1000},
        ],
    }],
    "nsfw": False, "dm_permission": False, "default_member_permissions": None,
}]


def as_discord_lists_it(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What Discord answers for ``commands``: ids, a version, defaults filled in, options
    that are not required without ``required``, commands in another order."""
    held = copy.deepcopy(commands)
    for number, command in enumerate(held):
        command.update(id=str(900 + number), application_id="42", version="7",
                       integration_types=command.get("integration_types") or [0],
                       contexts=command.get("contexts"))
        for sub in command.get("options", []):
            for option in sub.get("options", []):
                if option.get("required") is False:
                    del option["required"]
    return held[::-1]


def test_the_same_commands_as_discord_lists_them() -> None:
    assert same_commands(WANTED, as_discord_lists_it(WANTED))


def test_two_commands_in_another_order_are_the_same() -> None:
    other = {"name": "ping", "description": "Ping", "type": 1}
    assert same_commands([*WANTED, other], as_discord_lists_it([other, *WANTED]))


def change(path: str, value: Any) -> list[dict[str, Any]]:
    held = as_discord_lists_it(WANTED)
    target: Any = held[0]
    *steps, last = path.split(".")
    for step in steps:
        target = target[int(step)] if step.isdigit() else target[step]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return held


@pytest.mark.parametrize(("path", "value"), [
    ("description_localizations", {"fr": "Jouer"}),  # a translation changed
    ("name_localizations", KeyError),  # translations missing
    ("options.0.options.0.choices", []),  # a choice removed
    ("options.0.options.1.required", False),  # an option no longer required
    ("options.0.options.1.max_value", 100),
    ("options.0.options", []),  # options removed
    ("dm_permission", True),
    ("default_member_permissions", "32"),
    ("options.0.options.1.autocomplete", True),
])
def test_any_difference_that_discord_would_show_counts(path: str, value: Any) -> None:
    assert not same_commands(WANTED, change(path, value))


def test_options_in_another_order_differ() -> None:
    held = as_discord_lists_it(WANTED)
    held[0]["options"][0]["options"].reverse()
    assert not same_commands(WANTED, held)


def test_a_command_missing_or_extra_differs() -> None:
    assert not same_commands(WANTED, [])
    assert not same_commands([], as_discord_lists_it(WANTED))
    extra = {"name": "ping", "description": "Ping", "type": 1}
    assert not same_commands(WANTED, as_discord_lists_it([*WANTED, extra]))


def test_contexts_count_only_when_the_bot_sets_them() -> None:
    wanted = [{**WANTED[0], "contexts": [0, 1]}]
    assert not same_commands(wanted, as_discord_lists_it(WANTED))  # Discord has null
    assert same_commands(wanted, as_discord_lists_it(wanted))
