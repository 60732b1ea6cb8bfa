"""SQL for guild settings, player preferences, and deleting a player's data."""

from __future__ import annotations

import sqlite3
from typing import Any

from data.records import DeletedUserData, GameStatus
from data.settings import GuildSettings, PlayerPrefs, decode, encode

DELETED_NAME = "deleted player"


def guild_settings(conn: sqlite3.Connection, guild_id: int) -> GuildSettings:
    row = conn.execute(
        "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
    ).fetchone()
    return decode(GuildSettings, row[0] if row else None, owner=f"guild {guild_id}")


def update_guild_settings(
    conn: sqlite3.Connection, now: float, guild_id: int, changes: dict[str, Any]
) -> GuildSettings:
    """Apply already validated changes on top of what is stored."""
    current = guild_settings(conn, guild_id)
    updated = GuildSettings(**{**_as_dict(current), **changes})
    conn.execute(
        "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
        " updated_at = excluded.updated_at",
        (guild_id, encode(updated), now),
    )
    return updated


def player_prefs(conn: sqlite3.Connection, user_id: int) -> PlayerPrefs:
    row = conn.execute("SELECT prefs FROM player_prefs WHERE user_id = ?", (user_id,)).fetchone()
    return decode(PlayerPrefs, row[0] if row else None, owner=f"player {user_id}")


def update_player_prefs(
    conn: sqlite3.Connection, now: float, user_id: int, changes: dict[str, Any]
) -> PlayerPrefs:
    current = player_prefs(conn, user_id)
    updated = PlayerPrefs(**{**_as_dict(current), **changes})
    conn.execute(
        "INSERT INTO player_prefs (user_id, prefs, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs,"
        " updated_at = excluded.updated_at",
        (user_id, encode(updated), now),
    )
    return updated


def _as_dict(values: GuildSettings | PlayerPrefs) -> dict[str, Any]:
    return {name: getattr(values, name) for name in type(values).__dataclass_fields__}


def delete_user_data(conn: sqlite3.Connection, user_id: int) -> DeletedUserData:
    """Delete the player's preferences and challenge tries; anonymise their seats in match
    and round history (other players' history stays whole, nothing counts for them any
    more), and their id in the logs and creator column of ended games (0: unknown).
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
    log = conn.execute(
        "UPDATE game_log SET actor = NULL WHERE actor = ?"
        " AND game_id NOT IN (SELECT id FROM games WHERE status = ?)",
        (user_id, str(GameStatus.ACTIVE)),
    ).rowcount
    created = conn.execute(
        "UPDATE games SET created_by = 0 WHERE created_by = ? AND status != ?",
        (user_id, str(GameStatus.ACTIVE)),
    ).rowcount
    return DeletedUserData(user_id, prefs, seats, rounds, tries, log, created)
