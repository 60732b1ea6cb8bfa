"""Buttons and select menus that keep working after a restart.

Every component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` says everything
needed to act on it, namespaced ``rami:<family>:<action>:<channel>``, so a click on a
message posted before a restart is routed by its ``custom_id`` alone:

- ``rami:lobby:<join|leave|aieasy|ai|aihard|start|cancel>:<channel>``: the lobby (``ai``
  seats a medium computer player, as it did before the levels were offered);
- ``rami:table:<hand|score|next|rematch>:<channel>``: the table, round and match messages;
- ``rami:hand:<draw|take|meld|layoff|swap|discard|sort>:<channel>``: the private hand;
- ``rami:tiles:<draw|pass|undo|reset|confirm|hint|arrange>:<channel>``: the private rack
  of tile rummy (its tile menu is ``rami:pick:a``);
- ``rami:pick:<a|b|m>:<channel>``: the hand's select menus (cards of a first meld, of a
  second meld, a table meld). A pick is stored as the menu's default options by editing
  the hand message, so the next button click reads the selection from the message itself;
- ``rami:rules:<variant>``: the rules message.

The callbacks only hand the click to :class:`bot.controller.Controller`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import ButtonStyle

from bot.discord_app.i18n import t

if TYPE_CHECKING:
    from bot.discord_app.controller import Controller

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "aieasy", "ai", "aihard")
COMPUTER_LEVELS = {"aieasy": "easy", "ai": "medium", "aihard": "hard"}
TABLE_ACTIONS = ("hand", "score", "next", "rematch")
HAND_ACTIONS = ("draw", "take", "meld", "layoff", "swap", "discard", "sort")
TILE_ACTIONS = ("draw", "pass", "undo", "reset", "confirm", "hint", "arrange")
PICK_SLOTS = ("a", "b", "m")
MAX_OPTIONS = 25


def controller(interaction: discord.Interaction) -> Controller:
    return cast("Controller", interaction.client.controller)  # type: ignore[attr-defined]


def _alternatives(names: Sequence[str]) -> str:
    return "|".join(re.escape(name) for name in names)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rami:lobby:(?P<action>{_alternatives(LOBBY_ACTIONS)}):(?P<channel>\d+)",
):
    def __init__(self, action: str, channel_id: int, label: str = "", style: ButtonStyle =
                 ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, custom_id=f"rami:lobby:{action}:{channel_id}"))
        self.action, self.channel_id = action, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).lobby_button(interaction, self.action, self.channel_id)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rami:table:(?P<action>{_alternatives(TABLE_ACTIONS)}):(?P<channel>\d+)",
):
    def __init__(self, action: str, channel_id: int, label: str = "",
                 style: ButtonStyle = ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, custom_id=f"rami:table:{action}:{channel_id}"))
        self.action, self.channel_id = action, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TableButton:
        return cls(match["action"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).table_button(interaction, self.action, self.channel_id)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rami:hand:(?P<action>{_alternatives(HAND_ACTIONS)}):(?P<channel>\d+)",
):
    def __init__(self, action: str, channel_id: int, label: str = "",
                 style: ButtonStyle = ButtonStyle.secondary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, disabled=disabled,
            custom_id=f"rami:hand:{action}:{channel_id}"))
        self.action, self.channel_id = action, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(match["action"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).hand_button(interaction, self.action, self.channel_id)


class TileButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"rami:tiles:(?P<action>{_alternatives(TILE_ACTIONS)}):(?P<channel>\d+)",
):
    def __init__(self, action: str, channel_id: int, label: str = "",
                 style: ButtonStyle = ButtonStyle.secondary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, disabled=disabled,
            custom_id=f"rami:tiles:{action}:{channel_id}"))
        self.action, self.channel_id = action, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TileButton:
        return cls(match["action"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).tile_ui.button(interaction, self.action, self.channel_id)


class CardPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"rami:pick:(?P<slot>{_alternatives(PICK_SLOTS)}):(?P<channel>\d+)",
):
    def __init__(self, slot: str, channel_id: int,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "",
                 max_values: int | None = None, row: int | None = None) -> None:
        options = list(options) or [discord.SelectOption(label="-", value="-")]
        super().__init__(discord.ui.Select(
            custom_id=f"rami:pick:{slot}:{channel_id}",
            placeholder=placeholder or None,
            options=options,
            min_values=0,
            max_values=max_values or len(options),
            row=row,
        ))
        self.slot, self.channel_id = slot, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardPick:
        return cls(match["slot"], int(match["channel"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        await controller(interaction).pick(interaction, self.slot, self.channel_id, values)


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:rules:(?P<variant>[a-z0-9]+)",
):
    def __init__(self, variant: str, label: str = "", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or variant, custom_id=f"rami:rules:{variant}", disabled=disabled))
        self.variant = variant

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesButton:
        return cls(match["variant"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).rules_button(interaction, self.variant)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton, TableButton, HandButton, TileButton, CardPick, RulesButton,
)


# ---------------------------------------------------------------------- view builders
def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# The views below hold only dynamic items, so Discord.py keeps no per-message state for
# them and one instance can be sent with many messages: they are cached (building a view
# costs a system call for its random id).
@lru_cache(maxsize=1024)
def lobby_view(channel_id: int, lang: str) -> discord.ui.View:
    styles = {"join": ButtonStyle.primary, "start": ButtonStyle.success,
              "cancel": ButtonStyle.danger}
    buttons = []
    for index, action in enumerate(LOBBY_ACTIONS):
        level = COMPUTER_LEVELS.get(action)
        label = (t("bot.button.add_ai_level", lang, level=t(f"bot.level.{level}", lang))
                 if level else t(f"bot.button.{action}", lang))
        button = LobbyButton(action, channel_id, label, styles.get(action, ButtonStyle.secondary))
        button.item.row = 0 if index < 4 else 1
        buttons.append(button)
    return _view(*buttons)


@lru_cache(maxsize=1024)
def table_view(channel_id: int, lang: str) -> discord.ui.View:
    return _view(
        TableButton("hand", channel_id, t("bot.button.hand", lang), ButtonStyle.primary),
        TableButton("score", channel_id, t("bot.button.score", lang)),
    )


@lru_cache(maxsize=1024)
def round_over_view(channel_id: int, lang: str) -> discord.ui.View:
    return _view(TableButton("next", channel_id, t("bot.button.next_round", lang),
                             ButtonStyle.success))


@lru_cache(maxsize=1024)
def match_over_view(channel_id: int, lang: str) -> discord.ui.View:
    return _view(TableButton("rematch", channel_id, t("bot.button.new_match", lang),
                             ButtonStyle.success))


def rules_view(variants: Sequence[str], shown: str, lang: str) -> discord.ui.View:
    return _view(*(
        RulesButton(name, t(f"variant.{name}", lang), disabled=name == shown)
        for name in variants
    ))


def hand_view(
    channel_id: int,
    lang: str,
    *,
    cards: Sequence[tuple[str, str]],  # (value, label) per position, in display order
    melds: Sequence[tuple[str, str]],  # (value, label) per table meld
    selected: dict[str, set[str]],
    sort: str,
    can_draw: bool,
    can_play: bool,
) -> discord.ui.View:
    """The components under a hand: card menus, a table meld menu, then the buttons."""
    items: list[discord.ui.Item[Any]] = []
    shown = list(cards)[:MAX_OPTIONS]
    if shown:
        for row, (slot, code) in enumerate((("a", "bot.select.cards"),
                                            ("b", "bot.select.cards2"))):
            options = [discord.SelectOption(label=label, value=value,
                                            default=value in selected.get(slot, set()))
                       for value, label in shown]
            items.append(CardPick(slot, channel_id, options, t(code, lang), row=row))
    if melds:
        options = [discord.SelectOption(label=label[:100], value=value,
                                        default=value in selected.get("m", set()))
                   for value, label in list(melds)[:MAX_OPTIONS]]
        items.append(CardPick("m", channel_id, options, t("bot.select.meld", lang),
                              max_values=1, row=2))
    no_play = not can_play
    buttons = [
        HandButton("draw", channel_id, t("bot.button.draw", lang), ButtonStyle.primary,
                   disabled=not can_draw),
        HandButton("take", channel_id, t("bot.button.take", lang), disabled=not can_draw),
        HandButton("meld", channel_id, t("bot.button.meld", lang), ButtonStyle.success,
                   disabled=no_play),
        HandButton("layoff", channel_id, t("bot.button.layoff", lang), disabled=no_play),
        HandButton("swap", channel_id, t("bot.button.swap", lang), disabled=no_play),
        HandButton("discard", channel_id, t("bot.button.discard", lang), ButtonStyle.danger,
                   disabled=no_play),
        HandButton("sort", channel_id,
                   t("bot.button.sort", lang, sort=t(f"sort.{sort}", lang))),
    ]
    for index, button in enumerate(buttons):
        button.item.row = 3 + index // 5
        items.append(button)
    return _view(*items)


def tile_hand_view(
    channel_id: int,
    lang: str,
    *,
    tiles: Sequence[tuple[str, str]],  # (value, label) per rack position, in display order
    selected: dict[str, set[str]],
    sort: str,
    my_turn: bool,
    pool_empty: bool,
    editing: bool,
) -> discord.ui.View:
    """The components under a tile rack: a tile menu, then the turn's buttons."""
    items: list[discord.ui.Item[Any]] = []
    shown = list(tiles)[:MAX_OPTIONS]
    if shown:
        options = [discord.SelectOption(label=label, value=value,
                                        default=value in selected.get("a", set()))
                   for value, label in shown]
        items.append(CardPick("a", channel_id, options, t("bot.tiles.select", lang), row=0))
    idle = not my_turn
    draw = ("pass", "bot.tiles.button.pass") if pool_empty else ("draw", "bot.tiles.button.draw")
    buttons = [
        TileButton(draw[0], channel_id, t(draw[1], lang), ButtonStyle.primary, disabled=idle),
        TileButton("undo", channel_id, t("bot.tiles.button.undo", lang),
                   disabled=idle or not editing),
        TileButton("reset", channel_id, t("bot.tiles.button.reset", lang),
                   disabled=idle or not editing),
        TileButton("confirm", channel_id, t("bot.tiles.button.confirm", lang),
                   ButtonStyle.success, disabled=idle or not editing),
        TileButton("arrange", channel_id, t("bot.tiles.button.arrange", lang), disabled=idle),
        TileButton("hint", channel_id, t("bot.tiles.button.hint", lang), disabled=idle),
        HandButton("sort", channel_id,
                   t("bot.button.sort", lang, sort=t(f"sort.tiles.{sort}", lang))),
    ]
    for index, button in enumerate(buttons):
        button.item.row = 1 + index // 5
        items.append(button)
    return _view(*items)


def selection_of(message: discord.Message | None) -> dict[str, list[str]]:
    """The options picked in a hand message's menus: ``{slot: [values]}``."""
    picked: dict[str, list[str]] = {}
    if message is None:
        return picked
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None) or ""
            match = re.fullmatch(r"rami:pick:([abm]):\d+", custom_id)
            if match is None:
                continue
            picked[match[1]] = [o.value for o in getattr(child, "options", []) if o.default]
    return picked
