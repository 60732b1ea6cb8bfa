"""The store: the repository API over the database (games and their log, rounds and
matches, statistics, settings and preferences; the daily championship's part is
:class:`data.challenge_store.ChallengeStore`, and what several processes sharing the
database need (turn claims, hand messages, table versions, change notices)
:class:`data.shared_store.SharedStore`, both of which this class extends).

Each method checks its arguments, then runs one of the SQL functions of ``games.py``,
``scores.py``, ``challenge.py`` or ``accounts.py`` through :class:`data.database.Database`:
a read between write batches, or a write committed in the next batch.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from types import MappingProxyType
from typing import Any, Literal

import data.accounts as accounts
import data.games as games
import data.scores as scores
from data.challenge_store import ChallengeStore
from data.channels import ChannelChanges
from data.errors import CorruptRow, GameNotFound
from data.history_store import HistoryStore
from data.notice_store import NoticeStore
from data.rating_store import RatingStore
from data.records import (
    Booking,
    DeletedUserData,
    GameStatus,
    LeaderboardRow,
    LogEntry,
    MatchRecord,
    MatchSeat,
    PlayerStats,
    RoundRecord,
    SeatScore,
    StoredGame,
)
from data.settings import (
    MAX_TURN_TIMEOUT_S,
    MIN_TURN_TIMEOUT_S,
    GuildSettings,
    IntIn,
    PlayerPrefs,
    S,
    validate_changes,
)
from data.shared_store import SharedStore, check_limit, check_shards
from data.tx import Row, Tx
from engine import RuleSet
from engine import variant as engine_variant
from engine.variants import server_rules

log = logging.getLogger(__name__)

IDLE_DAYS = 7.0
Period = Literal["all", "month", "week"]
# The rule parameters a server may change: every RuleSet field but what names the variant.
RULE_PARAMETERS = frozenset(f.name for f in fields(RuleSet)) - {"name", "kind"}


class Store(SharedStore, ChallengeStore, RatingStore, HistoryStore, NoticeStore):
    """Rami's store, on SQLite or PostgreSQL. Open with ``await Store.open(path_or_url)``;
    close with ``await store.close()`` or use ``async with``. One instance per process."""

    # ------------------------------------------------------------ games

    async def create_game(
        self, channel_id: int, guild_id: int, created_by: int, variant: str, state: str,
        *, deadline: float | None = None,
    ) -> StoredGame:
        """Start a game in a channel (version 0, empty log); ``deadline``: when its first
        turn times out (Unix seconds), None without a timer.

        Raises:
            GameExists: the channel already has an active game.
            ValueError: ``state`` is not JSON text, or ``deadline`` is not a time.
        """
        games.check_json(state)
        _check_deadline(deadline)
        return await self._write(
            games.create_game, self._now(), channel_id, guild_id, created_by, variant, state,
            deadline,
        )

    async def game(self, game_id: int) -> StoredGame | None:
        """A game by id, whatever its status (None if unknown or unreadable)."""
        row = await self._read(games.game_row, game_id)
        if row is None:
            return None
        decoded = await self._decode_or_isolate([row])
        return decoded[0] if decoded else None

    async def active_game(self, channel_id: int) -> StoredGame | None:
        """The channel's active game, if any. An unreadable row is isolated (marked
        corrupt, with a warning logged) and None returned: the channel can start afresh."""
        decoded = await self._decode_or_isolate(await self._read(games.active_rows, channel_id))
        return decoded[0] if decoded else None

    async def active_games(self, *, shards: games.Shards | None = None) -> list[StoredGame]:
        """Every active game (to resume after a restart), unreadable rows isolated;
        ``shards`` = (shard count, shard ids): only those of the guilds Discord sends to
        those shards (None: every guild).

        Raises:
            ValueError: ``shards`` is not a count from 1 with ids in ``0..count-1``.
        """
        if shards is not None:
            shards = check_shards(shards)
        return await self._decode_or_isolate(await self._read(games.active_rows, None, shards))

    async def _decode_or_isolate(self, rows: list[Row]) -> list[StoredGame]:
        decoded: list[StoredGame] = []
        for row in rows:
            try:
                decoded.append(games.game_from_row(row))
            except CorruptRow as error:
                if row[5] != GameStatus.ACTIVE:  # history: report it, leave it as it is
                    log.warning("game %s is unreadable (%s)", row[0], error)
                    continue
                log.warning("game %s is unreadable (%s): isolated as corrupt", row[0], error)
                await self.mark_corrupt(row[0], f"unreadable row: {error}")
        return decoded

    async def save(
        self,
        game_id: int,
        state: str,
        *,
        actor: int | None,
        action: str,
        expected_version: int | None = None,
        deadline: float | None = None,
        booking: Booking | None = None,
    ) -> int:
        """Write the game's new state and log the action in one transaction, with the
        deadline of the turn it is at (Unix seconds; None: no timer runs): the deadline
        is saved with every save, so the caller passes the one that still stands. A
        ``booking`` (the scores of the rounds and the match the new state has finished)
        is written in the same transaction: no one ever reads the state without them.

        Returns the new version (= number of log entries).

        Raises:
            StaleState: ``expected_version`` given and someone saved in between.
            GameNotFound, GameNotActive: no such game, or it has ended.
            ValueError: ``state`` is not JSON text, ``deadline`` is not a time, or the
                booking is not one of this game's (see :meth:`book`).
        """
        games.check_json(state)
        _check_deadline(deadline)
        if booking is not None:
            _check_booking(game_id, booking)
        return await self._write(
            _save_and_book, self._now(), game_id, state, actor, action, expected_version,
            deadline, booking, operation="games.save",
        )

    async def book(self, game_id: int, booking: Booking) -> None:
        """Book the rounds and the match of ``booking`` the store lacks, in one
        transaction (what is booked already stays as it is): the repair of a game saved
        without its booking (by a version of Rami that booked after saving).

        Raises:
            GameNotFound: no such game.
            ValueError: a round numbered below 1, a round or a match without seats, or a
                round of another game.
        """
        _check_booking(game_id, booking)
        await self._write(scores.book, self._now(), game_id, booking)

    async def due_games(self, now: float | None = None) -> list[StoredGame]:
        """The active games whose turn deadline has passed (``now`` or earlier), the most
        overdue first: one range scan of an index, so that a restarted bot, or any of
        several processes, finds the turns to time out."""
        return await self._decode_or_isolate(await self._read(games.due_rows, self._now(now)))

    async def game_log(self, game_id: int) -> list[LogEntry]:
        """Every saved action of the game, oldest first."""
        return await self._read(games.game_log, game_id)

    async def end_game(
        self,
        game_id: int,
        status: Literal["finished", "cancelled"],
        state: str,
        *,
        actor: int | None = None,
        expected_version: int | None = None,
    ) -> int:
        """Save the final state and end the game (logged as action ``"end <status>"``); the
        channel may then start a new game. Returns the final version.

        Raises:
            ValueError: ``status`` is not "finished" or "cancelled", or bad ``state``.
            StaleState, GameNotFound, GameNotActive: as :meth:`save`.
        """
        if status not in (GameStatus.FINISHED, GameStatus.CANCELLED):
            raise ValueError(f"a game ends 'finished' or 'cancelled', not {status!r}")
        games.check_json(state)
        return await self._write(
            games.save,
            self._now(),
            game_id,
            state,
            actor,
            f"end {status}",
            expected_version,
            GameStatus(status),
        )

    async def expire_idle(
        self, now: float | None = None, idle_days: float = IDLE_DAYS
    ) -> list[int]:
        """Archive (status "expired", nothing deleted) the active games not saved for more
        than ``idle_days``; return their ids. Raises ValueError unless ``idle_days`` > 0."""
        if not idle_days > 0:
            raise ValueError(f"idle_days must be more than 0, not {idle_days!r}")
        return await self._write(games.expire_idle, self._now(now), idle_days)

    async def mark_corrupt(self, game_id: int, reason: str) -> None:
        """Take a game out of play (status "corrupt", ``reason`` kept); its channel may
        start a new game. Raises GameNotFound."""
        await self._write(games.mark_corrupt, game_id, reason)

    # ------------------------------------------------------------ rounds and matches

    async def record_round(
        self, game_id: int, round_number: int, scores_: Sequence[SeatScore]
    ) -> None:
        """Store the scores after a round (recording a round again replaces it).
        Raises GameNotFound; ValueError for no scores or a round number below 1."""
        if not scores_ or round_number < 1:
            raise ValueError("a round has a number from 1 and at least one seat's score")
        await self._write(scores.record_round, game_id, round_number, tuple(scores_))

    async def match_rounds(self, game_id: int) -> list[RoundRecord]:
        """The game's recorded rounds, in order."""
        return await self._read(scores.match_rounds, game_id)

    async def finish_match(
        self,
        game_id: int | None,
        guild_id: int,
        variant: str,
        results: Sequence[MatchSeat],
        *,
        end_state: str | None = None,
        actor: int | None = None,
    ) -> int:
        """Record a finished match (its statistics count from now on); return its id.
        With ``end_state``, the game is also ended as finished in the same transaction.

        Raises:
            MatchExists: that game's match was already recorded.
            GameNotFound, GameNotActive: (with ``end_state``) as :meth:`end_game`.
        """
        if not results:
            raise ValueError("a match has at least one seat")
        if end_state is not None:
            games.check_json(end_state)
            if game_id is None:
                raise ValueError("end_state needs the game_id of the game to end")
        now = self._now()
        return await self._write(
            _finish_and_end, now, game_id, guild_id, variant, tuple(results), end_state, actor,
            operation="scores.finish_match",
        )

    async def match_history(
        self, guild_id: int, limit: int = 10, *, variant: str | None = None
    ) -> list[MatchRecord]:
        """The guild's latest finished matches, newest first."""
        check_limit(limit)
        return await self._read(scores.match_history, guild_id, limit, variant)

    # ------------------------------------------------------------ statistics

    async def leaderboard(
        self,
        guild_id: int,
        variant: str | None = None,
        period: Period = "all",
        limit: int = 10,
        now: float | None = None,
    ) -> list[LeaderboardRow]:
        """The guild's best players for a variant (None: all) over a period ("all", this
        "month", this "week"; UTC, weeks start on Monday), by matches won, then rounds won,
        then rami secs. Raises ValueError for an unknown period."""
        check_limit(limit)
        since = scores.period_start(period, self._now(now))
        return await self._read(scores.leaderboard, guild_id, variant, since, limit)

    async def player_stats(
        self, guild_id: int, user_id: int, variant: str | None = None
    ) -> PlayerStats:
        """A player's totals in a guild, for a variant (None: all)."""
        return await self._read(scores.player_stats, guild_id, user_id, variant)

    # ------------------------------------------------------------ settings and preferences

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings (the defaults where it changed nothing)."""
        return await self._read(accounts.read_values, GuildSettings, guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: object) -> GuildSettings:
        """Change some of the guild's settings; return them all. Raises ValueError for an
        unknown key or a bad value (nothing is written)."""
        return await self._update_values(GuildSettings, guild_id, changes)

    async def player_prefs(self, user_id: int) -> PlayerPrefs:
        """The player's preferences (the defaults where they changed nothing)."""
        return await self._read(accounts.read_values, PlayerPrefs, user_id)

    async def update_player_prefs(self, user_id: int, **changes: object) -> PlayerPrefs:
        """Change some of the player's preferences; return them all. Raises ValueError for
        an unknown key or a bad value (nothing is written)."""
        return await self._update_values(PlayerPrefs, user_id, changes)

    async def set_rule(self, guild_id: int, variant: str, parameter: str,
                       value: str | int | float | bool | None) -> GuildSettings:
        """Change one rule parameter of a variant as the guild plays it; return all the
        guild's settings. ``value`` is kept as the engine reads it (text such as ``"13"``
        or ``"yes"`` is read by :meth:`engine.RuleSet.with_overrides`; hand sizes as their
        text). The guild's other overrides are merged in the write transaction (its row
        locked on PostgreSQL), so two changes of different parameters at once both stay.

        Raises:
            ValueError: an unknown variant or parameter, or a value the engine's rules
                refuse with the guild's other changes (a ``RuleError``): nothing written.
        """
        return await self.set_rules(guild_id, variant, {parameter: value})

    async def set_rules(self, guild_id: int, variant: str,
                        changes: Mapping[str, str | int | float | bool | None]
                        ) -> GuildSettings:
        """Change several rule parameters of a variant at once, as :meth:`set_rule` one
        (a settings form's page): checked together with the guild's other changes, all
        saved or none.

        Raises:
            ValueError: as :meth:`set_rule`, for the first parameter refused.
        """
        name = _known_variant(variant)
        wanted: dict[str, str | int | float | bool | None] = {}
        for parameter, value in changes.items():
            key = _parameter(parameter, known_only=False)  # the engine names an unknown one
            if not isinstance(value, str | int | float | bool | None):
                raise ValueError(f"{key} must be a number, text, true/false or null, "
                                 f"not {value!r}")
            wanted[key] = value

        def edit(settings: GuildSettings) -> dict[str, Any]:
            overrides = {v: dict(o) for v, o in settings.rule_overrides.items()}
            merged = {**overrides.get(name, {}), **wanted}
            try:  # the engine reads the values and checks them with the guild's others
                read = server_rules(name, {name: merged}).to_dict()
            except (TypeError, KeyError) as error:
                raise ValueError(f"{', '.join(wanted)}: {error}") from error
            overrides[name] = {**merged, **{key: _as_stored(read[key]) for key in wanted}}
            return validate_changes(GuildSettings, {"rule_overrides": overrides})

        return await self._write(accounts.edit_values, self._now(), GuildSettings, guild_id,
                                 edit)

    async def reset_rule(self, guild_id: int, variant: str,
                         parameter: str | None = None) -> GuildSettings:
        """Back to the variant's own value of ``parameter`` (None: of every parameter) as the
        guild plays it; return all the guild's settings. Merged in the write transaction as
        :meth:`set_rule`; resetting what was not changed writes the settings unchanged.

        Raises:
            ValueError: an unknown variant, or a parameter the rules do not have.
        """
        name = _known_variant(variant)
        key = None if parameter is None else _parameter(parameter)

        def edit(settings: GuildSettings) -> dict[str, Any]:
            overrides = {v: dict(o) for v, o in settings.rule_overrides.items()}
            kept = overrides.pop(name, {})
            if key is not None:
                kept.pop(key, None)
                if kept:
                    overrides[name] = kept
            return validate_changes(GuildSettings, {"rule_overrides": overrides})

        return await self._write(accounts.edit_values, self._now(), GuildSettings, guild_id,
                                 edit)

    async def edit_channels(self, guild_id: int, *, allow: Iterable[int] = (),
                            disallow: Iterable[int] = (), disallow_all: bool = False,
                            timeouts: Mapping[int, int | None] | None = None
                            ) -> GuildSettings:
        """Change the guild's settings of the channels named, and only those (each
        channel is a row of its own, :mod:`data.channels`: two changes of two channels
        at once, from two moderators or two processes, both stay); return all the guild's
        settings. Games allowed in ``allow``, no longer in ``disallow`` (``disallow_all``:
        in none but ``allow``; none allowed: every channel); ``timeouts``: a channel's own
        turn time-out in seconds (None: the server's again).

        Raises:
            TooManyChannels: more than :data:`~data.settings.MAX_CHANNEL_TIMEOUTS` channels
                would have a time-out of their own (a ``ValueError``; nothing written).
            ValueError: a channel id that is not a whole number above 0, a channel both
                allowed and not, or seconds out of bounds (nothing written).
        """
        allowed, refused = _channel_ids("allow", allow), _channel_ids("disallow", disallow)
        if both := allowed & refused:
            raise ValueError(f"channel {min(both)} is both allowed and disallowed")
        seconds = IntIn(MIN_TURN_TIMEOUT_S, MAX_TURN_TIMEOUT_S)
        checked = {channel: None if value is None else seconds(
            f"channel_timeouts[{channel}]", value)
            for channel, value in (timeouts or {}).items()}
        _channel_ids("channel_timeouts", checked)
        changes = ChannelChanges(allowed, refused, bool(disallow_all),
                                 MappingProxyType(checked))
        return await self._write(accounts.edit_channels, self._now(), guild_id, changes)

    async def _update_values(self, cls: type[S], key: int, changes: dict[str, object]) -> S:
        checked = validate_changes(cls, changes)  # in full, before anything is queued
        return await self._write(accounts.update_values, self._now(), cls, key, checked)

    async def delete_user_data(self, user_id: int) -> DeletedUserData:
        """Remove the player's preferences, statistics and championship tries and places
        (their seats in others' match history are anonymised); return what was removed."""
        return await self._write(accounts.delete_user_data, user_id)


