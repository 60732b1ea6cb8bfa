"""A feature of the front end: its slash commands, and the clicks of its components.

Each feature package (``table``, ``cards``, ``tiles``, ``daily``, ``settings``,
``player``) has one :class:`Feature`, built with what it needs (the session layer, the
store, the shared answering: :func:`bot.discord_app.features.build`). A feature is a
``discord.ext.commands.Cog``: its commands are declared in the class
(``@app_commands.command`` methods, or an ``app_commands.Group`` class attribute with its
``@group.command`` methods) and bound to the instance when it is built, as a cog's are.
The bot is no ``commands.Bot`` (it has no prefix commands and its features share one
top-level group, where a cog's commands are top-level ones), so it does not add the cogs
but their commands, under ``/rummy``, and routes their components' clicks to them.

A component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` says everything
needed to act on it, so that a click on a message posted before a restart is routed by
its ``custom_id`` alone. Its class is :class:`Routed`: its ``callback`` hands the click to
the method its feature named for that class (:meth:`Feature.routes`), found on the client
that received it (several bots may run in one process: the tests' clusters).

A form (modal) is sent held by no process, its ``custom_id`` saying what it is about: its
submit is handed to the method its feature named for a pattern its ``custom_id`` matches
(:meth:`Feature.forms`), after a restart or in another process of a cluster alike.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar

import discord
from discord.ext import commands

from bot.discord_app.core.i18n import t
from engine.i18n import language_of

log = logging.getLogger("rami.bot")

# A click handed to its feature: the interaction and the component clicked (its class's
# fields say what it is about: the action, the channel, the owner).
Route = Callable[[discord.Interaction, Any], Awaitable[None]]
# A form's submit handed to its feature: the interaction and its custom_id's match.
FormRoute = Callable[[discord.Interaction, re.Match[str]], Awaitable[None]]


class Feature(commands.Cog):
    """One part of the Discord front end: a cog whose commands, bound to it, go in the
    ``/rummy`` group (:meth:`commands.Cog.get_app_commands`), and the component classes
    whose clicks it takes (:meth:`routes`)."""

    def routes(self) -> Mapping[type[Routed], Route]:
        """The component classes whose clicks this feature takes, and its method for each."""
        return {}

    def forms(self) -> Mapping[re.Pattern[str], FormRoute]:
        """The forms whose submits this feature takes: the pattern of their ``custom_id``
        (matched in full), and its method for each."""
        return {}


class Routed:
    """A component class whose clicks go to the method its feature routes it to.

    Mixed into a :class:`discord.ui.DynamicItem` subclass (``class HandButton(Routed,
    discord.ui.DynamicItem[...], template=…)``). A click outside a server, where the bot
    plays no game, is refused before any feature sees it.
    """

    family: ClassVar[str] = ""

    async def callback(self, interaction: discord.Interaction) -> None:
        # From a direct message, only a component naming its table's channel (a hand
        # shown by a notification, issue 27): the session checks the seat there.
        if interaction.guild_id is None and not (
                isinstance(interaction.channel, discord.DMChannel)
                and isinstance(getattr(self, "channel_id", None), int)):
            await refuse_outside_guild(interaction)
            return
        routes: Mapping[type[Routed], Route] = getattr(interaction.client, "routes", {})
        route = routes.get(type(self))
        if route is None:  # a class no feature of this bot takes (never registered)
            log.error("component not routed class=%s", type(self).__name__)
            return
        await route(interaction, self)


async def refuse_outside_guild(interaction: discord.Interaction) -> None:
    """Answer an interaction from outside a server (a forged one: the commands are for
    servers only and no message outside one has components): privately, in the
    language of the caller's client."""
    text = t("bot.error.guild_only", language_of(interaction.locale.value) or "en")
    with contextlib.suppress(discord.HTTPException):
        await interaction.response.send_message(text, ephemeral=True)


def routes_of(features: list[Feature]) -> dict[type[Routed], Route]:
    """Every feature's routes, for the client (a class routed twice is a mistake).

    Raises:
        ValueError: two features route the same component class.
    """
    table: dict[type[Routed], Route] = {}
    for feature in features:
        for cls, route in feature.routes().items():
            if cls in table:
                raise ValueError(f"{cls.__name__} is routed by two features")
            table[cls] = route
    return table


def form_routes_of(features: list[Feature]) -> dict[re.Pattern[str], FormRoute]:
    """Every feature's form routes, for the client."""
    return {pattern: route for feature in features for pattern, route in feature.forms().items()}


def form_route(routes: Mapping[re.Pattern[str], FormRoute],
               custom_id: str) -> Callable[[discord.Interaction], Awaitable[None]] | None:
    """The handler of the submit of the form ``custom_id`` (None: no feature takes it)."""
    for pattern, route in routes.items():
        if (match := pattern.fullmatch(custom_id)) is not None:
            return lambda interaction: route(interaction, match)
    return None
