"""Helpers shared by the store tests."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from data import Store
from data.postgres import pg_sql

Where = Path | str  # an SQLite file, or a PostgreSQL URL

CLOSES_AT = 4_000_000_000.0  # in 2096: after every clock of these tests, the real one too


class Clock:
    """A clock the test moves by hand (no sleeping, no timing assertions)."""

    def __init__(self, now: float = 1_764_000_000.0) -> None:  # 2025-11-24, a Monday
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def play_challenge(store: Store, guild_id: int, user_id: int, day: str,
                         scores: Sequence[int], *, turns: int = 5,
                         name: str = "") -> None:
    """The player finishes one try of the day per score (the day opened if need be)."""
    await store.add_challenge_day(guild_id, day, "{}", CLOSES_AT)
    for score in scores:
        started = await store.start_challenge_try(guild_id, day, user_id,
                                                  name or f"player {user_id}", "{}")
        key = (guild_id, day, user_id, started.number)
        await store.finish_challenge_try(key, '{"end": true}', score, turns)


async def raw(where: Where, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run one statement on the database behind the store's back (to damage or inspect a
    row); return its rows. ``sql`` uses the store's ``?`` placeholders."""
    if isinstance(where, Path):
        with sqlite3.connect(where) as conn:
            return conn.execute(sql, args).fetchall()
    conn = await asyncpg.connect(where)
    try:
        return [tuple(row) for row in await conn.fetch(pg_sql(sql), *args)]
    finally:
        await conn.close()
