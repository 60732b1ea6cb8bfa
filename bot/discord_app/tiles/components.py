"""The components of a player's tile rack: ``rami:tiles:<action>:<channel>``
(:class:`TileButton`, actions :class:`TileButtonAction`: draw, pass, undo, reset, confirm,
hint, arrange; open: the initial meld the tiles picked make, shown in the layout), its
tile menu (``rami:pick:a``, the hand's, :class:`~bot.discord_app.cards.components.
HandPick`) and the hand's Sort button."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar

import discord
from discord import ButtonStyle

from bot.discord_app.cards.components import HandButton, HandPick
from bot.discord_app.core.components import ChannelButton, Slot, in_rows, options, template
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
    OPEN = "open"  # the tiles picked laid as the sets of an initial meld (the hand's opening)


class TileButton(ChannelButton, template=template("tiles", list(TileButtonAction))):
    """A button under a player's rack: ``rami:tiles:<action>:<channel>``."""

    family: ClassVar[str] = "tiles"
    actions = TileButtonAction
    action: TileButtonAction


def rack_items(
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
) -> tuple[list[discord.ui.Item[Any]], list[discord.ui.Item[Any]]]:
    """The components of ``owner``'s tile rack: a tile menu, and the turn's buttons,
    apart: the message places them itself."""
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
