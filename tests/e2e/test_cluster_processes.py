"""Two real bot processes (``rummy-bot run``) on one PostgreSQL database and a four-shard
fake Discord: whole games in every guild, a process killed mid-turn and replaced, and two
processes handling the same channel at once (a failover), with the game never forked.

Process 0 has shards 0 and 2, process 1 shards 1 and 3 (``(guild_id >> 22) % 4``); each
guild plays in its own channels. The people read their hands from the database and play
with ``/rummy`` commands (``tests/e2e/cluster.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.fake import FakeDiscord
from data import Store
from tests.e2e.cluster import ClusterGame, Saved, turns_played_for, versions_contiguous
from tests.e2e.consistency import inconsistent_games
from tests.e2e.harness import BotProcess, guild_on
from tests.e2e.players import is_hand

SHARDS = 4
AI_DELAY_S = "0.25"  # a computer's turn stays pending long enough to kill the process in it
TURN_TIMEOUT_S = 30  # the shortest a guild may choose


@pytest.fixture
def fake(sharded_fake: FakeDiscord) -> FakeDiscord:
    """The four-shard fake (tests/e2e/conftest.py): one guild on each shard. A process's
    first pictures take seconds on a busy machine: the people wait up to 30 s."""
    sharded_fake.settle_timeout = 30.0
    return sharded_fake


@pytest.fixture
async def store(postgres_url: str) -> AsyncIterator[Store]:
    """The test's own view of the bots' database."""
    opened = await Store.open(postgres_url)
    yield opened
    await opened.close()


class Cluster:
    """Bot processes of a ``SHARDS``-shard bot in ``cluster_count`` clusters on one database."""

    def __init__(self, fake: FakeDiscord, url: str, folder: Path) -> None:
        self.fake, self.url, self.folder = fake, url, folder
        self.processes: list[BotProcess] = []

    async def start(self, cluster_id: int) -> BotProcess:
        """Start ``rummy-bot run`` for ``cluster_id`` of 2 and wait until its shards are up."""
        flags = ["--shard-count", str(SHARDS), "--cluster-id", str(cluster_id),
                 "--cluster-count", "2"]
        if cluster_id != 0:
            flags.append("--no-sync")
        process = BotProcess(self.fake, self.folder / "unused.sqlite3", *flags,
                             env={"DATABASE_URL": self.url, "RAMI_AI_DELAY": AI_DELAY_S})
        self.processes.append(process)
        before = self.fake.identifies
        await process.start()
        await process.connected([(s, SHARDS) for s in range(cluster_id, SHARDS, 2)])
        await self.fake.wait_for(lambda: self.fake.identifies >= before + 2, timeout=30)
        return process

    async def stop(self) -> None:
        for process in self.processes:
            if process.process is not None and process.process.returncode is None:
                await process.stop()


@pytest.fixture
async def cluster(fake: FakeDiscord, postgres_url: str,
                  tmp_path: Path) -> AsyncIterator[Cluster]:
    processes = Cluster(fake, postgres_url, tmp_path)
    yield processes
    await processes.stop()


def channel_on(fake: FakeDiscord, shard: int, number: int = 0) -> int:
    return fake.guilds[guild_on(fake, shard, SHARDS)].channels[number]


async def until(check: object, timeout: float = 40.0) -> None:
    """Poll ``check`` (an async callable) until it is true."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():  # type: ignore[operator]
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.1)


async def assert_sound(store: Store, games: list[ClusterGame]) -> None:
    """Every game over, its rounds booked, its log without gap or repeat, replaying to the
    saved state."""
    for game in games:
        now = await game.now()
        assert now.over, f"game {game.game_id} is not over"
        assert await store.match_rounds(game.game_id), f"game {game.game_id}: no round booked"
        assert versions_contiguous(await store.game_log(game.game_id))
    assert await inconsistent_games(store) == []


