"""Turn timers from the database: several processes (here, several ``Tables`` each on a
store of its own, over one database) time each due turn out exactly once; a turn claimed
by a process that died is taken over when its lease ends; a process keeps to its shards'
guilds; a save that sets a nearer deadline wakes the poller. On SQLite and PostgreSQL.
The clock is the test's (but where the poller's own sleep is the point)."""

from __future__ import annotations

import asyncio
import math
import os
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.session import Event, EventKind, Tables
from data import DueTurn, Store
from engine.cards.actions import Draw
from tests.session.helpers import ALICE, BOB, CHANNEL, Clock, make_tables, recorded, until

TIMEOUT = 60.0
LEASE = 30.0
SHARD_1_OF_2 = (3 << 22) + 99  # a guild Discord sends to shard 1 of 2
CHILD = Path(__file__).with_name("timeout_child.py")
ROOT = Path(__file__).resolve().parents[2]


class Cluster:
    """Processes sharing one database: each its own store and tables."""

    def __init__(self, where: str | Path, clock: Callable[[], float]) -> None:
        self.where, self.clock = where, clock
        self.stores: list[Store] = []
        self.tables: list[Tables] = []

    async def process(self, **options: object) -> Tables:
        store = await Store.open(self.where, clock=self.clock)
        options.setdefault("turn_timeout", TIMEOUT)
        options.setdefault("lease_s", LEASE)
        tables = make_tables(store, clock=self.clock, **options)
        self.stores.append(store)
        self.tables.append(tables)
        return tables

    async def close(self) -> None:
        for tables in self.tables:
            await tables.close()
        for store in self.stores:
            await store.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def cluster(where: str | Path, clock: Clock) -> AsyncIterator[Cluster]:
    made = Cluster(where, clock)
    try:
        yield made
    finally:
        await made.close()


async def two_humans(tables: Tables, guild: int = 7) -> int:
    """Alice and Bob sit down and start; returns the seat to play first."""
    await tables.open_lobby(CHANNEL, guild, ALICE, "classic")
    await tables.join(CHANNEL, BOB)
    snapshot = await tables.start(CHANNEL, ALICE.user_id)
    assert snapshot.view is not None
    return snapshot.view.current


async def timed_out_draws(store: Store, seat: int) -> int:
    """How many times the seat's turn was started for it (its draw) by the easy player."""
    game = await store.active_game(CHANNEL)
    assert game is not None
    return sum(entry.action.startswith(f"seat {seat}: draw") and entry.actor is None
               for entry in await store.game_log(game.id))


async def timed_out_discards(store: Store, seat: int) -> int:
    """How many times the seat's turn was finished for it (its discard) by the easy player."""
    game = await store.active_game(CHANNEL)
    assert game is not None
    return sum(entry.action.startswith(f"seat {seat}: discard") and entry.actor is None
               for entry in await store.game_log(game.id))


def timeouts(events: list[Event]) -> list[Event]:
    return [event for event in events if event.kind is EventKind.TIMEOUT]


async def test_two_processes_play_a_due_turn_once(cluster: Cluster, clock: Clock) -> None:
    # No pollers: the test says when each process looks.
    first = await cluster.process(poll_interval=None)
    second = await cluster.process(poll_interval=None)
    seat = await two_humans(first)
    assert await second.resume() == [CHANNEL]  # both hold the table
    heard = recorded(first), recorded(second)
    clock.advance(TIMEOUT)
    played = await asyncio.gather(first.play_overdue(), second.play_overdue())
    assert sorted(played) == [[], [CHANNEL]]
    assert await timed_out_draws(cluster.stores[0], seat) == 1
    assert sum(bool(timeouts(events)) for events in heard) == 1


def count_looks(tables: Tables) -> list[int]:
    """How many times the poller of ``tables`` has looked for due turns (one counter)."""
    looks = [0]
    claim = tables._claim

    async def counted(now: float) -> list[DueTurn]:
        looks[0] += 1
        return await claim(now)

    tables._claim = counted  # type: ignore[method-assign]
    return looks


async def test_two_pollers_play_a_due_turn_once(cluster: Cluster, clock: Clock) -> None:
    first = await cluster.process(poll_interval=0.01)
    second = await cluster.process(poll_interval=0.01)
    seat = await two_humans(first)
    await second.resume()
    looks = count_looks(first), count_looks(second)
    second.start_timers()
    heard = recorded(first), recorded(second)
    clock.advance(TIMEOUT)  # both pollers look every 10 ms
    await until(lambda: any(timeouts(events) for events in heard))
    # Both pollers look twenty more times after the turn was played: nothing more is due.
    wanted = [count[0] + 20 for count in looks]
    await until(lambda: all(count[0] >= at_least
                            for count, at_least in zip(looks, wanted, strict=True)))
    assert sum(bool(timeouts(events)) for events in heard) == 1
    assert await timed_out_draws(cluster.stores[0], seat) == 1


