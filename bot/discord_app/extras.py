"""What the bot does beyond playing a hand: the settings and player commands put in the
``/rummy`` group.

:func:`install_extras` adds ``/rummy settings …``, ``prefs``, ``leaderboard``, ``stats``
and ``forget-me`` to the group and registers the persistent forget-me buttons. (The
hourly archiving of idle games is :class:`bot.session.IdleSweeper`.)
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_app.admin import SettingsGroup
from bot.discord_app.player_commands import ForgetButton, add_player_commands


def install_extras(client: discord.Client, group: app_commands.Group) -> app_commands.Group:
    """Add the settings and player commands to ``group``; returns it."""
    group.add_command(SettingsGroup())
    add_player_commands(group)
    client.add_dynamic_items(ForgetButton)
    return group