def _channel_ids(key: str, ids: Iterable[object]) -> frozenset[int]:
    """Channel ids, checked: whole numbers above 0.

    Raises:
        ValueError: one that is not (named).
    """
    if isinstance(ids, str | bytes):
        raise ValueError(f"{key} must be channel ids, not {ids!r}")
    checked = set()
    for channel in ids:
        if isinstance(channel, bool) or not isinstance(channel, int) or channel < 1:
            raise ValueError(f"{key} must be channel ids (whole numbers), not {channel!r}")
        checked.add(channel)
    return frozenset(checked)


def _known_variant(name: str) -> str:
    """The registered name of the variant ``name`` (or an alias) names.

    Raises:
        ValueError: not a variant's name (a ``RuleError``, listing the known ones).
    """
    if not isinstance(name, str):
        raise ValueError(f"a variant is named by text, not {name!r}")
    return engine_variant(name).name


def _parameter(parameter: str, *, known_only: bool = True) -> str:
    """``parameter`` as the rules name it (trimmed, lower case).

    Raises:
        ValueError: not text, what names the variant (``name``, ``kind``), or (with
            ``known_only``) not a parameter of the rules; without it, the engine's
            ``RuleError`` names an unknown one in the player's language.
    """
    key = parameter.strip().lower() if isinstance(parameter, str) else None
    if key is None or key in ("name", "kind") or (known_only and key not in RULE_PARAMETERS):
        raise ValueError(f"unknown rule parameter {parameter!r}; known: "
                         f"{', '.join(sorted(RULE_PARAMETERS))}")
    return key


