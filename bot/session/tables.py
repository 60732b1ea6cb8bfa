"""The session layer: one table per channel, with no Discord in it.

The Discord cogs, the terminal game and the tests all drive this layer, so that a rule,
a save or a computer turn is written once. A table goes through three states:

``lobby`` (players join, computer players are added) → ``playing`` (an engine
:class:`~engine.Game`, round after round) → ``match_over`` (the final ranking; a rematch
starts a new game in the same channel).

Guarantees:
- One ``asyncio.Lock`` per channel: two clicks at the same instant are applied one after
  the other, and the second sees the state the first left (so it fails cleanly instead
  of applying twice).
- Every change is saved (state + a log entry, one transaction) before the call returns;
  when the save fails, the table is reloaded as it was saved.
- Computer seats play by themselves after ``ai_delay`` seconds; a human seat that lets
  the turn time-out (guild setting) is played once by the easy computer player.
- Listeners (the bot, the terminal game) receive an :class:`Event` after every change.

API (all coroutines on :class:`Tables`): ``open_lobby``, ``join``, ``leave``,
``add_computer``, ``set_level``, ``start``, ``cancel``, ``end``, ``act``,
``next_round``, ``rematch``, ``hand``, ``snapshot``, ``set_ui``, ``resume``, ``close``.
Errors are :class:`engine.RummyError` subclasses (``message(lang)`` in en/fr).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal

from data import MatchExists, MatchSeat, SeatScore, Store, StoredGame
from engine import Action, Card, CorruptGame, RuleSet, RummyError, Tile, format_cards, variant
from engine.ai import LEVELS, choose_action
from engine.game import Game
from engine.tiles.tile import format_tiles
from engine.views import Phase, PlayerView, PublicView

log = logging.getLogger("rami.session")

DOC_FORMAT = 1
DEFAULT_LEVEL = "medium"


class SessionError(RummyError):
    """Something a player asked of a table that cannot be done now."""

    default_code = "session"


class Status(enum.StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    MATCH_OVER = "match_over"


class EventKind(enum.StrEnum):
    LOBBY = "lobby"  # the lobby changed (join, leave, computer added)
    STARTED = "started"  # a match started
    ACTION = "action"  # a seat played (human or computer)
    TIMEOUT = "timeout"  # a human seat timed out and was played for
    ROUND_OVER = "round_over"
    ROUND_STARTED = "round_started"
    MATCH_OVER = "match_over"
    ENDED = "ended"  # cancelled or stopped


@dataclass(frozen=True, slots=True)
class Player:
    """A human at the table."""

    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat: a human (``user_id``) or a computer player (``level``)."""

    name: str
    user_id: int | None = None
    level: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the bot needs to draw a table message."""

    channel_id: int
    guild_id: int
    game_id: int
    status: Status
    variant: str
    created_by: int
    seats: tuple[Seat, ...]
    view: PublicView | None
    ui: Mapping[str, Any]
    version: int

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    @property
    def current_seat(self) -> Seat | None:
        if self.view is None or self.status is not Status.PLAYING:
            return None
        return self.seats[self.view.current]


@dataclass(frozen=True, slots=True)
class Event:
    """A change of a table, sent to every listener after it is saved."""

    kind: EventKind
    snapshot: Snapshot
    seat: int | None = None  # who acted
    action: str | None = None  # the action in words ("meld 7♥ 8♥ 9♥"), for logs
    move: Action | None = None  # the engine action itself, to describe in any language


Listener = Callable[[Event], Awaitable[None]]


@dataclass(slots=True)
class _Table:
    """One channel's table in memory: the saved document and the live game."""

    game_id: int
    channel_id: int
    guild_id: int
    version: int
    doc: dict[str, Any]
    game: Game | None
    saved: str = ""  # the document as last saved, to fall back on when a save fails
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def status(self) -> Status:
        return Status(self.doc["status"])

    @property
    def seats(self) -> list[Seat]:
        return [Seat(**seat) for seat in self.doc["seats"]]

    def dump(self) -> str:
        game = json.loads(self.game.to_json()) if self.game is not None else None
        return json.dumps({**self.doc, "game": game}, ensure_ascii=False, separators=(",", ":"))

    def snapshot(self) -> Snapshot:
        return Snapshot(
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            game_id=self.game_id,
            status=self.status,
            variant=self.doc["variant"],
            created_by=self.doc["created_by"],
            seats=tuple(self.seats),
            view=self.game.public_view() if self.game is not None else None,
            ui=dict(self.doc.get("ui", {})),
            version=self.version,
        )


