"""The session layer's front door: every table of the bot, one per channel, with no
Discord in it.

The Discord cogs, the terminal game and the tests all drive :class:`Tables`, so that a
rule, a save or a computer turn is written once. A table goes through three states:

``lobby`` (players join, computer players are added) → ``playing`` (an engine
:class:`~engine.Game`, round after round) → ``match_over`` (the final ranking; a rematch
starts a new game in the same channel).

Guarantees:
- One ``asyncio.Lock`` per channel: two clicks at the same instant are applied one after
  the other, and the second sees the state the first left (so it fails cleanly instead
  of applying twice).
- Every change is saved (state + a log entry, one transaction) before the call returns;
  when the save fails, the table is reloaded as it was saved.
- Several processes on one store never fork a game: the row wins. A table another
  process moved is reloaded before use, and an operation whose save finds the table
  moved meanwhile runs once more on the fresh state (``session.changed_elsewhere`` if it
  is moved again); see :mod:`bot.session.keeper`.
- Computer seats play by themselves after ``ai_delay`` seconds (deciding off the event
  loop); a human turn's deadline is fixed when the turn starts (guild setting) and saved
  with the game, and when it passes the easy computer player finishes that turn, after a
  restart too (late if the bot was down). Only the end of the turn moves it.
- Listeners (the bot, the terminal game) receive an :class:`Event` after every change.

API (all coroutines on :class:`Tables`): ``open_lobby``, ``join``, ``leave``,
``add_computer``, ``set_level``, ``start``, ``cancel``, ``end`` (:mod:`bot.session.lobby`),
``act``, ``act_many``, ``next_round``, ``rematch``, ``hand``, ``snapshot``, ``set_ui``,
``play_overdue``, ``resume``, ``close``. Errors are :class:`engine.RummyError` subclasses
(``message(lang)`` in en/fr).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.session.autoplay import Autoplay
from bot.session.booking import booking_of
from bot.session.keeper import LiveTable, retried, table_ui
from bot.session.lobby import Lobby
from bot.session.model import Event, EventKind, SessionError, Snapshot, Status
from engine.actions import Action
from engine.game import Game
from engine.views import Phase, PlayerView

# What a rematch's new game keeps of what the channel showed of the one before it.
CARRIED_UI = ("lang", "reminder_message")


class Tables(Lobby, Autoplay):
    """Every table of the bot, one per channel, kept in the store.

    ``Tables(store, *, ai_delay=1.0, seed_source=None, turn_timeout=None, clock=time.time)``:
    ``seed_source`` gives each match its seed (tests inject one); ``turn_timeout`` in
    seconds overrides the guild setting (0: no timer).
    """

    # -- queries -----------------------------------------------------------------------

    async def snapshot(self, channel_id: int) -> Snapshot | None:
        """The channel's table, or None when there is none."""
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            return table.snapshot() if table is not None else None

    async def hand(self, channel_id: int, user_id: int) -> PlayerView:
        """What ``user_id`` may see of the game: their hand and the table.

        Raises:
            SessionError: no game here, the game has not started, or not seated.
        """
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            if table.game is None:
                raise SessionError("session.not_started")
            return table.player_view(self._seat_of(table, user_id))

    def game_copy(self, channel_id: int) -> Game | None:
        """A copy of the channel's game as it stands (None without one), to read freely."""
        table = self._tables.get(channel_id)
        return table.game.clone() if table is not None and table.game is not None else None

    async def idle(self, channel_id: int | None = None) -> bool:
        """Wait until the computer turns scheduled so far have been played (and those they
        scheduled in turn), in one channel or, with None, in every channel; turn timers
        are not waited for. Returns whether there was any computer turn to wait for."""
        waited = False
        while True:
            tables = (self._tables.values() if channel_id is None
                      else [t for t in (self._tables.get(channel_id),) if t is not None])
            pending = [task for table in tables for task in table.tasks
                       if not task.done() and task.get_name().startswith("computer")]
            if not pending:
                return waited
            waited = True
            await asyncio.gather(*pending, return_exceptions=True)

    async def forget_games(self, game_ids: Iterable[int]) -> list[int]:
        """Drop the in-memory tables of games the store no longer keeps active (expired
        or archived elsewhere); their computer turns and timers stop. Returns the channels."""
        wanted = set(game_ids)
        dropped = []
        for channel_id, table in list(self._tables.items()):
            if table.game_id not in wanted:
                continue
            async with self._lock(channel_id):
                if self._tables.get(channel_id) is table:
                    self._drop(table)
                    dropped.append(channel_id)
        return dropped

    # -- play --------------------------------------------------------------------------

    async def act(self, channel_id: int, user_id: int, action: Action) -> PlayerView:
        """Play ``action`` for the caller's seat, save, and return their new view.

        Raises:
            SessionError: no game running here or the caller is not seated.
            IllegalMove: the engine refuses the action (nothing changes).
        """
        return await self.act_many(channel_id, user_id, [action])

    @retried
    async def act_many(self, channel_id: int, user_id: int,
                       actions: Sequence[Action]) -> PlayerView:
        """Play several actions of the caller's seat as one change: all are applied and
        saved together (one save, one log entry, one event), or none when one is refused.

        Raises:
            SessionError: no game running here, the caller is not seated, or no action.
            IllegalMove: the engine refuses one of the actions (nothing changes).
        """
        if not actions:
            raise SessionError("session.no_action")
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            if table.game is None or table.status is not Status.PLAYING:
                raise SessionError("session.not_started")
            seat = self._seat_of(table, user_id)
            events = await self._play(table, seat, actions[0], actor=user_id,
                                      more=actions[1:])
            view = table.player_view(seat)
        for event in events:
            await self._emit(event)
        return view

    @retried
    async def next_round(self, channel_id: int, user_id: int) -> Snapshot:
        """Deal the next round once a round is over (any seated player).

        Raises:
            SessionError / IllegalMove: no finished round to move on from.
        """
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            self._seat_of(table, user_id)
            game = table.game
            if game is None or game.phase is not Phase.ROUND_OVER:
                raise SessionError("session.no_round_over")
            candidate = game.clone()
            candidate.start_next_round()
            await self._save(table, table.doc, candidate, actor=user_id, action="next_round")
            self._after_change(table)
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.ROUND_STARTED, snapshot))
        return snapshot

    @retried
    async def rematch(self, channel_id: int, user_id: int) -> Snapshot:
        """Start a new match with the same seats once the match is over.

        Raises:
            SessionError: the match is not over or the caller is not seated.
        """
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            self._seat_of(table, user_id)
            if table.status is not Status.MATCH_OVER:
                raise SessionError("session.match_not_over")
            await self._end(table, "finished")
            doc = replace(table.doc, status=Status.PLAYING, seed=self._seed_source(),
                          created_by=user_id, ended=None, timeouts=())
            game = Game.new(doc.rules, [seat.name for seat in doc.seats], doc.seed)
            fresh = await self._create(channel_id, table.guild_id, doc, game)
            await self._carry_ui(table, fresh)
            self._after_change(fresh)
            snapshot = fresh.snapshot()
        await self._emit(Event(EventKind.STARTED, snapshot))
        return snapshot

    async def _carry_ui(self, old: LiveTable, fresh: LiveTable) -> None:
        """What a rematch's game keeps of what the channel showed of the match before it:
        the language the table was opened in, and the last turn reminder (still in the
        channel: the front end deletes it once it reminds the new game's first turn, after
        a restart too). Its lobby, table and results are the old game's own."""
        carried = {name: getattr(old.ui, name) for name in CARRIED_UI
                   if getattr(old.ui, name) is not None}
        if carried:
            saved = await self.store.set_game_ui(fresh.game_id, **carried)
            if saved is not None:
                fresh.ui = table_ui(saved)

    async def set_ui(self, channel_id: int, *, lobby_message: int | None = None,
                     table_message: int | None = None, lang: str | None = None,
                     reminder_message: int | None = None, reminder_turn: str | None = None,
                     results_shown: str | None = None, lobby_layout: int | None = None,
                     table_layout: int | None = None, game_id: int | None = None) -> None:
        """Remember what the front end shows of the table (see
        :class:`~bot.session.model.TableUi`), saved in the store beside the game: the
        game's document, version, turn lease and log are left alone, so this never races
        a move and the turn's timer goes on. A value left None stays as it was. Without a
        table in the channel, or when ``game_id`` is given and the channel's game is
        another one by now, nothing happens. Another process serving the channel sees the
        values at its next use of the table (:meth:`snapshot`), without reloading the game.

        Raises:
            ValueError: a message id that is not a whole number from 1, or a text that is
                empty (nothing is saved).
        """
        given = {"lobby_message": lobby_message, "table_message": table_message, "lang": lang,
                 "reminder_message": reminder_message, "reminder_turn": reminder_turn,
                 "results_shown": results_shown, "lobby_layout": lobby_layout,
                 "table_layout": table_layout}
        changed: dict[str, Any] = {name: value for name, value in given.items()
                                   if value is not None}
        if not changed:
            return
        table = self._tables.get(channel_id)
        if game_id is None:
            if table is None:
                async with self._lock(channel_id):
                    table = await self._load(channel_id)
                if table is None:
                    return
            game_id = table.game_id
        if (table is not None and table.game_id == game_id and not self.store.shared
                and replace(table.ui, **changed) == table.ui):
            return  # nothing new (a shared store's other processes may have moved it)
        saved = await self.store.set_game_ui(game_id, channel_id=channel_id, **changed)
        table = self._tables.get(channel_id)
        if saved is not None and table is not None and table.game_id == game_id:
            table.ui = table_ui(saved)

    # -- restarts ----------------------------------------------------------------------

    async def resume(self, channel_id: int | None = None) -> list[int]:
        """Load every active game of this process's guilds (those of its ``shards``)
        after a (re)start, or only ``channel_id``'s, and restart computer turns and
        timers: the games of other processes' guilds are theirs to play.

        Returns the channels resumed. A corrupt row is isolated, never a crash.
        """
        resumed = []
        for stored in await self.store.active_games(shards=self.shards):
            wanted = channel_id is None or stored.channel_id == channel_id
            if stored.channel_id in self._tables or not wanted:
                continue
            table = await self._from_stored(stored)
            if table is None or self._tables.setdefault(stored.channel_id, table) is not table:
                continue  # unreadable, or loaded meanwhile by a player's command
            if table.game is not None and (
                    booking := booking_of(table.game_id, table.doc.seats, table.game)):
                await self.store.book(table.game_id, booking)  # saved without it: old Rami
            self._after_change(table)
            resumed.append(stored.channel_id)
        return resumed

    async def close(self) -> None:
        """Stop every computer turn and timer these tables started, those of tables no
        longer held too, and wait for them to end (the state is already saved): none
        touches the store once this returns. Bounded: it returns within
        :data:`~bot.session.autoplay.CLOSE_TIMEOUT` seconds whatever a task does."""
        self._closed = True
        await self._stop_running()

