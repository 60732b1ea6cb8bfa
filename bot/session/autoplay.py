"""What happens at a table by itself: computer seats play after ``ai_delay`` seconds, and a
human seat that lets its turn time out is played once by the easy computer player.

A human turn's deadline is fixed when the turn starts (:meth:`TableKeeper._deadline_after`:
the guild's time-out, or ``turn_timeout``) and saved with the game; only the end of that
turn changes it, so the front end saving its message ids, a level change or a tile draft
edit never re-arm or extend it.

Turns time out from the database, so that several processes can serve one: one poller
task claims the due turns (:meth:`data.Store.claim_due_turns`: a lease, so that one
process plays each, and a dead process's turn is taken over once its lease ends) of the
guilds of this process's shards, times each out (loading its table if this process does
not hold it), then sleeps until the earliest deadline it knows of or ``poll_interval``,
woken early when a save sets a nearer one. It starts with the first deadline, or with
:meth:`Autoplay.start_timers`. :meth:`Autoplay.play_overdue` plays what is due through the
same claims, for a caller with its own clock. Computer players decide in a worker thread,
off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from typing import Any

from bot.session.computer import computer_action, skip_action
from bot.session.document import TableDoc
from bot.session.keeper import CHANGED_ELSEWHERE, LiveTable, TableKeeper
from bot.session.model import (
    DEFAULT_LEVEL,
    TIMED_OUT_SEAT,
    Event,
    EventKind,
    Seat,
    SessionError,
    Status,
)
from data import DueTurn, GuildSettings, Store
from data.shared_store import CLAIM_LIMIT, LEASE_S, Shards, check_shards
from engine.actions import Action
from engine.ai import Level
from engine.names import stand_in_name
from engine.views import Phase

log = logging.getLogger("rami.session")

MAX_TIMEOUT_STEPS = 50  # actions the easy player takes to finish a timed-out turn
CLOSE_TIMEOUT = 5.0  # seconds close() waits for cancelled turns to end before giving up
POLL_INTERVAL = 2.0  # seconds at most between two looks for due turns (other processes')


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
        shards: Shards | None = None,
        poll_interval: float | None = POLL_INTERVAL,
        lease_s: float = LEASE_S,
        guild_settings: Callable[[int], Awaitable[GuildSettings]] | None = None,
    ) -> None:
        super().__init__(store, seed_source=seed_source, clock=clock)
        self.ai_delay = ai_delay
        self.turn_timeout = turn_timeout  # None: the guild setting decides
        # Where the guild's time-outs are read at every human turn's start: the bot's
        # settings cache (bot.session.prefs.Preferences.guild) rather than a store read
        # each time; the store itself by default.
        self._guild_settings = guild_settings or store.guild_settings
        # The guilds whose turns this process times out (None: every guild).
        self.shards = None if shards is None else check_shards(shards)
        if poll_interval is not None and not (math.isfinite(poll_interval) and poll_interval > 0):
            raise ValueError(f"poll_interval is seconds above 0 or None, not {poll_interval!r}")
        self.poll_interval = poll_interval  # None: no poller, the host calls play_overdue
        self.lease_s = lease_s
        self._poller: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()  # a save set a deadline nearer than the next look
        self._next_look = -math.inf  # when the poller looks next, by the clock
        # Every computer turn and timer started and not yet ended, whichever table (or
        # none, once replaced or dropped) holds it: close() stops them all. A table keeps
        # only its latest task, while the one that scheduled it may still be finishing
        # its own turn (a timed-out turn's discard, its events).
        self._running: set[asyncio.Task[None]] = set()
        self.close_timeout = CLOSE_TIMEOUT

    async def turn_seconds(self, guild_id: int, channel_id: int | None = None) -> float:
        """How long a person's turn may last at the guild's tables, in ``channel_id``'s
        when given (its own time-out, else the server's; 0: no time limit)."""
        return await self._turn_seconds(guild_id, channel_id)

    async def _turn_seconds(self, guild_id: int, channel_id: int | None) -> float:
        if self.turn_timeout is not None:
            return self.turn_timeout
        settings = await self._guild_settings(guild_id)
        return float(settings.turn_timeout_in(channel_id))

    def _after_change(self, table: LiveTable) -> None:
        """Schedule what happens next by itself: a computer turn, or the poller's look at
        the turn's deadline."""
        if self._closed or table.game is None or table.status is not Status.PLAYING:
            return
        if table.game.phase not in (Phase.DRAW, Phase.PLAY):
            return
        seat = table.seats[table.game.current]
        if seat.is_computer:
            self._spawn(table, self._computer_turn(table.channel_id), "computer")
        elif table.deadline is not None:
            self.start_timers()
            if table.deadline < self._next_look:
                self._wake.set()

    def start_timers(self) -> None:
        """Start the poller that times out the due turns of this process's guilds, those
        of the tables it holds and those of tables no process holds any more (idempotent;
        it also starts with the first deadline; ``close`` stops it). Without a
        ``poll_interval`` (None), there is none: the host calls :meth:`play_overdue`."""
        if self._closed or self.poll_interval is None or (
                self._poller is not None and not self._poller.done()):
            return
        self._poller = self._start(self._poll(self.poll_interval), "timer:poll")

    def _spawn(self, table: LiveTable, coro: Coroutine[Any, Any, None], name: str) -> None:
        for task in list(table.tasks):
            if task is not asyncio.current_task():
                task.cancel()
        task = self._start(coro, f"{name}:{table.channel_id}")
        table.tasks = {task}
        task.add_done_callback(table.tasks.discard)

    def _start(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """A task that ``close`` stops, whichever table holds it, if any."""
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task

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
            if channel_id not in self._tables:  # dropped meanwhile: nothing to play here
                return
            table = await self._load(channel_id)  # checked against its row when shared
            if table is None or table.game is None or table.status is not Status.PLAYING:
                return
            game = table.game
            if game.phase not in (Phase.DRAW, Phase.PLAY):
                return
            seat = table.seats[game.current]
            if not seat.is_computer:
                return
            action = await self._decide(table, game.current, seat.level or DEFAULT_LEVEL)
            try:
                events = await self._play(table, game.current, action, actor=None)
            except CHANGED_ELSEWHERE as error:
                # The row wins, and may still be at this computer's turn (another process
                # saved only what its channel shows): loaded, it schedules its next move.
                log.info("computer turn changed elsewhere channel=%s error=%s", channel_id,
                         error)
                await self._load(channel_id)
                return
        for event in events:
            await self._emit(event)

    async def _decide(self, table: LiveTable, seat: int, level: Level) -> Action:
        """The computer's move, seeded by the game seed and version so a game replays.

        It is chosen in a worker thread: a hard player's search takes milliseconds that
        the event loop owes to every other table (the lock keeps the game unchanged).

        Raises:
            SessionError: neither the level's choice nor the easy player's is legal.
        """
        assert table.game is not None
        return await asyncio.to_thread(computer_action, table.game, seat, level,
                                       self._rng(table))

    @staticmethod
    def _rng(table: LiveTable) -> random.Random:
        return random.Random(f"{table.doc.seed}:{table.version}")

    async def _seat_to_computer(self, table: LiveTable, seat: int) -> list[Event]:
        """Give a seat whose turns timed out ``timeout_seat_after`` times in a row to the
        easy computer for the rest of the match (its player may not take it back: a
        match has no way in once dealt); the match ends when no person is left. The
        computer then plays the turn, scheduled by the save."""
        seats = list(table.seats)
        seats[seat] = Seat(stand_in_name(seats[seat].name), None, Level.EASY)
        doc = replace(table.doc, seats=tuple(seats)).with_timeouts(seat, 0)
        if all(other.is_computer for other in seats):
            await self._save(table, replace(doc, ended="cancelled"), table.game, actor=None,
                             action=f"seat {seat}: timed out, nobody left", same_game=True)
            await self._end(table, "cancelled")
            return [Event(EventKind.ENDED, table.snapshot(), seat, TIMED_OUT_SEAT)]
        await self._save(table, doc, table.game, actor=None,
                         action=f"seat {seat}: {TIMED_OUT_SEAT}", same_game=True)
        self._after_change(table)
        return [Event(EventKind.LEFT, table.snapshot(), seat, TIMED_OUT_SEAT)]

    async def _poll(self, interval: float) -> None:
        """Claim the due turns, time each out in a task of its own, sleep (at most
        ``interval`` seconds); for ever."""
        while not self._closed:
            self._wake.clear()  # a save from now on wakes the sleep below
            try:
                due = await self._claim(self._clock())
            except Exception:  # the database is away: try again at the next look
                log.exception("due turns not claimed")
                due = []
            for turn in due:
                self._start(self._time_out_claimed(turn), f"timer:{turn.channel_id}")
            if len(due) < CLAIM_LIMIT:
                await self._sleep(interval)

    async def _sleep(self, longest: float) -> None:
        """Until the earliest deadline still to come of the tables held, at most
        ``longest`` seconds (the turns of tables other processes held), or a wake-up."""
        now = self._clock()
        coming = [t.deadline for t in self._tables.values()
                  if t.deadline is not None and t.deadline > now]
        wait = min([longest, *(deadline - now for deadline in coming)])
        self._next_look = now + wait
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for loses a cancel that comes
        # as the event is set, and the loop would go on past close().
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(wait):
                await self._wake.wait()
        self._next_look = -math.inf  # looking now: a save needs not wake it

    async def _claim(self, now: float) -> list[DueTurn]:
        return await self.store.claim_due_turns(now, lease_s=self.lease_s,
                                                shards=self.shards, limit=CLAIM_LIMIT)

    async def _time_out_claimed(self, turn: DueTurn) -> None:
        try:
            await self._time_out(turn.channel_id, turn.deadline, turn.version)
        except Exception:  # its lease ends, and the turn is tried again then
            log.exception("timed-out turn failed channel=%s", turn.channel_id)

    async def play_overdue(self, now: float | None = None) -> list[int]:
        """Claim and play every turn of this process's guilds whose deadline is ``now``
        (default: the clock) or earlier, as the poller would; returns the channels played.
        For tests and for a host that polls deadlines itself."""
        moment = self._clock() if now is None else now
        played = []
        while True:
            due = await self._claim(moment)
            for turn in due:
                if await self._time_out(turn.channel_id, turn.deadline, turn.version):
                    played.append(turn.channel_id)
            if len(due) < CLAIM_LIMIT:
                return played

    async def _time_out(self, channel_id: int, deadline: float,
                        version: int | None = None) -> bool:
        """Finish the turn whose deadline is ``deadline`` with the easy player, unless that
        turn has ended meanwhile. The table is loaded if this process does not hold it (it
        served another shard, or another process died); held at an older version than
        ``version`` (the game's when its turn was claimed), it is loaded afresh, since
        another process saved it since. Returns whether it was played."""
        events: list[Event] = []
        async with self._lock(channel_id):
            held = self._tables.get(channel_id)
            if held is not None and version is not None and held.version < version:
                self._drop(held)
            table = await self._load(channel_id)
            if table is None or table.deadline != deadline or table.game is None:
                return False
            seat = table.game.current
            settings = await self.store.guild_settings(table.guild_id)
            count = table.doc.timeouts_of(seat) + 1
            doc: TableDoc | None = table.doc.with_timeouts(seat, count)  # saved with the move
            try:
                if settings.timeout_action == "seat" and count >= settings.timeout_seat_after:
                    events += await self._seat_to_computer(table, seat)
                for _ in range(MAX_TIMEOUT_STEPS):  # draw, then discard; or a tile play
                    game = table.game
                    if (table.deadline != deadline or game is None or game.current != seat
                            or game.phase not in (Phase.DRAW, Phase.PLAY)):
                        break
                    if settings.timeout_action == "skip":
                        action = skip_action(game, seat, self._rng(table))
                    else:
                        action = await self._decide(table, seat, Level.EASY)
                    events += await self._play(table, seat, action, actor=None,
                                               kind=EventKind.TIMEOUT, doc=doc)
                    doc = None
            except SessionError:  # the easy player found no legal move: leave the turn open
                log.error("timed-out turn not played channel=%s seat=%s", channel_id, seat)
            except CHANGED_ELSEWHERE as error:  # another process moved the game first
                log.info("timed-out turn changed elsewhere channel=%s error=%s", channel_id,
                         error)
        for event in events:
            await self._emit(event)
        return bool(events)
