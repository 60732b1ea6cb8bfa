"""``/rummy daily …`` (``/rami quotidien …``): the daily championship's commands.

``play`` starts or continues the caller's try (privately), ``ranking [day]`` shows a day's
ranking to those who played, ``settings`` lets moderators choose the variant (card
variants only), the computers, the close and its time zone, and the channel of the final
rankings. The group is built with its handlers (:class:`~bot.discord_app.daily_controller.
DailyUI`) and the variant choices of that time; names and descriptions are catalog keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.choices import BuiltCommand
from bot.discord_app.core.i18n import loc
from bot.session.daily import DAILY_LEVELS
from engine.rules import Kind
from engine.variants import variant

if TYPE_CHECKING:
    from bot.discord_app.daily_controller import DailyUI

LEVEL_CHOICES = [Choice(name=loc(f"bot.level.{level}"), value=level) for level in DAILY_LEVELS]
MAX_OPPONENTS = 5  # the store's bound; each variant's own is checked when saving


class DailyGroup(app_commands.Group):
    """``/rummy daily``: play, ranking, and the moderators' settings."""

    def __init__(self, ui: DailyUI, *, variants: list[Choice[str]]) -> None:
        super().__init__(name=loc("bot.cmd.daily"), description=loc("bot.cmd.daily.desc"))
        self.ui = ui
        cards = [choice for choice in variants if variant(choice.value).kind is Kind.CARDS]
        self.add_command(_settings_command(ui, cards))

    async def _days(self, interaction: discord.Interaction,
                    current: str) -> list[Choice[str]]:
        return await self.ui.day_choices(interaction, current)

    @app_commands.command(name=loc("bot.daily.cmd.play"),
                          description=loc("bot.daily.cmd.play.desc"))
    async def play(self, interaction: discord.Interaction) -> None:
        await self.ui.play(interaction)

    @app_commands.command(name=loc("bot.daily.cmd.ranking"),
                          description=loc("bot.daily.cmd.ranking.desc"))
    @app_commands.rename(day=loc("bot.daily.opt.day"))
    @app_commands.describe(day=loc("bot.daily.opt.day.desc"))
    @app_commands.autocomplete(day=_days)
    async def ranking(self, interaction: discord.Interaction, day: str | None = None) -> None:
        await self.ui.ranking(interaction, day)


# Made when the group is, so that the variants offered are the engine's at that time.
def _settings_command(ui: DailyUI, variants: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.daily.cmd.settings"),
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
    @app_commands.choices(name=variants, level=LEVEL_CHOICES)
    @app_commands.autocomplete(timezone=ui.zone_choices)
    async def settings(interaction: discord.Interaction, name: str | None = None,
                       opponents: app_commands.Range[int, 1, MAX_OPPONENTS] | None = None,
                       level: str | None = None, close: str | None = None,
                       timezone: str | None = None,
                       channel: discord.TextChannel | None = None,
                       no_channel: bool = False) -> None:
        await ui.settings(interaction, name=name, opponents=opponents, level=level,
                          close=close, timezone=timezone, channel=channel,
                          no_channel=no_channel)

    return settings
