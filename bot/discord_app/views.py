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
- ``rami:pick:<a|b|m>:<channel>:<owner>``: the hand's select menus (cards of a first meld,
  of a second meld, a table meld) of the player ``owner`` (older messages lack it). A pick
  is stored as the menu's default options by editing the hand message, so the next button
  click reads the selection from the message itself; a pick or a button on someone
  else's hand message is refused (:func:`owner_of`);
- ``rami:daily:<draw|…|sort|again|ranking>:<try>`` and ``rami:dpick:<a|b|m>:<try>``: the
  same hand for a try of the daily championship, played in the caller's server (``try``:
  :func:`bot.session.daily.try_ref`), with the buttons of a finished try (another try,
  the ranking);
- ``rami:rules:<variant>``: the rules message.

The component classes are made by :func:`component_classes` around the object that
handles their clicks (:class:`ComponentHandlers`), and :class:`Components` builds every
message's components from them: nothing looks a handler up on the client.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self, cast

import discord
from discord import ButtonStyle

from bot.discord_app.i18n import t
from engine.ai import Level

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "aieasy", "ai", "aihard")
COMPUTER_LEVELS = {"aieasy": Level.EASY, "ai": Level.MEDIUM, "aihard": Level.HARD}
TABLE_ACTIONS = ("hand", "score", "next", "rematch")
HAND_ACTIONS = ("draw", "take", "meld", "layoff", "swap", "discard", "sort")
TILE_ACTIONS = ("draw", "pass", "undo", "reset", "confirm", "hint", "arrange")
TRY_ACTIONS = (*HAND_ACTIONS, "again", "ranking")  # a try's hand, and its end
PICK_SLOTS = ("a", "b", "m")
MAX_OPTIONS = 25
VIEW_CACHE_SIZE = 1024

ChannelClick = Callable[[discord.Interaction, str, int], Awaitable[None]]
# A menu pick: the interaction, the slot, the channel (a try's ref), the values picked and
# the hand's owner as its custom_id names it.
PickClick = Callable[[discord.Interaction, str, int, Sequence[str], int | None],
                     Awaitable[None]]


class ComponentHandlers(Protocol):
    """What handles the clicks on the bot's components (``channel_id`` from the custom_id)."""

    async def lobby_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None: ...

    async def table_button(self, interaction: discord.Interaction, action: str,
                           channel_id: int) -> None: ...

    async def hand_button(self, interaction: discord.Interaction, action: str,
                          channel_id: int) -> None: ...

    async def tile_button(self, interaction: discord.Interaction, action: str,
                          channel_id: int) -> None: ...

    async def pick(self, interaction: discord.Interaction, slot: str, channel_id: int,
                   values: Sequence[str], owner: int | None) -> None: ...

    async def rules_button(self, interaction: discord.Interaction, variant: str) -> None: ...

    async def try_button(self, interaction: discord.Interaction, action: str,
                         ref: int) -> None: ...

    async def try_pick(self, interaction: discord.Interaction, slot: str, ref: int,
                       values: Sequence[str]) -> None: ...


def _alternatives(names: Sequence[str]) -> str:
    return "|".join(re.escape(name) for name in names)


class ChannelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:(?P<family>[a-z]+):(?P<action>[a-z]+):(?P<channel>\d+)",
):
    """A button about one channel's game: ``rami:<family>:<action>:<channel>``.

    Only the subclasses made by :func:`component_classes` are sent and registered: each
    knows its family, its actions and what handles its clicks.
    """

    family: ClassVar[str] = ""

    def __init__(self, action: str, channel_id: int, label: str = "",
                 style: ButtonStyle = ButtonStyle.secondary, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, disabled=disabled,
            custom_id=f"rami:{self.family}:{action}:{channel_id}"))
        self.action, self.channel_id = action, channel_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(match["action"], int(match["channel"]))


class CardPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"rami:(?P<family>d?pick):(?P<slot>{_alternatives(PICK_SLOTS)}):(?P<channel>\d+)"
             r"(?::(?P<owner>\d+))?",
):
    """A menu of ``owner``'s hand (``rami:pick:<slot>:<channel>:<owner>``, without the
    owner on messages sent before it was added; a try's ``rami:dpick``); see
    :func:`component_classes`."""

    family: ClassVar[str] = "pick"

    def __init__(self, slot: str, channel_id: int,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "",
                 max_values: int | None = None, row: int | None = None,
                 owner: int | None = None) -> None:
        options = list(options) or [discord.SelectOption(label="-", value="-")]
        mine = "" if owner is None else f":{owner}"
        super().__init__(discord.ui.Select(
            custom_id=f"rami:{self.family}:{slot}:{channel_id}{mine}",
            placeholder=placeholder or None,
            options=options,
            min_values=0,
            max_values=max_values or len(options),
            row=row,
        ))
        self.slot, self.channel_id, self.owner = slot, channel_id, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        owner = match["owner"]
        return cls(match["slot"], int(match["channel"]),
                   owner=int(owner) if owner is not None else None)


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rami:rules:(?P<variant>[a-z0-9]+)",
):
    """A variant's button under the rules; see :func:`component_classes`."""

    def __init__(self, variant: str, label: str = "", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or variant, custom_id=f"rami:rules:{variant}", disabled=disabled))
        self.variant = variant

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(match["variant"])


