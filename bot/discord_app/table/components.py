"""The components of the lobby, the public table and the rules:

- ``rami:lobby:<action>:<channel>`` (:class:`LobbyButton`, :class:`LobbyAction`): join,
  leave, a computer player of each level, start, cancel (``ai`` seats a medium computer
  player, as it did before the levels were offered);
- ``rami:table:<action>:<channel>`` (:class:`TableButton`, :class:`TableAction`): the
  table's *My hand* and *Score*, a round's *Next round*, a match's *New match*;
- ``rami:rules:<variant>`` (:class:`RulesButton`): a variant's rules.

The views are cached: they hold only dynamic items, so discord.py keeps no per-message
state for them and one instance can be sent with many messages (building a view costs a
system call for its random id).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar, Self

import discord
from discord import ButtonStyle

from bot.discord_app.core.components import ChannelButton, template, view_of
from bot.discord_app.core.feature import Routed
from bot.discord_app.core.i18n import t
from engine.ai import Level

VIEW_CACHE_SIZE = 1024


class LobbyAction(StrEnum):
    """What a lobby button does."""

    JOIN = "join"
    LEAVE = "leave"
    EASY = "aieasy"
    MEDIUM = "ai"
    HARD = "aihard"
    START = "start"
    CANCEL = "cancel"

    @property
    def level(self) -> Level | None:
        """The level of the computer player this button seats (None: not such a button)."""
        return COMPUTER_LEVELS.get(self)


COMPUTER_LEVELS = {LobbyAction.EASY: Level.EASY, LobbyAction.MEDIUM: Level.MEDIUM,
                   LobbyAction.HARD: Level.HARD}
LOBBY_ORDER = (LobbyAction.JOIN, LobbyAction.LEAVE, LobbyAction.START, LobbyAction.CANCEL,
               LobbyAction.EASY, LobbyAction.MEDIUM, LobbyAction.HARD)


class TableAction(StrEnum):
    """What a button of the table's messages does."""

    HAND = "hand"
    SCORE = "score"
    NEXT = "next"
    REMATCH = "rematch"


class LobbyButton(ChannelButton, template=template("lobby", list(LobbyAction))):
    """A lobby button: ``rami:lobby:<action>:<channel>``."""

    family: ClassVar[str] = "lobby"
    actions = LobbyAction
    action: LobbyAction


class TableButton(ChannelButton, template=template("table", list(TableAction))):
    """A button of the table, round or match message: ``rami:table:<action>:<channel>``."""

    family: ClassVar[str] = "table"
    actions = TableAction
    action: TableAction


class RulesButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:rules:(?P<variant>[a-z0-9]+)",
):
    """A variant's button under the rules: ``rami:rules:<variant>``."""

    family: ClassVar[str] = "rules"

    def __init__(self, variant: str, label: str = "", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or variant, custom_id=f"rami:rules:{variant}", disabled=disabled))
        self.variant = variant

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(match["variant"])


@functools.lru_cache(maxsize=VIEW_CACHE_SIZE)
def lobby_view(channel_id: int, lang: str) -> discord.ui.View:
    return view_of(*lobby_buttons(channel_id, lang))


def lobby_buttons(channel_id: int, lang: str) -> list[LobbyButton]:
    """The lobby's buttons, made anew: join, leave, the computer levels, start, cancel
    (``item.row``: the row of five it sits in)."""
    styles = {LobbyAction.JOIN: ButtonStyle.primary, LobbyAction.START: ButtonStyle.success,
              LobbyAction.CANCEL: ButtonStyle.danger}
    buttons = []
    for index, action in enumerate(LOBBY_ORDER):
        level = action.level
        label = (t("bot.button.add_ai_level", lang, level=t(f"bot.level.{level}", lang))
                 if level else t(f"bot.button.{action}", lang))
        button = LobbyButton(action, channel_id, label,
                             styles.get(action, ButtonStyle.secondary))
        button.item.row = 0 if index < 4 else 1
        buttons.append(button)
    return buttons


@functools.lru_cache(maxsize=VIEW_CACHE_SIZE)
def table_view(channel_id: int, lang: str) -> discord.ui.View:
    return view_of(*table_buttons(channel_id, lang))


def table_buttons(channel_id: int, lang: str) -> list[TableButton]:
    """The table message's buttons (made once and shared: :meth:`ChannelButton.made`)."""
    return [
        TableButton.made(TableAction.HAND, channel_id, t("bot.button.hand", lang),
                         ButtonStyle.primary),
        TableButton.made(TableAction.SCORE, channel_id, t("bot.button.score", lang)),
    ]


@functools.lru_cache(maxsize=VIEW_CACHE_SIZE)
def round_over_view(channel_id: int, lang: str) -> discord.ui.View:
    return view_of(TableButton(TableAction.NEXT, channel_id, t("bot.button.next_round", lang),
                               ButtonStyle.success))


@functools.lru_cache(maxsize=VIEW_CACHE_SIZE)
def match_over_view(channel_id: int, lang: str) -> discord.ui.View:
    return view_of(TableButton(TableAction.REMATCH, channel_id,
                               t("bot.button.new_match", lang), ButtonStyle.success))


def rules_buttons(variants: Sequence[str], shown: str, lang: str) -> list[RulesButton]:
    """A button per variant, to show its rules (``shown``'s disabled)."""
    return [RulesButton(name, t(f"variant.{name}", lang), disabled=name == shown)
            for name in variants]


def rules_view(variants: Sequence[str], shown: str, lang: str) -> discord.ui.View:
    """:func:`rules_buttons` in rows, under a rules message sent before layouts."""
    return view_of(*rules_buttons(variants, shown, lang))
