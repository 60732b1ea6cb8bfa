"""Shared helpers of the Discord front end's tests: the front end built on test doubles of
the session layer and the store (made from the real classes), without a running bot."""

from __future__ import annotations

from typing import Any
from unittest.mock import Mock

import discord

from bot.discord_app.front_end import FrontEnd
from bot.discord_app.views import ComponentHandlers, Components
from bot.session.tables import Tables
from data import Store


def front_end() -> FrontEnd:
    """The front end as the bot builds it, over doubles of the tables and the store."""
    client = discord.Client(intents=discord.Intents.none())
    return FrontEnd(client, Mock(spec_set=Tables), Mock(spec_set=Store))


def handlers() -> Any:
    """A double of what handles the clicks, recording every call."""
    return Mock(spec_set=ComponentHandlers)


def components(clicks: ComponentHandlers | None = None) -> Components:
    """The component builders around ``clicks`` (a recording double by default)."""
    return Components(clicks if clicks is not None else handlers())
