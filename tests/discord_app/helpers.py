"""Shared helpers of the Discord front end's tests: the front end's features built on
test doubles of the session layer and the store (made from the real classes), without a
running bot."""

from __future__ import annotations

from unittest.mock import Mock

import discord

from bot.discord_app.features import Features, build
from bot.session import Daily
from bot.session.tables import Tables
from data import Store


def features() -> Features:
    """The features as the bot builds them, over doubles of the tables and the store."""
    client = discord.Client(intents=discord.Intents.none())
    return build(client, Mock(spec_set=Tables), Mock(spec_set=Store), Mock(spec_set=Daily))
