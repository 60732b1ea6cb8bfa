"""SQL for games and their action log: functions over a :class:`data.tx.Tx`, run by
:class:`data.store.Store`; writes run inside its transaction."""

from __future__ import annotations

import orjson

from data.errors import CorruptRow, GameExists, GameNotActive, GameNotFound, StaleState
from data.jobs import Job, try_job_lock
from data.records import DueTurn, GameStatus, LogEntry, StoredGame
from data.tx import Row, Tx, for_update, indexed_by, skip_locked

GAME_COLUMNS = (
    "id, channel_id, guild_id, created_by, variant, status, state, version,"
    " created_at, updated_at, status_reason, turn_deadline"
)


def check_json(state: str) -> None:
    """Raises ValueError unless ``state`` is JSON text (bad input never reaches the database)."""
    if not isinstance(state, str):
        raise ValueError(f"a game state must be JSON text, not {type(state).__name__}")
    try:
        orjson.loads(state)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"a game state must be valid JSON: {error}") from None


def game_from_row(row: Row) -> StoredGame:
    """Check every column, then build the game.

    Raises:
        CorruptRow: a column has the wrong type or the state is not JSON.
    """
    (
        game_id,
        channel_id,
        guild_id,
        created_by,
        variant,
        status,
        state,
        version,
        created_at,
        updated_at,
        reason,
        deadline,
    ) = row
    for name, value in (
        ("channel_id", channel_id),
        ("guild_id", guild_id),
        ("created_by", created_by),
        ("version", version),
    ):
        if not isinstance(value, int) or value < 0:
            raise CorruptRow(f"{name} is {value!r}")
    for name, value in (("created_at", created_at), ("updated_at", updated_at)):
        if not isinstance(value, float | int):
            raise CorruptRow(f"{name} is {value!r}")
    if not isinstance(variant, str) or not variant:
        raise CorruptRow(f"variant is {variant!r}")
    if status not in GameStatus.__members__.values():
        raise CorruptRow(f"status is {status!r}")
    if reason is not None and not isinstance(reason, str):
        raise CorruptRow(f"status_reason is {reason!r}")
    if deadline is not None and not isinstance(deadline, float | int):
        raise CorruptRow(f"turn_deadline is {deadline!r}")
    try:
        check_json(state)
    except ValueError as error:
        raise CorruptRow(str(error)) from None
    return StoredGame(
        id=game_id,
        channel_id=channel_id,
        guild_id=guild_id,
        created_by=created_by,
        variant=variant,
        status=GameStatus(status),
        state=state,
        version=version,
        created_at=float(created_at),
        updated_at=float(updated_at),
        status_reason=reason,
        deadline=None if deadline is None else float(deadline),
    )


async def create_game(
    tx: Tx,
    now: float,
    channel_id: int,
    guild_id: int,
    created_by: int,
    variant: str,
    state: str,
    deadline: float | None,
) -> StoredGame:
    # ON CONFLICT on the partial unique index: two processes starting a game in one
    # channel at once make one game, and the other learns which.
    row = await tx.fetchone(
        "INSERT INTO games (channel_id, guild_id, created_by, variant, status, state, version,"
        " created_at, updated_at, turn_deadline) VALUES (?, ?, ?, ?, 'active', ?, 0, ?, ?, ?)"
        " ON CONFLICT (channel_id) WHERE status = 'active' DO NOTHING"
        f" RETURNING {GAME_COLUMNS}",
        (channel_id, guild_id, created_by, variant, state, now, now, deadline),
    )
    if row is None:
        existing = await tx.fetchval(
            "SELECT id FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
        )
        raise GameExists(channel_id, existing)
    return game_from_row(row)


async def game_row(tx: Tx, game_id: int) -> Row | None:
    return await tx.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))


async def active_version(tx: Tx, game_id: int) -> int | None:
    """The game's version while it is active (None: ended, or no such game)."""
    version = await tx.fetchval(
        "SELECT version FROM games WHERE id = ? AND status = 'active'", (game_id,))
    return None if version is None else int(version)


Shards = tuple[int, tuple[int, ...]]  # (shard count, the shard ids a process serves)


def on_shards(shards: Shards | None) -> tuple[str, list[int]]:
    """The SQL condition (`` AND …``, empty for None: every guild) and its arguments that
    keep to the guilds Discord sends to ``shards``: ``(guild_id >> 22) % count`` is one of
    its ids."""
    if shards is None:
        return "", []
    count, ids = shards
    return f" AND (guild_id >> 22) % ? IN ({', '.join('?' * len(ids))})", [count, *ids]


async def active_rows(tx: Tx, channel_id: int | None,
                      shards: Shards | None = None) -> list[Row]:
    if channel_id is None:
        where, args = on_shards(shards)
        return await tx.fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'{where} ORDER BY id",
            args,
        )
    return await tx.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'active'",
        (channel_id,),
    )


async def due_rows(tx: Tx, now: float) -> list[Row]:
    """Active games whose turn deadline is ``now`` or earlier, the most overdue first."""
    return await tx.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games{indexed_by(tx, 'games_active_deadline')}"
        " WHERE status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= ?"
        " ORDER BY turn_deadline",
        (now,),
    )


