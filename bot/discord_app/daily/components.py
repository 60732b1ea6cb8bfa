"""The components of a try of the daily championship, played in one private message:
``rami:daily:<action>:<try>`` (:class:`TryButton`: the hand's actions, then a finished
try's *Another try* and *Ranking*) and ``rami:dpick:<slot>:<try>`` (:class:`TryPick`: the
hand's menus). ``try`` names the try (:func:`bot.session.daily.try_ref`), so that a click
on an older try's message is refused; a try's message is its player's own (ephemeral;
the try checks its player)."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, ClassVar, Self

import discord
from discord import ButtonStyle

from bot.discord_app.cards.components import HandButton, HandPick
from bot.discord_app.core.components import Slot, template, view_of
from bot.discord_app.core.i18n import t
from bot.session.card_clicks import HandAction


class TryEnd(StrEnum):
    """The buttons of a finished try."""

    AGAIN = "again"
    RANKING = "ranking"


TRY_ACTIONS = (*HandAction, *TryEnd)


class TryButton(HandButton, template=template("daily", TRY_ACTIONS)):
    """A button of a try's message: ``rami:daily:<action>:<try>`` (``channel_id`` is the
    try's reference)."""

    family: ClassVar[str] = "daily"
    action: HandAction | TryEnd  # type: ignore[assignment]

    @classmethod
    def read_action(cls, text: str) -> HandAction | TryEnd:
        return TryEnd(text) if text in TryEnd.__members__.values() else HandAction(text)


class TryPick(
    HandPick,
    template=r"rami:dpick:(?P<slot>a|b|m):(?P<channel>\d+)(?::(?P<owner>\d+))?",
):
    """A menu of a try's hand: ``rami:dpick:<slot>:<try>``."""

    family: ClassVar[str] = "dpick"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(Slot(match["slot"]), int(match["channel"]))


def try_over_buttons(ref: int, lang: str, *, again: bool) -> list[TryButton]:
    """The buttons of a finished try: another try (when one is left), the ranking."""
    return [
        TryButton(TryEnd.AGAIN, ref, t("bot.daily.button.again", lang),
                  ButtonStyle.success, disabled=not again),
        TryButton(TryEnd.RANKING, ref, t("bot.daily.button.ranking", lang)),
    ]


def try_over_view(ref: int, lang: str, *, again: bool) -> discord.ui.View:
    """:func:`try_over_buttons` in a row, under a try's message sent before layouts."""
    return view_of(*try_over_buttons(ref, lang, again=again))
