"""The components of a player's private hand: its buttons and its menus.

- ``rami:hand:<action>:<channel>`` (:class:`HandButton`, actions :class:`HandAction`):
  draw, take the discard, meld, lay off, swap a joker, discard, sort. The rack of tile
  rummy has its own buttons (:mod:`bot.discord_app.tiles.components`) and this sort
  button;
- ``rami:lay:<meld>:<channel>`` (:class:`LayOffButton`): lay the cards picked off on
  table meld ``<meld>`` (numbered from 1), beside that meld in a layout hand message;
- ``rami:leave:<meld>:<channel>`` (:class:`LeaveOutButton`): before an opening, leave
  the cards of meld ``<meld>`` (from 1) of the opening proposed out of the picks;
- ``rami:pick:<slot>:<channel>:<owner>`` (:class:`HandPick`): the hand's menus, cards
  (or tiles) of a first meld, of a second meld, a table meld, of the player ``owner``
  (older messages lack it); see :mod:`bot.discord_app.core.components`.

A click is checked against the game as it is now (the session layer refuses a stale
one); a pick or a button on someone else's hand message is refused.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Self, cast

import discord
from discord import ButtonStyle

from bot.discord_app.core.components import (
    MADE_MENUS,
    MENU_TEMPLATE,
    ChannelButton,
    Slot,
    in_rows,
    options,
    template,
)
from bot.discord_app.core.feature import Routed
from bot.discord_app.core.i18n import t
from bot.discord_app.core.replies import fitted
from bot.session.card_clicks import HandAction
from engine.i18n import Catalog, catalog


class HandButton(ChannelButton, template=template("hand", list(HandAction))):
    """A button under a player's hand: ``rami:hand:<action>:<channel>``."""

    family: ClassVar[str] = "hand"
    actions = HandAction
    action: HandAction


class LayOffButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:lay:(?P<meld>\d+):(?P<channel>\d+)",
):
    """A button beside a table meld the cards picked fit: ``rami:lay:<meld>:<channel>``
    (``meld`` numbered from 1, as the commands and the message number them)."""

    family: ClassVar[str] = "lay"

    def __init__(self, meld: int, channel_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or str(meld), style=ButtonStyle.success,
            custom_id=f"rami:{self.family}:{meld}:{channel_id}"))
        self.meld, self.channel_id = meld, channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(int(match["meld"]), int(match["channel"]))


class LeaveOutButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:leave:(?P<meld>\d+):(?P<channel>\d+)",
):
    """A button beside a meld of the opening a hand proposes: its cards are no longer
    picked (``rami:leave:<meld>:<channel>``, ``meld`` numbered from 1 in the proposal)."""

    family: ClassVar[str] = "leave"

    def __init__(self, meld: int, channel_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=label or str(meld), style=ButtonStyle.secondary,
            custom_id=f"rami:{self.family}:{meld}:{channel_id}"))
        self.meld, self.channel_id = meld, channel_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(int(match["meld"]), int(match["channel"]))


class HandPick(
    Routed,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rami:pick:(?P<slot>a|b|m):(?P<channel>\d+)(?::(?P<owner>\d+))?",
):
    """A menu of ``owner``'s hand (``rami:pick:<slot>:<channel>:<owner>``, without the
    owner on messages sent before it was added)."""

    family: ClassVar[str] = "pick"

    def __init__(self, slot: Slot, channel_id: int,
                 choices: Sequence[discord.SelectOption] = (), placeholder: str = "",
                 max_values: int | None = None, row: int | None = None,
                 owner: int | None = None) -> None:
        choices = list(choices) or [discord.SelectOption(label="-", value="-")]
        mine = "" if owner is None else f":{owner}"
        super().__init__(discord.ui.Select(
            custom_id=f"rami:{self.family}:{slot}:{channel_id}{mine}",
            placeholder=placeholder or None, options=choices, min_values=0,
            max_values=max_values or len(choices), row=row))
        self.slot, self.channel_id, self.owner = slot, channel_id, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        owner = match["owner"]
        return cls(Slot(match["slot"]), int(match["channel"]),
                   owner=int(owner) if owner is not None else None)


