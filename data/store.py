"""The store: one SQLite database, one aiosqlite connection, a small async repository API.

How writes work: every write is a small synchronous function run on the connection's own
thread. Writes submitted while another batch is being committed are gathered into the next
batch: one ``BEGIN IMMEDIATE ... COMMIT`` for the batch, each write inside its own
SAVEPOINT so that one failing write (a stale save, say) leaves the others intact. A call
returns only once its transaction is committed. Reads run on the same thread between
batches, so they never see a half-written batch.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self, TypeVar, cast

import aiosqlite

from data import accounts, games, scores
from data.checkpoint import BACKSTOP_PAGES, Checkpointer
from data.errors import CorruptRow, GameNotFound, StoreError
from data.migrations import LATEST_VERSION, migrate, schema_version
from data.records import (
    ChallengeResult,
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
from data.settings import GuildSettings, PlayerPrefs, validate_changes

log = logging.getLogger(__name__)

DEFAULT_PATH = "data/rami.sqlite3"
IDLE_DAYS = 7.0
MAX_BATCH = 256
T = TypeVar("T")
Job = Callable[[sqlite3.Connection], T]
Period = Literal["all", "month", "week"]
Synchronous = Literal["NORMAL", "FULL"]


def _run_batch(conn: sqlite3.Connection, jobs: list[Job[Any]]) -> list[tuple[bool, Any]]:
    """Run the jobs in one transaction; return (succeeded, result or exception) per job.

    Raises whatever made the whole transaction fail (then nothing of it was written).
    """
    outcomes: list[tuple[bool, Any]] = []
    single = len(jobs) == 1
    conn.execute("BEGIN IMMEDIATE")
    try:
        for job in jobs:
            if not single:
                conn.execute("SAVEPOINT job")
            try:
                outcomes.append((True, job(conn)))
            except Exception as error:  # this job's own failure: undo it alone
                if not conn.in_transaction:  # SQLite rolled back everything (disk full...)
                    raise
                conn.execute("ROLLBACK" if single else "ROLLBACK TO job")
                if single:
                    return [(False, error)]
                outcomes.append((False, error))
            if not single:
                conn.execute("RELEASE job")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    return outcomes


class Store:
    """Rami's SQLite store. Open with ``await Store.open(path)``; close with ``await
    store.close()`` or use ``async with``. One instance per database file and process."""

    def __init__(self, db: aiosqlite.Connection, path: str, clock: Callable[[], float]) -> None:
        self._db = db
        self.path = path
        self._clock = clock
        self._pending: list[tuple[Job[Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._closed = False
        self._checkpointer = Checkpointer(path)

    # ------------------------------------------------------------ opening and closing

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        clock: Callable[[], float] = time.time,
        synchronous: Synchronous = "NORMAL",
        busy_timeout_s: float = 5.0,
        schema_target: int = LATEST_VERSION,
    ) -> Store:
        """Open (creating it and its folder if needed) and migrate the database.

        ``synchronous="NORMAL"`` (the default, with WAL) survives any crash of the process;
        ``"FULL"`` also survives a power cut, at the price of an fsync per commit.
        ``schema_target`` stops migrating at an older version (tests only).

        Raises:
            SchemaTooNew: the database was written by a newer Rami.
            MigrationError: a migration failed (the database stays at the version before).
            StoreError: the file is not an SQLite database (or cannot be opened).
        """
        text = os.fspath(path)
        if text != ":memory:":
            Path(text).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(
            text, isolation_level=None, timeout=busy_timeout_s, cached_statements=256
        )
        store = cls(db, text, clock)
        try:
            await store._call(partial(_prepare, text, synchronous, busy_timeout_s, schema_target))
        except sqlite3.DatabaseError as error:
            await db.close()
            raise StoreError(f"cannot open {text!r} as a Rami database: {error}") from error
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        """Wait for pending writes, then close the connection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._flusher is not None:
            await asyncio.shield(self._flusher)
        await self._checkpointer.close()
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._read(schema_version)

    # ------------------------------------------------------------ plumbing

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        # aiosqlite runs every call on the connection's one thread; _execute() is the hook
        # it uses itself to run a function there. Running a whole transaction as one call
        # (instead of one await per statement) is what makes a save take microseconds.
        raw = self._db._conn
        return cast(T, await self._db._execute(fn, raw))  # type: ignore[no-untyped-call]

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        if self._closed:
            raise StoreError("the store is closed")
        return await self._call(partial(_bind, fn, args))

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """Queue a write; return its result once its transaction is committed."""
        if self._closed:
            raise StoreError("the store is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._pending.append((partial(_bind, fn, args), future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
            try:
                outcomes = await self._call(partial(_run_batch_on, [job for job, _ in batch]))
            except BaseException as error:  # the transaction failed as a whole
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                if isinstance(error, asyncio.CancelledError | KeyboardInterrupt | SystemExit):
                    raise
                continue
            self._checkpointer.wrote(len(batch))
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():  # the caller was cancelled; the write stands anyway
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _now(self, now: float | None = None) -> float:
        return self._clock() if now is None else now

    # ------------------------------------------------------------ games

    async def create_game(
        self, channel_id: int, guild_id: int, created_by: int, variant: str, state: str
    ) -> StoredGame:
        """Start a game in a channel (version 0, empty log).

        Raises:
            GameExists: the channel already has an active game.
            ValueError: ``state`` is not JSON text.
        """
        games.check_json(state)
        return await self._write(
            games.create_game, self._now(), channel_id, guild_id, created_by, variant, state
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

    async def active_games(self) -> list[StoredGame]:
        """Every active game (to resume after a restart), unreadable rows isolated."""
        return await self._decode_or_isolate(await self._read(games.active_rows, None))

    async def _decode_or_isolate(self, rows: list[games.Row]) -> list[StoredGame]:
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
    ) -> int:
        """Write the game's new state and log the action in one transaction.

        Returns the new version (= number of log entries).

        Raises:
            StaleState: ``expected_version`` given and someone saved in between.
            GameNotFound, GameNotActive: no such game, or it has ended.
            ValueError: ``state`` is not JSON text.
        """
        games.check_json(state)
        return await self._write(
            games.save, self._now(), game_id, state, actor, action, expected_version
        )

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
            _finish_and_end, now, game_id, guild_id, variant, tuple(results), end_state, actor
        )

    async def match_history(
        self, guild_id: int, limit: int = 10, *, variant: str | None = None
    ) -> list[MatchRecord]:
        """The guild's latest finished matches, newest first."""
        _check_limit(limit)
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
        _check_limit(limit)
        since = scores.period_start(period, self._now(now))
        return await self._read(scores.leaderboard, guild_id, variant, since, limit)

    async def player_stats(
        self, guild_id: int, user_id: int, variant: str | None = None
    ) -> PlayerStats:
        """A player's totals in a guild, for a variant (None: all)."""
        return await self._read(scores.player_stats, guild_id, user_id, variant)

    # ------------------------------------------------------------ daily challenge

    async def record_challenge(self, guild_id: int, user_id: int, day: str, score: int) -> int:
        """Record one try of the day's challenge (a higher score is better); return the try
        number (1..10).

        Raises:
            ChallengeLimit: the player already used the day's 10 tries.
            ValueError: ``day`` is not a YYYY-MM-DD date.
        """
        _check_day(day)
        return await self._write(
            scores.record_challenge, self._now(), guild_id, user_id, day, score
        )

    async def challenge_tries_used(self, guild_id: int, user_id: int, day: str) -> int:
        _check_day(day)
        return await self._read(scores.challenge_tries_used, guild_id, user_id, day)

    async def challenge_ranking(
        self, guild_id: int, day: str, limit: int = 10
    ) -> list[ChallengeResult]:
        """Best score per player of the day, highest first (ties: fewer tries first)."""
        _check_day(day)
        _check_limit(limit)
        return await self._read(scores.challenge_ranking, guild_id, day, limit)

    # ------------------------------------------------------------ settings and preferences

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return await self._read(accounts.guild_settings, guild_id)

    async def update_guild_settings(self, guild_id: int, **changes: object) -> GuildSettings:
        """Change some settings; return them all.

        Raises:
            ValueError: an unknown key or a bad value (nothing is written).
        """
        checked = validate_changes(GuildSettings, changes)
        return await self._write(accounts.update_guild_settings, self._now(), guild_id, checked)

    async def player_prefs(self, user_id: int) -> PlayerPrefs:
        return await self._read(accounts.player_prefs, user_id)

    async def update_player_prefs(self, user_id: int, **changes: object) -> PlayerPrefs:
        """Change some preferences; return them all.

        Raises:
            ValueError: an unknown key or a bad value (nothing is written).
        """
        checked = validate_changes(PlayerPrefs, changes)
        return await self._write(accounts.update_player_prefs, self._now(), user_id, checked)

    async def delete_user_data(self, user_id: int) -> DeletedUserData:
        """Remove the player's preferences, statistics and challenge tries (their seats in
        others' match history are anonymised); return what was removed."""
        return await self._write(accounts.delete_user_data, user_id)


