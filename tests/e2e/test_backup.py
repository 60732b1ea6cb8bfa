"""``rummy-bot backup`` of a running bot's database while a game is played, ``rummy-bot
restore`` refused while the bot runs, then put back once it is stopped: the restarted bot
carries on from the backup's moment."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from data import Store
from tests.e2e.cluster import ClusterGame, versions_contiguous
from tests.e2e.consistency import inconsistent_games
from tests.e2e.harness import BotProcess


@pytest.fixture
def fake(fake: FakeDiscord) -> FakeDiscord:
    """The fake Discord of tests/e2e/conftest.py; a process's first pictures take seconds
    on a busy machine: the people wait up to 30 s for an answer."""
    fake.settle_timeout = 30.0
    return fake


async def reopened(game: ClusterGame, db_path: Path) -> Store:
    """The test's view opened again on the restored file (a connection opened before a
    restore still reads the file it replaced, kept aside)."""
    await game.store.close()
    store = await Store.open(db_path)
    game.store = store
    for human in (game.humans or {}).values():
        human.store = store
    return store


async def rummy_bot(db_path: Path, *args: str) -> tuple[int, str]:
    """``rummy-bot ARGS`` with the bot's settings; its exit status and output."""
    env = {**os.environ, "RAMI_DB_PATH": str(db_path)}
    env.pop("DATABASE_URL", None)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=db_path.parent, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await process.communicate()
    return await process.wait(), out.decode()


def saved_version(path: Path, game_id: int) -> int:
    with sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True) as conn:
        return int(conn.execute("SELECT version FROM games WHERE id = ?",
                                (game_id,)).fetchone()[0])


async def test_a_live_backup_restored_once_the_bot_is_stopped(
        fake: FakeDiscord, db_path: Path, tmp_path: Path) -> None:
    bot = BotProcess(fake, db_path)
    await bot.start()
    await bot.connected([None])
    store = await Store.open(db_path)  # the test's view of the bot's database
    game = ClusterGame(fake, store, fake.channels[0], seed=9)
    await game.open()
    await game.play(stop=lambda s: s.row.version >= 6)
    copy = tmp_path / "backups" / "rami-1.sqlite3"
    copy.parent.mkdir()

    # Backed up while the people go on playing.
    (status, said), _ = await asyncio.gather(
        rummy_bot(db_path, "backup", str(copy)),
        game.play(stop=lambda s: s.row.version >= 14))
    assert status == 0, said
    assert said.splitlines()[-1].startswith(f"backed up {db_path} to {copy}: schema version")
    assert "DIFFERS" not in said and " ok" in said
    backed_up = saved_version(copy, game.game_id)
    assert 6 <= backed_up <= (await game.now()).row.version

    status, said = await rummy_bot(db_path, "restore", str(copy))
    assert (status, said.strip()) == (2, f"rummy-bot restore: a bot is running on "
                                         f"{str(db_path)!r}: stop it, then restore (rummy-bot "
                                         "backup copies a running bot's database; restore "
                                         "cannot)")

    assert await bot.stop() == 0
    await store.close()
    status, said = await rummy_bot(db_path, "restore", str(copy))
    assert status == 0, said
    assert f"restored {copy} to {db_path}" in said and "kept as" in said
    store = await reopened(game, db_path)
    assert (await game.now()).row.version == backed_up  # the backup's moment

    again = BotProcess(fake, db_path)
    await again.start()
    await again.connected([None])
    try:
        assert (await game.play()).over  # the restarted bot carries on from there
        assert versions_contiguous(await store.game_log(game.game_id))
        assert await inconsistent_games(store) == []
    finally:
        assert await again.stop() == 0
        await store.close()


async def test_postgresql_is_pointed_at_pg_dump(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": "postgresql://rami@db.example:5432/rami"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "backup", str(tmp_path / "x.sqlite3"), cwd=tmp_path,
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await process.communicate()
    assert await process.wait() == 2
    assert "pg_dump --format=custom" in out.decode()
