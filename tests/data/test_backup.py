"""Backups of the SQLite store: a copy made while games are saved holds one moment of the
database, checked table by table; a restore is refused while a bot holds the database,
keeps what it replaces, and checks what it put back."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from data import Store
from data.backup import BackupRefused, backup, hold_store_lock, restore

STATE = json.dumps({"deck": list(range(60))})


async def test_a_backup_made_while_games_are_saved_holds_one_moment(
        sqlite_store: Store, sqlite_path: Path, tmp_path: Path) -> None:
    games = [await sqlite_store.create_game(100 + n, 1, 7, "classic", STATE) for n in range(8)]
    saving = True

    async def save_forever() -> int:
        saves = 0
        while saving:
            for game in games:
                await sqlite_store.save(game.id, STATE, actor=7, action=f"move {saves}")
                saves += 1
        return saves

    saver = asyncio.create_task(save_forever())
    await asyncio.sleep(0.05)
    report = await asyncio.to_thread(backup, sqlite_path, tmp_path / "copy.sqlite3")
    saving = False
    saves = await saver
    assert report.equal and report.version >= 6
    by_name = {table.name: table for table in report.tables}
    assert {"games", "game_log", "schema_migrations"} <= set(by_name)
    copied_log = by_name["game_log"].copy.rows
    assert 0 < copied_log <= saves  # one moment of the live database
    async with await Store.open(tmp_path / "copy.sqlite3") as copy:
        versions = [(await copy.game(game.id)).version for game in games]  # type: ignore[union-attr]
        assert sum(versions) == copied_log  # every game's version counts its log
    assert not list(tmp_path.glob("*.partial"))


async def test_a_restore_is_refused_while_a_bot_holds_the_database(
        sqlite_store: Store, sqlite_path: Path, tmp_path: Path) -> None:
    await sqlite_store.create_game(1, 1, 7, "classic", STATE)
    copy = backup(sqlite_path, tmp_path / "copy.sqlite3").target
    with hold_store_lock(sqlite_path), pytest.raises(BackupRefused, match="a bot is running"):
        restore(copy, sqlite_path)
    assert sqlite_path.exists() and not list(tmp_path.glob("*.before-restore-*"))


async def test_a_restore_puts_the_backup_back_and_keeps_what_it_replaced(
        sqlite_path: Path, tmp_path: Path) -> None:
    async with await Store.open(sqlite_path) as store:
        kept_game = await store.create_game(1, 1, 7, "classic", STATE)
        copy = backup(sqlite_path, tmp_path / "copy.sqlite3").target
        later = await store.create_game(2, 1, 7, "classic", STATE)
    report = restore(copy, sqlite_path)
    assert report.equal and report.kept is not None and report.kept.exists()
    async with await Store.open(sqlite_path) as store:
        assert await store.game(kept_game.id) is not None
        assert await store.game(later.id) is None  # made after the backup
    async with await Store.open(report.kept) as before:
        assert await before.game(later.id) is not None


def test_what_is_not_a_database_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BackupRefused, match="no SQLite database"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    (tmp_path / "text.sqlite3").write_text("not a database " * 100)
    with pytest.raises(BackupRefused, match="is not an SQLite database"):
        restore(tmp_path / "text.sqlite3", tmp_path / "rami.sqlite3")


def test_a_backup_newer_than_this_rami_is_not_restored(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as conn:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT,"
                     " applied_at REAL)")
        conn.execute("PRAGMA user_version = 999")
    with pytest.raises(BackupRefused, match="newer than this Rami"):
        restore(newer, tmp_path / "rami.sqlite3")
    assert not (tmp_path / "rami.sqlite3").exists()