async def test_whole_games_then_a_process_killed_mid_turn_is_replaced(
        fake: FakeDiscord, store: Store, cluster: Cluster) -> None:
    await cluster.start(0)
    doomed = await cluster.start(1)
    games = [ClusterGame(fake, store, channel_on(fake, shard), seed=shard + 1)
             for shard in range(SHARDS)]
    for game in games:  # one after the other: each process deals its matches in order
        await game.open()
    await asyncio.gather(*(game.play() for game in games))
    delivered = {shard for event, shard in fake.gateway.deliveries
                 if event == "INTERACTION_CREATE"}
    assert delivered == {(shard, SHARDS) for shard in range(SHARDS)}

    # Process 1's guilds: a person's turn open in one, a computer's turn pending in the other.
    # Only the first has a turn timer (the shortest a guild may set): a person scripted in
    # the other cannot lose a turn to a slow machine. The processes hear it at once.
    await store.update_guild_settings(guild_on(fake, 1, SHARDS), turn_timeout_s=TURN_TIMEOUT_S)
    waiting = ClusterGame(fake, store, channel_on(fake, 1, 1), seed=11)
    pending = ClusterGame(fake, store, channel_on(fake, 3, 1), seed=13)
    await waiting.open()
    await pending.open()
    assert waiting.humans is not None and pending.humans is not None
    alice, bob = (list(g.humans) for g in (waiting, pending))
    await waiting.play(stop=lambda s: s.current_user == alice[0])
    before = await pending.play(stop=lambda s: s.current_user == bob[1])
    assert not before.over, "the match ended before Bob's turn: deal another (RAMI_SEED)"
    await pending.humans[bob[1]].play_turn()  # answered, so saved
    await doomed.kill()
    killed: dict[int, Saved] = {g.game_id: await g.now() for g in (waiting, pending)}
    assert killed[pending.game_id].current_user is None  # the computer's turn, not played
    assert killed[pending.game_id].row.version > before.row.version
    logs = {g.game_id: await store.game_log(g.game_id) for g in (waiting, pending)}
    table = _table_edits(fake, waiting.channel)

    await cluster.start(1)  # the replacement

    async def table_edited() -> bool:
        return _table_edits(fake, waiting.channel) > table

    async def after_the_timeout() -> None:
        # The open turn timed out: the bot drew and discarded for Alice (two saves, so the
        # people wait until her turn is over)…
        await until(lambda: _timed_out(store, waiting, alice[0]), TURN_TIMEOUT_S + 40.0)
        await until(table_edited)  # …and the table shows it
        await waiting.play()

    # The computer goes on, then the people, to the end; the other game after its timer.
    await asyncio.gather(pending.play(), after_the_timeout())
    for game in (waiting, pending):
        log = await store.game_log(game.game_id)
        assert log[:len(logs[game.game_id])] == logs[game.game_id]  # nothing acknowledged lost
    fired = {g.game_id: turns_played_for(await store.game_log(g.game_id), (await g.now()).doc)
             for g in (waiting, pending)}
    assert fired == {waiting.game_id: 1, pending.game_id: 0}  # the timer fired once
    await assert_sound(store, [*games, waiting, pending])


async def test_two_processes_on_one_shard_never_fork_a_game(
        fake: FakeDiscord, store: Store, cluster: Cluster) -> None:
    await cluster.start(0)
    await cluster.start(1)
    await cluster.start(1)  # a second session on shards 1 and 3, as in a failover
    fake.gateway.spread = True  # each event of their guilds to one of the two, in turn
    game = ClusterGame(fake, store, channel_on(fake, 1), seed=21)
    await game.open()
    assert game.humans is not None
    doubled = 0

    def twice(now: Saved) -> bool:
        return now.game is not None and now.game.phase.value == "draw" and doubled < 4

    while not (await game.play(stop=twice)).over:
        person = game.humans[(await game.now()).current_user or 0]
        same = [await fake.slash(person.user, game.channel, "rummy draw", source="stock",
                                 wait=False) for _ in range(2)]  # one to each process
        answers = await asyncio.gather(*(fake.settle(it) for it in same))
        drew = [it for it in answers if is_hand(it.reply)]
        assert len(drew) == 1, [it.reply.text() for it in answers]
        refused = next(it for it in answers if it not in drew)
        assert refused.reply.ephemeral and refused.reply.text()
        doubled += 1
    processes = {shard for event, shard in fake.gateway.deliveries
                 if event == "INTERACTION_CREATE"}
    assert processes == {(1, SHARDS)} and doubled == 4
    await assert_sound(store, [game])


async def _timed_out(store: Store, game: ClusterGame, user: int) -> bool:
    """The bot played ``user``'s turn for them, and that turn is over."""
    now = await game.now()
    return (turns_played_for(await store.game_log(game.game_id), now.doc) >= 1
            and now.current_user != user)


def _table_edits(fake: FakeDiscord, channel: int) -> int:
    """How many bodies the bot sent for the channel's table messages."""
    return sum(len(m.payloads) for m in fake.channel_messages(channel)
               if any(c.startswith("rami:table:") for c in m.custom_ids()))