def describe_action(action: object) -> str:
    """An action in words and notation, e.g. ``meld 7♥ 8♥ 9♥ | Q♠ Q♥ Q♦``.

    Used for the game log and the table's "last move" line; any engine action
    dataclass works (card and tile variants alike).
    """
    name = type(action).__name__.lower()
    if not is_dataclass(action):
        return name
    parts = [name]
    for item in fields(action):
        parts.append(_describe_value(getattr(action, item.name)))
    return " ".join(part for part in parts if part)


def _describe_value(value: object) -> str:
    if isinstance(value, Card):
        return format_cards([value])
    if isinstance(value, Tile):
        return format_tiles([value])
    if isinstance(value, tuple | list):
        if all(isinstance(item, Card) for item in value):
            return format_cards(value)
        if all(isinstance(item, Tile) for item in value):
            return format_tiles(value)
        return " | ".join(_describe_value(item) for item in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value + 1)  # meld indexes are shown 1-based, as players number them
    return str(value)


class Tables:
    """Every table of the bot, one per channel, kept in the store."""

    def __init__(
        self,
        store: Store,
        *,
        ai_delay: float = 1.0,
        seed_source: Callable[[], int] | None = None,
        turn_timeout: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.turn_timeout = turn_timeout  # None: the guild setting decides
        self._seed_source: Callable[[], int] = seed_source or _system_seed
        self._clock = clock
        self._tables: dict[int, _Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._closed = False

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

    # -- loading -----------------------------------------------------------------------

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def _load(self, channel_id: int) -> _Table | None:
        table = self._tables.get(channel_id)
        if table is not None:
            return table
        stored = await self.store.active_game(channel_id)
        if stored is None:
            return None
        table = await self._from_stored(stored)
        if table is not None:
            self._tables[channel_id] = table
        return table

    async def _from_stored(self, stored: StoredGame) -> _Table | None:
        try:
            doc = json.loads(stored.state)
            if not isinstance(doc, dict) or doc.get("format") != DOC_FORMAT:
                raise CorruptGame(detail="unknown table document format")
            for key in ("status", "variant", "created_by", "seats", "seed"):
                if key not in doc:
                    raise CorruptGame(detail=f"missing {key}")
            Status(doc["status"])
            [Seat(**seat) for seat in doc["seats"]]
            game_doc = doc.pop("game", None)
            game = Game.from_json(json.dumps(game_doc)) if game_doc is not None else None
        except (ValueError, TypeError, KeyError) as error:
            reason = error.message() if isinstance(error, RummyError) else repr(error)
            log.error("corrupt game isolated game_id=%s channel=%s reason=%s",
                      stored.id, stored.channel_id, reason)
            await self.store.mark_corrupt(stored.id, reason)
            return None
        return _Table(stored.id, stored.channel_id, stored.guild_id, stored.version, doc, game,
                      stored.state)

    async def resume(self) -> list[int]:
        """Load every active game after a (re)start and restart computer turns and timers.

        Returns the channels resumed. A corrupt row is isolated, never a crash.
        """
        resumed = []
        for stored in await self.store.active_games():
            if stored.channel_id in self._tables:
                continue
            table = await self._from_stored(stored)
            if table is None:
                continue
            self._tables[stored.channel_id] = table
            if table.game is not None and table.game.rounds:
                await self._record_rounds(table)
                if table.status is Status.MATCH_OVER:
                    await self._record_match(table)
            self._after_change(table)
            resumed.append(stored.channel_id)
        return resumed

    async def close(self) -> None:
        """Stop computer turns and timers (the state is already saved)."""
        self._closed = True
        tasks = [task for table in self._tables.values() for task in table.tasks]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _require(self, channel_id: int) -> _Table:
        table = await self._load(channel_id)
        if table is None:
            raise SessionError("session.no_game")
        return table

    async def _save(self, table: _Table, doc: dict[str, Any], game: Game | None, *,
                    actor: int | None, action: str) -> None:
        """Save the new state; on success it becomes the table's state, else nothing changes."""
        candidate = _Table(table.game_id, table.channel_id, table.guild_id, table.version,
                           doc, game)
        state = candidate.dump()
        version = await self.store.save(table.game_id, state, actor=actor, action=action,
                                        expected_version=table.version)
        table.doc, table.game, table.version, table.saved = doc, game, version, state

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
            return table.game.view(self._seat_of(table, user_id))

    def game_copy(self, channel_id: int) -> Game | None:
        """A copy of the channel's game as it stands (None without one), to read freely."""
        table = self._tables.get(channel_id)
        return table.game.clone() if table is not None and table.game is not None else None

    async def idle(self, channel_id: int) -> None:
        """Wait until the channel's computer turns scheduled so far have been played (and
        those they scheduled in turn); turn timers are not waited for."""
        while True:
            table = self._tables.get(channel_id)
            pending = [task for task in (table.tasks if table else ())
                       if not task.done() and task.get_name().startswith("computer")]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    def rules_of(self, snapshot: Snapshot) -> Any:
        """The rule set of a table: its game's, or what the lobby will deal with (the
        server's overrides and the chosen target included)."""
        table = self._tables.get(snapshot.channel_id)
        if table is not None and table.game is not None:
            return table.game.rules
        if table is not None:
            return self._table_rules(table)
        return variant(snapshot.variant)

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

    # -- lobby -------------------------------------------------------------------------

    async def open_lobby(self, channel_id: int, guild_id: int, creator: Player,
                         variant_name: str | None = None, target: int | None = None) -> Snapshot:
        """Open a lobby in the channel with the creator seated.

        Raises:
            SessionError: a game is already running here, or the channel is not allowed.
            RuleError: unknown variant or impossible target.
        """
        async with self._lock(channel_id):
            existing = await self._load(channel_id)
            if existing is not None:
                if existing.status is not Status.MATCH_OVER:
                    raise SessionError("session.game_exists")
                await self.store.end_game(existing.game_id, "finished", existing.dump())
                self._drop(existing)
            settings = await self.store.guild_settings(guild_id)
            if settings.allowed_channels and channel_id not in settings.allowed_channels:
                raise SessionError("session.channel_not_allowed")
            name = variant_name or settings.default_variant
            rules = self._rules(name, settings.rule_overrides, target)
            doc = {
                "format": DOC_FORMAT,
                "status": Status.LOBBY.value,
                "variant": rules.name,
                "rules": rules.to_dict(),
                "created_by": creator.user_id,
                "seats": [_seat_doc(Seat(creator.name, creator.user_id))],
                "seed": self._seed_source(),
                "ui": {},
            }
            state = json.dumps({**doc, "game": None}, ensure_ascii=False)
            stored = await self.store.create_game(channel_id, guild_id, creator.user_id,
                                                  rules.name, state)
            table = _Table(stored.id, channel_id, guild_id, stored.version, doc, None, state)
            self._tables[channel_id] = table
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.LOBBY, snapshot))
        return snapshot

    @staticmethod
    def _rules(name: str, overrides: Mapping[str, Mapping[str, Any]], target: int | None) -> Any:
        rules = variant(name)
        changes = dict(overrides.get(rules.name, {}))
        if target is not None:
            changes["target"] = target
        return rules.with_overrides(**changes) if changes else rules

    async def _lobby_change(self, channel_id: int, user_id: int, action: str,
                            change: Callable[[_Table, list[Seat]], list[Seat]]) -> Snapshot:
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            if table.status is not Status.LOBBY:
                raise SessionError("session.not_in_lobby")
            seats = change(table, table.seats)
            doc = {**table.doc, "seats": [_seat_doc(seat) for seat in seats]}
            await self._save(table, doc, None, actor=user_id, action=action)
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.LOBBY, snapshot))
        return snapshot

    async def join(self, channel_id: int, player: Player) -> Snapshot:
        """Seat ``player`` in the lobby.

        Raises:
            SessionError: no lobby, already seated, or the table is full.
        """
        def change(table: _Table, seats: list[Seat]) -> list[Seat]:
            if any(seat.user_id == player.user_id for seat in seats):
                raise SessionError("session.already_seated")
            self._check_room(table, seats)
            return [*seats, Seat(player.name, player.user_id)]

        return await self._lobby_change(channel_id, player.user_id, "join", change)

    async def add_computer(self, channel_id: int, user_id: int,
                           level: str = DEFAULT_LEVEL) -> Snapshot:
        """Seat a computer player of ``level`` (easy, medium, hard).

        Raises:
            SessionError: no lobby, the caller is not seated, unknown level, or table full.
        """
        if level not in LEVELS:
            raise SessionError("session.unknown_level", level=level, levels=", ".join(LEVELS))

        def change(table: _Table, seats: list[Seat]) -> list[Seat]:
            if not any(seat.user_id == user_id for seat in seats):
                raise SessionError("session.not_seated")
            self._check_room(table, seats)
            count = sum(seat.is_computer for seat in seats) + 1
            return [*seats, Seat(computer_name(count, level), None, level)]

        return await self._lobby_change(channel_id, user_id, f"add_computer {level}", change)

    def _check_room(self, table: _Table, seats: list[Seat]) -> None:
        most = self._table_rules(table).max_players
        if len(seats) >= most:
            raise SessionError("session.table_full", most=most)

    async def leave(self, channel_id: int, user_id: int) -> Snapshot:
        """Leave the table. In the lobby the seat goes; in a match a computer takes it.

        Raises:
            SessionError: no game here, or the caller is not seated.
        """
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            seats = table.seats
            index = self._seat_of(table, user_id)
            kind = EventKind.LOBBY
            if table.status is Status.LOBBY:
                del seats[index]
            else:
                seats[index] = Seat(f"{seats[index].name} (CPU)", None, DEFAULT_LEVEL)
                # the name stays: the others know whose hand the computer plays on
                kind = EventKind.ACTION
            if all(seat.is_computer for seat in seats):  # nobody left to play with
                snapshot = await self._finish(table, user_id, "cancelled", "leave")
                kind = EventKind.ENDED
            else:
                doc = {**table.doc, "seats": [_seat_doc(seat) for seat in seats]}
                await self._save(table, doc, table.game, actor=user_id, action="leave")
                self._after_change(table)
                snapshot = table.snapshot()
        await self._emit(Event(kind, snapshot, index, "leave"))
        return snapshot

    async def set_level(self, channel_id: int, user_id: int, seat: int, level: str) -> Snapshot:
        """Change a computer seat's level; the game goes on unchanged (a seat keeps the
        name it was dealt in with until the match ends).

        Raises:
            SessionError: unknown level, not a computer seat, or the caller is not seated.
        """
        if level not in LEVELS:
            raise SessionError("session.unknown_level", level=level, levels=", ".join(LEVELS))
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            self._seat_of(table, user_id)
            seats = table.seats
            if not 0 <= seat < len(seats) or not seats[seat].is_computer:
                raise SessionError("session.not_computer", seat=seat + 1)
            name = seats[seat].name
            if table.game is None:  # in the lobby the name shows the new level
                name = computer_name(sum(s.is_computer for s in seats[: seat + 1]), level)
            seats[seat] = Seat(name, None, level)
            doc = {**table.doc, "seats": [_seat_doc(s) for s in seats]}
            await self._save(table, doc, table.game, actor=user_id, action=f"level {seat} {level}")
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.LOBBY if table.game is None else EventKind.ACTION,
                               snapshot))
        return snapshot

    async def start(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> Snapshot:
        """Deal the first round (the creator, a seated player once the creator left, or a
        moderator may start).

        Raises:
            SessionError: not a lobby, not allowed, or too few players.
        """
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            if table.status is not Status.LOBBY:
                raise SessionError("session.not_in_lobby")
            self._check_manager(table, user_id, is_moderator, seated_ok=True)
            rules = self._table_rules(table)
            seats = table.seats
            fewest, most = rules.min_players, rules.max_players
            if not fewest <= len(seats) <= most:
                raise SessionError("session.player_count", fewest=fewest, most=most,
                                   count=len(seats))
            game = Game.new(rules, [seat.name for seat in seats], table.doc["seed"])
            doc = {**table.doc, "status": Status.PLAYING.value}
            await self._save(table, doc, game, actor=user_id, action="start")
            self._after_change(table)
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.STARTED, snapshot))
        return snapshot

    @staticmethod
    def _table_rules(table: _Table) -> RuleSet:
        return RuleSet.from_dict(table.doc["rules"])

    def _check_manager(self, table: _Table, user_id: int, is_moderator: bool, *,
                       seated_ok: bool = False) -> None:
        if is_moderator or table.doc["created_by"] == user_id:
            return
        seats = table.seats
        creator_gone = not any(seat.user_id == table.doc["created_by"] for seat in seats)
        if seated_ok and creator_gone and any(seat.user_id == user_id for seat in seats):
            return
        raise SessionError("session.not_creator")

    async def cancel(self, channel_id: int, user_id: int, *, is_moderator: bool = False) -> None:
        """Close the lobby or stop the game (creator or moderator).

        Raises:
            SessionError: no game here or the caller may not stop it.
        """
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            self._check_manager(table, user_id, is_moderator)
            snapshot = await self._finish(table, user_id, "cancelled", "end")
        await self._emit(Event(EventKind.ENDED, snapshot))

    end = cancel

    async def _finish(self, table: _Table, user_id: int | None,
                      status: Literal["finished", "cancelled"], action: str) -> Snapshot:
        """End the table's row (lock held); the caller emits ENDED once it is released."""
        doc = {**table.doc, "ended": status}
        await self._save(table, doc, table.game, actor=user_id, action=action)
        await self.store.end_game(table.game_id, status, table.dump())
        self._drop(table)
        return table.snapshot()

    def _drop(self, table: _Table) -> None:
        for task in table.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._tables.pop(table.channel_id, None)

    # -- play --------------------------------------------------------------------------

    def _seat_of(self, table: _Table, user_id: int) -> int:
        for index, seat in enumerate(table.seats):
            if seat.user_id == user_id:
                return index
        raise SessionError("session.not_seated")

    async def act(self, channel_id: int, user_id: int, action: Action) -> PlayerView:
        """Play ``action`` for the caller's seat, save, and return their new view.

        Raises:
            SessionError: no game running here or the caller is not seated.
            IllegalMove: the engine refuses the action (nothing changes).
        """
        return await self.act_many(channel_id, user_id, [action])

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
            view = table.game.view(seat)
        for event in events:
            await self._emit(event)
        return view

    async def _play(self, table: _Table, seat: int, action: Action, *, actor: int | None,
                    kind: EventKind = EventKind.ACTION,
                    more: Sequence[Action] = ()) -> list[Event]:
        """Apply, save and book-keep one action, or ``action`` then ``more`` as one change
        (all or nothing), with the lock held. Returns the events to send."""
        game = table.game
        assert game is not None
        if more:  # several edits: on a copy, so that a refusal half-way changes nothing
            game = game.clone()
            for step in (action, *more):
                game.apply(seat, step)
            words = " ; ".join(describe_action(step) for step in (action, *more))
        else:
            game.apply(seat, action)  # raises IllegalMove with the game unchanged
            words = describe_action(action)
        doc = dict(table.doc)
        if game.phase is Phase.MATCH_OVER:
            doc["status"] = Status.MATCH_OVER.value
        try:
            await self._save(table, doc, game, actor=actor, action=f"seat {seat}: {words}")
        except BaseException:
            table.game = Game.from_json(json.dumps(json.loads(table.saved)["game"]))
            raise
        last = (action, *more)[-1]
        events = [Event(kind, table.snapshot(), seat, words, last)]
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            await self._record_rounds(table)
            events.append(Event(EventKind.ROUND_OVER, table.snapshot(), seat, words, last))
        if game.phase is Phase.MATCH_OVER:
            await self._record_match(table)
            events.append(Event(EventKind.MATCH_OVER, table.snapshot(), seat, words, last))
        self._after_change(table)
        return events

    async def _record_rounds(self, table: _Table) -> None:
        """Record every finished round the store lacks (idempotent, so a crash between
        the save and this call is repaired when the table is loaded again)."""
        assert table.game is not None
        view = table.game.public_view()
        recorded = {record.round_number for record in await self.store.match_rounds(
            table.game_id)}
        running = [0] * len(view.seats)
        for score in view.rounds:
            running = [total + points for total, points in zip(running, score.points,
                                                                 strict=True)]
            if score.number in recorded:
                continue
            scores = [
                SeatScore(seat.user_id, seat.name, score.points[index], running[index])
                for index, seat in enumerate(table.seats)
            ]
            await self.store.record_round(table.game_id, score.number, scores)

    async def _record_match(self, table: _Table) -> None:
        """Book the finished match and its statistics (a repeat after a restart is skipped)."""
        assert table.game is not None
        outcome = table.game.outcome()
        view = table.game.public_view()
        winners = set(outcome.winners) if outcome is not None else set()
        results = []
        for index, seat in enumerate(table.seats):
            results.append(MatchSeat(
                user_id=seat.user_id,
                name=seat.name,
                total=view.totals[index],
                won=index in winners,
                rounds_won=sum(r.winner == index for r in view.rounds),
                rami_secs=sum(r.winner == index and r.rami_sec for r in view.rounds),
                points=view.totals[index],
            ))
        with contextlib.suppress(MatchExists):  # already booked before a restart
            await self.store.finish_match(table.game_id, table.guild_id,
                                          table.doc["variant"], results)

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
            await self._save(table, dict(table.doc), candidate, actor=user_id,
                             action="next_round")
            self._after_change(table)
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.ROUND_STARTED, snapshot))
        return snapshot

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
            await self.store.end_game(table.game_id, "finished", table.dump())
            self._drop(table)
            rules = self._table_rules(table)
            seed = self._seed_source()
            seats = table.seats
            doc = {**table.doc, "status": Status.PLAYING.value, "seed": seed,
                   "created_by": user_id}
            doc.pop("ended", None)
            game = Game.new(rules, [seat.name for seat in seats], seed)
            fresh = _Table(0, channel_id, table.guild_id, 0, doc, game)
            fresh.saved = fresh.dump()
            stored = await self.store.create_game(channel_id, table.guild_id, user_id,
                                                  doc["variant"], fresh.saved)
            fresh.game_id, fresh.version = stored.id, stored.version
            self._tables[channel_id] = fresh
            self._after_change(fresh)
            snapshot = fresh.snapshot()
        await self._emit(Event(EventKind.STARTED, snapshot))
        return snapshot

    async def set_ui(self, channel_id: int, **values: Any) -> None:
        """Remember message ids and similar bot-side facts with the table (saved)."""
        async with self._lock(channel_id):
            table = await self._load(channel_id)
            if table is None:
                return
            ui = {**table.doc.get("ui", {}), **values}
            await self._save(table, {**table.doc, "ui": ui}, table.game, actor=None,
                             action="ui " + " ".join(sorted(values)))

    # -- computer seats and the turn timer ---------------------------------------------

    def _after_change(self, table: _Table) -> None:
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

    def _spawn(self, table: _Table, coro: Any, name: str) -> None:
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

    def _computer_action(self, table: _Table, seat: int, level: str) -> Action:
        """The computer's move, seeded by the game seed and version so a game replays."""
        assert table.game is not None
        view = table.game.view(seat)
        rng = random.Random(f"{table.doc['seed']}:{table.version}")
        for attempt_level in (level, "easy"):
            action = choose_action(view, table.game.rules, attempt_level, rng)
            if table.game.is_legal(seat, action):
                return action
            log.error("computer player chose an illegal move level=%s action=%s",
                      attempt_level, describe_action(action))
        raise SessionError("session.computer_stuck")

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


LEVEL_STARS = {"easy": "★", "medium": "★★", "hard": "★★★"}


def computer_name(number: int, level: str) -> str:
    """A computer seat's name, the same in every language: ``CPU 2 ★★★`` (stars = level)."""
    return f"CPU {number} {LEVEL_STARS.get(level, '')}".rstrip()


def _system_seed() -> int:
    """A fresh match seed when no seed source is injected (tests inject one)."""
    return random.SystemRandom().getrandbits(31)


def _seat_doc(seat: Seat) -> dict[str, Any]:
    return {"name": seat.name, "user_id": seat.user_id, "level": seat.level}
