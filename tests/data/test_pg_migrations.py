"""The PostgreSQL migrations build the SQLite schema, so that the two dialects cannot drift.

The SQLite schema is read from a database migrated by the SQLite files (``sqlite_master``,
``PRAGMA table_info``); the PostgreSQL one from a fresh database migrated by
``data/migrations/postgresql/`` (``information_schema``, ``pg_indexes``).
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

import data

MIGRATIONS = Path(data.__file__).parent / "migrations"
_NAME = re.compile(r"^\d{4}_[a-z0-9_]+\.sql$")
# The type family of each SQLite STRICT type, as PostgreSQL spells its members.
FAMILIES = {
    "INTEGER": {"smallint", "integer", "bigint"},
    "REAL": {"double precision", "real"},
    "TEXT": {"text", "character varying"},
    "BLOB": {"bytea"},
}


@dataclass(frozen=True, slots=True)
class Column:
    type: str
    not_null: bool
    in_primary_key: bool


Schema = dict[str, dict[str, Column]]  # table -> column -> its description


def migration_files(dialect: str) -> list[Path]:
    """One dialect's migrations in order (the SQLite ones may still be directly in
    ``data/migrations/``, where they were before ``sqlite/``)."""
    folder = MIGRATIONS / dialect
    if dialect == "sqlite" and not folder.is_dir():
        folder = MIGRATIONS
    return sorted(p for p in folder.iterdir() if _NAME.match(p.name))


def sqlite_schema(path: Path) -> tuple[Schema, set[str]]:
    with sqlite3.connect(path) as conn:
        for file in migration_files("sqlite"):
            conn.executescript(file.read_text(encoding="utf-8"))
        tables = [name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        schema: Schema = {}
        for table in tables:
            schema[table] = {
                name: Column(kind, bool(not_null) or pk > 0, pk > 0)
                for _, name, kind, not_null, _default, pk
                in conn.execute(f"PRAGMA table_info({table})")
            }
        indexes = {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    return schema, indexes


async def postgres_schema(conn: asyncpg.Connection) -> tuple[Schema, set[str]]:
    keys = {(r["table_name"], r["column_name"]) for r in await conn.fetch(
        "SELECT k.table_name, k.column_name"
        " FROM information_schema.table_constraints AS c"
        " JOIN information_schema.key_column_usage AS k"
        "   USING (constraint_schema, constraint_name)"
        " WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = 'public'")}
    schema: Schema = {}
    for r in await conn.fetch(
            "SELECT table_name, column_name, data_type, is_nullable"
            " FROM information_schema.columns WHERE table_schema = 'public'"):
        table, column = r["table_name"], r["column_name"]
        schema.setdefault(table, {})[column] = Column(
            r["data_type"], r["is_nullable"] == "NO", (table, column) in keys)
    indexes = {r["indexname"] for r in await conn.fetch(
        "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
        " AND indexname NOT IN (SELECT conname FROM pg_constraint)")}
    return schema, indexes


async def migrate(conn: asyncpg.Connection, files: list[Path]) -> None:
    for file in files:
        async with conn.transaction():
            await conn.execute(file.read_text(encoding="utf-8"))


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    sqlite = [p.name for p in migration_files("sqlite")]
    assert sqlite, "no SQLite migrations found"
    assert [p.name for p in migration_files("postgresql")] == sqlite


@pytest.mark.postgresql
async def test_postgresql_schema_matches_sqlite(postgres_url: str, tmp_path: Path) -> None:
    expected, expected_indexes = sqlite_schema(tmp_path / "schema.sqlite3")
    conn = await asyncpg.connect(postgres_url)
    try:
        await migrate(conn, migration_files("postgresql"))
        actual, indexes = await postgres_schema(conn)
    finally:
        await conn.close()
    assert sorted(actual) == sorted(expected)
    for table, columns in expected.items():
        assert sorted(actual[table]) == sorted(columns), table
        for name, sqlite_column in columns.items():
            pg_column = actual[table][name]
            where = f"{table}.{name}: SQLite {sqlite_column}, PostgreSQL {pg_column}"
            assert pg_column.type in FAMILIES[sqlite_column.type], where
            assert pg_column.not_null == sqlite_column.not_null, where
            assert pg_column.in_primary_key == sqlite_column.in_primary_key, where
    assert indexes == expected_indexes


@pytest.mark.postgresql
async def test_postgresql_upgrades_keep_data(postgres_url: str) -> None:
    files = migration_files("postgresql")
    conn = await asyncpg.connect(postgres_url)
    try:
        await migrate(conn, files[:1])
        game = await conn.fetchval(
            "INSERT INTO games (channel_id, guild_id, created_by, variant, state, created_at,"
            " updated_at) VALUES ($1, $2, $3, 'rami51', '{}', 1, 1) RETURNING id",
            2**62, 2**61, 2**60)
        match = await conn.fetchval(
            "INSERT INTO matches (game_id, guild_id, variant, finished_at)"
            " VALUES ($1, $2, 'rami51', 5.5) RETURNING id", game, 2**61)
        await conn.execute(
            "INSERT INTO match_seats VALUES ($1, 0, $2, 'Ana', 10, 1, 2, 0, 30)", match, 2**60)
        await migrate(conn, files[1:2])
        seat = await conn.fetchrow("SELECT guild_id, variant, finished_at FROM match_seats")
        assert tuple(seat) == (2**61, "rami51", 5.5)
        await conn.execute(
            "INSERT INTO challenge_tries VALUES ($1, $2, '2026-12-01', 1, 42, 7.0)", 1, 2)
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.execute(
                "INSERT INTO challenge_tries VALUES (1, 2, '1 Dec 2026', 2, 42, 7.0)")
        await migrate(conn, files[2:])
        tried = await conn.fetchrow("SELECT status, score, turns, finished_at"
                                    " FROM challenge_tries")
        assert tuple(tried) == ("counted", 42, 0, 7.0)
    finally:
        await conn.close()
