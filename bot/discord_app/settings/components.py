"""The buttons and the menu that lead to the settings' forms (persistent: they work after a
restart, their ``custom_id`` says which form): ``rami:setform:<topic>:<page>`` opens a
topic's form, ``rami:setrules`` picks the variant whose rules are shown,
``rami:setrule:<variant>:<page>`` opens a page of its rules."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.discord_app.core.components import alternatives, view_of
from bot.discord_app.core.feature import Routed
from bot.discord_app.core.i18n import t
from bot.discord_app.settings.forms import (
    Topic,
    cut,
    pages,
    rule_page_count,
    setting_fields,
    topics,
)
from engine import RuleSet
from engine.variants import variant_names


class TopicButton(Routed, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=rf"rami:setform:(?P<topic>{alternatives(list(Topic))}):"
                           r"(?P<page>\d{1,2})"):
    """Opens a form of a topic (``page``: its number, from 1)."""

    family: ClassVar[str] = "setform"

    def __init__(self, topic: Topic, page: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or topic, style=discord.ButtonStyle.primary,
                                           custom_id=f"rami:setform:{topic}:{page}"))
        self.topic, self.page = topic, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(Topic(match["topic"]), int(match["page"]))


class RulesMenu(Routed, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                template=r"rami:setrules"):
    """Picks the variant whose rules the message shows and whose forms it offers."""

    family: ClassVar[str] = "setrules"

    def __init__(self, shown: str = "", lang: str = "en") -> None:
        super().__init__(discord.ui.Select(
            custom_id="rami:setrules", min_values=1, max_values=1,
            placeholder=cut(t("bot.form.rules.pick", lang), 150),
            options=[discord.SelectOption(label=cut(t(f"variant.{name}", lang), 100),
                                          value=name, default=name == shown)
                     for name in variant_names()[:25]]))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        menu = cls()
        if isinstance(item, discord.ui.Select):
            menu.item.options = item.options
        return menu

    @property
    def picked(self) -> str | None:
        values = self.item.values
        return values[0] if values else None


class RulePageButton(Routed, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                     template=r"rami:setrule:(?P<variant>[a-z0-9_-]{1,32}):(?P<page>\d{1,2})"):
    """Opens a page of a variant's rules."""

    family: ClassVar[str] = "setrule"

    def __init__(self, variant: str, page: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or str(page),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"rami:setrule:{variant}:{page}"))
        self.variant, self.page = variant, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        return cls(match["variant"], int(match["page"]))


def forms_rows(variant: str, rules: RuleSet, lang: str) -> list[list[Any]]:
    """The rows under the settings: the buttons to every topic's forms, the menu of the
    variants, and the buttons to the forms of ``variant``'s rules (``rules``: as the
    server plays it), five buttons to a row."""
    buttons: list[discord.ui.DynamicItem[Any]] = []
    for topic in topics():
        count = len(pages(setting_fields(topic)))
        for page in range(1, count + 1):
            label = t(f"bot.form.button.{topic}", lang) + (f" {page}/{count}" if count > 1 else "")
            buttons.append(TopicButton(topic, page, cut(label, 80)))
    count = rule_page_count(rules)
    rule_buttons = [RulePageButton(variant, page, cut(t("bot.form.button.rules", lang,
                                                        page=page, pages=count), 80))
                    for page in range(1, count + 1)]
    return [*(buttons[i:i + 5] for i in range(0, len(buttons), 5)),
            [RulesMenu(variant, lang)],
            *(rule_buttons[i:i + 5] for i in range(0, len(rule_buttons), 5))]


def forms_view(variant: str, rules: RuleSet, lang: str) -> discord.ui.View:
    """:func:`forms_rows` as rows of a message sent before layouts."""
    rows = forms_rows(variant, rules, lang)
    for number, items in enumerate(rows):
        for item in items:
            item.item.row = number
    return view_of(*(item for items in rows for item in items))
