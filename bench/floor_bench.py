"""What discord.py alone costs per interaction: the floor under ``bot_bench.py``'s figure.

Runs ``bench/floor_bot.py`` (a discord.py bot that answers as Rami does and sends Rami's
channel requests per interaction, but keeps no game and draws no picture) against the fake
Discord, one player per channel asking for their hand, clicking, picking and clicking
again, ``--think`` seconds apart; prints the floor bot's CPU per interaction, the reply
latency and the requests it sent. Rami's CPU per interaction (``bot_bench.py``) minus this
is what Rami's own code costs: the game, the texts, the views, the pictures, the saves.

    .venv/bin/python bench/floor_bench.py                   # 20 channels for 2 minutes
    .venv/bin/python bench/floor_bench.py --games 200 --minutes 3
    .venv/bin/python bench/floor_bench.py --mix 0,0,0,0     # the answers alone
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

import floor_bot
from bot_bench import (
    GLOBAL_LIMIT,
    Figures,
    cpu_seconds,
    figures,
    percentile,
    print_limit,
    print_requests,
    quiet,
    rss_mib,
)

from bot.discord_app.fake import FakeDiscord, Interaction

ROOT = Path(__file__).resolve().parent.parent


async def player(fake: FakeDiscord, channel: int, think: float, deadline: float,
                 record: list[tuple[str, float]]) -> None:
    """One member asking for their hand, then clicking and picking on it, until ``deadline``."""
    rng = random.Random(channel)
    user = fake.add_user(f"floor{channel % 10_000}")
    recent: deque[Interaction] = deque()

    async def act(it: Interaction) -> Interaction:
        if it.responded_at is not None:  # all count (the CPU is measured to the last)
            record.append((it.label, (it.responded_at - it.sent_at) * 1000))
        recent.append(it)
        if len(recent) > 8:
            fake.forget(recent.popleft())
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        return it

    await asyncio.sleep(rng.uniform(0, think))
    while time.monotonic() < deadline:
        with contextlib.suppress(TimeoutError):
            hand = (await act(await fake.slash(user, channel, "rummy hand"))).reply
            await act(await fake.click(user, hand, "rami:hand:Draw"))
            await act(await fake.select(user, hand, "rami:pick:a:", ["5:7s"]))
            await act(await fake.click(user, hand, "rami:hand:Discard"))


async def main(options: argparse.Namespace) -> Figures:
    fake = FakeDiscord(channel_count=options.games, retain=False,
                       global_limit=options.global_limit or None)
    await fake.start()
    record: list[tuple[str, float]] = []
    env = {**os.environ, "DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base,
           "DISCORD_GATEWAY_URL": fake.gateway_url, "DISCORD_DEV_GUILD": str(fake.guild_id),
           "FLOOR_MIX": options.mix, "FLOOR_SIZES": options.sizes}
    bot = subprocess.Popen([sys.executable, str(ROOT / "bench" / "floor_bot.py")], cwd=ROOT,
                           env=env, stdin=subprocess.DEVNULL)
    try:
        await fake.wait_for(lambda: fake.guild_commands and fake.identifies, timeout=60)
        await quiet(bot.pid)
        base_rss = rss_mib(bot.pid)
        started = time.monotonic()
        deadline = started + options.minutes * 60
        cpu, own = cpu_seconds(bot.pid), time.process_time()
        before, bytes_before = fake.rest.requests.copy(), fake.rest.request_bytes.copy()
        limited, refused = fake.rest.global_requests, fake.rest.global_refused
        await asyncio.gather(*(player(fake, channel, options.think, deadline, record)
                               for channel in fake.channels))
        cpu, own = cpu_seconds(bot.pid) - cpu, time.process_time() - own
        elapsed = time.monotonic() - started
        peak = rss_mib(bot.pid)
        requests = fake.rest.requests - before
        sizes = fake.rest.request_bytes - bytes_before
        limited = fake.rest.global_requests - limited
        refused = fake.rest.global_refused - refused
    finally:
        bot.send_signal(signal.SIGINT)
        try:
            bot.wait(30)
        except subprocess.TimeoutExpired:
            bot.kill()
        await fake.stop()
    latencies = [ms for _, ms in record]
    print(f"channels               {options.games} (one player each; think {options.think} s)")
    print(f"interactions           {len(record)} in {elapsed:.0f} s "
          f"({len(record) / elapsed:.0f} per second)")
    print(f"reply latency median   {statistics.median(latencies):.1f} ms")
    print(f"reply latency p99      {percentile(latencies, 99):.1f} ms")
    print(f"floor bot CPU          {cpu:.1f} s ({cpu / len(record) * 1000:.2f} ms per "
          "interaction: discord.py, aiohttp and asyncio doing Rami's traffic)")
    print(f"fake Discord CPU       {own:.1f} s (this process: the fake and the players; "
          "the latency is measured here)")
    print(f"machine load average   {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"floor bot memory (RSS) {base_rss:.0f} MiB idle, {peak:.0f} MiB at the end")
    print_requests(requests, sizes, len(record))
    result = figures(record, elapsed, cpu, requests, sizes, limited, refused)
    print_limit(result)
    return result


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """This benchmark's options (``ratio_bench.py`` sets them from Rami's run)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="channels, one player each")
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--think", type=float, default=2.0,
                        help="seconds a player waits between two interactions")
    parser.add_argument("--mix", default=floor_bot.DEFAULT_MIX,
                        help="requests per interaction: table edits, reminders sent to the "
                        "channel, reminders deleted through it, hand messages refreshed, "
                        "reminders sent as follow-ups, reminders deleted through their "
                        "token (default: what bot_bench.py counts of Rami; missing ones 0)")
    parser.add_argument("--sizes", default="23.6,18.5",
                        help="KiB of the answer's picture and of the table's (default: "
                        "Rami's mean sizes)")
    parser.add_argument("--global-limit", type=int, default=GLOBAL_LIMIT,
                        help="Discord's global limit the fake enforces, requests per second "
                        "(0: none)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
