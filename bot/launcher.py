"""Run the bot; without a token, play in the terminal instead.

``main()`` is what ``rummy-bot`` (and ``python -m bot``) runs with no subcommand. A
missing or rejected token prints one line saying how to get one; a missing token then
starts the local terminal game (``bot.terminal.app``), a rejected one exits with status 2
(:func:`bot.discord_app.main.run`). Only the Discord front end imports discord.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence

from bot.config import EXIT_TOKEN, HOW_TO_GET_A_TOKEN, ConfigError, Settings, load_settings
from bot.logs import setup_logging

NO_TOKEN = "No DISCORD_TOKEN is set. To get one: " + HOW_TO_GET_A_TOKEN


def start_up() -> Settings | None:
    """The settings, with logging set up from them; None, the reason printed, when a
    setting cannot be used (the caller then exits with ``EXIT_TOKEN``)."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"rummy-bot: {error}", file=sys.stderr)
        return None
    setup_logging(settings.log_level, settings.log_format, [settings.token or ""])
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    """Start the bot (or the terminal game when no token is set); returns the exit status."""
    settings = start_up()
    if settings is None:
        return EXIT_TOKEN
    if not settings.has_token:
        print(NO_TOKEN, file=sys.stderr)
        return play_locally(list(argv or []))
    from bot.discord_app import main as discord_app  # discord loads only to run the bot

    return discord_app.run(settings)


def play_locally(argv: list[str]) -> int:
    """The terminal game against computer players, while no token is set."""
    if importlib.util.find_spec("bot.terminal.app") is None:
        print("The terminal game is not available yet; once it is, start it with: "
              "rummy-bot play", file=sys.stderr)
        return EXIT_TOKEN
    print("Starting a local game in this terminal instead (rummy-bot play).", file=sys.stderr)
    from bot.terminal import app as local

    return int(local.main(argv) or 0)