async def test_a_dead_process_turn_is_taken_over_when_its_lease_ends(
        cluster: Cluster, clock: Clock) -> None:
    dead = await cluster.process(poll_interval=None)
    seat = await two_humans(dead)
    clock.advance(TIMEOUT)
    # It claimed the turn, then died before playing it.
    assert [turn.channel_id for turn in await cluster.stores[0].claim_due_turns()] == [CHANNEL]
    heir = await cluster.process(poll_interval=None)  # holds no table: it loads the one it claims
    events = recorded(heir)
    assert await heir.play_overdue() == []
    clock.advance(LEASE)
    assert await heir.play_overdue() == [CHANNEL]
    assert timeouts(events)[0].seat == seat
    assert await timed_out_draws(cluster.stores[1], seat) == 1


async def test_a_process_killed_between_the_saves_of_a_timed_out_turn_leaves_it_to_another(
        cluster: Cluster, clock: Clock, where: str | Path) -> None:
    first = await cluster.process(poll_interval=None)
    seat = await two_humans(first)
    started = await cluster.stores[0].active_game(CHANNEL)
    assert started is not None
    clock.advance(TIMEOUT)
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(where), repr(clock.now), repr(LEASE),
        stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    try:
        line = await asyncio.wait_for(child.stdout.readline(), 60)
    finally:
        child.kill()  # SIGKILL: between the draw it saved and the discard it never made
        await child.wait()
    assert line.decode().split() == ["saved", str(started.version + 1)]  # the draw, only
    heir = await cluster.process(poll_interval=None)
    events = recorded(heir)
    assert await heir.play_overdue() == []  # the dead process's lease still holds the turn
    assert await timed_out_draws(cluster.stores[0], seat) == 1
    clock.advance(LEASE)
    assert await heir.play_overdue() == [CHANNEL]  # the discard that finishes the turn
    assert [event.seat for event in timeouts(events)] == [seat]
    assert await timed_out_draws(cluster.stores[1], seat) == 1  # drawn once, by the dead one
    snapshot = await heir.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.view is not None
    assert snapshot.view.current != seat  # the turn is over: the other player's now


async def test_a_process_held_table_older_than_the_claim_is_loaded_afresh(
        cluster: Cluster, clock: Clock) -> None:
    first = await cluster.process(poll_interval=None)
    second = await cluster.process(poll_interval=None)
    seat = await two_humans(first)
    await second.resume()
    player = (ALICE, BOB)[seat]
    await first.act(CHANNEL, player.user_id, Draw("stock"))  # saved by the first: the
    clock.advance(TIMEOUT)                                    # second's table is old
    assert await second.play_overdue() == [CHANNEL]
    # The second played the turn as saved: the player's own draw, then its discard only.
    assert await timed_out_draws(cluster.stores[1], seat) == 0
    assert await timed_out_discards(cluster.stores[1], seat) == 1
    snapshot = await second.snapshot(CHANNEL)
    assert snapshot is not None and snapshot.view is not None
    assert snapshot.view.current != seat


async def test_a_process_keeps_to_its_shards_guilds(cluster: Cluster, clock: Clock) -> None:
    shard_0 = await cluster.process(shards=(2, (0,)), poll_interval=None)
    shard_1 = await cluster.process(shards=(2, (1,)), poll_interval=None)
    await two_humans(shard_1, guild=SHARD_1_OF_2)
    clock.advance(TIMEOUT)
    assert await shard_0.play_overdue() == []
    assert await shard_1.play_overdue() == [CHANNEL]


async def test_a_restarted_process_resumes_only_its_shards_games(cluster: Cluster) -> None:
    await two_humans(await cluster.process(), guild=SHARD_1_OF_2)
    shard_0 = await cluster.process(shards=(2, (0,)), poll_interval=None)
    shard_1 = await cluster.process(shards=(2, (1,)), poll_interval=None)
    assert await shard_0.resume() == []  # the other process's game: it plays it
    assert await shard_1.resume() == [CHANNEL]


async def test_a_save_with_a_nearer_deadline_wakes_the_poller(where: str | Path) -> None:
    cluster = Cluster(where, time.time)
    try:
        tables = await cluster.process(turn_timeout=0.05, poll_interval=3600.0)
        looks = count_looks(tables)
        tables.start_timers()
        # It looked, found nothing due, and went to sleep for an hour.
        await until(lambda: looks[0] == 1 and math.isfinite(tables._next_look))
        events = recorded(tables)
        await two_humans(tables)  # the first turn's deadline: 50 ms from now
        await until(lambda: bool(timeouts(events)))  # long before the hour: woken
    finally:
        await cluster.close()
