"""Benchmark of a guild's channel settings, a row per channel (issue 27, migration 0012):
what reading a guild's settings costs with its channels' rows (none, and the 50 a guild
may have with a time-out of their own), what one channel's change costs, and two writers
(two stores: two processes) changing their own channels at once, every change kept.

    .venv/bin/python bench/channels_bench.py [--rounds N] [--database postgresql://...]

``--database``: on that PostgreSQL database (an empty, or a throwaway one: guild 1 and
2 are written) instead of a temporary SQLite file. Not a test: run it on purpose.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from data import Store
from data.settings import MAX_CHANNEL_TIMEOUTS


async def timed(rounds: int, step: Callable[[int], Awaitable[object]]) -> tuple[float, float]:
    """The median and p99 of ``step(i)``, in milliseconds."""
    took = []
    for i in range(rounds):
        began = time.perf_counter()
        await step(i)
        took.append((time.perf_counter() - began) * 1000)
    took.sort()
    return statistics.median(took), took[min(len(took) - 1, int(len(took) * 0.99))]


async def run(where: Path | str, rounds: int) -> None:
    async with await Store.open(where) as store, await Store.open(where) as other:
        await store.update_guild_settings(1, turn_timeout_s=120, language="fr")
        await store.update_guild_settings(2, turn_timeout_s=120, language="fr")
        await store.edit_channels(2, timeouts={1000 + n: 60 for n in range(
            MAX_CHANNEL_TIMEOUTS)}, allow=range(1000, 1020))
        for guild, what in ((1, "no channel rows"), (2, f"{MAX_CHANNEL_TIMEOUTS} channels")):
            median, p99 = await timed(rounds, lambda _, g=guild: store.guild_settings(g))
            print(f"guild_settings, {what:>16}: median {median:.3f} ms, p99 {p99:.3f} ms")
        median, p99 = await timed(rounds, lambda i: store.edit_channels(
            1, timeouts={7: 30 + i % 1000}))
        print(f"edit_channels, one time-out:     median {median:.3f} ms, p99 {p99:.3f} ms")
        median, p99 = await timed(rounds, lambda i: store.edit_channels(
            1, allow=[8]) if i % 2 else store.edit_channels(1, disallow=[8]))
        print(f"edit_channels, allow/disallow:   median {median:.3f} ms, p99 {p99:.3f} ms")
        each = (MAX_CHANNEL_TIMEOUTS - 1) // 2  # channels of their own (7 has one)
        began = time.perf_counter()
        await asyncio.gather(*(writer.edit_channels(1, timeouts={base + i: 60 + i})
                               for i in range(each)
                               for writer, base in ((store, 100), (other, 200))))
        seconds = time.perf_counter() - began
        kept = len((await store.guild_settings(1)).channel_timeouts) - 1  # channel 7's
        print(f"two writers at once: {2 * each} changes in {seconds * 1000:.1f} ms "
              f"({2 * each / seconds:.0f}/s), {kept} of {2 * each} kept")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a temporary SQLite)")
    args = parser.parse_args()
    if args.database:
        asyncio.run(run(args.database, args.rounds))
        return
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "bench.sqlite3", args.rounds))


if __name__ == "__main__":
    main()
