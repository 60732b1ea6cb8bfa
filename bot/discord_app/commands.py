"""The ``/rummy`` slash command group (``/rami`` in French).

Each subcommand only declares its options and hands the interaction to the handlers the
group is built with (:class:`~bot.discord_app.table_controller.TableUI` for the lobby and
the table, :class:`~bot.discord_app.controller.Controller` for a card turn). Names and
descriptions are ``locale_str`` keyed in the message catalog, translated by
:class:`bot.discord_app.i18n.RamiTranslator`; the variant choices are read when the group
is built.

Tile rummy's turn commands are the subgroup ``/rummy tiles …`` (``bot.discord_app.tile_commands``);
``/rummy draw`` and ``/rummy meld`` work for tiles too (draw a tile; lay new sets and
confirm). ``/rummy level`` changes a computer seat's level during a match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.choices import BuiltCommand
from bot.discord_app.i18n import loc
from bot.discord_app.tile_commands import TilesGroup
from engine.ai import LEVELS
from engine.rules import BOUNDS

if TYPE_CHECKING:
    from bot.discord_app.controller import Controller
    from bot.discord_app.table_controller import TableUI
    from bot.discord_app.tile_controller import TileUI

# The engine's bounds (engine.rules.BOUNDS), so Discord offers exactly what it accepts.
MOST_SEATS = BOUNDS["max_players"][1]
MOST_TARGET = BOUNDS["target"][1]
LEVEL_CHOICES = [Choice(name=loc(f"bot.level.{level}"), value=str(level)) for level in LEVELS]
SOURCE_CHOICES = [
    Choice(name=loc("bot.choice.stock"), value="stock"),
    Choice(name=loc("bot.choice.discard"), value="discard"),
]


class RummyGroup(app_commands.Group):
    """``/rummy …``: every command of the game (``variants``: the choices of a variant)."""

    def __init__(self, table_ui: TableUI, controller: Controller, tile_ui: TileUI, *,
                 variants: list[Choice[str]]) -> None:
        super().__init__(name=loc("bot.cmd.rummy"), description=loc("bot.cmd.rummy.desc"),
                         guild_only=True)
        self.table_ui, self.controller = table_ui, controller
        self.add_command(TilesGroup(tile_ui, controller))
        self.add_command(_new_command(table_ui, variants))
        self.add_command(_rules_command(table_ui, variants))

    async def _cards(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.controller.card_choices(interaction, current, several=True)

    async def _card(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self.controller.card_choices(interaction, current, several=False)

    async def _computer(self, interaction: discord.Interaction,
                        current: str) -> list[Choice[int]]:
        return await self.table_ui.computer_choices(interaction, current)

    async def _meld(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.controller.meld_choices(interaction, current)

    @app_commands.command(name=loc("bot.cmd.join"), description=loc("bot.cmd.join.desc"))
    async def join(self, interaction: discord.Interaction) -> None:
        await self.table_ui.join(interaction)

    @app_commands.command(name=loc("bot.cmd.leave"), description=loc("bot.cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.table_ui.leave(interaction)

    @app_commands.command(name=loc("bot.cmd.start"), description=loc("bot.cmd.start.desc"))
    async def start(self, interaction: discord.Interaction) -> None:
        await self.table_ui.start(interaction)

    @app_commands.command(name=loc("bot.cmd.hand"), description=loc("bot.cmd.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.controller.hand(interaction)

    @app_commands.command(name=loc("bot.cmd.draw"), description=loc("bot.cmd.draw.desc"))
    @app_commands.rename(source=loc("bot.opt.source"))
    @app_commands.describe(source=loc("bot.opt.source.desc"))
    @app_commands.choices(source=SOURCE_CHOICES)
    async def draw(self, interaction: discord.Interaction, source: str | None = None) -> None:
        await self.controller.draw(interaction, source)

    @app_commands.command(name=loc("bot.cmd.meld"), description=loc("bot.cmd.meld.desc"))
    @app_commands.rename(cards=loc("bot.opt.cards"))
    @app_commands.describe(cards=loc("bot.opt.cards.desc"))
    @app_commands.autocomplete(cards=_cards)
    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        await self.controller.meld(interaction, cards)

    @app_commands.command(name=loc("bot.cmd.layoff"), description=loc("bot.cmd.layoff.desc"))
    @app_commands.rename(cards=loc("bot.opt.cards"), meld=loc("bot.opt.meld"))
    @app_commands.describe(cards=loc("bot.opt.cards.desc"), meld=loc("bot.opt.meld.desc"))
    @app_commands.autocomplete(cards=_cards, meld=_meld)  # type: ignore[misc]
    async def layoff(self, interaction: discord.Interaction, cards: str,
                     meld: app_commands.Range[int, 1, 200]) -> None:
        await self.controller.layoff(interaction, cards, meld)

    @app_commands.command(name=loc("bot.cmd.swap"), description=loc("bot.cmd.swap.desc"))
    @app_commands.rename(meld=loc("bot.opt.meld"), card=loc("bot.opt.card"))
    @app_commands.describe(meld=loc("bot.opt.meld.desc"), card=loc("bot.opt.card.desc"))
    @app_commands.autocomplete(meld=_meld, card=_card)  # type: ignore[misc]
    async def swap(self, interaction: discord.Interaction,
                   meld: app_commands.Range[int, 1, 200], card: str) -> None:
        await self.controller.swap(interaction, meld, card)

    @app_commands.command(name=loc("bot.cmd.discard"), description=loc("bot.cmd.discard.desc"))
    @app_commands.rename(card=loc("bot.opt.card"))
    @app_commands.describe(card=loc("bot.opt.card.desc"))
    @app_commands.autocomplete(card=_card)
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self.controller.discard(interaction, card)

    @app_commands.command(name=loc("bot.cmd.table"), description=loc("bot.cmd.table.desc"))
    async def table(self, interaction: discord.Interaction) -> None:
        await self.table_ui.table(interaction)

    @app_commands.command(name=loc("bot.cmd.score"), description=loc("bot.cmd.score.desc"))
    async def score(self, interaction: discord.Interaction) -> None:
        await self.table_ui.score(interaction)

    @app_commands.command(name=loc("bot.cmd.end"), description=loc("bot.cmd.end.desc"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.table_ui.end(interaction)

    @app_commands.command(name=loc("bot.cmd.level"), description=loc("bot.cmd.level.desc"))
    @app_commands.rename(seat=loc("bot.opt.seat"), level=loc("bot.opt.level"))
    @app_commands.describe(seat=loc("bot.opt.seat.desc"), level=loc("bot.opt.level.desc"))
    @app_commands.autocomplete(seat=_computer)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def level(self, interaction: discord.Interaction,
                    seat: app_commands.Range[int, 1, MOST_SEATS], level: str) -> None:
        await self.table_ui.level(interaction, seat, level)


# The commands below offer the variants as choices: they are made when the group is, so
# that the list is the engine's at that time.
def _new_command(table_ui: TableUI, variants: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.cmd.new"), description=loc("bot.cmd.new.desc"))
    @app_commands.rename(variant=loc("bot.opt.variant"), target=loc("bot.opt.target"))
    @app_commands.describe(variant=loc("bot.opt.variant.desc"),
                           target=loc("bot.opt.target.desc"))
    @app_commands.choices(variant=variants)
    async def new(interaction: discord.Interaction, variant: str | None = None,
                  target: app_commands.Range[int, 0, MOST_TARGET] | None = None) -> None:
        await table_ui.new(interaction, variant, target)

    return new


def _rules_command(table_ui: TableUI, variants: list[Choice[str]]) -> BuiltCommand:
    @app_commands.command(name=loc("bot.cmd.rules"), description=loc("bot.cmd.rules.desc"))
    @app_commands.rename(variant=loc("bot.opt.variant"))
    @app_commands.describe(variant=loc("bot.opt.variant.desc"))
    @app_commands.choices(variant=variants)
    async def rules(interaction: discord.Interaction, variant: str | None = None) -> None:
        await table_ui.rules(interaction, variant)

    return rules
