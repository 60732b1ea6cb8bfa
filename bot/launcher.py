"""Build and run the bot; without a token, play in the terminal instead.

``main()`` is what ``rummy-bot`` (and ``python -m bot``) runs with no subcommand. A
missing or rejected token prints one line saying how to get one; a missing token then
starts the local terminal game (``bot.terminal.app``), a rejected one exits with status 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import signal
import sys
from collections.abc import Sequence

import discord

from bot.config import ConfigError, Settings, load_settings
from bot.logs import setup_logging

log = logging.getLogger("rami.bot")

EXIT_TOKEN = 2
HOW_TO_GET_A_TOKEN = (
    "Discord Developer Portal (https://discord.com/developers/applications) -> Applications "
    "-> your app -> Bot -> Reset Token, then put it in .env as DISCORD_TOKEN=..."
)
NO_TOKEN = "No DISCORD_TOKEN is set. To get one: " + HOW_TO_GET_A_TOKEN
BAD_TOKEN = "Discord rejected DISCORD_TOKEN. To get a new one: " + HOW_TO_GET_A_TOKEN


async def run_bot(settings: Settings) -> None:
    """Run the bot until it is stopped.

    Raises:
        discord.LoginFailure: the token was rejected.
    """
    from bot.discord_app import pictures
    from bot.discord_app.client import RamiBot, point_at

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


def main(argv: Sequence[str] | None = None) -> int:
    """Start the bot (or the terminal game when no token is set); returns the exit status."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"rummy-bot: {error}", file=sys.stderr)
        return EXIT_TOKEN
    setup_logging(settings.log_level, settings.log_format, [settings.token or ""])
    if not settings.has_token:
        print(NO_TOKEN, file=sys.stderr)
        return play_locally(list(argv or []))
    try:
        asyncio.run(run_bot(settings))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    except KeyboardInterrupt:
        log.info("stopped by keyboard interrupt")
    return 0


def play_locally(argv: list[str]) -> int:
    """The terminal game against computer players, while no token is set."""
    if importlib.util.find_spec("bot.terminal.app") is None:
        print("The terminal game is not available yet; once it is, start it with: "
              "rummy-bot play", file=sys.stderr)
        return EXIT_TOKEN
    print("Starting a local game in this terminal instead (rummy-bot play).", file=sys.stderr)
    from bot.terminal import app as local

    return int(local.main(argv) or 0)
