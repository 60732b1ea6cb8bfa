"""Whether the slash commands Discord holds for the application are the ones the bot
would register: the start registers them only on a difference, decided from Discord's own
list (one request), never from a file. So a fresh application, one whose commands were
deleted, or another application behind a new token gets them, and an unchanged restart
sends nothing (global registrations are rate-limited by Discord).

Discord answers a command with fields of its own (``id``, ``version``…) and with defaults
the bot leaves out (``dm_permission``, ``nsfw``, ``required: false``…), so both sides are
brought to one form first: the fields a command or option can be registered with, each
with Discord's default where it is missing.
"""

from __future__ import annotations

from typing import Any

Payload = dict[str, Any]

# The fields a command is registered with, and the value Discord gives one left out.
_COMMAND_DEFAULTS: dict[str, Any] = {
    "type": 1,
    "name": None,
    "description": "",
    "name_localizations": None,
    "description_localizations": None,
    "default_member_permissions": None,
    "dm_permission": True,
    "nsfw": False,
    "options": None,
}
# Discord fills these in from the application's settings when a command has none: they
# are compared only when the bot sets them.
_COMMAND_FILLED_IN = ("contexts", "integration_types")
_OPTION_DEFAULTS: dict[str, Any] = {
    "type": None,
    "name": None,
    "description": "",
    "name_localizations": None,
    "description_localizations": None,
    "required": False,
    "choices": None,
    "options": None,
    "channel_types": None,
    "min_value": None,
    "max_value": None,
    "min_length": None,
    "max_length": None,
    "autocomplete": False,
}
_CHOICE_DEFAULTS: dict[str, Any] = {"name": None, "name_localizations": None, "value": None}


def _normal(item: Payload, defaults: dict[str, Any]) -> Payload:
    shown = {}
    for name, default in defaults.items():
        value = item.get(name)
        if value is None or value == {} or value == []:
            value = default
        if name == "options" and value is not None:
            value = [_normal(option, _OPTION_DEFAULTS) for option in value]
        elif name == "choices" and value is not None:
            value = [_normal(choice, _CHOICE_DEFAULTS) for choice in value]
        elif name == "default_member_permissions" and value is not None:
            value = str(value)  # a bit set, sent as text, sometimes as a number
        shown[name] = value
    return shown


def _by_name(commands: list[Payload], filled_in: set[str]) -> dict[tuple[int, str], Payload]:
    keyed = {}
    for command in commands:
        normal = _normal(command, _COMMAND_DEFAULTS)
        for name in filled_in:
            normal[name] = sorted(command.get(name) or [])
        keyed[(normal["type"], normal["name"])] = normal
    return keyed


def same_commands(wanted: list[Payload], held: list[Payload]) -> bool:
    """Whether ``held`` (Discord's list, asked ``with_localizations``) registers exactly
    the commands of ``wanted`` (the bot's payload, as ``CommandTree.sync`` sends it):
    the same commands, each with the same names, descriptions, translations, options,
    choices and permissions. The order of commands does not count; that of options does
    (Discord shows them in it)."""
    filled_in = {name for name in _COMMAND_FILLED_IN
                 if any(command.get(name) is not None for command in wanted)}
    return _by_name(wanted, filled_in) == _by_name(held, filled_in)
