"""Many games at once through the fake Discord: interactions per second, reply latency.

The bot runs as its own process (``python -m bot``, pointed at the fake Discord by
``DISCORD_API_BASE`` / ``DISCORD_GATEWAY_URL``), the fake Discord and the players in
this one. Each game has two humans and a computer player; a human plays when the bot
mentions them: ``/rummy draw``, then ``/rummy discard`` of the card drawn (every other
turn through the hand message's buttons and menu instead), and clicks Next round when a
round ends. Latency is measured by the fake Discord, from sending an interaction to
receiving the bot's answer to it.

    .venv/bin/python bench/bot_bench.py [--games 50] [--turns 12] [--ai-delay 0.05]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.discord_app.fake import FakeDiscord, Interaction, Message, User

ROOT = Path(__file__).resolve().parent.parent

DREW = re.compile(r"You drew (\S+)\.")


class Game:
    """One channel's game, driven by its two humans."""

    def __init__(self, fake: FakeDiscord, channel: int, turns: int, think: float) -> None:
        self.fake, self.channel, self.turns = fake, channel, turns
        self.think = think
        self.rng = random.Random(channel)
        tag = channel % 10_000
        self.humans = [fake.add_user(f"p{tag}a"), fake.add_user(f"p{tag}b")]
        self.events: asyncio.Queue[Message] = asyncio.Queue()
        self.played = 0

    def seen(self, message: Message) -> None:
        if message.channel_id == self.channel:
            self.events.put_nowait(message)

    async def run(self) -> None:
        fake, channel = self.fake, self.channel
        alice, bob = self.humans
        # With think time, the games open over a few seconds, as people arrive; without,
        # all at the same instant (the worst case).
        await asyncio.sleep(self.rng.uniform(0, 5 * self.think))
        lobby = (await fake.slash(alice, channel, "rummy new", variant="rami51", target=1000)).reply
        await self.pause()
        await fake.click(bob, lobby, "rami:lobby:join:")
        await self.pause()
        await fake.click(alice, lobby, "rami:lobby:ai:")
        await self.pause()
        await fake.click(alice, lobby, "rami:lobby:start:")
        while self.played < self.turns:
            message = await asyncio.wait_for(self.events.get(), 60)
            if any(c.startswith("rami:table:next:") for c in message.custom_ids()):
                await fake.click(alice, message, "rami:table:next:")
                continue
            if any(c.startswith("rami:table:rematch:") for c in message.custom_ids()):
                await fake.click(alice, message, "rami:table:rematch:")
                continue
            for user in self.humans:
                if message.content.startswith(f"<@{user.id}>"):
                    await self.turn(user)
        await fake.slash(alice, channel, "rummy end")

    async def pause(self) -> None:
        """A person's reaction time: uniform around ``think`` seconds."""
        if self.think:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)

    async def turn(self, user: User) -> None:
        fake, channel = self.fake, self.channel
        self.played += 1
        await self.pause()
        if self.played % 2:
            drew = await fake.slash(user, channel, "rummy draw", source="stock")
            card = _drawn(drew)
            if card is not None:
                await self.pause()
                await fake.slash(user, channel, "rummy discard", card=card)
            return
        hand = await fake.slash(user, channel, "rummy hand")
        await self.pause()
        drew = await fake.click(user, hand.reply, "rami:hand:draw:")
        card = _drawn(drew)
        if card is None:
            return
        message = drew.reply
        values = [o["value"] for o in message.component("rami:pick:a:")["options"]
                  if o["value"].endswith(":" + card)]
        await self.pause()
        await fake.select(user, message, "rami:pick:a:", values[:1])
        await fake.click(user, message, "rami:hand:discard:")


def _drawn(it: Interaction) -> str | None:
    found = DREW.search(it.reply.content)
    return found[1] if found else None


