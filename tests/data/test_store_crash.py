"""The crash test: a child process playing real engine games, saving after every action,
is killed with SIGKILL at random (seeded) moments; every game must reload to its last
committed action, with nothing half-written. On both backends: in PostgreSQL the server
rolls back the transaction of a client that vanished."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import sys
from pathlib import Path

from data import Store
from engine import Game
from tests.data.helpers import Where

CHILD = Path(__file__).with_name("crash_child.py")
ROOT = Path(__file__).resolve().parents[2]
GAMES = 8
ACTIONS = 500
KILLS = 10


async def start_child(path: Where, seed: int) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(path), str(seed), str(GAMES), str(ACTIONS),
        stdout=asyncio.subprocess.PIPE, env=env,
    )  # fmt: skip


async def check_every_game(path: Where, committed: dict[int, int]) -> dict[int, int]:
    """Every game: version == log length, versions 1..n, state matches the last action,
    and no save the child saw committed is missing. Returns each channel's version."""
    if isinstance(path, Path):
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    versions: dict[int, int] = {}
    async with await Store.open(path) as store:
        for game_id in range(1, GAMES + 1):
            game = await store.game(game_id)
            assert game is not None, f"game {game_id} missing"
            log = await store.game_log(game_id)
            assert [entry.version for entry in log] == list(range(1, game.version + 1))
            state = json.loads(game.state)
            if game.status == "finished":
                assert state["over"] is True and log[-1].action == "end finished"
                assert state["version"] == game.version - 1
                log = log[:-1]
            else:
                assert game.status == "active"
                assert state["version"] == game.version
            assert state["last_action"] == (log[-1].action if log else None)
            Game.from_json(state["game"])  # the engine reloads it (raises CorruptGame if not)
            assert game.version >= committed.get(game.channel_id, 0)
            versions[game.channel_id] = game.version
    return versions


async def test_sigkill_at_random_moments_loses_nothing_committed(where: Where) -> None:
    path = where
    rng = random.Random(20261130)
    committed: dict[int, int] = {}
    killed = 0
    for run in range(KILLS):  # each run resumes where the killed one stopped
        child = await start_child(path, seed=run)
        assert child.stdout is not None
        assert await child.stdout.readline() == b"ready\n"
        target = rng.randrange(1, 200)
        for _ in range(target):
            line = await child.stdout.readline()
            if not line or line == b"done\n":
                break
            channel, version = map(int, line.split())
            committed[channel] = version  # the child saw this save committed
        # Land the kill somewhere inside the next saves, not always right after a print.
        await asyncio.sleep(rng.uniform(0, 0.003))
        if child.returncode is None:
            child.send_signal(signal.SIGKILL)
            killed += 1
        await child.wait()
        await check_every_game(path, committed)
    assert killed >= KILLS // 2
    # Finally, let a child finish every game: the killed runs resumed cleanly.
    child = await start_child(path, seed=99)
    out, _ = await child.communicate()
    assert child.returncode == 0 and out.endswith(b"done\n")
    await check_every_game(path, committed)
    async with await Store.open(path) as store:
        assert await store.active_games() == []  # every game played to its end
