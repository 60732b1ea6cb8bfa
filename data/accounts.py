"""SQL for guild settings, player preferences, and deleting a player's data."""

from __future__ import annotations

import dataclasses
import sqlite3
from typing import Any

from data.records import DeletedUserData, GameStatus
from data.settings import GuildSettings, PlayerPrefs, S, decode, encode

DELETED_NAME = "deleted player"


# Where each kind of values is stored: its table, key column and JSON column, and who
# owns a row (for the warnings about an unreadable value).
_TABLES: dict[type[Any], tuple[str, str, str, str]] = {
    GuildSettings: ("guild_settings", "guild_id", "settings", "guild"),
    PlayerPrefs: ("player_prefs", "user_id", "prefs", "player"),
}


def read_values(conn: sqlite3.Connection, cls: type[S], key: int) -> S:
    """A guild's settings or a player's preferences (``cls`` says which; defaults where
    nothing is stored)."""
    table, key_column, column, owner = _TABLES[cls]
    row = conn.execute(f"SELECT {column} FROM {table} WHERE {key_column} = ?", (key,)).fetchone()
    return decode(cls, row[0] if row else None, owner=f"{owner} {key}")


def update_values(
    conn: sqlite3.Connection, now: float, cls: type[S], key: int, changes: dict[str, Any]
) -> S:
    """Apply already validated changes on top of what is stored; return all the values."""
    table, key_column, column, _ = _TABLES[cls]
    updated = dataclasses.replace(read_values(conn, cls, key), **changes)
    conn.execute(
        f"INSERT INTO {table} ({key_column}, {column}, updated_at) VALUES (?, ?, ?)"
        f" ON CONFLICT ({key_column}) DO UPDATE SET {column} = excluded.{column},"
        " updated_at = excluded.updated_at",
        (key, encode(updated), now),
    )
    return updated


def delete_user_data(conn: sqlite3.Connection, user_id: int) -> DeletedUserData:
    """Delete the player's preferences, championship tries and places; anonymise their
    seats in match and round history (other players' history stays whole, nothing counts
    for them any more), and their id in the logs and creator column of ended games (0: unknown).
    Active games are left alone: the session layer still needs them and they end or
    expire within days. The opaque states of ended games are not searched."""
    prefs = conn.execute("DELETE FROM player_prefs WHERE user_id = ?", (user_id,)).rowcount
    seats = conn.execute(
        "UPDATE match_seats SET user_id = NULL, name = ? WHERE user_id = ?",
        (DELETED_NAME, user_id),
    ).rowcount
    rounds = conn.execute(
        "UPDATE round_scores SET user_id = NULL, name = ? WHERE user_id = ?"
        " AND game_id NOT IN (SELECT id FROM games WHERE status = ?)",
        (DELETED_NAME, user_id, str(GameStatus.ACTIVE)),
    ).rowcount
    tries = conn.execute("DELETE FROM challenge_tries WHERE user_id = ?", (user_id,)).rowcount
    places = conn.execute("DELETE FROM challenge_results WHERE user_id = ?",
                          (user_id,)).rowcount
    log = conn.execute(
        "UPDATE game_log SET actor = NULL WHERE actor = ?"
        " AND game_id NOT IN (SELECT id FROM games WHERE status = ?)",
        (user_id, str(GameStatus.ACTIVE)),
    ).rowcount
    created = conn.execute(
        "UPDATE games SET created_by = 0 WHERE created_by = ? AND status != ?",
        (user_id, str(GameStatus.ACTIVE)),
    ).rowcount
    return DeletedUserData(user_id, prefs, seats, rounds, tries, log, created, places)
