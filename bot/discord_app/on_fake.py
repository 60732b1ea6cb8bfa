"""The real bot in this event loop, connected to a fake Discord (``bot.discord_app.fake``).

``rummy-bot try`` and the end-to-end tests' harness start the bot this way: settings that
point it at the fake (its REST base, its gateway, its token, its first guild for the
commands), then :func:`start` returns once the bot is connected and ready::

    fake = FakeDiscord()
    await fake.start()
    bot, running = await start(fake_settings(fake, Path("rami.sqlite3")))  # ready
    ...
    await stop(bot, running)
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.discord_app.client import RamiBot, make_bot, point_at
from bot.discord_app.fake import FakeDiscord

READY_TIMEOUT = 15.0  # seconds a bot may take to connect to the fake and be ready


class NotReady(RuntimeError):
    """The bot stopped, or was not ready in time, before it could serve."""


def fake_settings(fake: FakeDiscord, db_path: Path, *, dev_guild: bool = True,
                  **changes: Any) -> Settings:
    """Settings that send the bot to ``fake`` (started: its port is known), saving to
    ``db_path``, its commands synced to the fake's first guild unless ``dev_guild`` is
    False; ``changes`` as :class:`Settings` takes them (``ai_delay``, ``seed``…)."""
    settings = Settings(token=fake.token, db_path=db_path, api_base=fake.api_base,
                        gateway_url=fake.gateway_url,
                        dev_guild=fake.guild_id if dev_guild else None, painters=0)
    return replace(settings, **changes)


def launch(settings: Settings, **options: Any) -> tuple[RamiBot, asyncio.Task[None]]:
    """Start a bot with ``settings`` (``options`` as :func:`make_bot` takes them): the
    bot and the task running it, not ready yet (:func:`wait_ready`)."""
    point_at(settings)
    options.setdefault("load_emojis", False)  # the tests of emojis ask for them
    bot = make_bot(settings, **options)
    if bot.ops is not None:
        bot.ops.start()
    return bot, asyncio.create_task(bot.start(settings.token or ""))


async def wait_ready(bot: RamiBot, running: asyncio.Task[None],
                     timeout: float = READY_TIMEOUT) -> None:
    """Wait until ``bot`` (run by ``running``) is connected and ready.

    Raises:
        Exception: what stopped the bot first (a rejected token, too few session
            starts left…), as it was raised.
        NotReady: the bot stopped without an error, or was not ready within ``timeout``
            seconds.
    """
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({ready, running}, timeout=timeout,
                                 return_when=asyncio.FIRST_COMPLETED)
    if running in done:
        ready.cancel()
        running.result()  # raises what stopped the bot
        raise NotReady("the bot stopped before it was ready")
    if ready not in done:
        ready.cancel()
        raise NotReady(f"the bot was not ready within {timeout:g} s")


async def start(settings: Settings, *, timeout: float = READY_TIMEOUT,
                **options: Any) -> tuple[RamiBot, asyncio.Task[None]]:
    """:func:`launch`, then :func:`wait_ready` (a bot not ready is stopped before the error
    goes on); returns the ready bot and the task running it."""
    bot, running = launch(settings, **options)
    try:
        await wait_ready(bot, running, timeout)
    except BaseException:
        await stop(bot, None if running.done() else running)
        raise
    return bot, running


async def stop(bot: RamiBot, running: asyncio.Task[None] | None,
               timeout: float = READY_TIMEOUT) -> None:
    """Close ``bot`` (its store, its gateway connection) and wait for its task to end."""
    await bot.close()
    if bot.ops is not None:
        bot.ops.stop()
    if running is not None:
        await asyncio.wait_for(running, timeout)
