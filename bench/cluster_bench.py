"""The bot as a cluster: 1, 2 and 4 processes on one PostgreSQL, the same offered load.

A four-shard fake Discord holds one guild per shard and ``--games`` channels spread over
them; for each configuration a fresh database on one throw-away PostgreSQL server
(``data/pg_server.py``, as the tests start it) and N ``rummy-bot run --shard-count 4
--cluster-id i --cluster-count N`` processes. Each game is played by two humans as in
``bench/bot_bench.py`` (draw and discard, a seeded think time of ``--think`` seconds) and
``--computers`` computer players, for ``--seconds``. Printed per configuration:
interactions per second, reply p50/p99 (the fake measures from sending an interaction to
its answer), the CPU seconds of each bot process and of PostgreSQL (its postmaster and
backends, from ``/proc/<pid>/stat``).

    .venv/bin/python bench/cluster_bench.py                       # 40 games, 60 s each
    .venv/bin/python bench/cluster_bench.py --games 20 --seconds 20 --processes 1,2
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot_bench import Game, cpu_seconds, percentile

from bot.discord_app.fake import FakeDiscord
from data.pg_server import PostgresServer

SHARDS = 4


@dataclass(frozen=True, slots=True)
class Result:
    processes: int
    interactions: int
    seconds: float
    latencies: list[float]
    unanswered: int
    bot_cpu: list[float]
    postgres_cpu: float


def sharded_fake(games: int) -> FakeDiscord:
    """A fake Discord with one guild per shard, ``games`` channels over the four."""
    per_guild = [games // SHARDS + (1 if s < games % SHARDS else 0) for s in range(SHARDS)]
    fake = FakeDiscord(channel_count=per_guild[0], retain=False)
    for shard in range(1, SHARDS):
        fake.add_guild(shard=(shard, SHARDS), channel_count=per_guild[shard])
    fake.session_start_limit["max_concurrency"] = 16
    return fake


async def start_processes(fake: FakeDiscord, url: str, count: int,
                          options: argparse.Namespace,
                          folder: Path, processes: list[asyncio.subprocess.Process],
                          ) -> list[asyncio.subprocess.Process]:
    """Start ``count`` bot processes (into ``processes``, so that a failed start still
    stops them) and wait until every shard is connected."""
    # RAMI_DB_PATH only places the command digest (a fresh one: cluster 0 syncs again).
    env = {**os.environ, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base,
           "DISCORD_GATEWAY_URL": fake.gateway_url, "DATABASE_URL": url,
           "RAMI_DB_PATH": str(folder / f"digest-{count}.sqlite3"),
           "RAMI_AI_DELAY": str(options.ai_delay), "LOG_LEVEL": "WARNING"}
    for cluster in range(count):
        flags = ["--shard-count", str(SHARDS), "--cluster-id", str(cluster),
                 "--cluster-count", str(count)] + ([] if cluster == 0 else ["--no-sync"])
        with (folder / f"bot-{count}-{cluster}.log").open("wb") as log:
            processes.append(await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", *flags, cwd=folder, env=env,
                stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=asyncio.subprocess.STDOUT))
    await fake.wait_for(lambda: fake.global_commands and len(
        [s for s in fake.connected_shards() if s]) == SHARDS, timeout=120)
    return processes


async def run(server: PostgresServer, count: int, options: argparse.Namespace,
              folder: Path) -> Result:
    """One configuration: ``count`` processes, the games for ``--seconds``."""
    url = await server.create_database()
    fake = sharded_fake(options.games)
    await fake.start()
    processes: list[asyncio.subprocess.Process] = []
    try:
        processes = await start_processes(fake, url, count, options, folder, processes)
        await asyncio.sleep(2.0)  # the start-up's warm-up done
        channels = [c for guild in fake.guilds.values() for c in guild.channels]
        record: list[tuple[str, float]] = []
        started = time.monotonic()
        deadline = started + options.seconds
        games = [Game(fake, channel, options, deadline, record) for channel in channels]
        for game in games:
            fake.listeners.append(game.seen)
            fake.followup_listeners.append(game.seen)  # pings and results
        bots = [cpu_seconds(p.pid) for p in processes]
        postgres = cpu_seconds(server.pid) if server.pid else 0.0
        await asyncio.wait_for(asyncio.gather(*(g.run() for g in games)),
                               options.seconds + 180)
        elapsed = time.monotonic() - started
        bot_cpu = [cpu_seconds(p.pid) - before for p, before in zip(processes, bots, strict=True)]
        postgres = (cpu_seconds(server.pid) if server.pid else 0.0) - postgres
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            await process.wait()
        await fake.stop()
        await server.drop_database(url)
    answered = [ms for label, ms in record if not label.startswith("(")]
    return Result(count, len(record), elapsed, answered, len(record) - len(answered),
                  bot_cpu, postgres)


def report(results: list[Result], options: argparse.Namespace) -> None:
    print(f"{options.games} games over {SHARDS} shards (2 humans, {options.computers} "
          f"computer(s); think {options.think} s, computer delay {options.ai_delay} s), "
          f"{options.seconds:.0f} s each; {os.cpu_count()} cores")
    print("processes  inter./s   p50 ms   p99 ms  unanswered  bot CPU s (each)"
          "            PostgreSQL CPU s")
    for r in results:
        each = " ".join(f"{cpu:.1f}" for cpu in r.bot_cpu)
        p50 = statistics.median(r.latencies) if r.latencies else float("nan")
        p99 = percentile(r.latencies, 99) if r.latencies else float("nan")
        print(f"{r.processes:>9} {r.interactions / r.seconds:>9.1f} {p50:>8.1f} "
              f"{p99:>8.1f} {r.unanswered:>11}  {sum(r.bot_cpu):5.1f} ({each})"
              f"{'':<{max(0, 18 - len(each))}}{r.postgres_cpu:6.1f}")


async def main(options: argparse.Namespace) -> None:
    server = PostgresServer.start()
    results = []
    try:
        with tempfile.TemporaryDirectory() as name:
            for count in options.processes:
                results.append(await run(server, count, options, Path(name)))
    finally:
        server.stop()
    report(results, options)


def processes_list(text: str) -> list[int]:
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or any(c not in (1, 2, 4) for c in counts):
        raise argparse.ArgumentTypeError(
            f"--processes takes 1, 2 and/or 4 separated by commas (the four shards split "
            f"evenly), not {text!r}")
    return counts


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long the games play in each configuration (default 60)")
    parser.add_argument("--processes", type=processes_list, default=[1, 2, 4],
                        help="the configurations: numbers of bot processes (default 1,2,4)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a human waits before each action, seeded per game "
                        "(0: as fast as the bot answers)")
    parser.add_argument("--computers", type=int, default=1, help="computer players per game")
    parser.add_argument("--ai-delay", type=float, default=0.5,
                        help="seconds a computer player waits before each action")
    parser.add_argument("--target", type=int, default=100,
                        help="the match target (rami51: the score that loses)")
    asyncio.run(main(parser.parse_args()))
