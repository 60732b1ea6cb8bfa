"""Run the Discord bot until it is stopped: what ``rummy-bot`` starts when a token is set.

:func:`run` returns the exit status: 0 stopped, 2 (``EXIT_TOKEN``) a token Discord
rejects (one line says how to get a new one), 3 (``EXIT_BUDGET``) too few session starts
left today, 1 (``EXIT_FAILED``) any other failure, which the launcher retries after a
back-off. SIGTERM and SIGINT stop the bot cleanly (:meth:`RamiBot.shut_down`: new
interactions answered "restarting", those under way finished, the channel updates under
way sent, the gateway and the store closed) and it exits 0, within :data:`STOP_LIMIT`
seconds; a stop that takes longer is given up: what was left is logged and the process
exits 1 at once, and is not started again. :func:`sync` registers the slash commands and
exits (``rummy-bot sync``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Coroutine
from typing import Any

import discord

from bot.config import (
    EXIT_BUDGET,
    EXIT_FAILED,
    EXIT_TOKEN,
    HOW_TO_GET_A_TOKEN,
    ConfigError,
    Settings,
    Stopped,
)
from bot.discord_app.client import STOP_TIMEOUT, RamiBot, make_bot, point_at
from bot.discord_app.core import pictures
from bot.discord_app.starting import IdentifyBudgetLow

log = logging.getLogger("rami.bot")

BAD_TOKEN = "Discord rejected DISCORD_TOKEN. To get a new one: " + HOW_TO_GET_A_TOKEN
STOP_LIMIT = STOP_TIMEOUT + 1.0  # seconds from the signal to the exit, whatever happens


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; returns the exit status (see the module).

    Raises:
        Stopped: the host stopped the bot (a signal): not to be started again.
    """
    watchdog = Watchdog()
    try:
        status = _exit_status(run_bot(settings, watchdog))
    finally:
        watchdog.cancel()
    if watchdog.started:
        raise Stopped(status)
    return status


def sync(settings: Settings) -> int:
    """Register the slash commands (even unchanged) and exit; returns the exit status."""
    return _exit_status(sync_only(settings))


def _exit_status(main: Coroutine[Any, Any, None]) -> int:
    try:
        asyncio.run(main)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    except ConfigError as error:  # a setting found unusable once tried (a port in use)
        print(f"rummy-bot: {error}", file=sys.stderr)
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


class Watchdog:
    """Ends the process :data:`STOP_LIMIT` seconds after :meth:`start` (status 1), unless
    cancelled first: a thread, so that even a hung event loop or a thread that never
    returns cannot keep a stopping bot alive."""

    def __init__(self) -> None:
        self.started = False
        self._timer = threading.Timer(STOP_LIMIT, _give_up, args=(["the stop itself"],))
        self._timer.daemon = True

    def start(self) -> None:
        if not self.started:
            self.started = True
            self._timer.start()

    def cancel(self) -> None:
        self._timer.cancel()


async def run_bot(settings: Settings, watchdog: Watchdog | None = None) -> None:
    """Run the bot (this cluster's shards) until it is stopped (a signal starts
    ``watchdog``, then the clean stop).

    Raises:
        discord.LoginFailure: the token was rejected.
        IdentifyBudgetLow: starting would leave too few session starts today.
        ConfigError: the health and metrics server cannot bind its port.
    """
    point_at(settings)
    bot = make_bot(settings, warm_pictures=True)  # this process is the bot's own
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def on_signal(number: int) -> None:
        if stopping:
            log.info("already stopping signal=%s", signal.Signals(number).name)
            return
        log.info("stop asked signal=%s", signal.Signals(number).name)
        if watchdog is not None:
            watchdog.start()
        stopping.append(loop.create_task(_stop(bot)))

    for number in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, on_signal, number)
    ops = bot.ops
    if ops is not None:
        ops.start()  # before connecting: a port in use stops the start at once
    try:
        async with bot:
            await bot.start(settings.token or "")
    finally:
        if ops is not None:
            ops.stop()
        pictures.stop_painters()
    log.info("stopped")


async def _stop(bot: RamiBot) -> None:
    """Stop ``bot`` cleanly; a stop that runs out of time ends the process (status 1)."""
    left = await bot.shut_down(STOP_TIMEOUT)
    if left:
        _give_up(left)


def _give_up(left: list[str]) -> None:
    """Log what a stop left undone and end the process now, with status 1."""
    log.error("stop given up after the time allowed limit_s=%.0f left=%s", STOP_LIMIT,
              "; ".join(left))
    logging.shutdown()
    os._exit(EXIT_FAILED)


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
