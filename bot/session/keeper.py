"""The tables in memory, one per channel, each with its lock: loading them from the store,
saving every change before anyone hears of it, playing one action, closing a row.

:class:`TableKeeper` is the ground floor of :class:`bot.session.Tables`; the lobby
(:mod:`bot.session.lobby`) and the computer turns and turn timers
(:mod:`bot.session.autoplay`) are built on it. The methods that read or change one table
(``_load``, ``_save``, ``_play``, ``_finish``…) expect its channel's lock to be held;
events are sent (``_emit``) once it is released.

Several processes may hold the same table (Discord may hand a shard to two processes at
once, for a while): the row wins. On a shared store (:attr:`data.Store.shared`) ``_load``
checks the table's version against its row and reloads it when another process moved it;
what the channel shows of it (:class:`TableUi`) comes with that same read of the row, so
a message id saved by another process is seen without reloading the game (saving one
changes no version). A save that still finds the version moved (``StaleState``) or the game ended
(``GameNotActive``) drops the table, and :func:`retried` runs the whole operation once
more on the fresh state (an operation that failed changed nothing). A dropped table's
computer turn and timer go with it; the table loaded from the row schedules its own.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.session.booking import booking_of
from bot.session.describe import describe_action, shown_action
from bot.session.document import Ending, TableDoc, game_text
from bot.session.model import (
    Event,
    EventKind,
    Listener,
    Seat,
    SessionError,
    Snapshot,
    Status,
    TableUi,
)
from data import Booking, GameExists, GameNotActive, GameUi, StaleState, Store, StoredGame
from engine import CorruptGame
from engine.actions import Action
from engine.game import Game
from engine.views import Phase, Piece, PlayerView, PublicView

log = logging.getLogger("rami.session")

P = ParamSpec("P")
R = TypeVar("R")
K = TypeVar("K", bound="TableKeeper")
# What a save or a new game meets when another process changed the channel first.
CHANGED_ELSEWHERE = (StaleState, GameNotActive, GameExists)


@dataclass(slots=True)
class LiveTable:
    """One channel's table in memory: its saved document and its live match."""

    game_id: int
    channel_id: int
    guild_id: int
    version: int
    doc: TableDoc
    game: Game | None
    saved: str  # the document as last saved, to fall back on when a save fails
    deadline: float | None = None  # when the current human turn times out (as saved)
    # The turn that deadline belongs to (the game changes in place: compare with this).
    deadline_turn: tuple[int, int, int] | None = None
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    game_json: str | None = None  # the match as last saved (None: not written since loading)
    # What the front end shows of the table, as saved in the store beside the game.
    ui: TableUi = field(default_factory=TableUi)
    # The views of the match as saved at ``version`` (its events, the answer and the
    # publisher read the same ones), made once each: the match and the version they are
    # of, then the public view (key None) and each seat's.
    _views_of: tuple[Game, int] | None = field(default=None, repr=False, compare=False)
    _views: dict[int | None, PublicView] = field(default_factory=dict, repr=False,
                                                 compare=False)

    @property
    def status(self) -> Status:
        return self.doc.status

    @property
    def seats(self) -> list[Seat]:
        """The seats, as a list the caller may change to build a new document."""
        return list(self.doc.seats)

    def dump(self) -> str:
        return self.doc.to_json(self.game)

    def public_view(self) -> PublicView | None:
        """What everybody may see of the match (None before it is dealt)."""
        game = self.game
        if game is None:
            return None
        views = self._current_views(game)
        view = views.get(None)
        if view is None:
            view = views[None] = game.public_view()
        return view

    def player_view(self, seat: int) -> PlayerView:
        """What ``seat`` may know of the match (:meth:`engine.game.Game.view`).

        Raises:
            IllegalMove: no such seat.
        """
        assert self.game is not None
        views = self._current_views(self.game)
        view = views.get(seat)
        if view is None:
            view = views[seat] = self.game.view(seat)
        assert isinstance(view, PlayerView)
        return view

    def _current_views(self, game: Game) -> dict[int | None, PublicView]:
        """The views kept, forgotten once the match or its saved version changed (the
        match changes in place, then is saved: views are read under the table's lock,
        once its save is done)."""
        if self._views_of is None or self._views_of[0] is not game or (
                self._views_of[1] != self.version):
            self._views_of = (game, self.version)
            self._views = {}
        return self._views

    def snapshot(self) -> Snapshot:
        return Snapshot(
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            game_id=self.game_id,
            status=self.status,
            variant=self.doc.variant,
            created_by=self.doc.created_by,
            seats=self.doc.seats,
            view=self.public_view(),
            ui=self.ui,
            version=self.version,
            rules=self.game.rules if self.game is not None else self.doc.rules,
            hands=self._final_hands(),
            deadline=self.deadline,
        )

    def _final_hands(self) -> tuple[tuple[Piece, ...], ...] | None:
        """Every seat's hand once the round is over, else None (hands stay private)."""
        game = self.game
        if game is None or game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return None
        return tuple(game.round.hand(seat) for seat in range(len(game.players)))


