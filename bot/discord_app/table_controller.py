"""The handlers of the lobby and the public table: open, join, start, end, the table and
score buttons, the rules, a computer seat's level.

Slash commands and the lobby and table buttons land here, so a button and its command do
exactly the same thing; every handler answers through :meth:`Service.run`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

import discord

from bot.discord_app import permissions, pictures, present
from bot.discord_app.i18n import t
from bot.discord_app.publisher import Posted
from bot.discord_app.replies import Reply
from bot.discord_app.service import or_none
from bot.discord_app.views import COMPUTER_LEVELS
from bot.session import SessionError, Snapshot
from engine.ai import level_name, read_level
from engine.variants import server_rules

if TYPE_CHECKING:
    from bot.discord_app.publisher import Publisher
    from bot.discord_app.service import Service


class TableUI:
    """The lobby's and the table's commands and buttons, on top of the shared service."""

    def __init__(self, service: Service, publisher: Publisher) -> None:
        self.service = service
        self.tables = service.tables
        self.components = service.components
        self.publisher = publisher

    # ------------------------------------------------------------------ lobby
    async def new(self, interaction: discord.Interaction, variant: str | None,
                  target: int | None) -> None:
        channel, guild = interaction.channel_id or 0, interaction.guild_id or 0
        opened: list[Snapshot] = []

        async def work(lang: str) -> Reply:
            snapshot = await self.tables.open_lobby(
                channel, guild, self.service.player(interaction), variant, target,
                parent_id=self.service.home_channel(interaction))
            opened.append(snapshot)
            return present.lobby(snapshot, lang, self.components, snapshot.rules)

        message_id = await self.service.run(interaction, "new", work, public=True)
        if opened and message_id is not None:
            lang = await self.service.language(interaction)
            await self.tables.set_ui(channel, lobby_message=message_id, lang=lang)

    async def join(self, interaction: discord.Interaction) -> None:
        step = partial(self.tables.join, interaction.channel_id or 0,
                       self.service.player(interaction))
        await self._step(interaction, "join", step, "bot.lobby.joined")

    async def leave(self, interaction: discord.Interaction) -> None:
        step = partial(self.tables.leave, interaction.channel_id or 0, interaction.user.id)
        await self._step(interaction, "leave", step, "bot.lobby.left")

    async def start(self, interaction: discord.Interaction) -> None:
        step = partial(self.tables.start, interaction.channel_id or 0, interaction.user.id,
                       is_moderator=self.service.is_moderator(interaction))
        await self._step(interaction, "start", step, "bot.lobby.started")

    async def end(self, interaction: discord.Interaction) -> None:
        step = partial(self.tables.end, interaction.channel_id or 0, interaction.user.id,
                       is_moderator=self.service.is_moderator(interaction))
        await self._step(interaction, "end", step, "bot.match.ended",
                         player=present.escaped(interaction.user.display_name))

    async def _step(self, interaction: discord.Interaction, what: str,
                    step: Callable[[], Awaitable[object]], code: str, **params: object) -> None:
        """Take a step of the table's life, then tell the caller privately (``code``)."""
        async def work(lang: str) -> Reply:
            await step()
            return Reply(content=t(code, lang, **params), ephemeral=True)

        await self.service.run(interaction, what, work)

    async def lobby_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            self.service.same_channel(interaction, channel_id)
            user = interaction.user.id
            moderator = self.service.is_moderator(interaction)
            if action == "join":
                snapshot = await self.tables.join(channel_id, self.service.player(interaction))
            elif action == "leave":
                snapshot = await self.tables.leave(channel_id, user)
                if await self.tables.snapshot(channel_id) is None:  # nobody left: closed
                    return _update(present.lobby_closed(snapshot, lang, "bot.lobby.cancelled"))
            elif action in COMPUTER_LEVELS:
                snapshot = await self.tables.add_computer(channel_id, user,
                                                          COMPUTER_LEVELS[action])
            elif action == "start":
                snapshot = await self.tables.start(channel_id, user, is_moderator=moderator)
                return _update(present.lobby_closed(snapshot, lang, "bot.lobby.started"))
            else:
                snapshot_before = await self.tables.snapshot(channel_id)
                await self.tables.cancel(channel_id, user, is_moderator=moderator)
                if snapshot_before is None:
                    raise SessionError("session.no_game")
                return _update(present.lobby_closed(snapshot_before, lang, "bot.lobby.cancelled"))
            return _update(present.lobby(snapshot, lang, self.components, snapshot.rules))

        await self.service.run(interaction, f"lobby.{action}", work)

    async def level(self, interaction: discord.Interaction, seat: int, level: str) -> None:
        """Change a computer seat's level (1-based seat as listed); the game goes on."""
        async def work(lang: str) -> Reply:
            key = read_level(level, lang)
            snapshot = await self.tables.set_level(
                interaction.channel_id or 0, interaction.user.id, seat - 1, key,
                is_moderator=self.service.is_moderator(interaction))
            return Reply(content=t("bot.level.changed", lang,
                                   name=present.seat_name(snapshot, seat - 1, lang),
                                   level=level_name(key, lang)), ephemeral=True)

        await self.service.run(interaction, "level", work)

    async def computer_choices(self, interaction: discord.Interaction,
                               current: str) -> list[discord.app_commands.Choice[int]]:
        """The computer seats of the table (a hint only; the session checks again)."""
        snapshot = await or_none(self.tables.snapshot(interaction.channel_id or 0))
        lang = await or_none(self.service.language(interaction))
        if snapshot is None or lang is None:
            return []
        return [
            discord.app_commands.Choice(
                name=f"{index}: {present.seat_title(seat, lang, markdown=False)}"[:100],
                value=index)
            for index, seat in enumerate(snapshot.seats, 1)
            if seat.is_computer and (not current or str(index).startswith(current.strip()))
        ][:25]

    # ------------------------------------------------------------------ table
    async def table(self, interaction: discord.Interaction) -> None:
        """Post the table again below, saying only what happened: posted, refused (which
        permission is missing), or still to come."""
        async def work(lang: str) -> Reply:
            snapshot = await self.service.snapshot(interaction.channel_id or 0)
            if snapshot.view is None:
                return present.lobby(snapshot, lang, self.components, snapshot.rules)
            posted = await self.publisher.repost(snapshot)
            lacking = permissions.missing(interaction)
            if posted is Posted.POSTED:
                text = t("bot.table.reposted", lang)
            elif lacking:
                text = permissions.warning(lacking, lang)
            elif posted is Posted.PENDING:
                text = t("bot.table.repost_pending", lang)
            else:
                text = t("bot.table.repost_failed", lang)
            return Reply(content=text, ephemeral=True)

        await self.service.run(interaction, "table", work, warn=False)

    async def score(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            snapshot = await self.service.snapshot(interaction.channel_id or 0)
            return await _score_sheet(snapshot, lang)

        await self.service.run(interaction, "score", work)

    async def table_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            self.service.same_channel(interaction, channel_id)
            if action == "hand":
                return await self.service.hand_reply(
                    interaction, await self.service.player_view(interaction), lang)
            if action == "score":
                return await _score_sheet(await self.service.snapshot(channel_id), lang)
            if action == "next":
                await self.tables.next_round(channel_id, interaction.user.id)
            else:
                await self.tables.rematch(channel_id, interaction.user.id)
            return Reply(view=discord.ui.View(), update=True)

        await self.service.run(interaction, f"table.{action}", work)

    async def rules(self, interaction: discord.Interaction, variant: str | None) -> None:
        async def work(lang: str) -> Reply:
            settings = await self.service.prefs.guild(interaction.guild_id or 0)
            # RuleError: no variant has that name (the message lists the known ones)
            played = server_rules(variant or settings.default_variant, settings.rule_overrides)
            return present.rules(played, lang, self.components)

        await self.service.run(interaction, "rules", work)

    async def rules_button(self, interaction: discord.Interaction, variant: str) -> None:
        async def work(lang: str) -> Reply:
            settings = await self.service.prefs.guild(interaction.guild_id or 0)
            played = server_rules(variant or settings.default_variant, settings.rule_overrides)
            return _update(present.rules(played, lang, self.components))

        await self.service.run(interaction, "rules.button", work)


async def _score_sheet(snapshot: Snapshot, lang: str) -> Reply:
    view = snapshot.view
    picture = None
    if view is not None and view.rounds:
        picture = await pictures.draw(pictures.scores_picture, view, lang)
    return present.score_sheet(snapshot, lang, picture)


def _update(reply: Reply) -> Reply:
    """``reply`` in place of the clicked message."""
    return Reply(content=reply.content, embeds=reply.embeds, pictures=reply.pictures,
                 view=reply.view, update=True)