def _as_stored(value: object) -> object:
    """A parameter's value as the engine read it, in the plain form the store keeps
    (hand sizes as their text, ``"2:10, 3:7"``, read back the same by the engine)."""
    if isinstance(value, list):
        return ", ".join(f"{players}:{size}" for players, size in value)
    return value


def _check_deadline(deadline: float | None) -> None:
    if deadline is None:
        return
    if isinstance(deadline, bool) or not isinstance(deadline, float | int) or not (
            math.isfinite(deadline)):
        raise ValueError(f"a turn deadline is a time in Unix seconds or None, not {deadline!r}")


def _check_booking(game_id: int, booking: Booking) -> None:
    for record in booking.rounds:
        if record.game_id != game_id or record.round_number < 1 or not record.scores:
            raise ValueError(f"game {game_id} cannot book {record!r}")
    if booking.match is not None and not booking.match:
        raise ValueError("a match has at least one seat")


async def _save_and_book(
    tx: Tx,
    now: float,
    game_id: int,
    state: str,
    actor: int | None,
    action: str,
    expected_version: int | None,
    deadline: float | None,
    booking: Booking | None,
) -> int:
    version = await games.save(tx, now, game_id, state, actor, action, expected_version,
                               GameStatus.ACTIVE, deadline)
    if booking is not None:
        await scores.book(tx, now, game_id, booking)
    return version


async def _finish_and_end(
    tx: Tx,
    now: float,
    game_id: int | None,
    guild_id: int,
    variant: str,
    results: tuple[MatchSeat, ...],
    end_state: str | None,
    actor: int | None,
) -> int:
    match_id = await scores.finish_match(tx, now, game_id, guild_id, variant, results)
    if end_state is not None:
        if game_id is None:
            raise GameNotFound(-1)
        await games.save(tx, now, game_id, end_state, actor, "end finished", None,
                         GameStatus.FINISHED)
    return match_id
