"""The front end of one bot: its features, each built with what it needs, and what they
share (the player's preferences, the answering, the hand messages, the publisher of the
channels' messages).

:func:`build` is the one place the features are wired together (the client calls it once
its store and session layer exist; the tests call it over doubles): each feature's
constructor receives its dependencies, nothing is looked up on the client.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.discord_app.cards.cog import CardTurn
from bot.discord_app.core import choices
from bot.discord_app.core.answering import Replies
from bot.discord_app.core.feature import (
    Feature,
    FormRoute,
    Route,
    Routed,
    form_route,
    form_routes_of,
    routes_of,
)
from bot.discord_app.core.followups import Followups
from bot.discord_app.core.i18n import loc
from bot.discord_app.core.replies import AnswerObserver
from bot.discord_app.daily.cog import Championship
from bot.discord_app.hand import HandMessages
from bot.discord_app.history.cog import MatchHistory
from bot.discord_app.notify.cog import Notifications
from bot.discord_app.player.cog import PlayerCommands
from bot.discord_app.settings.cog import ServerSettings
from bot.discord_app.table.cog import TableDesk
from bot.discord_app.table.publisher import RETRY_DELAYS, Publisher
from bot.discord_app.tiles.cog import TileTurn
from bot.session.prefs import Preferences

if TYPE_CHECKING:
    from bot.session import Daily, Tables
    from data import Store


@dataclass(frozen=True, slots=True)
class Features:
    """The features of one bot and what they share."""

    prefs: Preferences
    replies: Replies
    hands: HandMessages
    publisher: Publisher
    all: tuple[Feature, ...]
    routes: dict[type[Routed], Route]  # where each component class's clicks go
    notifications: Notifications  # the DM notices (issue 27): started when ready
    forms: dict[re.Pattern[str], FormRoute] = field(default_factory=dict)  # forms' submits

    def form_submit(self, custom_id: str) -> Callable[[discord.Interaction],
                                                      Awaitable[None]] | None:
        """The handler of the submit of the form ``custom_id`` (None: no feature's)."""
        return form_route(self.forms, custom_id)

    @property
    def component_classes(self) -> list[type[discord.ui.DynamicItem[Any]]]:
        """Every persistent component class, for :meth:`discord.Client.add_dynamic_items`."""
        return cast("list[type[discord.ui.DynamicItem[Any]]]", list(self.routes))

    def command_group(self) -> app_commands.Group:
        """The ``/rummy`` group (``/rami`` in French): every feature's commands, with the
        choices (variants, languages) of now."""
        group = app_commands.Group(name=loc("bot.cmd.rummy"),
                                   description=loc("bot.cmd.rummy.desc"), guild_only=True)
        for feature in self.all:
            for command in feature.get_app_commands():
                group.add_command(command)
        choices.fill(group)
        return group


def build(client: discord.Client, tables: Tables, store: Store, daily: Daily, *,
          min_edit_interval: float = 1.0,
          retry_delays: tuple[float, ...] = RETRY_DELAYS,
          on_answer: AnswerObserver | None = None,
          clock: Callable[[], float] = time.time,
          prefs: Preferences | None = None) -> Features:
    """Every feature of the bot ``client``, over its session layer and store
    (``on_answer``: told of every interaction answered, for the metrics; ``clock``: the
    time, seconds since 1970, that tells a table message's age; ``prefs``: the settings
    cache the session layer reads too, else one of their own)."""
    prefs = prefs if prefs is not None else Preferences(store)
    followups = Followups(clock)
    replies = Replies(tables, prefs, on_answer=on_answer, followups=followups)
    hands = HandMessages(tables, prefs, client)
    publisher = Publisher(client, tables, prefs, on_turn=hands.refresh,
                          min_edit_interval=min_edit_interval, retry_delays=retry_delays,
                          clock=clock, followups=followups)
    tiles = TileTurn(tables, prefs, replies, hands)
    notifications = Notifications(client, tables, prefs, replies, hands, store, clock=clock)
    features = (
        TableDesk(tables, prefs, replies, hands, publisher),
        CardTurn(tables, prefs, replies, hands, tiles),
        tiles,
        Championship(daily, prefs, replies),
        ServerSettings(store, prefs, replies),
        PlayerCommands(store, prefs, replies),
        notifications,
        MatchHistory(store, prefs, replies),
    )
    return Features(prefs, replies, hands, publisher, features, routes_of(list(features)),
                    notifications, form_routes_of(list(features)))