async def start_bot(fake: FakeDiscord, db: Path, ai_delay: float,
                    profile: str | None = None) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DISCORD_DEV_GUILD": str(fake.guild_id),
        "RAMI_DB_PATH": str(db),
        "RAMI_AI_DELAY": str(ai_delay),
        "LOG_LEVEL": "WARNING",
    }
    command = [sys.executable, "-m", "bot"]
    if profile:
        command[1:1] = ["-m", "cProfile", "-o", profile]
    process = subprocess.Popen(command, cwd=ROOT, env=env,
                               stdin=subprocess.DEVNULL)
    try:
        await fake.wait_for(lambda: fake.guild_commands and fake.identifies, timeout=30)
        probe = fake.add_user("probe")
        await fake.slash(probe, fake.channels[0], "rummy rules")
    except BaseException:
        process.kill()
        raise
    return process


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of a process and its descendants (Linux), such as
    the bot's picture painters."""
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        stats[int(entry.name)] = (int(fields[1]), used)
    family, total = {pid}, 0.0
    changed = True
    while changed:
        changed = False
        for child, (parent, _) in stats.items():
            if parent in family and child not in family:
                family.add(child)
                changed = True
    for member in family:
        total += stats.get(member, (0, 0.0))[1]
    return total


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def main(games: int, turns: int, ai_delay: float, think: float,
               profile: str | None) -> None:
    fake = FakeDiscord(channel_count=games)
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        bot = await start_bot(fake, Path(folder) / "bench.sqlite3", ai_delay, profile)
        try:
            tables = [Game(fake, channel, turns, think) for channel in fake.channels]
            for game in tables:
                fake.listeners.append(game.seen)
            skip = set(fake.interactions)
            started, cpu = time.perf_counter(), cpu_seconds(bot.pid)
            own = time.process_time()
            await asyncio.gather(*(game.run() for game in tables))
            elapsed, cpu = time.perf_counter() - started, cpu_seconds(bot.pid) - cpu
            own = time.process_time() - own
        finally:
            bot.send_signal(signal.SIGINT)  # a clean stop (and the profile is written)
            try:
                bot.wait(15)
            except subprocess.TimeoutExpired:
                bot.kill()
            await fake.stop()
    answered = [it for token, it in fake.interactions.items()
                if token not in skip and it.responded_at is not None]
    latencies = [(it.responded_at - it.sent_at) * 1000 for it in answered]  # type: ignore[operator]
    deferred = sum(1 for it in answered if it.response_type in (5, 6))
    print(f"games in parallel      {games} (think time {think} s, computer delay "
          f"{ai_delay} s)")
    print(f"interactions           {len(answered)} in {elapsed:.1f} s "
          f"({len(answered) / elapsed:.0f} per second)")
    print(f"reply latency median   {statistics.median(latencies):.1f} ms")
    print(f"reply latency p99      {percentile(latencies, 99):.1f} ms")
    print(f"reply latency max      {max(latencies):.1f} ms")
    print(f"bot CPU                {cpu:.1f} s ({cpu / len(answered) * 1000:.1f} ms per "
          "interaction; painters, computer turns and channel updates included)")
    print(f"fake Discord CPU       {own:.1f} s (this process: the fake and the players)")
    print(f"machine load average   {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"deferred replies       {deferred}")
    print(f"unknown routes         {len(fake.unknown_routes)}")
    by_label: dict[str, list[float]] = {}
    for it in answered:
        by_label.setdefault(it.label, []).append((it.responded_at - it.sent_at) * 1000)  # type: ignore[operator]
    print("by interaction         count  median    p99")
    for label, values in sorted(by_label.items()):
        print(f"  {label:<20} {len(values):>6} {statistics.median(values):>7.1f} "
              f"{percentile(values, 99):>6.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--turns", type=int, default=12, help="human turns per game")
    parser.add_argument("--ai-delay", type=float, default=0.05)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a human waits before each action (0: as fast as "
                        "the bot answers)")
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the bot here")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.turns, args.ai_delay, args.think, args.profile))
