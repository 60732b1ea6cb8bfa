"""The Discord front end wired together: handlers, components, publisher and commands.

:class:`FrontEnd` is built once the store and the session layer exist
(:meth:`bot.discord_app.client.RamiBot.setup_hook`). Each part receives what it needs
here instead of looking it up on the client: the component classes are made around this
object, which hands each click to its handler; the handlers share one
:class:`~bot.discord_app.service.Service`; the command groups get their handlers, the
store and the choices (variants, languages) as they are at that time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_app.admin import SettingsGroup
from bot.discord_app.commands import RummyGroup
from bot.discord_app.controller import Controller
from bot.discord_app.core.choices import variant_choices
from bot.discord_app.core.i18n import language_choices
from bot.discord_app.daily_commands import DailyGroup
from bot.discord_app.daily_controller import DailyUI
from bot.discord_app.player_commands import PlayerCommands
from bot.discord_app.publisher import RETRY_DELAYS, Publisher
from bot.discord_app.service import Service
from bot.discord_app.table_controller import TableUI
from bot.discord_app.tile_controller import TileUI
from bot.discord_app.views import Components
from bot.session.daily import Daily
from bot.session.prefs import Preferences

if TYPE_CHECKING:
    from bot.session.tables import Tables
    from data import Store


class FrontEnd:
    """Every part of the Discord front end, and the router of component clicks
    (:class:`~bot.discord_app.views.ComponentHandlers`)."""

    def __init__(self, client: discord.Client, tables: Tables, store: Store, *,
                 daily: Daily | None = None, min_edit_interval: float = 1.0,
                 retry_delays: tuple[float, ...] | None = None) -> None:
        prefs = Preferences(store)
        self.variants = variant_choices()
        self.languages = language_choices()
        # The component classes call back here: the handlers below exist by the first click.
        self.components = Components(self)
        self.service = Service(tables, prefs, self.components, client=client)
        self.publisher = Publisher(client, tables, prefs, self.components,
                                   on_turn=self.service.refresh_hand,
                                   min_edit_interval=min_edit_interval,
                                   retry_delays=retry_delays or RETRY_DELAYS)
        self.table_ui = TableUI(self.service, self.publisher)
        self.tile_ui = TileUI(self.service)
        self.controller = Controller(self.service, self.tile_ui)
        self.player_commands = PlayerCommands(self.service, store, variants=self.variants,
                                              languages=self.languages)
        self.daily = daily or Daily(store)
        self.daily_ui = DailyUI(self.service, self.daily)
        self.store = store

    def command_group(self) -> app_commands.Group:
        """The ``/rummy`` group with every subcommand, settings and player commands too."""
        group = RummyGroup(self.table_ui, self.controller, self.tile_ui,
                           variants=self.variants)
        group.add_command(SettingsGroup(self.service, self.store, variants=self.variants,
                                        languages=self.languages))
        self.player_commands.add_to(group)
        group.add_command(DailyGroup(self.daily_ui, variants=self.variants))
        return group

    def dynamic_items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
        """Every persistent component class, for :meth:`discord.Client.add_dynamic_items`."""
        return (*self.components.classes.all(), self.player_commands.forget_button)

    # ------------------------------------------------------------------ clicks
    async def lobby_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None:
        await self.table_ui.lobby_button(interaction, action, channel_id)

    async def table_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None:
        await self.table_ui.table_button(interaction, action, channel_id)

    async def hand_button(self, interaction: discord.Interaction, action: str,
                          channel_id: int) -> None:
        await self.controller.hand_button(interaction, action, channel_id)

    async def tile_button(self, interaction: discord.Interaction, action: str,
                          channel_id: int) -> None:
        await self.tile_ui.button(interaction, action, channel_id)

    async def pick(self, interaction: discord.Interaction, slot: str, channel_id: int,
                   values: Sequence[str], owner: int | None) -> None:
        await self.controller.pick(interaction, slot, channel_id, values, owner)

    async def rules_button(self, interaction: discord.Interaction, variant: str) -> None:
        await self.table_ui.rules_button(interaction, variant)

    async def try_button(self, interaction: discord.Interaction, action: str,
                         ref: int) -> None:
        await self.daily_ui.try_button(interaction, action, ref)

    async def try_pick(self, interaction: discord.Interaction, slot: str, ref: int,
                       values: Sequence[str]) -> None:
        await self.daily_ui.try_pick(interaction, slot, ref, values)
