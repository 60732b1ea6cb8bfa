"""Run the Discord bot until it is stopped: what ``rummy-bot`` starts when a token is set.

:func:`run` returns the exit status; a token Discord rejects prints one line saying how
to get a new one (status 2). SIGTERM and SIGINT stop the bot cleanly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord

from bot.config import EXIT_TOKEN, HOW_TO_GET_A_TOKEN, Settings
from bot.discord_app import pictures
from bot.discord_app.client import RamiBot, point_at

log = logging.getLogger("rami.bot")

BAD_TOKEN = "Discord rejected DISCORD_TOKEN. To get a new one: " + HOW_TO_GET_A_TOKEN


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; returns the exit status (2: token rejected)."""
    try:
        asyncio.run(run_bot(settings))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    except KeyboardInterrupt:
        log.info("stopped by keyboard interrupt")
    return 0


async def run_bot(settings: Settings) -> None:
    """Run the bot until it is stopped.

    Raises:
        discord.LoginFailure: the token was rejected.
    """
    point_at(settings)
    bot = RamiBot(settings)
    loop = asyncio.get_running_loop()
    for stop in (signal.SIGTERM, signal.SIGINT):
        # A clean stop: the store is closed, the computer turns are cancelled.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(stop, lambda: loop.create_task(bot.close()))
    try:
        async with bot:
            await bot.start(settings.token or "")
    finally:
        pictures.stop_painters()
    log.info("stopped")