def _bind(fn: Callable[..., T], args: tuple[Any, ...], conn: sqlite3.Connection) -> T:
    return fn(conn, *args)


def _run_batch_on(jobs: list[Job[Any]], conn: sqlite3.Connection) -> list[tuple[bool, Any]]:
    return _run_batch(conn, jobs)


def _check_limit(limit: int) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number from 1, not {limit!r}")


def _check_day(day: str) -> None:
    try:
        if not isinstance(day, str) or len(day) != 10:
            raise ValueError
        date.fromisoformat(day)
    except ValueError:
        raise ValueError(f"a challenge day is a YYYY-MM-DD date, not {day!r}") from None


def _finish_and_end(
    conn: sqlite3.Connection,
    now: float,
    game_id: int | None,
    guild_id: int,
    variant: str,
    results: tuple[MatchSeat, ...],
    end_state: str | None,
    actor: int | None,
) -> int:
    match_id = scores.finish_match(conn, now, game_id, guild_id, variant, results)
    if end_state is not None:
        if game_id is None:
            raise GameNotFound(-1)
        games.save(conn, now, game_id, end_state, actor, "end finished", None, GameStatus.FINISHED)
    return match_id


def _prepare(
    path: str, synchronous: str, busy_timeout_s: float, target: int, conn: sqlite3.Connection
) -> None:
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
    # Refuse a too-new database before changing anything in it (even its journal mode).
    migrate(conn, path, target=0)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    conn.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
    migrate(conn, path, target=target)
