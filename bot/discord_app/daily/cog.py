"""The daily championship on Discord: ``/rummy daily play``, ``ranking [day]`` and
``settings`` (``/rami quotidien …``), and the buttons and menus of a try
(:mod:`.components`).

``play`` starts or continues the caller's try (privately), ``ranking [day]`` shows a day's
ranking to those who played, ``settings`` lets moderators choose the variant (card
variants only), the computers, the close and its time zone, and the channel of the final
rankings. A try is played in one private message, edited in place at every click: the
hand's menus and buttons (named after the try, so a click on an older try's message is
refused), the table, and what the computers answered. Everything is the session's
(:class:`bot.session.daily.Daily`); the day's close is posted by :mod:`.poster`.
"""

from __future__ import annotations

import dataclasses
import functools
import zoneinfo
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core import pictures
from bot.discord_app.core.answering import Replies, player
from bot.discord_app.core.choices import CARD_VARIANTS
from bot.discord_app.core.components import selection_of
from bot.discord_app.core.feature import Feature, Route, Routed
from bot.discord_app.core.i18n import loc, t
from bot.discord_app.core.replies import Reply, error_reply
from bot.discord_app.core.text import MAX_CHOICES
from bot.discord_app.daily import present
from bot.discord_app.daily.components import TryButton, TryEnd, TryPick
from bot.discord_app.hand.present import action_note
from bot.session.card_clicks import HandAction, click_action, cycle_sort
from bot.session.daily import DAILY_LEVELS, Daily, DayRanking, TryState, check_settings, read_close
from engine.variants import variant

if TYPE_CHECKING:
    from bot.session.prefs import Preferences

LEVEL_CHOICES = [Choice(name=loc(f"bot.level.{level}"), value=level) for level in DAILY_LEVELS]
MAX_OPPONENTS = 5  # the store's bound; each variant's own is checked when saving


@functools.cache
def _zones() -> tuple[str, ...]:
    """The system's time zones, sorted (read once: it scans the zone database)."""
    return tuple(sorted(zoneinfo.available_timezones()))


