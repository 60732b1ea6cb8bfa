"""What happens at a table by itself: computer seats play after ``ai_delay`` seconds, and a
human seat that lets its turn time out is played once by the easy computer player.

A human turn's deadline is fixed when the turn starts (:meth:`TableKeeper._deadline_after`:
the guild's time-out, or ``turn_timeout``) and saved with the game; only the end of that
turn changes it, so the front end saving its message ids, a level change or a tile draft
edit never re-arm or extend it. Each table has at most one task pending, a computer turn
or a timer sleeping until the saved deadline (at once after a restart when it has passed);
:meth:`Autoplay.play_overdue` plays every turn that is due, for a caller with its own
clock. Computer players decide in a worker thread, off the event loop.
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
from bot.session.model import DEFAULT_LEVEL, Event, EventKind, SessionError, Status
from data import Store
from engine.actions import Action
from engine.views import Phase

log = logging.getLogger("rami.session")

MAX_TIMEOUT_STEPS = 50  # actions the easy player takes to finish a timed-out turn
CLOSE_TIMEOUT = 5.0  # seconds close() waits for cancelled turns to end before giving up


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
        # Every computer turn and timer started and not yet ended, whichever table (or
        # none, once replaced or dropped) holds it: close() stops them all. A table keeps
        # only its latest task, while the one that scheduled it may still be finishing
        # its own turn (a timed-out turn's discard, its events).
        self._running: set[asyncio.Task[None]] = set()
        self.close_timeout = CLOSE_TIMEOUT

    async def _turn_seconds(self, guild_id: int) -> float:
        if self.turn_timeout is not None:
            return self.turn_timeout
        return float((await self.store.guild_settings(guild_id)).turn_timeout_s)

    def _after_change(self, table: LiveTable) -> None:
        """Schedule what happens next by itself: a computer turn or the turn's timer."""
        if self._closed or table.game is None or table.status is not Status.PLAYING:
            return
        if table.game.phase not in (Phase.DRAW, Phase.PLAY):
            return
        seat = table.seats[table.game.current]
        if seat.is_computer:
            self._spawn(table, self._computer_turn(table.channel_id), "computer")
        elif table.deadline is not None:
            self._spawn(table, self._turn_timer(table.channel_id, table.deadline), "timer")

    def _spawn(self, table: LiveTable, coro: Coroutine[Any, Any, None], name: str) -> None:
        for task in list(table.tasks):
            if task is not asyncio.current_task():
                task.cancel()
        task = asyncio.get_running_loop().create_task(coro, name=f"{name}:{table.channel_id}")
        table.tasks = {task}
        task.add_done_callback(table.tasks.discard)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _stop_running(self) -> None:
        """Cancel every computer turn and timer still running and wait for them to end,
        at most ``close_timeout`` seconds in all (``_closed`` is set: none starts another).
        A task still running then is named in the log and left behind, so that closing
        always finishes."""
        loop = asyncio.get_running_loop()
        until = loop.time() + self.close_timeout
        while self._running and (left := until - loop.time()) > 0:
            tasks = set(self._running)
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=left)
        if self._running:
            log.error("turns still running after close tasks=%s",
                      ",".join(sorted(task.get_name() for task in self._running)))

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
            action = await self._decide(table, game.current, seat.level or DEFAULT_LEVEL)
            events = await self._play(table, game.current, action, actor=None)
        for event in events:
            await self._emit(event)

    async def _decide(self, table: LiveTable, seat: int, level: str) -> Action:
        """The computer's move, seeded by the game seed and version so a game replays.

        It is chosen in a worker thread: a hard player's search takes milliseconds that
        the event loop owes to every other table (the lock keeps the game unchanged).

        Raises:
            SessionError: neither the level's choice nor the easy player's is legal.
        """
        assert table.game is not None
        rng = random.Random(f"{table.doc.seed}:{table.version}")
        return await asyncio.to_thread(computer_action, table.game, seat, level, rng)

    async def _turn_timer(self, channel_id: int, deadline: float) -> None:
        """Sleep until ``deadline`` (by the injected clock), then time the turn out."""
        while (left := deadline - self._clock()) > 0:
            await asyncio.sleep(left)
        await self._time_out(channel_id, deadline)

    async def play_overdue(self, now: float | None = None) -> list[int]:
        """Play every turn whose deadline is ``now`` (default: the clock) or earlier, as its
        timer would; returns the channels played. For tests and for a host that polls
        deadlines itself."""
        moment = self._clock() if now is None else now
        due = [(table.channel_id, table.deadline) for table in list(self._tables.values())
               if table.deadline is not None and table.deadline <= moment]
        played = []
        for channel_id, deadline in due:
            if deadline is not None and await self._time_out(channel_id, deadline):
                played.append(channel_id)
        return played

    async def _time_out(self, channel_id: int, deadline: float) -> bool:
        """Finish the turn whose deadline is ``deadline`` with the easy player, unless that
        turn has ended meanwhile. Returns whether it was played."""
        events: list[Event] = []
        async with self._lock(channel_id):
            table = self._tables.get(channel_id)
            if table is None or table.deadline != deadline or table.game is None:
                return False
            seat = table.game.current
            try:
                for _ in range(MAX_TIMEOUT_STEPS):  # draw, then discard; or a tile play
                    game = table.game
                    if (table.deadline != deadline or game is None or game.current != seat
                            or game.phase not in (Phase.DRAW, Phase.PLAY)):
                        break
                    action = await self._decide(table, seat, "easy")
                    events += await self._play(table, seat, action, actor=None,
                                               kind=EventKind.TIMEOUT)
            except SessionError:  # the easy player found no legal move: leave the turn open
                log.error("timed-out turn not played channel=%s seat=%s", channel_id, seat)
        for event in events:
            await self._emit(event)
        return bool(events)
