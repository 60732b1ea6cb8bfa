"""How every feature answers: in the player's language, through one error path, with the
permission warning when the channel's table cannot be shown; and the checks a click on a
game's component passes first.

:class:`Replies` is built once per bot and given to every feature; a handler reads::

    async with self.replies.to(interaction, "hand.discard") as answer:
        check_channel(interaction, button.channel_id)
        view = await self.tables.act(...)
        answer.reply = …

(:class:`~bot.discord_app.core.replies.Answer` sends the reply, or the refusal, on leaving.)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.discord_app.core import permissions
from bot.discord_app.core.followups import Followups
from bot.discord_app.core.replies import Answer, AnswerObserver
from bot.session import Player, SessionError

if TYPE_CHECKING:
    from bot.session import Snapshot, Tables
    from bot.session.prefs import Preferences

log = logging.getLogger("rami.bot")
T = TypeVar("T")


class Replies:
    """Answering interactions for every feature of one bot."""

    def __init__(self, tables: Tables, prefs: Preferences, *,
                 on_answer: AnswerObserver | None = None,
                 followups: Followups | None = None) -> None:
        self.tables = tables
        self.prefs = prefs
        self.on_answer = on_answer
        # The channels' answered interactions, whose tokens carry the publisher's pings.
        self.followups = followups if followups is not None else Followups()

    async def language(self, interaction: discord.Interaction) -> str:
        """The language of the reply (:func:`bot.session.prefs.player_language`)."""
        return await self.prefs.language(interaction.user.id, interaction.locale.value,
                                         interaction.guild_id)

    def to(self, interaction: discord.Interaction, what: str, *, public: bool = False,
           warn: bool = True,
           after: Callable[[Answer], Awaitable[None]] | None = None) -> Answer:
        """Answer ``interaction`` (see :class:`Answer`). When the channel has a table the
        bot may not show (a permission missing), the caller is also told privately,
        unless ``warn`` is False (the reply says it already); ``after`` runs once the
        reply is sent."""
        async def then(answer: Answer) -> None:
            if warn:
                await self.warn_permissions(interaction, answer.lang)
            if after is not None:
                await after(answer)

        answer = Answer(interaction, what, self.language, public=public, after=then,
                        observe=self.on_answer)
        self.followups.note(answer)
        return answer

    async def hint(self, interaction: discord.Interaction,
                   lookup: Awaitable[T]) -> tuple[T, str] | None:
        """What ``lookup`` finds and the caller's language, for an autocomplete: None
        when either cannot be had (a hint that cannot be given is no error; the command
        checks everything again)."""
        found = await or_none(lookup)
        lang = await or_none(self.language(interaction))
        return None if found is None or lang is None else (found, lang)

    async def warn_permissions(self, interaction: discord.Interaction, lang: str) -> None:
        """Tell the caller privately which permission keeps the bot from showing the
        channel's table (nothing when it lacks none, or when there is no table)."""
        lacking = permissions.missing(interaction)
        if not lacking or await self.tables.snapshot(interaction.channel_id or 0) is None:
            return
        try:
            await interaction.followup.send(permissions.warning(lacking, lang), ephemeral=True)
        except discord.HTTPException as error:
            log.info("permission warning not sent user=%s error=%s", interaction.user.id,
                     type(error).__name__)


def player(interaction: discord.Interaction) -> Player:
    """The caller as the session layer knows players."""
    return Player(interaction.user.id, interaction.user.display_name)


def is_moderator(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def check_channel(interaction: discord.Interaction, channel_id: int) -> None:
    """Check that a component is used in the channel of its game.

    Raises:
        SessionError: the component names another channel's game.
    """
    if interaction.channel_id != channel_id and not in_direct_message(interaction):
        raise SessionError("session.no_game")


def in_direct_message(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from the bot's DM with the caller, where a hand
    shown by a notification names its table's channel (issue 27)."""
    return interaction.guild_id is None and isinstance(interaction.channel, discord.DMChannel)


def check_owner(interaction: discord.Interaction, owner: int | None) -> None:
    """Check that the hand message a click or a pick came from is the caller's
    (``owner``: whose hand it shows, as its components say; None: they do not say).

    Raises:
        SessionError: ``bot.error.not_yours``, someone else's hand message.
    """
    if owner is not None and owner != interaction.user.id:
        raise SessionError("bot.error.not_yours")


def home_channel(interaction: discord.Interaction) -> int | None:
    """The channel a thread belongs to (None outside a thread): for the server's channel
    restriction, a thread counts as its parent channel."""
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else None


async def snapshot_of(tables: Tables, channel_id: int) -> Snapshot:
    """The channel's table (its lobby, or its game).

    Raises:
        SessionError: no table here.
    """
    snapshot = await tables.snapshot(channel_id)
    if snapshot is None:
        raise SessionError("session.no_game")
    return snapshot


async def or_none(lookup: Awaitable[T]) -> T | None:
    """What ``lookup`` finds, or None when it fails: an autocomplete offers hints only (the
    command checks everything again), and a hint that cannot be given is no error."""
    try:
        return await lookup
    except Exception:
        return None
