"""Run the real bot against the fake Discord: start, stop, restart on the same database.

``cluster`` makes it one process of a sharded bot (``Cluster(shard_count=4, cluster_id=1,
cluster_count=2)``: shards 1 and 3); several harnesses on one fake are several processes
(in this event loop). :class:`BotProcess` runs ``rummy-bot run`` in a real subprocess.
The bot retries a failed channel message after a few hundredths of a second here (not
seconds), so that a test heals a fault and sees the channel converge at once.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot.config import Cluster, Settings
from bot.discord_app import on_fake
from bot.discord_app.client import RamiBot
from bot.discord_app.fake import FakeDiscord
from bot.discord_app.fake.model import shard_of
from tests.data.helpers import Clock

DAILY_SECRET = b"the secret of the end-to-end deals"  # every run deals the same days
RETRY_DELAYS = (0.01, 0.02, 0.05)


class BotHarness:
    """One bot process (in this event loop) talking to ``fake``, saving to ``db_path``."""

    def __init__(self, fake: FakeDiscord, db_path: Path, *, ai_delay: float = 0.001,
                 seed_source: Callable[[], int] | None = None, dev_guild: bool = True,
                 turn_timeout: float | None = 0, clock: Callable[[], float] = time.time,
                 cluster: Cluster | None = None, metrics: bool = False,
                 emojis: bool = False, database_url: str | None = None) -> None:
        self.fake = fake
        self.database_url = database_url  # PostgreSQL's (several processes); None: db_path
        self.emojis = emojis  # load (and upload) the application's emojis at the start
        self.cluster = cluster or Cluster()
        self.turn_timeout = turn_timeout  # seconds; 0: no turn timer; None: the guild's setting
        self.dev_guild = dev_guild
        self.db_path = db_path
        self.ai_delay = ai_delay
        self.seed_source = seed_source or itertools.count(1234).__next__
        self.clock = clock  # the bot's time: the daily championship's, the table messages' age
        self.metrics = metrics  # /healthz, /readyz, /metrics on a free port (bot.ops.port)
        self.bot: RamiBot | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def settings(self) -> Settings:
        return on_fake.fake_settings(self.fake, self.db_path, dev_guild=self.dev_guild,
                                     ai_delay=self.ai_delay, cluster=self.cluster,
                                     metrics_port=0 if self.metrics else None,
                                     database_url=self.database_url)

    async def start(self) -> RamiBot:
        bot, self._task = on_fake.launch(
            self.settings, seed_source=self.seed_source, turn_timeout=self.turn_timeout,
            guild_ready_timeout=0.01, min_edit_interval=0, clock=self.clock,
            secret_source=lambda: DAILY_SECRET, retry_delays=RETRY_DELAYS,
            load_emojis=self.emojis)
        self.bot = bot
        await on_fake.wait_ready(bot, self._task)
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await on_fake.stop(self.bot, self._task)
        self.bot = None
        self._task = None

    async def restart(self) -> RamiBot:
        await self.stop()
        return await self.start()

    async def idle(self, *, retries: bool = False) -> None:
        """Wait until the bot has shown every change it queued, or waits for a retry
        after a failure (``retries``: until the retries succeeded too: faults healed)."""
        assert self.bot is not None
        await self.bot.wait_idle(retries=retries)


class BotProcess:
    """``rummy-bot run *flags`` in a real subprocess against ``fake``, saving to
    ``db_path``; its output goes to ``log_path``. Several of them on one fake (and one
    database) are a cluster of processes::

        first = BotProcess(fake, db, "--shard-count", "4", "--cluster-id", "0",
                           "--cluster-count", "2")
        await first.start()
        await first.connected([(0, 4), (2, 4)])  # the fake sees its shards connected
        ...
        assert await first.stop() == 0  # SIGTERM: a clean stop
    """

    def __init__(self, fake: FakeDiscord, db_path: Path, *flags: str,
                 env: dict[str, str] | None = None) -> None:
        self.fake = fake
        self.db_path = db_path
        self.flags = flags
        self.extra_env = env or {}
        self.log_path = db_path.with_name(f"bot-{next(_process_numbers)}.log")
        self.process: asyncio.subprocess.Process | None = None

    def environment(self) -> dict[str, str]:
        """The bot's settings: the fake's address and token, the database, no delays,
        seeded deals (``RAMI_SEED``: a failure replays)."""
        return {**os.environ, "DISCORD_TOKEN": self.fake.token,
                "DISCORD_API_BASE": self.fake.api_base,
                "DISCORD_GATEWAY_URL": self.fake.gateway_url,
                "RAMI_DB_PATH": str(self.db_path), "RAMI_AI_DELAY": "0",
                "RAMI_SEED": PROCESS_SEED, "LOG_LEVEL": "INFO", **self.extra_env}

    async def start(self) -> None:
        with self.log_path.open("wb") as log:  # a file: a full pipe would block the bot
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", *self.flags, cwd=self.db_path.parent,
                env=self.environment(), stdin=asyncio.subprocess.DEVNULL, stdout=log,
                stderr=asyncio.subprocess.STDOUT)
        STARTED.append(self)

    @property
    def output(self) -> str:
        """What the process printed and logged so far."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    async def connected(self, shards: list[tuple[int, int] | None],
                        timeout: float = 60) -> None:
        """Wait until the fake sees ``shards`` connected.

        Raises ``AssertionError`` (with the output) when the process exits first.
        """
        assert self.process is not None
        seen = asyncio.create_task(self.fake.wait_for(
            lambda: all(s in self.fake.connected_shards() for s in shards), timeout))
        ended = asyncio.create_task(self.process.wait())
        await asyncio.wait({seen, ended}, return_when=asyncio.FIRST_COMPLETED)
        if not seen.done():
            seen.cancel()
            raise AssertionError(f"the bot exited ({self.process.returncode}):\n{self.output}")
        ended.cancel()
        seen.result()

    async def exit_status(self, timeout: float = 60) -> int:
        """Wait until the process exits; its exit status."""
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), timeout)

    async def kill(self) -> None:
        """End it at once (SIGKILL), as a crash or a lost machine does."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()

    async def stop(self, timeout: float = 30) -> int:
        """Stop it as a host does (SIGTERM); its exit status."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await self.exit_status(timeout)


