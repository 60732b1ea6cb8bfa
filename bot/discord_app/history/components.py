"""The history's and the replay's components: persistent, each ``custom_id`` says all a
click needs (whose history, which page or match and step, who may press it), so that a
message sent before a restart still works.

- ``rami:hist:<prev|next>:<page>:<member>:<variant|->:<owner>``: a page of the history;
- ``rami:histopen:<owner>``: the menu opening one of the page's matches (values: ids);
- ``rami:replay:<first|prev|next|last|open>:<match>:<step>:<owner>``: the replay at a
  step (each button names its own target step; the action keeps the ids apart).
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, ClassVar, Self

import discord

from bot.discord_app.core.components import alternatives
from bot.discord_app.core.feature import Routed

ANY_VARIANT = "-"


class PageAction(StrEnum):
    PREV = "prev"
    NEXT = "next"


class StepAction(StrEnum):
    FIRST = "first"
    PREV = "prev"
    NEXT = "next"
    LAST = "last"
    OPEN = "open"  # the replay opened from a match's rounds


STEP_LABELS = {StepAction.FIRST: "⏮", StepAction.PREV: "◀", StepAction.NEXT: "▶",
               StepAction.LAST: "⏭"}


class PageButton(Routed, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=(rf"rami:hist:(?P<action>{alternatives(list(PageAction))})"
                           r":(?P<page>\d+):(?P<member>\d+):(?P<variant>[a-z0-9_-]+)"
                           r":(?P<owner>\d+)")):
    """Go to page ``page`` of ``member``'s history (of ``variant``, None: all)."""

    family: ClassVar[str] = "hist"

    def __init__(self, action: PageAction, page: int, member: int, variant: str | None,
                 owner: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or str(action), style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=f"rami:hist:{action}:{page}:{member}:{variant or ANY_VARIANT}:{owner}"))
        self.action, self.page, self.member = action, page, member
        self.variant, self.owner = variant, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        variant = None if match["variant"] == ANY_VARIANT else match["variant"]
        return cls(PageAction(match["action"]), int(match["page"]), int(match["member"]),
                   variant, int(match["owner"]))


class MatchMenu(Routed, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                template=r"rami:histopen:(?P<owner>\d+)"):
    """Open one of a history page's matches (its values are the matches' ids)."""

    family: ClassVar[str] = "histopen"

    def __init__(self, owner: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"rami:histopen:{owner}", options=options or [],
            placeholder=placeholder or None, min_values=1, max_values=1))
        self.owner = owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        menu = cls(int(match["owner"]))
        values = getattr(item, "values", None) or []
        menu.item.options = [discord.SelectOption(label=v, value=v) for v in values]
        return menu

    def chosen(self, interaction: discord.Interaction) -> str | None:
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        values = data.get("values") or []
        return str(values[0]) if values else None


class StepButton(Routed, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                 template=(rf"rami:replay:(?P<action>{alternatives(list(StepAction))})"
                           r":(?P<match>\d+):(?P<step>\d+):(?P<owner>\d+)")):
    """Show match ``match`` replayed at step ``step`` to ``owner``."""

    family: ClassVar[str] = "replay"

    def __init__(self, action: StepAction, match_id: int, step: int, owner: int,
                 label: str = "", disabled: bool = False) -> None:
        style = (discord.ButtonStyle.primary if action is StepAction.OPEN
                 else discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(
            label=label or STEP_LABELS.get(action, str(action)), style=style,
            disabled=disabled, custom_id=f"rami:replay:{action}:{match_id}:{step}:{owner}"))
        self.action, self.match_id, self.step, self.owner = action, match_id, step, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(StepAction(match["action"]), int(match["match"]), int(match["step"]),
                   int(match["owner"]))
