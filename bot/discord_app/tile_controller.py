"""The handlers of tile rummy: ``/rummy tiles …`` commands and the rack's buttons.

A peer of :mod:`bot.discord_app.controller` over the same
:class:`~bot.discord_app.service.Service`: a command and its button do the same thing
and every handler answers through the one error path (:meth:`Service.run`). Several-step
handlers (``play`` lays a whole table at once; ``arrange`` builds the draft edit by edit)
leave the game as it was when a step is refused: ``play`` is one engine action, and
``arrange`` undoes the edits it made before passing the refusal on. One player's tile
handlers run one at a time (a lock per channel and player), so two clicks at once on
*Arrange for me* cannot interleave their edits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord_app import present, tile_present
from bot.discord_app.i18n import t
from bot.discord_app.replies import Reply, error_reply
from bot.discord_app.service import or_none
from bot.discord_app.views import selection_of
from bot.session import SessionError, check_length, display_order, read_pieces
from bot.session.tile_edits import arranged, best_play, draft_sets, table_sets
from engine import NotationError, parse_tiles
from engine.rules import Kind
from engine.tiles.actions import (
    Add,
    Confirm,
    DrawTile,
    Move,
    NewSet,
    Pass,
    Play,
    Reset,
    Split,
    TakeBack,
    TileAction,
    Undo,
)
from engine.tiles.tile import Tile
from engine.views import PlayerView

if TYPE_CHECKING:
    from bot.discord_app.service import Service

SIMPLE: dict[str, Callable[[], TileAction]] = {
    "undo": Undo, "reset": Reset, "confirm": Confirm, "draw": DrawTile, "pass": Pass}


class TileUI:
    """Tile rummy's commands and buttons, on top of the shared service."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    def _lock(self, interaction: discord.Interaction) -> asyncio.Lock:
        key = (interaction.channel_id or 0, interaction.user.id)
        return self._locks.setdefault(key, asyncio.Lock())

    # ------------------------------------------------------------------ helpers
    async def _tile_view(self, interaction: discord.Interaction) -> PlayerView:
        view = await self.service.player_view(interaction)
        if view.kind is not Kind.TILES:
            raise SessionError("bot.tiles.not_tiles")
        return view

    async def _order(self, interaction: discord.Interaction, view: PlayerView) -> list[int]:
        sort = (await self.service.prefs.player(interaction.user.id)).sort
        return display_order(view, sort)

    async def _apply(self, interaction: discord.Interaction, actions: Sequence[TileAction],
                     lang: str, *, update: bool = False, note: str | None = None) -> Reply:
        """Apply ``actions`` as one change: all of them, or none when one is refused."""
        channel, user = interaction.channel_id or 0, interaction.user.id
        view = await self.service.tables.act_many(channel, user, actions)
        if note is None and len(actions) == 1:
            note = tile_present.tile_note(actions[0], lang)
        return await self.service.hand_reply(interaction, view, lang, note, update=update)

    # ------------------------------------------------------------------ commands
    async def play(self, interaction: discord.Interaction, sets: str) -> None:
        """New sets of rack tiles (``|`` between sets) laid and confirmed in one go."""
        async def work(lang: str) -> Reply:
            async with self._lock(interaction):
                view = await self._tile_view(interaction)
                order = await self._order(interaction, view)
                new = [read_pieces(part, view, order, Tile, lang)
                       for part in check_length(sets).split("|") if part.strip()]
                if not new:
                    raise NotationError("notation.no_tile")
                play = Play.between(table_sets(view), (*draft_sets(view), *new))
                return await self._apply(interaction, [play], lang)

        await self.service.run(interaction, "tiles.play", work)

    async def edit(self, interaction: discord.Interaction, kind: str, tiles: str | None = None,
                   set_number: int | None = None, *, front: bool = False,
                   target: int | None = None, at: int | None = None) -> None:
        """``new``, ``add``, ``move``, ``split``, ``takeback`` and the one-word actions."""
        async def work(lang: str) -> Reply:
            async with self._lock(interaction):
                view = await self._tile_view(interaction)
                order = await self._order(interaction, view)
                if kind in SIMPLE:
                    action: TileAction = SIMPLE[kind]()
                elif kind == "split":
                    action = Split((set_number or 0) - 1, (at or 0) - 1)
                else:
                    pieces = (read_pieces(tiles or "", view, order, Tile, lang) if kind != "move"
                              else tuple(parse_tiles(check_length(tiles or ""))))
                    index = (set_number or 0) - 1
                    if kind == "new":
                        action = NewSet(pieces)
                    elif kind == "add":
                        action = Add(pieces, index, front)
                    elif kind == "takeback":
                        action = TakeBack(pieces, index)
                    else:
                        action = Move(pieces, index, None if target is None else target - 1, front)
                return await self._apply(interaction, [action], lang)

        await self.service.run(interaction, f"tiles.{kind}", work)

    async def hint(self, interaction: discord.Interaction) -> None:
        async def work(lang: str) -> Reply:
            return await self._hint(interaction, lang)

        await self.service.run(interaction, "tiles.hint", work)

    async def _hint(self, interaction: discord.Interaction, lang: str) -> Reply:
        view = await self._tile_view(interaction)
        if view.current != view.seat:
            return error_reply(t("bot.tiles.not_your_turn", lang))
        rules = (await self.service.snapshot(interaction.channel_id or 0)).rules
        solution = await asyncio.to_thread(best_play, view, rules)
        return tile_present.hint(solution, not view.seats[view.seat].has_opened, lang)

    async def arrange(self, interaction: discord.Interaction, tiles: str) -> None:
        async def work(lang: str) -> Reply:
            async with self._lock(interaction):
                view = await self._tile_view(interaction)
                order = await self._order(interaction, view)
                picked = read_pieces(tiles, view, order, Tile, lang)
                return await self._arrange(interaction, view, picked, lang)

        await self.service.run(interaction, "tiles.arrange", work)

    async def _arrange(self, interaction: discord.Interaction, view: PlayerView,
                       tiles: Sequence[Tile], lang: str, *, update: bool = False) -> Reply:
        """Fit ``tiles`` into the draft (``arrange``), then build it edit by edit."""
        if view.current != view.seat:
            return error_reply(t("bot.tiles.not_your_turn", lang))
        rules = (await self.service.snapshot(interaction.channel_id or 0)).rules
        edits = await asyncio.to_thread(arranged, view, tiles, rules)
        if edits is None:
            return error_reply(t("bot.tiles.no_arrangement", lang,
                                 tiles=tile_present.tiles_text(tiles)))
        note = t("bot.note.tiles.arranged", lang, tiles=tile_present.tiles_text(tiles))
        return await self._apply(interaction, edits, lang, update=update, note=note)

    # ------------------------------------------------------------------ buttons
    async def button(self, interaction: discord.Interaction, action: str,
                     channel_id: int) -> None:
        async def work(lang: str) -> Reply:
            async with self._lock(interaction):
                self.service.same_channel(interaction, channel_id)
                self.service.own_hand(interaction)
                if action == "hint":
                    return await self._hint(interaction, lang)
                if action in SIMPLE:
                    await self._tile_view(interaction)
                    return await self._apply(interaction, [SIMPLE[action]()], lang, update=True)
                view = await self._tile_view(interaction)
                picked = [parse_tiles(v.partition(":")[2] or v)[0]
                          for v in selection_of(interaction.message).get("a", [])]
                if not picked:
                    return error_reply(t("bot.tiles.pick", lang,
                                         button=t("bot.tiles.button.arrange", lang)))
                return await self._arrange(interaction, view, picked, lang, update=True)

        await self.service.run(interaction, f"tiles.button.{action}", work)

    # ------------------------------------------------------------------ autocomplete
    async def set_choices(self, interaction: discord.Interaction,
                          current: str) -> list[discord.app_commands.Choice[int]]:
        """The sets of the caller's draft (else of the table) matching what they typed."""
        view = await or_none(self.service.player_view(interaction))
        lang = await or_none(self.service.language(interaction))
        if view is None or lang is None:
            return []
        return present.meld_choices(view.draft if view.draft is not None else view.melds,
                                    current, lang)