assert MENU_TEMPLATE.fullmatch("rami:pick:a:1:2")  # the one pattern of every hand menu


def hand_items(
    channel_id: int,
    lang: str,
    *,
    cards: Sequence[tuple[str, str]],  # (value, label) per position, in display order
    card_emojis: Sequence[discord.PartialEmoji | None] = (),  # per position, if loaded
    melds: Sequence[tuple[str, str]],  # (value, label) per table meld
    selected: dict[str, set[str]],
    sort: str,
    can_draw: bool,
    can_play: bool,
    owner: int | None = None,
    button: type[HandButton] = HandButton,
    pick: type[HandPick] = HandPick,
) -> tuple[list[discord.ui.Item[Any]], list[discord.ui.Item[Any]]]:
    """The components of ``owner``'s hand: card menus and a table meld menu (each a
    row), and the buttons (five to a row), apart: the message places them itself
    (``button`` and ``pick``: the classes of a try of the daily championship,
    ``channel_id`` then naming the try)."""
    items: list[discord.ui.Item[Any]] = []
    if cards:
        shown, faces = tuple(cards), tuple(card_emojis)
        for row, (slot, code) in enumerate(((Slot.FIRST, "bot.select.cards"),
                                            (Slot.SECOND, "bot.select.cards2"))):
            items.append(_menu(cast(Any, pick), slot, channel_id, shown, faces,
                               frozenset(selected.get(slot, ())), t(code, lang), None, row,
                               owner))
    if melds:
        items.append(_menu(cast(Any, pick), Slot.MELD, channel_id, tuple(melds), (),
                           frozenset(selected.get(Slot.MELD, ())),
                           t("bot.select.meld", lang), 1, 2, owner))
    return items, list(_hand_buttons(cast(Any, button), channel_id, lang, sort, can_draw, can_play,
                                     catalog()))


@functools.lru_cache(maxsize=MADE_MENUS)
def _hand_buttons(button: type[HandButton], channel_id: int, lang: str, sort: str,
                  can_draw: bool, can_play: bool, words: Catalog) -> tuple[HandButton, ...]:
    """A hand's seven buttons in these states, their labels looked up once in ``words``
    (the catalog in use: another one, another label)."""
    make = functools.partial(button.made, channel_id=channel_id)
    no_play = not can_play
    buttons = [
        make(HandAction.DRAW, label=t("bot.button.draw", lang), style=ButtonStyle.primary,
             disabled=not can_draw),
        make(HandAction.TAKE, label=t("bot.button.take", lang), disabled=not can_draw),
        make(HandAction.MELD, label=t("bot.button.meld", lang), style=ButtonStyle.success,
             disabled=no_play),
        make(HandAction.LAYOFF, label=t("bot.button.layoff", lang), disabled=no_play),
        make(HandAction.SWAP, label=t("bot.button.swap", lang), disabled=no_play),
        make(HandAction.DISCARD, label=t("bot.button.discard", lang),
             style=ButtonStyle.danger, disabled=no_play),
        make(HandAction.SORT, label=t("bot.button.sort", lang, sort=t(f"sort.{sort}", lang))),
    ]
    return tuple(in_rows(buttons, first=3))


@functools.lru_cache(maxsize=MADE_MENUS)
def _menu(pick: type[HandPick], slot: Slot, channel_id: int,
          pairs: tuple[tuple[str, str], ...], emojis: tuple[discord.PartialEmoji | None, ...],
          chosen: frozenset[str], placeholder: str, max_values: int | None, row: int,
          owner: int | None) -> HandPick:
    """A hand's menu, made once for these options and picks and shared by the messages
    that show it (a pick changes one menu of the hand, a refresh none), as its buttons
    are (:meth:`~bot.discord_app.core.components.ChannelButton.made`): sent as it is,
    never changed."""
    return fitted(pick(slot, channel_id, options(pairs, {slot: set(chosen)}, slot, emojis),
                       placeholder, max_values=max_values, row=row, owner=owner))
