"""The lobby and the public table on Discord: ``/rummy new``, ``join``, ``leave``,
``start``, ``end``, ``table``, ``score``, ``rules``, ``level``, and the buttons of the
lobby, the table, a round's and a match's results and the rules (:mod:`.components`).

A button and its command do exactly the same thing; every handler answers once through
the one error path. What the channel shows of each table (its messages, kept up to date
after every change) is the :class:`~bot.discord_app.table.publisher.Publisher`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core import permissions, pictures
from bot.discord_app.core.answering import (
    Replies,
    check_channel,
    home_channel,
    is_moderator,
    player,
    snapshot_of,
)
from bot.discord_app.core.choices import VARIANTS
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import loc, t
from bot.discord_app.core.replies import Reply
from bot.discord_app.core.text import (
    MAX_CHOICE_NAME,
    MAX_CHOICES,
    escaped,
    seat_name,
    seat_title,
    turn_time_line,
)
from bot.discord_app.hand import HandMessages
from bot.discord_app.table import present
from bot.discord_app.table.components import (
    LobbyAction,
    LobbyButton,
    RulesButton,
    TableAction,
    TableButton,
)
from bot.discord_app.table.publisher import Posted, Publisher
from bot.session import SessionError, Snapshot
from engine.ai import LEVELS, level_name, read_level
from engine.rules import BOUNDS
from engine.variants import server_rules

if TYPE_CHECKING:
    from bot.session import Tables
    from bot.session.prefs import Preferences

# The engine's bounds (engine.rules.BOUNDS), so Discord offers exactly what it accepts.
MOST_SEATS = BOUNDS["max_players"][1]
MOST_TARGET = BOUNDS["target"][1]
LEVEL_CHOICES = [Choice(name=loc(f"bot.level.{level}"), value=str(level)) for level in LEVELS]


class TableDesk(Feature):
    """A channel's table: its lobby, its public messages, its score sheet and rules."""

    def __init__(self, tables: Tables, prefs: Preferences, replies: Replies,
                 hands: HandMessages, publisher: Publisher) -> None:
        self.tables, self.prefs, self.replies, self.hands = tables, prefs, replies, hands
        self.publisher = publisher

    def routes(self) -> dict[type[Routed], Route]:
        return {LobbyButton: self.on_lobby_button, TableButton: self.on_table_button,
                RulesButton: self.on_rules_button}

    # ------------------------------------------------------------------ lobby
    @app_commands.command(name=loc("bot.cmd.new"), description=loc("bot.cmd.new.desc"))
    @app_commands.rename(variant=loc("bot.opt.variant"), target=loc("bot.opt.target"))
    @app_commands.describe(variant=loc("bot.opt.variant.desc"),
                           target=loc("bot.opt.target.desc"))
    @app_commands.choices(variant=VARIANTS)
    async def new(self, interaction: discord.Interaction, variant: str | None = None,
                  target: app_commands.Range[int, 0, MOST_TARGET] | None = None) -> None:
        channel, guild = interaction.channel_id or 0, interaction.guild_id or 0
        async with self.replies.to(interaction, "new", public=True) as answer:
            snapshot = await self.tables.open_lobby(
                channel, guild, player(interaction), variant, target,
                parent_id=home_channel(interaction))
            answer.reply = present.lobby(snapshot, answer.lang, snapshot.rules,
                                         await self.tables.turn_seconds(snapshot.guild_id,
                                                           snapshot.channel_id))
        if not answer.refused and answer.sent is not None and answer.reply is not None:
            sent = answer.sent.message_id
            await self.tables.set_ui(channel, lobby_message=sent, lang=answer.lang,
                                     lobby_layout=sent if answer.reply.is_layout else None)

    @app_commands.command(name=loc("bot.cmd.join"), description=loc("bot.cmd.join.desc"))
    async def join(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "join") as answer:
            await self.tables.join(interaction.channel_id or 0, player(interaction))
            answer.reply = _private(t("bot.lobby.joined", answer.lang))

    @app_commands.command(name=loc("bot.cmd.leave"), description=loc("bot.cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "leave") as answer:
            await self.tables.leave(interaction.channel_id or 0, interaction.user.id)
            answer.reply = _private(t("bot.lobby.left", answer.lang))

    @app_commands.command(name=loc("bot.cmd.start"), description=loc("bot.cmd.start.desc"))
    async def start(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "start") as answer:
            await self.tables.start(interaction.channel_id or 0, interaction.user.id,
                                    is_moderator=is_moderator(interaction))
            answer.reply = _private(t("bot.lobby.started", answer.lang))

    @app_commands.command(name=loc("bot.cmd.end"), description=loc("bot.cmd.end.desc"))
    async def end(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "end") as answer:
            await self.tables.end(interaction.channel_id or 0, interaction.user.id,
                                  is_moderator=is_moderator(interaction))
            answer.reply = _private(t("bot.match.ended", answer.lang,
                                      player=escaped(interaction.user.display_name)))

    async def on_lobby_button(self, interaction: discord.Interaction,
                              button: LobbyButton) -> None:
        channel_id, action = button.channel_id, button.action
        async with self.replies.to(interaction, f"lobby.{action}") as answer:
            check_channel(interaction, channel_id)
            user, lang = interaction.user.id, answer.lang
            moderator = is_moderator(interaction)
            # A lobby posted before layouts is edited as it is: an edit cannot add the
            # layout flag (the publisher posts it anew as a layout).
            layout = shown_as_layout(interaction.message)
            if action is LobbyAction.JOIN:
                snapshot = await self.tables.join(channel_id, player(interaction))
            elif action is LobbyAction.LEAVE:
                snapshot = await self.tables.leave(channel_id, user)
                if await self.tables.snapshot(channel_id) is None:  # nobody left: closed
                    answer.reply = _update(present.lobby_closed(
                        snapshot, lang, "bot.lobby.cancelled", layout=layout))
                    return
            elif action.level is not None:
                snapshot = await self.tables.add_computer(channel_id, user, action.level)
            elif action is LobbyAction.START:
                snapshot = await self.tables.start(channel_id, user, is_moderator=moderator)
                answer.reply = _update(present.lobby_closed(snapshot, lang,
                                                            "bot.lobby.started", layout=layout))
                return
            else:
                before = await self.tables.snapshot(channel_id)
                await self.tables.cancel(channel_id, user, is_moderator=moderator)
                if before is None:
                    raise SessionError("session.no_game")
                answer.reply = _update(present.lobby_closed(before, lang, "bot.lobby.cancelled",
                                                            layout=layout))
                return
            answer.reply = _update(present.lobby(
                snapshot, lang, snapshot.rules, await self.tables.turn_seconds(snapshot.guild_id,
                                                           snapshot.channel_id),
                layout=layout))

    # ------------------------------------------------------------------ computer seats
    async def _computer(self, interaction: discord.Interaction,
                        current: str) -> list[Choice[int]]:
        """The computer seats of the table (a hint only; the session checks again)."""
        channel = interaction.channel_id or 0
        hinted = await self.replies.hint(interaction, snapshot_of(self.tables, channel))
        if hinted is None:
            return []
        snapshot, lang = hinted
        return [
            Choice(name=f"{index}: {seat_title(seat, lang, markdown=False)}"[:MAX_CHOICE_NAME],
                   value=index)
            for index, seat in enumerate(snapshot.seats, 1)
            if seat.is_computer and (not current or str(index).startswith(current.strip()))
        ][:MAX_CHOICES]

    @app_commands.command(name=loc("bot.cmd.level"), description=loc("bot.cmd.level.desc"))
    @app_commands.rename(seat=loc("bot.opt.seat"), level=loc("bot.opt.level"))
    @app_commands.describe(seat=loc("bot.opt.seat.desc"), level=loc("bot.opt.level.desc"))
    @app_commands.autocomplete(seat=_computer)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def level(self, interaction: discord.Interaction,
                    seat: app_commands.Range[int, 1, MOST_SEATS], level: str) -> None:
        """Change a computer seat's level (1-based seat as listed); the game goes on."""
        async with self.replies.to(interaction, "level") as answer:
            key = read_level(level, answer.lang)
            snapshot = await self.tables.set_level(
                interaction.channel_id or 0, interaction.user.id, seat - 1, key,
                is_moderator=is_moderator(interaction))
            answer.reply = _private(t("bot.level.changed", answer.lang,
                                      name=seat_name(snapshot, seat - 1, answer.lang),
                                      level=level_name(key, answer.lang)))

    # ------------------------------------------------------------------ table
    @app_commands.command(name=loc("bot.cmd.table"), description=loc("bot.cmd.table.desc"))
    async def table(self, interaction: discord.Interaction) -> None:
        """Post the table again below, saying only what happened: posted, refused (which
        permission is missing), or still to come."""
        async with self.replies.to(interaction, "table", warn=False) as answer:
            lang = answer.lang
            snapshot = await snapshot_of(self.tables, interaction.channel_id or 0)
            turn_s = await self.tables.turn_seconds(snapshot.guild_id,
                                                           snapshot.channel_id)
            if snapshot.view is None:
                answer.reply = present.lobby(snapshot, lang, snapshot.rules, turn_s)
                return
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
            answer.reply = _private(f"{text}\n{turn_time_line(turn_s, lang)}")

    @app_commands.command(name=loc("bot.cmd.score"), description=loc("bot.cmd.score.desc"))
    async def score(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "score") as answer:
            snapshot = await snapshot_of(self.tables, interaction.channel_id or 0)
            answer.reply = await _score_sheet(snapshot, answer.lang,
                                              await self._text_only(interaction))

    async def _text_only(self, interaction: discord.Interaction) -> bool:
        """Whether the clicker's private messages carry no pictures."""
        return (await self.prefs.player(interaction.user.id)).text_only

    async def on_table_button(self, interaction: discord.Interaction,
                              button: TableButton) -> None:
        channel_id, action = button.channel_id, button.action
        async with self.replies.to(interaction, f"table.{action}",
                                   after=self.hands.keep) as answer:
            check_channel(interaction, channel_id)
            if action is TableAction.HAND:
                view = await self.tables.hand(channel_id, interaction.user.id)
                answer.reply = await self.hands.reply(interaction, view, answer.lang)
                return
            if action is TableAction.SCORE:
                snapshot = await snapshot_of(self.tables, channel_id)
                answer.reply = await _score_sheet(snapshot, answer.lang,
                                              await self._text_only(interaction))
                return
            if action is TableAction.NEXT:
                await self.tables.next_round(channel_id, interaction.user.id)
            else:
                await self.tables.rematch(channel_id, interaction.user.id)
            answer.reply = without_buttons(interaction.message)

    # ------------------------------------------------------------------ rules
    @app_commands.command(name=loc("bot.cmd.rules"), description=loc("bot.cmd.rules.desc"))
    @app_commands.rename(variant=loc("bot.opt.variant"))
    @app_commands.describe(variant=loc("bot.opt.variant.desc"))
    @app_commands.choices(variant=VARIANTS)
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        async with self.replies.to(interaction, "rules") as answer:
            answer.reply = await self._rules_message(interaction, variant, answer.lang)

    async def on_rules_button(self, interaction: discord.Interaction,
                              button: RulesButton) -> None:
        async with self.replies.to(interaction, "rules.button") as answer:
            # A rules message sent before layouts is edited in its own form.
            answer.reply = _update(await self._rules_message(
                interaction, button.variant, answer.lang,
                layout=shown_as_layout(interaction.message)))

    async def _rules_message(self, interaction: discord.Interaction, name: str | None,
                             lang: str, *, layout: bool = True) -> Reply:
        """A variant's rules as the caller's server plays them (its overrides; no name: the
        server's default variant).

        Raises:
            RuleError: no variant has that name (the message lists the known ones).
        """
        settings = await self.prefs.guild(interaction.guild_id or 0)
        return present.rules(
            server_rules(name or settings.default_variant, settings.rule_overrides), lang,
            layout=layout)


async def _score_sheet(snapshot: Snapshot, lang: str, text_only: bool = False) -> Reply:
    """The score sheet (its picture unless the player wants text only)."""
    view = snapshot.view
    picture = None
    if view is not None and view.rounds and not text_only:
        picture = await pictures.draw(pictures.scores_picture, view, lang)
    return present.score_sheet(snapshot, lang, picture)


def _private(text: str) -> Reply:
    return Reply(content=text, ephemeral=True)


def _update(reply: Reply) -> Reply:
    """``reply`` in place of the clicked message."""
    return replace(reply, update=True)


def without_buttons(message: discord.Message | None) -> Reply:
    """The clicked results message as it was, its buttons taken away (a layout one keeps
    its texts and picture: an edit cannot drop the flag)."""
    if message is None or not message.flags.components_v2:
        return Reply(view=discord.ui.View(), update=True)
    kept = discord.ui.LayoutView.from_message(message, timeout=None)
    for container in kept.children:
        if isinstance(container, discord.ui.Container):
            for item in list(container.children):
                if isinstance(item, discord.ui.ActionRow):
                    container.remove_item(item)
    kept.stop()
    return Reply(layout=kept, update=True)


def shown_as_layout(message: discord.Message | None) -> bool:
    """Whether a message has the layout flag (IS_COMPONENTS_V2); None: as new ones."""
    return message is None or message.flags.components_v2
