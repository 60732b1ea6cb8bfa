"""``/rummy tiles …`` (``/rami tuiles …``): the commands of a tile rummy turn.

``play`` lays new sets of rack tiles and confirms them in one go (the opening in one
command); ``new``, ``add``, ``move``, ``split``, ``takeback`` edit the draft step by step,
``undo`` and ``reset`` take edits back, ``confirm`` lays the draft; ``draw`` ends the turn
(the draft is discarded), ``pass`` when the pool is empty; ``hint`` shows the best play
privately, ``arrange`` fits tiles into the draft for the player to confirm. Set numbers
are 1-based as shown. Autocomplete offers the caller's own tiles and sets; it is only a
hint: every handler reads and checks the text again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord_app.core.i18n import loc

if TYPE_CHECKING:
    from bot.discord_app.controller import Controller
    from bot.discord_app.tile_controller import TileUI

SetNumber = app_commands.Range[int, 1, 200]


class TilesGroup(app_commands.Group):
    """``/rummy tiles …``: its commands go to ``tile_ui``; ``controller`` completes tiles
    as it completes cards (the caller's own rack)."""

    def __init__(self, tile_ui: TileUI, controller: Controller) -> None:
        super().__init__(name=loc("bot.cmd.tiles"), description=loc("bot.cmd.tiles.desc"))
        self.tile_ui, self.controller = tile_ui, controller

    async def _tiles(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        head, bar, last = current.rpartition("|")
        choices = await self.controller.card_choices(interaction, last.lstrip(), several=True)
        if not bar:
            return choices
        prefix = head + "| "
        return [Choice(name=(prefix + c.value)[:100], value=(prefix + c.value)[:100])
                for c in choices]

    async def _set(self, interaction: discord.Interaction, current: str) -> list[Choice[int]]:
        return await self.tile_ui.set_choices(interaction, current)

    @app_commands.command(name=loc("bot.cmd.tplay"), description=loc("bot.cmd.tplay.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"))
    @app_commands.describe(tiles=loc("bot.opt.sets.desc"))
    @app_commands.autocomplete(tiles=_tiles)
    async def play(self, interaction: discord.Interaction, tiles: str) -> None:
        await self.tile_ui.play(interaction, tiles)

    @app_commands.command(name=loc("bot.cmd.tnew"), description=loc("bot.cmd.tnew.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"))
    @app_commands.autocomplete(tiles=_tiles)
    async def new(self, interaction: discord.Interaction, tiles: str) -> None:
        await self.tile_ui.edit(interaction, "new", tiles)

    @app_commands.command(name=loc("bot.cmd.tadd"), description=loc("bot.cmd.tadd.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"), set=loc("bot.opt.set"),
                         front=loc("bot.opt.front"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"), set=loc("bot.opt.set.desc"),
                           front=loc("bot.opt.front.desc"))
    @app_commands.autocomplete(tiles=_tiles, set=_set)  # type: ignore[misc]
    async def add(self, interaction: discord.Interaction, tiles: str, set: SetNumber,
                  front: bool = False) -> None:
        await self.tile_ui.edit(interaction, "add", tiles, set, front=front)

    @app_commands.command(name=loc("bot.cmd.tmove"), description=loc("bot.cmd.tmove.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"), source=loc("bot.opt.from"),
                         target=loc("bot.opt.to"), front=loc("bot.opt.front"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"), source=loc("bot.opt.from.desc"),
                           target=loc("bot.opt.to.desc"), front=loc("bot.opt.front.desc"))
    @app_commands.autocomplete(source=_set, target=_set)
    async def move(self, interaction: discord.Interaction, tiles: str, source: SetNumber,
                   target: SetNumber | None = None, front: bool = False) -> None:
        await self.tile_ui.edit(interaction, "move", tiles, source, front=front,
                                    target=target)

    @app_commands.command(name=loc("bot.cmd.tsplit"), description=loc("bot.cmd.tsplit.desc"))
    @app_commands.rename(set=loc("bot.opt.set"), at=loc("bot.opt.at"))
    @app_commands.describe(set=loc("bot.opt.set.desc"), at=loc("bot.opt.at.desc"))
    @app_commands.autocomplete(set=_set)
    async def split(self, interaction: discord.Interaction, set: SetNumber,
                    at: app_commands.Range[int, 1, 13]) -> None:
        await self.tile_ui.edit(interaction, "split", None, set, at=at)

    @app_commands.command(name=loc("bot.cmd.ttakeback"),
                          description=loc("bot.cmd.ttakeback.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"), set=loc("bot.opt.set"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"), set=loc("bot.opt.set.desc"))
    @app_commands.autocomplete(set=_set)
    async def takeback(self, interaction: discord.Interaction, tiles: str,
                       set: SetNumber) -> None:
        await self.tile_ui.edit(interaction, "takeback", tiles, set)

    @app_commands.command(name=loc("bot.cmd.tundo"), description=loc("bot.cmd.tundo.desc"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.tile_ui.edit(interaction, "undo")

    @app_commands.command(name=loc("bot.cmd.treset"), description=loc("bot.cmd.treset.desc"))
    async def reset(self, interaction: discord.Interaction) -> None:
        await self.tile_ui.edit(interaction, "reset")

    @app_commands.command(name=loc("bot.cmd.tconfirm"),
                          description=loc("bot.cmd.tconfirm.desc"))
    async def confirm(self, interaction: discord.Interaction) -> None:
        await self.tile_ui.edit(interaction, "confirm")

    @app_commands.command(name=loc("bot.cmd.tdraw"), description=loc("bot.cmd.tdraw.desc"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await self.tile_ui.edit(interaction, "draw")

    @app_commands.command(name=loc("bot.cmd.tpass"), description=loc("bot.cmd.tpass.desc"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.tile_ui.edit(interaction, "pass")

    @app_commands.command(name=loc("bot.cmd.thint"), description=loc("bot.cmd.thint.desc"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await self.tile_ui.hint(interaction)

    @app_commands.command(name=loc("bot.cmd.tarrange"),
                          description=loc("bot.cmd.tarrange.desc"))
    @app_commands.rename(tiles=loc("bot.opt.tiles"))
    @app_commands.describe(tiles=loc("bot.opt.tiles.desc"))
    @app_commands.autocomplete(tiles=_tiles)
    async def arrange(self, interaction: discord.Interaction, tiles: str) -> None:
        await self.tile_ui.arrange(interaction, tiles)
