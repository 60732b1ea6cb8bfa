"""The buttons of a notification: show the hand in the DM, turn notifications off
(``rami:notify:<action>:<channel>``: persistent, they work after a restart)."""

from __future__ import annotations

import enum
import re
from typing import Any, ClassVar, Self

import discord

from bot.discord_app.core.feature import Routed
from bot.discord_app.core.i18n import t


class NotifyAction(enum.StrEnum):
    HAND = "hand"  # the caller's hand at that table, shown in the DM
    OFF = "off"  # no more notifications


class NotifyButton(Routed, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"rami:notify:(?P<action>hand|off):(?P<channel>\d+)"):
    """A notification's button (``channel``: the table it is about)."""

    family: ClassVar[str] = "notify"

    def __init__(self, action: NotifyAction, channel_id: int, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(
            label=t(f"bot.notify.button.{action}", lang),
            style=(discord.ButtonStyle.primary if action is NotifyAction.HAND
                   else discord.ButtonStyle.secondary),
            custom_id=f"rami:notify:{action}:{channel_id}"))
        self.action = action
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(NotifyAction(match["action"]), int(match["channel"]))
