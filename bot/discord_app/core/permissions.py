"""What the bot must be allowed in a channel to show a game there, and telling the person
acting when it is not.

A table lives in public messages the bot posts and edits: the lobby, the table with its
picture (an attachment a layout shows; Discord still asks ``embed_links`` of it), the turn
reminders and the results. Without one of
:data:`NEEDED` they cannot appear, while the interactions themselves still work (their
answers need no channel permission). Every interaction carries the bot's permissions in
its channel (``app_permissions``), so the bot says at once which one is missing instead
of failing silently later.
"""

from __future__ import annotations

import discord

from bot.discord_app.core.i18n import t

# The permission names (discord.Permissions attributes) a table needs, in the order the
# message lists them; in a thread, sending is its own permission.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files")
IN_THREADS = {"send_messages": "send_messages_in_threads"}


def missing(interaction: discord.Interaction) -> list[str]:
    """The permissions a table needs that the bot lacks in the interaction's channel
    (none outside a server, where no table is played)."""
    if interaction.guild_id is None:
        return []
    granted = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    names = [IN_THREADS.get(name, name) if in_thread else name for name in NEEDED]
    return [name for name in names if not getattr(granted, name)]


def warning(names: list[str], lang: str) -> str:
    """The private message saying which permissions the bot lacks, and what to do."""
    listed = ", ".join(t(f"bot.permission.{name}", lang) for name in names)
    return t("bot.permission.missing", lang, count=len(names), permissions=listed)
