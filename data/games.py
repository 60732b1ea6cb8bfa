"""SQL for games and their action log. Plain functions on a ``sqlite3.Connection``, run
by :class:`data.store.Store` on its connection thread; writes run inside its transaction."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from data.errors import CorruptRow, GameExists, GameNotActive, GameNotFound, StaleState
from data.records import GameStatus, LogEntry, StoredGame

GAME_COLUMNS = (
    "id, channel_id, guild_id, created_by, variant, status, state, version,"
    " created_at, updated_at, status_reason, turn_deadline"
)
Row = tuple[Any, ...]


def check_json(state: str) -> None:
    """Raises ValueError unless ``state`` is JSON text (bad input never reaches the database)."""
    if not isinstance(state, str):
        raise ValueError(f"a game state must be JSON text, not {type(state).__name__}")
    try:
        json.loads(state)
    except ValueError as error:
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


def create_game(
    conn: sqlite3.Connection,
    now: float,
    channel_id: int,
    guild_id: int,
    created_by: int,
    variant: str,
    state: str,
    deadline: float | None,
) -> StoredGame:
    existing = conn.execute(
        "SELECT id FROM games WHERE channel_id = ? AND status = 'active'", (channel_id,)
    ).fetchone()
    if existing is not None:
        raise GameExists(channel_id, existing[0])
    row = conn.execute(
        "INSERT INTO games (channel_id, guild_id, created_by, variant, status, state, version,"
        " created_at, updated_at, turn_deadline) VALUES (?, ?, ?, ?, 'active', ?, 0, ?, ?, ?)"
        f" RETURNING {GAME_COLUMNS}",
        (channel_id, guild_id, created_by, variant, state, now, now, deadline),
    ).fetchall()[0]
    return game_from_row(row)


def game_row(conn: sqlite3.Connection, game_id: int) -> Row | None:
    row: Row | None = conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    return row


def active_rows(conn: sqlite3.Connection, channel_id: int | None) -> list[Row]:
    if channel_id is None:
        return conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' ORDER BY id"
        ).fetchall()
    return conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = 'active'",
        (channel_id,),
    ).fetchall()


def due_rows(conn: sqlite3.Connection, now: float) -> list[Row]:
    """Active games whose turn deadline is ``now`` or earlier, the most overdue first."""
    return conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games INDEXED BY games_active_deadline"
        " WHERE status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= ?"
        " ORDER BY turn_deadline",
        (now,),
    ).fetchall()


def _why_not_saved(conn: sqlite3.Connection, game_id: int, expected: int | None) -> Exception:
    row = conn.execute("SELECT status, version FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return GameNotFound(game_id)
    status, version = row
    if status != GameStatus.ACTIVE:
        return GameNotActive(game_id, status)
    return StaleState(game_id, expected if expected is not None else -1, version)


def save(
    conn: sqlite3.Connection,
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
    return the new version. A game that ends keeps no deadline."""
    rows = conn.execute(
        "UPDATE games SET state = ?1, version = version + 1, updated_at = ?2, status = ?3,"
        " turn_deadline = ?6"
        " WHERE id = ?4 AND status = 'active' AND (?5 IS NULL OR version = ?5)"
        " RETURNING version",
        (state, now, str(status), game_id, expected_version,
         deadline if status is GameStatus.ACTIVE else None),
    ).fetchall()
    if not rows:
        raise _why_not_saved(conn, game_id, expected_version)
    version: int = rows[0][0]
    conn.execute(
        "INSERT INTO game_log (game_id, version, actor, action, at) VALUES (?, ?, ?, ?, ?)",
        (game_id, version, actor, action, now),
    )
    return version


def game_log(conn: sqlite3.Connection, game_id: int) -> list[LogEntry]:
    rows = conn.execute(
        "SELECT version, actor, action, at FROM game_log WHERE game_id = ? ORDER BY version",
        (game_id,),
    ).fetchall()
    return [LogEntry(game_id, version, actor, action, at) for version, actor, action, at in rows]


def expire_idle(conn: sqlite3.Connection, now: float, idle_days: float) -> list[int]:
    rows = conn.execute(
        "UPDATE games SET status = 'expired', status_reason = ?, turn_deadline = NULL"
        " WHERE status = 'active' AND updated_at < ? RETURNING id",
        (f"idle for more than {idle_days:g} days", now - idle_days * 86400.0),
    ).fetchall()
    return sorted(game_id for (game_id,) in rows)


def mark_corrupt(conn: sqlite3.Connection, game_id: int, reason: str) -> None:
    rows = conn.execute(
        "UPDATE games SET status = 'corrupt', status_reason = ?, turn_deadline = NULL"
        " WHERE id = ? RETURNING id",
        (reason, game_id),
    ).fetchall()
    if not rows:
        raise GameNotFound(game_id)
