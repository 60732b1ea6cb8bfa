"""The buttons of ``forget-me``: persistent, they work after a restart."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.discord_app.core.feature import Routed
from bot.discord_app.core.i18n import t


class ForgetButton(Routed, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                   template=r"rami:forget:(?P<answer>yes|no):(?P<user>\d+)"):
    """Confirm or cancel ``forget-me`` (``rami:forget:<yes|no>:<user>``); only the player
    who asked may press it."""

    family: ClassVar[str] = "forget"

    def __init__(self, user_id: int, answer: str, lang: str = "en") -> None:
        confirm = answer == "yes"
        super().__init__(discord.ui.Button(
            label=t("bot.forget.confirm" if confirm else "bot.forget.cancel", lang),
            style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
            custom_id=f"rami:forget:{answer}:{user_id}"))
        self.user_id = user_id
        self.answer = answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(int(match["user"]), match["answer"])
