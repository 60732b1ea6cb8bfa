"""What every feature's components share: a view of dynamic items that discord.py need
not keep, menu options within Discord's limits, buttons laid out in rows, and what a hand
message's menus say (what is picked, whose hand it is).

Every ``custom_id`` is namespaced ``rami:<family>:…`` (the families and their actions are
in each feature's ``components`` module); the hand's menus are
``rami:pick:<slot>:<channel>:<owner>`` (``rami:dpick:…`` for a try of the daily
championship): a pick is stored as the menu's default options by editing the hand
message, so that the next button click reads the selection from the message itself.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Self, TypeVar, cast

import discord
from discord import ButtonStyle

from bot.discord_app.core.feature import Routed
from bot.discord_app.core.replies import fitted

B = TypeVar("B", bound=discord.ui.DynamicItem[Any])
MAX_OPTIONS = 25  # Discord's limit of a menu's options
# Buttons made once and shared (ChannelButton.made): a few states of ~10 buttons a channel,
# for a few hundred channels.
MADE_BUTTONS = 4096
# Hand menus made once and shared (cards.components): a hand's few last states and picks,
# for a few hundred players.
MADE_MENUS = 2048
MENU_TEMPLATE = re.compile(
    r"rami:(?P<family>d?pick):(?P<slot>a|b|m):(?P<channel>\d+)(?::(?P<owner>\d+))?")


class Slot(StrEnum):
    """A hand message's menus: the cards (or tiles) of a first meld, of a second meld,
    and a table meld."""

    FIRST = "a"
    SECOND = "b"
    MELD = "m"


class ChannelButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:(?P<family>[a-z]+):(?P<action>[a-z]+):(?P<channel>\d+)",
):
    """A button about one channel's game: ``rami:<family>:<action>:<channel>``.

    Each feature's subclass names its ``family`` and the ``actions`` it may carry (a
    ``StrEnum``; its template is :func:`template` of both), and its feature routes it;
    only those subclasses are sent and registered.
    """

    family: ClassVar[str] = ""
    actions: ClassVar[type[StrEnum]]

    def __init__(self, action: StrEnum, channel_id: int, label: str = "",
                 style: ButtonStyle = ButtonStyle.secondary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, disabled=disabled,
            custom_id=f"rami:{self.family}:{action}:{channel_id}"))
        self.action, self.channel_id = action, channel_id

    @classmethod
    def made(cls, action: StrEnum, channel_id: int, label: str = "",
             style: ButtonStyle = ButtonStyle.secondary, disabled: bool = False) -> Self:
        """The button of these arguments, made once and shared by the messages that show
        it (a hand's seven buttons come in a few states per channel: building them for
        every message was a sixth of a hand message's CPU). A shared button is sent as it
        is and never changed; clicks on it are routed by its class, as any other's."""
        return cast(Self, _made(cast(Any, cls), action, channel_id, label, style, disabled))

    @classmethod
    def read_action(cls, text: str) -> StrEnum:
        """The action a custom id names (its template admits only the class's)."""
        return cls.actions(text)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        return cls(cls.read_action(match["action"]), int(match["channel"]))


@functools.lru_cache(maxsize=MADE_BUTTONS)
def _made(cls: type[ChannelButton], action: StrEnum, channel_id: int, label: str,
          style: ButtonStyle, disabled: bool) -> ChannelButton:
    return fitted(cls(action, channel_id, label, style, disabled))


def template(family: str, actions: Sequence[str]) -> str:
    """The custom id template of a :class:`ChannelButton` subclass."""
    return rf"rami:{family}:(?P<action>{alternatives(actions)}):(?P<channel>\d+)"


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view of dynamic items, stopped before it is sent.

    Clicks on these items are routed by their classes (registered once with
    :meth:`discord.Client.add_dynamic_items`), never through the view, so discord.py need
    not keep it: a stopped view is sent as it is but not stored. Otherwise discord.py keeps
    every view sent with an ephemeral message (each hand message) for 15 minutes, each with
    its own timer task: tens of thousands of views and tasks alive at a few hundred games.
    """
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def options(pairs: Sequence[tuple[str, str]], selected: dict[str, set[str]],
            slot: str, emojis: Sequence[discord.PartialEmoji | None] = ()
            ) -> list[discord.SelectOption]:
    """A menu's options (the first 25 ``(value, label)`` pairs), picked ones as defaults,
    each with its emoji of ``emojis`` (in the same order; None or missing: none)."""
    chosen = selected.get(slot, set())
    shown = list(emojis)[:MAX_OPTIONS]
    shown += [None] * (min(len(pairs), MAX_OPTIONS) - len(shown))
    return [_option(label[:100], value, value in chosen, emoji)
            for (value, label), emoji in zip(list(pairs)[:MAX_OPTIONS], shown, strict=True)]


@functools.lru_cache(maxsize=8192)
def _option(label: str, value: str, default: bool,
            emoji: discord.PartialEmoji | None = None) -> discord.SelectOption:
    """A menu option, made once (discord.py never changes an option it is given, and
    building one costs as much as the rest of a hand's menu)."""
    return discord.SelectOption(label=label, value=value, default=default, emoji=emoji)


def in_rows(buttons: list[B], *, first: int) -> list[B]:
    """Buttons five to a row, from row ``first`` on."""
    for index, button in enumerate(buttons):
        button.item.row = first + index // 5
    return buttons


def _menus(message: discord.Message | None) -> list[tuple[re.Match[str], Any]]:
    """The hand menus of ``message``: each one's custom_id match and the menu."""
    found: list[tuple[re.Match[str], Any]] = []
    if message is None:
        return found
    for child in _nested(message.components):  # in rows, or in a layout's container
        match = MENU_TEMPLATE.fullmatch(getattr(child, "custom_id", None) or "")
        if match is not None:
            found.append((match, child))
    return found


def selection_of(message: discord.Message | None) -> dict[str, list[str]]:
    """The options picked in a hand message's menus: ``{slot: [values]}``."""
    return {match["slot"]: [o.value for o in getattr(menu, "options", []) if o.default]
            for match, menu in _menus(message)}


def owner_of(message: discord.Message | None) -> int | None:
    """Whose hand ``message`` shows, as its menus say (None: no menu names an owner)."""
    for match, _ in _menus(message):
        if match["owner"] is not None:
            return int(match["owner"])
    return None


def routed(classes: Sequence[type[discord.ui.DynamicItem[Any]]],
           message: discord.Message | None, custom_id: str, component_type: object) -> bool:
    """Whether discord.py hands this click to one of ``classes``: one's template matches
    the custom_id, and the clicked message holds a component of that id and type
    (discord.py drops the click silently otherwise, leaving it unanswered)."""
    if message is None or not any(
            cls.__discord_ui_compiled_template__.fullmatch(custom_id) for cls in classes):
        return False
    return clicked_component(message, custom_id, component_type) is not None


def clicked_component(message: discord.Message | None, custom_id: str,
                      component_type: object) -> discord.Component | None:
    """The component of ``message`` with that custom_id and type (None: it has none)."""
    if message is None:
        return None
    for child in _nested(message.components):
        kind = getattr(child, "type", None)
        if getattr(child, "custom_id", None) == custom_id and getattr(
                kind, "value", kind) == component_type:
            return child  # type: ignore[return-value]
    return None


def _nested(components: Sequence[object]) -> Iterator[object]:
    """Every component, inside rows, containers and sections (their accessories) too."""
    for component in components:
        yield component
        yield from _nested(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def alternatives(values: Sequence[str]) -> str:
    """A regular expression matching one of ``values`` (a template's actions)."""
    return "|".join(re.escape(value) for value in values)