class Championship(Feature):
    """The daily championship's commands (the ``/rummy daily`` group) and a try's
    components."""

    daily = app_commands.Group(name=loc("bot.cmd.daily"), description=loc("bot.cmd.daily.desc"))

    def __init__(self, championship: Daily, prefs: Preferences, replies: Replies) -> None:
        self.championship, self.prefs, self.replies = championship, prefs, replies

    def routes(self) -> dict[type[Routed], Route]:
        return {TryButton: self.on_button, TryPick: self.on_pick}

    # ------------------------------------------------------------------ autocomplete
    async def _days(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The server's latest days of championship (a hint only)."""
        try:
            days = await self.championship.recent_days(interaction.guild_id or 0)
        except Exception:  # a hint that cannot be given is no error
            return []
        return [Choice(name=day, value=day)
                for day in days if day.startswith(current.strip())][:MAX_CHOICES]

    async def _zone(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Time zones containing what was typed (a hint only; the settings check again)."""
        typed = current.strip().lower().replace(" ", "_")
        found = [name for name in _zones() if typed in name.lower()]
        return [Choice(name=name, value=name) for name in found[:MAX_CHOICES]]

    # ------------------------------------------------------------------ commands
    @daily.command(name=loc("bot.daily.cmd.play"), description=loc("bot.daily.cmd.play.desc"))
    async def play(self, interaction: discord.Interaction) -> None:
        async with self.replies.to(interaction, "daily.play") as answer:
            state = await self.championship.play(interaction.guild_id or 0,
                                                 player(interaction))
            answer.reply = await self._try(interaction, state, answer.lang)

    @daily.command(name=loc("bot.daily.cmd.ranking"),
                   description=loc("bot.daily.cmd.ranking.desc"))
    @app_commands.rename(day=loc("bot.daily.opt.day"))
    @app_commands.describe(day=loc("bot.daily.opt.day.desc"))
    @app_commands.autocomplete(day=_days)
    async def ranking(self, interaction: discord.Interaction, day: str | None = None) -> None:
        async with self.replies.to(interaction, "daily.ranking") as answer:
            answer.reply = await self._ranking(interaction, answer.lang, day)

    @daily.command(name=loc("bot.daily.cmd.settings"),
                   description=loc("bot.daily.cmd.settings.desc"))
    @app_commands.rename(name=loc("bot.opt.variant"), opponents=loc("bot.daily.opt.opponents"),
                         level=loc("bot.opt.level"), close=loc("bot.daily.opt.close"),
                         timezone=loc("bot.daily.opt.timezone"),
                         channel=loc("bot.admin.opt.channel"),
                         no_channel=loc("bot.daily.opt.no_channel"))
    @app_commands.describe(name=loc("bot.daily.opt.variant.desc"),
                           opponents=loc("bot.daily.opt.opponents.desc"),
                           level=loc("bot.daily.opt.level.desc"),
                           close=loc("bot.daily.opt.close.desc"),
                           timezone=loc("bot.daily.opt.timezone.desc"),
                           channel=loc("bot.daily.opt.channel.desc"),
                           no_channel=loc("bot.daily.opt.no_channel.desc"))
    @app_commands.choices(name=CARD_VARIANTS, level=LEVEL_CHOICES)
    @app_commands.autocomplete(timezone=_zone)
    async def settings(self, interaction: discord.Interaction, name: str | None = None,
                       opponents: app_commands.Range[int, 1, MAX_OPPONENTS] | None = None,
                       level: str | None = None, close: str | None = None,
                       timezone: str | None = None,
                       channel: discord.TextChannel | None = None,
                       no_channel: bool = False) -> None:
        """Moderators: change the championship's settings (none given: show them)."""
        async with self.replies.to(interaction, "daily.settings") as answer:
            lang = answer.lang
            if not interaction.permissions.manage_guild:
                answer.reply = error_reply(t("bot.admin.refused", lang))
                return
            guild = interaction.guild_id or 0
            changes: dict[str, object] = {}
            if name is not None:
                changes["daily_variant"] = variant(name).name  # RuleError: unknown
            if opponents is not None:
                changes["daily_opponents"] = opponents
            if level is not None:
                changes["daily_level"] = level
            if close is not None:
                changes["daily_close"] = read_close(close)
            if timezone is not None:
                changes["daily_timezone"] = timezone.strip()
            if channel is not None or no_channel:
                changes["daily_channel"] = None if no_channel else getattr(channel, "id", None)
            current = await self.prefs.guild(guild)
            if not changes:
                answer.reply = Reply(content=present.settings_text(current, lang),
                                     ephemeral=True)
                return
            check_settings(dataclasses.replace(current, **changes))  # type: ignore[arg-type]
            try:
                saved = await self.prefs.update_guild(guild, **changes)
            except ValueError as error:  # the store's own check, in English only
                answer.reply = error_reply(t("bot.admin.bad_setting", lang, detail=str(error)))
                return
            answer.reply = Reply(content="\n".join([t("bot.daily.settings.saved", lang),
                                                    present.settings_text(saved, lang)]),
                                 ephemeral=True)

    # ------------------------------------------------------------------ a try's components
    async def on_button(self, interaction: discord.Interaction, button: TryButton) -> None:
        action, ref = button.action, button.channel_id
        async with self.replies.to(interaction, f"daily.{action}") as answer:
            guild, user, lang = interaction.guild_id or 0, interaction.user.id, answer.lang
            if action is TryEnd.RANKING:
                answer.reply = await self._ranking(interaction, lang, None)
                return
            if action is TryEnd.AGAIN:
                state = await self.championship.play(guild, player(interaction))
                answer.reply = await self._try(interaction, state, lang, update=True)
                return
            if action is HandAction.SORT:
                await cycle_sort(self.prefs, user)
                state = await self.championship.current(guild, user, ref)
                answer.reply = await self._try(interaction, state, lang, update=True)
                return
            shown = await self.championship.current(guild, user, ref)
            chosen = click_action(action, selection_of(interaction.message), shown.rules)
            state = await self.championship.act(guild, user, [chosen], ref)
            note = action_note(chosen, state.view, lang)
            answer.reply = await self._try(interaction, state, lang, note=note, update=True)

    async def on_pick(self, interaction: discord.Interaction, menu: TryPick) -> None:
        """Remember a menu pick in the try's message itself (its default options)."""
        async with self.replies.to(interaction, f"daily.pick.{menu.slot}") as answer:
            selected = {k: set(v) for k, v in selection_of(interaction.message).items()}
            data = cast("dict[str, Any]", interaction.data or {})
            selected[menu.slot] = {str(v) for v in data.get("values", [])}
            state = await self.championship.current(interaction.guild_id or 0,
                                                    interaction.user.id, menu.channel_id)
            answer.reply = await self._try(interaction, state, answer.lang, selected=selected,
                                           update=True, drawn=False)

    # ------------------------------------------------------------------ replies
    async def _ranking(self, interaction: discord.Interaction, lang: str,
                       day: str | None) -> Reply:
        board: DayRanking = await self.championship.ranking(interaction.guild_id or 0,
                                                            interaction.user.id, day)
        picture = None
        if board.rows:
            theme = (await self.prefs.player(interaction.user.id)).theme
            picture = await pictures.draw(present.ranking_picture, board.rows,
                                          present.title(board.day, lang), lang, theme)
        return present.ranking(board, lang, picture)

    async def _try(self, interaction: discord.Interaction, state: TryState, lang: str, *,
                   note: str | None = None, selected: dict[str, set[str]] | None = None,
                   update: bool = False, drawn: bool = True) -> Reply:
        """The try's message (``drawn``: with fresh pictures, unless the player wants
        text only; ``update``: in place of the clicked one, in its own form: one sent
        before layouts cannot gain the flag by an edit)."""
        prefs = await self.prefs.player(interaction.user.id)
        hand = table = None
        if drawn and not prefs.text_only:
            if state.result is None:
                hand = await pictures.draw(pictures.hand_picture, state.view, lang,
                                           sort=prefs.sort, theme=prefs.theme, back=prefs.back)
            table = await pictures.draw(pictures.table_picture, state.view, lang, prefs.theme)
        clicked = interaction.message if update else None
        attached = {} if clicked is None or prefs.text_only else {
            shown.filename: (shown.filename, shown.description or "")
            for shown in clicked.attachments}
        layout = clicked is None or clicked.flags.components_v2
        reply = present.try_message(state, lang, sort=prefs.sort, note=note,
                                    selected=selected, hand_picture=hand, table_picture=table,
                                    layout=layout, attached=attached)
        return dataclasses.replace(reply, update=update)
