"""A clean stop: no new interaction taken, the ones under way finished, then closed.

When the host stops the bot (SIGTERM, SIGINT: ``rummy-bot`` under systemd, Docker,
Kubernetes, or Ctrl-C), :class:`Gate` closes: every interaction Discord delivers from
then on is answered at once, privately, with ``bot.error.restarting`` ("the bot is
restarting, try again in a minute") in the player's language, and nothing else is done
with it (an autocomplete gets no suggestions). The interactions already taken run to
their end: their saves and their answers. :meth:`RamiBot.shut_down` then stops the
computer turns and timers (the restarted bot resumes them from the saved games), waits
for the channel updates under way (the publisher's jobs) and closes the gateway and the
store.

The gate sits where discord.py turns a gateway ``INTERACTION_CREATE`` into the tasks
that handle it (``ConnectionState.parsers``, the one private name of discord.py used
here): one place for commands, autocomplete, components and forms alike, before any of
them runs. While open it only notes the tasks discord.py starts for each interaction, so
that the stop can wait for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord

from bot.discord_app.core.i18n import t
from bot.session.prefs import player_language

log = logging.getLogger("rami.bot.stop")

LANGUAGE_WAIT = 1.0  # seconds the refusal waits for the player's saved language
Parser = Callable[[Any], None]
Language = Callable[[discord.Interaction], Awaitable[str]]


class Gate:
    """Takes the interactions of ``client`` while open; answers them "restarting" once
    :meth:`close` is called (``language``: the reader's language, as the answers find it).
    """

    def __init__(self, client: discord.Client, language: Language, *,
                 on_refused: Callable[[], None] | None = None) -> None:
        self.client = client
        self.language = language
        self.on_refused = on_refused
        self.open = True
        self.refused = 0  # interactions answered "restarting"
        self.handling: set[asyncio.Future[Any]] = set()  # the tasks of interactions taken
        self._refusing: set[asyncio.Task[None]] = set()
        self._parse: Parser | None = None

    def install(self) -> None:
        """Put the gate in front of discord.py's interaction dispatch (once)."""
        parsers: dict[str, Parser] = self.client._connection.parsers
        if self._parse is None:
            self._parse = parsers["INTERACTION_CREATE"]
            parsers["INTERACTION_CREATE"] = self._dispatch

    def close(self) -> None:
        """Take no new interaction: answer each "restarting" from now on."""
        self.open = False

    def _dispatch(self, data: Any) -> None:
        assert self._parse is not None
        if not self.open:
            interaction = discord.Interaction(data=data, state=self.client._connection)
            refusal = asyncio.get_running_loop().create_task(self._refuse(interaction))
            self._refusing.add(refusal)
            refusal.add_done_callback(self._refusing.discard)
            return
        for task in _tasks_started(self._parse, data):
            self.handling.add(task)
            task.add_done_callback(self.handling.discard)

    async def _refuse(self, interaction: discord.Interaction) -> None:
        self.refused += 1
        if self.on_refused is not None:
            self.on_refused()
        try:
            lang = await asyncio.wait_for(self.language(interaction), LANGUAGE_WAIT)
        except Exception:  # the store may be slow or closing: the client's language then
            lang = player_language(None, interaction.locale.value, None)
        response = interaction.response
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                await response.autocomplete([])
            else:
                await response.send_message(t("bot.error.restarting", lang), ephemeral=True)
        except discord.HTTPException as error:
            log.info("restarting answer not sent error=%s", type(error).__name__)
        log.info("refused while stopping user=%s channel=%s", interaction.user.id,
                 interaction.channel_id)

    async def drained(self, timeout: float) -> bool:
        """Wait, at most ``timeout`` seconds, until every interaction taken before the
        gate closed has been handled and every refusal sent; whether they all were (none
        is cancelled: the caller decides)."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while (waiting := self.handling | self._refusing) and (left := until - loop.time()) > 0:
            await asyncio.wait(waiting, timeout=left)
        return not (self.handling or self._refusing)


def _tasks_started(parse: Parser, data: Any) -> list[asyncio.Future[Any]]:
    """Run ``parse(data)`` and return the tasks it started (discord.py hands a command,
    a component or a form to a task of its own, started in the parser)."""
    loop = asyncio.get_running_loop()
    previous = loop.get_task_factory()
    started: list[asyncio.Future[Any]] = []

    def factory(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any],
                **options: Any) -> asyncio.Future[Any]:
        task = (previous(loop, coro, **options) if previous is not None
                else asyncio.Task(coro, loop=loop, **options))
        started.append(task)
        return task

    loop.set_task_factory(factory)  # type: ignore[arg-type]
    try:
        parse(data)
    finally:
        loop.set_task_factory(previous)
    return started
