"""The choices the commands offer, read when the bot is built (not when it is imported).

The variants come from the engine's list, so a variant registered before the bot starts
is offered by ``/rummy new``, ``rules``, ``leaderboard`` and ``settings`` alike.
"""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.i18n import loc
from engine import variants

# A command made when its group is built, so that its choices are those of that time.
BuiltCommand = app_commands.Command[app_commands.Group, ..., None]


def variant_names() -> tuple[str, ...]:
    """The names of the variants a table can be opened with, in the engine's order."""
    return variants.variant_names()


def variant_choices() -> list[Choice[str]]:
    """Every variant by its name in the catalog (``variant.<name>``)."""
    return [Choice(name=loc(f"variant.{name}"), value=name) for name in variant_names()]