class TableKeeper:
    """Every table of the bot in memory, kept in the store."""

    def __init__(self, store: Store, *, seed_source: Callable[[], int] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._seed_source: Callable[[], int] = seed_source or _system_seed
        self._clock = clock
        self._tables: dict[int, LiveTable] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._closed = False

    def census(self) -> dict[tuple[str, str], int]:
        """How many tables this process holds, by status and variant (the metrics)."""
        counts: dict[tuple[str, str], int] = {}
        for table in self._tables.values():
            key = (table.status.value, table.doc.variant)
            counts[key] = counts.get(key, 0) + 1
        return counts

    # -- listeners ---------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every saved change of any table."""
        self._listeners.append(listener)

    async def _emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            try:
                await listener(event)
            except Exception:  # a broken listener must not break the game
                log.exception("listener failed event=%s channel=%s", event.kind,
                              event.snapshot.channel_id)

    # -- loading and saving ------------------------------------------------------------

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def _load(self, channel_id: int) -> LiveTable | None:
        table = self._tables.get(channel_id)
        if table is not None:
            if not self.store.shared:
                return table
            head = await self.store.game_head(table.game_id)
            if head is not None and head[0] == table.version:
                table.ui = table_ui(head[1])  # perhaps saved by another process
                return table
            log.info("table changed elsewhere: reloaded channel=%s game_id=%s version=%s",
                     channel_id, table.game_id, table.version)
            self._drop(table)
        stored = await self.store.active_game(channel_id)
        if stored is None:
            return None
        table = await self._from_stored(stored)
        if table is None:
            return None
        # resume() may have loaded it meanwhile (it holds no channel's lock): one table per
        # channel, always, since a second copy would hold its own version and timers.
        kept = self._tables.setdefault(channel_id, table)
        if kept is table:
            # A table dropped because another process moved it took its computer turn and
            # timer along; the row may still be at a computer's turn (that process saved
            # only what its channel shows, say), which nobody would play then.
            self._after_change(table)
        return kept

    async def _from_stored(self, stored: StoredGame) -> LiveTable | None:
        """The table of a stored row, or None when its document is damaged (the row is
        then isolated: marked corrupt, the reason kept, the channel free again)."""
        try:
            doc, game = TableDoc.from_json(stored.state)
        except CorruptGame as error:
            reason = error.message()
            log.error("corrupt game isolated game_id=%s channel=%s reason=%s",
                      stored.id, stored.channel_id, reason)
            await self.store.mark_corrupt(stored.id, reason)
            return None
        ui = await self._saved_ui(stored.id, doc.old_ui)
        if doc.old_ui is not None:
            doc = replace(doc, old_ui=None)
        table = LiveTable(stored.id, stored.channel_id, stored.guild_id, stored.version, doc,
                          game, stored.state, stored.deadline, human_turn(doc, game), ui=ui)
        if table.deadline is None:  # saved before turns had deadlines: this one starts now
            table.deadline = await self._deadline_after(None, table.guild_id, doc, game,
                                                        table.channel_id)
        return table

    async def _saved_ui(self, game_id: int, old: TableUi | None) -> TableUi:
        """What the channel shows of a game, as the store keeps it; a document saved before
        the store kept it apart hands over what it held (``old``), unless the store has
        newer ids already (saved since by another process)."""
        if old is None or old == TableUi():
            return table_ui(await self.store.game_ui(game_id))
        values = {name: getattr(old, name) for name in UI_FIELDS}
        kept = {name: value for name, value in values.items() if _storable(value)}
        dropped = [name for name, value in values.items() if value is not None
                   and name not in kept]
        if dropped:
            log.warning("game_id=%s: old ui values the store cannot keep left behind: %s",
                        game_id, dropped)
        taken = await self.store.take_over_game_ui(game_id, **kept)
        return TableUi() if taken is None else table_ui(taken)

    async def _require(self, channel_id: int) -> LiveTable:
        table = await self._load(channel_id)
        if table is None:
            raise SessionError("session.no_game")
        return table

    async def _create(self, channel_id: int, guild_id: int, doc: TableDoc,
                      game: Game | None) -> LiveTable:
        """Store a new table (its creator is ``doc.created_by``) and keep it in memory."""
        state = doc.to_json(game)
        deadline = await self._deadline_after(None, guild_id, doc, game, channel_id)
        stored = await self.store.create_game(channel_id, guild_id, doc.created_by,
                                              doc.variant, state, deadline=deadline)
        table = LiveTable(stored.id, channel_id, guild_id, stored.version, doc, game, state,
                          deadline, human_turn(doc, game))
        self._tables[channel_id] = table
        return table

    async def _save(self, table: LiveTable, doc: TableDoc, game: Game | None, *,
                    actor: int | None, action: str, same_game: bool = False,
                    booking: Booking | None = None) -> None:
        """Save the new state with its turn's deadline (and ``booking``, the scores it
        finished, in the same transaction); on success it becomes the table's state, else
        nothing changes.

        ``same_game``: ``game`` is the table's match exactly as last saved (only the
        document around it changed), so its saved text is used again."""
        game_json = table.game_json if same_game and game is table.game else None
        if game_json is None and game is not None:
            game_json = game_text(game)
        state = doc.to_json(game_json)
        deadline = await self._deadline_after(table, table.guild_id, doc, game,
                                              table.channel_id)
        try:
            version = await self.store.save(table.game_id, state, actor=actor, action=action,
                                            expected_version=table.version, deadline=deadline,
                                            booking=booking)
        except (StaleState, GameNotActive):
            self._drop(table)  # another process moved or ended it: its row wins
            raise
        table.doc, table.game, table.version, table.saved = doc, game, version, state
        table.game_json = game_json
        table.deadline, table.deadline_turn = deadline, human_turn(doc, game)

    async def _deadline_after(self, table: LiveTable | None, guild_id: int, doc: TableDoc,
                              game: Game | None, channel_id: int) -> float | None:
        """The deadline of the turn ``doc`` and ``game`` are at: the one that stands while
        the same human turn goes on (a draft edit, a level change, the front end's message
        ids change nothing), a fresh one when a human turn starts (the first of a match or
        of a round too), None when no human is to play."""
        turn = human_turn(doc, game)
        if turn is None:
            return None
        if table is not None and table.deadline is not None and table.deadline_turn == turn:
            return table.deadline
        seconds = await self._turn_seconds(guild_id, channel_id)
        return None if seconds <= 0 else self._clock() + seconds

    async def _turn_seconds(self, guild_id: int, channel_id: int | None) -> float:
        """How long a human turn lasts before it is played for them (0: no timer);
        :class:`bot.session.autoplay.Autoplay` reads it from its settings."""
        return 0.0

    async def _finish(self, table: LiveTable, user_id: int | None, status: Ending,
                      action: str) -> Snapshot:
        """End the table's row; the caller emits ENDED once the lock is released."""
        await self._save(table, replace(table.doc, ended=status), table.game, actor=user_id,
                         action=action, same_game=True)
        await self._end(table, status)
        return table.snapshot()

    async def _end(self, table: LiveTable, status: Ending) -> None:
        """End the table's row as it stands (version checked) and forget the table."""
        try:
            await self.store.end_game(table.game_id, status, table.dump(),
                                      expected_version=table.version)
        finally:
            self._drop(table)  # ended here, or moved or ended elsewhere: reloaded if need be

    def _drop(self, table: LiveTable) -> None:
        for task in table.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._tables.pop(table.channel_id, None)

    # -- play --------------------------------------------------------------------------

    def _seat_of(self, table: LiveTable, user_id: int) -> int:
        for index, seat in enumerate(table.seats):
            if seat.user_id == user_id:
                return index
        raise SessionError("session.not_seated")

    def _after_change(self, table: LiveTable) -> None:
        """Schedule what happens next by itself (computer turns and turn timers live in
        :class:`bot.session.autoplay.Autoplay`, which overrides this)."""

    async def _play(self, table: LiveTable, seat: int, action: Action, *, actor: int | None,
                    kind: EventKind = EventKind.ACTION,
                    more: Sequence[Action] = (), doc: TableDoc | None = None) -> list[Event]:
        """Apply and save one action, or ``action`` then ``more`` as one change (all or
        nothing), with the scores of the round or match it ends. Returns the events to
        send. ``doc``: the table's document changed with it (saved in the same save);
        a player acting (``actor``) ends their seat's time-outs in a row.

        Raises:
            IllegalMove: the engine refuses an action (nothing changes).
        """
        game = table.game
        assert game is not None
        if more:  # several edits: on a copy, so that a refusal half-way changes nothing
            game = game.clone()
        shown = []
        for step in (action, *more):
            shown.append(shown_action(game, seat, step))
            game.apply(seat, step)  # raises IllegalMove with the table's game unchanged
        words = " ; ".join(describe_action(step) for step in shown)
        doc = table.doc if doc is None else doc
        if actor is not None and doc.timeouts_of(seat):
            doc = doc.with_timeouts(seat, 0)
        if game.phase is Phase.MATCH_OVER:
            doc = replace(doc, status=Status.MATCH_OVER)
        ended = game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        # Booked with the save, never after it: a process that dies or loses a race in
        # between would leave a finished round without its scores for everyone to read.
        booking = booking_of(table.game_id, doc.seats, game) if ended else None
        try:
            await self._save(table, doc, game, actor=actor, action=f"seat {seat}: {words}",
                             booking=booking)
        except BaseException:
            table.game = TableDoc.from_json(table.saved)[1]
            raise
        last = shown[-1]
        events = [Event(kind, table.snapshot(), seat, words, last)]
        if ended:
            events.append(Event(EventKind.ROUND_OVER, table.snapshot(), seat, words, last))
        if game.phase is Phase.MATCH_OVER:
            events.append(Event(EventKind.MATCH_OVER, table.snapshot(), seat, words, last))
        self._after_change(table)
        return events


def retried(operation: Callable[Concatenate[K, int, P], Awaitable[R]]
            ) -> Callable[Concatenate[K, int, P], Coroutine[Any, Any, R]]:
    """Run a public operation on a channel's table (``self``, then ``channel_id``) once
    more when another process changed the table first (its cached copy was dropped, so
    the second run works on the row as saved); a refusal then is the usual engine or
    session error.

    Raises:
        SessionError: ``session.changed_elsewhere`` when it is changed elsewhere again.
    """

    @functools.wraps(operation)
    async def run(self: K, channel_id: int, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await operation(self, channel_id, *args, **kwargs)
        except CHANGED_ELSEWHERE as error:
            log.info("table changed elsewhere: retried channel=%s error=%s", channel_id, error)
        try:
            return await operation(self, channel_id, *args, **kwargs)
        except CHANGED_ELSEWHERE as error:
            raise SessionError("session.changed_elsewhere") from error

    return run


UI_FIELDS = ("lobby_message", "table_message", "lang", "reminder_message", "reminder_turn",
             "results_shown", "lobby_layout", "table_layout")


def _storable(value: object) -> bool:
    """Whether the store keeps ``value`` of an old document's ``ui`` (a message id from 1
    to a BIGINT's largest, or a non-empty text)."""
    if isinstance(value, int):
        return 1 <= value < 2**63
    return isinstance(value, str) and bool(value.strip())


def table_ui(saved: GameUi) -> TableUi:
    """The session's value of what the store keeps of a game's channel."""
    return TableUi(**{name: getattr(saved, name) for name in UI_FIELDS})


def human_turn(doc: TableDoc, game: Game | None) -> tuple[int, int, int] | None:
    """Which human turn a table is at (round, turn of the round, seat), None when it is at
    none: a lobby, a round over, an ended match, or a computer seat to play."""
    if doc.status is not Status.PLAYING or doc.ended is not None or game is None:
        return None
    if game.phase not in (Phase.DRAW, Phase.PLAY) or doc.seats[game.current].is_computer:
        return None
    return game.round_number, game.round.turn_count(), game.current


def _system_seed() -> int:
    """A fresh match seed when no seed source is injected (tests inject one)."""
    return random.SystemRandom().getrandbits(31)