@dataclass(frozen=True, slots=True)
class ComponentClasses:
    """The component classes bound to one handler, one per ``custom_id`` family."""

    lobby: type[ChannelButton]
    table: type[ChannelButton]
    hand: type[ChannelButton]
    tiles: type[ChannelButton]
    pick: type[CardPick]
    rules: type[RulesButton]
    daily: type[ChannelButton]
    daily_pick: type[CardPick]

    def all(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
        """Every class, for :meth:`discord.Client.add_dynamic_items`."""
        return (self.lobby, self.table, self.hand, self.tiles, self.pick, self.rules,
                self.daily, self.daily_pick)


def _channel_button(family: str, actions: Sequence[str],
                    click: ChannelClick) -> type[ChannelButton]:
    class Button(
        ChannelButton,
        template=rf"rami:{family}:(?P<action>{_alternatives(actions)}):(?P<channel>\d+)",
    ):
        async def callback(self, interaction: discord.Interaction) -> None:
            await click(interaction, self.action, self.channel_id)

    Button.family = family
    Button.__name__ = Button.__qualname__ = f"{family.title()}Button"
    return Button


def _card_pick(family: str, click: PickClick) -> type[CardPick]:
    class Pick(
        CardPick,
        template=rf"rami:{family}:(?P<slot>{_alternatives(PICK_SLOTS)}):(?P<channel>\d+)"
                 r"(?::(?P<owner>\d+))?",
    ):
        async def callback(self, interaction: discord.Interaction) -> None:
            data = cast("dict[str, Any]", interaction.data or {})
            values = [str(v) for v in data.get("values", [])]
            await click(interaction, self.slot, self.channel_id, values, self.owner)

    Pick.family = family
    Pick.__name__ = Pick.__qualname__ = f"{family.title()}Menu"
    return Pick


def component_classes(handlers: ComponentHandlers) -> ComponentClasses:
    """The component classes whose clicks go to ``handlers``."""
    class Rules(RulesButton, template=RulesButton.__discord_ui_compiled_template__):
        async def callback(self, interaction: discord.Interaction) -> None:
            await handlers.rules_button(interaction, self.variant)

    async def try_pick(interaction: discord.Interaction, slot: str, ref: int,
                       values: Sequence[str], owner: int | None) -> None:
        # A try's message is the player's own (ephemeral; the try checks its player).
        await handlers.try_pick(interaction, slot, ref, values)

    return ComponentClasses(
        lobby=_channel_button("lobby", LOBBY_ACTIONS, handlers.lobby_button),
        table=_channel_button("table", TABLE_ACTIONS, handlers.table_button),
        hand=_channel_button("hand", HAND_ACTIONS, handlers.hand_button),
        tiles=_channel_button("tiles", TILE_ACTIONS, handlers.tile_button),
        pick=_card_pick("pick", handlers.pick), rules=Rules,
        daily=_channel_button("daily", TRY_ACTIONS, handlers.try_button),
        daily_pick=_card_pick("dpick", try_pick),
    )


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
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


class Components:
    """Builds the components of every message the bot sends, around one click handler."""

    def __init__(self, handlers: ComponentHandlers) -> None:
        self.classes = component_classes(handlers)
        # These views hold only dynamic items, so discord.py keeps no per-message state for
        # them and one instance can be sent with many messages: they are cached (building a
        # view costs a system call for its random id).
        cache = functools.lru_cache(maxsize=VIEW_CACHE_SIZE)
        self._lobby = cache(self._lobby_view)
        self._table = cache(self._table_view)
        self._round_over = cache(self._round_over_view)
        self._match_over = cache(self._match_over_view)

    def lobby_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return self._lobby(channel_id, lang)

    def table_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return self._table(channel_id, lang)

    def round_over_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return self._round_over(channel_id, lang)

    def match_over_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return self._match_over(channel_id, lang)

    def _lobby_view(self, channel_id: int, lang: str) -> discord.ui.View:
        styles = {"join": ButtonStyle.primary, "start": ButtonStyle.success,
                  "cancel": ButtonStyle.danger}
        buttons = []
        for index, action in enumerate(LOBBY_ACTIONS):
            level = COMPUTER_LEVELS.get(action)
            label = (t("bot.button.add_ai_level", lang, level=t(f"bot.level.{level}", lang))
                     if level else t(f"bot.button.{action}", lang))
            button = self.classes.lobby(action, channel_id, label,
                                        styles.get(action, ButtonStyle.secondary))
            button.item.row = 0 if index < 4 else 1
            buttons.append(button)
        return _view(*buttons)

    def _table_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return _view(
            self.classes.table("hand", channel_id, t("bot.button.hand", lang),
                               ButtonStyle.primary),
            self.classes.table("score", channel_id, t("bot.button.score", lang)),
        )

    def _round_over_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return _view(self.classes.table("next", channel_id, t("bot.button.next_round", lang),
                                        ButtonStyle.success))

    def _match_over_view(self, channel_id: int, lang: str) -> discord.ui.View:
        return _view(self.classes.table("rematch", channel_id, t("bot.button.new_match", lang),
                                        ButtonStyle.success))

    def rules_view(self, variants: Sequence[str], shown: str, lang: str) -> discord.ui.View:
        return _view(*(
            self.classes.rules(name, t(f"variant.{name}", lang), disabled=name == shown)
            for name in variants
        ))

    def hand_view(
        self,
        channel_id: int,
        lang: str,
        *,
        cards: Sequence[tuple[str, str]],  # (value, label) per position, in display order
        melds: Sequence[tuple[str, str]],  # (value, label) per table meld
        selected: dict[str, set[str]],
        sort: str,
        can_draw: bool,
        can_play: bool,
        owner: int | None = None,
        daily: bool = False,
    ) -> discord.ui.View:
        """The components under ``owner``'s hand: card menus, a table meld menu, then the
        buttons (``daily``: of a try of the daily championship, ``channel_id`` naming the
        try)."""
        pick = self.classes.daily_pick if daily else self.classes.pick
        items: list[discord.ui.Item[Any]] = []
        if cards:
            for row, (slot, code) in enumerate((("a", "bot.select.cards"),
                                                ("b", "bot.select.cards2"))):
                items.append(pick(slot, channel_id, _options(cards, selected, slot),
                                  t(code, lang), row=row, owner=owner))
        if melds:
            items.append(pick("m", channel_id, _options(melds, selected, "m"),
                              t("bot.select.meld", lang), max_values=1, row=2, owner=owner))
        button = functools.partial(self.classes.daily if daily else self.classes.hand,
                                   channel_id=channel_id)
        no_play = not can_play
        buttons = [
            button("draw", label=t("bot.button.draw", lang), style=ButtonStyle.primary,
                   disabled=not can_draw),
            button("take", label=t("bot.button.take", lang), disabled=not can_draw),
            button("meld", label=t("bot.button.meld", lang), style=ButtonStyle.success,
                   disabled=no_play),
            button("layoff", label=t("bot.button.layoff", lang), disabled=no_play),
            button("swap", label=t("bot.button.swap", lang), disabled=no_play),
            button("discard", label=t("bot.button.discard", lang), style=ButtonStyle.danger,
                   disabled=no_play),
            button("sort", label=t("bot.button.sort", lang, sort=t(f"sort.{sort}", lang))),
        ]
        return _view(*items, *_rows(buttons, first=3))

    def try_over_view(self, ref: int, lang: str, *, again: bool) -> discord.ui.View:
        """The buttons under a finished try: another try (when one is left), the ranking."""
        return _view(
            self.classes.daily("again", ref, t("bot.daily.button.again", lang),
                               ButtonStyle.success, disabled=not again),
            self.classes.daily("ranking", ref, t("bot.daily.button.ranking", lang)),
        )

    def tile_hand_view(
        self,
        channel_id: int,
        lang: str,
        *,
        tiles: Sequence[tuple[str, str]],  # (value, label) per rack position, in display order
        selected: dict[str, set[str]],
        sort: str,
        my_turn: bool,
        pool_empty: bool,
        editing: bool,
        owner: int | None = None,
    ) -> discord.ui.View:
        """The components under ``owner``'s tile rack: a tile menu, then the turn's
        buttons."""
        items: list[discord.ui.Item[Any]] = []
        if tiles:
            items.append(self.classes.pick("a", channel_id, _options(tiles, selected, "a"),
                                           t("bot.tiles.select", lang), row=0, owner=owner))
        idle = not my_turn
        button = functools.partial(self.classes.tiles, channel_id=channel_id)
        draw, draw_label = (("pass", "bot.tiles.button.pass") if pool_empty
                            else ("draw", "bot.tiles.button.draw"))
        buttons = [
            button(draw, label=t(draw_label, lang), style=ButtonStyle.primary, disabled=idle),
            button("undo", label=t("bot.tiles.button.undo", lang), disabled=idle or not editing),
            button("reset", label=t("bot.tiles.button.reset", lang),
                   disabled=idle or not editing),
            button("confirm", label=t("bot.tiles.button.confirm", lang),
                   style=ButtonStyle.success, disabled=idle or not editing),
            button("arrange", label=t("bot.tiles.button.arrange", lang), disabled=idle),
            button("hint", label=t("bot.tiles.button.hint", lang), disabled=idle),
            self.classes.hand("sort", channel_id,
                              t("bot.button.sort", lang, sort=t(f"sort.tiles.{sort}", lang))),
        ]
        return _view(*items, *_rows(buttons, first=1))


def _options(pairs: Sequence[tuple[str, str]], selected: dict[str, set[str]],
             slot: str) -> list[discord.SelectOption]:
    """A menu's options (the first 25 ``(value, label)`` pairs), picked ones as defaults."""
    chosen = selected.get(slot, set())
    return [_option(label[:100], value, value in chosen)
            for value, label in list(pairs)[:MAX_OPTIONS]]


@functools.lru_cache(maxsize=8192)
def _option(label: str, value: str, default: bool) -> discord.SelectOption:
    """A menu option, made once (discord.py never changes an option it is given, and
    building one costs as much as the rest of a hand's menu)."""
    return discord.SelectOption(label=label, value=value, default=default)


def _rows(buttons: list[ChannelButton], *, first: int) -> list[ChannelButton]:
    """Buttons five to a row, from row ``first`` on."""
    for index, button in enumerate(buttons):
        button.item.row = first + index // 5
    return buttons


def _picks(message: discord.Message | None) -> list[tuple[re.Match[str], Any]]:
    """The hand menus of ``message``: each one's custom_id match and the menu."""
    found: list[tuple[re.Match[str], Any]] = []
    if message is None:
        return found
    template = CardPick.__discord_ui_compiled_template__
    for row in message.components:
        for child in getattr(row, "children", [row]):
            match = template.fullmatch(getattr(child, "custom_id", None) or "")
            if match is not None:
                found.append((match, child))
    return found


def selection_of(message: discord.Message | None) -> dict[str, list[str]]:
    """The options picked in a hand message's menus: ``{slot: [values]}``."""
    return {match["slot"]: [o.value for o in getattr(menu, "options", []) if o.default]
            for match, menu in _picks(message)}


def owner_of(message: discord.Message | None) -> int | None:
    """Whose hand ``message`` shows, as its menus say (None: no menu names an owner)."""
    for match, _ in _picks(message):
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
    for row in message.components:
        for child in getattr(row, "children", [row]):
            kind = getattr(child, "type", None)
            if getattr(child, "custom_id", None) == custom_id and getattr(
                    kind, "value", kind) == component_type:
                return True
    return False