async def left_running() -> list[BotProcess]:
    """Kill every process a test started and left running (they would go on retrying
    their gone fake Discord, their CPU taken from the rest of the suite); those it was."""
    left = [p for p in STARTED if p.process is not None and p.process.returncode is None]
    for process in left:
        await process.kill()
    STARTED.clear()
    return left


STARTED: list[BotProcess] = []  # the processes started by the test running
PROCESS_SEED = "2026"  # every bot process's deals: the same games at each run
_process_numbers = itertools.count(1)


# --------------------------------------------------------------------- a sharded fake
async def start_sharded_fake(shards: int) -> FakeDiscord:
    """A started fake Discord with one guild on each of ``shards`` shards (the first
    guild on shard 0), identifies unpaced."""
    server = FakeDiscord()
    for shard in range(1, shards):
        server.add_guild(shard=(shard, shards), name=f"server {shard}")
    server.session_start_limit["max_concurrency"] = 16  # no 5 s between identifies
    await server.start()
    return server


def guild_on(fake: FakeDiscord, shard: int, shards: int) -> int:
    """The guild of ``fake`` on ``shard`` (of ``shards``)."""
    return next(g for g in fake.guilds if shard_of(g, shards) == shard)


def shared_clock(fake: FakeDiscord) -> Clock:
    """A clock the fake Discord and the bot share, moved by the tests only (a module whose
    tests move time makes it its ``clock``)."""
    moved = Clock(time.time())
    fake.clock = moved
    return moved
