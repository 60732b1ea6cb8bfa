"""SQLite schema migrations: from empty, from each older version (with data), newer
refused; a failing migration on both backends (PostgreSQL's others: test_store_postgres.py
and test_pg_migrations.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from data import (
    DEFAULT_PATH,
    LATEST_VERSION,
    MatchSeat,
    MigrationError,
    SchemaTooNew,
    Store,
    StoreError,
    migrations,
)
from data.migrations import MIGRATIONS, Migration, load_migrations
from tests.data.helpers import Where, play_challenge, raw


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


def test_migrations_are_numbered_and_at_least_two() -> None:
    assert [m.version for m in load_migrations()] == list(range(1, LATEST_VERSION + 1))
    assert LATEST_VERSION >= 2


async def test_from_empty_reaches_the_latest_version(sqlite_path: Path) -> None:
    nested = sqlite_path.parent / "a" / "b" / "rami.sqlite3"
    async with await Store.open(nested) as store:
        assert await store.schema_version() == LATEST_VERSION
    assert {"games", "game_log", "matches", "match_seats", "challenge_tries", "challenge_days",
            "challenge_results", "secrets"} <= tables(nested)
    with sqlite3.connect(nested) as conn:
        history = conn.execute("SELECT version, name FROM schema_migrations").fetchall()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert history == [(m.version, m.name) for m in MIGRATIONS]


async def test_reopening_applies_nothing_and_keeps_data(sqlite_path: Path) -> None:
    async with await Store.open(sqlite_path) as store:
        game = await store.create_game(1, 2, 3, "rami51", "{}")
    async with await Store.open(sqlite_path) as store:
        assert await store.active_game(1) == game


@pytest.mark.parametrize("start", range(1, LATEST_VERSION))
async def test_upgrade_from_each_older_version(sqlite_path: Path, start: int) -> None:
    async with await Store.open(sqlite_path, schema_target=start) as store:
        assert await store.schema_version() == start
    async with await Store.open(sqlite_path) as store:
        assert await store.schema_version() == LATEST_VERSION


async def test_upgrade_from_version_1_keeps_and_backfills_its_data(sqlite_path: Path) -> None:
    # A database as Rami wrote it at schema version 1, with a game and a finished match.
    async with await Store.open(sqlite_path, schema_target=1) as store:
        assert await store.schema_version() == 1
    with sqlite3.connect(sqlite_path) as conn:
        conn.execute(
            "INSERT INTO games (id, channel_id, guild_id, created_by, variant, status, state,"
            " version, created_at, updated_at) VALUES (7, 70, 9, 1, 'rami51', 'active',"
            " '{\"turn\": 3}', 1, 100.0, 200.0)"
        )
        conn.execute("INSERT INTO game_log VALUES (7, 1, 1, 'draw stock', 200.0)")
        conn.execute("INSERT INTO matches VALUES (1, NULL, 9, 'rami51', 150.0)")
        conn.execute(
            "INSERT INTO match_seats (match_id, seat, user_id, name, total, won, rounds_won,"
            " rami_secs, points) VALUES (1, 0, 1, 'Ann', 0, 1, 2, 1, 40),"
            " (1, 1, NULL, 'Computer', 60, 0, 0, 0, 0)"
        )
    async with await Store.open(sqlite_path) as store:
        assert await store.schema_version() == LATEST_VERSION
        game = await store.active_game(70)
        assert game is not None
        assert (game.id, game.state, game.version, game.status_reason) == (
            7,
            '{"turn": 3}',
            1,
            None,
        )
        assert [e.action for e in await store.game_log(7)] == ["draw stock"]
        board = await store.leaderboard(9, "rami51", "all", now=1000.0)
        assert [(r.user_id, r.matches_won, r.rounds_won, r.points) for r in board] == [
            (1, 1, 2, 40)
        ]
        [match] = await store.match_history(9)
        assert match.seats[0] == MatchSeat(1, "Ann", 0, True, 2, 1, 40)
        # The championship's tables work on the upgraded file.
        await play_challenge(store, 9, 1, "2026-11-30", [5])
        assert [r.best_score for r in await store.challenge_ranking(9, "2026-11-30")] == [5]


async def test_upgrade_from_version_2_keeps_the_challenge_scores(sqlite_path: Path) -> None:
    async with await Store.open(sqlite_path, schema_target=2):
        pass
    with sqlite3.connect(sqlite_path) as conn:
        conn.executemany("INSERT INTO challenge_tries VALUES (9, 1, '2026-11-30', ?, ?, ?)",
                         [(1, 10, 100.0), (2, 40, 200.0)])
    async with await Store.open(sqlite_path) as store:
        [best] = await store.challenge_ranking(9, "2026-11-30")
        assert (best.user_id, best.best_score, best.tries, best.finished_at) == (1, 40, 2, 200.0)
        assert await store.challenge_tries_used(9, 1, "2026-11-30") == 2
        assert await store.challenge_try_in_progress(9, 1) is None


async def test_a_newer_schema_is_refused_untouched(sqlite_path: Path) -> None:
    async with await Store.open(sqlite_path):
        pass
    with sqlite3.connect(sqlite_path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(SchemaTooNew, match=r"schema version \d+.*only knows"):
        await Store.open(sqlite_path)
    with sqlite3.connect(sqlite_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION + 1


async def test_a_failing_migration_leaves_the_previous_version(
    where: Where, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On both backends (the file's other tests are SQLite's).
    async with await Store.open(where) as store:
        await store.create_game(1, 1, 1, "rami51", "{}")
    broken = Migration(LATEST_VERSION + 1, "broken", "ALTER TABLE games ADD x INTEGER;\nBOGUS;")
    shipped = {dialect: load_migrations(dialect) for dialect in ("sqlite", "postgresql")}
    monkeypatch.setattr(migrations, "load_migrations",
                        lambda dialect: (*shipped[dialect], broken))
    monkeypatch.setattr(migrations, "LATEST_VERSION", LATEST_VERSION + 1)
    with pytest.raises(MigrationError, match="broken"):
        await Store.open(where, schema_target=LATEST_VERSION + 1)
    monkeypatch.undo()
    with pytest.raises((sqlite3.OperationalError, asyncpg.UndefinedColumnError)):
        await raw(where, "SELECT x FROM games")  # the half that ran was rolled back
    async with await Store.open(where) as store:
        assert await store.schema_version() == LATEST_VERSION
        assert await store.active_game(1) is not None


async def test_not_a_database_is_a_clear_error(sqlite_path: Path) -> None:
    sqlite_path.write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(StoreError, match=r"cannot open .* as a Rami database"):
        await Store.open(sqlite_path)


async def test_the_default_path_is_data_rami_sqlite3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    async with await Store.open() as store:
        assert store.path == DEFAULT_PATH == "data/rami.sqlite3"
    assert (tmp_path / "data" / "rami.sqlite3").is_file()