async def claim_due(tx: Tx, now: float, lease_s: float, shards: Shards | None,
                    limit: int) -> list[DueTurn]:
    """Claim the due turns nobody holds (lease NULL or ended) of the guilds of ``shards``
    (Discord's ``(guild_id >> 22) % shard_count``; None: every guild), the most overdue
    first, at most ``limit``: their lease runs until ``now + lease_s``. One statement, so
    the rows chosen are the rows leased; in PostgreSQL, rows another transaction holds are
    skipped, so two processes claiming at once take different turns."""
    where, shard_args = on_shards(shards)
    args = [now + lease_s, now, now, *shard_args, limit]
    rows = await tx.fetchall(
        "UPDATE games SET turn_claimed_until = ? WHERE id IN ("
        f" SELECT id FROM games{indexed_by(tx, 'games_active_deadline')}"
        " WHERE status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= ?"
        f" AND (turn_claimed_until IS NULL OR turn_claimed_until <= ?){where}"
        f" ORDER BY turn_deadline LIMIT ?{skip_locked(tx)})"
        " RETURNING id, channel_id, guild_id, turn_deadline, version",
        args,
    )
    turns = [DueTurn(game_id, channel_id, guild_id, float(deadline), version)
             for game_id, channel_id, guild_id, deadline, version in rows]
    return sorted(turns, key=lambda turn: (turn.deadline, turn.game_id))


# What a save does to the lease on the game's turn (the one place that decides it): a turn
# is known by its deadline, which stands for as long as the turn goes on (a timed-out turn's
# draw, a tile draft, the front end's message ids keep it). A save that keeps the deadline
# keeps the lease, so the process that claimed the turn plays it to its end and no other
# takes it between its saves; a save that sets another deadline (the next turn, or none)
# frees it. SET expressions read the row as it was before the UPDATE, on both dialects.
LEASE_AFTER_SAVE = "CASE WHEN turn_deadline = ?6 THEN turn_claimed_until END"


def _why_not_saved(row: Row | None, game_id: int, expected: int | None) -> Exception:
    if row is None:
        return GameNotFound(game_id)
    status, version = row
    if status != GameStatus.ACTIVE:
        return GameNotActive(game_id, status)
    return StaleState(game_id, expected if expected is not None else -1, version)


async def save(
    tx: Tx,
    now: float,
    game_id: int,
    state: str,
    actor: int | None,
    action: str,
    expected_version: int | None,
    status: GameStatus = GameStatus.ACTIVE,
    deadline: float | None = None,
) -> int:
    """Write the state and the turn's deadline, bump the version and log the action;
    return the new version. A game that ends keeps no deadline. A claim on the turn holds
    while the deadline stands (:data:`LEASE_AFTER_SAVE`).

    In PostgreSQL the game's row is locked first (``FOR UPDATE``): a save in another
    process waits for this transaction, then finds the version moved on (``StaleState``).
    The version check of the UPDATE stays as the second guard (and is the only one in
    SQLite, whose writes run one at a time).
    """
    if tx.dialect == "postgresql":
        locked = await tx.fetchone(
            f"SELECT status, version FROM games WHERE id = ?{for_update(tx)}", (game_id,)
        )
        if locked is None or locked[0] != GameStatus.ACTIVE or (
                expected_version is not None and locked[1] != expected_version):
            raise _why_not_saved(locked, game_id, expected_version)
    version = await tx.fetchval(
        "UPDATE games SET state = ?1, version = version + 1, updated_at = ?2, status = ?3,"
        f" turn_deadline = ?6, turn_claimed_until = {LEASE_AFTER_SAVE}"
        " WHERE id = ?4 AND status = 'active' AND (CAST(?5 AS BIGINT) IS NULL OR version = ?5)"
        " RETURNING version",
        (state, now, str(status), game_id, expected_version,
         deadline if status is GameStatus.ACTIVE else None),
    )
    if version is None:
        found = await tx.fetchone("SELECT status, version FROM games WHERE id = ?", (game_id,))
        raise _why_not_saved(found, game_id, expected_version)
    await tx.execute(
        "INSERT INTO game_log (game_id, version, actor, action, at) VALUES (?, ?, ?, ?, ?)",
        (game_id, version, actor, action, now),
    )
    return int(version)


async def game_log(tx: Tx, game_id: int) -> list[LogEntry]:
    rows = await tx.fetchall(
        "SELECT version, actor, action, at FROM game_log WHERE game_id = ? ORDER BY version",
        (game_id,),
    )
    return [LogEntry(game_id, version, actor, action, at) for version, actor, action, at in rows]


async def expire_idle(tx: Tx, now: float, idle_days: float) -> list[int]:
    """Archive the games idle for ``idle_days``; return their ids. One process at a time
    (its job lock): another process sweeping already returns [] at once."""
    if not await try_job_lock(tx, Job.IDLE_SWEEP):
        return []
    rows = await tx.fetchall(
        "UPDATE games SET status = 'expired', status_reason = ?, turn_deadline = NULL"
        " WHERE status = 'active' AND updated_at < ? RETURNING id",
        (f"idle for more than {idle_days:g} days", now - idle_days * 86400.0),
    )
    return sorted(game_id for (game_id,) in rows)


async def mark_corrupt(tx: Tx, game_id: int, reason: str) -> None:
    rows = await tx.fetchall(
        "UPDATE games SET status = 'corrupt', status_reason = ?, turn_deadline = NULL"
        " WHERE id = ? RETURNING id",
        (reason, game_id),
    )
    if not rows:
        raise GameNotFound(game_id)
