"""The components of a player's tile rack: ``rami:tiles:<action>:<channel>``
(:class:`TileButton`, actions :class:`TileButtonAction`: draw, pass, undo, reset, confirm,
hint, arrange), its tile menu (``rami:pick:a``, the hand's, :class:`~bot.discord_app.
cards.components.HandPick`) and the hand's Sort button."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar

import discord
from discord import ButtonStyle

from bot.discord_app.cards.components import HandButton, HandPick
from bot.discord_app.core.components import ChannelButton, Slot, in_rows, options, template, view_of
from bot.discord_app.core.i18n import t
from bot.session.card_clicks import HandAction


class TileButtonAction(StrEnum):
    """What a rack button does."""

    DRAW = "draw"
    PASS = "pass"
    UNDO = "undo"
    RESET = "reset"
    CONFIRM = "confirm"
    HINT = "hint"
    ARRANGE = "arrange"


class TileButton(ChannelButton, template=template("tiles", list(TileButtonAction))):
    """A button under a player's rack: ``rami:tiles:<action>:<channel>``."""

    family: ClassVar[str] = "tiles"
    actions = TileButtonAction
    action: TileButtonAction


def rack_view(
    channel_id: int,
    lang: str,
    *,
    tiles: Sequence[tuple[str, str]],  # (value, label) per rack position, in display order
    tile_emojis: Sequence[discord.PartialEmoji | None] = (),  # per position, if loaded
    selected: dict[str, set[str]],
    sort: str,
    my_turn: bool,
    pool_empty: bool,
    editing: bool,
    owner: int | None = None,
) -> discord.ui.View:
    """The components under ``owner``'s tile rack: a tile menu, then the turn's
    buttons."""
    menus, buttons = rack_items(
        channel_id, lang, tiles=tiles, tile_emojis=tile_emojis, selected=selected, sort=sort,
        my_turn=my_turn, pool_empty=pool_empty, editing=editing, owner=owner)
    return view_of(*menus, *buttons)


def rack_items(
    channel_id: int,
    lang: str,
    *,
    tiles: Sequence[tuple[str, str]],
    tile_emojis: Sequence[discord.PartialEmoji | None] = (),
    selected: dict[str, set[str]],
    sort: str,
    my_turn: bool,
    pool_empty: bool,
    editing: bool,
    owner: int | None = None,
) -> tuple[list[discord.ui.Item[Any]], list[discord.ui.Item[Any]]]:
    """:func:`rack_view`'s menu and buttons, apart: a layout message places them itself."""
    items: list[discord.ui.Item[Any]] = []
    if tiles:
        menu = options(tiles, selected, Slot.FIRST, tile_emojis)
        items.append(HandPick(Slot.FIRST, channel_id, menu, t("bot.tiles.select", lang),
                              row=0, owner=owner))
    idle = not my_turn
    make = functools.partial(TileButton, channel_id=channel_id)
    draw, draw_label = ((TileButtonAction.PASS, "bot.tiles.button.pass") if pool_empty
                        else (TileButtonAction.DRAW, "bot.tiles.button.draw"))
    buttons: list[discord.ui.DynamicItem[Any]] = [
        make(draw, label=t(draw_label, lang), style=ButtonStyle.primary, disabled=idle),
        make(TileButtonAction.UNDO, label=t("bot.tiles.button.undo", lang),
             disabled=idle or not editing),
        make(TileButtonAction.RESET, label=t("bot.tiles.button.reset", lang),
             disabled=idle or not editing),
        make(TileButtonAction.CONFIRM, label=t("bot.tiles.button.confirm", lang),
             style=ButtonStyle.success, disabled=idle or not editing),
        make(TileButtonAction.ARRANGE, label=t("bot.tiles.button.arrange", lang),
             disabled=idle),
        make(TileButtonAction.HINT, label=t("bot.tiles.button.hint", lang), disabled=idle),
        HandButton(HandAction.SORT, channel_id,
                   t("bot.button.sort", lang, sort=t(f"sort.tiles.{sort}", lang))),
    ]
    return items, list(in_rows(buttons, first=1))
