"""Run the Discord bot until it is stopped: what ``rummy-bot`` starts when a token is set.

:func:`run` returns the exit status: 0 stopped, 2 (``EXIT_TOKEN``) a token Discord
rejects (one line says how to get a new one), 3 (``EXIT_BUDGET``) too few session starts
left today, 1 (``EXIT_FAILED``) any other failure, which the launcher retries after a
back-off. SIGTERM and SIGINT stop the bot cleanly. :func:`sync` registers the slash
commands and exits (``rummy-bot sync``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Coroutine
from typing import Any

import discord

from bot.config import EXIT_BUDGET, EXIT_FAILED, EXIT_TOKEN, HOW_TO_GET_A_TOKEN, Settings
from bot.discord_app.client import RamiBot, make_bot, point_at
from bot.discord_app.core import pictures
from bot.discord_app.starting import IdentifyBudgetLow

log = logging.getLogger("rami.bot")

BAD_TOKEN = "Discord rejected DISCORD_TOKEN. To get a new one: " + HOW_TO_GET_A_TOKEN


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; returns the exit status (see the module)."""
    return _exit_status(run_bot(settings))


def sync(settings: Settings) -> int:
    """Register the slash commands (even unchanged) and exit; returns the exit status."""
    return _exit_status(sync_only(settings))


def _exit_status(main: Coroutine[Any, Any, None]) -> int:
    try:
        asyncio.run(main)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    except IdentifyBudgetLow as low:
        log.error("%s", low)
        return EXIT_BUDGET
    except KeyboardInterrupt:
        log.info("stopped by keyboard interrupt")
    except Exception:  # whatever stopped it (Discord, the network, the store): retried
        log.exception("the bot stopped on an error")
        return EXIT_FAILED
    return 0


async def run_bot(settings: Settings) -> None:
    """Run the bot (this cluster's shards) until it is stopped.

    Raises:
        discord.LoginFailure: the token was rejected.
        IdentifyBudgetLow: starting would leave too few session starts today.
    """
    point_at(settings)
    bot = make_bot(settings)
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


async def sync_only(settings: Settings) -> None:
    """Log in, register the slash commands and close, without connecting the gateway.

    Raises:
        discord.LoginFailure: the token was rejected.
    """
    point_at(settings)
    bot = RamiBot(settings, sync_only=True)
    try:
        async with bot:
            await bot.login(settings.token or "")  # runs setup_hook: the sync
    finally:
        pictures.stop_painters()
    log.info("commands synced, exiting")
