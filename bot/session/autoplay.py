"""What happens at a table by itself: computer seats play after ``ai_delay`` seconds, and a
human seat that lets its turn time out (the guild setting, or ``turn_timeout``) is played
once by the easy computer player. Each table has at most one such task pending; any saved
change replaces it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Coroutine
from typing import Any

from bot.session.computer import computer_action
from bot.session.keeper import LiveTable, TableKeeper
from bot.session.model import DEFAULT_LEVEL, Event, EventKind, Status
from data import Store
from engine.actions import Action
from engine.views import Phase

log = logging.getLogger("rami.session")


class Autoplay(TableKeeper):
    """Tables whose computer seats and timed-out turns play by themselves."""

    def __init__(
        self,
        store: Store,
        *,
        ai_delay: float = 1.0,
        seed_source: Callable[[], int] | None = None,
        turn_timeout: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(store, seed_source=seed_source, clock=clock)
        self.ai_delay = ai_delay
        self.turn_timeout = turn_timeout  # None: the guild setting decides

    def _after_change(self, table: LiveTable) -> None:
        """Schedule what happens next by itself: a computer turn or a turn timer."""
        if self._closed or table.game is None or table.status is not Status.PLAYING:
            return
        if table.game.phase not in (Phase.DRAW, Phase.PLAY):
            return
        seat = table.seats[table.game.current]
        if seat.is_computer:
            self._spawn(table, self._computer_turn(table.channel_id), "computer")
        else:
            self._spawn(table, self._turn_timer(table.channel_id, table.version), "timer")

    def _spawn(self, table: LiveTable, coro: Coroutine[Any, Any, None], name: str) -> None:
        for task in list(table.tasks):
            if task is not asyncio.current_task():
                task.cancel()
        task = asyncio.get_running_loop().create_task(coro, name=f"{name}:{table.channel_id}")
        table.tasks = {task}
        task.add_done_callback(table.tasks.discard)

    async def _computer_turn(self, channel_id: int) -> None:
        """Play one computer action after a pause; the next one is scheduled by ``_play``."""
        await asyncio.sleep(self.ai_delay)
        async with self._lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None or table.game is None or table.status is not Status.PLAYING:
                return
            game = table.game
            if game.phase not in (Phase.DRAW, Phase.PLAY):
                return
            seat = table.seats[game.current]
            if not seat.is_computer:
                return
            action = self._computer_action(table, game.current, seat.level or DEFAULT_LEVEL)
            events = await self._play(table, game.current, action, actor=None)
        for event in events:
            await self._emit(event)

    def _computer_action(self, table: LiveTable, seat: int, level: str) -> Action:
        """The computer's move, seeded by the game seed and version so a game replays."""
        assert table.game is not None
        rng = random.Random(f"{table.doc.seed}:{table.version}")
        return computer_action(table.game, seat, level, rng)

    async def _turn_timer(self, channel_id: int, version: int) -> None:
        table = self._tables.get(channel_id)
        if table is None:
            return
        timeout = self.turn_timeout
        if timeout is None:
            settings = await self.store.guild_settings(table.guild_id)
            timeout = float(settings.turn_timeout_s)
        if timeout <= 0:
            return
        await asyncio.sleep(timeout)
        async with self._lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None or table.version != version or table.game is None:
                return
            if table.game.phase not in (Phase.DRAW, Phase.PLAY):
                return
            seat = table.game.current
            events: list[Event] = []
            # The easy player finishes the whole turn (draw, then discard).
            while table.game.current == seat and table.game.phase in (Phase.DRAW, Phase.PLAY):
                action = self._computer_action(table, seat, "easy")
                events += await self._play(table, seat, action, actor=None,
                                           kind=EventKind.TIMEOUT)
        for event in events:
            await self._emit(event)
