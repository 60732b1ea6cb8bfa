"""The handlers of the daily championship: ``/rummy daily play``, ``ranking`` and
``settings``, and the buttons and menus of a try.

A try is played in one private message, edited in place at every click: the hand's menus
and buttons (named after the try, so a click on an older try's message is refused), the
table, and what the computers answered. Everything is the session's
(:class:`bot.session.daily.Daily`); every handler answers through :meth:`Service.run`.
"""

from __future__ import annotations

import dataclasses
import functools
import zoneinfo
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord_app import daily_present, pictures, present
from bot.discord_app.i18n import t
from bot.discord_app.replies import Reply, error_reply
from bot.discord_app.views import selection_of
from bot.session.card_clicks import HandAction, click_action, cycle_sort
from bot.session.daily import Daily, DayRanking, TryState, check_settings, read_close
from engine.variants import variant

if TYPE_CHECKING:
    from bot.discord_app.service import Service

MAX_CHOICES = 25  # Discord's limit of an autocomplete


@functools.cache
def _zones() -> tuple[str, ...]:
    """The system's time zones, sorted (read once: it scans the zone database)."""
    return tuple(sorted(zoneinfo.available_timezones()))


class DailyUI:
    """The daily championship on Discord, on top of the shared service."""

    def __init__(self, service: Service, daily: Daily) -> None:
        self.service = service
        self.daily = daily
        self.prefs = service.prefs

    # ------------------------------------------------------------------ commands
    async def play(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            state = await self.daily.play(interaction.guild_id or 0,
                                          self.service.player(interaction))
            return await self._try(interaction, state, lang)

        await self.service.run(interaction, "daily.play", work)

    async def ranking(self, interaction: discord.Interaction, day: str | None) -> None:
        async def work(lang: str) -> Reply:
            return await self._ranking(interaction, lang, day)

        await self.service.run(interaction, "daily.ranking", work)

    async def _ranking(self, interaction: discord.Interaction, lang: str,
                       day: str | None) -> Reply:
        board: DayRanking = await self.daily.ranking(interaction.guild_id or 0,
                                                     interaction.user.id, day)
        picture = None
        if board.rows:
            theme = (await self.prefs.player(interaction.user.id)).theme
            picture = await pictures.draw(daily_present.ranking_picture, board.rows,
                                          daily_present.title(board.day, lang), lang, theme)
        return daily_present.ranking(board, lang, picture)

    async def settings(self, interaction: discord.Interaction, *, name: str | None = None,
                       opponents: int | None = None, level: str | None = None,
                       close: str | None = None, timezone: str | None = None,
                       channel: discord.abc.GuildChannel | None = None,
                       no_channel: bool = False) -> None:
        """Moderators: change the championship's settings (none given: show them)."""
        async def work(lang: str) -> Reply:
            if not interaction.permissions.manage_guild:
                return error_reply(t("bot.admin.refused", lang))
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
                return Reply(content=daily_present.settings_text(current, lang), ephemeral=True)
            check_settings(dataclasses.replace(current, **changes))  # type: ignore[arg-type]
            try:
                saved = await self.prefs.update_guild(guild, **changes)
            except ValueError as error:  # the store's own check, in English only
                return error_reply(t("bot.admin.bad_setting", lang, detail=str(error)))
            return Reply(content="\n".join([t("bot.daily.settings.saved", lang),
                                            daily_present.settings_text(saved, lang)]),
                         ephemeral=True)

        await self.service.run(interaction, "daily.settings", work)

    async def zone_choices(self, interaction: discord.Interaction,
                           current: str) -> list[discord.app_commands.Choice[str]]:
        """Time zones containing what was typed (a hint only; the settings check again)."""
        typed = current.strip().lower().replace(" ", "_")
        found = [name for name in _zones() if typed in name.lower()]
        return [discord.app_commands.Choice(name=name, value=name)
                for name in found[:MAX_CHOICES]]

    async def day_choices(self, interaction: discord.Interaction,
                          current: str) -> list[discord.app_commands.Choice[str]]:
        """The server's latest days of championship (a hint only)."""
        try:
            days = await self.daily.recent_days(interaction.guild_id or 0)
        except Exception:  # a hint that cannot be given is no error
            return []
        return [discord.app_commands.Choice(name=day, value=day)
                for day in days if day.startswith(current.strip())][:MAX_CHOICES]

    # ------------------------------------------------------------------ a try's components
    async def try_button(self, interaction: discord.Interaction, action: str,
                         ref: int) -> None:
        async def work(lang: str) -> Reply:
            guild, user = interaction.guild_id or 0, interaction.user.id
            if action == "ranking":
                return await self._ranking(interaction, lang, None)
            if action == "again":
                state = await self.daily.play(guild, self.service.player(interaction))
                return await self._try(interaction, state, lang, update=True)
            if action == "sort":
                await cycle_sort(self.prefs, user)
                state = await self.daily.current(guild, user, ref)
                return await self._try(interaction, state, lang, update=True)
            shown = await self.daily.current(guild, user, ref)
            chosen = click_action(HandAction(action), selection_of(interaction.message),
                                  shown.rules)
            state = await self.daily.act(guild, user, [chosen], ref)
            note = present.action_note(chosen, state.view, lang)
            return await self._try(interaction, state, lang, note=note, update=True)

        await self.service.run(interaction, f"daily.{action}", work)

    async def try_pick(self, interaction: discord.Interaction, slot: str, ref: int,
                       values: Sequence[str]) -> None:
        """Remember a menu pick in the try's message itself (its default options)."""
        async def work(lang: str) -> Reply:
            selected = {k: set(v) for k, v in selection_of(interaction.message).items()}
            selected[slot] = set(values)
            state = await self.daily.current(interaction.guild_id or 0, interaction.user.id,
                                             ref)
            return await self._try(interaction, state, lang, selected=selected, update=True,
                                   drawn=False)

        await self.service.run(interaction, f"daily.pick.{slot}", work)

    async def _try(self, interaction: discord.Interaction, state: TryState, lang: str, *,
                   note: str | None = None, selected: dict[str, set[str]] | None = None,
                   update: bool = False, drawn: bool = True) -> Reply:
        """The try's message (``drawn``: with fresh pictures; ``update``: in place of the
        clicked one)."""
        prefs = await self.prefs.player(interaction.user.id)
        hand = table = None
        if drawn:
            if state.result is None:
                hand = await pictures.draw(pictures.hand_picture, state.view, lang,
                                           sort=prefs.sort, theme=prefs.theme, back=prefs.back)
            table = await pictures.draw(pictures.table_picture, state.view, lang, prefs.theme)
        reply = daily_present.try_message(state, lang, self.service.components,
                                          sort=prefs.sort, note=note, selected=selected,
                                          hand_picture=hand, table_picture=table)
        return dataclasses.replace(reply, update=update)
