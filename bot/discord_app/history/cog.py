"""``/rummy history [member] [variant]`` and ``/rummy replay <match> [round] [animate]``.

The history is private, a page at a time (buttons), with a menu opening one match: its
rounds and a button to its replay. A replay is private too, stepped with ⏮ ◀ ▶ ⏭; every
button's custom_id carries the match and the step, so a replay goes on after a restart
(its steps are rebuilt from the store; the replays last built are kept in memory). A
round's animation (``animate``) is public, for sharing, drawn off the event loop within
the interaction's upload limit.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.answering import Replies
from bot.discord_app.core.choices import VARIANTS, variant_names
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import loc, t
from bot.discord_app.core.pictures import draw, table_picture
from bot.discord_app.core.replies import Reply, error_reply
from bot.discord_app.core.text import escaped
from bot.discord_app.history.components import MatchMenu, PageButton, StepButton
from bot.discord_app.history.present import (
    animation_picture,
    history_page,
    match_choices,
    match_detail,
    replay_step,
    typed_match,
)
from bot.session import SessionError
from bot.session.replay import Replay, ReplayError, saved_rounds
from engine.i18n import quote

if TYPE_CHECKING:
    from bot.session.prefs import Preferences
    from data import MatchRecord, Store

KEPT_REPLAYS = 16  # replays kept built in memory (any other is rebuilt from the store)
DEFAULT_UPLOAD = 10 * 1024 * 1024  # Discord's upload limit without boosts
UPLOAD_MARGIN = 0.95  # the request's own bytes around the file
MATCH_DIGITS = 15  # a match number typed longer is no match's (ids stay far below 10^15)


class MatchHistory(Feature):
    """A player's finished matches, one match's rounds, and its replay."""

    def __init__(self, store: Store, prefs: Preferences, replies: Replies) -> None:
        self.store, self.prefs, self.replies = store, prefs, replies
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    def routes(self) -> dict[type[Routed], Route]:
        return {PageButton: self.on_page, MatchMenu: self.on_open, StepButton: self.on_step}

    # -- the history -------------------------------------------------------------------

    @app_commands.command(name=loc("bot.cmd.history"), description=loc("bot.cmd.history.desc"))
    @app_commands.rename(member=loc("bot.admin.opt.member"), variant=loc("bot.opt.variant"))
    @app_commands.describe(member=loc("bot.history.opt.member.desc"),
                           variant=loc("bot.opt.variant.desc"))
    @app_commands.choices(variant=VARIANTS)
    async def history(self, interaction: discord.Interaction,
                      member: discord.Member | None = None, variant: str | None = None) -> None:
        """A member's (by default the caller's) last finished matches, privately."""
        who = member or interaction.user
        async with self.replies.to(interaction, "history") as answer:
            answer.reply = await self._page(interaction, answer.lang, who.id,
                                            escaped(who.display_name), variant, 0)

    async def on_page(self, interaction: discord.Interaction, button: PageButton) -> None:
        async with self.replies.to(interaction, "history.page") as answer:
            self._check_owner(interaction, button.owner)
            member = interaction.guild.get_member(button.member) if interaction.guild else None
            name = escaped(member.display_name) if member else f"<@{button.member}>"
            reply = await self._page(interaction, answer.lang, button.member, name,
                                     button.variant, button.page)
            answer.reply = Reply(content=reply.content, view=reply.view, ephemeral=True,
                                 update=True) if reply.view is not None else reply

    async def _page(self, interaction: discord.Interaction, lang: str, member: int, name: str,
                    variant: str | None, page: int) -> Reply:
        names = variant_names()
        if variant is not None and variant not in names:
            return error_reply(t("bot.error.bad_variant", lang, name=quote(variant),
                                 names=", ".join(names)))
        guild = interaction.guild_id or 0
        found = await self.store.player_history(guild, member, variant=variant, page=page)
        if not found.matches:
            if found.total:
                return error_reply(t("bot.history.past_last", lang, page=page + 1,
                                     pages=found.pages))
            scope = t(f"variant.{variant}", lang) if variant else t("bot.board.all_variants",
                                                                     lang)
            return error_reply(t("bot.history.none", lang, name=name, scope=scope))
        zone = (await self.store.guild_settings(guild)).daily_timezone
        return history_page(found, name, member, variant, interaction.user.id, lang, zone)

    async def on_open(self, interaction: discord.Interaction, menu: MatchMenu) -> None:
        async with self.replies.to(interaction, "history.open") as answer:
            self._check_owner(interaction, menu.owner)
            chosen = menu.chosen(interaction) or ""
            match = await self._match(interaction, int(chosen) if chosen.isdigit() else -1)
            rounds = None
            if match.game_id is not None:
                stored = await self.store.game(match.game_id)
                rounds = saved_rounds(stored.state) if stored is not None else None
            players = rounds[0] if rounds else tuple(seat.name for seat in match.seats)
            zone = (await self.store.guild_settings(match.guild_id)).daily_timezone
            answer.reply = match_detail(match, rounds[1] if rounds else None, players,
                                        interaction.user.id, answer.lang, zone)

    # -- the replay --------------------------------------------------------------------

    async def _match_choices(self, interaction: discord.Interaction,
                             current: str) -> list[Choice[int]]:
        """The caller's latest matches matching what was typed (a match's number typed:
        that match first, whoever played it; a hint: the command checks again)."""
        typed = str(current)  # an integer option's partial input, as Discord sends it
        hinted = await self.replies.hint(interaction, self._choosable(interaction, typed))
        if hinted is None:
            return []
        (matches, zone), lang = hinted
        return match_choices(matches, typed, lang, zone)

    async def _choosable(self, interaction: discord.Interaction,
                         current: str) -> tuple[list[MatchRecord], str]:
        guild = interaction.guild_id or 0
        matches = await self.store.latest_matches(guild, interaction.user.id)
        typed = typed_match(current)
        if typed.isdecimal() and len(typed) <= MATCH_DIGITS and all(
                m.id != int(typed) for m in matches):
            found = await self.store.match(guild, int(typed))
            matches = [found, *matches] if found is not None else matches
        return matches, (await self.store.guild_settings(guild)).daily_timezone

    @app_commands.command(name=loc("bot.cmd.replay"), description=loc("bot.cmd.replay.desc"))
    @app_commands.rename(match=loc("bot.replay.opt.match"), round=loc("bot.replay.opt.round"),
                         animate=loc("bot.replay.opt.animate"))
    @app_commands.describe(match=loc("bot.replay.opt.match.desc"),
                           round=loc("bot.replay.opt.round.desc"),
                           animate=loc("bot.replay.opt.animate.desc"))
    @app_commands.autocomplete(match=_match_choices)
    async def replay(self, interaction: discord.Interaction,
                     match: app_commands.Range[int, 1], round: int = 1,
                     animate: bool = False) -> None:
        """A finished match replayed privately from its first deal, or one of its rounds
        as an animated picture for the channel (``animate``)."""
        async with self.replies.to(interaction, "replay", public=animate) as answer:
            record = await self._match(interaction, match)
            replay = await self._replay(record)
            if not animate:
                answer.reply = await self._step_reply(interaction, answer.lang, record,
                                                      replay, 0, update=False)
                return
            try:
                steps = replay.round_steps(round)
            except ValueError:
                raise SessionError("bot.replay.no_round", round=round,
                                   rounds=replay.rounds()) from None
            views = [replay.frame(number).view for number in steps]
            limit = getattr(interaction, "filesize_limit", None) or DEFAULT_UPLOAD
            theme = (await self.prefs.player(interaction.user.id)).theme
            alt = t("bot.replay.alt", answer.lang, number=record.id, round=round,
                    steps=len(views))
            try:
                picture = await draw(animation_picture, views, int(limit * UPLOAD_MARGIN),
                                     theme, answer.lang, alt)
            except ValueError:
                raise SessionError("bot.replay.too_big") from None
            title = t("bot.replay.animation", answer.lang, number=record.id, round=round)
            answer.reply = Reply(content=f"**{title}**", pictures=[picture])

    async def on_step(self, interaction: discord.Interaction, button: StepButton) -> None:
        async with self.replies.to(interaction, f"replay.{button.action}") as answer:
            self._check_owner(interaction, button.owner)
            record = await self._match(interaction, button.match_id)
            replay = await self._replay(record)
            answer.reply = await self._step_reply(
                interaction, answer.lang, record, replay, button.step,
                update=button.action != "open")

    async def _step_reply(self, interaction: discord.Interaction, lang: str,
                          record: MatchRecord, replay: Replay, step: int, *,
                          update: bool) -> Reply:
        frame = replay.frame(step)
        theme = (await self.prefs.player(interaction.user.id)).theme
        picture = await draw(table_picture, frame.view, lang, theme)
        return replay_step(record, replay, frame, interaction.user.id, lang, picture,
                           update=update)

    async def _match(self, interaction: discord.Interaction, match_id: int) -> MatchRecord:
        record = await self.store.match(interaction.guild_id or 0, match_id)
        if record is None:
            running = await self.store.active_game(interaction.channel_id or 0)
            raise SessionError("bot.replay.running_here" if running else "bot.replay.unknown",
                               number=match_id)
        return record

    async def _replay(self, record: MatchRecord) -> Replay:
        kept = self._replays.get(record.id)
        if kept is not None:
            self._replays.move_to_end(record.id)
            return kept
        stored = None if record.game_id is None else await self.store.game(record.game_id)
        if stored is None:
            raise ReplayError("bot.replay.no_game", number=record.id)
        log = await self.store.game_log(stored.id)
        replay = await asyncio.to_thread(Replay.of, stored.state, log)
        self._replays[record.id] = replay
        while len(self._replays) > KEPT_REPLAYS:
            self._replays.popitem(last=False)
        return replay

    @staticmethod
    def _check_owner(interaction: discord.Interaction, owner: int) -> None:
        if interaction.user.id != owner:
            raise SessionError("bot.history.not_yours")
