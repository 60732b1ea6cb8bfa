"""Run the bot; without a token, play in the terminal instead.

``main()`` is what ``rummy-bot`` (and ``python -m bot``) runs with no subcommand. A
missing or rejected token prints one line saying how to get one; a missing token then
starts the local terminal game (``bot.terminal.app``), a rejected one exits with status 2
(:func:`bot.discord_app.main.run`). A bot that stops on an error is started again after
a back-off (:func:`run_with_backoff`: 5 s doubling to 10 minutes, with jitter), so that
a process failing in a loop neither hammers Discord nor spends its daily session starts.
Only the Discord front end imports discord.
"""

from __future__ import annotations

import importlib.util
import logging
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.config import (
    EXIT_FAILED,
    EXIT_TOKEN,
    HOW_TO_GET_A_TOKEN,
    ConfigError,
    Settings,
    Stopped,
    load_settings,
)
from bot.logs import setup_logging

log = logging.getLogger("rami.bot")

NO_TOKEN = "No DISCORD_TOKEN is set. To get one: " + HOW_TO_GET_A_TOKEN
SYNC_NEEDS_TOKEN = "rummy-bot sync needs DISCORD_TOKEN. To get one: " + HOW_TO_GET_A_TOKEN


@dataclass
class Backoff:
    """How long to wait before the ``failures``-th new start: ``first`` seconds doubling
    up to ``cap``, each wait shortened by up to ``jitter`` of itself at random (processes
    that failed together do not start again together)."""

    first: float = 5.0
    cap: float = 600.0
    jitter: float = 0.2
    rng: random.Random = field(default_factory=random.Random)

    def delay(self, failures: int) -> float:
        """The wait before the start that follows ``failures`` failures in a row (>= 1)."""
        base = min(self.cap, self.first * 2.0 ** min(max(failures, 1) - 1, 32))
        return base * (1 - self.jitter * self.rng.random())


def run_with_backoff(start: Callable[[], int], backoff: Backoff | None = None, *,
                     sleep: Callable[[float], None] = time.sleep,
                     clock: Callable[[], float] = time.monotonic) -> int:
    """Call ``start`` (a bot run returning its exit status) until it returns anything
    but ``EXIT_FAILED``, waiting ``backoff.delay(n)`` after the n-th failure in a row;
    a run that lasted ``backoff.cap`` seconds or more counts as the first failure again.
    Returns the last exit status."""
    backoff = backoff or Backoff()
    failures = 0
    while True:
        began = clock()
        status = start()
        if status != EXIT_FAILED:
            return status
        failures = 1 if clock() - began >= backoff.cap else failures + 1
        wait = backoff.delay(failures)
        log.warning("starting again after a failure failures=%d wait_s=%.1f", failures, wait)
        sleep(wait)


def start_up(overrides: Mapping[str, str] | None = None) -> Settings | None:
    """The settings (``overrides`` from the command line win over the environment), with
    logging set up from them; None, the reason printed, when a setting cannot be used (the
    caller then exits with ``EXIT_TOKEN``)."""
    try:
        settings = load_settings(overrides=overrides)
    except ConfigError as error:
        print(f"rummy-bot: {error}", file=sys.stderr)
        return None
    setup_logging(settings.log_level, settings.log_format, [settings.token or ""])
    return settings


def main(argv: Sequence[str] | None = None, *, overrides: Mapping[str, str] | None = None,
         sync_only: bool = False) -> int:
    """Start the bot (or the terminal game when no token is set); returns the exit status.

    ``overrides``: settings from the command line, by variable name (they win over the
    environment); ``sync_only``: register the slash commands and exit (``rummy-bot sync``).
    """
    settings = start_up(overrides)
    if settings is None:
        return EXIT_TOKEN
    if not settings.has_token:
        print(SYNC_NEEDS_TOKEN if sync_only else NO_TOKEN, file=sys.stderr)
        return EXIT_TOKEN if sync_only else play_locally(list(argv or []))
    from bot.discord_app import main as discord_app  # discord loads only to run the bot

    if sync_only:
        return discord_app.sync(settings)
    try:
        return run_with_backoff(lambda: discord_app.run(settings))
    except Stopped as stopped:  # by the host: even a stop that failed is not retried
        return stopped.status
    except KeyboardInterrupt:  # during a back-off wait
        return 0


def play_locally(argv: list[str]) -> int:
    """The terminal game against computer players, while no token is set."""
    if importlib.util.find_spec("bot.terminal.app") is None:
        print("The terminal game is not available yet; once it is, start it with: "
              "rummy-bot play", file=sys.stderr)
        return EXIT_TOKEN
    print("Starting a local game in this terminal instead (rummy-bot play; rummy-bot try "
          "shows the Discord side without a token).", file=sys.stderr)
    from bot.terminal import app as local

    return int(local.main(argv) or 0)
