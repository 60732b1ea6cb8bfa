"""A table before and around its match: opening a lobby, who sits where, starting the match,
and closing the table (its creator or a moderator).

Every refusal raises :class:`~bot.session.model.SessionError` before anything is saved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.session.document import TableDoc
from bot.session.keeper import LiveTable, TableKeeper, retried
from bot.session.model import (
    DEFAULT_LEVEL,
    Event,
    EventKind,
    Player,
    Seat,
    SessionError,
    Snapshot,
    Status,
    computer_name,
)
from engine import RuleSet
from engine.ai import LEVELS, Level, LevelNames
from engine.game import Game
from engine.i18n import quote
from engine.names import stand_in_name
from engine.variants import server_rules


class Lobby(TableKeeper):
    """Tables with a lobby: seats are taken, left and given to computer players."""

    @retried
    async def open_lobby(self, channel_id: int, guild_id: int, creator: Player,
                         variant_name: str | None = None, target: int | None = None, *,
                         parent_id: int | None = None) -> Snapshot:
        """Open a lobby in the channel with the creator seated. ``parent_id`` is the
        channel a thread belongs to: where games are restricted to some channels, a thread
        under an allowed channel is allowed too.

        Raises:
            SessionError: a game is already running here, or the channel is not allowed.
            RuleError: unknown variant or impossible target.
        """
        async with self._lock(channel_id):
            existing = await self._load(channel_id)
            if existing is not None:
                if existing.status is not Status.MATCH_OVER:
                    raise SessionError("session.game_exists")
                await self._end(existing, "finished")
            settings = await self.store.guild_settings(guild_id)
            allowed = settings.allowed_channels
            if allowed and channel_id not in allowed and parent_id not in allowed:
                raise SessionError("session.channel_not_allowed")
            name = variant_name or settings.default_variant
            rules = self._rules(name, settings.rule_overrides, target)
            doc = TableDoc(status=Status.LOBBY, variant=rules.name, rules=rules,
                           created_by=creator.user_id,
                           seats=(Seat(creator.name, creator.user_id),),
                           seed=self._seed_source())
            snapshot = (await self._create(channel_id, guild_id, doc, None)).snapshot()
        await self._emit(Event(EventKind.LOBBY, snapshot))
        return snapshot

    @staticmethod
    def _rules(name: str, overrides: Mapping[str, Mapping[str, Any]],
               target: int | None) -> RuleSet:
        return server_rules(name, overrides, **({} if target is None else {"target": target}))

    @retried
    async def _lobby_change(self, channel_id: int, user_id: int, action: str,
                            change: Callable[[LiveTable, list[Seat]], list[Seat]]) -> Snapshot:
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            if table.status is not Status.LOBBY:
                raise SessionError("session.not_in_lobby")
            seats = change(table, table.seats)
            await self._save(table, replace(table.doc, seats=tuple(seats)), None, actor=user_id,
                             action=action)
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.LOBBY, snapshot))
        return snapshot

    async def join(self, channel_id: int, player: Player) -> Snapshot:
        """Seat ``player`` in the lobby.

        Raises:
            SessionError: no lobby, already seated, or the table is full.
        """
        def change(table: LiveTable, seats: list[Seat]) -> list[Seat]:
            if any(seat.user_id == player.user_id for seat in seats):
                raise SessionError("session.already_seated")
            self._check_room(table, seats)
            return [*seats, Seat(player.name, player.user_id)]

        return await self._lobby_change(channel_id, player.user_id, "join", change)

    async def add_computer(self, channel_id: int, user_id: int,
                           level: Level = DEFAULT_LEVEL) -> Snapshot:
        """Seat a computer player of ``level`` (easy, medium, hard).

        Raises:
            SessionError: no lobby, the caller is not seated, unknown level, or table full.
        """
        level = _checked_level(level)

        def change(table: LiveTable, seats: list[Seat]) -> list[Seat]:
            if not any(seat.user_id == user_id for seat in seats):
                raise SessionError("session.not_seated")
            self._check_room(table, seats)
            count = sum(seat.is_computer for seat in seats) + 1
            return [*seats, Seat(computer_name(count), None, level)]

        return await self._lobby_change(channel_id, user_id, f"add_computer {level}", change)

    @staticmethod
    def _check_room(table: LiveTable, seats: list[Seat]) -> None:
        most = table.doc.rules.max_players
        if len(seats) >= most:
            raise SessionError("session.table_full", most=most)

    @retried
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
                seats[index] = Seat(stand_in_name(seats[index].name), None, DEFAULT_LEVEL)
                # the name stays: the others know whose hand the computer plays on
                kind = EventKind.LEFT
            if all(seat.is_computer for seat in seats):  # nobody left to play with
                snapshot = await self._finish(table, user_id, "cancelled", "leave")
                kind = EventKind.ENDED
            else:
                await self._save(table, replace(table.doc, seats=tuple(seats)), table.game,
                                 actor=user_id, action="leave")
                self._after_change(table)
                snapshot = table.snapshot()
        await self._emit(Event(kind, snapshot, index, "leave"))
        return snapshot

    @retried
    async def set_level(self, channel_id: int, user_id: int, seat: int, level: Level, *,
                        is_moderator: bool = False) -> Snapshot:
        """Change a computer seat's level (a seated player or a moderator may); the game
        goes on unchanged (the seat's name does not hold its level: the front ends show
        the level beside it), and so does the turn's deadline.

        Raises:
            SessionError: unknown level, not a computer seat, or the caller is neither
                seated nor a moderator.
        """
        level = _checked_level(level)
        async with self._lock(channel_id):
            table = await self._require(channel_id)
            if not is_moderator:
                self._seat_of(table, user_id)
            seats = table.seats
            if not 0 <= seat < len(seats) or not seats[seat].is_computer:
                raise SessionError("session.not_computer", seat=seat + 1)
            seats[seat] = Seat(seats[seat].name, None, level)
            await self._save(table, replace(table.doc, seats=tuple(seats)), table.game,
                             actor=user_id, action=f"level {seat} {level}")
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.LOBBY if table.game is None else EventKind.ACTION,
                               snapshot))
        return snapshot

    @retried
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
            rules = table.doc.rules
            seats = table.seats
            fewest, most = rules.min_players, rules.max_players
            if not fewest <= len(seats) <= most:
                raise SessionError("session.player_count", fewest=fewest, most=most,
                                   count=len(seats))
            game = Game.new(rules, [seat.name for seat in seats], table.doc.seed)
            await self._save(table, replace(table.doc, status=Status.PLAYING), game,
                             actor=user_id, action="start")
            self._after_change(table)
            snapshot = table.snapshot()
        await self._emit(Event(EventKind.STARTED, snapshot))
        return snapshot

    @staticmethod
    def _check_manager(table: LiveTable, user_id: int, is_moderator: bool, *,
                       seated_ok: bool = False) -> None:
        creator = table.doc.created_by
        if is_moderator or creator == user_id:
            return
        seats = table.seats
        creator_gone = not any(seat.user_id == creator for seat in seats)
        if seated_ok and creator_gone and any(seat.user_id == user_id for seat in seats):
            return
        raise SessionError("session.not_creator")

    @retried
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


def _checked_level(level: str) -> Level:
    """``level`` as a :class:`Level` (a caller may hold its code as a text).

    Raises:
        SessionError: no such level (``session.unknown_level``).
    """
    if level not in LEVELS:
        raise SessionError("session.unknown_level", level=quote(level), levels=LevelNames())
    return Level(level)
