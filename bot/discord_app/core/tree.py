"""The command tree, and the one error path of everything that fails before a handler
runs: a bad option value, a command this bot does not have (any more), one whose options
changed since the client fetched them, options Discord would never send, and a command
from outside a server. The handlers' own errors go through
:class:`~bot.discord_app.core.replies.Answer`."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord_app.core.feature import refuse_outside_guild
from bot.discord_app.core.i18n import t

log = logging.getLogger("rami.bot")

# What Discord sends as the value of each option type (subcommands carry options instead);
# a snowflake (user, channel, role…) comes as text.
_VALUE_TYPES: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 5: (bool,), 6: (str,),
                                             7: (str,), 8: (str,), 9: (str,), 10: (int, float),
                                             11: (str,)}
_LARGEST = 2**53  # Discord's integers and numbers stay within ±2^53


class MalformedOptions(app_commands.AppCommandError):
    """A command's options are not what Discord sends: a value of another type, a number
    beyond Discord's range (a forged or broken client). Answered as out of date."""


def well_formed(options: object, *, typing: bool = False) -> bool:
    """Whether a command's ``options`` (its interaction data's) have the shape and the
    value types Discord gives them. ``typing``: an autocomplete, whose numbers may come as
    the text being typed."""
    if options is None:
        return True
    if not isinstance(options, list):
        return False
    for option in options:
        if not isinstance(option, dict) or not isinstance(option.get("name"), str):
            return False
        kind, value = option.get("type"), option.get("value")
        if kind in (1, 2):
            if not well_formed(option.get("options"), typing=typing):
                return False
            continue
        accepted = _VALUE_TYPES.get(kind) if isinstance(kind, int) else None
        if accepted is None:
            return False
        if typing and kind in (4, 10) and isinstance(value, str):
            continue
        if isinstance(value, bool) is not (kind == 5) or not isinstance(value, accepted):
            return False
        if isinstance(value, int | float) and not -_LARGEST <= value <= _LARGEST:
            return False
    return True


def _focused(options: object) -> str | None:
    """The name of the option being typed in an autocomplete's (well-formed) options."""
    for option in cast("list[dict[str, object]]", options or []):
        if option.get("focused"):
            return str(option["name"])
        if (inner := _focused(option.get("options"))) is not None:
            return inner
    return None


def _suggests(command: object, name: str | None) -> bool:
    """Whether ``command`` has an option called ``name`` that offers suggestions."""
    if not isinstance(command, app_commands.Command) or name is None:
        return False
    return any(p.display_name == name and p.autocomplete for p in command.parameters)


class RamiTree(app_commands.CommandTree[Any]):
    """The command tree; its error path answers in the caller's ``language``."""

    def __init__(self, client: discord.Client,
                 language: Callable[[discord.Interaction], Awaitable[str]]) -> None:
        super().__init__(client)
        self.language = language

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Refuse, as out of date, a command whose options Discord would never send, and
        (privately) one from outside a server: the bot's commands are for servers only.

        Raises:
            MalformedOptions: an option's value is of another type or beyond range.
        """
        if interaction.guild_id is None and (
                interaction.type is discord.InteractionType.application_command):
            await refuse_outside_guild(interaction)
            return False
        data = cast("dict[str, object]", interaction.data or {})
        typing = interaction.type is discord.InteractionType.autocomplete
        if not well_formed(data.get("options"), typing=typing):
            raise MalformedOptions("options Discord would not send")
        if typing and not _suggests(interaction.command, _focused(data.get("options"))):
            raise MalformedOptions("an autocomplete for an option that has none")
        return True

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        """discord.py logs and drops what fails in an autocomplete (a focused option
        without suggestions, one it cannot find): answer it with no suggestions."""
        await super()._call(interaction)
        if (interaction.type is discord.InteractionType.autocomplete
                and not interaction.response.is_done()):
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.autocomplete([])

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        """Errors before a handler ran: a bad option value, a command this bot does not
        have (any more), or one whose options changed since the client fetched them."""
        stale = isinstance(error, app_commands.CommandNotFound
                           | app_commands.CommandSignatureMismatch | MalformedOptions)
        if stale or isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            log.info("refused command=%s error=%s", getattr(interaction.command, "name", "?"),
                     type(error).__name__)
        else:
            log.error("command failed command=%s", getattr(interaction.command, "name", "?"),
                      exc_info=error)
        if interaction.response.is_done():
            return
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])  # no hint; the command checks
            return
        try:
            lang = await self.language(interaction)
        except Exception:  # the error path must answer even when the store does not
            log.exception("language lookup failed user=%s", interaction.user.id)
            lang = "en"
        code = ("bot.error.stale" if stale else "bot.error.option" if isinstance(
            error, app_commands.TransformerError) else "bot.error.internal")
        await interaction.response.send_message(t(code, lang), ephemeral=True)


