"""The ``/rummy`` slash command group (``/rami`` in French).

Each subcommand only declares its options and hands the interaction to
:class:`bot.controller.Controller`. Names and descriptions are ``locale_str`` keyed in
the message catalog, translated by :class:`bot.i18n.RamiTranslator`.

Tile rummy's turn commands are the subgroup ``/rummy tiles …`` (``bot.discord_app.tile_commands``);
``/rummy draw`` and ``/rummy meld`` work for tiles too (draw a tile; lay new sets and
confirm). ``/rummy level`` changes a computer seat's level during a match.
"""

from __future__ import annotations

from typing import cast

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.controller import Controller
from bot.discord_app.i18n import loc
from bot.discord_app.tile_commands import TilesGroup


def _controller(interaction: discord.Interaction) -> Controller:
    return cast(Controller, interaction.client.controller)  # type: ignore[attr-defined]


VARIANT_CHOICES = [
    Choice(name=loc(f"variant.{name}"), value=name)
    for name in ("classic", "rami51", "rami30", "gameduell", "tiles")
]
LEVEL_CHOICES = [Choice(name=loc(f"bot.level.{level}"), value=level)
                 for level in ("easy", "medium", "hard")]
SOURCE_CHOICES = [
    Choice(name=loc("bot.choice.stock"), value="stock"),
    Choice(name=loc("bot.choice.discard"), value="discard"),
]


async def _cards(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    return await _controller(interaction).card_choices(interaction, current, several=True)


async def _card(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    return await _controller(interaction).card_choices(interaction, current, several=False)


async def _computer(interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    return await _controller(interaction).computer_choices(interaction, current)


async def _meld(interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    return await _controller(interaction).meld_choices(interaction, current)


class RummyGroup(app_commands.Group):
    """``/rummy …``: every command of the game."""

    def __init__(self) -> None:
        super().__init__(name=loc("bot.cmd.rummy"), description=loc("bot.cmd.rummy.desc"),
                         guild_only=True)
        self.add_command(TilesGroup())

    @app_commands.command(name=loc("bot.cmd.new"), description=loc("bot.cmd.new.desc"))
    @app_commands.rename(variant=loc("bot.opt.variant"), target=loc("bot.opt.target"))
    @app_commands.describe(variant=loc("bot.opt.variant.desc"),
                           target=loc("bot.opt.target.desc"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def new(self, interaction: discord.Interaction, variant: str | None = None,
                  target: app_commands.Range[int, 0, 100_000] | None = None) -> None:
        await _controller(interaction).new(interaction, variant, target)

    @app_commands.command(name=loc("bot.cmd.join"), description=loc("bot.cmd.join.desc"))
    async def join(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).join(interaction)

    @app_commands.command(name=loc("bot.cmd.leave"), description=loc("bot.cmd.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).leave(interaction)

    @app_commands.command(name=loc("bot.cmd.start"), description=loc("bot.cmd.start.desc"))
    async def start(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).start(interaction)

    @app_commands.command(name=loc("bot.cmd.hand"), description=loc("bot.cmd.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).hand(interaction)

    @app_commands.command(name=loc("bot.cmd.draw"), description=loc("bot.cmd.draw.desc"))
    @app_commands.rename(source=loc("bot.opt.source"))
    @app_commands.describe(source=loc("bot.opt.source.desc"))
    @app_commands.choices(source=SOURCE_CHOICES)
    async def draw(self, interaction: discord.Interaction, source: str | None = None) -> None:
        await _controller(interaction).draw(interaction, source)

    @app_commands.command(name=loc("bot.cmd.meld"), description=loc("bot.cmd.meld.desc"))
    @app_commands.rename(cards=loc("bot.opt.cards"))
    @app_commands.describe(cards=loc("bot.opt.cards.desc"))
    @app_commands.autocomplete(cards=_cards)
    async def meld(self, interaction: discord.Interaction, cards: str) -> None:
        await _controller(interaction).meld(interaction, cards)

    @app_commands.command(name=loc("bot.cmd.layoff"), description=loc("bot.cmd.layoff.desc"))
    @app_commands.rename(cards=loc("bot.opt.cards"), meld=loc("bot.opt.meld"))
    @app_commands.describe(cards=loc("bot.opt.cards.desc"), meld=loc("bot.opt.meld.desc"))
    @app_commands.autocomplete(cards=_cards, meld=_meld)  # type: ignore[misc]
    async def layoff(self, interaction: discord.Interaction, cards: str,
                     meld: app_commands.Range[int, 1, 200]) -> None:
        await _controller(interaction).layoff(interaction, cards, meld)

    @app_commands.command(name=loc("bot.cmd.swap"), description=loc("bot.cmd.swap.desc"))
    @app_commands.rename(meld=loc("bot.opt.meld"), card=loc("bot.opt.card"))
    @app_commands.describe(meld=loc("bot.opt.meld.desc"), card=loc("bot.opt.card.desc"))
    @app_commands.autocomplete(meld=_meld, card=_card)  # type: ignore[misc]
    async def swap(self, interaction: discord.Interaction,
                   meld: app_commands.Range[int, 1, 200], card: str) -> None:
        await _controller(interaction).swap(interaction, meld, card)

    @app_commands.command(name=loc("bot.cmd.discard"), description=loc("bot.cmd.discard.desc"))
    @app_commands.rename(card=loc("bot.opt.card"))
    @app_commands.describe(card=loc("bot.opt.card.desc"))
    @app_commands.autocomplete(card=_card)
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await _controller(interaction).discard(interaction, card)

    @app_commands.command(name=loc("bot.cmd.table"), description=loc("bot.cmd.table.desc"))
    async def table(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).table(interaction)

    @app_commands.command(name=loc("bot.cmd.score"), description=loc("bot.cmd.score.desc"))
    async def score(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).score(interaction)

    @app_commands.command(name=loc("bot.cmd.rules"), description=loc("bot.cmd.rules.desc"))
    @app_commands.rename(variant=loc("bot.opt.variant"))
    @app_commands.describe(variant=loc("bot.opt.variant.desc"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    async def rules(self, interaction: discord.Interaction, variant: str | None = None) -> None:
        await _controller(interaction).rules(interaction, variant)

    @app_commands.command(name=loc("bot.cmd.end"), description=loc("bot.cmd.end.desc"))
    async def end(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).end(interaction)

    @app_commands.command(name=loc("bot.cmd.level"), description=loc("bot.cmd.level.desc"))
    @app_commands.rename(seat=loc("bot.opt.seat"), level=loc("bot.opt.level"))
    @app_commands.describe(seat=loc("bot.opt.seat.desc"), level=loc("bot.opt.level.desc"))
    @app_commands.autocomplete(seat=_computer)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def level(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 6],
                    level: str) -> None:
        await _controller(interaction).level(interaction, seat, level)
